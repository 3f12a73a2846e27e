"""Giving memory back to the system after the window drops big caches.

A resize or a new zoom level frees tens of megabytes of surfaces at once. The C library's
allocator keeps freed memory for reuse, so without a word the window's resident size
stays at its highest; on glibc ``malloc_trim`` returns the free pages. Elsewhere (or if
the call is missing) this does nothing: it is a saving, never a requirement.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import sys
from functools import lru_cache


@lru_cache(maxsize=1)
def _trim():
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        return libc.malloc_trim
    except (OSError, AttributeError):
        return None


def release_freed() -> None:
    """Collect the garbage cycles the dropped caches leave (a text field's pygame_gui
    manager is one, with fonts of its own), then hand the allocator's free pages back to
    the system (glibc; elsewhere only the collection)."""
    gc.collect()
    trim = _trim()
    if trim is not None:
        trim(0)
