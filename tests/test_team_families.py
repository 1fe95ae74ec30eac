"""Zones and variables kept a team (`each: team`): one a team of the ruleset's `teams`, read by team index, seen by
every seat of the team where `visible: owner`, and marked "(your side)" on play's board for each of them."""

from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner

from philtre.dsl import load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.dsl.validate import check_file
from philtre.interpreter import Game
from philtre.interpreter.cli import main
from philtre.interpreter.records import HIDDEN

# Partners facing each other at four (singles at two and three): each side hides cards in its own stash, which the other
# side may only count, lays them in its melds (one a rank, seen by all), and adds their ranks to its own pot (hidden from
# the other side). A seat passes instead where its hand is empty.
PARTNERS = """\
philtre: 1
game: partners
players: 2..4
teams: "[[0, 2], [1, 3]] if player_count == 4 else [[p] for p in players]"
components:
  card: {attributes: {rank: 1..3}, copies: 4, start: deck}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
  stash: {each: team, visible: owner}
  meld: {each: team, copies: 3}
variables:
  pot: {initial: 0, each: team, visible: owner}
  laid: {initial: 0, each: team}
actions:
  hide:
    choose: {card: "hand[me]"}
    do:
      - move: card -> stash[team_index(me)]
      - set: {"pot[team_index(me)]": "pot[team_index(me)] + card.rank"}
  lay:
    choose: {card: "stash[team_index(me)]"}
    do:
      - move: card -> meld[team_index(me)][card.rank - 1]
      - set: {"laid[team_index(me)]": "laid[team_index(me)] + 1"}
  pass: {}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, count: 2}
  - repeat: 2
    do:
      - for: p in players
        do:
          - decide: [hide, lay, pass]
            player: p
  - reveal: pot
winners: "[p for p in players if laid[team_index(p)] + pot[team_index(p)] == max(laid[t] + pot[t] for t in range(count(teams)))]"
"""


def written(tmp_path, text: str = PARTNERS):
    path = tmp_path / "partners.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def ruleset(tmp_path, text: str = PARTNERS):
    return load_ruleset(str(written(tmp_path, text)))


def findings(tmp_path, text: str) -> list[str]:
    """Validate's findings as it prints them, without the path and place."""
    path = written(tmp_path, text)
    return [str(f.diagnostic).removeprefix(f"{path}:").partition(" ")[2] for f in check_file(str(path)).findings]


def hide_first(game):
    """Seats 0 then 1 each hide a card from their hand (seat 0's into team 0's stash, seat 1's into team 1's)."""
    for seat in (0, 1):
        game.apply(seat, _option(game, seat, "hide"))


def _option(game, seat, action):
    assert seat in game.pending(), (seat, game.pending())
    return next(o for o in game.options(seat) if o.action == action)


@pytest.mark.parametrize("players, teams", [(2, 2), (3, 3), (4, 2)])
def test_a_family_a_team_has_one_zone_and_one_value_a_team_of_the_players_count(tmp_path, players, teams):
    game = Game(ruleset(tmp_path), players, seed=1)
    assert len(game.state.zones["stash"]) == teams
    assert len(game.state.zones["meld"]) == 3 * teams  # (kept flat: meld[t][r] at t * 3 + r)
    assert game.state.vars["pot"] == [0] * teams and game.state.vars["laid"] == [0] * teams


def test_a_teams_hidden_zone_and_value_are_seen_by_every_seat_of_the_team_alone(tmp_path):
    game = Game(ruleset(tmp_path), 4, seed=3)
    hide_first(game)
    stash0, stash1 = (list(z) for z in game.state.zones["stash"])
    assert len(stash0) == len(stash1) == 1
    for seat in (0, 2):  # team 0: both partners see its stash and pot, and only count the other side's
        view = game.view(seat)
        assert view["zones"]["stash"][0]["components"] == [dict(c) for c in stash0]
        assert "components" not in view["zones"]["stash"][1] and view["zones"]["stash"][1]["count"] == 1
        assert view["variables"]["pot"] == [game.state.vars["pot"][0], HIDDEN]
    for seat in (1, 3):
        view = game.view(seat)
        assert view["zones"]["stash"][1]["components"] == [dict(c) for c in stash1]
        assert "components" not in view["zones"]["stash"][0]
        assert view["variables"]["pot"] == [HIDDEN, game.state.vars["pot"][1]]
    onlooker = game.view(None)
    assert all("components" not in z for z in onlooker["zones"]["stash"])
    assert onlooker["variables"].get("pot") in (None, [HIDDEN, HIDDEN])
    # a family of N zones a team is viewed as the rules read it: each team's list of its N zones
    assert [len(side) for side in game.view(0)["zones"]["meld"]] == [3, 3]


