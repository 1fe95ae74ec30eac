"""copy_of(z) and owner_of(z): a zone's copy number and its seat (language.md, copy_of), where a Battle Line trial read
the copy of a zone chosen from `side: {each: player, copies: 9}` as index(at) - 9 * me."""

from __future__ import annotations

import pytest

from philtre.dsl import builtins, load_ruleset
from philtre.dsl.validate import check_file
from philtre.interpreter import Game
from test_index_of_item import _value as value_set, _write as write_setting  # (a small game's flow sets a variable)

HEAD = """game: copies
players: 3
components:
  card: {attributes: {rank: [3, 1, 4]}, start: deck}
zones:
  deck: {}
  hand: {each: player}
  line: {each: player, copies: 4}
  pile: {copies: [red, blue]}
  row: {copies: 5}
"""


def _write(tmp_path, expr: str):
    """The small game of HEAD whose flow sets a variable to ``expr``, written to a file: its path."""
    return write_setting(tmp_path, expr, head=HEAD)


def _value(tmp_path, expr: str):
    """The value ``expr`` gives when the small game of HEAD, of 3 players, sets a variable to it."""
    return value_set(tmp_path, expr, head=HEAD, players=3)


@pytest.mark.parametrize("expr, got", [
    ("[copy_of(line[2][3]), owner_of(line[2][3]), index(line[2][3])]", [3, 2, 11]),   # index: the flat p * N + r
    ("[copy_of(z) for z in line[1]]", [0, 1, 2, 3]),
    ("[owner_of(z) for s in line for z in s]", [0] * 4 + [1] * 4 + [2] * 4),
    ("[copy_of(hand[2]), owner_of(hand[2]), index(hand[2])]", [0, 2, 2]),            # one zone a seat: copy 0
    ("[copy_of(row[4]), owner_of(row[4]), index(row[4])]", [4, None, 4]),            # copies no seat owns
    ("[copy_of(pile['blue']), owner_of(pile['blue'])]", [1, None]),                  # a named copy: its position
    ("[copy_of(deck), owner_of(deck)]", [0, None]),
    ("copy_of(zone_of(first(deck)))", 0),
])
def test_a_zone_tells_its_copy_and_its_seat(tmp_path, expr, got):
    assert _value(tmp_path, expr) == got


def test_a_chosen_zone_of_a_seats_copies_reads_its_copy(tmp_path):
    """The trial's case: a zone chosen among the acting seat's copies, its copy read to index a list a copy."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(HEAD + """variables:
  took: {initial: [0, 0, 0, 0]}
actions:
  place:
    choose: {at: "line[me]"}
    if: owner_of(at) == me and copy_of(at) == 2
    do:
      - set: {took: "put(took, copy_of(at), owner_of(at) + 1)"}
flow:
  - decide: place
    player: 1
""")
    game = Game(load_ruleset(str(path)), 3, seed=1)
    game.play_out(random=lambda: 0.0)  # (one option only: line[1][2])
    assert game.state.vars["took"] == [0, 0, 2, 0]


@pytest.mark.parametrize("expr, said", [
    ("copy_of(first(deck))", "E120 copy_of() needs a zone here, but this is a component"),
    ("owner_of(3)", "E120 owner_of() needs a zone here, but this is a whole number"),
    ("copy_of(line[0], 1)", "E140 copy_of() takes 1 argument(s), got 2"),
    ("copy_of(deck) + 'a'", "E124"),                                                 # a whole number
])
def test_a_wrong_argument_is_found_by_validate(tmp_path, expr, said):
    found = [f"{f.diagnostic.code} {f.diagnostic.message}" for f in check_file(str(_write(tmp_path, expr)), lints=False).findings]
    assert any(line.startswith(said) for line in found), found


@pytest.mark.parametrize("name", ["copy_of", "owner_of"])
def test_what_is_no_zone_fails_as_the_game_runs(name):
    with pytest.raises(builtins.RuleRuntimeError, match=rf"{name}\(\) needs a zone, got"):
        builtins.BUILTINS[name].impl([1, 2])
