"""Map comprehensions, `{K: V for X in C if COND ...}` (language.md, Comprehensions): a trial's map keyed by an
attribute's values, `{a: 0 for a in artists}`, was written out by hand because the form was E102."""

from __future__ import annotations

import pytest

from test_cli import philtre
from test_index_of_item import _value, _write  # (a small game whose flow sets a variable to an expression; deck: 3, 1, 4)
from test_show_definitions import POKER, _refused

from philtre.dsl import ast, load_ruleset
from philtre.dsl.errors import Loc, PhiltreError
from philtre.dsl.parser import parse
from philtre.dsl.validate import check_file
from philtre.interpreter import Game


@pytest.mark.parametrize("expr, value", [
    ("{c.rank: 0 for c in deck}", {3: 0, 1: 0, 4: 0}),
    ("{r: r * 10 for r in [1, 2, 3] if r != 2}", {1: 10, 3: 30}),                   # a filter
    ("{r: r for r in range(0, 10) if r > 2 if r < 5}", {3: 3, 4: 4}),              # several
    ("{a * 10 + b: a + b for a in [1, 2] for b in [3, 4]}", {13: 4, 14: 5, 23: 5, 24: 6}),  # nested clauses
    ("{a: b for a in [1, 2] for b in [10, 20] if b > a * 5}", {1: 20, 2: 20}),     # a later clause's filter
    ("{p: count(hand[p]) for p in players}", {0: 0, 1: 0}),
    ("{'k' + text(c.rank): c.rank > 2 for c in deck}", {"k3": True, "k1": False, "k4": True}),  # words as keys
    ("{r: 0 for r in []}", {}),
    ("{c.rank: c.rank for c in deck}[4] + 1", 5),                                   # read as a map is
    ("count({c.rank > 2: c.rank for c in deck})", 2),
    ("{x: 1 for x in {'a': 5, 'b': 6}}", {"a": 1, "b": 1}),                          # over a map: its keys
    ("[v for v in {r: r * 2 for r in [1, 2]}]", [1, 2]),
])
def test_each_item_gives_a_key_and_its_value(tmp_path, expr, value):
    assert _value(tmp_path, expr) == value


def test_a_key_given_twice_keeps_its_last_value(tmp_path):
    """As a map literal written {'a': 1, 'a': 2} does: the last item of each key stands."""
    assert _value(tmp_path, "{c.rank > 2: c.rank for c in deck}") == {True: 4, False: 1}
    assert _value(tmp_path, "{'a': 1, 'a': 2}") == {"a": 2}


def test_a_component_is_a_key_as_in_a_map_literal(tmp_path):
    got = _value(tmp_path, "{c: c.rank for c in deck}")
    assert sorted(got.values()) == [1, 3, 4] and all(type(k).__name__ != "int" for k in got)


def test_the_loop_names_are_its_own(tmp_path):
    """A name a clause binds hides the same name outside, for the key, the value and later clauses alone."""
    initial = "  r: {initial: 100}\n"
    assert _value(tmp_path, "{r: r + 1 for r in [1, 2]}", initial=initial) == {1: 2, 2: 3}
    assert _value(tmp_path, "[r, {r: 0 for r in [1]}]", initial=initial) == [100, {1: 0}]


def test_it_is_written_back_as_written():
    for text in ("{k: v for k in xs}", "{k: v if a else b for k in xs if k > 1 for v in ys}", "{k.rank: [k] for k in (a if c else b)}"):
        assert ast.text(parse(text, Loc("r.yaml", 1, 1))) == text


def test_a_huge_one_runs_out_of_work_and_stops_the_game(tmp_path):
    """Each item is charged as a list comprehension's: 10**10 items stop the game with R100, never a hang."""
    expr = "{a * 100000 + b: 0 for a in range(0, 100000) for b in range(0, 100000)}"
    with pytest.raises(PhiltreError) as caught:
        _value(tmp_path, expr)
    assert "R100" in str(caught.value) and "does too much work" in str(caught.value), str(caught.value)


@pytest.mark.parametrize("made", ["[a * 100000 + b for a in range(0, N) for b in range(0, 1000)]",
                                  "{a * 100000 + b: 0 for a in range(0, N) for b in range(0, 1000)}"])
def test_its_items_are_charged_as_a_lists_are(tmp_path, made):
    """The map and the list of the same items: both made at 100 x 1,000 items, both out of work at 100,000 x 1,000."""
    assert _value(tmp_path, f"count({made.replace('N', '100')})") == 100_000
    with pytest.raises(PhiltreError, match="does too much work"):
        _value(tmp_path, f"count({made.replace('N', '100000')})")


