"""A failed expectation shows the values its comparisons read; expressions can be written back as text."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from philtre.dsl import ast, load_ruleset
from philtre.dsl.errors import Loc, PhiltreError
from philtre.dsl.parser import parse
from philtre.interpreter.scenarios import run_scenarios

ROOT = Path(__file__).resolve().parents[1]
TUTORIAL = ROOT / "examples" / "tutorial"

FAILING = """\
scenarios:
  - name: wrong on purpose
    players: 2
    seed: 0
    expect:
      - count(deck) == 1
      - count(hand[0]) == 3 and sum(c.rank for c in hand[1]) > 100
      - "[c.suit for c in hand[0]] == ['red']"
      - count(deck) in [1, 2] or score[0] == 9
"""


def failures(tmp_path) -> list:
    folder = tmp_path / "tutorial"
    shutil.copytree(TUTORIAL, folder)
    (folder / "scenarios.yaml").write_text(FAILING, encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(folder)))
    return [line.split(": T012 expected true: ", 1)[1] for line in result.failures]


def test_a_failed_comparison_shows_each_side_that_reads_the_game(tmp_path):
    said = failures(tmp_path)
    assert said[0] == "count(deck) == 1  [count(deck) = 10]"
    assert said[1].startswith("count(hand[0]) == 3 and sum(c.rank for c in hand[1]) > 100  [count(hand[0]) = 3; sum(c.rank for c in hand[1]) = ")
    assert said[2].startswith("[c.suit for c in hand[0]] == ['red']  [[c.suit for c in hand[0]] = [")  # the literal side is not repeated
    assert said[3] == "count(deck) in [1, 2] or score[0] == 9  [count(deck) = 10; score[0] = 0]"  # an `or`'s sides too


OPERANDS = """\
scenarios:
  - name: operands that are no comparison
    players: 2
    seed: 0
    expect:
      - game_over and count(deck) == 1
      - not game_over and count(deck) == 1 or count(hand[0]) == 0
      - count(deck) == 1 and (count(deck) == 2 or not (count(score) == 2))
      - game_over
      - score[0] == 9
"""


def test_a_failed_expectation_shows_every_operand_of_and_and_or(tmp_path):
    """`game_over and winners == [0]` showed `[winners = []]` alone: the operand that was false, game_over, went unsaid."""
    folder = tmp_path / "tutorial"
    shutil.copytree(TUTORIAL, folder)
    (folder / "scenarios.yaml").write_text(OPERANDS, encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(folder)))
    assert [line.split(": T012 expected true: ", 1)[1] for line in result.failures] == [
        "game_over and count(deck) == 1  [game_over = false; count(deck) = 10]",
        "not game_over and count(deck) == 1 or count(hand[0]) == 0  [game_over = false; count(deck) = 10; count(hand[0]) = 3]",
        "count(deck) == 1 and (count(deck) == 2 or not (count(score) == 2))  [count(deck) = 10; count(score) = 2]",  # each once
        "game_over",  # alone, its value says it all
        "score[0] == 9  [score[0] = 0]",
    ]


BROKEN_INVARIANTS = """\
scenarios:
  - name: two sides read
    players: 2
    always: ["count(deck) == 1 and count(hand[0]) > 0"]
    expect: [true]
  - name: an or reads the scores
    players: 2
    always: ["count(deck) == 1 or score[0] == 9"]
    expect: [true]
"""


def test_a_broken_invariant_shows_the_values_it_compared_as_a_failed_expectation_does(tmp_path):
    """language.md promises the compared values for a failure; an `always` said only its text (`count(deck) == 45`)."""
    folder = tmp_path / "tutorial"
    shutil.copytree(TUTORIAL, folder)
    (folder / "scenarios.yaml").write_text(BROKEN_INVARIANTS, encoding="utf-8")
    said = [result.failures for result in run_scenarios(load_ruleset(str(folder)))]
    assert said[0][0].endswith(": T012 not true at decision 1 (round 1): count(deck) == 1 and count(hand[0]) > 0  "
                               "[count(deck) = 10; count(hand[0]) = 3]"), said
    assert said[1][0].endswith(": count(deck) == 1 or score[0] == 9  [count(deck) = 10; score[0] = 0]"), said


OUT_OF_TURN = """\
scenarios:
  - name: a seat that is not deciding
    players: 3
    steps:
      - {player: 0, action: play}
      - {player: 0, action: play}
    expect: [true]
