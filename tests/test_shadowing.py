"""A ruleset's own definition hides a builtin of its name (L047), so that a builtin added to philtre later breaks no
ruleset that already had a definition of that name; the builtins the engine's analyses recognise by name stay E132."""

from __future__ import annotations

import ast as python_ast
import importlib
import re
import subprocess
import sys
from pathlib import Path

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.builtins import ANALYSED_BY_NAME, BUILTINS
from philtre.dsl.compiler import INLINE_CALLS, INLINE_SEATS
from philtre.dsl.validate import check_file
from philtre.interpreter.game import Game

ROOT = Path(__file__).resolve().parents[1]

# a Kalah-like ruleset written before the builtin owner_of(z) came: its own owner_of takes a pit's number
KALAH = """\
game: pits
players: 2
components:
  seed: {copies: 12, start: bag}
zones:
  bag: {}
  pits: {copies: 12}
  store: {each: player}
define:
  owner_of(i): i // 6
actions:
  sow:
    choose: {h: "[z for z in pits if owner_of(index(z)) == me and count(z) > 0]"}
    do:
      - move: first(h) -> store[me]
flow:
  - deal: {from: bag, to: "[pits[0], pits[6]]", count: 6}
  - turns: 0
    until: count(pits[0]) + count(pits[6]) == 0
    do:
      - decide: sow
winners: {highest: "count(store[p])"}
"""


def _findings(tmp_path, text: str, lints: bool = True) -> list:
    """'CODE message' of each finding of validating ``text`` as a ruleset file."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(text, encoding="utf-8")
    return [f"{f.diagnostic.code} {f.diagnostic.message}" for f in check_file(str(path), lints=lints).findings]


def test_a_definition_named_like_a_new_builtin_validates_with_the_warning_alone(tmp_path):
    """A Kalah ruleset's `owner_of(pit)` read E132, and E120 'owner_of() needs a zone here' at its call with a number."""
    assert _findings(tmp_path, KALAH) == [
        "L047 definition 'owner_of' hides the builtin owner_of(z) in this ruleset: each call of 'owner_of' here is the "
        "definition's"]


def test_the_calls_are_the_definitions(tmp_path):
    """Seat 0 sows from its own pits by the definition (0 to 5): the builtin would give none, pits being no zone a seat."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(KALAH, encoding="utf-8")
    game = Game(load_ruleset(str(path)), 2)
    assert game.pending() == [0] and [game.option_text(o, 0) for o in game.options(0)] == ["sow(h=pits[0])"]


def test_simulate_plays_a_ruleset_whose_definition_hides_a_builtin(tmp_path):
    path = tmp_path / "ruleset.yaml"
    path.write_text(KALAH, encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "philtre", "simulate", str(path), "-n", "2", "--no-db", "-w", "1"],
                            capture_output=True, text=True, cwd=ROOT.parent)
    assert result.returncode == 0 and "2 games" in result.stdout + result.stderr, result.stdout + result.stderr


def test_the_warning_is_silenced_on_its_line(tmp_path):
    text = KALAH.replace("  owner_of(i): i // 6\n", "  owner_of(i): i // 6  # philtre: ignore[L047]\n")
    assert _findings(tmp_path, text) == []


def test_a_definition_join_hides_join(tmp_path):
    """join(a, b) of two numbers: the definition's sum, where the builtin would want a list and fail."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(KALAH.replace("  owner_of(i): i // 6\n", "  owner_of(i): i // 6\n  join(a, b): a + b\n")
                    .replace("flow:\n", "variables:\n  got: 0\nflow:\n  - set: {got: 'join(2, 3)'}\n"), encoding="utf-8")
    assert [c for c in _findings(tmp_path, path.read_text(encoding="utf-8")) if not c.startswith("L047")] == []
    assert Game(load_ruleset(str(path)), 2).state.vars["got"] == 5


@pytest.mark.parametrize("name", ["count(z)", "first(z)", "take_last(xs, n)", "seats_from(p)"])
def test_a_definition_named_like_a_builtin_analysed_by_name_is_still_refused(tmp_path, name):
    text = KALAH.replace("  owner_of(i): i // 6\n", f"  owner_of(i): i // 6\n  {name}: 1\n")
    bare = name.split("(")[0]
    assert _findings(tmp_path, text, lints=False) == [f"E132 '{bare}' is a name of the language; choose another name for this definition"]


