"""Counting one zone of a family of N zones an owner (`each: player` + `copies`, `line[p][r]`), of a family kept a team,
or of plain copies is judged as `count(hand[p])` is: by the zone's `count:` setting (default: everyone counts).

A trial's board of hidden pieces kept one zone a square for each seat, `sq: {each: player, copies: 3, visible: owner}`.
`show: [theirs]` with `theirs: "count(sq[1 - me][0])"` was refused (R016, an error, which no comment silences) as a read
of what `sq` holds, and an action's options and a public variable made from `count(sq[p][i])` were L021 and L031, while
the same over `hand: {each: player, visible: owner}`, `count(hand[1 - me])`, passed. A count some seat may not see
(`count: owner`) and a read of what the zone holds (`first(sq[1 - me][0]).letter`) are still found.
"""

from __future__ import annotations

import re

import pytest

from philtre.dsl.validate import check_file

SHOWN = """\
philtre: 1
game: shown
players: 4
TEAMS
components:
  piece: {each: player, attributes: {letter: [A, B]}, start: "START"}
zones:
  ZONE
define:
  theirs: "EXPR"
show: [theirs]
actions:
  pass: {}
flow:
  - turns: 0
    until: turn_number > 2
    do:
      - decide: pass
"""

TEAMS = 'teams: "[[0, 2], [1, 3]]"'

# (zone declared, without its closing brace; where the pieces start; another seat's (or team's) zone; the teams line)
FAMILIES = {
    "a zone a seat": ("hand: {each: player, visible: owner", "hand[owner]", "hand[left(me)]", ""),
    "N zones a seat": ("sq: {each: player, copies: 3, visible: owner", "sq[owner][0]", "sq[left(me)][0]", ""),
    "a zone a team": ("sq: {each: team, visible: owner", "sq[team_index(owner)]", "sq[team_index(left(me))]", TEAMS),
    "N zones a team": ("sq: {each: team, copies: 3, visible: owner", "sq[team_index(owner)][0]",
                       "sq[team_index(left(me))][0]", TEAMS),
    "shared copies": ("sq: {copies: 3, visible: nobody", "sq[0]", "sq[1]", ""),
}


UNCOUNTED = re.compile(r"which (the seat may not|not every seat may) count")  # R016's words for a count some seat may not see


def findings(tmp_path, text: str) -> list:
    """The diagnostics of validating ``text`` as a ruleset file."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(text, encoding="utf-8")
    return [f.diagnostic for f in check_file(str(path)).findings]


def shown(family: str, expr: str, count: str = "") -> str:
    """SHOWN with ``family``'s zone (its count seen by ``count``, where given) and `theirs` defined as ``expr``, in
    which OTHER stands for another seat's zone of it."""
    zone, start, other, teams = FAMILIES[family]
    zone += f", count: {count}}}" if count else "}"
    return (SHOWN.replace("TEAMS", teams).replace("ZONE", zone).replace("START", start)
            .replace("EXPR", expr.replace("OTHER", other)))


@pytest.mark.parametrize("family", FAMILIES)
@pytest.mark.parametrize("expr", ["count(OTHER)", "count(OTHER) == 0", "count(c for c in OTHER)"])
def test_another_seats_count_is_shown_as_a_hands_is(tmp_path, family, expr):
    assert findings(tmp_path, shown(family, expr)) == []


@pytest.mark.parametrize("family", FAMILIES)
@pytest.mark.parametrize("count", ["owner", "nobody"])
def test_a_count_the_seat_may_not_see_is_still_r016(tmp_path, family, count):
    if count == "owner" and not FAMILIES[family][3] and "each: player" not in FAMILIES[family][0]:
        pytest.skip("shared copies have no owner (`count: owner` there is R008)")
    text = shown(family, "count(OTHER)", count)
    [d] = findings(tmp_path, text)
    other = FAMILIES[family][2]
    assert d.code == "R016" and f"`count({other})`" in d.message and UNCOUNTED.search(d.message), str(d)


@pytest.mark.parametrize("family", FAMILIES)
def test_what_another_seats_zone_holds_is_still_r016(tmp_path, family):
    [d] = findings(tmp_path, shown(family, "first(OTHER).letter"))
    assert d.code == "R016" and "what 'hand' holds" in d.message.replace("'sq'", "'hand'"), str(d)


def test_a_seats_own_zone_of_n_is_shown_to_it(tmp_path):
    assert findings(tmp_path, shown("N zones a seat", "first(sq[me][0]).letter")) == []
    assert findings(tmp_path, shown("N zones a seat", "count(sq[me][0])", "owner")) == []


def test_counts_of_each_of_a_seats_n_zones(tmp_path):
    """`count(z) for z in sq[p]` counts one zone at a time, as `count(sq[p][r])` does; the items it looks at are read."""
    each = "[count(z) for z in sq[left(me)]]"
    assert findings(tmp_path, shown("N zones a seat", each)) == []
    [d] = findings(tmp_path, shown("N zones a seat", each, "owner"))
    assert d.code == "R016" and UNCOUNTED.search(d.message), str(d)
    [d] = findings(tmp_path, shown("N zones a seat", "[first(z).letter for z in sq[left(me)] if count(z) > 0]"))
    assert d.code == "R016" and "what 'sq' holds" in d.message, str(d)


