"""Named errors of The Artifact's rules engine, by layer.

Like python-chess, a malformed request (``InvalidAction``) is told apart from a well-formed
one that the rules forbid right now (``IllegalAction``); both leave the game untouched.
"""

from __future__ import annotations


class ArtifactError(Exception):
    """Base of every error the engine raises on purpose; the message is one line."""


class InvalidAction(ArtifactError):
    """An action dict that is not a well-formed action (unknown type, wrong field types)."""


class IllegalAction(ArtifactError):
    """A well-formed action that the rules do not allow now; the message says why."""


class NotYourTurn(IllegalAction):
    """The seat that sent the action may not act at this moment."""


class DataError(ArtifactError):
    """A component data file is malformed; the message names the file, line and reason."""

    def __init__(self, path: str, line: int | None, reason: str) -> None:
        self.path = path
        self.line = line
        self.reason = reason
        where = f"{path}:{line}" if line is not None else path
        super().__init__(f"{where}: {reason}")


class SaveError(ArtifactError):
    """A saved game (a to_dict() image or an action log) cannot be loaded."""
