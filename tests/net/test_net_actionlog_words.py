"""A file that is not an action log is described in words a host understands."""

from __future__ import annotations

import pytest

from net import actionlog
from net.errors import LogError


def test_an_empty_or_foreign_file_is_named_plainly(tmp_path):
    empty = tmp_path / "empty.alog"
    empty.write_bytes(b"")
    with pytest.raises(LogError, match="is empty, not an Artifact action log"):
        actionlog.read(empty)
    foreign = tmp_path / "notes.alog"
    foreign.write_bytes(b"shopping list\n")
    with pytest.raises(LogError) as caught:
        actionlog.read(foreign)
    assert "not an Artifact action log" in str(caught.value)
    assert "magic" not in str(caught.value)
