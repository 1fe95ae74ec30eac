"""N zones a seat (`line: {each: player, copies: N}`): read line[p][r], named so everywhere, owned by seat p.

Before, a ruleset wanting a player board of several areas declared `line: {copies: "5 * player_count"}` read through
`line[r * player_count + p]`: play showed `line[7]`, nobody could tell whose, and `visible: owner` was R008 (an Azul
trial). The family is kept flat (seat p's r-th at p * N + r), and the language, texts and records speak in (p, r)."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.validate import check_file
from philtre.interpreter import Game
from philtre.interpreter.determinize import InfoSet
from philtre.interpreter.render import render_view
from philtre.interpreter.scenarios import run_scenarios

FAMILY = Path(__file__).parent / "data" / "seat_family.yaml"


@pytest.fixture(scope="module")
def rules():
    return load_ruleset(str(FAMILY))


def played(rules, players: int, seed: int, record: bool = False) -> Game:
    """A game of ``players`` played to its end by random picks of ``seed``."""
    game = Game(rules, players, seed=seed, record=record)
    game.play_out(random=random.Random(seed).random)
    return game


def halfway(rules, players: int = 2, seed: int = 3, decisions: int = 4) -> Game:
    """A game of ``players`` after ``decisions`` random decisions, recorded."""
    game, rng = Game(rules, players, seed=seed, record=True), random.Random(seed)
    for _ in range(decisions):
        seat = game.pending()[0]
        game.apply(seat, rng.choice(game.options(seat)))
    return game


@pytest.mark.parametrize("players", [2, 3])
def test_each_seat_has_its_n_zones_read_as_line_p_r(rules, players):
    game = Game(rules, players, seed=1)
    assert len(game.state.zones["line"]) == 3 * players
    assert [str(z.key[1]) for z in game.state.zones["line"][3:6]] == ["1][0", "1][1", "1][2"]
    game.apply(0, next(o for o in game.options(0) if str(o) == "put(r=2)"))
    assert len(game.state.zones["line"][2]) == 1  # seat 0's third row: line[0][2], index 0 * 3 + 2
    assert all(len(z) == 0 for i, z in enumerate(game.state.zones["line"]) if i != 2)


def test_the_scenarios_given_line_p_r_and_the_whole_family_pass(rules):
    results = run_scenarios(rules)
    assert len(results) == 3 and all(r.passed for r in results), [r.failures for r in results if not r.passed]


def test_a_seat_sees_its_own_rows_and_never_another_s(rules):
    game = halfway(rules)
    spec = rules.zones["line"]
    assert [spec.owner(i) for i in range(6)] == [0, 0, 0, 1, 1, 1]
    for seat in (0, 1, None):
        view = game.view(seat)["zones"]["line"]  # each seat's list of its zones, as line[p][r]
        assert [len(zones) for zones in view] == [3, 3]
        for p, r in ((p, r) for p in range(2) for r in range(3)):
            zone = view[p][r]
            assert ("components" in zone) == (seat == p), (seat, p, r, zone)
            assert zone["count"] == len(game.state.zones["line"][p * 3 + r])  # (count: everyone, the default)


def test_a_seat_s_record_hides_another_seat_s_rows_and_names_them_by_seat_and_copy(rules):
    game = halfway(rules, decisions=8)
    for seat in (0, 1):
        moves = [e for e in game.recorder.for_player(seat) if e.get("event") == "move" and e["to"]["zone"] == "line"]
        assert moves
        for event in moves:
            to = event["to"]
            assert to["index"] == to["seat"] * 3 + to["copy"]
            assert (event["components"][0].get("hidden") is True) == (to["seat"] != seat), event


def test_a_record_replays_and_a_sample_looks_the_same_to_the_seat(rules, tmp_path):
    from philtre.interpreter.replay import replayed

    game = played(rules, 3, seed=5, record=True)
    game.recorder.write(tmp_path / "game.jsonl")
    assert replayed(str(tmp_path / "game.jsonl")).scores == game.scores  # (each event checked on the way)
    game = halfway(rules, decisions=6)
    for seat in (0, 1):
        sample = InfoSet(game, seat).sample(random.Random(seat))
        assert sample.view(seat)["zones"] == game.view(seat)["zones"]


def test_play_s_board_names_a_seat_s_zones_line_p_r(rules):
    game = halfway(rules, decisions=2)
    board = render_view(game.view(0), rules, played=True)
    own = next(i for i, z in enumerate(game.state.zones["line"][:3]) if z)
    assert f"line[0][{own}] (you): [card rank=" in board, board
    assert "line[1][" in board and ": 1 hidden" in board, board
    words = " ".join(board.split())  # (the `empty:` line, longer than the board's width, is wrapped)
    assert "pile[0][0..1]" not in words and "pile[1][0], pile[1][1]" in words, board  # (two in a run: each named)


def test_count_owner_lets_the_owner_alone_count_its_zones(tmp_path):
    text = FAMILY.read_text(encoding="utf-8").replace("visible: owner}", "visible: nobody, count: owner}", 1)
    (tmp_path / "rules.yaml").write_text(text, encoding="utf-8")
    spec = load_ruleset(str(tmp_path / "rules.yaml")).zones["line"]
    assert [spec.sees_count(4, seat) for seat in (0, 1, None)] == [False, True, False]
    assert not spec.sees_contents(4, 1)


@pytest.mark.parametrize("old, new, code, said", [
    ("count(pile[p][0])", "count(pile[p][9])", "E121",
     "index 9 is out of range of 'pile[p]', whose zones are pile[p][0]..pile[p][1]"),
    ("count(pile[p][0])", "count(pile[3][0])", "E121",
     "index 3 is out of range of 'pile', whose seats' zones are pile[0]..pile[2]"),
    ("copies: 3, visible: owner", 'copies: "3 * player_count", visible: owner', "R012",
     "'line' is N zones a seat (each: player, copies: N): N is a whole number, not an expression (write the most zones "
     "a seat may need (copies: 5), or make one family shared by the seats: drop `each: player` and count the seats in "
     "it, copies: \"3 * player_count\""),
    ("copies: 3, visible: owner", 'copies: "n", visible: owner', "R012",
     "'line' is N zones a seat (each: player, copies: N): N is a whole number, not an expression (write the most zones "
     "a seat may need (copies: 5), or make one family shared by the seats: drop `each: player` and count the seats in "
     "it, copies: \"n * player_count\" (read line[r * player_count + p])"),
    ("copies: 3, visible: owner", 'copies: "0", visible: owner', "R012",
     "'line' is N zones a seat (each: player, copies: N): N is a whole number, not an expression"),
    ("pile: {each: player, copies: 2}", "pile: {each: player, copies: 2, grid: true}", "R012",
     "'pile' is N zones a seat (each: player, copies: N): such a family cannot be a grid yet"),
    ("-> line[me][r]", "-> line[me]", "E120", "the destination must be a zone, but this is a list of zones"),
])
def test_a_family_of_n_zones_a_seat_misread_or_misdeclared_is_said_at_validate(tmp_path, old, new, code, said):
    text = FAMILY.read_text(encoding="utf-8")
    assert old in text
    (tmp_path / "rules.yaml").write_text(text.replace(old, new, 1), encoding="utf-8")
    errors = [str(finding.diagnostic) for finding in check_file(str(tmp_path / "rules.yaml")).errors]
    assert any(f" {code} {said}" in e for e in errors), errors


def test_n_written_quoted_as_a_whole_number_is_that_number(tmp_path):
    """`copies: "5"` was R012 "not an expression", whose hint offered `copies: "5"` back (a Lost Cities trial): a quoted
    whole number is the number, as a component's copies read it."""
    (tmp_path / "rules.yaml").write_text(FAMILY.read_text(encoding="utf-8").replace("copies: 3,", 'copies: "3",', 1),
                                         encoding="utf-8")
    assert not check_file(str(tmp_path / "rules.yaml")).errors
    assert load_ruleset(str(tmp_path / "rules.yaml")).zones["line"].copies == 3