def test_a_seats_record_hides_the_other_teams_stash_and_pot(tmp_path):
    game = Game(ruleset(tmp_path), 4, seed=3, record=True)
    hide_first(game)
    hidden_card = dict(game.state.zones["stash"][1][0])
    for seat, other in ((0, 1), (2, 1), (1, 0), (3, 0)):
        told = json.dumps(game.recorder.for_player(seat))
        secret = dict(game.state.zones["stash"][other][0])
        pots = [e for e in game.recorder.for_player(seat) if e.get("event") == "set" and e.get("variable") == "pot"]
        assert [e for e in pots if e["index"] == other] == []  # (a set of a value the seat may not see is left out)
        own = 1 - other
        assert [e["value"] for e in pots if e["index"] == own] == [game.state.vars["pot"][own]]
        moved = [e for e in game.recorder.for_player(seat) if e.get("event") == "move" and e["to"]["zone"] == "stash"]
        into_other = [e for e in moved if e["to"]["index"] == other]
        assert into_other and json.dumps(secret) not in json.dumps(into_other), told
    assert hidden_card == dict(game.state.zones["stash"][1][0])


def test_a_record_names_a_zone_of_n_a_team_by_its_team_and_copy(tmp_path):
    game = Game(ruleset(tmp_path), 4, seed=3, record=True)
    hide_first(game)
    game.apply(2, _option(game, 2, "lay"))
    to = next(e["to"] for e in game.recorder.events if e.get("event") == "move" and e["to"]["zone"] == "meld")
    assert to["team"] == 0 and "seat" not in to and to["index"] == to["copy"]


def test_partners_score_their_sides_values_in_every_game(tmp_path):
    rs = ruleset(tmp_path)
    for seed in range(6):
        game = Game(rs, 4, seed=seed)
        game.play_out(random=random.Random(seed).random)
        assert game.state.flow.winners in ([0, 2], [1, 3], [0, 1, 2, 3])
        laid = [sum(len(z) for z in game.state.zones["meld"][t * 3:t * 3 + 3]) for t in range(2)]
        assert game.state.vars["laid"] == laid


def test_play_marks_a_teams_zones_your_side_for_each_seat_of_the_team(tmp_path):
    path = written(tmp_path)
    for seat, own, other in ((0, "stash[0]", "stash[1]"), (2, "stash[0]", "stash[1]"), (3, "stash[1]", "stash[0]")):
        result = CliRunner().invoke(main, ["play", str(path), "-p", "4", "--seat", str(seat), "--seed", "3"], input="1\n" * 4)
        board = result.output
        assert f"  {own} (your side): " in board or f"{own} (your side)" in board, board
        assert f"{other} (your side)" not in board and f"  {other}: " in board, board
        assert f"hand[{seat}] (you)" in board


def test_each_team_without_teams_is_told_to_declare_them(tmp_path):
    text = PARTNERS.replace('teams: "[[0, 2], [1, 3]] if player_count == 4 else [[p] for p in players]"\n', "")
    said = findings(tmp_path, text)
    errors = [s for s in said if s.startswith("E141 'each: team'")]
    assert [s.split(" reads")[0] for s in errors] == [
        "E141 'each: team' of the zone 'stash'", "E141 'each: team' of the zone 'meld'",
        "E141 'each: team' of the variable 'pot'", "E141 'each: team' of the variable 'laid'"], said
    assert all('declare the partnerships' in s and 'teams: "[[0, 2], [1, 3]]"' in s for s in errors)


def test_choosing_from_the_seats_own_teams_hidden_zone_tells_nothing_but_the_others_does(tmp_path):
    assert not [s for s in findings(tmp_path, PARTNERS) if s.startswith(("L008", "L021"))]
    other = PARTNERS.replace('choose: {card: "stash[team_index(me)]"}', 'choose: {card: "stash[(team_index(me) + 1) % count(teams)]"}')
    assert [s for s in findings(tmp_path, other) if s.startswith("L008")]


