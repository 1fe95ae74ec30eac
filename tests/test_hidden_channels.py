"""Side channels a seat must not learn hidden things through: the seed, a map argument,
a placement on a hidden grid, the order of a record's events, the order of revealed cards.

Each test builds what a seat gets (its filtered record, its view, a search agent's sample)
from games that differ only in what the seat may not see, and requires it to be the same;
or checks that the channel itself is closed.
"""

from __future__ import annotations

import random

from philtre.dsl import load_ruleset
from philtre.interpreter import Game
from philtre.interpreter.determinize import determinize
from philtre.interpreter.records import HIDDEN


def ruleset(tmp_path, text: str, name: str = "r.yaml"):
    """The ruleset written to a file, loaded."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return load_ruleset(str(path))


def play_first(game) -> None:
    """Take the first option of the first deciding seat."""
    seat = game.pending()[0]
    game.apply(seat, game.options(seat)[0])


def after_one_decision(tmp_path, text: str, seed: int):
    """A recorded two-player game of ``text`` after its first decision."""
    game = Game(ruleset(tmp_path, text), 2, seed=seed, record=True)
    play_first(game)
    return game


def first_event(game, seat, kind: str) -> dict:
    """The first event of ``kind`` in the record ``seat`` is shown."""
    return next(e for e in game.recorder.for_player(seat) if e.get("event") == kind)


def test_the_seed_is_hidden_from_every_seat_and_from_samples():
    """With the seed a seat makes every shuffle and deal again: it would see every hidden card."""
    game = Game(load_ruleset("poison"), 4, seed=12345, record=True)
    assert game.recorder.events[0]["seed"] == 12345, "the full record keeps it: replays need it"
    for seat in (0, 1, 2, 3, None):
        assert game.recorder.for_player(seat)[0]["seed"] == HIDDEN
    sample = determinize(game, 1, random.Random(0))
    assert sample.seed is None and sample.state.flow.steps == 0


MAP_ARGUMENT = """\
philtre: 1
game: maparg
players: 2
components:
  card: {attributes: {rank: [1, 2, 3, 4, 5, 6]}, start: deck}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
  pile: {visible: nobody}
actions:
  discard:
    choose: {pick: "[{'card': c} for c in hand[me]]"}
    do:
      - move: "pick['card'] -> pile"
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, count: 2}
  - decide: discard
    player: 0
winners: {highest: "score[p]"}
"""


def test_a_component_inside_a_map_argument_is_hidden_as_inside_a_list(tmp_path):
    game = after_one_decision(tmp_path, MAP_ARGUMENT, seed=3)
    assert first_event(game, 1, "decision")["args"]["pick"] == {"card": HIDDEN}
    assert first_event(game, 0, "decision")["args"]["pick"]["card"]["type"] == "card", "the deciding seat saw its own card"


CARD_AS_KEY = """\
philtre: 1
game: cardkey
players: 2
components:
  card: {attributes: {rank: [1, 2, 3, 4, 5, 6]}, start: deck}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
actions:
  mark:
    choose: {marks: "[{c: 1} for c in hand[me]]"}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, count: 2}
  - decide: mark
    player: 0