def test_a_row_past_a_seat_s_n_zones_stops_the_game_with_r100(tmp_path):
    (tmp_path / "rules.yaml").write_text(FAMILY.read_text(encoding="utf-8").replace("range(3)", "range(4)", 1), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "philtre", "simulate", str(tmp_path / "rules.yaml"), "-p", "2", "-n", "3",
                          "--seed", "1"], capture_output=True, text=True, cwd=tmp_path)
    assert "R100 rule 'move' failed in its to `line[me][r]`: index 3 is out of range (0..2)" in out.stdout + out.stderr


def test_a_decision_choosing_one_of_a_seat_s_zones_is_told_by_its_name(tmp_path):
    """A record's zone with its seat and copy was no zone to play's recap, which wrote {zone: line, index: 1][2, ...}."""
    import json

    from philtre.interpreter.render import event_text

    text = FAMILY.read_text(encoding="utf-8").partition("scenarios:")[0]
    (tmp_path / "rules.yaml").write_text(text.replace("{r: range(3)}", '{z: "line[me]"}').replace("line[me][r]", "z"),
                                         encoding="utf-8")
    rules = load_ruleset(str(tmp_path / "rules.yaml"))
    game = Game(rules, 2, seed=1, record=True)
    game.apply(0, game.options(0)[2])
    decision = next(e for e in game.recorder.for_player(1) if e.get("event") == "decision")
    assert decision["args"]["z"] == {"zone": "line", "index": 2, "seat": 0, "copy": 2}
    assert event_text(json.loads(json.dumps(decision)), rules) == "seat 0: put(z=line[0][2])"


