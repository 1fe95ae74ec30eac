"""A state's copy shares the random generator until one side draws: every copy still draws
exactly what the original would have drawn from the moment of the copy."""

import copy
import gc
import pickle
import random
import sys
from pathlib import Path

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.loader import resolve_ruleset_path, shipped_games
from philtre.dsl.overlays import variant_paths
from philtre.dsl.values import Zone
from philtre.interpreter import state as state_module
from philtre.interpreter.state import initial_state


def test_copies_draw_what_the_original_would_have_drawn_in_any_order():
    state = initial_state(load_ruleset("pok"), 3, seed=11)
    state.flow.rng.random()  # the original has drawn before it is copied
    expected = random.Random(11)
    expected.random()
    want = [expected.random() for _ in range(5)]
    first = state.copy()
    second = first.copy()  # a copy of a copy shares it too
    assert [second.flow.rng.random() for _ in range(5)] == want
    assert [state.flow.rng.random() for _ in range(5)] == want
    third = state.copy()  # copied after the original drew again: from where it is now
    assert [first.flow.rng.random() for _ in range(5)] == want
    assert third.flow.rng.random() == state.flow.rng.random()


def test_a_new_generator_given_to_a_copy_leaves_the_original_alone():
    state = initial_state(load_ruleset("pok"), 3, seed=5)
    copy = state.copy()
    copy.flow.rng = random.Random(99)
    copy.flow.rng.random()
    assert state.flow.rng.random() == random.Random(5).random()


def test_identical_components_share_a_signature_also_once_pickled():
    # listing offers identical components in one zone once, by signature; a component sent to
    # another process is made again there, with that process's number for its kind
    state = initial_state(load_ruleset("poison"), 4, seed=1)
    cards = state.components
    kinds = {(c["type"], c.get("color"), c["value"]) for c in cards}
    assert len({c.signature for c in cards}) == len(kinds) == 3 * 5 + 1
    for card in cards:
        again = pickle.loads(pickle.dumps(card))
        assert dict(again) == dict(card) and again.signature == card.signature and again is not card


def test_a_components_type_and_plain_items_are_its_own_also_once_pickled():
    # generated code tests a component's type in the slot `kind` and reads its attributes from the plain dict
    # in `plain` (an item or a method of a subclass of dict costs more): its "type" and its items, also where
    # it is made again from a pickle
    for card in initial_state(load_ruleset("poison"), 4, seed=1).components:
        again = pickle.loads(pickle.dumps(card))
        assert card.kind == card["type"] == again.kind and card.kind in ("potion", "poison")
        assert type(card.plain) is dict and card.plain == dict(card) == again.plain and again.plain is not card.plain


def test_a_components_id_is_its_ident_also_once_pickled_or_copied():
    # the engine reads a component's id in the slot `ident` where it moves, reveals or finds one, and hashes it by it (an
    # item of a subclass of dict costs a Python-level lookup): its "id", also where it is made again from a pickle or a copy
    for card in initial_state(load_ruleset("poison"), 4, seed=1).components:
        for again in (pickle.loads(pickle.dumps(card)), copy.copy(card), copy.deepcopy(card)):
            assert type(card.ident) is int and card.ident == card["id"] == again.ident == again["id"] and again is not card
            assert hash(card) == card["id"] == hash(again)


def _set_up_as_made_before(ruleset, nplayers, seed):
    """A new game's zones, dice and generator as initial_state made them before it made them with fewer calls."""
    layout = ruleset.layout(nplayers)
    return ({name: [Zone(key, items) for key, items in family] for name, family in layout.contents},
            {name: None for name in ruleset.dice}, random.Random(seed))