def test_owner_of_a_teams_zone_is_none_and_copy_of_its_copy(tmp_path):
    text = PARTNERS.replace("  pass: {}\n", "  pass:\n    if: owner_of(meld[1][2]) == none and copy_of(meld[1][2]) == 2 and copy_of(stash[1]) == 0\n")
    game = Game(ruleset(tmp_path, text), 4, seed=1)
    assert any(o.action == "pass" for o in game.options(0))


def test_a_team_value_set_whole_takes_one_value_a_team(tmp_path):
    text = PARTNERS.replace("  pass: {}\n", "  pass:\n    do:\n      - set: {laid: \"[1 for p in players]\"}\n")
    game = Game(ruleset(tmp_path, text), 4, seed=1)
    with pytest.raises(Exception, match=r"'laid' holds one value per team: set it to a list of 2 values"):
        game.apply(0, _option(game, 0, "pass"))


def test_the_observation_encoder_keeps_one_slot_a_team_for_the_player_count(tmp_path):
    pytest.importorskip("numpy")
    from philtre.adapters.encoding import ViewEncoder

    rs = ruleset(tmp_path)
    for players, teams in ((3, 3), (4, 2)):
        fields = [name for name, _, _ in ViewEncoder(rs, players).fields]
        assert [f for f in fields if f.startswith("var pot")] == [f"var pot[{t}]" for t in range(teams)]
        assert [f for f in fields if f.startswith("zone stash")] == [f"zone stash[{t}]" for t in range(teams)]


SCENARIO = """\
scenarios:
  - name: a side lays from its stash
    players: 4
    given:
      zones:
        hand: [[], [], [], []]
        stash[1]: [{rank: 3}]
        meld[0]: [[{rank: 1}], [], []]
      variables:
        pot: [5, 3]
        laid: [1, 0]
    steps:
      - {player: 0, action: pass}
      - {player: 1, action: lay, args: {card: {rank: 3}}}
    expect:
      - count(meld[1][2]) == 1 and count(stash[1]) == 0 and count(meld[0][0]) == 1
      - laid == [1, 1] and pot == [5, 3]
"""


def test_a_scenario_gives_a_teams_zones_and_values_one_a_team(tmp_path):
    from philtre.interpreter.scenarios import run_scenarios

    results = run_scenarios(ruleset(tmp_path, PARTNERS + SCENARIO))
    assert [r.passed for r in results] == [True], results
    said = findings(tmp_path, PARTNERS + SCENARIO.replace("pot: [5, 3]", "pot: 5"))
    assert any(s.startswith("T004 'pot' has one value per team (each: team)") for s in said), said


def test_validate_says_a_team_value_given_for_another_number_of_teams(tmp_path):
    """T004 with an example, as for a per-seat value, where a scenario gives a per-team variable a list of another
    length than its players' teams (`teams` worked out for them): a trial's `bags: [5, 0, 0, 0]` passed validate."""
    wrong = PARTNERS + SCENARIO.replace("pot: [5, 3]", "pot: [5, 3, 0, 0]")
    assert findings(tmp_path, wrong) == ["T004 'pot' has one value per team (each: team): give a list of 2 values, one a "
                                         "team in the order of the teams, not [5, 3, 0, 0] (e.g. pot: [0, 0])"]
    with pytest.raises(PhiltreError, match=r"T004 'pot' has one value per team"):
        ruleset(tmp_path, wrong)  # (test and play load it so too)
    # the count of teams is the scenario's players': at three, each seat is a team
    three = PARTNERS + SCENARIO.replace("players: 4", "players: 3").replace("hand: [[], [], [], []]", "hand: [[], [], []]")
    assert [s for s in findings(tmp_path, three) if s.startswith("T004")] == [
        "T004 'pot' has one value per team (each: team): give a list of 3 values, one a team in the order of the teams, "
        "not [5, 3] (e.g. pot: [0, 0, 0])",
        "T004 'laid' has one value per team (each: team): give a list of 3 values, one a team in the order of the teams, "
        "not [1, 0] (e.g. laid: [0, 0, 0])"]
    # said with another scenario's T004, which the checks before the rules are built find
    both = wrong.replace("laid: [1, 0]", "laid: [1, 0]\n        nope: 1")
    assert [s.partition(" '")[2][:5] for s in findings(tmp_path, both) if s.startswith("T004")] == ["pot' ", "nope'"]


