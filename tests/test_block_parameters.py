"""L053: a block parameter none of the block's statements reads (validating.md). A Coup trial's `ask(p)`, meant to ask
seat p, held a `decide` without `player:`, which asks `current`: the scenarios caught every run asking the turn's seat,
validate said nothing. The value a run gives an unread parameter is thrown away, whatever the slip behind it."""

from __future__ import annotations

import pytest

from test_lints import findings, where

ASKED = """\
philtre: 1
game: asked
players: 3
variables:
  answered: {initial: null}
blocks:
  ask(p, why):
    - decide: answer
      PLAYER
    - say: "['asked', why]"
actions:
  poke: {}
  answer:
    do:
      - set: {answered: me}
flow:
  - turns: 0
    until: answered != none
    do:
      - decide: poke
      - run: ask(left(current), 'poked')
"""


def _codes(found) -> list:
    return [d.code for d in found]


def test_a_parameter_no_statement_reads_is_l053_at_the_parameter_and_names_the_decide_that_asks_current(tmp_path):
    text = ASKED.replace("      PLAYER\n", "")
    found = [d for d in findings(tmp_path, text) if d.code == "L053"]
    assert [(d.loc.line, d.loc.col) for d in found] == [where(text, "p, why")], [str(d) for d in found]
    [d] = found
    assert d.message == "block 'ask' never reads its parameter 'p': the value each run gives it is thrown away"
    line = where(text, "decide: answer")[0]
    assert d.hint.startswith(f"the decide at line {line} has no player:, so it asks current, the seat whose turn it is: "
                             "where it is p's decision, write player: p; else read it where the block needs it, or take "
                             "it out of the block's head and out of each run: ask(why)"), d.hint


@pytest.mark.parametrize("player", ["      player: p\n", "      player: \"p if why != '' else current\"\n"])
def test_a_parameter_read_anywhere_in_the_block_is_no_finding(tmp_path, player):
    assert "L053" not in _codes(findings(tmp_path, ASKED.replace("      PLAYER\n", player)))


def test_a_parameter_read_only_as_the_argument_of_a_block_run_inside_is_read(tmp_path):
    """`run: inner(p)` reads p where the block runs it; the inner block's own `p` is its own parameter."""
    text = ASKED.replace("      PLAYER\n", "      player: current\n").replace(
        "    - say: \"['asked', why]\"\n", "    - run: tell_why(why)\n  tell_why(why):\n    - say: why\n")
    assert _codes([d for d in findings(tmp_path, text) if d.code == "L053"]) == ["L053"]  # p, unread: said once
    text = text.replace("run: tell_why(why)", "run: tell_why(p)")
    found = [d for d in findings(tmp_path, text) if d.code == "L053"]
    assert [d.message for d in found] == ["block 'ask' never reads its parameter 'why': the value each run gives it is "
                                          "thrown away"]  # (the decide asks current on purpose: no word of it)
    assert found[0].hint == "read it where the block needs it, or take it out of the block's head and out of each run: ask(p)"


def test_the_trials_slip_is_found_by_validate(tmp_path):
    """The trial's repro: `philtre validate` said `lints ok` where now it warns."""
    from test_cli import philtre

    (tmp_path / "ruleset.yaml").write_text(ASKED.replace("      PLAYER\n", ""), encoding="utf-8")
    result = philtre("validate", tmp_path)
    assert result.returncode == 1 and "L053 block 'ask' never reads its parameter 'p'" in result.stdout, result.stdout
