"""The layers of the project, read from the source: every import statement of every module,
those inside functions included, so no cycle or forbidden arrow can hide in a function body.

* the game packages (the rules engines and their helpers) import no pygame, no zmq, nothing
  of ``net`` and nothing of ``game.ui``: only the window (``game.ui``) and the command line
  (``game.cli``, ``game.__main__``), which wire the layers together, may;
* ``net`` imports nothing of ``game.ui``;
* the modules of ``game.artifact`` and of ``game.herald`` import each other without a cycle,
  so a reader can take them bottom-up.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ENTRY_POINTS = {"game.cli", "game.__main__"}
FORBIDDEN_IN_GAME = ("pygame", "pygame_gui", "zmq", "net", "game.ui")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path) -> set[str]:
    """Every module ``path`` imports, absolute, wherever the statement stands."""
    return imports_in(path.read_text(encoding="utf-8"), module_name(path),
                      path.name == "__init__.py")


def imports_in(source: str, name: str, is_package: bool = False) -> set[str]:
    package = name if is_package else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                stem = ".".join(base + ([node.module] if node.module else []))
            else:
                stem = node.module or ""
            found.add(stem)
            # ``from . import movement`` imports the module ``<package>.movement``.
            found.update(f"{stem}.{alias.name}" for alias in node.names)
    return found


def all_modules() -> dict[str, set[str]]:
    out = {}
    for top in ("game", "net"):
        for path in sorted((ROOT / top).rglob("*.py")):
            out[module_name(path)] = imports_of(path)
    return out


MODULES = all_modules()


def within(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


def test_the_reader_sees_function_level_and_relative_imports():
    source = ("import zmq\n"
              "from . import movement\n"
              "def f():\n"
              "    from .views import view_for\n"
              "    if True:\n"
              "        import pygame.display\n"
              "    from ..ui import widgets\n")
    found = imports_in(source, "game.artifact.probe")
    assert {"zmq", "game.artifact.movement", "game.artifact.views", "pygame.display",
            "game.ui", "game.ui.widgets"} <= found


@pytest.mark.parametrize("name", sorted(n for n in MODULES
                                        if within(n, "game") and not within(n, "game.ui")
                                        and n not in ENTRY_POINTS))
def test_game_modules_import_no_window_network_or_screens(name):
    bad = sorted(i for i in MODULES[name] for f in FORBIDDEN_IN_GAME if within(i, f))
    assert not bad, f"{name} imports {', '.join(bad)}"


@pytest.mark.parametrize("name", sorted(n for n in MODULES if within(n, "net")))
def test_net_imports_no_screens(name):
    bad = sorted(i for i in MODULES[name] if within(i, "game.ui") or within(i, "pygame"))
    assert not bad, f"{name} imports {', '.join(bad)}"


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of ``graph`` as a path [a, b, ..., a], or None (depth-first search)."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_cycle_finder_finds_a_cycle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None


@pytest.mark.parametrize("package", ["game.artifact", "game.herald"])
def test_rule_modules_import_downward_only(package):
    members = {n for n in MODULES if within(n, package) and n != package}
    graph = {n: {i for i in MODULES[n] if i in members and i != n} for n in members}
    cycle = find_cycle(graph)
    assert cycle is None, f"import cycle in {package}: {' -> '.join(cycle)}"


def test_screens_build_actions_with_the_engines_classes():
    """No action is spelt as a dict literal in ``game.ui``: the screens construct the
    engine's frozen action classes, so a renamed field fails at import, not on the wire."""
    pattern = re.compile(r'\{\s*"type"\s*:')
    found = [f"{path.relative_to(ROOT)}:{n}"
             for path in sorted((ROOT / "game" / "ui").rglob("*.py"))
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if pattern.search(line)]
    assert not found, f"dict-literal actions in {', '.join(found)}"
