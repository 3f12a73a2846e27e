"""Fixtures shared by the network tests: real processes and a ZeroMQ context, each
cleaned up by the fixture that made it."""

from __future__ import annotations

import pytest
import zmq
from test_net_harness import Procs


@pytest.fixture
def procs(tmp_path):
    started = Procs(tmp_path)
    yield started
    started.close()


@pytest.fixture
def ctx():
    context = zmq.Context()
    yield context
    context.destroy(linger=0)