def test_a_recorded_game_replays_and_a_seats_replay_hides_the_other_sides_stash(tmp_path):
    path = written(tmp_path)
    out = tmp_path / "out"
    ran = CliRunner().invoke(main, ["simulate", str(path), "-p", "4", "-n", "2", "--seed", "5", "--record", str(out),
                                    "--db", str(tmp_path / "runs.sqlite")])
    assert ran.exit_code == 0, ran.output
    record = sorted(out.glob("*.jsonl"))[0]
    replayed = CliRunner().invoke(main, ["replay", str(record)])
    assert replayed.exit_code == 0 and "all events match" in replayed.output, replayed.output
    events = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()[1:]]
    hidden_into_1 = [c for e in events if e.get("event") == "move" and e["to"] == {"zone": "stash", "index": 1}
                     for c in e["components"]]
    told = CliRunner().invoke(main, ["replay", str(record), "--seat", "0"])
    seat0 = [json.loads(line) for line in told.stdout.splitlines()[1:] if line.startswith("{")]
    moves = [e for e in seat0 if e.get("event") == "move" and e["to"] == {"zone": "stash", "index": 1}]
    assert len(moves) == len([e for e in events if e.get("event") == "move" and e["to"] == {"zone": "stash", "index": 1}])
    assert hidden_into_1 and all(c == HIDDEN or "rank" not in c for e in moves for c in e["components"]), moves


def test_a_team_family_indexed_by_a_seat_is_warned_of(tmp_path):
    """L055 at `stash[me]` (another side's stash at four players, none for seat 2) and at a set of `"pot[me]"`; the
    ruleset reading them by team_index(me) is clean."""
    assert not [s for s in findings(tmp_path, PARTNERS) if s.startswith("L055")]
    text = PARTNERS.replace("      - move: card -> stash[team_index(me)]", "      - move: card -> stash[me]")
    text = text.replace('{"pot[team_index(me)]": "pot[team_index(me)] + card.rank"}', '{"pot[me]": "pot[team_index(me)] + card.rank"}')
    said = [s for s in findings(tmp_path, text) if s.startswith("L055")]
    assert [s.split(" indexed")[0] for s in said] == [
        "L055 'stash' is a zone family kept a team (each: team),", "L055 'pot' is a variable kept a team (each: team),"], said
    assert "stash[team_index(me)]" in said[0] and "pot[team_index(me)]" in said[1]


def _dealt_to_stash(told: str) -> dict:
    """The `dealt from deck:` line of an account that deals to the stashes, as {zone: what it says went there}."""
    line = next(ln for ln in told.splitlines() if ln.strip().startswith("dealt from deck:") and "stash" in ln)
    said = {}
    for part in line.split(": ", 1)[1].split("; ") if ";" in line else line.split(": ", 1)[1].split(", "):
        if part.startswith("to "):  # a part named, its zone first: "to stash[0] (your side): card rank=1, ..."
            zone, _, what = part[3:].partition(": ")
            said[zone.replace(" (your side)", "")] = what
        else:  # a part counted: "2 to stash[1]"
            what, _, zone = part.partition(" to ")
            said[zone] = what
    return said


def test_a_deal_into_a_teams_hidden_zone_names_its_cards_to_each_seat_of_the_team_alone(tmp_path):
    """Play and replay --text tell a seat of the team the cards dealt into its side's hidden stash, as its own hand's,
    seat 2 (team 0's second seat) as seat 0; a seat of the other team reads how many."""
    path = written(tmp_path, PARTNERS.replace("  - deal: {from: deck, to: hand, count: 2}\n",
                                              "  - deal: {from: deck, to: hand, count: 2}\n  - deal: {from: deck, to: stash, count: 2}\n"))
    out = tmp_path / "out"
    ran = CliRunner().invoke(main, ["simulate", str(path), "-p", "4", "-n", "1", "--seed", "5", "--record", str(out),
                                    "--db", str(tmp_path / "runs.sqlite")])
    assert ran.exit_code == 0, ran.output
    record = sorted(out.glob("*.jsonl"))[0]
    for seat, own, other in ((0, "stash[0]", "stash[1]"), (2, "stash[0]", "stash[1]"), (1, "stash[1]", "stash[0]"),
                             (3, "stash[1]", "stash[0]")):
        played = CliRunner().invoke(main, ["play", str(path), "-p", "4", "--seat", str(seat), "--seed", "3"], input="1\n" * 4)
        replayed = CliRunner().invoke(main, ["replay", str(record), "--seat", str(seat), "--text"])
        for told in (played.output, replayed.output):
            said = _dealt_to_stash(told)
            assert said[other] == "2" and "card rank=" in said[own], (seat, told)
            assert f"to {own} (your side): card rank=" in told, (seat, told)  # (marked, as the board marks it)


