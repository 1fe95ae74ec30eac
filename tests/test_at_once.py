"""Many components moved or dealt at once (effects.AT_ONCE: effects._move_many, e_deal by zones) leave the game as the
one-at-a-time loops do: the places, the order in each zone, the faces shown, the grid's placements, the work charged,
the records, the failures (whole games both ways: tests/test_runners.py); a zone shuffled by effects.shuffle is in the
order the generator's own shuffle gives."""

import random
from types import SimpleNamespace

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.builtins import WORK, WORK_LIMIT, RuleRuntimeError
from philtre.dsl.values import Zone
from philtre.interpreter import Game
from philtre.interpreter import effects
from philtre.interpreter.effects import e_deal, move_components, shuffle


def played_to(game, decisions):
    """``game`` after ``decisions`` uniformly random decisions (seeded by its seed)."""
    rng = random.Random(game.seed)
    while game.decisions < decisions and not game.finished:
        for p in game.pending():
            options = game.options(p)
            game.apply(p, options[rng.randrange(len(options))])
    return game


def state_of(game) -> tuple:
    S = game.state
    zones = {n: [[c.ident for c in z] for z in family] for n, family in S.zones.items()}
    return zones, list(S.where), sorted(S.revealed), dict(S.placed), S.grid_version


class _Moves:
    """A recorder that keeps the moves and deals it is told (move_components' loop records each source zone)."""

    def __init__(self):
        self.seen = []

    def move(self, source, to, comps, revealed):
        self.seen.append(("move", source, to, [c.ident for c in comps], sorted(revealed)))

    def deal(self, source, dealt, revealed):
        self.seen.append(("deal", source, [(key, [c.ident for c in comps]) for key, comps in dealt], sorted(revealed)))


def moved(game, at_once, picked, target, monkeypatch) -> tuple:
    """The game after ``picked`` (ids, read in a copy) moved to the zone ``target`` unrecorded, and the work charged."""
    monkeypatch.setattr(effects, "AT_ONCE", at_once)
    other = game.copy()
    T = other.state
    WORK[0] = WORK_LIMIT
    try:
        move_components(other, [T.components[i] for i in picked], T.zone(target))
    except RuleRuntimeError as exc:
        return str(exc)
    return state_of(other), WORK_LIMIT - WORK[0]


def test_many_components_moved_at_once_end_as_moved_one_at_a_time(monkeypatch):
    game = played_to(Game(load_ruleset("poison"), 4, seed=5), 20)  # cards in hands, cauldrons and taken piles
    S = game.state
    hand, cauldrons, taken = S.zones["hand"], S.zones["cauldron"], S.zones["taken"]
    assert sum(map(len, taken)) > 0 and all(len(h) >= 7 for h in hand)
    S.revealed.update(c.ident for c in taken[0] + hand[1][:3])  # some of them face up
    for c in hand[2]:  # where names a zone by a key equal to the zone's, not the same tuple
        S.where[c.ident] = (hand[2].key[0], hand[2].key[1])
    ids = lambda zone: [c.ident for c in zone]  # noqa: E731
    everything = [c.ident for c in S.components]
    cases = [
        (everything, ("deck", 0)),  # a round's gather: every zone left empty
        (everything, ("hand", 2)),  # some lie where they go already
        (ids(hand[0]) + ids(hand[1])[:4] + ids(cauldrons[0]), ("taken", 3)),  # a hand left with cards in it
        (ids(hand[1])[::-1] + ids(hand[1])[:2], ("deck", 0)),  # listed twice: moved once, in the order first listed
        (ids(hand[2])[2:] + ids(taken[0]), ("cauldron", 1)),
    ]
    for picked, target in cases:
        assert len(picked) > effects.FEW_MOVED
        once = moved(game, True, picked, target, monkeypatch)
        assert once == moved(game, False, picked, target, monkeypatch), (picked, target)
    # what the loop leaves is also what a recorded game's move leaves (the record's bookkeeping apart)
    monkeypatch.setattr(effects, "AT_ONCE", True)
    other = game.copy()
    other.recorder = _Moves()
    WORK[0] = WORK_LIMIT
    move_components(other, list(other.state.components), other.state.zone(("deck", 0)))
    assert (state_of(other), WORK_LIMIT - WORK[0]) == moved(game, True, everything, ("deck", 0), monkeypatch)


def every_moved(game, at_once, target, monkeypatch) -> tuple:
    """The game after `move: components -> target` (the state's own list of every component) unrecorded, the work
    charged, and whether _move_many moved them as every component."""
    monkeypatch.setattr(effects, "AT_ONCE", at_once)
    other = game.copy()
    T = other.state
    every = []
    monkeypatch.setattr(effects, "_every_zone_emptied", lambda S, f=effects._every_zone_emptied: every.append(1) or f(S))
    WORK[0] = WORK_LIMIT
    effects.move_what(other, T.components, T.zone(target))
    return state_of(other), WORK_LIMIT - WORK[0], bool(every)


@pytest.mark.parametrize("ruleset, players, decisions, empty", [
    ("poison", 4, 20, True),  # a round's gather: hands, cauldrons, taken piles, some face up
    ("poison", 4, 20, False),  # to a zone that holds some already: the loop
    ("poison", 3, 7, True),
    ("hue", 2, 12, True),  # pieces leave the grid
])
def test_every_component_moved_to_an_empty_zone_ends_as_moved_one_at_a_time(ruleset, players, decisions, empty, monkeypatch):
    """`move: components -> ZONE` into an empty zone (Poison's gather) empties every zone and puts the state's list
    there in its order (effects._move_many's `every`): the places, order, faces, placements and work of the loops."""
    game = played_to(Game(load_ruleset(ruleset), players, seed=5), decisions)
    S = game.state
    S.revealed.update(c.ident for c in S.components[::3])
    zones = [zone for family in S.zones.values() for zone in family if zone.key[0] not in S.grids]
    if all(zones):  # (HUE's: a hand's cards moved to another hand first)
        move_components(game, list(zones[-1]), zones[-2])
    target = next(zone.key for zone in zones if bool(zone) != empty)
    assert sum(map(bool, zones)) > 2 and (ruleset != "hue" or len(S.placed) > 2)
    found = every_moved(game, True, target, monkeypatch)
    assert found[2] == empty
    assert found[:2] == every_moved(game, False, target, monkeypatch)[:2]
    if empty:
        assert found[0][0][target[0]][target[1]] == [c.ident for c in S.components] and not found[0][3]