"""


def _first_failure(tmp_path, scenarios: str) -> str:
    """The first failure of the tutorial's game run with ``scenarios`` as its scenarios.yaml."""
    folder = tmp_path / "tutorial"
    shutil.copytree(TUTORIAL, folder)
    (folder / "scenarios.yaml").write_text(scenarios, encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(folder)))
    assert result.failures, "the scenario must fail"
    return result.failures[0]


def test_a_step_by_a_seat_that_is_not_deciding_names_the_seats_in_words(tmp_path):
    """'seat 0 is not deciding now (deciding: [1, 2])' showed a Python list (the tutorial plays in secret: all decide)."""
    assert _first_failure(tmp_path, OUT_OF_TURN).endswith(": T013 seat 0 has already chosen in this simultaneous step (still to choose: seats 1, 2)")


def test_a_step_by_a_seat_the_scenario_does_not_have_says_its_seats(tmp_path):
    """Seat 2 of a 2-player scenario was "not deciding now", as if it were a matter of turns; it is no seat at all (T016)."""
    no_such_seat = OUT_OF_TURN.replace("players: 3", "players: 2").replace("{player: 0, action: play}\n      - ", "")
    no_such_seat = no_such_seat.replace("{player: 0, action: play}", "{player: 2, action: play}")
    with pytest.raises(PhiltreError) as caught:  # found when the ruleset loads, before any scenario runs
        _first_failure(tmp_path, no_such_seat)
    assert "T016 seat 2 is not a seat of this 2-player scenario (seats 0..1) (seats count from 0)" in str(caught.value)


def shipped_expressions() -> set:
    """Every string in the shipped rulesets, overlays, scenarios and examples that parses as an expression."""
    found = set()

    def visit(value):
        if isinstance(value, str):
            found.add(value)
        elif isinstance(value, dict):
            for item in value.values():
                visit(item)
        elif isinstance(value, list):
            for item in value:
                visit(item)

    for path in sorted(ROOT.glob("rulesets/**/*.yaml")) + sorted(ROOT.glob("examples/**/*.yaml")):
        visit(yaml.safe_load(path.read_text(encoding="utf-8")))
    out = set()
    for text in found:
        try:
            parse(text, Loc("x"))
        except Exception:  # noqa: BLE001 - a word or a name, not an expression
            continue
        out.add(text)
    return out


def shape(node):
    """A tree without the positions, to compare two parses of different texts."""
    if isinstance(node, ast.Node):
        return (type(node).__name__,) + tuple(shape(v) for k, v in sorted(node.__dict__.items()) if not k.endswith("pos"))
    if isinstance(node, tuple):
        return tuple(shape(item) for item in node)
    return node


@pytest.mark.parametrize("text", ["a - (b - c)", "(a - b) - c", "not (a == b)", "(a or b) and c", "(-a).b", "2 - -3",
                                  "(a if b else c) if d else e", "x in [1, 2] or y not in z", "{'a': [c for c in z if c is card]}",
                                  "[x for x in (a if c else b)]", "count(x for x in (a if c else b) if (d if e else f))"])
def test_written_back_an_expression_parses_to_the_same_tree(text):
    tree = parse(text, Loc("x"))
    assert shape(parse(ast.text(tree), Loc("x"))) == shape(tree)


def test_every_shipped_expression_written_back_parses_to_the_same_tree():
    texts = shipped_expressions()
    assert len(texts) > 400
    for text in texts:
        tree = parse(text, Loc("x"))
        assert shape(parse(ast.text(tree), Loc("x"))) == shape(tree), (text, ast.text(tree))


