"""Window size floors, apart from pygame so the command line can check ``--size``
without opening the display (or printing pygame's greeting before an error)."""

from __future__ import annotations

#: The smallest window any screen lays out in (the Artifact's screens and the forms).
MIN_WINDOW: tuple[int, int] = (640, 400)
#: The Herald's board: the Holomap, the Event Matrix, the officers' cards and the time
#: track keep their words apart from this size up.
HERALD_MIN_WINDOW: tuple[int, int] = (1024, 640)