winners: {highest: "score[p]"}
"""


def test_a_component_as_a_map_argument_s_key_hides_the_map_from_a_seat_not_seeing_it(tmp_path):
    """A key names its card (card#4) and cannot be hidden alone: the whole map is hidden, its chooser sees it."""
    for seed in (3, 5):
        game = after_one_decision(tmp_path, CARD_AS_KEY, seed=seed)
        assert first_event(game, 1, "decision")["args"]["marks"] == HIDDEN
        assert first_event(game, None, "decision")["args"]["marks"] == HIDDEN
        (key,) = first_event(game, 0, "decision")["args"]["marks"]
        assert key in {f"card#{c['id']}" for c in game.state.zones["hand"][0]}


ZONE_AS_KEY = """\
philtre: 1
game: zonekey
players: 2
components:
  card: {attributes: {rank: [1, 2, 3, 4, 5, 6]}, start: deck}
zones:
  deck: {visible: nobody}
  pile: {}
actions:
  pick:
    choose: {m: "[{deck: 1}, {pile: 2}]"}
flow:
  - shuffle: deck
  - for: "m in [{c: 1} for c in deck]"
    do:
      - decide: pick
        player: 0
winners: {highest: "score[p]"}
"""


def test_an_agent_s_options_hold_a_zone_as_a_map_s_key_as_the_seat_sees_it(tmp_path):
    from philtre.interpreter.agents import ask

    class Peeking:
        needs_view = needs_info = False

        def choose(self, view, options):
            self.keys = [key for option in options for _, value in option.args for key in value]
            return options[0]

    game = Game(ruleset(tmp_path, ZONE_AS_KEY), 2, seed=1)
    agent = Peeking()
    assert ask(agent, game, 0) is game.options(0)[0]
    deck = next(key for key in agent.keys if key.key == ("deck", 0))
    assert len(deck) == 0 and len(game.state.zones["deck"][0]) == 6, "nobody sees the deck: the agent's key holds none"


def test_a_sample_s_flow_names_holding_a_card_as_a_map_s_key_hold_the_card_dealt_in_its_place(tmp_path):
    """The loop's maps are keyed by the deck's cards: in a sample they follow the sample's deck, not the true one."""
    from philtre.interpreter.determinize import InfoSet
    from philtre.interpreter.game import LOOP

    for seed in (1, 2):
        game = Game(ruleset(tmp_path, ZONE_AS_KEY), 2, seed=seed, record=True)
        sample = InfoSet(game, 0).sample(random.Random(0))
        items = next(frame[LOOP][0] for frame in sample.state.flow.stack if frame[LOOP])
        assert [next(iter(m))["id"] for m in items] == [c["id"] for c in sample.state.zones["deck"][0]]
        assert [c["id"] for c in sample.state.zones["deck"][0]] != [c["id"] for c in game.state.zones["deck"][0]]


HIDDEN_COUNT_IN_A_MAP = """\
philtre: 1
game: countkey
players: 2
components:
  card: {attributes: {rank: [1, 2, 3, 4, 5, 6]}, start: deck}
zones:
  deck: {visible: nobody, count: nobody}
  box: {visible: nobody, count: nobody}
actions:
  pick:
    choose: {m: "[{box: 1}]"}
flow:
  - shuffle: deck
  - move: "[c for c in deck if c.rank > last(deck).rank] -> box"
  - decide: pick
    player: 0
winners: {highest: "score[p]"}
"""


def test_an_option_s_label_does_not_count_a_zone_whose_count_is_hidden(tmp_path):
    """`philtre play` wrote a map's zone as `<zone box[0] 4 items>`: 6 less that count is the deck's hidden last card."""
    from philtre.interpreter.render import seen_ids

    for seed in (1, 2, 3):
        game = Game(ruleset(tmp_path, HIDDEN_COUNT_IN_A_MAP), 2, seed=seed)
        assert game.view(0)["zones"]["box"] == {}
        assert [option.label(seen_ids(game.view(0))) for option in game.options(0)] == ["pick(m={box[0]: 1})"]


HIDDEN_GRID = """\
philtre: 1
game: hiddengrid
players: 2
components:
  tile: {attributes: {c: [1, 2, 3]}, derive: {cells: "[c]"}, start: bag}
zones:
  bag: {visible: nobody}
  hand: {each: player, visible: owner}
  board: {grid: {resolution: 1}, visible: nobody}
actions:
  put:
    choose: {t: "hand[me]"}
    do:
      - place: {piece: t, to: board, at: "{'x': t.c, 'y': 0, 'rot': 0}"}
flow:
  - deal: {from: bag, to: hand, count: 1}
  - decide: put
    player: 0
winners: {highest: "score[p]"}
"""


def test_a_placement_on_a_grid_nobody_sees_is_hidden_with_its_piece(tmp_path):
    game = after_one_decision(tmp_path, HIDDEN_GRID, seed=1)
    for seat in (0, 1, None):
        place = first_event(game, seat, "place")
        assert place["at"] == HIDDEN and place["component"] == HIDDEN, seat


TWO_SOURCES = """\
philtre: 1
game: order
players: 2
components:
  card: {attributes: {rank: [1, 2, 3, 4, 5, 6, 7, 8]}, start: deck}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: nobody}
  pile: {visible: nobody}
define:
  a: first(hand[0])
  b: first(hand[1])
actions:
  go:
    do:
      - move: "([a, b] if a.rank < b.rank else [b, a]) -> pile"
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, count: 1}
  - decide: go
    player: 0
winners: {highest: "score[p]"}
"""


def test_a_move_from_several_zones_is_recorded_in_the_same_order_whatever_the_hidden_cards(tmp_path):
    """The events of one move go by source zone: their order must not tell which hand held the lower card."""
    rules = ruleset(tmp_path, TWO_SOURCES)
    orders = set()
    for seed in range(12):
        game = Game(rules, 2, seed=seed, record=True)
        play_first(game)
        orders.add(tuple(e["from"]["index"] for e in game.recorder.for_player(None) if e.get("event") == "move"))
    assert orders == {(0, 1)}


REVEALED = """\
philtre: 1
game: revealed
players: 2
components:
  card: {attributes: {rank: [1, 2, 3, 4, 5, 6, 7, 8]}, start: deck}
zones:
  deck: {visible: nobody}
actions:
  wait: {}
flow:
  - reveal: "[deck[2], deck[5]]"
  - shuffle: deck
  - decide: wait
    player: 0
winners: {highest: "score[p]"}
"""


def test_revealed_cards_in_a_hidden_zone_show_in_id_order_not_in_their_hidden_order(tmp_path):
    rules = ruleset(tmp_path, REVEALED)
    shown = {tuple(c["id"] for c in Game(rules, 2, seed=seed).view(0)["zones"]["deck"]["revealed"]) for seed in range(12)}
    assert shown == {(2, 5)}


def at_drinking(seed: int = 3):
    """A recorded 4-player game of Poisons at its first drinking step (goblets full, face down)."""
    game = Game(load_ruleset("poisons"), 4, seed=seed, record=True)
    rng = random.Random(0)
    while list(game.state.flow.pending.actions) != ["drink"]:
        for seat in game.pending():
            options = game.options(seat)
            game.apply(seat, options[rng.randrange(len(options))])
    return game


class Peeking:
    """An agent written to the documented interface: it keeps every option it is handed."""

    needs_view = False

    def __init__(self):
        self.seen = []

    def choose(self, view, options):
        self.seen = list(options)
        return max(options, key=lambda o: len(o.args[0][1]))  # drink every goblet it controls


def test_an_agent_s_options_do_not_hold_the_contents_of_zones_it_cannot_see():
    """A drink option names face-down goblets: the agent gets them without the drinks poured in secret."""
    from philtre.interpreter.agents import ask

    game = at_drinking()
    agent = Peeking()
    chosen = ask(agent, game, 0)
    zones = [z for option in agent.seen for _, value in option.args for z in value]
    assert zones and all(len(z) == 0 for z in zones), "a goblet's drinks are visible to nobody"
    assert all(len(game.state.zone(z.key)) > 0 for z in zones), "the game's goblets still hold their drinks"
    assert chosen in game.options(0) and any(chosen is o for o in game.options(0)), "ask hands the game its own option"
    held = len(game.state.zones["goblet"][0])
    game.apply(0, chosen)
    for seat in game.pending():
        game.apply(seat, game.options(seat)[0])
    shown = [e for e in game.recorder.events if e.get("event") == "reveal" and e["zone"] == {"zone": "goblet", "index": 0}]
    assert len(shown) == 1 and len(shown[0]["components"]) == held, "the goblet drunk is the game's own, revealed in full"


def test_an_information_set_keeps_nothing_of_what_its_seat_cannot_see():
    """A search agent gets an InfoSet: whatever it holds must be the same for games that differ only in hidden cards."""
    from philtre.interpreter.determinize import InfoSet, fork

    game = Game(load_ruleset("poison"), 4, seed=5, record=True)
    other = fork(game)  # the same game with two hidden hands' first cards exchanged
    h1, h2 = other.state.zones["hand"][1], other.state.zones["hand"][2]
    assert h1[0].signature != h2[0].signature
    h1[0], h2[0] = h2[0], h1[0]
    other.state.where[h1[0]["id"]], other.state.where[h2[0]["id"]] = h1.key, h2.key
    other.recorder = game.recorder  # seat 0's filtered record hides both hands anyway
    infos = [InfoSet(g, 0) for g in (game, other)]
    for info in infos:
        assert all(getattr(info, name) is not g for name in info.__slots__ for g in (game, other))
    held = [{z.key: [c["id"] for c in z] for family in info._base.state.zones.values() for z in family} for info in infos]
    assert held[0] == held[1]
    first, second = (info.sample(random.Random(1)) for info in infos)
    assert first.state.zones == second.state.zones


PASSING = """\
philtre: 1
game: passing
players: 1..2
components:
  card: {attributes: {rank: [1, 2, 3, 4, 5, 6]}, start: deck}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
actions:
  give:
    choose: {card: "hand[me]"}
    do:
      - move: card -> hand[(me + 1) % player_count]
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, count: 2}
  - decide: give
    player: 0
winners: {highest: "score[p]"}
"""


def test_an_onlooker_does_not_see_what_every_seat_but_not_everyone_sees(tmp_path):
    """A card passed between the two hands of a 2-player game, or the hand of a solo game, is no public fact."""
    rules = ruleset(tmp_path, PASSING)
    for players in (1, 2):
        game = Game(rules, players, seed=3, record=True)
        play_first(game)
        shown = [c for e in game.recorder.for_player(None) for c in _components_of(e)]
        assert shown and all(c == HIDDEN for c in shown), f"{players} players: the onlooker's record shows {shown}"
        assert any(c != HIDDEN for e in game.recorder.for_player(0) for c in _components_of(e)), "seat 0 still sees its cards"


def _components_of(event) -> list:
    """The components (or their placeholders) a deal, move or decision event holds."""
    if event.get("event") == "deal":
        return [c for to in event["to"] for c in to["components"]]
    if event.get("event") == "move":
        return event["components"]
    if event.get("event") == "decision":
        return list(event["args"].values())
    return []


REVEAL_SOME = """\
philtre: 1
game: reveal-some
players: 2
components:
  card: {attributes: {rank: [1, 2, 3, 4, 5, 6, 7, 8]}, start: deck}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
actions:
  wait: {}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, count: 2}
  - reveal: "[c for c in deck if c.rank > 4]"
  - reveal: hand
  - reveal: deck
  - decide: wait
    player: 0
winners: {highest: "score[p]"}
"""


def test_a_reveal_does_not_tell_where_the_cards_lay_in_a_zone_the_seat_does_not_see(tmp_path):
    """Revealing shows which cards lie in a zone, not their hidden order: a view lists them in id order, so must the record."""
    rules = ruleset(tmp_path, REVEAL_SOME)
    for seed in range(20):
        game = Game(rules, 2, seed=seed, record=True)
        reveals = [e for e in game.recorder.for_player(1) if e.get("event") == "reveal"]
        listed = [[c["id"] for c in e["components"]] for e in reveals]
        assert all(ids == sorted(ids) for ids in listed), f"seed {seed}: revealed in their hidden order: {listed}"
        zones = [(e["zone"]["zone"], e["zone"]["index"]) for e in reveals]
        some = any(c["rank"] > 4 for c in game.state.zones["deck"][0])
        assert zones == [("deck", 0)] * some + [("hand", 0), ("hand", 1), ("deck", 0)], f"seed {seed}: one event per zone: {zones}"


def test_a_record_listing_a_reveal_in_another_order_still_replays(tmp_path):
    """Records written before reveals were in id order list the same components in zone order: they replay; other components do not."""
    import json

    import pytest

    from philtre.dsl.errors import PhiltreError
    from philtre.interpreter.replay import replay

    rules = ruleset(tmp_path, REVEAL_SOME)
    game = Game(rules, 2, seed=4, record=True)
    play_first(game)
    events = [json.loads(line) for line in game.recorder.lines()]
    reveals = [e for e in events if e.get("event") == "reveal" and len(e["components"]) > 1]
    assert reveals
    for e in reveals:
        e["components"].reverse()
    path = tmp_path / "old.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in events), encoding="utf-8")
    assert replay(str(path)) == len(events)
    reveals[0]["components"][0]["id"] += 100
    path.write_text("".join(json.dumps(e) + "\n" for e in events), encoding="utf-8")
    with pytest.raises(PhiltreError, match="P010"):
        replay(str(path))


FACE_UP_MOVED = """\
philtre: 1
game: faceup
players: 2
components:
  card: {attributes: {rank: [1, 2, 3, 4, 5, 6]}, start: deck}
zones:
  deck: {visible: nobody}
  pile: {visible: nobody}
  hand: {each: player, visible: owner}
actions:
  pass: {}
flow:
  - shuffle: deck
  - reveal: "[c for c in deck if c.rank <= 4]"
  - move: deck -> pile
  - deal: {from: pile, to: hand, count: 2}
  - decide: pass
    player: 0
winners: {highest: "score[p]"}
"""


def test_face_up_cards_moved_between_hidden_zones_do_not_tell_where_they_lay(tmp_path):
    """The move listed the face-up cards in the pile's hidden order, among the hidden ones: with it, seat 1 knew which
    cards the deal from the pile's top gave seat 0. Seats that see neither zone get them in id order, the hidden after."""
    rules = ruleset(tmp_path, FACE_UP_MOVED)
    for seed in range(10):
        game = Game(rules, 2, seed=seed, record=True)
        shown = next(e for e in game.recorder.for_player(1) if e.get("event") == "move")["components"]
        assert [c.get("rank") for c in shown] == [1, 2, 3, 4, None, None], f"seed {seed}: {shown}"
        full = next(e for e in game.recorder.events if e.get("event") == "move")["components"]
        shuffled = next(e for e in game.recorder.events if e.get("event") == "shuffle")["order"]
        assert [c["id"] for c in full] == shuffled, "the full record keeps the order they moved in: the deck's"


def test_a_face_up_card_dealt_into_a_hidden_hand_is_seen_by_everyone_in_the_record_as_in_the_views(tmp_path):
    """The view showed which face-up card left the deck; the deal's record hid it. Both now show it, as a move does."""
    text = FACE_UP_MOVED.replace("  - move: deck -> pile\n", "").replace("from: pile", "from: deck").replace("count: 2", "count: 1")
    rules = ruleset(tmp_path, text.replace("c.rank <= 4", "true"))
    for seed in range(5):
        game = Game(rules, 2, seed=seed, record=True)
        (dealt,) = game.state.zones["hand"][0]
        deal = next(e for e in game.recorder.for_player(1) if e.get("event") == "deal")
        assert [c.get("id") for c in deal["to"][0]["components"]] == [dealt["id"]]
        assert dealt["id"] not in [c["id"] for c in game.view(1)["zones"]["deck"]["revealed"]]


OWNER_SET_WHOLE = """\
game: owner-set
players: 3
components:
  card: {attributes: {value: [1, 2]}, start: deck}
zones:
  deck: {visible: nobody}
variables:
  seen: {each: player, visible: owner, initial: 0}
actions:
  look:
    do:
      - set: {seen: "[p * 10 + 1 for p in players]"}
flow:
  - decide: look
    player: 0
winners: {highest: "score[p]"}
"""


def test_a_per_seat_variable_set_whole_shows_each_seat_its_own_entry_and_no_other(tmp_path):
    """Cockroach Poker's `set: {known: "[none for p in players]"}` was `known = hidden` in every seat's record and
    play, its own entry too, where the seat's view shows it; another seat's entry stays hidden, and an onlooker, who sees
    no entry, is not told of the set at all."""
    from philtre.interpreter.render import event_text

    path = tmp_path / "owner.yaml"
    path.write_text(OWNER_SET_WHOLE, encoding="utf-8")
    ruleset = load_ruleset(str(path))
    game = Game(ruleset, 3, seed=1, record=True)
    game.apply(0, game.options(0)[0])
    hidden = {"hidden": True}
    assert [e for e in game.recorder.for_player(None) if e.get("event") == "set"] == []
    for seat, told in ((0, [1, hidden, hidden]), (1, [hidden, 11, hidden]), (2, [hidden, hidden, 21])):
        (event,) = [e for e in game.recorder.for_player(seat) if e.get("event") == "set"]
        assert event["value"] == told, (seat, event)
        if seat is not None:
            assert game.view(seat)["variables"]["seen"][seat] == told[seat]
    (event,) = [e for e in game.recorder.for_player(1) if e.get("event") == "set"]
    assert event_text(event, ruleset) == "seen = [hidden, 11, hidden]"


WALLS = """\
philtre: 1
game: hidden-walls
players: 2
components:
  tile: {attributes: {colour: [blue, red, green, white]}, derive: {cells: "[colour]"}, copies: 2, start: bag}
zones:
  bag: {visible: nobody}
  hand: {each: player, visible: owner}
  wall: {each: player, visible: VISIBLE, grid: {resolution: 1, width: 3, height: 3}}
actions:
  put:
    choose: {t: "hand[me]", at: "placements(wall[me], t)"}
    if: at.overlap == 0 and at.rot == 0
    do:
      - place: {piece: t, to: "wall[me]", at: at}
flow:
  - shuffle: bag
  - deal: {from: bag, to: hand, count: 2}
  - turns: 0
    until: all(count(hand[p]) == 0 for p in players)
    do:
      - decide: put
"""


def test_a_placement_chosen_on_a_grid_a_seat_does_not_see_is_hidden_from_it_in_the_decision(tmp_path):
    """Per-seat walls only their owners see: the place event hid where the tile went, and the decision just before it
    told every seat (`at=(x=1, y=2, rot=0)`, its overlap and touching too). On walls every seat sees, it is told."""
    for visible in ("owner", "everyone"):
        path = tmp_path / f"{visible}.yaml"
        path.write_text(WALLS.replace("VISIBLE", visible), encoding="utf-8")
        game = Game(load_ruleset(str(path)), 2, seed=1, record=True)
        game.play_out(random=random.Random(1).random)
        for seat in (0, 1, None):
            for e in game.recorder.for_player(seat):
                if e.get("event") != "decision":
                    continue
                told = e["args"]["at"] != HIDDEN
                assert told == (visible == "everyone" or seat == e["player"]), (visible, seat, e)
                if not told:  # play says it as a value hidden, not as a component
                    from philtre.interpreter.render import event_text

                    assert event_text(e, game.ruleset) == f"seat {e['player']}: put(t=a hidden component, at=hidden)"