EVERY_FAILURE = """\
scenarios:
  - name: an illegal step that is legal
    players: 2
    steps:
      - {player: 0, action: play, args: {card: {rank: 1}}, illegal: true}
    given: {zones: {"hand[0]": [{rank: 1, suit: red}], "hand[1]": [{rank: 2, suit: red}]}, rest: deck}
    expect: [true]
  - name: a step that is not legal
    players: 2
    given: {zones: {"hand[0]": [{rank: 1, suit: red}], "hand[1]": [{rank: 2, suit: red}]}, rest: deck}
    steps:
      - {player: 0, action: play, args: {card: {rank: 2}}}
    expect: [true]
  - name: a statement never waited at
    players: 2
    given: {at: simultaneous, round: 9}
    expect: [true]
  - name: an invariant that breaks
    players: 2
    always: [count(deck) > 10]
    steps:
      - {player: 0, action: play, args: {card: {}}}
    expect: [true]
"""


def test_each_way_a_scenario_fails_reads_as_an_error_does_with_a_code(tmp_path):
    """path:line:col: CODE text, as every error reads (T012 false, T013 a step not taken as written, T014 never at)."""
    folder = tmp_path / "tutorial"
    shutil.copytree(TUTORIAL, folder)
    (folder / "scenarios.yaml").write_text(EVERY_FAILURE, encoding="utf-8")
    said = [result.failures for result in run_scenarios(load_ruleset(str(folder)))]
    path = folder / "scenarios.yaml"
    assert [len(lines) for lines in said] == [1, 1, 1, 1], said
    assert said[0][0].startswith(f"{path}:5:9: T013 expected play ") and said[0][0].endswith("to be illegal, but it is legal")
    assert said[1][0].startswith(f"{path}:12:9: T013 play {{card: ") and "is not a legal option; legal: play(card=" in said[1][0]
    assert said[2][0].startswith(f"{path}:14:5: T014 the game ended without waiting at a statement named 'simultaneous' in "
                                 "round 9 (random play reaches it with no seed of 0.."), said[2][0]
    assert said[3][0].startswith(f"{path}:20:14: T012 not true at decision ") and said[3][0].endswith(": count(deck) > 10  [count(deck) = 10]")


AUTOPLAY_BREAKS = """\
scenarios:
  - name: an invariant that breaks while random seats play on
    players: 2
    autoplay: true
    always: [count(discard) < 4]
    expect: [game_over, round_number == 3]
"""


def test_an_invariant_broken_in_autoplay_is_the_one_failure_said(tmp_path):
    """The `expect` of an autoplay scenario is about the game's end: an `always` that broke on the way stopped the
    game short of it, and each expectation then failed too (`expected true: game_over`), burying the one failure."""
    folder = tmp_path / "tutorial"
    shutil.copytree(TUTORIAL, folder)
    (folder / "scenarios.yaml").write_text(AUTOPLAY_BREAKS, encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(folder)))
    assert len(result.failures) == 1, result.failures
    assert "T012 not true at decision " in result.failures[0] and result.failures[0].endswith(": count(discard) < 4  [count(discard) = 4]")
    assert "(round 1)" in result.failures[0]  # High Card plays rounds: the round is said


def test_a_game_without_rounds_is_not_said_to_be_in_round_0(tmp_path):
    """Connect Four has no `round`: 'not true at decision 16 (round 0)' named a round the game does not have."""
    folder = tmp_path / "game"
    shutil.copytree(TUTORIAL.parent / "connect-four", folder)
    (folder / "scenarios.yaml").write_text("""\
scenarios:
  - name: columns stay low
    players: 2
    autoplay: true
    always: ["all(count(c) <= 2 for c in column)"]
    expect: [game_over]
""", encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(folder)))
    [failure] = result.failures
    assert "T012 not true at decision " in failure and "(round" not in failure, failure