@pytest.mark.parametrize("name", shipped_games())
def test_a_new_games_state_is_made_as_before_for_every_shipped_ruleset_and_variant(name):
    # initial_state makes each zone without its __init__'s call and seeds the generator without Random's Python
    # calls: the same zones (keys, components, type), where, revealed, dice, variables, grids and random state, and a
    # fresh state each time (each per-player variable a list of its own)
    for variants in [[], *([v] for v in variant_paths(resolve_ruleset_path(name)))]:
        ruleset = load_ruleset(name, variants)
        for nplayers in range(ruleset.min_players, ruleset.max_players + 1):
            for seed in (0, 7, -3, 2**70, "a seed", None):
                state = initial_state(ruleset, nplayers, seed)
                zones, dice, rng = _set_up_as_made_before(ruleset, nplayers, seed)
                assert list(state.zones) == list(zones) and state.dice == dice and list(state.dice) == list(dice)
                for family, before in zip(state.zones.values(), zones.values()):
                    assert [(type(z), z.key, [c.ident for c in z]) for z in family] == [(Zone, z.key, [c.ident for c in z]) for z in before]
                assert state.where == [next(z.key for f in zones.values() for z in f if c in z) for c in state.components]
                assert [c.ident for c in state.components] == list(range(len(state.components)))
                assert state.revealed == set() and state.placed == {} and state.flow.steps == 0
                if seed is not None:  # (None seeds from the system: no two alike)
                    assert state.flow.rng.getstate() == rng.getstate() and state.flow.rng.gauss_next is None
                    assert state.flow.rng.random() == rng.random() and type(state.flow.rng) is random.Random
                # the variables and grids as each state made them before the layout kept them (Layout.variables, .grids)
                variables = {n: ([v.initial] * nplayers if v.per_player else v.initial) for n, v in ruleset.variables.items()}
                assert list(state.vars.items()) == list(variables.items())
                assert all(state.vars[n] is v for n, v in variables.items() if not ruleset.variables[n].per_player)
                assert state.grids == {name: spec.grid for name, spec in ruleset.zones.items() if spec.grid}
                again = initial_state(ruleset, nplayers, seed)
                assert all(z is not y for f, g in zip(again.zones.values(), state.zones.values()) for z, y in zip(f, g))
                assert all(again.vars[n] is not state.vars[n] for n, v in ruleset.variables.items() if v.per_player)


def _zones_as_made(zones) -> list:
    """Each family's name and its zones' types, key objects and component objects, in order (by identity)."""
    return [(id(name), [(type(z), id(z.key), [id(c) for c in z]) for z in family]) for name, family in zones.items()]


@pytest.mark.parametrize("name", shipped_games())
def test_a_layouts_zones_made_by_its_written_out_maker_are_the_loops(monkeypatch, name):
    # a layout of at most ZONES_WRITTEN_OUT zones has its zones made by straight-line code (state._zones_source): the
    # same families in the same order, the layout's own name, key and component objects, and new zones each game; a
    # larger layout, none written out, makes them by the loop, the same
    for variants in [[], *([v] for v in variant_paths(resolve_ruleset_path(name)))]:
        ruleset = load_ruleset(name, variants)
        for nplayers in range(ruleset.min_players, ruleset.max_players + 1):
            layout = ruleset.layout(nplayers)
            assert state_module._zones_maker(layout) is not None  # (every shipped layout is written out: the test reads it)
            state, again = initial_state(ruleset, nplayers, 1), initial_state(ruleset, nplayers, 1)
            assert state_module._ZONES_MADE == [layout, state_module._zones_maker(layout)]
            looped = {name: [Zone(key, items) for key, items in family] for name, family in layout.contents}
            assert _zones_as_made(state.zones) == _zones_as_made(again.zones) == _zones_as_made(looped)
            assert all(z is not y for f, g in zip(again.zones.values(), state.zones.values()) for z, y in zip(f, g))
            assert all(f is not g for f, g in zip(again.zones.values(), state.zones.values()))
    ruleset = load_ruleset("poisons")
    monkeypatch.setattr(state_module, "ZONES_WRITTEN_OUT", 17)  # (Poisons' four seats: 17 zones, five: 21)
    monkeypatch.setattr(state_module, "_ZONE_MAKERS", {})
    assert state_module._zones_maker(ruleset.layout(5)) is None and state_module._zones_maker(ruleset.layout(4)) is not None
    made = initial_state(ruleset, 5, 1).zones
    assert state_module._ZONES_MADE == [ruleset.layout(5), None]
    assert _zones_as_made(made) == _zones_as_made({n: [Zone(k, i) for k, i in f] for n, f in ruleset.layout(5).contents})


