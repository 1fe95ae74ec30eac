"""Findings of a Dixit trial on the hidden-information lints.

F2: L030 read a score's own parts only: a score in a `for` over seats read from a hidden variable, or under a `when`
on the statement around it (or its `else`), told every seat the secret, and validate was clean.
F3: a `shuffle` of a zone every seat sees hides nothing (L059); filled just before from each seat's hidden zone, it
does not hide who handed in what, and the hint names language.md's "Anonymous submissions" recipe.
"""

from __future__ import annotations

import pytest

from philtre.dsl.validate import check_file

# each seat picks a number in secret; scores then read it in three ways
PICKS = """\
philtre: 1
game: picks
players: 2
variables:
  pick: {initial: 0, each: player, visible: owner}
actions:
  choose: {choose: {n: "range(5)"}, secret: [n], do: [{set: {"pick[me]": n}}]}
define:
  high: "[p for p in players if pick[p] > 2]"
flow:
  - simultaneous: choose
BEFORE
  - for: p in high
    do:
      - score: {player: p, add: 1}
  - when: pick[0] > 2
    for: p in players
    do:
      - score: {player: p, add: 1}
winners: {highest: "score[p]"}
"""


def findings(tmp_path, text: str, code: str) -> list:
    """The diagnostics ``code`` of validating ``text`` as a ruleset file."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(text, encoding="utf-8")
    return [f.diagnostic for f in check_file(str(path)).findings if f.diagnostic.code == code]


def test_a_score_for_seats_read_from_a_secret_or_under_a_hidden_when_around_it_is_l030(tmp_path):
    found = findings(tmp_path, PICKS.replace("BEFORE\n", ""), "L030")
    assert [(d.loc.line, d.loc.col) for d in found] == [(12, 10), (15, 11)], [str(d) for d in found]
    loop, when = found
    assert "the score on line 14 runs for each item of this for's list ('p')" in loop.message
    assert "the value of 'pick'" in loop.message and "every seat learns it" in loop.message
    assert "the score on line 18 runs only when this condition holds" in when.message
    assert "reveal: pick" in when.hint


def test_a_score_in_the_else_of_a_hidden_when_is_l030(tmp_path):
    text = PICKS.replace("BEFORE\n", "").replace("""    for: p in players
    do:
      - score: {player: p, add: 1}""", """    say: "'high'"
    else:
      - score: {player: 1, add: 1}""")
    found = findings(tmp_path, text, "L030")
    assert [d.loc.line for d in found] == [12, 15], [str(d) for d in found]
    assert "the score on line 18 runs only when this condition holds" in found[1].message


def test_a_reveal_before_the_scores_silences_them(tmp_path):
    assert findings(tmp_path, PICKS.replace("BEFORE", "  - reveal: pick"), "L030") == []


def test_conditions_every_seat_sees_are_no_finding(tmp_path):
    text = PICKS.replace("BEFORE\n", "").replace("p in high", "p in players").replace("pick[0] > 2", "score[0] > 2")
    assert findings(tmp_path, text, "L030") == []


def test_the_ignore_comment_on_the_condition_silences_it(tmp_path):
    text = (PICKS.replace("BEFORE\n", "").replace("p in high", "p in high   # philtre: ignore[L030]")
            .replace("when: pick[0] > 2", "when: pick[0] > 2   # philtre: ignore[L030]"))
    assert findings(tmp_path, text, "L030") == []


# each seat hands in a card face down, then the cards go to the table
HAND_IN = """\
philtre: 1
game: hand-in
players: 3
components:
  card: {attributes: {art: 1..12}, start: deck}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
  offered: {each: player, visible: owner}
  mixing: {visible: nobody}
  table: {}
actions:
  hand_in:
    choose: {card: "hand[me]"}
    secret: [card]
    do:
      - move: card -> offered[me]
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, count: 2}
  - simultaneous: hand_in
STAGING
winners: {highest: "score[p]"}
"""

LEAKY = """\
  - for: p in players
    do:
      - move: offered[p] -> table
  - shuffle: table
"""

RECIPE = """\
  - for: p in players
    do:
      - move: offered[p] -> mixing
  - shuffle: mixing
  - move: mixing -> table
