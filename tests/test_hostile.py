"""Hostile input: every file of tests/data/hostile/ is answered with a finding, and nothing else.

Each file is the kind of thing an attacker, a fuzzer or a broken editor produces: alias
bombs, deep nesting, Python tags, binary and non-UTF-8 bytes, empty files, sandbox escapes
in expressions, loops over huge ranges, definitions that explode. ``philtre validate``
must answer each with a finding naming the file (and line:col where there is one), exit 1,
in bounded memory and time, without a traceback, and without running anything.
Expressions that pass the checks but blow up while a game runs stop with R100 at the rule.
"""

from __future__ import annotations

import json
import random
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.dsl.validate import check_file
from philtre.interpreter import Game
from philtre.interpreter.replay import replayed

HOSTILE = Path(__file__).resolve().parent / "data" / "hostile"
FILES = sorted(HOSTILE.glob("*.yaml"))
MEMORY = 2 * 1024**3  # the CLI runs under this address-space limit: a bomb would hit it and fail the test

# file -> the code of the first finding (a file not listed here fails the test: add it)
EXPECTED = {
    "billion_laughs": "Y007",
    "binary": "Y004",
    "components_explosion": "R010",
    "copies_heavy_per_combination": "R002",
    "zone_copies_heavy": "R002",
    "zones_explosion": "R010",
    "control_character": "Y001",
    "deep_block_nesting": "Y006",
    "deep_flow_nesting": "Y006",
    "definitions_deep_chain": "E133",
    "definitions_exponential": "E133",
    "definitions_recursive": "E130",
    "duplicate_keys": "Y008",
    "empty": "Y003",
    "expression_deep_lists": "E100",
    "expression_deep_not": "E100",
    "expression_deep_parentheses": "E100",
    "expression_dunder_class": "E152",
    "expression_eval": "E141",
    "expression_huge_number": "E100",
    "expression_huge_range": "L009",
    "expression_import": "E102",
    "expression_nested_comprehensions": "L009",
    "expression_too_long": "E100",
    "expression_tuple_class": "E102",
    "huge_hex_integer": "Y001",
    "huge_integer": "Y001",
    "invalid_utf8_sequence": "Y004",
    "latin1": "Y004",
    "line_separator_in_a_comment": "Y001",
    "merge_key": "Y002",
    "mixed_keys": "Y002",
    "not_a_finite_number": "Y001",
    "null_key": "Y002",
    "only_comments": "Y003",
    "python_name_tag": "Y002",
    "python_object_tag": "Y002",
    "runaway_loop": "L004",
    "tab_indentation": "Y001",
    "terminal_escape_in_a_description": "Y001",
    "top_level_list": "Y003",
    "top_level_scalar": "Y003",
    "utf16": "Y004",
}


def test_the_corpus_and_the_expectations_agree():
    assert sorted(p.stem for p in FILES) == sorted(EXPECTED)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_each_hostile_file_gets_a_finding(path):
    report = check_file(str(path))
    assert report.findings, f"{path.name}: no finding"
    codes = [f.diagnostic.code for f in report.findings]
    assert EXPECTED[path.stem] in codes, f"{path.name}: expected {EXPECTED[path.stem]}, got {codes}"
    for f in report.findings:
        assert f.diagnostic.loc.path == str(path)
    first = report.findings[0].diagnostic
    if path.stat().st_size and first.code not in ("Y005",):
        assert first.loc.line >= 1 and first.loc.col >= 1, str(first)


def _limited():
    """Run the child under an address-space limit, so a memory bomb fails instead of swapping."""
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def philtre(*args, cwd) -> subprocess.CompletedProcess:
    """Run the CLI as a user would, memory-limited, with a timeout that only a hang reaches."""
    return subprocess.run([sys.executable, "-m", "philtre", *map(str, args)], cwd=cwd, capture_output=True,
                          text=True, timeout=240, preexec_fn=_limited)


def test_the_cli_answers_every_hostile_file_and_runs_nothing(tmp_path):
    result = philtre("validate", *FILES, cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    for path in FILES:
        assert str(path) in result.stdout, f"no finding names {path.name}"
    assert not list(tmp_path.iterdir()), "a hostile file made something happen"


@pytest.mark.parametrize("separator", ["\x85", "\u2028", "\u2029"])
def test_a_unicode_line_separator_is_refused_where_the_editor_shows_it(tmp_path, separator):
    """PyYAML (YAML 1.1) takes U+0085, U+2028 and U+2029 for line breaks, editors and grep do not: read as
    breaks, a comment's end became YAML (a key the author never saw as one), and every later line number
    was one too many."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(f'game: x   # a note{separator}players: 9\nplayers: 2\ntitle: "a{separator}b"\n', encoding="utf-8")
    d = check_file(str(path)).findings[0].diagnostic
    assert (d.code, d.loc.line, d.loc.col) == ("Y001", 1, 19), str(d)  # just after "# a note"
    assert f"U+{ord(separator):04X}" in d.message and "line break" in d.message, str(d)


def test_a_control_character_written_as_an_escape_is_refused_at_it():
    d = check_file(str(HOSTILE / "terminal_escape_in_a_description.yaml")).findings[0].diagnostic
    assert (d.code, d.loc.line, d.loc.col) == ("Y001", 5, 27), str(d)  # at the first "\\e"
    assert "control character (U+001B)" in d.message, str(d)


@pytest.mark.parametrize("case", ["a record's header", "a raw ESC shown as the source line", "a file's name"])
def test_no_control_character_of_the_input_reaches_the_terminal(tmp_path, case):
    """Messages quote the input (a record's header, a file's name) and --source shows the line: printed as
    they were, ESC ] 0 ; ... BEL set the terminal's title and a line break forged a line of output."""
    from click.testing import CliRunner

    from philtre.interpreter.cli import main

    evil = "x\x1b]0;owned\x07\x1b[2J\nfake.yaml:1:1: E000 forged"
    if case == "a record's header":
        path = tmp_path / "game.jsonl"
        path.write_text(json.dumps({"philtre_record": 1, "ruleset": {"name": "x", "source": evil, "hash": evil},
                                    "players": 2, "seed": 1}) + "\n", encoding="utf-8")
        args = ["replay", str(path)]
    elif case == "a raw ESC shown as the source line":
        path = tmp_path / "ruleset.yaml"
        path.write_text(f"game: x   # {evil}\n", encoding="utf-8")
        args = ["validate", "--source", str(path)]
    else:
        path = tmp_path / f"{evil.replace('/', '')}.yaml"
        path.write_text("game: [\n", encoding="utf-8")
        args = ["validate", str(path)]
    result = CliRunner().invoke(main, args, color=True)  # color: nothing is stripped, as on a terminal
    assert result.exit_code == 1, result.output
    shown = result.stdout + result.stderr
    assert "\x1b" not in shown and "\x07" not in shown and "\nfake.yaml" not in shown, repr(shown)
    assert "\\x1b" in shown or "\u241b" in shown, repr(shown)  # written so that the reader sees it