def _names_matched(path: Path) -> dict:
    """Builtin name -> the lines of ``path`` that recognise a call by it: `x.func == "count"`, `x.func in (...)` or a
    module's set, `FOLDS.get(x.func)`, `_GIVES_NONE[x.func]`; not where the same `and` matches it only after the
    definitions, `x.func not in facts.defines` (a definition of that name is read as itself)."""
    module = importlib.import_module("philtre." + ".".join(path.relative_to(ROOT).with_suffix("").parts))

    def names(node) -> set:
        """The words ``node`` writes, or the module's collection it names holds."""
        if isinstance(node, python_ast.Constant) and isinstance(node.value, str):
            return {node.value}
        if isinstance(node, (python_ast.Tuple, python_ast.Set, python_ast.List)):
            return set().union(*map(names, node.elts))
        held = getattr(module, node.id, None) if isinstance(node, python_ast.Name) else None
        return {k for k in held if isinstance(k, str)} if isinstance(held, (set, frozenset, tuple, dict)) else set()

    def is_func(node) -> bool:
        return isinstance(node, python_ast.Attribute) and node.attr == "func"

    def after_definitions(node) -> bool:
        """`x.func not in facts.defines` (or a module's own `defines`, the ruleset's definitions): the call is matched only
        where no definition of the ruleset hides the builtin."""
        return isinstance(node, python_ast.Compare) and isinstance(node.ops[0], python_ast.NotIn) and is_func(node.left) \
            and (isinstance(node.comparators[0], python_ast.Attribute) and node.comparators[0].attr == "defines"
                 or isinstance(node.comparators[0], python_ast.Name) and node.comparators[0].id == "defines")

    tree = python_ast.parse(path.read_text(encoding="utf-8"))
    guarded = {id(inner) for node in python_ast.walk(tree) if isinstance(node, python_ast.BoolOp)
               and isinstance(node.op, python_ast.And) and any(map(after_definitions, node.values))
               for part in node.values for inner in python_ast.walk(part)}  # (`BUILTINS[x.func]` in a part, too)
    out: dict = {}
    for node in python_ast.walk(tree):
        sides = ()
        if id(node) in guarded:
            continue
        if isinstance(node, python_ast.Compare) and any(map(is_func, (node.left, *node.comparators))):
            sides = (node.left, *node.comparators)
        elif isinstance(node, python_ast.Subscript) and is_func(node.slice):
            sides = (node.value,)
        elif isinstance(node, python_ast.Call) and isinstance(node.func, python_ast.Attribute) and node.func.attr == "get" \
                and node.args and is_func(node.args[0]):
            sides = (node.func.value,)
        for name in set().union(*map(names, sides)) & set(BUILTINS):
            out.setdefault(name, []).append(f"{path.name}:{node.lineno}")
    return out


def test_every_builtin_the_engine_recognises_by_name_may_not_be_hidden():
    """A definition named like one would be read as the builtin by the analysis: each such name is in ANALYSED_BY_NAME
    (and the builtins a definition may call and be written out, the compiler's INLINE_CALLS and INLINE_SEATS)."""
    found: dict = {name: ["compiler.py INLINE_CALLS/INLINE_SEATS"] for name in INLINE_CALLS | INLINE_SEATS}
    for path in sorted([*ROOT.glob("dsl/*.py"), *ROOT.glob("interpreter/*.py"), *ROOT.glob("adapters/*.py")]):
        for name, lines in _names_matched(path).items():
            found.setdefault(name, []).extend(lines)
    missing = {name: lines for name, lines in found.items() if name not in ANALYSED_BY_NAME}
    assert not missing, (f"add these to ANALYSED_BY_NAME (dsl/builtins.py), or match the call after the definitions "
                         f"(`and x.func not in facts.defines`): {missing}")
    assert found.keys() >= {"count", "first", "zone_of"}, "the scan finds the checks it is for"
    assert "owner_of" not in ANALYSED_BY_NAME and "join" not in ANALYSED_BY_NAME


def test_the_language_guide_lists_the_builtins_a_definition_may_not_take():
    """docs/language.md's `define` section names each of ANALYSED_BY_NAME, and no other builtin, as refused (E132)."""
    guide = (ROOT / "docs" / "language.md").read_text(encoding="utf-8")
    listed = guide[guide.index("which a definition may not take (`E132`):"):].split(".\n", 1)[0]
    assert set(re.findall(r"`([a-z_]+)`", listed)) - {"E132"} == ANALYSED_BY_NAME