"""


def test_shuffling_the_table_after_moving_hidden_hand_ins_to_it_names_the_recipe(tmp_path):
    found = findings(tmp_path, HAND_IN.replace("STAGING\n", LEAKY), "L059")
    assert [(d.loc.line, d.loc.col) for d in found] == [(25, 5)], [str(d) for d in found]
    assert "hides nothing" in found[0].message and "filled 'table' from 'offered'" in found[0].message
    assert "who handed in what" in found[0].message
    hint = found[0].hint
    # (the ruleset declares `mixing: {visible: nobody}` and uses it nowhere: the hint names it, not a new mixing2)
    assert '"Anonymous submissions"' in hint and "use 'mixing', declared already (visible: nobody) and used by no rule" in hint
    assert "move them there instead (offered[p] -> mixing)" in hint and "shuffle: mixing, then move: mixing -> table" in hint


def test_the_anonymous_submissions_recipe_is_no_finding(tmp_path):
    assert findings(tmp_path, HAND_IN.replace("STAGING\n", RECIPE), "L059") == []


def test_a_public_zone_shuffled_alone_is_a_plain_l059(tmp_path):
    text = HAND_IN.replace("STAGING\n", "  - move: deck -> table\n  - shuffle: table\n")
    found = findings(tmp_path, text, "L059")
    assert [d.loc.line for d in found] == [23], [str(d) for d in found]
    assert "every seat sees 'table', its components and their order" in found[0].message
    assert "Anonymous submissions" not in found[0].hint and "order: nobody" in found[0].hint


def test_a_bag_or_a_hidden_zone_shuffled_is_no_l059(tmp_path):
    bag = HAND_IN.replace("  table: {}", "  table: {order: nobody}").replace("STAGING\n", LEAKY)
    assert findings(tmp_path, bag, "L059") == []
    hidden = HAND_IN.replace("  table: {}", "  table: {visible: nobody}").replace("STAGING\n", LEAKY)
    assert findings(tmp_path, hidden, "L059") == []


def test_the_ignore_comment_silences_l059(tmp_path):
    text = HAND_IN.replace("STAGING\n", LEAKY.replace("shuffle: table", "shuffle: table   # philtre: ignore[L059]"))
    assert findings(tmp_path, text, "L059") == []


def test_a_public_shuffle_whose_order_goes_face_down_is_l040_alone(tmp_path):
    text = HAND_IN.replace("STAGING\n", "  - move: deck -> table\n  - shuffle: table\n  - move: table -> deck\n")
    path = tmp_path / "ruleset.yaml"
    path.write_text(text, encoding="utf-8")
    codes = [f.diagnostic.code for f in check_file(str(path)).findings if f.diagnostic.code in ("L040", "L059")]
    assert codes == ["L040"]


@pytest.mark.parametrize("zone, spare", [
    ("  mixing: {visible: nobody}\n", "use 'mixing', declared already (visible: nobody) and used by no rule"),
    ("  pool: {visible: nobody}\n", "use 'pool', declared already (visible: nobody) and used by no rule"),
    ("", "declare a zone (mixing: {visible: nobody})"),
    ("  mixing: {}\n", "declare a zone (mixing2: {visible: nobody})"),  # one every seat sees
    ("  mixing: {each: player, visible: nobody}\n", "declare a zone (mixing2: {visible: nobody})"),  # a family
], ids=["mixing unused", "another name unused", "none declared", "mixing public", "mixing a family"])
def test_l059_names_a_hidden_zone_the_ruleset_declares_and_does_not_use(tmp_path, zone, spare):
    """A trial's ruleset declared `mixing: {visible: nobody}` and used it nowhere; L059's hint told it to declare a
    `mixing2`. A zone nobody sees that no rule uses is named instead; a new name only where there is none."""
    text = HAND_IN.replace("  mixing: {visible: nobody}\n", zone).replace("STAGING\n", LEAKY)
    [d] = findings(tmp_path, text, "L059")
    name = "mixing2" if "mixing2" in spare else "pool" if "pool" in spare else "mixing"
    assert spare in d.hint and f"(offered[p] -> {name})" in d.hint and f"move: {name} -> table" in d.hint, d.hint


@pytest.mark.parametrize("use, named", [
    ("  - move: deck -> mixing\n  - shuffle: mixing\n  - move: mixing -> deck\n", True),  # staging only
    ("  - move: deck -> mixing\n", False),  # filled, never emptied: it holds cards
    ("  - when: count(mixing) > 0\n    say: \"'mixed'\"\n", False),  # read by a rule
], ids=["staging", "filled", "read"])
def test_l059_names_a_hidden_zone_used_only_to_stage(tmp_path, use, named):
    """A zone nobody sees used only as a staging zone (moved into, shuffled, moved out whole) is free to use again;
    one that keeps what it is given, or that a rule reads, is not."""
    text = HAND_IN.replace("STAGING\n", use + LEAKY)
    [d] = findings(tmp_path, text, "L059")
    if named:
        assert "use 'mixing', declared already (visible: nobody) and used only to stage components" in d.hint, d.hint
    else:
        assert "declare a zone (mixing2: {visible: nobody})" in d.hint, d.hint