def test_pieces_moved_at_once_off_a_grid_lose_their_placements(monkeypatch):
    game = played_to(Game(load_ruleset("hue"), 2, seed=1), 12)
    S = game.state
    assert len(S.placed) > effects.FEW_MOVED
    on_grid = list(S.placed)
    picked = on_grid + [c.ident for c in S.zones["hand"][0]]
    found = moved(game, True, picked, ("hand", 1), monkeypatch)
    assert found == moved(game, False, picked, ("hand", 1), monkeypatch)
    assert not set(on_grid) & set(found[0][3])  # (and the grid's version moved on)


def dealt(game, at_once, to, count, recorded, monkeypatch, reveal=()) -> tuple:
    """The game after a deal from its deck to the zones ``to`` (keys), and the work charged, or the failure."""
    monkeypatch.setattr(effects, "AT_ONCE", at_once)
    other = game.copy()
    T = other.state
    T.revealed.update(reveal)
    other.recorder = _Moves() if recorded else None
    stmt = SimpleNamespace(args={"from": SimpleNamespace(fn=lambda S, L: S.zone(("deck", 0))),
                                 "to": SimpleNamespace(fn=lambda S, L: [S.zone(key) for key in to]),
                                 "count": None if count is None else SimpleNamespace(fn=lambda S, L: count)})
    WORK[0] = WORK_LIMIT
    try:
        e_deal(other, stmt, {})
    except RuleRuntimeError as exc:
        return str(exc)
    return state_of(other), WORK_LIMIT - WORK[0], other.recorder.seen if recorded else None


@pytest.mark.parametrize("recorded", [False, True])
def test_a_deal_by_zones_ends_as_one_card_at_a_time(recorded, monkeypatch):
    game = Game(load_ruleset("poison"), 4, seed=2)
    S = game.state
    deck = S.zones["deck"][0]
    for zone in S.zones["hand"]:  # the round's deal undone: the cards back on the deck
        while zone:
            c = zone.pop()
            S.where[c.ident] = deck.key
            deck.append(c)
    assert len(deck) == 50
    hands = [("hand", p) for p in range(4)]
    top = [c.ident for c in deck[-7:]]
    for to, count in [(hands, None), (hands, 3), (hands[:3], 20), (hands[1:], 1), ([("hand", 1), ("aside", 0)], 30),
                      ([("hand", 0), ("hand", 2), ("hand", 0)], 5), (hands[:2], 0), ([], None), ([("deck", 0)], 2)]:
        for reveal in ((), top):
            once = dealt(game, True, to, count, recorded, monkeypatch, reveal)
            assert once == dealt(game, False, to, count, recorded, monkeypatch, reveal), (to, count, reveal)


def test_a_shuffle_gives_the_order_and_leaves_the_generator_as_the_generators_own_shuffle():
    for seed in range(40):
        for n in (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 50, 64, 65, 127, 128, 129, 1000):  # (written out, shuffle's table of draws, past its end)
            mine, theirs = random.Random(seed), random.Random(seed)
            items = list(range(n))
            shuffle(mine, items)
            expected = list(range(n))
            theirs.shuffle(expected)
            assert items == expected and mine.getstate() == theirs.getstate(), (seed, n)
            # (a zone, shuffled as a plain list of its items put back in it: the same order, the same zone, its key kept)
            mine = random.Random(seed)
            zone = Zone(("deck", 1), range(n))
            held = zone
            shuffle(mine, zone)
            assert zone is held and type(zone) is Zone and zone.key == ("deck", 1), (seed, n)
            assert list(zone) == expected and mine.getstate() == theirs.getstate(), (seed, n)

    class Dealer(random.Random):  # a generator of its own: its own shuffle, whatever it does
        def shuffle(self, x):
            x.reverse()

    items = list(range(5))
    shuffle(Dealer(1), items)
    assert items == [4, 3, 2, 1, 0]
    items = list(range(50))
    shuffle(Dealer(1), items)
    assert items == list(range(49, -1, -1))


def test_a_short_shuffle_is_written_out_for_its_length_and_a_new_games_set_up_shuffles_with_it():
    """effects.SHUFFLES: a list of fewer than WRITTEN items is shuffled by a function of its length, its draws and
    exchanges written out (its order and the generator's state checked above); Poisons' set-up (`for: z in pile /
    shuffle: z`, four cards a pile) shuffles each pile with it, the generator's bound getrandbits read once."""
    game = Game(load_ruleset("poisons"), 4, seed=3)
    assert effects.SHUFFLES[4].__code__.co_filename == "<philtre shuffle of 4>"
    assert effects._DRAWN[0][0] is game.state.flow.rng
    for m in range(effects.WRITTEN):
        mine, theirs = random.Random(m), random.Random(m)
        items, expected = list(range(m)), list(range(m))
        effects.SHUFFLES[m](mine, items)
        theirs.shuffle(expected)
        assert items == expected and mine.getstate() == theirs.getstate() and effects.SHUFFLES[m].__name__ == "shuffled", m
