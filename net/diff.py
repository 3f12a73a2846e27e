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

Speed: the hub diffs every connected seat's document after every action and chat line,
and most of a document does not change. Two shortcuts keep that cheap without changing
a single operation: lists are first compared entry by entry by identity (in C: a chat
log shares its entries with the last document), and a caller may pass
:func:`fingerprint` trees of both documents (each subtree packed once, with msgpack), so
whole subtrees whose bytes are equal are skipped without walking them.
"""

from __future__ import annotations

import operator
from typing import Any

import msgpack

from net.errors import ProtocolError

Op = list[Any]
#: ``fingerprint`` output: for each key of a map, its value packed, or (for a map nested
#: less than the asked depth) the fingerprint of that map.
Prints = dict[str, "bytes | Prints"]



def fingerprint(doc: dict[str, Any], depth: int = 3, old: dict[str, Any] | None = None,
                old_prints: Prints | None = None) -> Prints:
    """Each value of ``doc`` packed on its own, maps down to ``depth`` levels split further.

    Equal bytes mean equal wire forms (msgpack tells 1 from 1.0 and True from 1), so
    :func:`diff` may skip such a subtree; unequal bytes only mean "compare it". Packing a
    document this way costs about as much as packing it once. ``old``/``old_prints``, an
    earlier document and its fingerprint, lend their bytes to every value of ``doc`` that
    is the very same object (documents are never changed, so the same object packs the
    same): a view kept from the last action costs nothing to fingerprint again."""
    # One packer per call (a packer is not to be shared between threads), reused for
    # every value: far cheaper than a packb() per value.
    pack = msgpack.Packer(use_bin_type=True, autoreset=True).pack
    return _fingerprint(doc, depth, pack, old or {}, old_prints or {})


def _fingerprint(doc: dict[str, Any], depth: int, pack: Any, old: dict[str, Any],
                 old_prints: Prints) -> Prints:
    prints: Prints = {}
    for key, value in doc.items():
        was = old_prints.get(key)
        if was is not None and old.get(key) is value:
            prints[key] = was
        elif depth > 1 and type(value) is dict:
            before = old.get(key)
            prints[key] = _fingerprint(
                value, depth - 1, pack, before if type(before) is dict else {},
                was if type(was) is dict else {})
        else:
            prints[key] = pack(value)
    return prints


def diff(old: dict[str, Any], new: dict[str, Any], old_prints: Prints | None = None,
         new_prints: Prints | None = None) -> list[Op]:
    """Operations that turn ``old`` into ``new`` (empty when they are equal).

    ``old_prints``/``new_prints``, when given, are fingerprints of (parts of) the two
    documents: a key missing from either is compared the ordinary way."""
    ops: list[Op] = []
    _diff_map(old, new, [], ops, old_prints, new_prints)
    return ops


def _diff_map(old: dict[str, Any], new: dict[str, Any], path: list[str], ops: list[Op],
              old_prints: Prints | None = None, new_prints: Prints | None = None) -> None:
    for key in old:
        if key not in new:
            ops.append(["del", [*path, key]])
    for key, value in new.items():
        if key not in old:
            ops.append(["set", [*path, key], value])
            continue
        before = old[key]
        if before is value:
            continue  # the same (never mutated) object: nothing to compare
        was = old_prints.get(key) if old_prints else None
        now = new_prints.get(key) if new_prints else None
        if was is not None and now is not None and type(was) is type(now):
            if type(now) is bytes:
                if was == now:
                    continue  # packed alike: equal on the wire
                was = now = None
        else:
            was = now = None
        here = [*path, key]
        if isinstance(before, dict) and isinstance(value, dict):
            _diff_map(before, value, here, ops, was, now)  # type: ignore[arg-type]
        elif (
            isinstance(before, list)
            and isinstance(value, list)
            and len(value) > len(before)
            and _starts_with(value, before)
        ):
            ops.append(["ext", here, value[len(before):]])
        elif not _same(before, value):
            ops.append(["set", here, value])


def _starts_with(value: list[Any], head: list[Any]) -> bool:
    """Whether ``value`` begins with the entries of ``head`` (compared like ``_same``)."""
    if all(map(operator.is_, head, value)):
        return True  # the same objects throughout (map stops at the shorter list)
    return _same(value[: len(head)], head)


def _same(a: Any, b: Any) -> bool:
    """Equality that also tells 1 from 1.0 and True from 1 (they encode differently)."""
    if a is b:
        return True
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and (
            all(map(operator.is_, a, b))
            or all(_same(x, y) for x, y in zip(a, b, strict=True)))
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
