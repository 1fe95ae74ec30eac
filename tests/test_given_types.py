"""A given zone's pattern naming no attribute (`{copies: 5}`, "the rest as dealt") in a game of several component types
takes the types its zone holds, those it holds first; and a step's pattern names where its component lies with `in:`.

A trial's game had cards (dealt, 6 a hand) and pawns (`each: player`, starting at home): `hand[0]: [{symbol: key},
{copies: 5}]`, the docs' own recipe, filled the hand with five of seat 0's pawns, silently, and a scenario passed on
that position. A step's `{type: pawn, owner: 0}` took the first pawn offered, from home, not the one on the track."""

from __future__ import annotations

from click.testing import CliRunner

from philtre.dsl import load_ruleset
from philtre.interpreter.cli import main
from philtre.interpreter.scenarios import run_scenarios

PAWNS = """\
game: pawns
players: 2
components:
  card: {attributes: {symbol: [key, hat, skull]}, copies: 6, start: deck}
  pawn: {each: player, copies: 3, start: home}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
  discard: {}
  home: {}
  track: {copies: 6}
actions:
  advance:
    choose: {card: "hand[me]", pawn: "[x for x in home if x.owner == me] + [x for z in track for x in z if x.owner == me]"}
    do:
      - move: card -> discard
      - move: pawn -> track[5]
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, count: 6}
  - decide: advance
    player: 0
"""

# the hand as dealt, its pawns at home and the deck as the deal left it: what `given` must not disturb
AS_DEALT = ["all(x.type == 'card' for x in hand[0])", "count(home) == 6", "count(deck) == 6"]


def _run(tmp_path, scenarios: str):
    """The results of ``scenarios`` (the text under `scenarios:`) on PAWNS, and the scenarios file's path."""
    (tmp_path / "ruleset.yaml").write_text(PAWNS, encoding="utf-8")
    (tmp_path / "scenarios.yaml").write_text("scenarios:\n" + scenarios, encoding="utf-8")
    return run_scenarios(load_ruleset(str(tmp_path))), tmp_path / "scenarios.yaml"


def _given(hand: str, expect: list) -> str:
    listed = "".join(f'\n      - "{e}"' for e in expect)
    return f"  - name: s\n    players: 2\n    given:\n      zones:\n        hand[0]: {hand}\n    expect:{listed}\n"


def test_a_pattern_naming_no_attribute_keeps_the_cards_the_hand_holds(tmp_path):
    """The trial's three scenarios: the hand keeps its cards; six cards, not pawns; `{others: true}` as before."""
    for hand in ("[{symbol: key}, {copies: 5}]", "[{copies: 6}]", "[{symbol: key}, {others: true}]"):
        [result], _ = _run(tmp_path, _given(hand, AS_DEALT + ["count(hand[0]) >= 6"]))
        assert result.passed and not result.notes, (hand, result.failures, result.notes)


def test_a_pattern_naming_no_attribute_takes_more_of_the_types_the_hand_holds_from_where_they_start(tmp_path):
    """Eight from a hand dealt six: its six, then two cards from the deck, not the seat's pawns from home."""
    [result], _ = _run(tmp_path, _given("[{copies: 8}]", ["count(hand[0]) == 8", "all(x.type == 'card' for x in hand[0])",
                                                          "count(home) == 6", "count(deck) == 4"]))
    assert result.passed and not result.notes, (result.failures, result.notes)


def test_a_pattern_naming_no_attribute_in_a_zone_holding_nothing_is_noted(tmp_path):
    """The discard holds nothing to take a type from: any type is taken, and `philtre test` notes it (T021)."""
    [result], path = _run(tmp_path, "  - name: s\n    players: 2\n    given:\n      zones:\n        discard: [{copies: 2}]\n"
                                    "    expect: ['count(discard) == 2']\n")
    assert result.passed, result.failures
    assert result.notes == [f"{path}:6:19: T021 this pattern names no attribute, and discard held no component to take "
                            "the type from, so it took any type: 2 card (give the type meant: {type: card, copies: 2} or "
                            "{type: pawn, copies: 2})"], result.notes
    [result], _ = _run(tmp_path, "  - name: s\n    players: 2\n    given:\n      zones:\n"
                                 "        discard: [{type: pawn, copies: 2}]\n    expect: ['count(discard) == 2']\n")
    assert result.passed and not result.notes, (result.failures, result.notes)


def _step(pawn: str, expect: str = "count(track[2]) == 0 and count(home) == 5") -> str:
    return ("  - name: s\n    players: 2\n    given:\n      zones:\n        track[2]: [{type: pawn, owner: 0}]\n"
            f"    steps:\n      - {{player: 0, action: advance, args: {{pawn: {pawn}}}}}\n    expect: [\"{expect}\"]\n")


def test_a_steps_pattern_names_the_zone_its_component_lies_in(tmp_path):
    """`in: "track[2]"` takes the pawn standing there; without it the first pawn offered, from home, is taken."""
    [result], _ = _run(tmp_path, _step('{type: pawn, owner: 0, in: "track[2]"}'))
    assert result.passed, result.failures
    [result], _ = _run(tmp_path, _step("{type: pawn, owner: 0}", "count(track[2]) == 1 and count(home) == 4"))
    assert result.passed, result.failures
    [result], path = _run(tmp_path, _step("{type: pawn, owner: 0}"))  # a failing expectation says which was taken
    assert result.failures == [f"{path}:9:14: T012 expected true: count(track[2]) == 0 and count(home) == 5  [count(track[2]) "
                               "= 1; count(home) = 4] (the step at line 8 took pawn=pawn (seat 0) in home, the first option, "
                               "where its pattern matches components in home and track[2]: to take another, give the pattern "
                               'the zone it lies in, in: "track[2]")'], result.failures
    [result], _ = _run(tmp_path, _step('{type: pawn, owner: 0, in: "track[3]"}'))  # no pawn of seat 0 stands there
    assert not result.passed
    assert "T013 advance {pawn: {type: pawn, owner: 0, in: track[3]}} is not a legal option" in result.failures[0], result.failures


def test_a_steps_in_that_names_no_zone_is_found_by_validate(tmp_path):
    (tmp_path / "ruleset.yaml").write_text(PAWNS, encoding="utf-8")
    (tmp_path / "scenarios.yaml").write_text("scenarios:\n" + _step('{type: pawn, in: "trak[2]"}')
                                             + _step("{type: pawn, in: 3}").replace("name: s", "name: t")
                                             + _step('{type: pawn, in: "track"}').replace("name: s", "name: u"), encoding="utf-8")
    done = CliRunner().invoke(main, ["validate", str(tmp_path)])
    assert done.exit_code == 1, done.output
    assert "scenarios.yaml:8:69: E150 unknown name 'trak'" in done.output, done.output
    assert "scenarios.yaml:16:68: T001 `in` names the zone the component lies in, not 3" in done.output, done.output
    assert "scenarios.yaml:24:69: E120 `in` must be a zone, but this is a list of zones" in done.output, done.output