def test_an_adapter_counts_a_family_of_n_zones_a_seat_by_its_seats_and_line_p_as_no_one_zone(rules):
    """The adapters' action space bounds a choice by the expression alone: `line` lists the seats' lists (2, not the 6
    zones), and `line[me]` is a list of zones, not one zone of a family as `hand[me]` is."""
    from philtre.adapters.actions import _names_a_zone, static_length
    from philtre.dsl.errors import Loc
    from philtre.dsl.parser import parse

    loc = Loc(str(FAMILY), 1, 1)
    assert static_length(parse("line", loc), rules, rules.layout(2)) == 2
    assert not _names_a_zone(parse("line[me]", loc), rules, frozenset())
    assert _names_a_zone(parse("deck", loc), rules, frozenset())


def test_count_of_the_family_or_of_a_seat_s_zones_is_l025(tmp_path):
    """`count(line[p])` is N and `count(line)` the seats, whatever they hold: the components were meant."""
    written = "highest: count(pile[p]) + count(line) + count(pile[p][0])"
    text = FAMILY.read_text(encoding="utf-8").replace("highest: count(pile[p][0])", written, 1)
    (tmp_path / "rules.yaml").write_text(text, encoding="utf-8")
    said = [str(f.diagnostic) for f in check_file(str(tmp_path / "rules.yaml")).findings]
    assert any("L025 `count(pile[p])` counts zones of 'pile', 2 a seat, not the components in them" in s
               and "sum(count(z) for z in pile[p])" in s for s in said), said
    assert any("L025 `count(line)` counts the seats of 'line' (a list of each seat's 3 zones)" in s for s in said), said
    assert not [s for s in said if "count(pile[p][0])" in s], said


def test_a_seat_s_component_starts_in_its_first_zone_and_a_given_zone_takes_the_seat_s_own_first(tmp_path):
    """`start: pile` of a component each seat has puts seat p's in pile[p][0] (not all in pile[0][0], seat 0's); a
    scenario's given line[1][1] takes seat 1's own marker first, as hand[1] does."""
    text = FAMILY.read_text(encoding="utf-8").replace(
        "  card: {attributes: {rank: 1..6}, copies: 2, start: deck}\n",
        "  card: {attributes: {rank: 1..6}, copies: 2, start: deck}\n  marker: {each: player, start: pile}\n", 1)
    text += """  - name: a seat's zone takes the seat's own marker
    players: 2
    given:
      zones:
        pile[1][1]: [{type: marker}]
    expect:
      - first(pile[1][1]).owner == 1
      - count(pile[1][0]) == 0 and count(pile[0][0]) == 1
"""
    (tmp_path / "rules.yaml").write_text(text, encoding="utf-8")
    rules = load_ruleset(str(tmp_path / "rules.yaml"))
    game = Game(rules, 3, seed=1)
    assert [[c["owner"] for c in z] for z in game.state.zones["pile"]] == [[0], [], [1], [], [2], []]
    result = run_scenarios(rules, "own marker")
    assert len(result) == 1 and result[0].passed and not result[0].notes, (result[0].failures, result[0].notes)