def test_a_layouts_zone_maker_is_dropped_with_the_layout():
    # the makers are kept by the layout's id while it lives (a weak reference to it), not past it
    class Layout:
        contents = (("box", ((("box", 0), ()),)),)

    layout = Layout()
    make = state_module._zones_maker(layout)
    key = id(layout)
    assert state_module._ZONE_MAKERS[key] == (state_module._ZONE_MAKERS[key][0], make) and make()["box"][0].key == ("box", 0)
    assert state_module._ZONES_MADE == [layout, make]
    state_module._ZONES_MADE[:] = None, None
    del layout
    gc.collect()
    assert key not in state_module._ZONE_MAKERS


def test_a_per_player_variable_starts_as_a_list_of_each_new_states_own():
    # (no shipped ruleset has one) the layout keeps its starting value; each state makes its list, as before
    ruleset = load_ruleset(str(Path(__file__).parent / "data" / "let_hidden.yaml"))
    for nplayers in range(ruleset.min_players, ruleset.max_players + 1):
        states = [initial_state(ruleset, nplayers, seed) for seed in (1, 1, 2)]
        assert all(state.vars["said"] == [0] * nplayers for state in states)
        assert len({id(state.vars["said"]) for state in states}) == 3
        assert list(states[0].vars) == list(ruleset.variables)


@pytest.mark.parametrize("name", shipped_games())
def test_the_names_a_game_reads_by_are_the_generated_codes_own_strings(name):
    # the generated code reads zones, attributes and dice faces by names written in it (interned by Python's
    # compiler); where the state's keys are those same strings a lookup finds its key by identity, without
    # comparing the characters: a YAML file's strings are interned as they are read (yamlpos)
    for variants in [[], *([v] for v in variant_paths(resolve_ruleset_path(name)))]:
        ruleset = load_ruleset(name, variants)
        state = initial_state(ruleset, ruleset.min_players, 1)
        names = [*state.zones, *(k for c in state.components for k in c.plain), *(k for d in ruleset.dice.values() for f in d.faces for k in f)]
        assert names and all(sys.intern(k) is k for k in names)
        words = [v for c in state.components for v in c.plain.values() if type(v) is str]
        assert all(sys.intern(v) is v for v in words)


def test_components_compare_by_identity_and_do_not_order():
    # a component is equal only to itself (two cards alike are two cards: list.remove takes the
    # one named), never ordered, and a plain map with its fields is equal to it as maps are
    from philtre.dsl.values import Component

    a, b = Component("card", 0, {"value": 1}), Component("card", 1, {"value": 1})
    twin = Component("card", 0, {"value": 1})
    assert a == a and not a != a and a != twin and not a == twin and a != b
    assert a == {"type": "card", "id": 0, "value": 1} == a and not a != dict(a)
    assert a != 0 and 0 != a and a != [a] and {a: 1}.get(twin) is None and hash(twin) == hash(a)
    hand = [twin, b, a]
    hand.remove(a)
    assert hand[0] is twin and hand[1] is b and a not in hand and twin in hand and hand.index(b) == 1
    for other in (b, {"type": "card"}, 1):
        for compare in (lambda x, y: x < y, lambda x, y: x <= y, lambda x, y: x > y, lambda x, y: x >= y):
            with pytest.raises(TypeError):
                compare(a, other)
            with pytest.raises(TypeError):
                compare(other, a)


def _steps_of(game, rng, between=lambda: None):
    """The game's step count at each pause, played to its end with ``rng``'s choices; ``between`` runs at each pause."""
    seen = []
    while not game.finished:
        seen.append(game.state.flow.steps)
        between()
        p = game.pending()[0]
        options = game.options(p)
        game.apply(p, options[rng.randrange(len(options))])
    return seen + [game.state.flow.steps]