def test_a_scenarios_messages_of_a_team_family_say_team_not_seat(tmp_path):
    """T001 for a family of N zones a team given the wrong lists, and T004 for a team value of the wrong kind, speak of
    teams (validate and the run alike): 'one list a seat (2 seats)' read as if two of the four seats were given."""
    from philtre.interpreter.scenarios import run_scenarios

    misshapen = PARTNERS + SCENARIO.replace("meld[0]: [[{rank: 1}], [], []]", "meld: [[[{rank: 1}], [], []]]")
    said = [s for s in findings(tmp_path, misshapen) if s.startswith("T001")]
    assert said and said[0].startswith("T001 give meld one list a team (2 teams), each of 3 lists"), said
    ran = run_scenarios(ruleset(tmp_path, misshapen))
    assert "give meld one list a team (2 teams)" in str(ran[0]), ran
    wrong = PARTNERS + SCENARIO.replace("pot: [5, 3]", "pot: [5, word]")
    said = [s for s in findings(tmp_path, wrong) if s.startswith("T004")]
    assert said and "'pot' holds a number per team" in said[0] and "team 1's value 'word'" in said[0], said
    assert not any("seat" in s for s in said), said
    # T025: a team's list given shorter than the initial list, then indexed past its end, is named as that team's
    listed = PARTNERS.replace("  laid: {initial: 0, each: team}\n", "  laid: {initial: 0, each: team}\n  hist: {initial: [0, 0], each: team}\n")
    short = (SCENARIO.replace("        laid: [1, 0]\n", "        laid: [1, 0]\n        hist: [[0, 0], [0]]\n")
             .replace("      - laid == [1, 1] and pot == [5, 3]\n", "      - hist[1][1] == 0\n"))
    ran = run_scenarios(ruleset(tmp_path, listed + short))
    assert "T025 `given` sets 'hist' (team 1's) to a list of 1 item" in str(ran[0]) and "each team 2 items" in str(ran[0]), ran


def test_play_names_the_entry_of_a_teams_value_that_is_the_seats_side(tmp_path):
    """A value kept a team is marked as the team's zones are: seat 2 (team 0) read `pot = [0, hidden]` and could not tell
    from it that pot[0] was its side's, a seat's side numbered by the teams, not by its seat."""
    from philtre.interpreter.render import render_view

    game = Game(ruleset(tmp_path), 4, seed=3)
    for seat, side in ((0, 0), (2, 0), (1, 1), (3, 1)):
        lines = render_view(game.view(seat), game.ruleset, played=True).splitlines()
        assert f"  laid = [0, 0] (your side: laid[{side}])" in lines, lines
        assert any(line.startswith("  pot = ") and line.endswith(f" (your side: pot[{side}])") for line in lines), lines
    assert "your side" not in render_view(game.view(None), game.ruleset, played=True)  # (an onlooker has no side)
    # an entry a line, where the whole line is long, the side's entry marked as a zone of it is
    wide = PARTNERS.replace("  laid: {initial: 0, each: team}\n", "  laid: {initial: 0, each: team}\n"
                            f"  log: {{initial: {[i * 1000000 for i in range(12)]}, each: team}}\n")
    game = Game(ruleset(tmp_path, wide), 4, seed=3)
    lines = render_view(game.view(2), game.ruleset, played=True).splitlines()
    assert [line.split(" = ")[0] for line in lines if line.startswith("  log")] == ["  log[0] (your side)", "  log[1]"], lines


