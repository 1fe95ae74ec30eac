"""Findings of a Dixit trial on the hidden-information lints.

F2: L030 read a score's own parts only: a score in a `for` over seats read from a hidden variable, or under a `when`
on the statement around it (or its `else`), told every seat the secret, and validate was clean.
"""

from __future__ import annotations

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