@pytest.mark.parametrize("expr, said", [
    ("{a: 1 for a in [1]} + 1", "E124 '+' needs numbers, got a map"),
    ("{a: 1 for a in [1]} < 2", "E124"),
    ("index({a: 1 for a in [1]}, 1)", "E120 index() of two arguments needs a list (or a zone) first, but this is a map"),
    ("{a: b for a in 3}", "E123 cannot loop over a whole number"),
    ("{a: zz for a in [1]}", "E150 unknown name 'zz'"),
    ("{x: 0 for a in [1]}", "E150 unknown name 'x'"),
    ("{a: 0 for a in [1]} + a", "E150 unknown name 'a'"),                           # its names are not seen after it
    ("{a: 0 for a in [1] if a}", "E120"),                                           # a filter is true or false
])
def test_a_misuse_is_found_by_validate(tmp_path, expr, said):
    found = [f"{f.diagnostic.code} {f.diagnostic.message}" for f in check_file(str(_write(tmp_path, expr)), lints=False).findings]
    assert any(line.startswith(said) for line in found), found


@pytest.mark.parametrize("text, said", [
    # Python's set comprehension: no value
    ("{k for k in xs}", "expected ':' (a map comprehension writes a key and its value before its loop, {k: true for k in xs}; "
                        "for a list of them, [k for k in xs])"),
    ("{1: 0, k: 1 for k in xs}", "a map comprehension writes one key: value pair before its loop, {k: 1 for k in xs}"),
    # unpacking stays E102, with its hint
    ("{k: v for k, v in xs}", "expected 'in' (a for binds one name, and there are no tuples to unpack"),
])
def test_what_stays_unsupported_is_e102_with_a_hint(text, said):
    with pytest.raises(PhiltreError) as caught:
        parse(text, Loc("r.yaml", 1, 1))
    assert caught.value.first.code == "E102" and said in str(caught.value), str(caught.value)


RULESET = """\
philtre: 1
game: artists
players: 2
components:
  painting:
    attributes: {artist: [red, blue, green]}
    copies: 2
    start: deck
zones:
  deck: {visible: everyone}
  sold: {visible: everyone}
variables:
  tally: {initial: {}}
define:
  artists: "['red', 'blue', 'green']"
  sold_of: "{a: count(c for c in sold if c.artist == a) for a in artists}"
  best: "max(sold_of[a] for a in artists)"
show: [sold_of]
actions:
  sell:
    choose: {p: deck}
    do:
      - move: p -> sold
flow:
  - set: {tally: "{a: 0 for a in artists}"}
  - turns: 0
    until: count(sold) == 3
    do:
      - decide: [sell]
  - set: {tally: "{a: tally[a] + sold_of[a] * 10 for a in artists if sold_of[a] > 0}"}
  - score: {player: 0, add: best}
winners: {highest: "score[p]"}
"""


def test_a_ruleset_uses_one_in_a_definition_and_a_set(tmp_path):
    path = _write_text(tmp_path, RULESET)
    result = philtre("validate", str(path))
    assert result.returncode == 0, result.stdout + result.stderr
    game = Game(load_ruleset(str(path)), 2)
    assert game.state.vars["tally"] == {"red": 0, "blue": 0, "green": 0}
    while not game.finished:
        seat, = game.pending()
        game.apply(seat, game.options(seat)[-1])
    sold = [c["artist"] for c in game.state.zones["sold"][0]]
    assert len(sold) == 3
    assert game.state.vars["tally"] == {a: sold.count(a) * 10 for a in ("red", "blue", "green") if a in sold}
    assert game.scores[0] == max(sold.count(a) for a in ("red", "blue", "green"))


def test_a_shown_one_reading_a_hidden_hand_is_refused(tmp_path):
    """What a map comprehension reads through its loop's name is followed, as a list comprehension's is (R016)."""
    text = POKER.replace("  pot: sum", "  ranks: \"{p: c.rank for p in players for c in hand[p]}\"\n  pot: sum")
    found = _refused(tmp_path, text.replace("show: [pot]", "show: [ranks]"))
    assert [d.code for d in found] == ["R016"] and "'ranks' reads what 'hand' holds" in found[0].message, [str(d) for d in found]


def test_an_options_condition_reading_its_loop_name_through_a_definition(tmp_path):
    """A call given the loop's name inside an action's `if:` stays inside the loop (a part reading no loop name is
    computed once per listing: the loop's names are known to be bound there)."""
    text = POKER.replace("define:\n", "define:\n  st(q): stake[q]\n").replace(
        "  fold:\n    do:", "  fold:\n    choose: {n: \"[1, 2]\"}\n    if: \"{q: st(q) + n for q in players}[me] > 2\"\n    do:")
    game = Game(load_ruleset(str(_write_text(tmp_path, text))), 2, seed=1)
    assert [str(o) for o in game.options(0)] == ["check()", "fold(n=2)"]


def _write_text(tmp_path, text: str):
    path = tmp_path / "ruleset.yaml"
    path.write_text(text)
    return path
