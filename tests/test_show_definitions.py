"""`show`: definitions without parameters listed on play's board (and the PettingZoo adapter's text), with their values
now; one that reads what some seat does not see is refused when the ruleset is loaded (R016), as it would tell every seat.

A Leduc Hold'em trial: the pot, `define: pot: sum(stake[p] for p in players)`, was never on the board (only the stakes)."""

from __future__ import annotations

import pytest

from test_cli import philtre

from philtre.dsl import load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.interpreter import Game
from philtre.interpreter.render import render_view, shown_values

POKER = """\
game: antes
players: 2..3
components:
  card:
    attributes: {rank: [1, 2, 3]}
    copies: 2
    start: deck
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
  board: {}
variables:
  stake: {initial: 0, each: player}
  folded: {initial: false, each: player}
define:
  pot: sum(stake[p] for p in players)
  live: "[p for p in players if not folded[p]]"
  strength(p): first(hand[p]).rank
  best: max(strength(p) for p in live)
  top: first(board).rank
show: [pot]
actions:
  check:
    do:
      - set: {"folded[me]": false}
  fold:
    do:
      - set: {"folded[me]": true}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, count: 1}
  - for: p in players
    do:
      - set: {"stake[p]": 1}
  - turns: 0
    until: count(live) == 1 or current == player_count - 1
    do:
      - decide: [check, fold]
  - reveal: hand
  - for: p in live
    do:
      - score: {player: p, add: strength(p)}
"""


def _ruleset(tmp_path, text=POKER, name="ruleset.yaml"):
    """``text`` written to a file in ``tmp_path``, as its path."""
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def _refused(tmp_path, text) -> list:
    """The findings loading ``text`` gives."""
    with pytest.raises(PhiltreError) as exc:
        load_ruleset(_ruleset(tmp_path, text))
    return exc.value.diagnostics


def test_play_shows_the_pot_on_its_board(tmp_path):
    result = philtre("play", _ruleset(tmp_path), "-p", "3", "--seed", "1", stdin="1\n")
    board = result.stdout.split("scores [0, 0, 0]", 1)[1]
    assert "\n  stake = [1, 1, 1]\n" in board and "\n  pot = 3\n" in board  # after the variables


def test_the_board_without_show_lists_no_definition(tmp_path):
    """The board as it was: a ruleset without `show` shows no definition, nor does a caller that passes none."""
    game = Game(load_ruleset(_ruleset(tmp_path, POKER.replace("show: [pot]\n", ""))), 3, seed=1)
    assert shown_values(game) == {} and "pot" not in render_view(game.view(0), game.ruleset, played=True, shown={})
    game = Game(load_ruleset(_ruleset(tmp_path)), 3, seed=1)
    assert "pot" not in render_view(game.view(0), game.ruleset)


def test_a_shown_definition_that_fails_now_is_said_so(tmp_path):
    """The top card of an empty board: the board says why it has no value, and play goes on."""
    game = Game(load_ruleset(_ruleset(tmp_path, POKER.replace("show: [pot]", "show: [pot, top]"))), 2, seed=1)
    text = render_view(game.view(0), game.ruleset, played=True, shown=shown_values(game))
    assert "\n  pot = 2\n  top cannot be worked out now: " in text


def test_a_shown_definition_reading_current_is_the_seat_whose_turn_it_is(tmp_path):
    """`current` in a shown definition is the seat whose turn it is while a `turns` step waits for it (a Hold'em
    trial's `to_call: high - stake[current]` could not be worked out at any decision)."""
    text = POKER.replace("show: [pot]", "show: [pot, turn_stake]").replace(
        "  top: first(board).rank\n", "  top: first(board).rank\n  turn_stake: stake[current] + 10 * current\n")
    game = Game(load_ruleset(_ruleset(tmp_path, text)), 3, seed=1)
    assert shown_values(game)["turn_stake"] == 1  # seat 0's turn
    game.apply(0, game.options(0)[0])
    assert shown_values(game)["turn_stake"] == 11  # seat 1's


def test_a_shown_definition_reading_a_hidden_hand_is_refused(tmp_path):
    found = _refused(tmp_path, POKER.replace("show: [pot]", "show: [pot, best]"))
    assert [(d.code, d.loc.line, d.loc.col) for d in found] == [("R016", 21, 13)]
    # (the definitions it reads the hand through are named, as a Dixit trial asked)
    assert "'best' reads what 'hand' holds (through 'strength'), which only its owner sees" in found[0].message


