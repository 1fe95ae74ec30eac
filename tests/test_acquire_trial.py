"""Findings of an Acquire trial (a new user's tile-laying game, written from the docs alone): the messages and the play
account it found wanting."""

from __future__ import annotations

from philtre.dsl.validate import check_file

# a block run from an action's then: (and, in the second file, from the flow too); its say reads hidden hands (L030)
BLOCK_IN_THEN = """\
philtre: 1
game: block-calls
players: 2
components:
  chip: {attributes: {v: 1..6}, start: bag}
zones:
  bag: {visible: nobody}
  hand: {each: player, visible: owner}
blocks:
  tell_hand(p):
    - say: "['seat', p, 'holds', count(c for c in hand[p] if c.v > 3), 'high chips']"
actions:
  pass:
    then:
      - run: tell_hand(me)
flow:
  - deal: {from: bag, to: hand, count: 2}
  - decide: pass
    player: 0
"""


def written(tmp_path, text: str, name: str = "ruleset.yaml") -> str:
    """``text`` written to ``name`` in ``tmp_path``; its path."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def line_of(text: str, needle: str) -> int:
    """The line (from 1) of ``text`` where ``needle`` first occurs."""
    return text[: text.index(needle)].count("\n") + 1


def lint_findings(path: str, code: str) -> list:
    """The diagnostics of ``code`` that validating ``path`` finds."""
    return [f.diagnostic for f in check_file(path).findings if f.diagnostic.code == code]


def test_a_lint_finding_in_a_block_run_from_a_then_names_that_run(tmp_path):
    """F5: run only from `pass`'s then:, the L030 named no run at all."""
    path = written(tmp_path, BLOCK_IN_THEN)
    [found] = lint_findings(path, "L030")
    assert found.hint.endswith(f"; in block 'tell_hand', run at {path}:{line_of(BLOCK_IN_THEN, '- run: tell_hand')}:9"), found.hint


def test_a_lint_finding_in_a_block_run_from_a_then_and_the_flow_names_both_runs_in_file_order(tmp_path):
    """F5: with a run from the flow too, only the flow's was named."""
    text = BLOCK_IN_THEN + "  - run: tell_hand(1)\n"
    path = written(tmp_path, text)
    [found] = lint_findings(path, "L030")
    then, flow = line_of(text, "- run: tell_hand(me)"), line_of(text, "- run: tell_hand(1)")
    assert found.hint.endswith(f"; in block 'tell_hand', run at {path}:{then}:9 and {path}:{flow}:5"), found.hint