def test_a_move_out_of_each_teams_hidden_zone_counts_the_cards_the_seat_saw_on_its_side(tmp_path):
    """A move of the family's zones into one (one line: `2 cards from stash[0]; ... from stash[1] to deck`) counts the
    cards of the seat's side's zone, which it saw arrive, for each seat of the team, as for its own hand's."""
    path = written(tmp_path, PARTNERS.replace("  - deal: {from: deck, to: hand, count: 2}\n",
                                              "  - deal: {from: deck, to: hand, count: 2}\n  - deal: {from: deck, to: stash, count: 2}\n"
                                              "  - move: stash -> deck\n"))
    for seat, own, other in ((0, "stash[0]", "stash[1]"), (2, "stash[0]", "stash[1]"), (3, "stash[1]", "stash[0]")):
        told = CliRunner().invoke(main, ["play", str(path), "-p", "4", "--seat", str(seat), "--seed", "3"], input="1\n" * 4).output
        line = next(ln.strip() for ln in told.splitlines() if ln.strip().endswith(" to deck"))
        assert f"2 cards from {own}" in line and f"a hidden component x2 from {other}" in line, (seat, line)


def test_an_overlay_removing_the_teams_the_rules_read_is_one_finding_at_its_removal(tmp_path):
    """E141 once, at the overlay's `teams: {$remove: true}`, listing each rule that reads them where it is written, with
    no hint to declare the teams the base declares: a trial's removal gave 8 errors at the base's lines."""
    written(tmp_path)
    overlay = tmp_path / "solo.yaml"
    overlay.write_text("extends: partners.yaml\nteams: {$remove: true}\n", encoding="utf-8")
    found = check_file(str(overlay)).findings
    assert [(f.diagnostic.loc.path, f.diagnostic.loc.line, f.diagnostic.code) for f in found] == [(str(overlay), 2, "E141")]
    said = found[0].diagnostic
    base = PARTNERS.splitlines()
    stash = next(i for i, line in enumerate(base, 1) if line.startswith("  stash:"))
    assert said.message.startswith(f"this removes the ruleset's teams, which 14 rules read: {tmp_path / 'partners.yaml'}:"
                                   f"{stash}:17 ('each: team' of the zone 'stash'), "), said.message
    assert "('each: team' of the variable 'pot')" in said.message and "(team_index())" in said.message, said.message
    assert said.message.endswith(" and 2 more"), said.message  # (the first dozen listed)
    assert "declare the partnerships" not in said.hint and "$remove" in said.hint, said.hint
    # a ruleset that declares none is told to declare them, at each read
    no_teams = [f.diagnostic for f in check_file(str(written(tmp_path, PARTNERS.replace("teams: ", "# teams: ", 1)))).findings]
    assert len(no_teams) > 1 and all("declare the partnerships" in d.hint for d in no_teams), no_teams


# Four seats in two sides play a card each to a trick; the highest card's seat leads the next and its side takes the
# trick, into `won[TAKER]` (TAKER replaced by each form below): a side's pile is read by its team's index.
TRICKS = """\
philtre: 1
game: tricks
players: 4
teams: "[[0, 1], [2, 3]]"
components:
  card: {attributes: {rank: 1..8}, start: deck}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
  trick: {}
  won: {each: team}
variables:
  leader: 0
  bidder: null
  seq: {initial: []}
  side: 0
  taken: {initial: 0, each: team}
define:
  win_i: max_by([trick[i].rank, i] for i in range(count(trick)))
blocks:
  take(p):
    - move: trick -> won[TAKER]
actions:
  play:
    choose: {card: "hand[me]"}
    do:
      - move: card -> trick
      - set: {seq: "seq + [me]"}
      - when: bidder == none
        set: {bidder: me}
flow:
  - deal: {from: deck, to: hand, count: 2}
  - repeat: 2
    do:
      - set: {seq: "[]"}
      - repeat: 4
        as: i
        do:
          - decide: play
            player: left(leader, i)
      - let: {w: "seq[win_i]", s: "players[win_i]", t: "team_index(seq[win_i])"}
      - set: {leader: w, side: t}
      - STATEMENT
winners: "[p for p in players if count(won[team_index(p)]) == max(count(z) for z in won)]"
"""


def trick_findings(tmp_path, taker: str, statement: str = "move: trick -> won[TAKER]") -> list[str]:
    """L055's findings where the trick is taken into ``taker`` (by ``statement``)."""
    text = TRICKS.replace("STATEMENT", statement).replace("TAKER", taker)
    return [s for s in findings(tmp_path, text) if s.startswith("L055")]


