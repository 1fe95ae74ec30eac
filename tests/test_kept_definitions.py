"""A definition of no parameter that reads nothing a game changes (no zone, variable, die, score, round, `me` or
`current`; the seats and their number are fixed for a game) is worked out once a game and kept: a trial's
adjacency table of a map of 54 places, computed in the language, was worked out at each read, 30 times slower than
the same table written out (docs/language.md, `define`). Its first read charges the work and fails as before."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import yaml

from philtre.dsl import load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.interpreter import Game

CORNER_MAP = Path(__file__).resolve().parent / "data" / "corner_map.yaml"
TABLES = ("points", "ends", "links_at", "beside")  # the map's tables, worked out in the language


def _played(ruleset, seed: int, players: int = 2) -> tuple:
    """A random game's end: every zone's components, the winners and the steps taken."""
    game = Game(ruleset, players, seed=seed)
    game.play_out(random=random.Random(seed))
    zones = {name: [[c["id"] for c in z] for z in family] for name, family in game.state.zones.items()}
    return zones, game.winners, game.state.flow.steps


def _write(tmp_path, text: str, name: str = "ruleset.yaml") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_a_map_whose_tables_are_worked_out_plays_as_the_same_tables_written_out(tmp_path):
    computed = load_ruleset(str(CORNER_MAP))
    game = Game(computed, 2, seed=0)
    values = {name: computed.namespace[f"d_{name}"](game.state, {}) for name in TABLES}
    assert (len(values["points"]), len(values["ends"])) == (54, 72)  # the corners and sides of 19 hexagonal tiles
    assert all(len(near) in (2, 3) for near in values["beside"])
    data = yaml.safe_load(CORNER_MAP.read_text(encoding="utf-8"))
    for name, value in values.items():
        data["define"][name] = repr(value)
    written = load_ruleset(_write(tmp_path, yaml.safe_dump(data, sort_keys=False)))
    for seed in range(4):
        assert _played(computed, seed) == _played(written, seed)


HEAVY = """philtre: 1
game: heavy
players: 2
step_limit: STEPS
variables:
  n: 0
define:
  table: "[x * x for x in range(3000)]"      # 3,000 units of work: 2 steps a read, where read anew
flow:
  - repeat: 300
    do:
      - set: {n: "n + count(table)"}
winners: {highest: "score[p]"}
"""


def test_a_table_worked_out_once_a_game_counts_its_work_towards_the_step_limit_once(tmp_path):
    """Read anew at each of 300 passes, its work counted 2 steps a pass, about 1,200 steps in all: past a limit of 1,000
    (R200). Kept, only its first read counts them."""
    game = Game(load_ruleset(_write(tmp_path, HEAVY.replace("STEPS", "1000"))), 2, seed=0)
    assert game.finished and game.state.vars["n"] == 300 * 3000
    assert game.state.flow.steps < 700


@pytest.mark.parametrize("table", [
    '"[x * x for x in range(3000 + 0 * n)]"',
    '"[x * x for x in upto]"\n  upto: "range(3000 + 0 * n)"',  # (through another definition)
])
def test_a_table_that_reads_a_variable_is_still_worked_out_at_each_read(tmp_path, table):
    """The same table reading a variable, itself or through a definition it reads, is worked out at each read, its
    work counted each time: R200."""
    text = HEAVY.replace("STEPS", "1000").replace('"[x * x for x in range(3000)]"', table)
    with pytest.raises(PhiltreError) as stopped:
        Game(load_ruleset(_write(tmp_path, text)), 2, seed=0)
    assert "R200" in str(stopped.value)


SEATS = """philtre: 1
game: seats
players: 2..4
variables:
  kept: "[]"
define:
  tens: "[10 * p for p in players] + [player_count]"
flow:
  - set: {kept: tens}
  - set: {kept: "kept + tens"}
winners: {highest: "score[p]"}
"""


def test_a_kept_value_is_each_games_own_at_its_number_of_players(tmp_path):
    ruleset = load_ruleset(_write(tmp_path, SEATS))
    kept = {n: Game(ruleset, n, seed=0).state.vars["kept"] for n in (2, 3, 2, 4)}
    assert kept == {2: [0, 10, 2] * 2, 3: [0, 10, 20, 3] * 2, 4: [0, 10, 20, 30, 4] * 2}


def test_a_kept_definition_that_fails_fails_at_the_rule_that_reads_it(tmp_path):
    text = SEATS.replace('"[10 * p for p in players] + [player_count]"', '"[10 * p for p in players][player_count]"')
    text = text.replace("  - set: {kept: tens}", "  - name: first\n    set: {kept: tens}")
    with pytest.raises(PhiltreError) as failed:
        Game(load_ruleset(_write(tmp_path, text)), 3, seed=0)
    said = str(failed.value)
    assert "R100 rule 'first' failed" in said and "in definition 'tens'" in said, said


COPIED = """philtre: 1
game: copied
players: 2
variables:
  n: 0
define:
  table: "[x * x for x in range(3000)]"
actions:
  go: {}
flow:
  - decide: go
    player: 0
  - repeat: 3
    do:
      - set: {n: "n + count(table)"}
winners: {highest: "score[p]"}
"""


def test_what_a_search_works_out_on_a_copy_leaves_the_game_as_it_was(tmp_path):
    """A copy's first read is its own: the game it was copied from charges its own first read later, so a seed's game
    takes the same steps whether a search played on copies of it or not."""
    ruleset = load_ruleset(_write(tmp_path, COPIED))
    alone = Game(ruleset, 2, seed=0)
    alone.apply(0, alone.options(0)[0])
    searched = Game(ruleset, 2, seed=0)
    copy = searched.copy()
    copy.apply(0, copy.options(0)[0])
    assert copy.finished and copy.state.vars["n"] == 3 * 3000
    searched.apply(0, searched.options(0)[0])
    assert searched.state.vars["n"] == alone.state.vars["n"] == 3 * 3000
    assert searched.state.flow.steps == alone.state.flow.steps == copy.state.flow.steps
