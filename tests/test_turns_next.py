"""`turns` with `next:`: the seat after each turn is the rules' to say (a direction that reverses, a seat skipped)."""

from __future__ import annotations

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.interpreter.simulate import play_game

# Uno's reverse and skip, cut down: every card is played from a hand of two; `order` lists whose turn each was
REVERSING = """\
game: reverse
players: 2..5
components:
  card: {attributes: {kind: [number, reverse, skip]}, copies: 6, start: deck}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
  pile: {visible: everyone}
variables:
  direction: {initial: 1}
  skip: {initial: false}
  order: {initial: []}
actions:
  play:
    choose: {card: "hand[me]"}
    do:
      - move: card -> pile
      - when: card.kind == 'reverse'
        set: {direction: -direction}
      - when: card.kind == 'skip'
        set: {skip: true}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, count: 2}
  - turns: 0
    until: all(count(hand[p]) == 0 for p in players)
    next: NEXT
    do:
      - set: {skip: false, order: "order + [current]"}
      - when: count(hand[current]) > 0
        decide: play
winners: {highest: "score[p]"}
"""
ALONG = '"current + direction * (2 if skip else 1)"'


def _ruleset(tmp_path, following: str = ALONG):
    path = tmp_path / "reverse.yaml"
    path.write_text(REVERSING.replace("NEXT", following), encoding="utf-8")
    return load_ruleset(str(path))


SCENARIO = """\
scenarios:
  - name: a reverse turns the table the other way, a skip passes a seat over
    players: 4
    given:
      zones:
        "hand[0]": [{kind: number}, {kind: skip}]
        "hand[1]": [{kind: reverse}, {kind: number}]
        "hand[2]": [{kind: number}, {kind: number}]
        "hand[3]": [{kind: number}, {kind: number}]
    steps:
      - {player: 0, action: play, args: {card: {kind: number}}}
      - {player: 1, action: play, args: {card: {kind: reverse}}}
      - {player: 0, action: play, args: {card: {kind: skip}}}
    expect:
      - order == [0, 1, 0, 2]
      - direction == -1
"""


def test_a_reverse_turns_the_table_the_other_way_and_a_skip_passes_a_seat_over(tmp_path):
    """Four seats: 0 plays a number, 1 a reverse (back to 0), 0 a skip (3 is passed over: 2 is next)."""
    from philtre.interpreter.scenarios import run_scenarios

    folder = tmp_path / "reverse"
    folder.mkdir()
    (folder / "ruleset.yaml").write_text(REVERSING.replace("NEXT", ALONG), encoding="utf-8")
    (folder / "scenarios.yaml").write_text(SCENARIO, encoding="utf-8")
    (result,) = run_scenarios(load_ruleset(str(folder)))
    assert result.passed, result.failures
    (folder / "scenarios.yaml").write_text(SCENARIO.replace("[0, 1, 0, 2]", "[0, 1, 0, 3]"), encoding="utf-8")
    (result,) = run_scenarios(load_ruleset(str(folder)))
    assert not result.passed  # (the expectation is read)


def test_a_game_with_next_plays_alike_recorded_or_not(tmp_path):
    """The frame machine and the statement runners both follow `next` (a recorded game takes the other way)."""
    ruleset = _ruleset(tmp_path)
    for seed in range(12):
        plain = play_game(ruleset, 3, seed, ["random"] * 3)
        recorded = play_game(ruleset, 3, seed, ["random"] * 3, record=True)
        assert plain.state.vars["order"] == recorded.state.vars["order"], seed
    orders = [play_game(ruleset, 3, seed, ["random"] * 3).state.vars["order"] for seed in range(12)]
    assert any(any(b != (a + 1) % 3 for a, b in zip(o, o[1:])) for o in orders)  # some turn did not go left


