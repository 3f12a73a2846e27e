"""Named exceptions of The Herald engine.

Errors are split by layer, like python-chess: a malformed action dict is an
``InvalidAction``, a well-formed action that the rules forbid right now is an
``IllegalAction``; bad data files and bad saves have their own names so callers can
show a one-line message without guessing what went wrong.
"""

from __future__ import annotations


class HeraldError(Exception):
    """Base of every error the Herald engine raises on purpose."""


class IllegalAction(HeraldError):
    """The action is well formed but not legal now; the message says why."""


class InvalidAction(HeraldError):
    """The action dict is malformed (unknown type, missing or mistyped field)."""


class PadsError(HeraldError):
    """A pads data file is malformed; the message names the file, the line and the reason."""


class SaveError(HeraldError):
    """A save is corrupt, truncated or of an unknown version (one-line message)."""