def test_the_number_of_a_familys_zones_reads_none_of_them(tmp_path):
    """`count(hand)`, `count(sq[p])`: how many zones, which every seat knows (L025 says it is likely not what is meant)."""
    for family, expr in (("a zone a seat", "count(hand)"), ("N zones a seat", "count(sq[left(me)])")):
        assert [d.code for d in findings(tmp_path, shown(family, expr))] == ["L025"], expr


def test_a_hidden_count_over_a_familys_zones_is_told_not_a_traceback(tmp_path):
    """The family's count rewritten for the lint (`count(z)` as `count(hand[z])`) has a clause, which has no text:
    naming the count read through it raised KeyError."""
    [d] = findings(tmp_path, shown("a zone a seat", "[count(z) for z in hand]", "owner"))
    assert d.code == "R016" and UNCOUNTED.search(d.message), str(d)


# a trial's options and public variable from the squares' counts (L021, L031), and the same over a plain hand
OPTIONS = """\
philtre: 1
game: options
players: 2
components:
  piece: {each: player, copies: 2, start: "START"}
zones:
  ZONE
variables:
  pos: {initial: []}
actions:
  step:
    choose: {to: "[i for i in range(3) if TEST]"}
    do:
      - move: "MOVE"
      - set: {pos: "[READ for i in range(3)]"}
flow:
  - turns: 0
    until: turn_number > 2
    do:
      - decide: step
"""

SQUARES = {"START": "sq[owner][0]", "ZONE": "sq: {each: player, copies: 3, visible: owner}",
           "MOVE": "first(sq[me][0]) -> sq[me][to]", "TEST": "count(sq[1 - me][i]) == 0", "READ": "count(sq[0][i])"}
HAND = {"START": "hand[owner]", "ZONE": "hand: {each: player, visible: owner}",
        "MOVE": "first(hand[me]) -> hand[me]", "TEST": "count(hand[1 - me]) == 0", "READ": "count(hand[0])"}


def options(words: dict, **changed) -> str:
    """OPTIONS with each of its words given by ``words``, as ``changed`` changes them."""
    text = OPTIONS
    for key, value in {**words, **changed}.items():
        text = text.replace(key, value)
    return text


@pytest.mark.parametrize("words", [SQUARES, HAND], ids=["N zones a seat", "a zone a seat"])
def test_options_and_a_public_variable_from_counts(tmp_path, words):
    assert findings(tmp_path, options(words)) == []
    hidden = options(words, ZONE=words["ZONE"].replace("}", ", count: owner}"))
    found = findings(tmp_path, hidden)
    assert [d.code for d in found] == ["L021", "L031"], [str(d) for d in found]
    assert f"`{words['TEST'].split(' ==')[0]}`" in found[0].message and "only its owner may count" in found[0].message
    assert f"`{words['READ']}`" in found[1].message, str(found[1])


@pytest.mark.parametrize("words", [SQUARES, HAND], ids=["N zones a seat", "a zone a seat"])
def test_options_and_a_public_variable_from_what_a_zone_holds(tmp_path, words):
    zone = words["READ"].replace("count", "first")
    text = options(words, TEST=f"{words['TEST']} or {words['TEST'].split(' ==')[0].replace('count', 'first')}.owner == 0",
                   READ=f"{zone}.owner if {words['READ']} > 0 else 0")
    found = findings(tmp_path, text)
    name = words["ZONE"].split(":")[0]
    assert [d.code for d in found] == ["L021", "L031"], [str(d) for d in found]
    assert all(f"what '{name}' holds" in d.message for d in found), [str(d) for d in found]


@pytest.mark.parametrize("family", ["N zones a seat", "N zones a team"])
def test_counts_through_a_name_bound_to_a_row_of_the_family(tmp_path, family):
    """`for zs in sq for z in zs`: zs is one seat's (or team's) row of zones, so count(z) counts one zone, as over
    `sq[left(me)]`: a trial's `[count(z) for zs in sq for z in zs]` was R016 while `[count(z) for z in sq[1 - me]]`
    passed. What the zones hold, and a count only the owner may count, are still found."""
    each = "[count(z) for zs in sq for z in zs]"
    assert findings(tmp_path, shown(family, each)) == []
    assert findings(tmp_path, shown(family, "sum(count(zs) for zs in sq)")) == []  # (how many zones a row has)
    [d] = findings(tmp_path, shown(family, each, "owner"))
    assert d.code == "R016" and UNCOUNTED.search(d.message), str(d)
    [d] = findings(tmp_path, shown(family, "[first(z).letter for zs in sq for z in zs if count(z) > 0]"))
    assert d.code == "R016" and "what 'sq' holds" in d.message, str(d)
    [d] = findings(tmp_path, shown(family, "[first(zs[0]).letter for zs in sq if count(zs[0]) > 0]"))
    assert d.code == "R016" and "what 'sq' holds" in d.message, str(d)


