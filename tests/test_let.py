"""`let`: names for values, seen by the statements after it in its block and nowhere else."""

from __future__ import annotations

from pathlib import Path

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.validate import check_file
from philtre.interpreter import Game

LET = Path(__file__).parent / "data" / "let.yaml"


def played(seed: int = 1) -> Game:
    """A game of let.yaml, each seat taking its first option."""
    game = Game(load_ruleset(str(LET)), 2, seed=seed, record=True)
    while not game.finished:
        for seat in game.pending():
            game.apply(seat, game.options(seat)[0])
    return game


def test_names_hold_their_values_in_an_action_and_across_a_decision():
    # round 0: seat 0 draws the 5 (top of 1..5) with n = 1: want 2 + 5; then r = 0 for `seat`, named before the decision
    # round 1: seat 1 draws the 4: 2 + 4, then r = 1
    points = [(e["player"], e["points"]) for e in played().recorder.events if e.get("event") == "score"]
    assert points == [(0, 7), (0, 0), (1, 6), (1, 1)]


def test_a_copied_game_keeps_the_names_of_the_decision_it_waits_at():
    game = Game(load_ruleset(str(LET)), 2, seed=1)
    copy = game.copy()
    for g in (game, copy):
        while not g.finished:
            for seat in g.pending():
                g.apply(seat, g.options(seat)[0])
    assert copy.scores == game.scores == [7, 7]


def findings(tmp_path, old: str, new: str) -> list:
    """The diagnostics of let.yaml with ``old`` replaced by ``new``."""
    text = LET.read_text(encoding="utf-8")
    assert text.count(old) == 1
    path = tmp_path / "ruleset.yaml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return [(f.diagnostic.code, f.diagnostic.message) for f in check_file(str(path)).errors]


def test_a_name_is_not_seen_after_its_block(tmp_path):
    """A let in a loop's body names a value for that body: after the loop the name is unknown."""
    found = findings(tmp_path, "      - score: {player: seat, add: r}\n",
                     "      - score: {player: seat, add: r}\n  - score: {player: 0, add: seat}\n")
    assert [code for code, _ in found] == ["E150"] and "'seat'" in found[0][1]


@pytest.mark.parametrize("name, meaning", [("deck", "a zone"), ("n", "a local name"), ("rank", ""), ("and", "a word of the language"),
                                           ("players", "a name of the game"), ("card", "")])
def test_a_let_may_not_take_a_name_that_already_means_something(tmp_path, name, meaning):
    found = findings(tmp_path, '- let: {top: "last(deck)", want: "n + 1"}', f'- let: {{top: "last(deck)", want: "n + 1", {name}: 1}}')
    if not meaning:  # an attribute's name is not a name of its own
        assert found == []
        return
    assert [code for code, _ in found] == ["S023"] and meaning in found[0][1]


def test_a_let_takes_no_when(tmp_path):
    """A skipped let would leave its names unbound after it (or, in a loop that pauses, holding an earlier pass's value)."""
    found = findings(tmp_path, "      - let: {seat: \"r % player_count\"}\n",
                     "      - let: {seat: \"r % player_count\"}\n        when: r > 0\n")
    assert [code for code, _ in found] == ["S024"]


def test_a_refused_name_is_reported_once_not_at_every_use(tmp_path):
    """`let: {deck: ...}` where deck is a zone: S023 says to rename it; its uses add nothing that leads elsewhere."""
    text = LET.read_text(encoding="utf-8").replace('- let: {top: "last(deck)", want: "n + 1"}', '- let: {deck: "last(deck)", want: "n + 1"}')
    text = text.replace("move: top -> hand[me]", "move: deck -> hand[me]").replace("want + top.rank", "want + deck.rank")
    path = tmp_path / "ruleset.yaml"
    path.write_text(text, encoding="utf-8")
    found = [(f.diagnostic.code, f.diagnostic.message) for f in check_file(str(path)).errors]
    assert found == [("S023", "'deck' already names a zone here")], found


def test_a_copy_s_names_holding_a_zone_as_a_map_s_key_name_the_copy_s_zones(tmp_path):
    """A map keyed by a zone, named across a decision and looped over after it: played on a copy, the loop moves the
    copy's cards into the copy's zone, not into the game it was copied from (a differential fuzz found the copy's
    cards moved into the original's zone, and the original changed though nobody played it)."""
    path = tmp_path / "ruleset.yaml"
    path.write_text("""\
game: keyed
players: 2
components:
  chip: {copies: 2, start: pile}
zones:
  pile: {}
  box: {}
actions:
  go: {}
flow:
  - let: {spots: "{box: 1}"}
  - decide: go
    player: 0
  - for: z in spots
    do:
      - move: pile -> z
""", encoding="utf-8")
    game = Game(load_ruleset(str(path)), 2, seed=1)
    copy = game.copy()
    copy.apply(0, copy.options(0)[0])
    assert copy.finished and [c.ident for c in copy.state.zones["box"][0]] == [0, 1]
    assert not game.finished and not game.state.zones["box"][0] and len(game.state.zones["pile"][0]) == 2