def test_a_shown_definition_reading_a_private_variable_is_refused(tmp_path):
    text = POKER.replace("folded: {initial: false, each: player}", "folded: {initial: false, each: player, visible: owner}")
    found = _refused(tmp_path, text.replace("show: [pot]", "show: [live]"))
    assert [d.code for d in found] == ["R016"] and "the value of 'folded'" in found[0].message


def test_a_shown_definition_counting_a_hand_others_may_not_count_is_refused(tmp_path):
    text = POKER.replace("hand: {each: player, visible: owner}", "hand: {each: player, visible: owner, count: owner}")
    found = _refused(tmp_path, text.replace("  pot: sum", "  held: count(hand[1])\n  pot: sum").replace("show: [pot]", "show: [held]"))
    assert [d.code for d in found] == ["R016"] and "`count(hand[1])`" in found[0].message


def test_a_shown_definition_reading_a_zone_through_a_public_variable_is_refused(tmp_path):
    """A variable everyone sees holding a zone: the view shows the reference, not what the zone holds."""
    text = POKER.replace("variables:\n", "variables:\n  seen: {initial: none}\n").replace(
        "  - shuffle: deck\n", "  - set: {seen: \"hand[0]\"}\n  - shuffle: deck\n")
    found = _refused(tmp_path, text.replace("  pot: sum", "  peek: first(seen).rank\n  pot: sum").replace("show: [pot]", "show: [peek]"))
    assert [d.code for d in found] == ["R016"] and "'hand'" in found[0].message


def test_a_shown_definition_of_public_things_loads(tmp_path):
    """Counts every seat may count, public zones and variables, and a component a public variable holds whole."""
    text = POKER.replace("variables:\n", "variables:\n  last_up: {initial: none}\n").replace(
        "  - reveal: hand\n", "  - reveal: hand\n  - move: last(deck) -> board\n  - set: {last_up: first(board)}\n")
    text = text.replace("  pot: sum", "  remaining: count(deck) + count(hand[1])\n  up: last_up.rank if last_up != none else 0\n  pot: sum")
    assert [e.text for e in load_ruleset(_ruleset(tmp_path, text.replace("show: [pot]", "show: [pot, remaining, up, live]"))).shown] \
        == ["pot", "remaining", "up", "live"]


def test_show_names_only_definitions_without_parameters(tmp_path):
    found = _refused(tmp_path, POKER.replace("show: [pot]", "show: [stake, strength, pots]"))
    assert [(d.code, d.message.split(":")[0]) for d in found] == [
        ("R016", "'stake' is no definition"), ("R016", "'strength' takes parameters (p)"), ("R016", "'pots' is no definition")]
    assert "the board shows the variables already" in found[0].hint
    assert 'all_strength: "[strength(p) for p in players]"' in found[1].hint and found[2].hint == "did you mean 'pot'?"


def test_the_pettingzoo_text_shows_the_pot(tmp_path):
    pytest.importorskip("pettingzoo")
    from philtre.adapters.pettingzoo import env

    e = env(_ruleset(tmp_path), players=3, render_mode="ansi")
    e.reset(seed=0)
    assert "\n  pot = 3\n" in e.render()


def test_show_leaves_the_content_hash_as_it_was(tmp_path):
    """A board line is for people: a record made before `show` named a definition the rules had still replays (a Gin
    Rummy trial lost its records to a display key, P003)."""
    shown = load_ruleset(_ruleset(tmp_path)).content_hash
    assert shown == load_ruleset(_ruleset(tmp_path, POKER.replace("show: [pot]\n", ""), "plain.yaml")).content_hash
    assert shown != load_ruleset(_ruleset(tmp_path, POKER.replace("stake: {initial: 0", "stake: {initial: 1"), "other.yaml")).content_hash


def test_a_house_rule_may_remove_show(tmp_path):
    _ruleset(tmp_path)
    house = _ruleset(tmp_path, "extends: ruleset.yaml\nshow: {$remove: true}\n", "house.yaml")
    assert load_ruleset(str(tmp_path / "ruleset.yaml"), [house]).shown == ()