def test_components_put_in_a_seat_s_zones_the_scoring_never_reads_are_l007(tmp_path):
    """L007 looked at zones of one a seat alone: a seat's piles filled and never scored went unsaid."""
    text = FAMILY.read_text(encoding="utf-8").partition("scenarios:")[0]
    text = text.replace("          - move: z -> pile[p][1]\n",
                        "          - move: z -> pile[p][1]\n      - score: {player: p, add: \"count(line[p][1])\"}\n", 1)
    text = text.replace("highest: count(pile[p][0]) * 10 + sum(c.rank for c in pile[p][1])", 'highest: "score[p]"', 1)
    (tmp_path / "rules.yaml").write_text(text, encoding="utf-8")
    said = [str(f.diagnostic) for f in check_file(str(tmp_path / "rules.yaml")).findings]
    assert any(" L007 components end up in 'pile' (they are put in and never taken out)" in s for s in said), said


def test_the_pettingzoo_adapter_plays_a_family_of_n_zones_a_seat_to_its_end():
    """Its observation reads a view's zones (each seat's list of them, here) and encodes each in the family's order."""
    pytest.importorskip("pettingzoo")
    from philtre.adapters.pettingzoo import env

    played = env(str(FAMILY), players=2)
    played.reset(seed=1)
    rng, steps = random.Random(1), 0
    for _ in played.agent_iter():
        observation, _, ended, cut, _ = played.last()
        if ended or cut:
            played.step(None)
            continue
        played.step(rng.choice([i for i, legal in enumerate(observation["action_mask"]) if legal]))
        steps += 1
    assert steps == 12  # a card a decision


SCENARIO = """  - name: added
    players: 2
    given:
      zones:
        KEY: VALUE
    expect: [true]
"""


@pytest.mark.parametrize("key, value, code, said", [
    # one level too shallow (the Azul trial: "give one list per zone (5 zones)", of 10, at `philtre test` only)
    ("line", "[[{rank: 3}], []]", "T001",
     "give line one list a seat (2 seats), each of 3 lists, one a zone: [[[...], [], []], [[], [], []]]"),
    ("line[1]", "[[], []]", "T001", "give line[1] one list a zone (3 zones): [[...], [], []]"),
    ("pile", "[[[], []]]", "T001", "give pile one list a seat (2 seats), each of 2 lists, one a zone"),
    # a seat the scenario lacks (the game takes 3: only the scenario's count tells)
    ("line[2][0]", "[{rank: 3}]", "T016", "seat 2 is not a seat of this 2-player scenario, so 'line[2]' names none of its zones"),
    ("line[2]", "[[], [], []]", "T016", "seat 2 is not a seat of this 2-player scenario"),
])
def test_a_given_family_of_the_wrong_shape_or_a_seat_past_the_table_is_said_at_validate(tmp_path, key, value, code, said):
    """At the scenario's player count the zones a key names are known: validate says what `philtre test` would refuse,
    the lists wanted written out."""
    text = FAMILY.read_text(encoding="utf-8") + SCENARIO.replace("KEY", key).replace("VALUE", value)
    (tmp_path / "rules.yaml").write_text(text, encoding="utf-8")
    errors = [str(finding.diagnostic) for finding in check_file(str(tmp_path / "rules.yaml")).errors]
    assert any(f" {code} {said}" in e for e in errors), errors


def test_a_given_family_computed_of_the_wrong_shape_says_the_lists_wanted_when_run(tmp_path):
    """A key validate cannot read by its name (`line if true else line`) is refused when run, with the same words."""
    text = FAMILY.read_text(encoding="utf-8") + SCENARIO.replace("KEY", "line if true else line").replace("VALUE", "[[{rank: 3}], []]")
    (tmp_path / "rules.yaml").write_text(text, encoding="utf-8")
    result = run_scenarios(load_ruleset(str(tmp_path / "rules.yaml")), "added")
    said = " ".join(map(str, result[0].failures))
    assert "T001 give line if true else line one list a seat (2 seats), each of 3 lists, one a zone: " \
           "[[[...], [], []], [[], [], []]]" in said and "name each: (line if true else line)[0][0]" in said, said
