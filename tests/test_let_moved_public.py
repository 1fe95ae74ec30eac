"""A `let` name given from a hidden zone (`let: {c: last(deck)}`) whose component a later move puts where every seat
sees it (`move: c -> used`) is seen by every seat from then on: a decision asked under a condition reading it (L027),
a value handed to a block's parameter at a `run:` and read there (L031 at a `set`, L027 at a `decide`'s `when`, L030 at
a `say`), and a `let` name given from it, are no finding after that move, as a `set` or a `say` of `c.kind` written
out there is not (a trial's Chance card, drawn face down and laid face up: four warnings it could only silence). Before
the move, without it, or with a move into a zone some seat does not see, each is still found."""

from __future__ import annotations

import pytest

from philtre.dsl.validate import check_file

BASE = """\
philtre: 1
game: let-moved
players: 2
components:
  card: {attributes: {kind: [go, stay]}, start: deck}
zones:
  deck: {visible: nobody}
  used: {}
  pile: {visible: nobody}
variables:
  cash: {initial: 0, each: player}
blocks:
  gain(p, n):
    - set: {"cash[p]": "cash[p] + n"}
  ask(n):
    - when: n > 0
      decide: ok
      player: 0
  tell(x):
    - say: "['drew', x]"
actions:
  ok: {}
flow:
  - shuffle: deck
  - let: {c: last(deck)}
  - let: {k: c.kind}
BEFORE
  - move: c -> INTO
AFTER
  - say: "'done'"
"""

# each statement reading the card drawn, and the finding it gets where the card is not yet seen by every seat
READS = {
    "a decide asked when the card is a go": ("  - when: c.kind == 'go'\n    decide: ok\n    player: 0\n", "L027"),
    "a value handed to a block that sets it": ("  - run: gain(0, 1 if c.kind == 'go' else 0)\n", "L031"),
    "a value handed to a block that asks when it is not 0": ("  - run: ask(1 if c.kind == 'go' else 0)\n", "L027"),
    "a value handed to a block that says it": ("  - run: tell(c.kind)\n", "L030"),
    "a let given from the card, asked on": ("  - when: k == 'go'\n    decide: ok\n    player: 1\n", "L027"),
    "a let given from the card, handed to a block": ("  - run: gain(1, 1 if k == 'go' else 0)\n", "L031"),
}

TOLD = ("L027", "L030", "L031")  # (the blocks and the action a case does not use are other lints')


def findings(tmp_path, before: str, into: str, after: str) -> list:
    path = tmp_path / "ruleset.yaml"
    text = BASE.replace("BEFORE\n", before).replace("INTO", into).replace("AFTER\n", after)
    path.write_text(text, encoding="utf-8")
    return [f.diagnostic for f in check_file(str(path)).findings if f.diagnostic.code in TOLD]


@pytest.mark.parametrize("read", READS)
def test_a_card_drawn_face_down_then_laid_face_up_is_seen_by_every_seat(tmp_path, read):
    found = findings(tmp_path, "", "used", READS[read][0])
    assert found == [], [str(d) for d in found]


@pytest.mark.parametrize("read", READS)
@pytest.mark.parametrize("before, into", [
    (True, "used"),  # read before the move: nobody has seen the card yet
    (False, "pile"),  # moved face down: still nobody sees it
], ids=["read before the move", "moved into a hidden zone"])
def test_a_card_not_yet_laid_face_up_is_still_found(tmp_path, read, before, into):
    statement, code = READS[read]
    found = findings(tmp_path, statement if before else "", into, "" if before else statement)
    assert [d.code for d in found] == [code], [str(d) for d in found]


def test_a_value_handed_to_a_block_is_found_inside_it_naming_the_call(tmp_path):
    """Where the card was not shown, the finding in the block still says which `run:` handed it the value."""
    [found] = findings(tmp_path, "", "pile", READS["a value handed to a block that sets it"][0])
    assert found.code == "L031" and "in block 'gain', run at " in found.hint, str(found)


@pytest.mark.parametrize("read", READS)
def test_a_card_drawn_and_never_moved_is_still_found(tmp_path, read):
    statement, code = READS[read]
    path = tmp_path / "ruleset.yaml"
    path.write_text(BASE.replace("BEFORE\n", "").replace("  - move: c -> INTO\n", "").replace("AFTER\n", statement),
                    encoding="utf-8")
    found = [f.diagnostic for f in check_file(str(path)).findings if f.diagnostic.code in TOLD]
    assert [d.code for d in found] == [code], [str(d) for d in found]