@pytest.mark.parametrize("text, where", [("game: x\ntitle: é\x00", (2, 9)), ("\ufefftitle: ab\x00", (1, 10)),
                                         ("game: x\ntitle: ü\udcff", (2, 9))])
def test_a_binary_byte_is_placed_at_the_column_an_editor_shows(tmp_path, text, where):
    """Y004's column counted UTF-8 bytes (é is two) and a BOM's three; an editor counts characters and shows no BOM."""
    path = tmp_path / "ruleset.yaml"
    path.write_bytes(text.encode("utf-8", "surrogateescape") + b"\n")  # \udcff: the byte 0xff, no UTF-8
    d = check_file(str(path)).findings[0].diagnostic
    assert (d.code, (d.loc.line, d.loc.col)) == ("Y004", where), str(d)


def test_a_10_mb_file_is_refused_unread(tmp_path):
    path = tmp_path / "big.yaml"
    with open(path, "w", encoding="utf-8") as handle:
        handle.write("game: big\nflow:\n")
        line = "  - shuffle: deck          # padding to make the file large\n"
        handle.write(line * (10_000_000 // len(line)))
    result = philtre("validate", path, cwd=tmp_path)
    assert result.returncode == 1
    assert result.stdout.startswith("big.yaml: Y005 file is 9,9"), result.stdout[:300]  # its size, not what was read


def test_a_file_of_a_million_nodes_is_refused(tmp_path):
    path = tmp_path / "nodes.yaml"
    path.write_text("game: [" + "0," * 900_000 + "0]\n", encoding="utf-8")
    result = philtre("validate", "--format", "json", path, cwd=tmp_path)
    assert result.returncode == 1
    assert '"code": "Y007"' in result.stdout


# -- rules that pass the checks but blow up while a game runs --------------------------------

RUNTIME = """\
game: runaway
players: 2
step_limit: 10000
variables:
  x: {initial: VALUE}
components:
  card: {attributes: {rank: [1, 2, 3]}, start: deck}
zones:
  deck: {}
flow:
  - name: grow
    until: false
    do:
      - set: {x: "EXPRESSION"}
"""

RUNAWAY_VALUES = {
    "a list doubling": ("[1]", "x + x", "limit"),
    "a string doubling": ('"ab"', "x + x", "limit"),
    "a number squared": ("3", "x * x", "whole number"),
    "a string multiplied": ('"ab"', "x * 1000000000", "needs numbers"),
    "loops over a list grown in a variable": ("[1]", "x + [c for a in x for c in x]", "too much work"),
    "a list put in a list again and again": ("[1]", "[x]", "nested more than 50 levels"),
    # a list holding the last one twice: 2**n lists made of n, walked (and recorded) as written: it never ended
    "a list put twice in a list again and again": ("[1]", "[x, x]", "more than 1,000,000 items"),
    "a map holding a list twice, again and again": ("[1]", "{'a': x, 'b': [x]}", "more than 1,000,000 items"),
    # a float overflowed to inf (then nan) instead of stopping: a nan score broke the statistics, a record the replay
    "a fraction squared": ("1.5", "x * x", "too large to compute with"),
    # (`//` gives a whole number, of a fraction too: it stops at the limit of whole numbers, long before inf)
    "a fraction floor-divided by less than one": ("1.5", "x // 0.001", "a whole number beyond the limit"),
    "a sum of fractions": ("1.5", "sum([x, x, x])", "too large to compute with"),
    # a word's % was Python's string formatting: "%0999999999d" % 7 is a string of a billion digits
    "a word taken modulo a number": ('"%0999999d"', "x % 7", "'%' needs numbers"),
}


@pytest.mark.parametrize("case", list(RUNAWAY_VALUES))
def test_values_that_grow_without_bound_stop_the_game_at_the_rule(tmp_path, case):
    initial, expression, words = RUNAWAY_VALUES[case]
    path = tmp_path / "ruleset.yaml"
    path.write_text(RUNTIME.replace("VALUE", initial).replace("EXPRESSION", expression), encoding="utf-8")
    ruleset = load_ruleset(str(path))
    with pytest.raises(PhiltreError) as info:
        Game(ruleset, 2)
    d = info.value.first
    assert d.code == "R100", str(d)
    # a value that fails as it is computed is told at it; one computed but too large to keep, at the `set` keeping it
    kept = words in ("nested more than 50 levels", "more than 1,000,000 items")
    assert (d.loc.line, d.loc.col) == (14, 9 if kept else 18), str(d)
    assert words in d.message, str(d)


WRONG_KIND = """\
game: wrong
players: 2
components:
  card: {attributes: {rank: [1, 2]}}
zones:
  deck: {}
variables:
  v: {initial: VALUE}
actions:
  pass: {}
  hold: {}
flow:
  - decide: [pass, hold]
    player: 0
"""

# a variable of any kind used where the engine needs seats or a number: (its value, the
# rest of the file, the line and column of the rule that fails, words of the message); each value's type is not known
# before the game (a word or a list of numbers alone would be: E120 at validate, dsl/variable_types.py)
WRONG_KINDS = {
    "a simultaneous step's players": ("{a: 1}", "  - simultaneous: pass\n    players: v\n", (15, 5), "list of seats"),
    "a simultaneous step's seat out of range": ("[0, 7]", "  - simultaneous: pass\n    players: v\n", (15, 5), "list of seats"),
    "a simultaneous step's seat named twice": ("[0, 0]", "  - simultaneous: pass\n    players: v\n", (15, 5), "each seat once"),
    "a winner out of range": ("[-1]", "winners: v\n", (15, 10), "list of seats"),
    "the seat a turns loop starts at": ("[a, 1]", "  - turns: v\n    do:\n      - decide: pass\n", (15, 5), "starts at a seat"),
    "the winners": ("{a: 1}", "winners: v\n", (15, 10), "list of seats"),
    "the heuristic": ("[1, a]", "heuristic: v\n", (15, 12), "must be a number"),
}


@pytest.mark.parametrize("case", list(WRONG_KINDS))
def test_a_value_of_the_wrong_kind_where_seats_or_a_number_are_needed_stops_the_game_at_the_rule(tmp_path, case):
    from philtre.interpreter.agents import ask, make_agent

    value, rest, (line, col), words = WRONG_KINDS[case]
    path = tmp_path / "ruleset.yaml"
    path.write_text(WRONG_KIND.replace("VALUE", value) + rest, encoding="utf-8")
    game = Game(load_ruleset(str(path)), 2)
    greedy = make_agent("greedy", 1)  # the agent that reads the heuristic
    with pytest.raises(PhiltreError) as info:
        while not game.finished:
            for p in game.pending():
                game.apply(p, ask(greedy, game, p))
    d = info.value.first
    assert (d.code, d.loc.line, d.loc.col) == ("R100", line, col), str(d)
    assert words in d.message, str(d)


def test_a_runaway_game_stops_at_the_step_limit_naming_the_loop():
    ruleset = load_ruleset(str(HOSTILE / "runaway_loop.yaml"))
    with pytest.raises(PhiltreError) as info:
        Game(ruleset, 2)
    assert info.value.first.code == "R200"
    assert "'until'" in info.value.first.message


def test_nothing_reaches_python_from_an_expression(tmp_path):
    """Attribute names are data keys, calls are only builtins: no escape compiles."""
    for attempt in ("card.__class__", "card.__dict__", "__builtins__", "__import__('os')", "getattr(card, 'x')",
                    "card.keys", "type(card)", "card['__class__']"):
        path = tmp_path / "ruleset.yaml"
        text = (HOSTILE / "expression_dunder_class.yaml").read_text(encoding="utf-8")
        path.write_text(text.replace("card.__class__.__bases__ == none", f"'{attempt} == 1'"), encoding="utf-8")
        report = check_file(str(path))
        assert report.errors or _runs_harmlessly(report.ruleset), attempt


def _runs_harmlessly(ruleset) -> bool:
    """A rule that compiled reads only game data: playing it gives a result or a rule's failure."""
    try:
        game = Game(ruleset, 2)
        while not game.finished:
            for p in game.pending():
                game.apply(p, game.options(p)[0])
    except PhiltreError:
        pass
    return True


# majority scoring of a set-collection game, three seat loops deep through its definitions (a Sushi Go trial's maki)
MAJORITY = """philtre: 1
game: majority
players: PLAYERS
components:
  card: {attributes: {rolls: [0, 1, 2, 3]}, copies: 10, start: deck}
zones:
  deck: {visible: nobody}
  tray: {each: player}
define:
  rolls(p): sum(c.rolls for c in tray[p])
  most: max(rolls(p) for p in players)
  firsts: "[p for p in players if most > 0 and rolls(p) == most]"
  second_rolls: max([0] + [rolls(p) for p in players if p not in firsts])
  seconds: "[p for p in players if count(firsts) == 1 and second_rolls > 0 and p not in firsts and rolls(p) == second_rolls]"
  maki(p): "(6 // count(firsts) if p in firsts else 0) + (3 // count(seconds) if p in seconds else 0)"
flow:
  - deal: {from: deck, to: tray, count: 3}
  - for: p in players
    do:
      - score: {player: p, add: maki(p)}
"""


@pytest.mark.parametrize("players, found", [("2..5", []), ("2..64", ["E133"])])
def test_the_expansion_bound_counts_the_seats_the_game_declares_and_names_the_chain_that_multiplies(tmp_path, players, found):
    """A Sushi Go trial (`players: 2..5`) got E133 for its maki scoring: each loop over the seats counted as 64 seats,
    the most any game may have, and the message named no definition. The bound counts the game's largest table; a real
    blow-up names the chain of definitions it grows along."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(MAJORITY.replace("PLAYERS", players), encoding="utf-8")
    diagnostics = [f.diagnostic for f in check_file(str(path), lints=False).findings]
    assert [d.code for d in diagnostics] == found, [str(d) for d in diagnostics]
    if found:
        assert "'maki'" in diagnostics[0].message and "(maki -> seconds -> second_rolls -> firsts -> most -> rolls)" in \
            diagnostics[0].message, str(diagnostics[0])


def test_hostile_corpus_files_stay_small():
    """Big hostile inputs are generated by the tests, not committed."""
    assert sum(p.stat().st_size for p in FILES) < 400_000
    assert all(os.path.getsize(p) < 200_000 for p in FILES)


@pytest.mark.parametrize("loop, check", [("until: false", "check its 'until' condition"),
                                         ("repeat: 100000000", "check its count"),
                                         ('for: "i in range(100000)"', "check what it loops over")])
def test_the_step_limit_hint_fits_the_loop_that_ran_away(tmp_path, loop, check):
    path = tmp_path / "ruleset.yaml"
    path.write_text(f"""\
philtre: 1
game: long
players: 2
step_limit: 1000
components:
  chip: {{copies: 1, start: pool}}
zones:
  pool: {{}}
variables:
  x: 0
flow:
  - name: spin
    {loop}
    do:
      - set: {{x: x + 1}}
winners: {{highest: "score[p]"}}
""", encoding="utf-8")
    with pytest.raises(PhiltreError) as info:
        Game(load_ruleset(str(path)), 2)
    d = info.value.first
    assert d.code == "R200" and "rule 'spin' does not end the game" in d.message and d.hint == f"{check}, or raise step_limit", str(d)


def test_the_step_limit_reached_in_a_for_inside_an_endless_until_blames_the_until(tmp_path):
    """A `for` ends after its list; the `until` around it is what never ends. The limit is most often reached
    in the inner loop (POK with a goal no seat can reach: 'take-back', a for over the players), and naming it
    with "check what it loops over" sent the author to a loop that was fine."""
    path = tmp_path / "ruleset.yaml"
    path.write_text("""\
philtre: 1
game: long
players: 2
step_limit: 1000
components:
  chip: {copies: 1, start: pool}
zones:
  pool: {}
variables:
  x: 0
flow:
  - name: spin
    until: x < 0
    do:
      - name: hand-back
        for: "i in range(50)"
        do:
          - set: {x: x + 1}
winners: {highest: "score[p]"}
""", encoding="utf-8")
    with pytest.raises(PhiltreError) as info:
        Game(load_ruleset(str(path)), 2)
    d = info.value.first
    assert (d.code, d.loc.line, d.loc.col) == ("R200", 13, 5), str(d)  # at `until: x < 0`
    assert d.message == ("step limit of 1,000 reached with loops running, outermost first: 'until' 'spin' at 13:5, "
                         "'for' 'hand-back' at 16:9; rule 'spin' does not end the game"), str(d)
    assert d.hint == "check its 'until' condition, or raise step_limit", str(d)


def _stopped_taking_first_options(game):
    """The failure that stops ``game`` where each deciding seat takes its first option, decision after decision."""
    with pytest.raises(PhiltreError) as info:
        while True:
            [seat] = game.pending()
            game.apply(seat, next(iter(game.options(seat))))
    return info.value.first


# a game whose draws come to take none from an empty pool, moving nothing: its flow's statements follow `flow:`
STUCK_DRAWING = """\
philtre: 1
game: stuck
players: 2
step_limit: 1000
components:
  chip: {copies: 2, start: pool}
zones:
  pool: {}
  hand: {each: player}
actions:
  draw:
    do:
      - move: last(pool) -> hand[me]
flow:
"""


def test_the_step_limit_reached_where_turns_move_from_an_empty_zone_says_a_move_of_none_moves_nothing(tmp_path):
    """Two new users' games (a draw from an empty stock, a die placed from an empty supply) ran to the step limit
    because each turn's move took none and changed nothing; the R200 sent them to the `until` alone."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(STUCK_DRAWING + """\
  - turns: 0
    until: count(hand[0]) == 3
    do:
      - decide: draw
winners: {highest: "score[p]"}
""", encoding="utf-8")
    game = Game(load_ruleset(str(path)), 2)
    d = _stopped_taking_first_options(game)
    assert d.code == "R200" and d.hint.startswith("check its 'until' condition and whether its turns still change the game: "
                                                  "a move of none (last() of an empty zone) moves nothing"), str(d)


def test_the_step_limit_reached_in_a_turns_inner_until_names_every_loop_running(tmp_path):
    """A Rummy trial: the limit was reached in a turn's inner `until` (it ends after every discard), and the R200 named
    that loop alone, and said "whether its turns still change the game" of a loop with no turns; the `turns` around it,
    whose own `until` could never be true, was the one at fault. Every loop running is named, outermost first."""
    path = tmp_path / "ruleset.yaml"
    path.write_text("""\
philtre: 1
game: stuck
players: 2
step_limit: 2000
components:
  chip: {copies: 2, start: pool}
zones:
  pool: {}
  hand: {each: player}
variables:
  done: false
actions:
  discard:
    do:
      - set: {done: true}
      - move: last(hand[me]) -> pool
flow:
  - turns: 0
    until: count(pool) == 7
    do:
      - set: {done: false}
      - until: done
        do:
          - repeat: 20
            do:
              - set: {done: false}
          - decide: discard
winners: {highest: "score[p]"}
""", encoding="utf-8")
    game = Game(load_ruleset(str(path)), 2)
    d = _stopped_taking_first_options(game)
    assert (d.code, d.loc.line, d.loc.col) == ("R200", 22, 9), str(d)  # at the inner `until`, where the limit was reached
    assert d.message == ("step limit of 2,000 reached with loops running, outermost first: 'turns' at 18:5, 'until' at 22:9, "
                         "'repeat' at 24:13; one of them does not end the game"), str(d)
    assert d.hint == ("check each one's 'until' condition, the outermost first: an inner loop that ends every time leaves "
                      "the one around it running; check too whether the turns of 'turns' still change the game: a move "
                      "of none (last() of an empty zone) moves nothing, or raise step_limit"), str(d)


def test_the_step_limit_reached_in_an_until_says_its_passes_not_its_turns(tmp_path):
    """Only a `turns` loop has turns: of an `until`, the hint says its passes."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(STUCK_DRAWING + """\
  - until: count(hand[0]) == 3
    do:
      - decide: draw
        player: 0
winners: {highest: "score[p]"}
""", encoding="utf-8")
    game = Game(load_ruleset(str(path)), 2)
    with pytest.raises(PhiltreError) as info:
        while True:
            game.apply(0, next(iter(game.options(0))))
    d = info.value.first
    assert d.code == "R200" and d.hint.startswith("check its 'until' condition and whether its passes still change the game: "
                                                  "a move of none (last() of an empty zone) moves nothing"), str(d)


def test_moving_many_components_out_of_a_shuffled_zone_takes_linear_time(tmp_path):
    """Half of a shuffled 30,000-card deck moved in one statement: each source zone is rebuilt once.

    Taking the cards out one by one searched the deck for each (about 20 s here, minutes at
    the 100,000 components a ruleset may have); a record of the game is the same either way.
    """
    path = tmp_path / "ruleset.yaml"
    path.write_text("""\
philtre: 1
game: many
players: 2
components:
  card: {attributes: {a: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]}, copies: 3000, start: deck}
zones:
  deck: {visible: nobody}
  pile: {}
flow:
  - shuffle: deck
  - move: "[c for c in deck if c.a < 5] -> pile"
  - move: "[c for c in deck if c.a >= 5] -> pile"
  - move: "[c for c in pile if c.a == 3] -> deck"
winners: {highest: "score[p]"}
""", encoding="utf-8")
    game = Game(load_ruleset(str(path)), 2, seed=1, record=True)  # quadratic, it would hold the suite up for minutes
    pile, deck = game.state.zones["pile"][0], game.state.zones["deck"][0]
    assert len(pile) == 27000 and len(deck) == 3000 and all(c["a"] == 3 for c in deck)
    assert [c["a"] for c in pile[:5]] == [c["a"] for c in pile if c["a"] < 5][:5]
    assert {game.state.where[c["id"]] for c in deck} == {("deck", 0)}
    moves = [e for e in game.recorder.events if e.get("event") == "move"]
    assert [len(e["components"]) for e in moves] == [15000, 15000, 3000]


GENERATED_NAMES = """\
game: names
players: 2
components:
  card: {attributes: {rank: [1, 2, 3]}, start: deck}
zones:
  deck: {visible: everyone}
define:
  a: size(deck)
  size(x): count(x)
  size_0(x): 100
  b: size_0(deck)
flow:
  - score: {player: 0, add: a}
  - score: {player: 1, add: b}
winners: {highest: "score[p]"}
"""


def test_a_definition_named_like_the_code_of_another_keeps_its_own_value(tmp_path):
    """A definition given a zone is compiled for zones under a name of its own; that name was the definition's
    and a number (`d_size_0`), so a definition written `size_0` replaced it: `a` silently read 100, with no finding."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(GENERATED_NAMES, encoding="utf-8")
    assert not check_file(str(path)).findings
    assert Game(load_ruleset(str(path)), 2).scores == [3, 100]


# 5,000 cards, every one seen: the zones the heavy passes and the tops taken below work on
FIVE_THOUSAND_CARDS = """\
components:
  card: {attributes: {rank: [1, 2, 3, 4, 5]}, copies: 1000, start: deck}
zones:
  deck: {visible: everyone}
  pile: {visible: everyone}
"""

HEAVY_PASSES = """\
game: heavy
players: 2
step_limit: 3000
variables:
  v: {initial: 0}
  w: {initial: 0}
""" + FIVE_THOUSAND_CARDS + """\
flow:
  - set: {w: 'range(5000)'}
  - repeat: 200
    do:
EFFECTS
"""

# each pass of the loop: a statement whose work grows with a zone (or a value) of 5,000, which counted one step
HEAVY_EFFECTS = {
    "a zone moved to and fro": "      - move: deck -> pile\n      - move: pile -> deck\n",
    "many components moved one by one": "      - move: '[c for c in deck] -> pile'\n      - move: pile -> deck\n",
    "a zone shuffled": "      - shuffle: deck\n",
    "a zone dealt and gathered": "      - deal: {from: deck, to: '[pile]'}\n      - move: pile -> deck\n",
    "a zone revealed": "      - reveal: deck\n",
    "a large list kept": "      - set: {v: w}\n",
}


@pytest.mark.parametrize("case", list(HEAVY_EFFECTS))
def test_a_loop_whose_effects_handle_a_large_zone_counts_that_work_towards_the_step_limit(tmp_path, case):
    """A pass moving, shuffling or keeping thousands of components or values counted as one step: a loop doing it to
    90,000 components did not reach the step limit of 1,000,000 in hours. It counts their work, as an expression's does."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(HEAVY_PASSES.replace("EFFECTS\n", HEAVY_EFFECTS[case]), encoding="utf-8")
    with pytest.raises(PhiltreError) as info:
        Game(load_ruleset(str(path)), 2)
    assert info.value.first.code == "R200", str(info.value.first)


def test_a_record_holds_a_bounded_number_of_components_and_values(tmp_path, monkeypatch):
    """Recording every pass of such a loop filled 4 GB: past records.MAX_RECORDED the rule recording fails."""
    from philtre.interpreter import records

    monkeypatch.setattr(records, "MAX_RECORDED", 20_000)
    path = tmp_path / "ruleset.yaml"
    path.write_text(HEAVY_PASSES.replace("step_limit: 3000", "step_limit: 1000000").replace("EFFECTS\n", HEAVY_EFFECTS["a zone moved to and fro"]), encoding="utf-8")
    ruleset = load_ruleset(str(path))
    assert Game(ruleset, 2).finished  # unrecorded, the loop ends
    with pytest.raises(PhiltreError) as info:
        Game(ruleset, 2, record=True)
    d = info.value.first
    assert (d.code, d.loc.line) == ("R100", 17), str(d)  # the move whose record would pass the bound
    assert "the record would hold more than 20,000 components and values" in d.message, str(d)


def test_the_layouts_kept_for_reuse_hold_a_bounded_number_of_components(tmp_path, monkeypatch):
    """Validating a game of 100,000 components for 1..64 players kept the components of every player count: 1.7 GB."""
    from philtre.dsl import model

    monkeypatch.setattr(model, "KEPT_COMPONENTS", 10_000)
    monkeypatch.setattr(model, "_LAYOUTS", model.OrderedDict())
    monkeypatch.setattr(model, "_KEPT", [0])
    path = tmp_path / "ruleset.yaml"
    path.write_text(HEAVY_PASSES.replace("players: 2", "players: 1..8").replace("EFFECTS\n", "      - shuffle: deck\n"), encoding="utf-8")
    ruleset = load_ruleset(str(path))
    for n in range(1, 9):
        assert len(ruleset.layout(n).components) == 5000  # 1,000 copies of 5 cards
        assert len(model._LAYOUTS) == min(n, 2)  # two fit in the bound: the least recently used goes
    assert ruleset.layout(8) is ruleset.layout(8)


KEPT_VALUES = """\
game: kept
players: 2
variables:
  a: {initial: 0}
  b: {initial: 0}
  c: {initial: 0}
  s: {initial: 0, each: player}
components:
  card: {attributes: {rank: [1, 2]}, start: deck}
zones:
  deck: {}
flow:
  - repeat: 5
    do:
      - set: {a: 'range(100000)'}
      - set: {"s[0]": 'range(100000)'}
      - set: {s: '[0, 0]'}
  - set: {b: 'range(100000)'}
  - set: {c: 'range(100000)'}
"""


def test_the_variables_of_a_game_hold_a_bounded_number_of_items_in_all(tmp_path, monkeypatch):
    """Each value kept is bounded (MAX_VALUE_ITEMS), all of them were not: 100 variables each set to a fresh list of
    1,000,000 numbers, a file of 100 lines without a loop, took 4 GB. A value replaced no longer counts."""
    from philtre.interpreter import effects

    monkeypatch.setattr(effects, "KEPT_ITEMS", 250_000)
    path = tmp_path / "ruleset.yaml"
    path.write_text(KEPT_VALUES, encoding="utf-8")
    with pytest.raises(PhiltreError) as info:
        Game(load_ruleset(str(path)), 2)
    d = info.value.first
    assert (d.code, d.loc.line) == ("R100", 19), str(d)  # c: a's and s[0]'s values set again and again count once
    assert "variables would hold more than 250,000 items in all" in d.message, str(d)


KEPT_THEN_NUMBERS = KEPT_VALUES[:KEPT_VALUES.index("flow:")].replace("  s: {", "  d: {initial: 0}\n  s: {") + """\
flow:
  - set: {a: 'range(100000)'}
  - set: {"s[1]": 'range(100000)'}
  - set: {a: 1}
  - set: {"s[1]": 2}
  - set: {b: 'range(100000)'}
  - set: {c: 'range(100000)'}
  - set: {d: 'range(100000)'}
"""


@pytest.mark.parametrize("fused", [True, False])
def test_a_variable_set_to_a_number_no_longer_counts_towards_the_items_of_all_variables(tmp_path, monkeypatch, fused):
    """A `set` of a number does not drop the count of the list the variable held (one test less at every `set` of a
    number: effects.keep); the count is dropped where it would make the total pass, so the total holds what the
    variables hold: a and s[1] set to numbers leave room for b and c, and d fails, as if dropped at once."""
    from philtre.interpreter import effects

    monkeypatch.setattr(effects, "KEPT_ITEMS", 250_000)
    monkeypatch.setattr("philtre.interpreter.runners.FUSED", fused)
    path = tmp_path / "ruleset.yaml"
    path.write_text(KEPT_THEN_NUMBERS, encoding="utf-8")
    game = Game.__new__(Game)
    with pytest.raises(PhiltreError) as info:
        game.__init__(load_ruleset(str(path)), 2)
    d = info.value.first
    assert (d.code, d.loc.line) == ("R100", 20), str(d)  # d's set: 300,000 items, b's and c's 200,000 fit
    assert "variables would hold more than 250,000 items in all" in d.message, str(d)
    assert game.state.flow.kept == {"b": 100_000, "c": 100_000}  # a's and s[1]'s counts dropped at d's set, d's not kept
    assert game.state.vars["a"] == 1 and game.state.vars["s"] == [0, 2] and game.state.vars["d"] == 0


TOPS_TAKEN = """\
game: tops
players: 2
step_limit: 3000
variables:
  passes: {initial: 0}
  x: {initial: 0}
""" + FIVE_THOUSAND_CARDS + """\
flow:
LOOP
"""

# a loop taking the top of a zone of 5,000 components off it, one component a pass: list.remove compares it with each
# one below it; 900 passes of 3 steps (fewer than the limit of 3,000) when that work was not counted
TOPS_LOOPS = {
    "the top moved": "  - repeat: 900\n    as: s\n    do:\n      - set: {passes: s + 1}\n      - move: last(deck) -> pile\n",
    "a list of the top moved": "  - repeat: 900\n    as: s\n    do:\n      - set: {passes: s + 1}\n      - move: '[last(deck)] -> pile'\n",
    "each component moved, top first": ("  - for: 'c in [deck[4999 - i] for i in range(900)]'\n"
                                        "    do:\n      - move: c -> pile\n      - move: c -> pile\n"),
    # the same, and then an expression that may do work, so gives the work budget afresh: it wiped the move's charge
    "the top moved, then a sum set": ("  - repeat: 900\n    do:\n      - move: last(deck) -> pile\n"
                                      "      - set: {x: 'sum([x, 1])'}\n"),
}


def _stopped(tmp_path, loop: str, record: bool):
    """The game of TOPS_TAKEN with ``loop`` as its flow, stopped by a rule: the game, and the failure's diagnostic."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(TOPS_TAKEN.replace("LOOP\n", loop), encoding="utf-8")
    game = Game.__new__(Game)
    with pytest.raises(PhiltreError) as info:
        game.__init__(load_ruleset(str(path)), 2, record=record)
    return game, info.value


@pytest.mark.parametrize("record", [False, True], ids=["unrecorded", "recorded"])
@pytest.mark.parametrize("case", list(TOPS_LOOPS))
def test_a_loop_taking_the_top_off_a_large_zone_counts_the_comparisons_towards_the_step_limit(tmp_path, case, record):
    """Each component moved off a zone is found by list.remove, which compares it with every component below it, and
    that work was free: a loop taking the top of a zone of 100,000 components off it one at a time ran a minute (5
    billion comparisons), unstopped by the step limit, and hours with a `set` of a sum after the move. Past the first
    128 of a zone, the comparisons now count towards the step limit (effects.take_out, spend), where no expression's
    fresh work budget wipes them: here R200 at the loop."""
    game, error = _stopped(tmp_path, TOPS_LOOPS[case], record)
    d = error.first
    assert (d.code, d.loc.line) == ("R200", 13), str(d)
    assert "step limit of 3,000 reached: rule" in d.message, str(d)
    # stopped in the loop, its work counted as it is done (late by at most the steps a fused loop keeps till its end)
    assert len(game.state.zones["pile"][0]) < 700


# effects on a whole zone of 5,000 components, each pass, then a `set` whose expression gives the work budget afresh
# (it wiped their charge): 700 passes of at most 4 steps, fewer than the limit of 3,000, when that work was not counted
BULK_LOOPS = {
    "a zone moved to and fro": "      - move: deck -> pile\n      - move: pile -> deck\n",
    "a list of a zone's components moved to and fro": "      - move: '[c for c in deck] -> pile'\n      - move: pile -> deck\n",
    "a zone dealt and moved back": "      - deal: {from: deck, to: '[pile]'}\n      - move: pile -> deck\n",
    "a zone shuffled": "      - shuffle: deck\n",
    "a zone revealed": "      - reveal: deck\n",
    "a list of zones revealed": "      - reveal: '[deck, pile]'\n",
}


@pytest.mark.parametrize("record", [False, True], ids=["unrecorded", "recorded"])
@pytest.mark.parametrize("case", list(BULK_LOOPS))
def test_a_loop_of_effects_on_a_large_zone_stops_at_the_step_limit_whatever_it_evaluates_after_them(tmp_path, case, record):
    """Moving, dealing, shuffling or revealing a zone of 90,000 components each pass counted as work (16, 64 or 4 units
    each), but a `set` after it in the same pass gave the work budget afresh and wiped that: 100,000 passes ran for
    hours. Past 128 components, an effect's work now counts towards the step limit where it is done: R200 at the loop."""
    loop = f"  - repeat: 700\n    as: s\n    do:\n{BULK_LOOPS[case]}      - set: {{x: 'sum([x, 1])', passes: s + 1}}\n"
    game, error = _stopped(tmp_path, loop, record)
    d = error.first
    assert (d.code, d.loc.line) == ("R200", 13), str(d)
    assert "step limit of 3,000 reached: rule 'repeat' does not end the game" in d.message, str(d)
    assert game.state.vars["passes"] < 200  # each pass's work counted: 20 steps or more a pass


# a pass that counts the 5,000 cards (an expression's work, 5,000 units: about 5 steps), then evaluates a light one:
# each charging evaluation gave the work budget afresh, so only the pass's last (light) one was counted, and 900 passes
# of 3 or 4 steps stayed under the limit of 3,000 (a `repeat: 1000000` over 100,000 chips ran for hours)
HEAVY = "count([c for c in deck if c.rank > 0])"
WIPED_LOOPS = {
    "heavy then light, two statements": f"      - set: {{x: '{HEAVY}'}}\n      - set: {{y: 'sum([y, 1])'}}\n",
    "heavy then light, one set": f"      - set: {{x: '{HEAVY}', y: 'sum([y, 1])'}}\n",
    "a heavy when, then a light value": f"      - set: {{y: 'sum([y, 1])'}}\n        when: '{HEAVY} > 0'\n",
    "a heavy definition, then a light expression": "      - set: {x: 'cards()'}\n      - set: {y: 'sum([y, 1])'}\n",
    "a heavy listing, then a light effect": "      - decide: bump\n        player: 0\n",
}
WIPED = TOPS_TAKEN.replace("  x: {initial: 0}\n", f"""  x: {{initial: 0}}
  y: {{initial: 0}}
define:
  cards(): {HEAVY}
actions:
  bump:
    if: '{HEAVY} > 0'
    do:
      - set: {{y: 'sum([y, 1])'}}
""")


@pytest.mark.parametrize("case", list(WIPED_LOOPS))
def test_a_loop_whose_heavy_expression_is_followed_by_a_light_one_stops_at_the_step_limit(tmp_path, case):
    """Only a pass's last expression's work counted towards the step limit: a heavy one before it, in another statement,
    the same `set`, a `when`, a definition or the decision's listing, was wiped by the light one's fresh work budget.
    Now each budget given afresh counts the much work it drops (builtins.bank): R200 at the loop, recorded or not, at
    the same step and pass."""
    loop = f"  - repeat: 900\n    as: s\n    do:\n      - set: {{passes: s + 1}}\n{WIPED_LOOPS[case]}"
    path = tmp_path / "ruleset.yaml"
    path.write_text(WIPED.replace("LOOP\n", loop), encoding="utf-8")
    ruleset = load_ruleset(str(path))
    stopped = []
    for record in (False, True):
        game = Game.__new__(Game)
        with pytest.raises(PhiltreError) as info:
            game.__init__(ruleset, 2, record=record)
            game.play_out(random=random.Random(1).random)
        d = info.value.first
        assert (d.code, d.loc.line) == ("R200", 21), str(d)
        assert "step limit of 3,000 reached: rule 'repeat' does not end the game" in d.message, str(d)
        stopped.append((game.state.flow.steps, game.state.vars["passes"]))
    assert stopped[0] == stopped[1]
    assert stopped[0][1] < 600  # each pass's heavy work counted: about 5 steps more a pass


# a loop whose pass counts the 5,000 cards, then arrives at a decision: the decision's listing gave the work budget
# afresh and banked nothing, so the count was never counted (3 steps a pass, whatever it cost: a `repeat: 1000000` of
# it made 333,000 decisions of 5 ms each before the limit); by kind of the loop, the loop
DECIDED_LOOPS = {
    "a heavy set, then a decision": ("repeat", f"  - repeat: 900\n    do:\n      - set: {{x: '{HEAVY}'}}\n"
                                               "      - decide: tick\n        player: 0\n"),
    "a heavy set, then a simultaneous step": ("repeat", f"  - repeat: 900\n    do:\n      - set: {{x: '{HEAVY}'}}\n"
                                                        "      - simultaneous: bid\n"),
    "a heavy until, then a turn's decision": ("turns", f"  - turns: 0\n    until: '{HEAVY} < 0'\n    do:\n      - decide: tick\n"),
    "a heavy until, then a simultaneous step": ("until", f"  - until: '{HEAVY} < 0'\n    do:\n      - simultaneous: bid\n"),
}
DECIDED = TOPS_TAKEN.replace("flow:\n", """actions:
  tick:
    do:
      - set: {x: 'sum([x, 1])'}
  bid:
    choose: {n: '[1, 2]'}
    do:
      - set: {x: 'sum([x, n])'}
flow:
""")


def _decided_until_stopped(game, how: str) -> None:
    """Play ``game`` on until a rule stops it: by play_out, or by apply, each seat's options listed three times."""
    if how == "play_out":
        game.play_out(random=random.Random(1).random)
    while not game.finished:
        for seat in game.pending():
            for _ in range(2):
                game.options(seat)
            game.apply(seat, game.options(seat)[0])


@pytest.mark.parametrize("case", list(DECIDED_LOOPS))
def test_a_loop_whose_heavy_work_is_followed_by_a_decision_stops_at_the_step_limit(tmp_path, case):
    """The work done on the way to a decision (a statement before it, a loop's `until`) was dropped by its listing's
    fresh budget: a loop of a heavy `set` and a `decide` was bounded by its 3 steps a pass alone. It is counted as the
    flow arrives at the decision (Game._arrived), once however the options are listed: R200 at the loop, at the same
    step after as many decisions, recorded or not, by play_out or by apply, options() called once or three times."""
    kind, loop = DECIDED_LOOPS[case]
    path = tmp_path / "ruleset.yaml"
    text = DECIDED.replace("LOOP\n", loop)
    path.write_text(text, encoding="utf-8")
    line = text.split("\n").index(loop.split("\n")[0]) + 1
    ruleset = load_ruleset(str(path))
    stopped = set()
    for record in (False, True):
        for how in ("play_out", "apply"):
            game = Game.__new__(Game)
            with pytest.raises(PhiltreError) as info:
                game.__init__(ruleset, 2, record=record)
                _decided_until_stopped(game, how)
            d = info.value.first
            assert (d.code, d.loc.line) == ("R200", line), str(d)
            assert f"step limit of 3,000 reached: rule '{kind}' does not end the game" in d.message, str(d)
            stopped.add((game.state.flow.steps, game.decisions))
    assert len(stopped) == 1, stopped
    assert next(iter(stopped))[1] < 300  # each pass's heavy work counted: 40 steps or more a pass (else 600 or more)


def test_a_record_of_a_game_the_work_of_its_effects_stopped_replays_to_the_same_failure(tmp_path):
    """The work effects did counts in the game's own flow (Flow.effect_room): its record, up to the R200, replays to the
    same events and the same failure."""
    game, error = _stopped(tmp_path, TOPS_LOOPS["the top moved, then a sum set"], record=True)
    record = tmp_path / "game.jsonl"
    error.recorder.write(record)
    assert json.loads(record.read_text(encoding="utf-8").splitlines()[-1])["code"] == "R200"
    again = replayed(str(record))  # (every event checked: a different one, or none where the failure was, is P010, P011)
    assert str(again.failure.first) == str(error.first)
    assert again.state.zones["pile"][0] == game.state.zones["pile"][0] and again.state.flow.steps == game.state.flow.steps


FAMILY_TOPS = """\
game: family-tops
players: 2
step_limit: 3000
variables:
  passes: {initial: 0}
components:
  card: {attributes: {rank: [1, 2, 3, 4, 5]}, copies: 1000, start: "deck[0]"}
zones:
  deck: {copies: 2}
  pile: {copies: 2}
flow:
  - repeat: 400
    as: s
    do:
      - set: {passes: s + 1}
      - for: z in deck
        do:
          - move: last(z) -> pile[index(z)]
"""


def test_a_loop_taking_the_top_off_each_zone_of_a_family_stops_at_the_same_step_recorded_or_not(tmp_path):
    """A game neither recorded nor counted takes a `for` item's top off it by pop (no comparisons), a recorded one by
    list.remove, which compares it with each component below it: from a zone of more than 128 components both now
    count those comparisons towards the step limit, so a seed's game stops at the same pass either way (a run's
    failure found unrecorded is the one its record, asked for then, shows)."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(FAMILY_TOPS, encoding="utf-8")
    stopped = []
    for record in (False, True):
        game = Game.__new__(Game)
        with pytest.raises(PhiltreError) as info:
            game.__init__(load_ruleset(str(path)), 2, record=record)
        d = info.value.first
        stopped.append((d.code, d.loc.line, d.message, game.state.vars["passes"], game.state.flow.steps))
    assert stopped[0] == stopped[1]
    assert stopped[0][:3] == ("R200", 16, "step limit of 3,000 reached with loops running, outermost first: 'repeat' at 12:5, "
                                          "'for' at 16:9; rule 'for' does not end the game")


def test_the_step_limit_reached_by_a_long_game_working_hard_a_decision_says_every_loop_may_end(tmp_path):
    """A Gin Rummy trial: a game that ends, but whose options' `if` read costly definitions at every decision, reached
    the limit in its last hands, and R200 said a loop does not end: the hint now says how many decisions were made and
    how many steps each took. An endless loop of light decisions keeps the usual hint (the test above)."""
    path = tmp_path / "ruleset.yaml"
    path.write_text("""\
philtre: 1
game: long-and-heavy
players: 2
step_limit: 20000
components:
  chip: {copies: 1, start: pool}
zones:
  pool: {}
variables:
  x: 0
define:
  heavy: count(range(75000 + x % 2)) + count(range(75000 + x % 2))  # read anew each decision (x changes): 146 steps
actions:
  tick:
    if: heavy > 0
    do:
      - set: {x: x + 1}
flow:
  - name: game
    turns: 0
    until: x >= 1000
    do:
      - decide: tick
winners: {highest: "score[p]"}
""", encoding="utf-8")
    game = Game(load_ruleset(str(path)), 2)
    d = _stopped_taking_first_options(game)
    assert d.code == "R200" and d.hint.startswith(f"{game.decisions:,} decisions were made, about "), str(d)
    assert "a long game working this hard a decision reaches the limit with every loop ending: raise step_limit or make " \
           "that work lighter; else, check its 'until' condition" in d.hint, str(d)
    assert game.decisions >= 100, game.decisions


def test_the_step_limit_reached_in_a_turns_without_until_says_only_an_end_game_ends_it(tmp_path):
    """A Quarto trial: a full board's draw never reached the `end_game` of a win, and the hint said to check an `until`
    the `turns` did not have."""
    path = tmp_path / "ruleset.yaml"
    path.write_text("""\
philtre: 1
game: no-until
players: 2
step_limit: 1000
variables:
  x: 0
actions:
  tick:
    do:
      - set: {x: x + 1}
      - end_game: {}
        when: x < 0
flow:
  - turns: 0
    do:
      - decide: tick
winners: {highest: "score[p]"}
""", encoding="utf-8")
    game = Game(load_ruleset(str(path)), 2)
    d = _stopped_taking_first_options(game)
    assert d.code == "R200" and d.hint == ("check how it ends: it has no 'until', so only an end_game ends it, and none was "
                                           "reached (where the game may end otherwise, a full board's draw, give it an "
                                           "until), or raise step_limit"), str(d)


SEAT_STUCK = (Path(__file__).parent / "data" / "seat_stuck.yaml").read_text(encoding="utf-8")


def test_the_step_limit_reached_with_no_decision_and_nothing_changing_says_an_endless_loop(tmp_path):
    """A trial's `next: left(auc)`, `auc` set only on a turn that had cards: once a seat ran out, the turns gave the
    seat after it its turn again and again, with no decision, for ever. R200 averaged the steps over the decisions made
    and advised raising step_limit. Now the game is run on past the limit: no decision came and nothing changed, so R200
    says an endless loop, names the seat the turns keep returning to and the `next` that gives it, and does not
    advise raising the limit."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(SEAT_STUCK, encoding="utf-8")
    game = Game(load_ruleset(str(path)), 2)
    d = _stopped_taking_first_options(game)
    assert (d.code, d.loc.line, d.loc.col) == ("R200", 23, 5), str(d)
    assert d.message == ("step limit of 5,000 reached: rule 'plays' does not end the game: no decision for the 5,000 "
                         "steps run on past it, the 'turns' 'plays' at 23:5 giving seat 1 its turn again and again, and "
                         "nothing in the game changed (zones, variables, scores): an endless loop, not a long game"), str(d)
    assert "raise step_limit" not in d.hint and d.hint.endswith("its next, `left(last)`, gives seat 1 again after seat "
                                                                "1's turn"), d.hint
    # the same loop where each pass changes the game (a count kept): it may end, and the hint is as before
    path.write_text(SEAT_STUCK.replace("  last: 0\n", "  last: 0\n  spins: 0\n").replace(
        "      - when: count(hand[current]) > 0\n", "      - set: {spins: spins + 1}\n      - when: count(hand[current]) > 0\n"),
        encoding="utf-8")
    d = _stopped_taking_first_options(Game(load_ruleset(str(path)), 2))
    assert d.code == "R200" and "no decision" not in d.message and d.hint.endswith("or raise step_limit"), str(d)