@pytest.mark.parametrize("taker", [
    "w",  # a let of an item of a list only ever of seats (a trial's `seq[win_i]`)
    "s",  # a let of an item of `players`
    "leader",  # a variable declared 0 whose every set gives a seat
    "bidder",  # a variable declared none set only to a seat
    "left(leader, 0)",  # a builtin giving a seat
    "right(w)",
    "owner_of(hand[w])",
    "seq[0]",  # an item of a list of seats, read in place
    "w if count(trick) > 0 else leader",  # a seat either way
])
def test_a_team_family_indexed_by_a_seat_held_by_a_name_or_given_by_a_call_is_warned_of(tmp_path, taker):
    """L055 follows what the compiler types a seat (a trial's `won[w]` after `let: {w: "seq[win_i]"}` passed validate,
    and stopped the game when seat 2 or 3 won a trick, or filled the wrong side's pile)."""
    said = trick_findings(tmp_path, taker)
    assert len(said) == 1 and said[0].startswith("L055 'won' is a zone family kept a team (each: team)"), said
    assert f"won[{taker}] indexes it by a seat" in said[0] and f"won[team_index({taker})]" in said[0], said


@pytest.mark.parametrize("statement, hint", [
    ("for: p in players\n        do:\n          - set: {\"taken[p]\": 1}", "taken[team_index(p)]"),  # a loop over the seats
    ("run: take(w)", "won[team_index(p)]"),  # a block's parameter given a seat
    ("set: {\"taken[leader]\": 1}", "taken[team_index(leader)]"),  # a set's key
])
def test_a_seat_of_a_loop_a_block_or_a_sets_key_is_warned_of(tmp_path, statement, hint):
    said = trick_findings(tmp_path, "p", statement)
    assert len(said) == 1 and hint in said[0], said


@pytest.mark.parametrize("taker", [
    "team_index(w)",  # the seat's team: as meant
    "t",  # a let of a team's index
    "side",  # a variable every set gives a team's index
    "min(team_index(w), 1)",
    "count(trick) % 2",  # a number that no seat gave
])
def test_a_team_family_indexed_by_a_teams_number_is_not_warned_of(tmp_path, taker):
    assert trick_findings(tmp_path, taker) == []


@pytest.mark.parametrize("statement", [
    "for: t in range(count(teams))\n        do:\n          - set: {\"taken[t]\": \"taken[t] + count(won[t])\"}",
    "run: take(team_index(w))",  # a block's parameter given a team's index
])
def test_a_teams_number_of_a_loop_or_a_block_is_not_warned_of(tmp_path, statement):
    assert trick_findings(tmp_path, "p", statement) == []


def test_a_definitions_seat_is_warned_of_and_its_parameter_is_left_to_its_calls(tmp_path):
    """A definition reading the family at a seat variable is warned of; one reading it at its parameter is typed by
    each call (a seat at one, a team's index at another): its body says nothing."""
    text = TRICKS.replace("STATEMENT", 'set: {side: "cnt(left(w)) + cnt(0)"}').replace(
        "define:\n", "define:\n  cnt(x): count(won[x])\n  led_side: count(won[leader])\n")
    said = [s for s in findings(tmp_path, text) if s.startswith("L055")]
    assert len(said) == 1 and "won[team_index(leader)]" in said[0], said


def test_a_choice_among_the_seats_is_a_seat_and_a_variable_also_set_to_a_number_is_not(tmp_path):
    """A choice among `players` indexes by a seat (L055); a variable set to a seat and to a number written out is not
    known to hold a seat, and is left alone."""
    chosen = TRICKS.replace("STATEMENT", "move: trick -> won[team_index(w)]").replace(
        "  play:\n", "  give:\n    choose: {q: players}\n    do:\n      - move: trick -> won[q]\n  play:\n")
    said = [s for s in findings(tmp_path, chosen) if s.startswith("L055")]
    assert len(said) == 1 and "won[team_index(q)]" in said[0], said
    mixed = TRICKS.replace("STATEMENT", "move: trick -> won[leader]").replace(
        '      - set: {seq: "[]"}\n', '      - set: {seq: "[]", leader: 1}\n')
    assert [s for s in findings(tmp_path, mixed) if s.startswith("L055")] == []
