"""L021 (an action's `if` reading what the player does not see) names the definitions through which it reads it and
points at where the condition uses the first, as L030 does for a score: a trial's `if:` read its own hand through the
chosen tile and every hand through the definition `opener`, and the finding pointed at the start of the folded `if:`."""

from __future__ import annotations

from philtre.dsl.validate import check_file

RULESET = """\
philtre: 1
game: l021-through
players: 2
components:
  tile: {attributes: {n: 1..6}, start: pile}
zones:
  pile: {visible: nobody}
  hand: {each: player, visible: owner}
  line: {}
define:
  opener: max_by([t.n, t] for p in players for t in hand[p])
  first_tile: opener
actions:
  play:
    choose: {tile: "hand[me]"}
    if: >
      count(line) > 0
      or tile == OPENER
    do:
      - move: tile -> line
flow:
  - shuffle: pile
  - deal: {from: pile, to: hand, count: 2}
  - turns: 0
    until: count(line) == 4
    do:
      - decide: play
"""


def found(tmp_path, opener: str = "opener") -> list:
    path = tmp_path / "ruleset.yaml"
    path.write_text(RULESET.replace("OPENER", opener), encoding="utf-8")
    return [f.diagnostic for f in check_file(str(path)).findings if f.diagnostic.code != "L001"]  # (first_tile unused)


def test_l021_names_the_definition_and_points_at_its_use_in_the_condition(tmp_path):
    [d] = found(tmp_path)
    assert d.code == "L021" and (d.loc.line, d.loc.col) == (18, 18), str(d)
    assert "allowed or not by what 'hand' holds (through 'opener'), which only its owner sees" in d.message, str(d)
    assert "keep it in a variable every seat sees, set: {found: opener}" in d.hint, str(d)


def test_l021_names_every_definition_of_the_chain(tmp_path):
    [d] = found(tmp_path, "first_tile")
    assert (d.loc.line, d.loc.col) == (18, 18), str(d)
    assert "(through 'first_tile', which uses 'opener')" in d.message, str(d)


def test_l021_of_a_direct_read_points_at_the_if_and_names_no_definition(tmp_path):
    [d] = found(tmp_path, "max_by([t.n, t] for p in players for t in hand[p])")
    assert d.code == "L021" and (d.loc.line, d.loc.col) == (16, 9) and "through" not in d.message, str(d)


def test_l030_points_at_the_definition_a_score_reads_through(tmp_path):
    text = RULESET.replace("OPENER", "tile").replace("      - move: tile -> line\n",
                                                     "      - move: tile -> line\n      - score: {player: me, add: \"0 + first_tile.n\"}\n")
    path = tmp_path / "ruleset.yaml"
    path.write_text(text, encoding="utf-8")
    [d] = [f.diagnostic for f in check_file(str(path)).findings if f.diagnostic.code == "L030"]
    assert "(through 'first_tile', which uses 'opener')" in d.message and (d.loc.line, d.loc.col) == (21, 39), str(d)
