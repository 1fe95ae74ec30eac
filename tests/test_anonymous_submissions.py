"""Findings of a Dixit trial (cards handed in face down, shuffled, laid face up, owners revealed later).

F1: a hidden variable that holds components, revealed, then scored: L030's hint said "reveal it first (reveal: mine)",
the very statement already there; it now says why (the reveal shows the cards, not whose they were) and what to keep.
F2: a number looked for in a list whose items are lists (`card.art not in mine`, `mine` a per-seat list) is E124.
F3: the recipe docs/language.md shows for it validates clean and plays.
F5: L030 and R016 name the definitions through which the hidden variable is reached.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.dsl.validate import check_file
from philtre.interpreter.render import event_text
from philtre.interpreter.simulate import simulate

# each seat lays one card face up on the table at once; `mine` remembers, in secret, which one was its own
LAID = """\
philtre: 1
game: laid
players: 2
components:
  card: {attributes: {n: 1..6}, start: deck}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
  table: {}
variables:
  mine: {initial: [], each: player, visible: owner}
actions:
  lay:
    choose: {card: "hand[me]"}
    do:
      - set: {"mine[me]": KEPT}
      - move: card -> table
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, count: 2}
  - simultaneous: lay
  - reveal: mine
  - for: p in players
    do:
      - score: {player: p, add: "READ"}
"""


def findings(tmp_path, text: str) -> list:
    """The diagnostics of validating ``text`` as a ruleset file."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(text, encoding="utf-8")
    return [f.diagnostic for f in check_file(str(path)).findings]


def laid(kept: str, read: str) -> str:
    """LAID with `mine[me]` set to ``kept`` and the card laid and scored read as ``read``."""
    return LAID.replace("KEPT", kept).replace("READ", read)


def test_a_revealed_variable_of_components_is_told_why_its_reveal_shows_no_owner(tmp_path):
    """The trial's first try: `mine[me]: [card]`, `reveal: mine`, then a score of `first(mine[p]).n`. The hint no
    longer asks for the reveal that is there: it says the reveal shows the cards, not whose they were, and to keep an
    attribute instead."""
    found = findings(tmp_path, laid('"[card]"', "first(mine[p]).n"))
    assert [d.code for d in found] == ["L030"], [str(d) for d in found]
    hint = found[0].hint
    assert "reveal it first" not in hint
    assert "'mine' holds components: reveal: mine shows them where they lie, not which seat's entry holds which" in hint
    assert "as the reveal here does" in hint and "keep words or numbers in it instead" in hint


def test_a_revealed_variable_of_numbers_is_no_finding(tmp_path):
    """The workaround the hint names: the laid card's number kept, revealed, then scored: every seat saw it revealed."""
    assert findings(tmp_path, laid('"[card.n]"', "first(mine[p])")) == []


def test_a_variable_of_numbers_not_revealed_is_still_told_to_reveal_it(tmp_path):
    """Without the reveal, the old hint stands: a variable of values is revealed by `reveal: mine`."""
    text = laid('"[card.n]"', "first(mine[p])").replace("  - reveal: mine\n", "")
    found = findings(tmp_path, text)
    assert [d.code for d in found] == ["L030"] and "reveal it first (reveal: mine)" in found[0].hint


def test_play_says_a_reveal_of_cards_face_up_already_showed_nothing_new():
    """Play told `table revealed: card n=2, card n=5` of cards every seat saw laid: it now says they were face up."""

    ruleset = load_ruleset_text(laid('"[card]"', "1"))
    event = {"event": "reveal", "zone": {"zone": "table", "index": None}, "components": []}
    assert event_text(event, ruleset).endswith("(face up already)")
    event["zone"] = {"zone": "deck", "index": None}
    assert not event_text(event, ruleset).endswith("(face up already)")


def load_ruleset_text(text: str):
    """``text`` loaded as a ruleset (from a file of its own)."""
    import os
    import tempfile
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "ruleset.yaml")
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        return load_ruleset(path, beside=False)


@pytest.mark.parametrize("condition, hint", [
    # the trial's slip: `mine`, each seat's list of numbers, for `mine[me]`
    ("card.n not in mine", "card.n not in mine[me] (or [p]) looks in one seat's; not any(card.n in xs for xs in mine)"),
    ("card.n in [[1], [2]]", "card.n in [[1], [2]][i] looks in one; any(card.n in xs for xs in [[1], [2]]) in all of them"),
])
def test_a_number_looked_for_among_lists_is_e124(tmp_path, condition, hint):
    """A number is never an item of a list whose items are lists: `in` is never true, `not in` always (E124, as for a
    component looked for among zones)."""
    text = laid('"[card.n]"', "first(mine[p])").replace(
        '    choose: {card: "hand[me]"}\n', f'    choose: {{card: "hand[me]"}}\n    if: "{condition}"\n')
    with pytest.raises(PhiltreError) as raised:
        load_ruleset_text(text)
    found = [d for d in raised.value.diagnostics if d.code == "E124"]
    assert found, str(raised.value)
    never = "always" if "not in" in condition else "never"
    assert f"looks for a whole number among lists: an item of" in found[0].message and f"so it is {never} true" in found[0].message
    assert hint in found[0].hint