def test_a_step_giving_a_number_where_a_zone_is_chosen_says_how_to_name_the_zone(tmp_path):
    """Connect Four's `args: {col: 3}`: a number never equals a zone; T013 listed the options and said no more. It is
    T009 at load (a step to take is checked as an `illegal: true` one is), with the same hint."""
    folder = tmp_path / "game"
    shutil.copytree(TUTORIAL.parent / "connect-four", folder)
    (folder / "scenarios.yaml").write_text("""\
scenarios:
  - name: a column by its number
    players: 2
    steps:
      - {player: 0, action: drop, args: {col: 3}}
    expect: [true]
""", encoding="utf-8")
    with pytest.raises(PhiltreError) as caught:
        load_ruleset(str(folder))
    assert ("""T009 'col' chooses a zone, and 3 is a number: it matches no option, so the step cannot be taken """
            """(name the zone in an expression: col: "column[3]")""") in str(caught.value), caught.value


def _results(tmp_path, game: Path, scenarios: str) -> list:
    """The results of ``game``'s ruleset (copied) run with ``scenarios`` as its scenarios.yaml."""
    folder = tmp_path / game.name
    folder.mkdir()
    shutil.copy(game / "ruleset.yaml", folder / "ruleset.yaml")
    (folder / "scenarios.yaml").write_text(scenarios, encoding="utf-8")
    return run_scenarios(load_ruleset(str(folder)))


POISON, POK, POISONS = (ROOT / "rulesets" / name for name in ("poison", "pok", "poisons"))

TURNS = """\
scenarios:
  - name: seat 2 plays after seat 1
    players: 4
    steps:
      - {player: 1, action: play}
    expect:
      - pending: 2
      - {pending: [2], at: decide}
      - {at: decide}
  - name: a wrong seat, among other expectations
    players: 4
    steps:
      - {player: 1, action: play}
    expect:
      - count(deck) == 1
      - pending: 3
      - {pending: 2, at: decide}
      - pending: []
"""


def test_a_scenario_expects_the_seat_that_decides_next(tmp_path):
    """'Now seat 2 must decide' was said by a further step of seat 2, failing with T013 if wrong: indirect.
    A wrong `pending` says what was expected and who decides now, in the order the expectations are written."""
    ok, wrong = _results(tmp_path, POISON, TURNS)
    assert ok.passed, ok.failures
    path = tmp_path / "poison" / "scenarios.yaml"
    assert wrong.failures == [
        f"{path}:15:9: T012 expected true: count(deck) == 1  [count(deck) = 0]",
        f"{path}:16:9: T012 expected seat 3 to decide; deciding now: seat 2 (at 'decide')",
        f"{path}:18:9: T012 expected nobody to decide (the game is over); deciding now: seat 2 (at 'decide')",
    ]


AT_ONCE = """\
scenarios:
  - name: the seats of a simultaneous step that have not chosen yet, in any order
    players: 4
    steps:
      - {player: 2, action: show, args: {counter: {shape: disc}}}
    expect:
      - {pending: [3, 0, 1], at: show}
  - name: every seat is still expected
    players: 4
    steps:
      - {player: 2, action: show, args: {counter: {shape: disc}}}
    expect:
      - pending: [0, 1, 2, 3]
"""


def test_a_simultaneous_step_is_expected_as_its_set_of_seats(tmp_path):
    """A further step could check one seat, never that the game waits on seats 0, 1 and 3 at once."""
    ok, wrong = _results(tmp_path, POK, AT_ONCE)
    assert ok.passed, ok.failures
    assert [f.split(": ", 1)[1] for f in wrong.failures] == [
        "T012 expected seats 0, 1, 2, 3 to decide; deciding now: seats 0, 1, 3 (at 'show')"]


def test_a_decision_is_expected_by_its_name(tmp_path):
    """`at:` names the decision statement the flow waits at, as `given.at` does."""
    ok, wrong = _results(tmp_path, POISONS, """\
scenarios:
  - name: the filling comes first
    players: 4
    expect: [{pending: [0, 1, 2, 3], at: pour}]
  - name: not the drinking
    players: 4
    expect: [{at: drinking}, {pending: [0, 1, 2, 3], at: drinking}]
""")
    assert ok.passed, ok.failures
    assert [f.split(": ", 1)[1] for f in wrong.failures] == [
        "T012 expected a decision at 'drinking'; deciding now: seats 0, 1, 2, 3 (at 'pour')",
        "T012 expected seats 0, 1, 2, 3 to decide at 'drinking'; deciding now: seats 0, 1, 2, 3 (at 'pour')"]


