"""The one codec: typed records (state, actions, events, views) <-> plain values.

Plain values are what both msgpack and JSON carry: None, bool, int, float, str, lists and
string-keyed maps. Saves, the action log and the wire all go through ``to_plain`` and
``from_plain``, so a record has exactly one plain form.

``to_plain`` writes every field of a dataclass under its name. Three conventions keep the
forms readable: a class with a ``TYPE`` class variable (an action) carries it as ``"type"``,
one with a ``KIND`` class variable (a counter) carries it as ``"kind"``, and a ``Notice`` is
flat (``{"kind", "round", **about}``). Tuples become lists, int map keys become strings, and
a field whose metadata says ``omit_none`` is left out while it is None.

``from_plain(cls, data)`` rebuilds a record from its type hints and refuses anything else:
unknown or missing fields, wrong types, a ``kind`` or ``type`` that does not match. With
``bounded=True`` (data from the network) strings, lists and maps are also held to the
``MAX_*`` sizes and ints to 32 bits. Errors are ``CodecError`` naming the field's path.
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from functools import cache
from typing import Any

from .errors import ArtifactError

MAX_STR = 500
MAX_LIST = 128


class CodecError(ArtifactError, ValueError):
    """Plain data that is not the form of the record asked for."""


def to_plain(value: Any, memo: dict[int, tuple[Any, Any]] | None = None) -> Any:
    """The plain form of ``value`` (a record, or a container of records and primitives).

    ``memo``, when given, keeps the plain form of every frozen record met (keyed by the
    record's identity, the record held so that its id is not reused) and hands the same
    plain object back the next time: a frozen record never changes once made (the state's
    own rule, see ``state.snapshot``), so its plain form does not either. The hub writes
    every seat's view after every action, and most of a view is such records (notices,
    counters, own entries, specs) that were there the last time. The plain objects are
    then shared between the values returned, so a holder must not change them (the hub's
    documents are never changed)."""
    kind = type(value)
    if kind in _PRIMITIVES:
        return value
    plan = _plan(kind)
    if plan is not None:
        if plan[4] and memo is not None:  # frozen: its plain form may be kept
            hit = memo.get(id(value))
            if hit is not None and hit[0] is value:
                return hit[1]
            out = _record_plain(value, plan, memo, None, None, 0)
            memo[id(value)] = (value, out)
            return out
        return _record_plain(value, plan, memo, None, None, 0)
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (list, tuple)):
        return [v if type(v) in _PRIMITIVES else to_plain(v, memo) for v in value]
    if isinstance(value, dict):
        return {str(k): v if type(v) in _PRIMITIVES else to_plain(v, memo)
                for k, v in value.items()}
    if isinstance(value, (set, frozenset)):
        return [to_plain(v, memo) for v in sorted(value)]
    raise CodecError(f"{type(value).__name__} has no plain form")


def to_plain_again(value: Any, before: Any, plain_before: Any,
                   memo: dict[int, tuple[Any, Any]] | None, depth: int) -> Any:
    """``to_plain(value, memo)``, with the parts of ``plain_before`` (the plain form of
    ``before``, an earlier version of the same record) handed back for the parts of
    ``value`` equal to those of ``before``: fields of a record and entries of a map,
    ``depth`` levels down.

    A seat's view built again after an action is mostly what it was (a character took a
    step: one counter, one own entry), and comparing records costs far less than writing
    them again; the parts handed back are the very objects the hub sent last time, so its
    fingerprint and diff skip them at a glance. Equality is the records' own (``==`` of
    values of the same type). A flat record (a notice) is written anew."""
    kind = type(value)
    if depth < 1 or type(before) is not kind or type(plain_before) is not dict:
        return to_plain(value, memo)
    if kind is dict:
        out: dict[str, Any] = {}
        for key, item in value.items():
            name = str(key)
            if type(item) in _PRIMITIVES:
                out[name] = item
            elif key in before and name in plain_before:
                out[name] = _part_again(item, before[key], plain_before[name], memo, depth)
            else:
                out[name] = to_plain(item, memo)
        return out
    plan = _plan(kind)
    if plan is None or plan[3]:
        return to_plain(value, memo)
    return _record_plain(value, plan, memo, before, plain_before, depth)


def _part_again(item: Any, was: Any, plain_was: Any, memo: dict | None, depth: int) -> Any:
    if item is was or (type(item) is type(was) and item == was):
        return plain_was
    return to_plain_again(item, was, plain_was, memo, depth - 1)


def _record_plain(value: Any, plan: tuple, memo: dict | None, before: Any,
                  plain_before: dict | None, depth: int) -> dict[str, Any]:
    """A record's plain form (``to_plain``), or with ``before`` its parts equal to those
    of ``before`` taken from ``plain_before`` (``to_plain_again``)."""
    tag, kind_tag, fields, flat, _frozen = plan
    out: dict[str, Any] = {}
    if tag is not None:
        out["type"] = tag
    if kind_tag is not None:
        out["kind"] = kind_tag
    for name, omit_none in fields:
        item = getattr(value, name)
        if item is None:
            if not omit_none:
                out[name] = None
        elif type(item) in _PRIMITIVES:
            out[name] = item
        elif before is not None and name in plain_before:  # type: ignore[operator]
            out[name] = _part_again(item, getattr(before, name), plain_before[name],  # type: ignore[index]
                                    memo, depth)
        else:
            out[name] = to_plain(item, memo)
    if flat and "about" in out:
        out.update(out.pop("about"))
    return out


#: Types whose values are their own plain form (exactly these: a subclass takes the
#: longer way, which gives the same answer).
_PRIMITIVES = frozenset({type(None), bool, int, float, str})


@cache
def _plan(cls: type
          ) -> tuple[str | None, str | None, tuple[tuple[str, bool], ...], bool, bool] | None:
    """How ``to_plain`` writes a record class: its ``type`` and ``kind`` tags, its fields
    (name, omitted while None), whether it is flat (a ``Notice``) and whether it is frozen
    (its plain form may be kept); None for anything that is not a dataclass. Worked out
    once per class: the hub writes views of every seat after every action."""
    if not dataclasses.is_dataclass(cls) or not isinstance(cls, type):
        return None
    tag = getattr(cls, "TYPE", None)
    kind = getattr(cls, "KIND", None)
    return (tag if isinstance(tag, str) else None, kind if isinstance(kind, str) else None,
            tuple((f.name, bool(f.metadata.get("omit_none"))) for f in dataclasses.fields(cls)),
            cls.__name__ == "Notice", bool(cls.__dataclass_params__.frozen))  # type: ignore[attr-defined]


def canonical_json(value: Any) -> str:
    """``to_plain(value)`` as canonical JSON text: equal records give equal text."""
    return json.dumps(to_plain(value), sort_keys=True, separators=(",", ":"))


@cache
def _hints(cls: type) -> tuple[tuple[str, Any, bool], ...]:
    """(name, type, required) of each field of a dataclass, in order."""
    hints = typing.get_type_hints(cls)
    return tuple((f.name, hints[f.name],
                  f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING)
                 for f in dataclasses.fields(cls))


@cache
def _names(cls: type) -> frozenset[str]:
    """The field names of a dataclass."""
    return frozenset(name for name, _tp, _req in _hints(cls))


@cache
def _shape(tp: Any) -> tuple[bool, Any, tuple]:
    """Whether ``tp`` is a record class, and its generic origin and arguments: what
    ``from_plain`` asks of a type for every value it reads, worked out once per type (a
    move's path asks it of every square; the hub decodes an action per message and a
    client its view after every update)."""
    return dataclasses.is_dataclass(tp), typing.get_origin(tp), typing.get_args(tp)


#: ``from_plain``'s ``reuse``: each plain list or map decoded, by its identity and the type
#: it was decoded as, with the plain object (so its id is not reused) and the value built.
Reuse = dict[tuple[int, Any], tuple[Any, Any]]


def from_plain(tp: Any, data: Any, *, bounded: bool = False, path: str = "",
               max_list: int = MAX_LIST, reuse: Reuse | None = None) -> Any:
    """Rebuild a value of type ``tp`` from its plain form, or raise CodecError.

    ``max_list`` replaces ``MAX_LIST`` for bounded data whose lists grow with the game (a
    view's notices: the hub's frame size bounds those documents as a whole).

    ``reuse``, a dict kept by the caller from one call to the next (with the same
    ``bounded`` and ``max_list``), remembers every plain list and map decoded, and a
    later call given the very same plain object to decode as the same type hands back
    the value built the first time, unchecked again (the same object passed the same
    checks). A client applying diffs gets a new document that shares every unchanged
    part with the last one (``net.diff.patch``), so decoding it costs what changed. The
    values handed back are then shared between the results: their holders must treat
    them as read-only, as views are."""
    return _Decoder(bounded, max_list, reuse).value(tp, data, path or _name(tp))


def _name(tp: Any) -> str:
    return getattr(tp, "__name__", str(tp))


class _Decoder:
    def __init__(self, bounded: bool, max_list: int = MAX_LIST,
                 reuse: Reuse | None = None) -> None:
        self.bounded = bounded
        self.max_list = max_list
        self.reuse = reuse

    def fail(self, path: str, wanted: str, data: Any) -> CodecError:
        shown = repr(data)
        if len(shown) > 60:
            shown = shown[:57] + "..."
        return CodecError(f"{path} must be {wanted}, got {shown}")

    def value(self, tp: Any, data: Any, path: str) -> Any:
        reuse = self.reuse
        if reuse is None or (type(data) is not dict and type(data) is not list):
            return self.fresh(tp, data, path)
        key = (id(data), tp)
        hit = reuse.get(key)
        if hit is not None and hit[0] is data:
            return hit[1]
        out = self.fresh(tp, data, path)
        reuse[key] = (data, out)
        return out

    def fresh(self, tp: Any, data: Any, path: str) -> Any:
        """``value`` without looking in ``reuse``."""
        if tp is Any:
            return self.plain(data, path, 0)
        if tp is type(None) or tp is None:
            if data is not None:
                raise self.fail(path, "null", data)
            return None
        if tp is bool:
            if not isinstance(data, bool):
                raise self.fail(path, "true or false", data)
            return data
        if tp is int:
            if isinstance(data, bool) or not isinstance(data, int):
                raise self.fail(path, "a whole number", data)
            if self.bounded and not -(2**31) <= data < 2**31:
                raise self.fail(path, "a small whole number", data)
            return data
        if tp is float:
            if isinstance(data, bool) or not isinstance(data, (int, float)):
                raise self.fail(path, "a number", data)
            return float(data)
        if tp is str:
            if not isinstance(data, str):
                raise self.fail(path, "text", data)
            if self.bounded and len(data) > MAX_STR:
                raise self.fail(path, f"text of at most {MAX_STR} characters", data)
            return data
        try:
            record, origin, args = _shape(tp)
        except TypeError:  # an unhashable type: asked each time
            record, origin, args = _shape.__wrapped__(tp)
        if record:
            return self.record(tp, data, path)
        if origin in (typing.Union, types.UnionType):
            return self.union(args, data, path)
        if origin in (list, tuple):
            items = self.sequence(data, path)
            if origin is list:
                return [self.value(args[0], v, f"{path}[{i}]") for i, v in enumerate(items)]
            if len(args) == 2 and args[1] is Ellipsis:
                return tuple(self.value(args[0], v, f"{path}[{i}]") for i, v in enumerate(items))
            if len(items) != len(args):
                raise self.fail(path, f"a list of {len(args)} entries", data)
            return tuple(self.value(a, v, f"{path}[{i}]")
                         for i, (a, v) in enumerate(zip(args, items, strict=True)))
        if origin is dict:
            if not isinstance(data, dict):
                raise self.fail(path, "a map", data)
            if self.bounded and len(data) > self.max_list:
                raise self.fail(path, f"a map of at most {self.max_list} entries", data)
            key_type, value_type = args
            out = {}
            for key, item in data.items():
                if not isinstance(key, str):
                    raise self.fail(path, "a map with text keys", data)
                if key_type is int:
                    try:
                        real_key: Any = int(key)
                    except ValueError:
                        raise self.fail(f"{path} key", "a whole number", key) from None
                else:
                    real_key = self.value(key_type, key, f"{path} key")
                out[real_key] = self.value(value_type, item, f"{path}[{key!r}]")
            return out
        raise CodecError(f"{path}: no plain form for {tp!r}")

    def sequence(self, data: Any, path: str) -> list:
        if not isinstance(data, (list, tuple)):
            raise self.fail(path, "a list", data)
        if self.bounded and len(data) > self.max_list:
            raise self.fail(path, f"a list of at most {self.max_list} entries", data)
        return list(data)

    def union(self, args: tuple, data: Any, path: str) -> Any:
        if data is None and type(None) in args:
            return None
        options = [a for a in args if a is not type(None)]
        tagged = [a for a in options if isinstance(getattr(a, "KIND", None), str)]
        if tagged and isinstance(data, dict):
            for option in tagged:
                if data.get("kind") == option.KIND:
                    return self.record(option, data, path)
            raise self.fail(f"{path}.kind", " or ".join(repr(a.KIND) for a in tagged),
                            data.get("kind"))
        errors = []
        for option in options:
            try:
                return self.value(option, data, path)
            except CodecError as exc:
                errors.append(str(exc))
        raise CodecError(errors[0] if len(errors) == 1
                         else f"{path} fits none of its forms ({'; '.join(errors)})")

    def record(self, cls: type, data: Any, path: str) -> Any:
        if not isinstance(data, dict):
            raise self.fail(path, "a map", data)
        data = dict(data)
        for tag_name, tag_key in (("TYPE", "type"), ("KIND", "kind")):
            tag = getattr(cls, tag_name, None)
            if isinstance(tag, str):
                if data.get(tag_key) != tag:
                    raise self.fail(f"{path}.{tag_key}", repr(tag), data.get(tag_key))
                del data[tag_key]
        hints = _hints(cls)
        names = _names(cls)
        if cls.__name__ == "Notice":
            about = {k: data.pop(k) for k in list(data) if k not in names}
            data["about"] = about
        extra = set(data) - names
        if extra:
            raise CodecError(f"{path}: unknown field(s) {', '.join(sorted(map(str, extra)))}")
        kwargs = {}
        for name, tp, required in hints:
            if name not in data:
                if required:
                    raise CodecError(f"{path}: missing field {name!r}")
                continue
            kwargs[name] = self.value(tp, data[name], f"{path}.{name}")
        return cls(**kwargs)

    def plain(self, data: Any, path: str, depth: int) -> Any:
        """Any plain value, copied (maps with text keys only)."""
        if depth > 32:
            raise CodecError(f"{path} is nested too deeply")
        if data is None or isinstance(data, (bool, int, float, str)):
            if self.bounded and isinstance(data, str) and len(data) > MAX_STR:
                raise self.fail(path, f"text of at most {MAX_STR} characters", data)
            return data
        if isinstance(data, (list, tuple)):
            return [self.plain(v, f"{path}[{i}]", depth + 1)
                    for i, v in enumerate(self.sequence(data, path))]
        if isinstance(data, dict):
            out = {}
            for key, item in data.items():
                if not isinstance(key, str):
                    raise self.fail(path, "a map with text keys", data)
                out[key] = self.plain(item, f"{path}[{key!r}]", depth + 1)
            return out
        raise self.fail(path, "plain data", data)
