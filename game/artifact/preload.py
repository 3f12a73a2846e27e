"""Every data file the rules read, loaded and checked now rather than on first use.

The engine loads most of its data the first time a rule needs it: the space around the
ship when the first map is updated, the combat charts at the first shot, the victory
sheets when the first action is checked for the game's end. A host calls ``preload``
before it takes players, for two reasons: a damaged data file is refused with its
one-line message before anyone has joined (not in the middle of the first turn), and the
action that starts play does not pay for loading (it took 40-60 ms that way, where an
action in play takes a few). The deck plan's sight table and its lines of sight are
built here too, for the same reason, and so are what of space each square of the plan can
look out on (``space.outside``: about 3 ms, paid by the first map update otherwise) and
the squares the shields show from (``sightings.shields_view``).
"""

from __future__ import annotations

from .alien_sheets import default_aliens
from .combat_charts import default_charts
from .customize import ship_stores
from .deckplan import DeckPlan
from .informants import default_informants
from .sheets import default_sheets
from .ships import crafts
from .sight import sight_table
from .sightings import shields_view
from .space import outside, space_data
from .victory import default_victory

__all__ = ["preload"]


def preload(plan: DeckPlan) -> None:
    """Load every data file the rules read and work out ``plan``'s sight table, outside
    and the squares the shields show from (each is kept once made, so a second call
    costs nothing). Raises ``DataError`` naming a damaged file."""
    default_sheets()
    default_charts()
    default_victory()
    default_informants()
    default_aliens()
    ship_stores()
    space_data()
    crafts()
    sight_table(plan).walk_all()
    outside(plan)
    shields_view(plan)