@pytest.mark.parametrize("count, codes", [("", []), (", count: owner", ["L031"])])
def test_a_public_variable_from_counts_through_a_row_of_the_family(tmp_path, count, codes):
    """The same in a variable every seat sees (L031): only where some seat may not count another seat's zones."""
    text = options(SQUARES, ZONE=SQUARES["ZONE"].replace("}", f"{count}}}"), TEST="i >= 0",
                   READ="sum(count(z) for zs in sq for z in zs)")
    assert [d.code for d in findings(tmp_path, text)] == codes


def with_if(words: dict, condition: str, **changed) -> str:
    """OPTIONS (its choice any of the three, its variable 0) with ``condition`` as the action's `if:`."""
    text = options(words, TEST="i >= 0", READ="0", **changed)
    return text.replace("    do:\n", f'    if: "{condition}"\n    do:\n', 1)


@pytest.mark.parametrize("where", ["if", "choice"])
@pytest.mark.parametrize("expr", ["sum(count(z) for z in sq[1 - me]) > 0", "sum(count(z) for z in sq[left(me)]) > 0",
                                  "sum(count(z) for zs in sq for z in zs) > 0"])
def test_options_from_counts_over_a_row_of_the_family(tmp_path, where, expr):
    """`count(z) for z in sq[1 - me]` counts each of the seat's zones, which every seat may count (`count: everyone`,
    the default), as `count(sq[1 - me][i])` does: a trial's `if:` and choice made of it were L021, as if the zones'
    contents were read. A count only the owner may count is still L021, as a count."""
    text = with_if(SQUARES, expr) if where == "if" else options(SQUARES, TEST=expr, READ="0")
    assert findings(tmp_path, text) == []
    hidden = text.replace(SQUARES["ZONE"], SQUARES["ZONE"].replace("}", ", count: owner}"))
    [d] = findings(tmp_path, hidden)
    assert d.code == "L021" and "how many components 'sq' holds" in d.message and "only its owner may count" in d.message, str(d)


@pytest.mark.parametrize("zone", ["sq: {each: player, copies: 3, visible: owner}", "sq: {each: player, copies: 3, visible: nobody}"])
def test_what_a_row_of_the_family_holds_is_still_l021(tmp_path, zone):
    """Read through the loop's name (`first(z).owner`), the zones' contents are read: L021, as before."""
    text = with_if(SQUARES, "any(first(z).owner == 0 for z in sq[1 - me] if count(z) > 0)", ZONE=zone)
    [d] = findings(tmp_path, text)
    assert d.code == "L021" and "by what 'sq' holds" in d.message, str(d)
    if "owner" in zone:  # (the seat's own row it sees)
        assert findings(tmp_path, with_if(SQUARES, "any(first(z).owner == 0 for z in sq[me] if count(z) > 0)")) == []


def test_a_count_over_a_familys_zones_is_quoted_as_written(tmp_path):
    """The messages quote the count the author wrote, `count(z)`, naming the zone it counts, not the lints' own reading
    of it (`count(sq[left(me)][z])`, `count(hand[z])`, with z a zone where an index goes), nor `count(hand[1 - me])`
    for `count(c for c in hand[1 - me])`."""
    [d] = findings(tmp_path, shown("N zones a seat", "[count(z) for z in sq[left(me)]]", "owner"))
    assert d.message.startswith("the shown definition 'theirs' reads `count(z)` of 'sq', which the seat may not count:"), str(d)
    [d] = findings(tmp_path, shown("a zone a seat", "[count(z) for z in hand]", "owner"))
    assert d.message.startswith("the shown definition 'theirs' reads `count(z)` of 'hand', which not every seat may count:"), str(d)
    hidden = {"ZONE": HAND["ZONE"].replace("}", ", count: owner}")}
    [d] = findings(tmp_path, options(HAND, TEST="sum(count(z) for z in hand) > i", READ="0", **hidden))
    assert d.code == "L021" and d.message.startswith(
        "action 'step' offers its options by how many components 'hand' holds (`count(z)`), which only its owner may "
        "count:"), str(d)
    [d] = findings(tmp_path, options(HAND, TEST="count(c for c in hand[1 - me]) > i", READ="0", **hidden))
    assert "holds (`count(c for c in hand[1 - me])`), which" in d.message, str(d)
    [d] = findings(tmp_path, options(HAND, TEST="i >= 0", READ="sum(count(z) for z in hand)", **hidden))
    assert d.code == "L031" and d.message.startswith(
        "'pos' is seen by everyone, and it is set from `count(z)` of 'hand', which not every seat may count:"), str(d)
    assert "hide 'pos' as the count of 'hand' is" in d.hint, str(d)  # (the zone read from the quoted count)