def test_a_next_that_gives_no_seat_is_refused(tmp_path):
    """A word is refused before any game (E120); none, known only when it comes, stops the game at the loop (R100)."""
    with pytest.raises(PhiltreError) as info:
        _ruleset(tmp_path, "\"'left'\"")
    assert info.value.first.code == "E120", info.value.first
    ruleset = _ruleset(tmp_path, '"none if skip else current + 1"')
    failures = []
    for seed in range(20):
        try:
            play_game(ruleset, 3, seed, ["random"] * 3)
        except PhiltreError as exc:
            failures.append(exc.first)
    assert failures and all(f.code == "R100" for f in failures), failures
    assert "a turns loop's next is a seat (a whole number), got none" in failures[0].message, failures[0]


def test_next_belongs_to_turns_alone(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(REVERSING.replace("NEXT", ALONG).replace("  - shuffle: deck\n", "  - shuffle: deck\n    next: 1\n"),
                    encoding="utf-8")
    with pytest.raises(PhiltreError) as info:
        load_ruleset(str(path))
    assert info.value.first.code == "S003", info.value.first


LEAVING = """\
game: leaving
players: 3
variables:
  out: {initial: false, each: player}
actions:
  leave:
    do:
      - set: {"out[me]": true}
flow:
  - turns: 0
    until: out[current] and all(out[p] for p in players)
    next: first(q for q in seats_from(left(current)) if not out[q])
    do:
      - decide: leave
winners: {highest: "score[p]"}
"""


@pytest.mark.parametrize("record", [False, True])
def test_a_next_read_after_the_last_turn_is_reported_at_the_next_with_why(tmp_path, record):
    """`next` is read before `until` even after the last turn: a none there is R100 at the `next:` line (not the loop's),
    in its next (its `until`, which reads `current`, is not evaluated again without it), and the hint says why."""
    path = tmp_path / "leaving.yaml"
    path.write_text(LEAVING, encoding="utf-8")
    with pytest.raises(PhiltreError) as info:
        play_game(load_ruleset(str(path)), 3, 1, ["random"] * 3, record=record)
    found = info.value.first
    assert found.code == "R100" and (found.loc.line, found.loc.col) == (12, 11), found
    assert "failed in its next `first(q for q in" in found.message, found
    assert "reads its next after every turn, the last one too" in found.hint, found
    assert "first([...] + [current])" in found.hint, found
    fixed = LEAVING.replace("if not out[q])", "if not out[q]] + [current])").replace("next: first(q", "next: first([q")
    path.write_text(fixed, encoding="utf-8")
    assert play_game(load_ruleset(str(path)), 3, 1, ["random"] * 3, record=record).state.vars["out"] == [True] * 3


@pytest.mark.parametrize("written, fixed", [
    ("first(q for q in seats_from(left(current)) if not out[q])",
     "first([q for q in seats_from(left(current)) if not out[q]] + [current])"),
    ("last(q for q in seats_from(left(current)) if not out[q])",
     "last([current] + [q for q in seats_from(left(current)) if not out[q]])"),
])
def test_a_next_whose_filter_may_keep_no_seat_is_l048_at_validate(tmp_path, written, fixed):
    """A Coloretto trial's next, the first seat not out, validated clean, then every game stopped with R100 after the
    last turn: validate says so at the `next:` with the fix R100's hint gives, written out; with it the lint is silent.
    A note, failing nothing: a High Society's and a Leduc poker's next, whose filters always keep a seat, were right."""
    from philtre.dsl.validate import check_file

    path = tmp_path / "leaving.yaml"
    path.write_text(LEAVING.replace("first(q for q in seats_from(left(current)) if not out[q])", written), encoding="utf-8")
    [noted] = check_file(str(path)).findings
    found = noted.diagnostic
    assert found.code == "L048" and (found.loc.line, found.loc.col) == (12, 11), found
    assert noted.severity == "note" and not noted.fails  # (only the rules know a seat always passes: High Society's did)
    assert "is none where its filter keeps no seat" in found.message and "(R100)" in found.message, found
    assert f"give it one to fall back on: {fixed}" in found.hint and "# philtre: ignore[L048]" in found.hint, found
    path.write_text(LEAVING.replace("first(q for q in seats_from(left(current)) if not out[q])", fixed), encoding="utf-8")
    assert [str(f.diagnostic) for f in check_file(str(path)).findings] == []
