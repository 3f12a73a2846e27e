"""The Artifact's state changes only through the engine's rule functions.

``ArtifactGame.state`` hands out the live record (copying it for every reader would slow
every view and every legal-actions list), so the rule is kept by reading the source, as the
layer test does: outside ``game/artifact`` no statement may assign, delete or call a
mutating method on anything reached through a ``.state`` (or the engine's ``._s``), nor
through a name bound to such a thing (``s = game.state``, ``char = s.characters[cid]``,
``for item in s.items.values()``). Function-level code counts too.

Two test modules are the exceptions, each documented: ``tests/artifact/arrange.py``
(situations no action reaches yet: locked hatches, dark spaces, a spare item) and
``tests/artifact/secrecy_tools.py`` (the noninterference twins, which differ only in what a
seat cannot see, or only in the round and the turn). Even they write only through
``arrange.writable(game)``, which drops the engine's undo copy taken ahead of the next
action (``ArtifactGame.prepare_undo``) before handing out the state, and only they call
it. The Herald's engine and its tests are not in scope: its state is another record with
its own rules.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ALLOWED = {"tests/artifact/arrange.py", "tests/artifact/secrecy_tools.py"}
MUTATORS = {"append", "extend", "insert", "pop", "popitem", "remove", "clear", "update",
            "setdefault", "add", "discard", "sort", "reverse", "__setitem__", "__delitem__"}
STATE_ATTRS = {"state", "_s"}


def _scope_files() -> list[Path]:
    out = []
    for top in ("game", "net", "bench", "tools", "tests"):
        for path in sorted((ROOT / top).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if rel.startswith(("game/artifact/", "game/herald/", "tests/herald/")):
                continue
            if "herald" in path.name:
                continue
            out.append(path)
    return out


def _base(node: ast.AST) -> ast.AST:
    """Step down one link of an access chain (``a.b``, ``a[b]``, ``a.b()``)."""
    if isinstance(node, (ast.Attribute, ast.Subscript)):
        return node.value
    if isinstance(node, ast.Call):
        return node.func
    return node


def _reaches_state(node: ast.AST, aliases: set[str]) -> bool:
    """Whether ``node``'s chain passes through a ``.state`` or starts at an alias of it."""
    while True:
        if isinstance(node, ast.Attribute) and node.attr in STATE_ATTRS:
            return True
        if isinstance(node, ast.Name):
            return node.id in aliases
        nxt = _base(node)
        if nxt is node:
            return False
        node = nxt


def _walk_scope(node: ast.AST):
    """``ast.walk`` without entering nested functions: a name bound in one function is no
    alias in its sibling (each function's own names are found when its scope runs)."""
    todo = [node]
    while todo:
        node = todo.pop()
        yield node
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            todo.extend(ast.iter_child_nodes(node))


class _Scope(ast.NodeVisitor):
    """One function (or the module body): names bound to the state, then writes through
    them. Nested functions are scopes of their own, seeing the enclosing aliases."""

    def __init__(self, path: str, aliases: set[str], found: list[str]) -> None:
        self.path = path
        self.aliases = set(aliases)
        self.found = found

    def run(self, body: list[ast.stmt]) -> None:
        for _ in range(3):  # aliases of aliases, whatever the order of the statements
            before = set(self.aliases)
            for stmt in body:
                for node in _walk_scope(stmt):
                    self._bind(node)
            if self.aliases == before:
                break
        for stmt in body:
            self.visit(stmt)

    def _bind(self, node: ast.AST) -> None:
        if isinstance(node, ast.Assign) and _reaches_state(node.value, self.aliases):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    self.aliases.add(target.id)
        elif isinstance(node, (ast.For, ast.comprehension)) and _reaches_state(
                node.iter, self.aliases):
            for name in ast.walk(node.target):
                if isinstance(name, ast.Name):
                    self.aliases.add(name.id)

    def _flag(self, node: ast.AST, what: str) -> None:
        self.found.append(f"{self.path}:{node.lineno}: {what}: {ast.unparse(node)[:80]}")

    def _check_target(self, target: ast.AST, node: ast.AST) -> None:
        if isinstance(target, (ast.Tuple, ast.List)):
            for element in target.elts:
                self._check_target(element, node)
        elif isinstance(target, (ast.Attribute, ast.Subscript)) and _reaches_state(
                target.value, self.aliases):
            self._flag(node, "writes the state")

    def visit_Assign(self, node: ast.Assign) -> None:
        for target in node.targets:
            self._check_target(target, node)
        self.generic_visit(node)

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        self._check_target(node.target, node)
        self.generic_visit(node)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        self._check_target(node.target, node)
        self.generic_visit(node)

    def visit_Delete(self, node: ast.Delete) -> None:
        for target in node.targets:
            self._check_target(target, node)

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        if (isinstance(func, ast.Attribute) and func.attr in MUTATORS
                and _reaches_state(func.value, self.aliases)):
            self._flag(node, "changes the state")
        if isinstance(func, ast.Name) and func.id in ("setattr", "delattr") and node.args \
                and _reaches_state(node.args[0], self.aliases):
            self._flag(node, "changes the state")
        self.generic_visit(node)

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        params = {a.arg for a in (*node.args.posonlyargs, *node.args.args,
                                  *node.args.kwonlyargs)}
        _Scope(self.path, self.aliases - params, self.found).run(node.body)

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Lambda(self, node: ast.Lambda) -> None:
        self.generic_visit(node)


def state_writes(source: str, path: str) -> list[str]:
    """Every statement of ``source`` that changes a game's state (see module docstring)."""
    found: list[str] = []
    _Scope(path, set(), found).run(ast.parse(source).body)
    return found


def test_nothing_outside_the_engine_writes_the_artifacts_state():
    found = []
    files = _scope_files()
    assert len(files) > 60
    for path in files:
        found += state_writes(path.read_text(encoding="utf-8"),
                              path.relative_to(ROOT).as_posix())
    assert not found, "\n".join(found)


def test_only_the_documented_setups_open_the_state_for_writing():
    """``writable`` hands out the state without the scan above seeing writes through it:
    only the two documented test modules may call it."""
    callers = []
    for path in _scope_files():
        rel = path.relative_to(ROOT).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if rel not in ALLOWED and any(
                isinstance(node, ast.Call) and "writable" in (
                    getattr(node.func, "id", None), getattr(node.func, "attr", None))
                for node in ast.walk(tree)):
            callers.append(rel)
    assert callers == []


def test_the_check_sees_each_kind_of_write():
    source = '''
def f(game, other):
    s = game.state
    s.round = 3
    char = s.characters["kyoshi"]
    char.square = 4
    game.state.locked.append(7)
    for item in s.items.values():
        item.holder = None
    del game.state.notices["pirates"][0]
    game._s.dark += ["Bridge"]
    setattr(char, "facing", "N")
    other.state = None          # rebinding an attribute named state is no write into one
    view = game.view
    view.seat = "x"             # nothing reached through a state
    ok = sorted(s.items)
    ok.append(1)                # a new list, not the state's
'''
    found = state_writes(source, "x.py")
    lines = sorted(int(f.split(":")[1]) for f in found)
    assert lines == [4, 6, 7, 9, 10, 11, 12], found


def test_a_name_bound_to_the_state_in_one_function_is_not_so_in_another():
    source = '''
def reads(game):
    s = game.state
    return s.round

def arranges(game):
    s = writable(game)
    s.dark = ["Bridge"]         # through the documented door
    s.round += 1

def writes(game):
    s = game.state
    s.round += 1
'''
    found = state_writes(source, "x.py")
    assert [int(f.split(":")[1]) for f in found] == [13], found