def test_nobody_decides_once_the_game_is_over(tmp_path):
    ok, wrong = _results(tmp_path, TUTORIAL, """\
scenarios:
  - name: played to the end
    players: 2
    autoplay: true
    expect: [pending: [], game_over]
  - name: a seat expected after the end
    players: 2
    autoplay: true
    expect: [pending: 0]
""")
    assert ok.passed, ok.failures
    assert [f.split(": ", 1)[1] for f in wrong.failures] == ["T012 expected seat 0 to decide; deciding now: nobody, the game is over"]


ROUNDS = """\
philtre: 1
game: rounds
players: 2
variables:
  last_bid: 0
actions:
  bid:
    choose: {n: "[1, 2, 3]"}
    do:
      - set: {last_bid: n}
flow:
  - repeat: 2
    do:
      - round:
          - set: {last_bid: 0}
          - decide: bid
            player: 0
"""


@pytest.mark.parametrize("steps, wanted, said", [
    (1, 3, "[last_bid = 0] (read at decision 2 (round 2, seat 0 deciding at 'decide', line 16): after the last step, "
           "taken in round 1, the game ran on to its next decision, in round 2, whose start set last_bid, which this "
           "reads; expect what lasts past the round, or read it at round 1's end: a step - {at: round_end, expect: "
           "[...]} written before the last step)"),  # the game ran on into round 2, which reset last_bid
    (2, 1, "[last_bid = 3]"),  # the last step ended the game: an end is what the expectations read, nothing to say
])
def test_a_failed_expectation_says_the_game_ran_on_into_another_round(tmp_path, steps, wanted, said):
    """Skull trial: checks of what a round resets, after the round's last step, failed with the values alone
    (`[last_bid = 0]`), where an `always` failure says where the game stood: now they say the round it ran on to."""
    (tmp_path / "ruleset.yaml").write_text(ROUNDS, encoding="utf-8")
    (tmp_path / "scenarios.yaml").write_text(
        "scenarios:\n  - name: s\n    players: 2\n    steps:\n"
        + "      - {player: 0, action: bid, args: {n: 3}}\n" * steps + f"    expect:\n      - last_bid == {wanted}\n", encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(tmp_path)))
    [failure] = result.failures
    assert failure.split(": ", 1)[1] == f"T012 expected true: last_bid == {wanted}  {said}", failure


@pytest.mark.parametrize("between", [False, True])
def test_a_failed_expectation_on_what_no_round_resets_is_not_told_the_round_may_have(tmp_path, between):
    """Spades trial: a total no round's start sets (a variant changed the rule that adds to it) failed after the game ran
    on into the next round with "whose start may have reset what this reads": said only where the round's start set
    what the expectation reads, after the last step or at a step `expect:` between steps."""
    (tmp_path / "ruleset.yaml").write_text(ROUNDS.replace("  last_bid: 0\n", "  last_bid: 0\n  total: 0\n").replace(
        "      - set: {last_bid: n}\n", "      - set: {last_bid: n, total: total + n}\n"), encoding="utf-8")
    checks = "      - expect: [total == 4, last_bid == 3]\n      - {player: 0, action: bid, args: {n: 1}}\n"
    (tmp_path / "scenarios.yaml").write_text(
        "scenarios:\n  - name: s\n    players: 2\n    steps:\n      - {player: 0, action: bid, args: {n: 3}}\n"
        + (checks if between else "") + f"    expect:\n      - total == {4 if between else 5}\n", encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(tmp_path)))
    said = [failure.split(": ", 1)[1] for failure in result.failures]
    assert said[0] == f"T012 expected true: total == {4 if between else 5}  [total = 3]", said
    assert len(said) == 1 + between, said
    if between:  # what the round's start did set is still told so, and named
        assert said[1].startswith("T012 expected true: last_bid == 3  [last_bid = 0] (read at decision 2"), said
        assert ("whose start set last_bid, which this reads; expect what lasts past the round, or read it at round 1's "
                "end: a step - {at: round_end, expect: [...]} written before that step)") in said[1], said