def test_a_definition_only_show_lists_is_used(tmp_path):
    """A Bridge trial's `contract_text`, read by nothing but `show`, was L001 "never used", whose hint said to remove
    it (and `show` then failed with R016); one nothing reads at all still is."""
    from philtre.dsl.validate import check_file

    text = POKER.replace("  top: first(board).rank\n", "  top: first(board).rank\n  twice: pot * 2\n  spare: pot + 1\n")
    report = check_file(_ruleset(tmp_path, text.replace("show: [pot]", "show: [pot, twice]")))
    unused = sorted(f.diagnostic.message for f in report.findings if f.diagnostic.code == "L001")
    assert unused == ["definition 'best' is never used", "definition 'spare' is never used",
                      "definition 'top' is never used"], unused


def test_a_definition_listed_twice_in_show_is_r016(tmp_path):
    """A bug bash: `show: [pot, pot]` was shown once with no word; the second mention is a slip, said at it."""
    [found] = _refused(tmp_path, POKER.replace("show: [pot]", "show: [pot, pot]"))
    assert (found.code, found.message, found.hint) == ("R016", "'pot' is listed twice in `show`, which shows each definition once",
                                                       "list 'pot' once"), str(found)
    assert (found.loc.line, found.loc.col) == (21, 13), str(found)  # the second pot


# -- a shown definition that reads `me`: each seat's board shows its own value (Hold'em "you need 6 to call", No Thanks
# "my net score"), read from what that seat sees
NETS = """\
game: nets
players: 2
components:
  card:
    attributes: {rank: [1, 2, 3, 4]}
    copies: 2
    start: deck
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
  taken: {each: player}
variables:
  chips: {initial: 11, each: player, visible: owner}
define:
  net: chips[me] - count(taken[me])
  mine: count(hand[me])
  best_mine: max([0] + [c.rank for c in hand[me]])
  pot: sum(count(taken[p]) for p in players)
show: [net, best_mine, mine, pot]
actions:
  pay:
    do:
      - set: {"chips[me]": "chips[me] - 1 - 4 * me"}
      - move: first(deck) -> taken[me]
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, count: 2}
  - turns: 0
    until: count(deck) == 0
    do:
      - decide: [pay]
"""


def test_a_shown_definition_reading_me_is_each_seats_own(tmp_path):
    """Each seat's board shows its own chips, hand and takings; the onlooker's shows only what is the same for all."""
    game = Game(load_ruleset(_ruleset(tmp_path, NETS)), 2, seed=1)
    assert game.ruleset.shown_per_seat == {"net", "best_mine", "mine"}
    game.apply(0, game.options(0)[0])
    game.apply(1, game.options(1)[0])
    hands = [[c["rank"] for c in game.view(p)["zones"]["hand"][p]["components"]] for p in (0, 1)]
    for seat, net in ((0, 11 - 1 - 1), (1, 11 - 5 - 1)):
        assert shown_values(game, seat) == {"net": net, "best_mine": max(hands[seat]), "mine": 2, "pot": 2}
    assert shown_values(game) == {"pot": 2}  # an onlooker: no seat's own


def test_play_shows_the_seat_its_own_shown_values(tmp_path):
    result = philtre("play", _ruleset(tmp_path, NETS), "--seed", "1", stdin="1\n" * 4)
    board = result.stdout.split("scores [0, 0]", 1)[1]
    assert "\n  chips = [11, hidden]\n  net = 11\n  best_mine = " in board and "\n  mine = 2\n  pot = 0\n" in board


@pytest.mark.parametrize("read, what", [
    ("chips[0]", "the value of 'chips', which only its owner sees"),
    ("chips[left(me)]", "the value of 'chips', which only its owner sees"),
    ("max(c.rank for c in hand[1])", "what 'hand' holds, which only its owner sees"),
    ("me + max(c.rank for c in hand[left(me)])", "what 'hand' holds, which only its owner sees"),
    ("me + max([0] + [c.rank for c in deck])", "what 'deck' holds, which nobody sees"),
])
def test_a_shown_definition_reading_me_reads_only_what_its_seat_sees(tmp_path, read, what):
    [found] = _refused(tmp_path, NETS.replace("  net: chips[me] - count(taken[me])", f'  net: "{read}"'))
    assert found.code == "R016" and f"'net' reads {what}" in found.message, str(found)


