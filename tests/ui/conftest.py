"""Fixtures the screen tests share."""

from __future__ import annotations

import pytest


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A fresh user folder (settings, saves) for the test, empty. A module that needs it
    set up otherwise (the first-game tour seen, say) defines its own ``home``."""
    monkeypatch.setenv("LASTFRONTIER_HOME", str(tmp_path / "home"))
    return tmp_path / "home"
