"""What language.md tells a new game's author to write does what it says.

- the first player drawn at random (under `turns`): its snippet, in a small game, starts
  every seat at some seed;
- a scenario step names a record argument (a grid's placement) by some of its fields, written
  out or as an expression, whatever its other fields (`overlap`, `touching`);
- a component put at a depth of a zone (under `move`): lift off, put on, put back;
- a bag (under zones): a public zone shuffled by the drawing action, so that the order a seat saw is not the draw;
- hex cells (under Grids): `cells: hex`, links between `[x, y]` nodes and their `neighbours`, and `reachable`.
- a map of places and links (under Grids): towns on the corners of hexagonal tiles, roads on their sides, the tables
  worked out in the language; the distance and joining rules and the picture `show` draws.
- majorities (under define): first and second place by the seats ahead, ties sharing a place and its points;
- a value named inside an expression (under Comprehensions): a clause over a one-item list writes it once.
- a definition whose parameter names a value (under Comprehensions): the value computed in the call, read in the body.
- choices resolved at once (under simultaneous): each pick set aside, every seat resolved against the position before the step.
- a piece moved on the board (under place): a piece and its destination among its placements; play takes `x y`.
- a pass left to `otherwise` (under decide): the example's disc is laid on its grid with place.
- a piece that changes kind (under place): taken off, a spare of the new kind placed where it lay.
- dice drawn from a bag (under dice): each token drawn swapped for the supply's piece of its colour showing the face rolled.
- what is printed under a grid's pieces (under show): a list of tables, one a seat, drawn on every seat's board.
- legality that looks ahead (under partitions' recipes): a move refused where it leaves a die unplayable that some
  order of moves plays, the position kept as values and the look-ahead a definition a depth.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
import yaml

from philtre.dsl import load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.interpreter import Game
from philtre.interpreter.scenarios import run_scenarios

LANGUAGE = Path(__file__).resolve().parents[1] / "docs" / "language.md"


def _block_after(marker: str) -> str:
    """The first ```yaml block of language.md after the text marker."""
    text = LANGUAGE.read_text(encoding="utf-8")
    assert marker in text, f"docs/language.md no longer says {marker!r}"
    return re.search(r"```yaml\n(.*?)```", text[text.index(marker):], re.S).group(1)


def _write(tmp_path, data: dict) -> str:
    """Write a ruleset as YAML into tmp_path; its path."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return str(path)


def test_the_random_first_player_starts_every_seat(tmp_path):
    snippet = yaml.safe_load(_block_after("A first player drawn at random"))
    data = {"philtre": 1, "game": "first", "players": "2..4",
            "components": {"card": {"attributes": {"rank": "1..8"}, "start": "deck"}, **snippet["components"]},
            "zones": {"deck": {}, **snippet["zones"]},
            "actions": {"play": {"do": [{"move": "last(deck) -> box"}]}},
            "flow": snippet["flow"]}
    data["zones"]["box"] = {}
    ruleset = load_ruleset(_write(tmp_path, data))
    firsts = {tuple(Game(ruleset, 3, seed=seed).pending()) for seed in range(40)}
    assert firsts == {(0,), (1,), (2,)}


GRID = {
    "philtre": 1, "game": "tiles", "players": 2,
    "components": {"tile": {"attributes": {"n": "1..4"}, "derive": {"cells": "[n, n]"}, "start": "deck"}},
    "zones": {"deck": {}, "board": {"grid": True}},
    "actions": {"lay": {"choose": {"t": "deck", "at": "placements(board, t)"},
                        "if": "count(board) == 0 or (at.overlap == 0 and at.touching > 0)",
                        "do": [{"place": {"piece": "t", "to": "board", "at": "at"}}]}},
    "flow": [{"turns": 0, "until": "count(deck) == 0", "do": [{"decide": "lay"}]}],
}


def test_a_step_names_a_placement_by_some_of_its_fields(tmp_path):
    assert "whatever its `overlap` and `touching`" in LANGUAGE.read_text(encoding="utf-8")
    data = dict(GRID, scenarios=[{
        "name": "a tile beside the first", "players": 2,
        "steps": [{"player": 0, "action": "lay", "args": {"t": {"n": 1}, "at": {"x": 0, "y": 0, "rot": 0}}},
                  {"player": 1, "action": "lay", "args": {"t": {"n": 2}, "at": {"x": 0, "y": 0, "rot": 0}},
                   "illegal": True},
                  {"player": 1, "action": "lay", "args": {"t": {"n": 2}, "at": "{'x': 2, 'y': 0, 'rot': 0}"}}],
        "expect": ["placement(first(c for c in board if c.n == 2)).x == 2", {"pending": 0}]}])
    results = run_scenarios(load_ruleset(_write(tmp_path, data)))
    assert [r.failures for r in results] == [[]]


def test_a_component_put_at_a_depth_lies_there_with_the_others_in_their_order(tmp_path):
    """language.md's example under `move` (`at: 15`) leaves the last-round card with 15 cards below it, every card's
    order kept, the spare zone empty: a Coloretto trial wanted it and found no way, then three moves through a spare."""
    statements = yaml.safe_load(_block_after("To put a component at a depth of a zone"))
    data = {"philtre": 1, "game": "depth", "players": 2,
            "components": {"card": {"attributes": {"n": "1..40"}, "start": "deck"}, "lastround": {"start": "aside"}},
            "zones": {"deck": {"visible": "nobody"}, "spare": {"visible": "nobody"}, "aside": {}},
            "actions": {"pass": {}},
            "flow": [*statements, {"decide": "pass", "player": 0}]}
    game = Game(load_ruleset(_write(tmp_path, data)), 2, seed=1)
    deck = [c["type"] for c in game.state.zones["deck"][0]]
    cards = [c["n"] for c in game.state.zones["deck"][0] if c["type"] == "card"]
    assert deck.index("lastround") == 15 and deck.count("lastround") == 1 and cards == list(range(1, 41))
    assert not game.state.zones["spare"][0]


def test_a_bag_shows_its_contents_and_draws_from_an_order_no_seat_saw(tmp_path):
    """language.md's bag (`order: nobody`, shuffled once): validates with no finding, every seat's view shows the cup's
    contents in id order, and the die drawn is not always the last one the view lists (the real order is in no view)."""
    from philtre.dsl.validate import check_file

    data = {"philtre": 1, "game": "bag", "players": 2, **yaml.safe_load(_block_after("**A bag is shuffled once, after it is filled.**"))}
    path = _write(tmp_path, data)
    assert [str(f.diagnostic) for f in check_file(path).findings] == []
    ruleset = load_ruleset(path)
    other_top = 0
    for seed in range(12):
        game = Game(ruleset, 2, seed=seed)
        seat = game.pending()[0]
        seen = [c["id"] for c in game.view(seat)["zones"]["cup"]["components"]]
        assert seen == sorted(c["id"] for c in game.state.zones["cup"][0])
        game.apply(seat, next(iter(game.options(seat))))
        drawn = game.state.zones["hand"][seat][-1]["id"]
        assert drawn in seen
        other_top += drawn != seen[-1]
    assert other_top > 0


def _split_options(tmp_path, snippet: dict, kinds: list) -> list:
    """The labels of the options of language.md's split into two unordered groups (``snippet``), for a hand of ``kinds``."""
    data = {"philtre": 1, "game": "split", "players": 1,
            "components": {"card": {"list": [{"kind": k} for k in kinds], "start": "hand[0]"}},
            "zones": {"hand": {"each": "player"}, "shown": {}}, "actions": {"split": {**snippet["split"], "do": [{"move": "a -> shown"}]}},
            "flow": [{"decide": "split", "player": 0}]}
    game = Game(load_ruleset(_write(tmp_path, data)), 1, seed=1)
    return [option.label() for option in game.options(0)]


def test_a_split_into_two_unordered_groups_is_offered_once_where_cards_are_identical(tmp_path):
    """language.md's split under `subsets` (a Hanamikoji trial's Competition): a hand A A B C is split two ways, each
    offered once; the id-based order it warns of offers one of them twice."""
    snippet = yaml.safe_load(_block_after("**A split into two unordered groups.**"))
    assert _split_options(tmp_path, snippet, ["A", "A", "B", "C"]) == ["split(a=[card A, card A], b=[card B, card C])",
                                                                         "split(a=[card A, card B], b=[card A, card C])"]
    assert _split_options(tmp_path, snippet, ["A", "A", "B", "B"]) == ["split(a=[card A, card A], b=[card B, card B])",
                                                                         "split(a=[card A, card B], b=[card A, card B])"]
    snippet["split"]["if"] = "min(c.id for c in a) < min(c.id for c in b)"
    assert len(_split_options(tmp_path, snippet, ["A", "A", "B", "C"])) == 3, "the id-based order offers AB|AC twice"


def test_hex_cells_join_along_their_six_neighbours_by_reachable(tmp_path):
    """language.md's hex board (under Grids, `cells: hex`): red's stones joined top to bottom along the (+1, -1)
    diagonal connect, along the (+1, +1) diagonal, which is no hex neighbour, they do not; the group's pinned cells
    (cut_nodes over the links of `neighbours`) are the middle of a line; validates with no finding."""
    from philtre.dsl.validate import check_file

    snippet = yaml.safe_load(_block_after("A connection game asks whether a seat's stones join two sides."))
    snippet["define"]["size"] = 3
    group = yaml.safe_load(_block_after("Where pieces must stay one group"))["define"]
    group.pop("free(s)")  # (a definition no rule of this game uses: L001)
    snippet["define"].update({f"group_{k}" if k in ("cells", "links") else k: v.replace("links", "group_links").replace(
        "in cells", "in group_cells") for k, v in group.items()})

    def stones(*cells):
        return [{"owner": 0, "at": {"x": x, "y": y}} for x, y in cells]

    data = {"philtre": 1, "game": "hex", "players": 2, **snippet,
            "actions": {"lay": {"choose": {"at": "placements(board, first(supply[me]))"}, "if": "at.overlap == 0",
                                "do": [{"place": {"piece": "first(supply[me])", "to": "board", "at": "at"}}]}},
            "flow": [{"turns": 0, "until": "any(joined(p) for p in players)", "do": [{"decide": "lay"}]}],
            "winners": "[p for p in players if joined(p)]",
            "scenarios": [{"name": "slanted", "players": 2, "given": {"zones": {"board": stones((2, 0), (1, 1), (0, 2))}},
                           "expect": ["joined(0) and not joined(1)", "pinned == [[1, 1]]"]},
                          {"name": "the other diagonal", "players": 2, "given": {"zones": {"board": stones((0, 0), (1, 1), (2, 2))}},
                           "expect": ["not joined(0)", "reachable(links(0), [1, 1]) == [[1, 1]]", "pinned == []"]}]}
    path = _write(tmp_path, data)
    assert [str(f.diagnostic) for f in check_file(path).findings] == []
    assert [r.failures for r in run_scenarios(load_ruleset(path))] == [[], []]


def _map_game(tmp_path, snippet: dict) -> Game:
    """A two-seat game of language.md's map of places and links: its snippet, a pass, a few rounds."""
    data = {"philtre": 1, "game": "corner-map", "players": 2, **snippet}
    data["actions"]["pass"] = {}
    data["flow"] = [{"repeat": 8, "do": [{"for": "p in players",
                                          "do": [{"decide": ["settle", "build"], "player": "p", "otherwise": "pass"}]}]}]
    data["winners"] = {"highest": "longest_trail(roads(p))"}
    return Game(load_ruleset(_write(tmp_path, data)), 2, seed=0)


def _chosen(game, seat: int, text: str) -> None:
    game.apply(seat, next(o for o in game.options(seat) if str(o) == text))


def test_a_map_of_places_and_links_keeps_its_rules_and_draws_its_picture(tmp_path):
    """language.md's map (under Grids): 13 places and 15 links of three tiles (54 and 72 of 19); a town keeps its
    distance, a road joins the seat's own, and `picture` draws the towns as the page shows; validates with no finding."""
    from philtre.dsl.validate import check_file
    from philtre.interpreter.render import shown_values

    text = LANGUAGE.read_text(encoding="utf-8")
    section = text[text.index("### A map of places and links"):]
    snippet = yaml.safe_load(_block_after("### A map of places and links"))
    game = _map_game(tmp_path, snippet)
    assert [str(f.diagnostic) for f in check_file(str(tmp_path / "ruleset.yaml")).findings] == []
    ns, S = game.ruleset.namespace, game.state
    assert (len(ns["d_points"](S, {})), len(ns["d_ends"](S, {})), len(S.zones["spot"]), len(S.zones["link"])) == (13, 15, 13, 15)
    _chosen(game, 0, "settle(i=0)")
    assert "settle(i=1)" not in [str(o) for o in game.options(1)]  # beside place 0
    _chosen(game, 1, "settle(i=9)")
    assert str(game.options(0)[0]) != "settle(i=0)"
    picture = re.search(r"as `.`:\n\n```\n(.*?)```", section, re.S).group(1)
    assert [line.rstrip() for line in shown_values(game)["picture"].split("\n")] == picture.rstrip("\n").split("\n")
    roads = [str(o) for o in game.options(0) if str(o).startswith("build")]
    assert roads == ["build(e=0)", "build(e=5)"]  # the two links at place 0
    _chosen(game, 0, "build(e=0)")
    _chosen(game, 1, "build(e=8)")
    assert "build(e=1)" in [str(o) for o in game.options(0)]  # on from the road's other end
    snippet["define"]["tiles"] = "[[q, r] for r in range(-2, 3) for q in range(-2, 3) if abs(q + r) <= 2]"
    big = _map_game(tmp_path, snippet)
    assert (len(big.state.zones["spot"]), len(big.state.zones["link"])) == (54, 72)


def test_a_let_keeps_what_a_definition_read_before_a_move(tmp_path):
    """`define`'s snippet: a definition read after a move sees the position then (a user's The Mind spent a star each
    tick, `all(...)` over seats holding cards read after the cards had moved: all([]) is true); its `let` kept them."""
    snippet = yaml.safe_load(_block_after("A definition is worked out anew"))
    data = {"philtre": 1, "game": "kept", "players": 3,
            "components": {"card": {"attributes": {"value": "1..9"}, "start": "deck"}},
            "zones": {"deck": {}, "hand": {"each": "player", "visible": "owner"}, "pile": {}},
            "variables": {"star": {"initial": False, "each": "player"}, "stars": 1},
            "define": snippet["define"], "actions": {"pass": {}},
            "flow": [{"deal": {"from": "deck", "to": "[hand[0], hand[1]]", "count": 1}}, {"set": {"star[0]": True}},
                     *snippet["flow"], {"decide": "pass", "player": 0}]}
    assert Game(load_ruleset(_write(tmp_path, data)), 3, seed=0).state.vars["stars"] == 1  # seat 1 held a card, no star
    data["flow"][-2]["when"] = data["flow"][-2]["when"].replace("in voters", "in active")
    assert Game(load_ruleset(_write(tmp_path, data)), 3, seed=0).state.vars["stars"] == 0


@pytest.mark.parametrize("rolls, points", [
    ([5, 3, 1], [6, 3, 0]),
    ([5, 5, 1], [3, 3, 0]),      # two tied for the most split its 6, and nobody is second
    ([5, 3, 3, 0], [6, 1, 1, 0]),  # two tied for second split its 3, rounded down; no rolls, no points
    ([0, 0, 0], [0, 0, 0]),
])
def test_majorities_give_first_and_second_place_with_ties_split(tmp_path, rolls, points):
    snippet = yaml.safe_load(_block_after("Majorities: first and second place, ties split"))
    deal = [{"move": f"take(box, {n}) -> tray[{seat}]"} for seat, n in enumerate(rolls) if n]
    data = {"philtre": 1, "game": "maki", "players": "2..5",
            "components": {"roll": {"attributes": {"maki": [1]}, "copies": 20, "start": "box"}},
            "zones": {"box": {}, "tray": {"each": "player"}},
            "variables": {"got": {"initial": []}},
            "define": snippet["define"],
            "actions": {"wait": {}},
            "flow": [*deal, {"set": {"got": "[maki_points(p) for p in players]"}}, {"decide": "wait", "player": 0}]}
    game = Game(load_ruleset(_write(tmp_path, data)), len(rolls), seed=0)
    assert game.state.vars["got"] == points


def test_a_clause_over_a_one_item_list_writes_a_part_once(tmp_path):
    """Ten definitions each reading the one before four times are 4^10 copies written out, past E133's bound; each
    naming it once by a clause over a one-item list, as language.md shows, is one copy a link, and gives the same."""
    from philtre.dsl.errors import PhiltreError

    assert "for ls in [links(at)] for p in players" in _block_after_plain("A value named inside an expression")

    def run(link):
        chain = {"d0": "n + 1", **{f"d{k}": link.format(prev=f"d{k - 1}") for k in range(1, 11)}}
        data = {"philtre": 1, "game": "once", "players": 2, "variables": {"got": 0, "n": 0},
                "define": chain, "actions": {"wait": {}},
                "flow": [{"set": {"got": "d10 % 1000"}}, {"decide": "wait", "player": 0}]}
        return Game(load_ruleset(_write(tmp_path, data)), 2, seed=0).state.vars["got"]

    assert run("sum(x + x + x + x for x in [{prev}]) % 1000") == 4 ** 10 % 1000
    with pytest.raises(PhiltreError, match="E133"):
        run("({prev} + {prev} + {prev} + {prev}) % 1000")



@pytest.mark.parametrize("own, run", [(3, 2), (None, 0), (4, 0)])  # closed at x=3; open (not closed); a gap at x=3
def test_a_definition_s_parameter_names_a_value_computed_in_the_call(tmp_path, own, run):
    """language.md's `closed_run` (a trial's line of the other seat's pieces, its length read three times): the run's
    length passed once as `n` gives the pieces where one of the seat's own closes the line, else 0."""
    snippet = yaml.safe_load(_block_after("A definition whose parameter names a value"))
    placed = [(1, 1), (1, 2)] + ([(0, own)] if own is not None else [])
    data = {"philtre": 1, "game": "line", "players": 2,
            "components": {"disc": {"each": "player", "copies": 3, "derive": {"cells": "[colour(owner)]"}, "start": "box[owner]"}},
            "zones": {"box": {"each": "player"}, "board": {"grid": {"resolution": 1, "width": 5, "height": 1, "turns": False}}},
            "variables": {"got": 0},
            "define": snippet["define"],
            "actions": {"wait": {}},
            "flow": [*({"place": {"piece": f"first(box[{seat}])", "to": "board", "at": {"x": x, "y": 0}}} for seat, x in placed),
                     {"set": {"got": "closed_run(0, 0, 0, [1, 0])"}}, {"decide": "wait", "player": 0}]}
    assert Game(load_ruleset(_write(tmp_path, data)), 2, seed=0).state.vars["got"] == run


def _block_after_plain(marker: str) -> str:
    """The first plain ``` block of language.md after the text marker."""
    text = LANGUAGE.read_text(encoding="utf-8")
    assert marker in text, f"docs/language.md no longer says {marker!r}"
    return re.search(r"```\n(.*?)```", text[text.index(marker):], re.S).group(1)


def test_choices_resolved_at_once_read_the_position_from_before_the_step(tmp_path):
    """language.md's staging under `simultaneous` (a 7 Wonders trial's trading): each seat is paid for the cards of its
    neighbour's colour built before the step, not the one that neighbour built in the same step, which the effects
    written in the action read (the earlier seat's card is in its city when the later seat's effects run); it
    validates with no finding, and its game ends."""
    from philtre.dsl.validate import check_file

    snippet = yaml.safe_load(_block_after("**Choices resolved at once.**"))
    data = {"philtre": 1, "game": "staged", "players": 2,
            "components": {"card": {"attributes": {"colour": ["red"]}, "each": "player", "start": "hand"}},
            "variables": {"coins": {"initial": 0, "each": "player"}}, **snippet,
            "winners": {"highest": "coins[p]"}}

    def coins(data, folder) -> list:
        """The coins after each seat builds its card, the rules ``data`` written in ``folder``."""
        (tmp_path / folder).mkdir()
        path = _write(tmp_path / folder, data)
        assert [str(f.diagnostic) for f in check_file(path).findings] == []
        game = Game(load_ruleset(path), 2, seed=1)
        for seat in (0, 1):
            game.apply(seat, game.options(seat)[0])
        assert game.finished
        return game.state.vars["coins"]

    assert coins(data, "staged") == [0, 0]
    in_the_action = {**data, "flow": snippet["flow"][:1],
                     "actions": {"build": {**snippet["actions"]["build"], "do": [
                         {"set": {"coins[me]": "coins[me] + count(c for c in city[left(me)] if c.colour == card.colour)"}},
                         {"move": "card -> city[me]"}]}}}
    assert sorted(coins(in_the_action, "in-the-action")) == [0, 1]  # the later seat paid for the earlier one's card


def test_a_piece_on_the_board_is_moved_by_a_place_of_it_and_play_takes_its_destination_typed(tmp_path):
    """A Checkers trial found no doc of a chess-like move: language.md's step chooses a man on the board and one of its
    placements; `place` moves it (it leaves its cell), and play takes the destination typed as `x y`."""
    from test_cli import philtre

    snippet = yaml.safe_load(_block_after("**Moving a piece already on the board**"))
    data = {"philtre": 1, "game": "men", "players": 1,
            "components": {"man": {"each": "player", "copies": 2, "start": "reserve[owner]", "derive": {"cells": "['m']"}}},
            "zones": {"reserve": {"each": "player"}, "board": {"grid": {"resolution": 1, "width": 4, "height": 4, "turns": False}}},
            "actions": snippet,
            "flow": [{"place": {"piece": "last(reserve[0])", "to": "board", "at": {"x": x, "y": 3, "rot": 0}}} for x in (0, 2)]
            + [{"decide": "step", "player": 0}]}
    path = _write(tmp_path, data)
    game = Game(load_ruleset(path), 1, seed=1)
    moves = sorted(((dict(o.args)["at"]["x"], dict(o.args)["at"]["y"]), game.state.placed[dict(o.args)["piece"].ident][:2])
                   for o in game.options(0))
    assert moves == [((1, 2), (0, 3)), ((1, 2), (2, 3)), ((3, 2), (2, 3))]
    result = philtre("play", tmp_path, "--seed", "1", stdin="3 2\n", timeout=60)
    assert result.returncode == 0, result.stderr
    assert "step(piece=man (seat 0) at x=2 y=3, at=(x=3, y=2))" in result.stdout, result.stdout
    assert "      man (seat 0) placed on board at x=3 y=2\n" in result.stdout, result.stdout
    last_board = [line.split() for line in result.stdout.splitlines()[-4:-2]]
    assert last_board == [["2", ".", ".", ".", "m"], ["3", "m", ".", ".", "."]], result.stdout  # (it left x=2 y=3)


def test_the_pass_an_otherwise_stands_for_lays_its_disc_with_place(tmp_path):
    """A Reversi trial: `decide`'s example of a pass left to `otherwise` laid its disc with move: ... -> board, which on
    a grid is E120; the example, in a game of its own, validates and plays."""
    import random

    snippet = yaml.safe_load(_block_after("no flag to clear: choosing it ends the asking"))
    data = {"philtre": 1, "game": "discs", "players": 2,
            "components": {"disc": {"copies": 4, "each": "player", "start": "reserve", "derive": {"cells": "[owner]"}}},
            "zones": {"reserve": {"each": "player"}, "board": {"grid": {"resolution": 1, "width": 2, "height": 2,
                                                                        "turns": False}}},
            "define": {"flips(at, p)": "1 if at.x == 0 else 0"},
            "actions": snippet["actions"],
            "flow": [{"turns": 0, "until": "count(board) == 2",
                      "do": [{"decide": "place", "otherwise": "pass"}]}]}
    ruleset = load_ruleset(_write(tmp_path, data))
    game = Game(ruleset, 2, seed=1)
    game.play_out(random=random.Random(1))
    assert game.finished and len(game.state.zones["board"][0]) == 2, game.state.zones["board"]


def test_a_hand_ended_by_its_loops_until_is_scored_after_it_as_an_end_game_is_not(tmp_path):
    """A Crazy Eights trial ended its hand with `end_game` in the action when a seat went out: the scoring after the
    turns loop never ran, every score 0. language.md's idiom (under end_game), the hand's `until`, scores it."""
    snippet = yaml.safe_load(_block_after("the hand ends when a seat goes out\" is the"))
    data = {"philtre": 1, "game": "out", "players": 2,
            "components": {"card": {"attributes": {"rank": "1..3"}, "copies": 2, "start": "deck"}},
            "zones": {"deck": {}, "hand": {"each": "player", "visible": "owner"}, "pile": {}},
            "actions": {"play": {"choose": {"card": "hand[me]"}, "do": [{"move": "card -> pile"}]}},
            "flow": snippet["flow"], "winners": {"lowest": "score[p]"}}
    game = Game(load_ruleset(_write(tmp_path, data)), 2, seed=3)
    game.play_out(random=random.Random(0))
    assert game.finished and game.scores == [0, 1] and game.winners == [0]  # seat 0 went out first; seat 1 kept one card
    data["flow"][1] = {"turns": 0, "do": [{"decide": "play"}]}  # the trial's draft: the action ends the game
    data["actions"]["play"]["do"].append({"when": "count(hand[me]) == 0", "end_game": {}})
    (tmp_path / "draft").mkdir()
    draft = Game(load_ruleset(_write(tmp_path / "draft", data)), 2, seed=3)
    draft.play_out(random=random.Random(0))
    assert draft.finished and draft.scores == [0, 0] and draft.winners == [0, 1]


def test_a_piece_that_changes_kind_is_swapped_for_a_spare_where_it_lay(tmp_path):
    """A chess trial found no doc of a promotion (its first guess, a `set` of the piece's kind, is S015): language.md's
    snippet takes the pawn off the board and places a spare of the kind chosen where it lay; the set-up's pieces
    come from the same box, and a `set` of an attribute is told to swap the piece instead."""
    snippet = yaml.safe_load(_block_after("#### A piece that changes kind"))
    data = {"philtre": 1, "game": "promotion", "players": 2, **snippet,
            "flow": [{"place": {"piece": "first(c for c in box[0] if c.kind == 'P')", "to": "board",
                                "at": {"x": 4, "y": 1, "rot": 0}}},
                     {"decide": "promote", "player": 0}]}
    path = _write(tmp_path, data)
    game = Game(load_ruleset(path), 2, seed=1)
    [pawn] = game.state.zones["board"][0]
    game.apply(0, next(o for o in game.options(0) if dict(o.args)["to"] == "N"))
    [knight] = game.state.zones["board"][0]
    assert (knight["kind"], knight["owner"], game.state.placed[knight.ident][:2]) == ("N", 0, (4, 1))
    assert pawn in game.state.zones["box"][0]  # (back with the spares: off the board, its placement forgotten)
    data["actions"]["promote"]["do"] = [{"set": {"pawn.kind": "to"}}]
    with pytest.raises(PhiltreError) as caught:
        load_ruleset(_write(tmp_path, data))
    assert "S015 unknown variable 'pawn.kind' (a component's attributes never change, and kind is one" in str(caught.value)


def test_dice_drawn_from_a_bag_are_swapped_for_the_pieces_showing_the_faces_rolled(tmp_path):
    """A dice-drafting trial made every colour and face a piece, kept in a supply, to show a rolled die on its board:
    language.md's snippet brings, for each token drawn, the piece of its colour showing the face the quiet die rolled,
    in the order drawn; the supply it swaps from is public (search agents would deal hidden spares anew)."""
    snippet = yaml.safe_load(_block_after("Dice drawn from a bag and kept"))
    data = {"philtre": 1, "game": "bagdice", "players": "2..4", **snippet,
            "actions": {"draft": {"choose": {"die": "pool"}, "do": [{"move": "die -> kept[me]"}]}}}
    data["zones"]["kept"] = {"each": "player"}
    data["flow"] = data["flow"] + [{"turns": 0, "until": "count(pool) == 0", "do": [{"decide": "draft"}]}]
    ruleset = load_ruleset(_write(tmp_path, data))
    assert ruleset.zones["supply"].visible == "everyone" and ruleset.dice["d6"].quiet
    for seed in range(3):
        game = Game(ruleset, 3, seed=seed, record=True)
        rolled = [e["dice"]["d6"]["pips"] for e in game.recorder.events if e.get("event") == "roll"]
        drawn = [c["colour"] for c in game.state.zones["spent"][0]]
        assert [(c["colour"], c["pips"]) for c in game.state.zones["pool"][0]] == list(zip(drawn, rolled))
        assert len(rolled) == 7 and len(game.state.zones["supply"][0]) == 3 * 6 * 12 - 7


WINDOWS = """\
philtre: 1
game: windows
players: 2..4
components:
  die: {attributes: {colour: [red, blue], pips: 1..6}, derive: {cells: "[pips]"}, start: supply}
zones:
  supply: {}
  window: {each: player, grid: {resolution: 1, width: 5, height: 4, turns: false}}
variables:
  pattern: {initial: 0, each: player}
define:
  cards: "[[[none, 'red', none, 3, none], [1, none, none, none, 'blue'], [none, none, none, none, none], [none, none, none, none, none]]]"
actions:
  lay:
    choose: {d: supply, at: "placements(window[me], d)"}
    do:
      - place: {piece: d, to: "window[me]", at: at}
flow:
  - place: {piece: "first(d for d in supply if d.pips == 3)", to: "window[0]", at: {x: 3, y: 0}}
  - decide: lay
    player: 1
"""


def test_every_seat_s_board_shows_what_is_printed_under_each_window_s_pieces(tmp_path):
    """A dice-drafting trial could show a window card's printed spaces (a colour, a value a die there must match) only
    to its own seat (`show:` reads `me`): language.md's list of tables, one a seat, is drawn on every seat's board as
    each seat's table, the print where a space is empty and the piece where one lies."""
    from philtre.interpreter.render import render_view, shown_values

    snippet = yaml.safe_load(_block_after("A list of tables, one a seat, is drawn"))
    path = tmp_path / "ruleset.yaml"
    path.write_text(WINDOWS.replace("actions:", yaml.safe_dump({"show": snippet["show"]}) + "actions:").replace(
        "define:\n", "define:\n" + "".join(f"  {k}: {json.dumps(v)}\n" for k, v in snippet["define"].items())), encoding="utf-8")
    game = Game(load_ruleset(str(path)), 2, seed=1)
    board = [" ".join(line.split()) for line in render_view(game.view(1), game.ruleset, played=True,
                                                              shown=shown_values(game, 1)).split("\n")]
    at = board.index("windows[0] =")  # (seat 0's window on seat 1's board: its die over the print 3, the rest printed)
    assert board[at:at + 5] == ["windows[0] =", "0 1 2 3 4", "0 . _red . 3 .", "1 _1 . . . _blue", "2 . . . . ."], board
    at = board.index("windows[1] =")
    assert board[at + 2:at + 4] == ["0 . _red . _3 .", "1 _1 . . . _blue"], board


def _blocks_after(marker: str, n: int) -> list:
    """The first ``n`` ```yaml blocks of language.md after the text marker."""
    text = LANGUAGE.read_text(encoding="utf-8")
    assert marker in text, f"docs/language.md no longer says {marker!r}"
    return re.findall(r"```yaml\n(.*?)```", text[text.index(marker):], re.S)[:n]


def test_a_move_leaving_a_die_unplayable_is_refused_by_the_look_ahead(tmp_path):
    """A trial's "use both dice if you can" had no recipe: language.md's, as written, validates with no finding, its
    scenario passes, its random games end, and the look-ahead is what refuses the move (without it the scenario fails)."""
    from philtre.dsl.validate import check_file

    rules, scenarios = _blocks_after("#### Legality that looks ahead", 2)
    look_ahead = " and playable(mv(men[me], s, d), remove(left, d)) == can_use - 1"
    assert look_ahead in rules
    for folder, text, passes in (("recipe", rules, True), ("no-look-ahead", rules.replace(look_ahead, ""), False)):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "ruleset.yaml").write_text(text, encoding="utf-8")
        (tmp_path / folder / "scenarios.yaml").write_text(scenarios, encoding="utf-8")
        path = str(tmp_path / folder / "ruleset.yaml")
        [result] = run_scenarios(load_ruleset(path))
        assert (not result.failures) == passes, result.failures
    assert [str(f.diagnostic) for f in check_file(str(tmp_path / "recipe" / "ruleset.yaml")).findings] == []
    ruleset = load_ruleset(str(tmp_path / "recipe" / "ruleset.yaml"))
    for seed in range(3):
        game = Game(ruleset, 2, seed=seed)
        rng = random.Random(seed)
        while not game.finished:
            [seat] = game.pending()
            game.apply(seat, rng.choice(game.options(seat)))
        assert game.winners and all(game.state.vars["men"][p][0] == 3 for p in game.winners)
