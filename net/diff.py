"""Diffs between two successive plain-dict documents of one seat.

The hub keeps the last document it sent each seat (built only from ``view_for`` of that
seat) and sends the difference to the next one. A diff is a list of operations, each a
list so it travels as plain msgpack/JSON:

* ``["set", path, value]``: put ``value`` at ``path`` (creating the last key),
* ``["del", path]``: remove the key at ``path``,
* ``["ext", path, items]``: the list at ``path`` grew at its end by ``items``.

``path`` is a list of map keys from the document root. Lists are otherwise replaced
whole, which keeps the format small enough to describe in docs/protocol.md and
implement in any language.
"""

from __future__ import annotations

from typing import Any

from net.errors import ProtocolError

Op = list[Any]


def diff(old: dict[str, Any], new: dict[str, Any]) -> list[Op]:
    """Operations that turn ``old`` into ``new`` (empty when they are equal)."""
    ops: list[Op] = []
    _diff_map(old, new, [], ops)
    return ops


def _diff_map(old: dict[str, Any], new: dict[str, Any], path: list[str], ops: list[Op]) -> None:
    for key in old:
        if key not in new:
            ops.append(["del", [*path, key]])
    for key, value in new.items():
        here = [*path, key]
        if key not in old:
            ops.append(["set", here, value])
            continue
        before = old[key]
        if before is value:
            continue  # the same (never mutated) object: nothing to compare
        if isinstance(before, dict) and isinstance(value, dict):
            _diff_map(before, value, here, ops)
        elif (
            isinstance(before, list)
            and isinstance(value, list)
            and len(value) > len(before)
            and _same(value[: len(before)], before)
        ):
            ops.append(["ext", here, value[len(before):]])
        elif not _same(before, value):
            ops.append(["set", here, value])


def _same(a: Any, b: Any) -> bool:
    """Equality that also tells 1 from 1.0 and True from 1 (they encode differently)."""
    if a is b:
        return True
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return a == b


def patch(doc: dict[str, Any], ops: list[Op]) -> dict[str, Any]:
    """A new document: ``doc`` with ``ops`` applied; a malformed op raises ProtocolError.

    ``doc`` itself is never changed. Maps along each changed path are copied and
    everything else is shared, so the cost is that of the change, not of the document,
    and a holder of the old document (a window animating from it) keeps it intact.
    Values are taken from ``ops`` as they are: the caller hands over a freshly decoded
    message.
    """
    if not isinstance(ops, list):
        raise ProtocolError("bad_field", "diff must be a list of operations")
    result = dict(doc)
    fresh = {id(result)}
    for op in ops:
        if not isinstance(op, list) or len(op) not in (2, 3) or not isinstance(op[0], str):
            raise ProtocolError("bad_field", f"bad diff operation {op!r}"[:200])
        kind, path = op[0], op[1]
        if not isinstance(path, list) or not path or not all(isinstance(p, str) for p in path):
            raise ProtocolError("bad_field", f"bad diff path {path!r}"[:200])
        parent = result
        for key in path[:-1]:
            child = parent.get(key)
            if not isinstance(child, dict):
                raise ProtocolError("bad_field", f"diff path {path!r} does not exist"[:200])
            if id(child) not in fresh:
                child = dict(child)
                parent[key] = child
                fresh.add(id(child))
            parent = child
        last = path[-1]
        if kind == "set" and len(op) == 3:
            parent[last] = op[2]
        elif kind == "del" and len(op) == 2:
            if last not in parent:
                raise ProtocolError("bad_field", f"diff deletes missing key {path!r}"[:200])
            del parent[last]
        elif kind == "ext" and len(op) == 3 and isinstance(op[2], list):
            target = parent.get(last)
            if not isinstance(target, list):
                raise ProtocolError("bad_field", f"diff extends a non-list at {path!r}"[:200])
            parent[last] = target + op[2]
        else:
            raise ProtocolError("bad_field", f"bad diff operation {op!r}"[:200])
    return result