def test_a_number_looked_for_in_one_seats_list_is_no_finding(tmp_path):
    """`card.n not in mine[me]` looks in one list of numbers: fine."""
    text = laid('"[card.n]"', "first(mine[p])").replace(
        '    choose: {card: "hand[me]"}\n', '    choose: {card: "hand[me]"}\n    if: "card.n not in mine[me]"\n')
    assert findings(tmp_path, text) == []


CHAIN = """\
define:
  story: first(mine[0])
  found: story > 3
  easy: found or count(table) == 0
"""


def test_l030_names_the_definitions_through_which_the_hidden_variable_is_read(tmp_path):
    """A score whose `when` reads `easy`, which uses `found`, which uses `story`, which reads `mine`: the finding says so
    (the trial traced four nested definitions by hand)."""
    text = laid('"[card.n]"', "1").replace("  - reveal: mine\n", "").replace("actions:\n", CHAIN + "actions:\n", 1).replace(
        '      - score: {player: p, add: "1"}', '      - when: easy\n        score: {player: p, add: 1}')
    found = findings(tmp_path, text)
    assert [d.code for d in found] == ["L030"], [str(d) for d in found]
    assert "reads the value of 'mine' (through 'easy', which uses 'found', which uses 'story')" in found[0].message


def test_l030_of_a_direct_read_names_no_definition(tmp_path):
    """A score that reads the variable itself says nothing of definitions."""
    text = laid('"[card.n]"', "first(mine[p])").replace("  - reveal: mine\n", "")
    found = findings(tmp_path, text)
    assert "through" not in found[0].message


def test_r016_names_the_definitions_through_which_the_shown_one_reads(tmp_path):
    """A shown definition that reads a hidden variable through others: R016 names them, after the shown one."""
    text = laid('"[card.n]"', "1").replace("actions:\n", CHAIN + "show: [easy]\nactions:\n", 1)
    with pytest.raises(PhiltreError) as raised:
        load_ruleset_text(text)
    found = [d for d in raised.value.diagnostics if d.code == "R016"]
    assert found and "'easy' reads the value of 'mine' (through 'found', which uses 'story')" in found[0].message


def recipe() -> str:
    """The ruleset docs/language.md shows under "Anonymous submissions" (F3: the trial found the pieces in four places)."""
    doc = (Path(__file__).resolve().parents[1] / "docs" / "language.md").read_text(encoding="utf-8")
    section = doc.split("### Anonymous submissions", 1)[1].split("\n## ", 1)[0]
    [block] = re.findall(r"```yaml\n(.*?)```", section, re.S)
    return block


def test_the_anonymous_submissions_recipe_validates_clean_and_plays(tmp_path):
    """The recipe validates with no finding (no leak: L030, L040, L021 stay quiet) and plays to the end."""
    assert findings(tmp_path, recipe()) == []
    results = simulate(load_ruleset(str(tmp_path / "ruleset.yaml")), players=3, games=5, seed=1)
    assert results["games"] == 5


def test_the_recipe_handed_straight_to_the_table_or_kept_as_cards_is_told(tmp_path):
    """The recipe's pieces matter: keeping the card itself in `mine` is L030 at the score (the reveal shows no owner)."""
    kept_as_cards = recipe().replace('{"mine[me]": card.art}', '{"mine[me]": card}').replace(
        "mine: {initial: 0,", "mine: {initial: null,").replace("card.art != mine[me]", "card != mine[me]").replace(
        "voted[q] == mine[p]", "voted[q] == mine[p].art")
    found = findings(tmp_path, kept_as_cards)
    assert "L030" in [d.code for d in found], [str(d) for d in found]
    assert "holds components" in next(d for d in found if d.code == "L030").hint


def test_the_documented_way_to_check_a_file_against_the_schemas_resolves_every_ref_offline(tmp_path, monkeypatch):
    """F7: the trial's jsonschema, given scenario-file.schema.json from disk, resolved its relative $ref against the
    schema's $id and tried the network (Unresolvable offline). The snippet docs/validating.md gives registers the local
    files under their $ids: run here, in a folder holding a copy of schemas/ and the trial-like scenarios.yaml, with the
    network shut, it checks the file (and finds a mistake in one, through the $ref)."""
    import shutil
    import socket

    root = Path(__file__).resolve().parents[1]
    doc = (root / "docs" / "validating.md").read_text(encoding="utf-8")
    section = doc.split("**The schemas in a tool of your own.**", 1)[1]
    [snippet] = re.findall(r"```python\n(.*?)```", section.split("\n---\n", 1)[0], re.S)
    shutil.copytree(root / "schemas", tmp_path / "schemas")
    (tmp_path / "scenarios.yaml").write_text(
        "scenarios:\n  - name: dealt\n    players: 2\n    expect: ['count(deck) == 4']\n  - name: bad\n    players: two\n",
        encoding="utf-8")
    monkeypatch.chdir(tmp_path)

    def no_network(*args, **kwargs):
        raise OSError("the network is shut for this test")

    monkeypatch.setattr(socket, "create_connection", no_network)
    monkeypatch.setattr(socket.socket, "connect", no_network)
    printed = []
    exec(compile(snippet, "validating.md", "exec"), {"print": lambda *a: printed.append(" ".join(map(str, a)))})
    assert printed and all(line.startswith("scenarios/1/players") for line in printed), printed
