"""A word that is a board line's whole value is written bare, spaces and all (playing.md, The board). A Coup trial's
`show:` definition, a `join` of the turn's story made to be read as one line, was printed `on_table = 'seat 0
foreign_aid'`, in quotes, though nothing on the line after it needs them parted off. Quotes stay where the bare word
would read as another value, and inside a list, where a comma or a space parts one item from the next."""

from __future__ import annotations

import pytest

from philtre.dsl import load_ruleset
from philtre.interpreter import Game
from philtre.interpreter.render import event_text, line_value_text, render_view, shown_values

SHOWN = """\
philtre: 1
game: shown-words
players: 2
variables:
  phase: {initial: 'bid or pass'}
  words: {initial: [red, 'a b']}
define:
  status: "join(['seat', current, 'claims a duke'], ' ')"
show: [status]
actions:
  talk:
    do:
      - set: {phase: "'all in, now'"}
flow:
  - turns: 0
    until: phase != 'bid or pass'
    do:
      - decide: talk
"""


@pytest.mark.parametrize(("value", "written"), [
    ("seat 1 claims a duke", "seat 1 claims a duke"),      # spaces: nothing follows it on the line
    ("a, b: c", "a, b: c"),                                # commas and colons too
    ("red", "red"),
    ("7", "'7'"), ("-2.5", "'-2.5'"),                      # bare, a number
    ("none", "'none'"), ("true", "'true'"), ("hidden", "'hidden'"),  # bare, a value the board shows
    ("[a]", "'[a]'"), ("{a: 1}", "'{a: 1}'"),              # bare, a list or a map
    ("", "''"), (" lead", "' lead'"), ("trail ", "'trail '"),  # bare, its ends lost
    (["red", "a b"], "[red, 'a b']"),                      # inside a list: quoted, as ever
])
def test_a_lines_whole_word_is_quoted_only_where_bare_it_reads_as_something_else(value, written):
    assert line_value_text(value) == written


def test_the_board_writes_a_shown_definitions_and_a_variables_word_bare_and_a_set_told_so(tmp_path):
    path = tmp_path / "ruleset.yaml"
    path.write_text(SHOWN, encoding="utf-8")
    game = Game(load_ruleset(str(path)), 2, seed=1, record=True)
    board = render_view(game.view(0), game.ruleset, played=True, shown=shown_values(game, 0))
    assert "  status = seat 0 claims a duke" in board.splitlines(), board
    assert "  phase = bid or pass" in board.splitlines(), board
    assert "  words = [red, 'a b']" in board.splitlines(), board
    game.apply(0, game.options(0)[0])
    told = [event_text(e, game.ruleset) for e in game.recorder.for_player(1) if e.get("event") == "set"]
    assert told == ["phase = all in, now"]


DEALT = """\
philtre: 1
game: dealt-words
players: 2
components:
  card: {attributes: {rank: [1, 2, 3, 4, 5, 6]}}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
  shown: {each: player, visible: others}
  table: {visible: everyone}
actions:
  draw:
    do:
      - deal: {from: deck, to: hand, count: 1}
flow:
  - deal: {from: deck, to: hand, count: 1}
  - deal: {from: deck, to: shown, count: 1}
  - deal: {from: deck, to: "[table]", count: 1}
  - decide: draw
    player: 0
"""


def _dealt(tmp_path):
    path = tmp_path / "dealt.yaml"
    path.write_text(DEALT, encoding="utf-8")
    game = Game(load_ruleset(str(path)), 2, seed=3, record=True)
    game.apply(0, game.options(0)[0])
    return game


def _card(game, zone: str, seat: int) -> str:
    return f"card rank={game.state.zones[zone][seat][-1]['rank']}"


def test_a_deal_names_the_cards_to_the_seat_that_sees_the_zone_and_counts_them_to_the_others(tmp_path):
    """A Coup trial: `dealt from court: 1 to hand[1]` told seat 1 a card came to its own hand, not which; the board
    had to be compared with the one before. A move to a seat's own zone is told whole: so is a deal now."""
    game = _dealt(tmp_path)

    def told(seat):
        return [event_text(e, game.ruleset, None, seat) for e in game.recorder.for_player(seat) if e.get("event") == "deal"]

    first0 = f"card rank={game.state.zones['hand'][0][0]['rank']}"  # (seat 0 drew once more: its first lies under)
    first1 = _card(game, "hand", 1)
    table = f"card rank={game.state.zones['table'][0][0]['rank']}"
    assert told(0) == [f"dealt from deck: to hand[0] (you): {first0}; 1 to hand[1]",
                       f"dealt from deck: 1 to shown[0]; to shown[1]: {_card(game, 'shown', 1)}",
                       f"dealt from deck to table: {table}",
                       f"dealt from deck to hand[0] (you): {_card(game, 'hand', 0)}"]
    assert told(1)[0] == f"dealt from deck: 1 to hand[0]; to hand[1] (you): {first1}"
    assert told(1)[3] == "dealt from deck: 1 to hand[0]"
    # an onlooker, and the full record read by no seat, name only what every seat sees
    assert [event_text(e, game.ruleset) for e in game.recorder.for_player(None) if e.get("event") == "deal"][0] == \
        "dealt from deck: 1 to hand[0], 1 to hand[1]"