def test_a_shown_definition_reading_me_says_what_it_may_read(tmp_path):
    [found] = _refused(tmp_path, NETS.replace("  net: chips[me] - count(taken[me])", "  net: chips[me] + chips[left(me)]"))
    assert "the board shows each seat its own value, so that seat would learn it" in found.message, str(found)
    assert "its own copy of a zone or variable `visible: owner` (hand[me], chips[me])" in found.hint, str(found)
    [found] = _refused(tmp_path, NETS.replace("  net: chips[me] - count(taken[me])", "  net: chips[0]"))
    assert "one that reads me may read the seat's own copy" in found.hint, str(found)  # (the way to a seat's own value)


@pytest.mark.parametrize("zone, read", [
    ("visible: others", "max([0] + [c.rank for c in hand[left(me)]])"),  # (what each seat sees of them: not followed)
    ("visible: others", "max([0] + [c.rank for c in hand[me]])"),
    ("visible: owner, count: owner", "me + count(hand[left(me)])"),
    ("visible: owner, order: nobody", "first(hand[me]).rank"),
])
def test_a_shown_definition_reading_me_is_refused_the_rest_hidden(tmp_path, zone, read):
    text = NETS.replace("hand: {each: player, visible: owner}", f"hand: {{each: player, {zone}}}")
    found = _refused(tmp_path, text.replace("  best_mine: max([0] + [c.rank for c in hand[me]])", f'  best_mine: "{read}"'))
    assert [d.code for d in found] == ["R016"] and "'best_mine'" in found[0].message, [str(d) for d in found]


def test_a_seats_own_count_it_alone_may_count_is_shown(tmp_path):
    text = NETS.replace("hand: {each: player, visible: owner}", "hand: {each: player, visible: owner, count: owner}")
    assert "mine" in load_ruleset(_ruleset(tmp_path, text)).shown_per_seat


BEST_OF = "  best(p): max([0] + [c.rank for c in hand[p]])\n  best_of(q): best(q)\n  best_mine: "


@pytest.mark.parametrize("read", ["best(me)", "best_of(me)", "me + best(me) - me"])
def test_a_shown_definition_may_read_the_seats_own_zone_through_a_parameter_given_me(tmp_path, read):
    """A Lost Cities trial: `my_round: total(me)`, total(p) summing over exp[p] (visible: owner), was R016 "only its owner
    sees", though the copy read is the seat's own, as `exp[me]` written in the shown definition itself is."""
    text = NETS.replace("  best_mine: max([0] + [c.rank for c in hand[me]])\n", f'{BEST_OF}"{read}"\n')
    game = Game(load_ruleset(_ruleset(tmp_path, text)), 2, seed=1)
    for seat in (0, 1):
        best = max(c["rank"] for c in game.view(seat)["zones"]["hand"][seat]["components"])
        assert shown_values(game, seat)["best_mine"] == best


@pytest.mark.parametrize("read", ["best(left(me))", "best(0)", "best(me) + best(left(me))", "sum(best(p) for p in players)",
                                  "best_of(left(me))", "me + max([0] + [best(me) for me2 in players])"])
def test_another_seats_zone_read_through_a_parameter_stays_r016(tmp_path, read):
    text = NETS.replace("  best_mine: max([0] + [c.rank for c in hand[me]])\n", f'{BEST_OF}"{read}"\n')
    if read.startswith("me + max"):  # (a parameter given me that the body binds again is every seat: still refused)
        text = text.replace("  best(p): max([0] + [c.rank for c in hand[p]])", "  best(p): max([0] + [c.rank for p in players for c in hand[p]])")
    found = _refused(tmp_path, text)
    assert [d.code for d in found] == ["R016"] and "'best_mine' reads what 'hand' holds" in found[0].message, [str(d) for d in found]


def test_a_variable_read_through_a_parameter_the_body_binds_again_stays_r016(tmp_path):
    """chips_of(me) whose body reads chips[p] for p in players reads every seat's chips, not the seat's own."""
    text = NETS.replace("  net: chips[me] - count(taken[me])", '  chips_of(p): "sum(chips[p] for p in players)"\n  net: chips_of(me)')
    [found] = _refused(tmp_path, text)
    assert found.code == "R016" and "'net' reads the value of 'chips' (through 'chips_of'), which only its owner sees" in found.message, str(found)
    load_ruleset(_ruleset(tmp_path, text.replace("chips[p] for p in players", "chips[p] for q in [p]")))  # (the seat's own: loads)