def test_a_games_steps_are_its_own_whatever_runs_between_its_decisions():
    """A loop's pass counts the work its last evaluation did; another game's, or a search's copy's,
    evaluation between two decisions is not this game's work (the runaway guard must not depend on them)."""
    from philtre.interpreter import Game

    ruleset = load_ruleset("hue")  # a legality test over a grid's every placement: much work a pass
    alone = _steps_of(Game(ruleset, 2, seed=5), random.Random(1))
    other, other_rng = Game(ruleset, 3, seed=6), random.Random(2)

    def another_game_moves():
        if not other.finished:
            p = other.pending()[0]
            options = other.options(p)
            other.apply(p, options[other_rng.randrange(len(options))])

    assert _steps_of(Game(ruleset, 2, seed=5), random.Random(1), another_game_moves) == alone
    searched = Game(ruleset, 2, seed=5)

    def a_search_plays_a_copy():
        _steps_of(searched.copy(), random.Random(3))

    assert _steps_of(searched, random.Random(1), a_search_plays_a_copy) == alone


def test_a_copy_at_a_pause_and_its_original_take_other_options_apart():
    """The names a decision's options were listed with are where the action taken binds its arguments
    (Game.apply): a copy made at the pause lists and binds its own, so the original taking one option
    and the copy another leave each as a game that took only its own (replayed from the start)."""
    from philtre.interpreter import Game

    for name, players in (("poison", 4), ("pok", 3)):
        ruleset = load_ruleset(name)
        game, taken, rng = Game(ruleset, players, seed=5), [], random.Random(5)
        for _ in range(40):
            if game.finished:
                break
            p = game.pending()[0]
            options = game.options(p)
            copy = game.copy()
            mine = rng.randrange(len(options))
            game.apply(p, options[mine])
            theirs = copy.options(p)[(mine + 1) % len(options)]
            copy.apply(p, theirs)
            replayed = Game(ruleset, players, seed=5)
            for q, i in [*taken, (p, (mine + 1) % len(options))]:
                replayed.apply(q, replayed.options(q)[i])
            assert where_all_is(copy) == where_all_is(replayed)
            taken.append((p, mine))


def where_all_is(game) -> tuple:
    """Every zone's components (by id), the variables, scores, steps and the options of each seat to decide."""
    S = game.state
    zones = {n: [[c["id"] for c in z] for z in family] for n, family in S.zones.items()}
    return zones, dict(S.vars), list(S.scores), S.flow.steps, [[repr(o) for o in game.options(p)] for p in game.pending()]


ZONE_IN_A_VARIABLE = """\
philtre: 1
game: zone-in-a-variable
players: 2
components:
  chip: {copies: 3, start: bag}
zones:
  bag: {visible: everyone}
  aside: {visible: everyone}
variables: {piles: 0, seen: 0}
actions:
  take:
    choose: {c: bag}
    do:
      - move: c -> aside
      - set: {seen: "count(piles[0])"}
flow:
  - set: {piles: "[aside]"}
  - turns: 0
    until: count(bag) == 0
    do:
      - decide: take
winners: {highest: "score[p]"}
"""


def test_a_copy_reads_its_own_zones_where_a_variable_holds_zones(tmp_path):
    """A variable set to zones (`piles: [aside]`) names the copy's zones in a copy (Game.copy): the copy's moves are
    seen where it reads the variable, and the original's zones are not touched."""
    from philtre.interpreter import Game

    path = tmp_path / "zones.yaml"
    path.write_text(ZONE_IN_A_VARIABLE)
    game = Game(load_ruleset(str(path)), 2, seed=1)
    copy_ = game.copy()
    assert copy_.state.vars["piles"][0] is copy_.state.zones["aside"][0]
    for played in (copy_, game, copy_):
        p = played.pending()[0]
        played.apply(p, played.options(p)[0])
    assert (copy_.state.vars["seen"], len(copy_.state.zones["aside"][0])) == (2, 2)
    assert (game.state.vars["seen"], len(game.state.zones["aside"][0])) == (1, 1)
    assert game.state.vars["piles"][0] is game.state.zones["aside"][0]