def test_a_deal_of_more_kinds_than_a_line_names_is_counted_to_its_seat_too(tmp_path):
    """Named, a hand of 12 potions read `potion ..., potion ... and 5 more to hand[0]`: the board under it lists them."""
    path = tmp_path / "dealt.yaml"
    path.write_text(DEALT.replace("count: 1}\n  - deal: {from: deck, to: shown", "count: 7}\n  - deal: {from: deck, to: shown")
                    .replace("rank: [1, 2, 3, 4, 5, 6]", "rank: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]"),
                    encoding="utf-8")
    game = Game(load_ruleset(str(path)), 2, seed=3, record=True)
    first = next(e for e in game.recorder.for_player(0) if e.get("event") == "deal")
    assert event_text(first, game.ruleset, None, 0) == "dealt from deck: 7 to hand[0], 7 to hand[1]"


# a shown text joined with '; ' (no commas to break at), and one that is empty before anything is claimed
CLAIMS = """\
philtre: 1
game: claims
players: 2
variables:
  owner: {initial: [-1, -1, -1, -1, -1, -1, -1, -1, -1, -1]}
  note: {initial: ''}
define:
  claimed: "join(['route ' + text(e) + ' from somewhere to elsewhere: seat ' + text(owner[e]) for e in range(10) if owner[e] >= 0], '; ')"
show: [claimed]
actions:
  claim_all:
    do:
      - set: {owner: "[0, 1, 0, 1, 0, 1, 0, 1, 0, 1]"}
flow:
  - decide: claim_all
    player: 0
  - decide: claim_all
    player: 0
"""


def test_a_long_shown_text_is_wrapped_at_its_words_and_an_empty_one_shows_nothing(tmp_path):
    """A trial's `show:` text of claimed routes, joined with '; ', was one line of 463 characters under zones wrapped
    at the terminal's width, and read `claimed = ''` before anything was claimed. A text's line is wrapped to the same
    width, after a '; ' or ', ' (else at a space), each line after the first indented, nothing lost; an empty text is
    its name alone, `claimed =`, as a text of several lines is its lines under `claimed =`."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(CLAIMS, encoding="utf-8")
    game = Game(load_ruleset(str(path)), 2, seed=1)
    lines = render_view(game.view(0), game.ruleset, played=True, shown=shown_values(game, 0), width=60).splitlines()
    assert "  claimed =" in lines and "  note =" in lines, lines  # (not `claimed = ''`)
    game.apply(0, game.options(0)[0])
    lines = render_view(game.view(0), game.ruleset, played=True, shown=shown_values(game, 0), width=60).splitlines()
    at = lines.index("  claimed = route 0 from somewhere to elsewhere: seat 0;")
    told = lines[at:at + 10]
    assert told[1] == "      route 1 from somewhere to elsewhere: seat 1;", told
    assert all(len(line) <= 60 for line in lines), lines
    assert " ".join(" ".join(told).split()) == "claimed = " + shown_values(game, 0)["claimed"]  # (nothing lost)
    # the adapters' text (no width) keeps one line
    assert any(line.startswith("  claimed = ") and len(line) > 400 for line in render_view(
        game.view(0), game.ruleset, shown=shown_values(game, 0)).splitlines())


def test_a_text_without_marks_is_wrapped_at_its_spaces_and_a_word_wider_than_the_line_kept_whole():
    from philtre.interpreter.render import wrapped

    line = "  story = " + " ".join(["seat 1 passes the dice"] * 6)
    lines = wrapped(line, 40, text=True)
    assert all(len(one) <= 40 for one in lines) and all(one.startswith("      ") for one in lines[1:]), lines
    assert " ".join(" ".join(lines).split()) == line.strip()
    assert wrapped("  word = " + "x" * 50 + " y", 40, text=True) == ["  word = " + "x" * 50, "      y"]
    assert wrapped("  pool: [" + "x" * 50 + " y]", 40) == ["  pool: [" + "x" * 50 + " y]"]  # (a zone's item: never broken)