def _mutable_parts(game) -> list:
    """The lists, dicts and sets a game's state holds that a rule can change."""
    S, flow = game.state, game.state.flow
    parts = [S.zones, S.vars, S.scores, S.round_scores, S.dice, S.where, S.revealed, S.placed, S.components,
             S.players, flow.stack, flow.choices, flow.winners, flow.script, flow.kept]
    parts += [zone for family in S.zones.values() for zone in family] + list(S.round_scores)
    for frame in flow.stack:
        parts += [frame, frame[3]] + ([frame[4][2]] if type(frame[4]) is tuple else [])
    return parts


def test_two_games_of_one_ruleset_share_no_mutable_part():
    # (Game() makes each state's parts afresh: an empty zone, the script without script_rolls, State() and Flow())
    from philtre.interpreter import Game

    rs = load_ruleset("pok")
    one, two = Game(rs, 5, seed=1), Game(rs, 5, seed=2)
    mine = {id(part) for part in _mutable_parts(one)}
    assert not [part for part in _mutable_parts(two) if id(part) in mine]
    before = repr(([list(f) for f in two.state.flow.stack], two.state.zones, two.state.round_scores, two.state.scores))
    one.play_out(random=random.Random(3).random)  # (playing one game to its end leaves the other as it was)
    assert repr(([list(f) for f in two.state.flow.stack], two.state.zones, two.state.round_scores, two.state.scores)) == before


def test_the_runners_and_layout_asked_for_last_are_those_made_for_that_ruleset_and_player_count():
    # (runners_for and Ruleset.layout answer the ruleset and player count asked for last without their lookup: asked
    # in turns, each answers what it made for the one asked)
    from philtre.interpreter.runners import runners_for

    pok, poisons = load_ruleset("pok"), load_ruleset("poisons")
    runners, layouts = {}, {}
    for rs, n in [(pok, 5), (pok, 5), (poisons, 4), (pok, 4), (poisons, 4), (pok, 5), (poisons, 3), (pok, 4)]:
        assert runners.setdefault(id(rs), runners_for(rs)) is runners_for(rs)
        assert layouts.setdefault((id(rs), n), rs.layout(n)) is rs.layout(n)
        assert initial_state(rs, n, 1).players == list(range(n)) == list(rs.layout(n).seats)
    assert runners[id(pok)] is not runners[id(poisons)] and len(set(map(id, layouts.values()))) == 4


def test_a_copys_names_hold_its_own_zones_and_share_what_holds_none():
    """game.rebind_zones, which a game's copy passes its names through: every zone, at any depth of dicts, lists and
    tuples, becomes the copy's zone of the same key; a container holding no zone is given back as the same object, and
    one holding a zone is a new container of its kind whose other items are the same objects."""
    from philtre.interpreter import Game
    from philtre.interpreter.game import rebind_zones
    game = Game(load_ruleset("poison"), 4, seed=1)
    other = game.copy()
    S, theirs = other.state, game.state.zones
    plain = {"n": 3, "s": "a", "f": 1.5, "none": None, "c": theirs["hand"][0][0], "l": [1, (2, "x")], "t": (True,)}
    assert rebind_zones(plain, S) is plain
    hand, card = theirs["hand"][2], theirs["hand"][0][0]
    value = {"n": 3, "deep": [(1, hand), {"z": theirs["hand"][0]}], "kept": plain, "same": [4, 5], "card": card}
    out = rebind_zones(value, S)
    assert out is not value and type(out["deep"]) is list and type(out["deep"][0]) is tuple
    assert out["deep"][0][1] is S.zones["hand"][2] and out["deep"][1]["z"] is S.zones["hand"][0]
    assert out["kept"] is plain and out["same"] is value["same"] and out["card"] is card and out["n"] == 3
    assert value["deep"][0][1] is hand  # (the original unchanged)
    assert rebind_zones(hand, S) is S.zones["hand"][2] and rebind_zones(card, S) is card
