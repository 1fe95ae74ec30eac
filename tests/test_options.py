"""Listing options: OptionList makes options when looked at, and every listing gives the same options in the same order."""

import random
import re

import pytest
from philtre.dsl import compiler, load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.dsl.parser import parse
from philtre.dsl.values import Component, Zone, arg_key, option_key, where_apart
from philtre.interpreter import Game
from philtre.interpreter import game as game_module
from philtre.interpreter.options import Option, OptionList, option_keys
from philtre.interpreter.scenarios import run_scenarios

GAMES = [("poison", (), 4), ("poison", ("draw-pile",), 3), ("pok", (), 5), ("poisons", ("advanced",), 4), ("hue", (), 4), ("hue", (), 2)]


def listing() -> OptionList:
    """Two single options around a group of three."""
    return OptionList([Option.of("pass", ()), ("play", (("card", "c1"),), "at", ["a", "b", "c"]), Option.of("end", ())])


def test_an_option_list_counts_and_orders_its_groups():
    options = listing()
    assert len(options) == 5
    assert [o.label() for o in options] == ["pass()", "play(card=c1, at=a)", "play(card=c1, at=b)",
                                            "play(card=c1, at=c)", "end()"]
    assert options[-1].action == "end" and options[1:3] == [options[1], options[2]]
    with pytest.raises(IndexError):
        options[5]
    with pytest.raises(TypeError):
        options[1.0]


def test_a_position_gives_the_same_object_before_and_after_all_are_made():
    options = listing()
    picked = options[3]
    assert options[3] is picked and options[-2] is picked
    last = options[-1]
    assert options[4] is last and options[-1] is last
    assert list(options)[3] is picked
    assert options.holds(picked) and Option.of("play", (("card", "c1"), ("at", "b"))) in options
    assert not options.holds(Option.of("play", (("card", "c2"), ("at", "a"))))
    assert options == list(options) and options != []


def interpreted(game: Game, seat: int) -> list:
    """The options of ``seat`` as the interpreter lists them without generated code (Game._interpreted)."""
    S, pending, out = game.state, game.state.flow.pending, []
    S.memo = {}
    try:
        for name in pending.actions:
            L = dict(pending.locals)
            L["me"] = seat
            game._interpreted(game.ruleset.actions[name], L, out, S)
    finally:
        S.memo = None
    return out


@pytest.mark.parametrize("name, variants, players", GAMES)
def test_generated_listings_equal_the_interpreted_ones(name, variants, players):
    ruleset, rng, checked = load_ruleset(name, list(variants)), random.Random(7), 0
    for seed in range(3):
        game = Game(ruleset, players, seed=seed)
        while not game.finished:
            for seat in game.pending():
                options = game.options(seat)
                if rng.random() < 0.3 or len(options) > compiler.GROUP_FROM:
                    assert list(options) == interpreted(game, seat)
                    checked += 1
                game.apply(seat, options[rng.randrange(len(options))])
    assert checked > 20


# every shipped game and variant, at two player counts where it allows them
CONFIGURATIONS = [("poison", (), (3, 6)), ("poison", ("draw-pile",), (4,)), ("poison", ("two-deals-each",), (3,)),
                  ("pok", (), (3, 7)), ("poisons", (), (4, 8)), ("poisons", ("advanced",), (5,)),
                  ("poisons", ("three-players",), (3,)), ("poisons", ("really-wild",), (6,)),
                  ("hue", (), (2, 5)), ("hue", ("strict-poison",), (3,))]
SEEDS = 40


@pytest.mark.parametrize("name, variants, counts", CONFIGURATIONS)
def test_games_are_the_same_whether_options_are_made_at_once_or_when_looked_at(name, variants, counts, play, monkeypatch):
    made_at_once = load_ruleset(name, list(variants))
    monkeypatch.setattr(compiler, "GROUP_FROM", 0)  # every listing in groups
    grouped = load_ruleset(name, list(variants))
    game, listings = Game(grouped, counts[0], seed=1), []
    while not game.finished and not any(isinstance(o, OptionList) for o in listings):
        seat = game.pending()[0]
        listings.append(game.options(seat))  # an action that tells identical components
        game.apply(seat, listings[-1][0])    # apart (three-players' pour) is never grouped
    assert any(isinstance(o, OptionList) for o in listings)
    for players in counts:
        for seed in range(SEEDS):
            record = play(grouped, players, seed, record=True).recorder.lines()
            assert record == play(made_at_once, players, seed, record=True).recorder.lines(), f"x{players} seed {seed}"


@pytest.mark.parametrize("name", ["poison", "pok", "poisons", "hue"])
def test_the_scenarios_pass_with_every_listing_in_groups(name, monkeypatch):
    monkeypatch.setattr(compiler, "GROUP_FROM", 0)
    results = run_scenarios(load_ruleset(name))
    assert results and all(r.passed for r in results), [r.failures for r in results if not r.passed]


def test_hue_lists_its_placements_as_groups_and_makes_only_the_one_picked():
    game = Game(load_ruleset("hue"), 4, seed=3)
    seat = game.pending()[0]
    options = game.options(seat)
    assert isinstance(options, OptionList) and len(options) > 100
    picked = options[len(options) // 2]
    assert options._made == {len(options) // 2: picked} and options._all is None
    game.apply(seat, picked)
    assert game.decisions == 1


def test_an_option_list_holds_an_equal_option_as_the_list_of_every_option_holds_it():
    """OptionList.holds, which finds an option equal to one of a group's without making every option (a search agent's
    look-ahead hands each option it tries, rebound to a copy, to apply): for HUE's placements and the toy listing, an
    equal copy of any option is held, and an option differing in its action, a bound argument, the last parameter's
    name or value, or the number of its arguments is not, nor anything that is no option: as ``in list(options)``
    answers, and with nothing made (an option whose arguments are not (name, value) pairs: looked for in every one)."""
    rng = random.Random(5)
    game = Game(load_ruleset("hue"), 4, seed=3)
    seat = game.pending()[0]
    hue = game.options(seat)
    assert isinstance(hue, OptionList) and hue._items and not hue._all

    for make in (lambda: OptionList(list(hue._items)), listing):
        every = list(make())
        tried = [Option.of(o.action, tuple((n, v) for n, v in o.args)) for o in rng.sample(every, min(40, len(every)))]
        for o in every[:5]:
            if o.args:
                name, value = o.args[-1]
                tried += [Option.of(o.action + "x", o.args), Option.of(o.action, o.args[:-1] + ((name + "x", value),)),
                          Option.of(o.action, o.args[:-1] + ((name, "no such value"),)), Option.of(o.action, o.args[:-1]),
                          Option.of(o.action, o.args + (("more", 1),)), Option.of(o.action, (("other", value),) + o.args[1:])]
            tried += [Option.of(o.action, [list(a) for a in o.args]), Option.of(o.action, ((1,),))]
        tried += ["play", None, (("card", "c1"), ("at", "b"))]
        held = 0
        for option in tried:
            options = make()
            assert options.holds(option) == (option in every), option
            pairs = isinstance(option, Option) and type(option.args) is tuple and option.args and len(option.args[-1]) == 2
            assert not pairs or (options._all is None and not options._made)  # (nothing made to answer, but for odd ones)
            held += option in every
        assert 0 < held < len(tried)


@pytest.mark.parametrize("name, variants, counts", CONFIGURATIONS)
def test_an_option_lists_keys_are_its_options_keys_made_without_the_options(name, variants, counts):
    """OptionList.keys, which search agents match options across samples by: at every decision of a random game, each
    option's option_key in order, with no option made; and ``option_keys`` of any other sequence keys each item."""
    rng = random.Random(11)
    game = Game(load_ruleset(name, variants=list(variants)), counts[-1], seed=7)
    lists = 0
    while not game.finished:
        for seat in game.pending():
            options = game.options(seat)
            where = game.state.where
            if isinstance(options, OptionList):
                lists += 1
                fresh = OptionList(list(options._items))
                assert fresh.keys(where) == [option_key(o, where) for o in options]
                assert fresh._all is None and not fresh._made
            assert option_keys(list(options), where) == [option_key(o, where) for o in options]
            game.apply(seat, options[rng.randrange(len(options))])
    assert lists or name != "hue"


def test_groups_sharing_a_list_of_values_are_keyed_by_their_own_action_arguments_and_name():
    """Two groups holding one list of values (a grid's cards share their placements) differ in their keys where their
    action, a bound argument or the last parameter's name differs."""
    values = [{"x": 1, "y": 0}, {"x": 0, "y": 1}]
    options = OptionList([("play", (("card", "c1"),), "at", values), ("play", (("card", "c2"),), "at", values),
                          ("play", (("card", "c1"),), "to", values), ("drop", (("card", "c1"),), "at", values),
                          Option.of("pass", ())])
    keys = options.keys({})
    assert keys == [option_key(o, {}) for o in options] and len(set(keys)) == len(keys) == 9


def described(value, where):
    """arg_key as first written, every item passed to a call: a component by signature and zone, a zone by key, lists
    and maps item by item (a map's keys as text, sorted)."""
    if isinstance(value, Component):
        return ("c", value.signature, where[value.ident])
    if isinstance(value, Zone):
        return ("z", value.key)
    if isinstance(value, (list, tuple)):
        return tuple(described(v, where) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((str(k), described(v, where)) for k, v in value.items()))
    return value


def test_an_arguments_key_describes_its_items_as_a_call_for_each_would():
    """arg_key, which reads a plain item in place: the same key as the description item by item, for plain values,
    components, zones, and lists and maps of them nested, a map's keys that are not text included."""
    game = Game(load_ruleset("poison"), 3, seed=2)
    where = game.state.where
    hand = game.state.zones["hand"][0]
    card = hand[0]
    values = [3, 2.5, "red", True, None, card, hand, [1, "a", None, card], (hand, [card, [2, {"x": 1}]]),
              {"x": -3, "y": 0, "rot": 90, "overlap": 0, "touching": 1}, {"b": [card, 1], "a": {"z": hand, "y": False}},
              {1: "one", "0": 0}, [], {}]
    for value in values:
        assert arg_key(value, where) == described(value, where), value
    assert arg_key({"x": 1, "y": 2}, where) != arg_key({"x": 2, "y": 1}, where)
    assert arg_key([card, 1], where) != arg_key([card, True, 1], where)


# -- identical components: offered once, but only once the condition has spoken -----------

ALIKE = """\
philtre: 1
game: alike
players: 1
components:
  card: {{attributes: {{kind: [tempura, sashimi]}}, copies: 2, start: pile}}
zones:
  pile: {{each: player, visible: owner}}
  tray: {{each: player}}
actions:
  take:
    choose: {choose}
    if: {condition}
    do:
      - move: "{moved} -> tray[me]"
flow:
  - decide: take
    player: 0
"""


def alike_game(tmp_path, choose: str, condition: str, moved: str) -> Game:
    """A one-seat game whose pile holds two tempura then two sashimi, deciding `take` once."""
    path = tmp_path / "alike.yaml"
    path.write_text(ALIKE.format(choose=choose, condition=condition, moved=moved), encoding="utf-8")
    return Game(load_ruleset(str(path)), 1, seed=0)


def labels(game: Game) -> list:
    """The options of seat 0, by label, as listed and as the interpreter lists them (which must agree)."""
    listed = [o.label() for o in game.options(0)]
    out: list = []
    game.state.memo = {}
    game._interpreted(game.ruleset.actions["take"], {"me": 0}, out, game.state)
    game.state.memo = None
    assert [o.label() for o in out] == listed
    return listed


def test_an_identical_component_the_condition_refuses_does_not_hide_the_next_one(tmp_path):
    # only the top card may be taken: the bottom one fails the condition, its twin on top does not
    game = alike_game(tmp_path, '{card: "pile[me]"}', '"card == last(pile[me])"', "card")
    assert labels(game) == ["take(card=card sashimi)"]
    assert game.options(0)[0].args[0][1] is game.state.zones["pile"][0][-1]


def test_two_choices_from_one_zone_that_must_differ_offer_each_pair_of_kinds_once(tmp_path):
    game = alike_game(tmp_path, '{a: "pile[me]", b: "pile[me]"}', '"a != b"', "[a, b]")
    assert labels(game) == ["take(a=card tempura, b=card tempura)", "take(a=card tempura, b=card sashimi)",
                            "take(a=card sashimi, b=card tempura)", "take(a=card sashimi, b=card sashimi)"]


def test_lists_of_identical_components_are_offered_once(tmp_path):
    game = alike_game(tmp_path, '{pair: "[s for s in subsets(pile[me]) if count(s) == 2]"}', "true", "pair")
    assert labels(game) == ["take(pair=[card tempura, card tempura])", "take(pair=[card tempura, card sashimi])",
                            "take(pair=[card sashimi, card sashimi])"]


MIXED = """\
philtre: 1
game: mixed
players: 1
components:
  card: {{attributes: {{kind: [tempura, sashimi]}}, copies: 2, start: pile}}
zones:
  pile: {{}}
  hand: {{}}
  tray: {{}}
actions:
  take:
    choose: {{pair: "{choices}"}}
    if: {condition}
    do:
      - move: pair -> tray
flow:
  - move: "[pile[0], pile[2], pile[1], pile[3]] -> hand"
  - decide: take
    player: 0
"""


@pytest.mark.parametrize("choices, condition, offered", [
    # the Jaipur trial's hand [gold, leather, gold, leather]: {gold, leather} was offered twice, in two orders
    ("subsets(hand, 2)", "true", ["[card tempura, card sashimi]", "[card tempura, card tempura]", "[card sashimi, card sashimi]"]),
    ("[s for s in subsets(hand) if count(s) == 2]", "true",
     ["[card tempura, card sashimi]", "[card tempura, card tempura]", "[card sashimi, card sashimi]"]),
    # the first the condition lets through stands for the set (as for one component)
    ("subsets(hand, 2)", "\"pair[0].kind == 'sashimi'\"", ["[card sashimi, card tempura]", "[card sashimi, card sashimi]"]),
    # identical cards in two zones are two cards to choose (the zones differ), as one card in each is
    ("subsets([hand[0], hand[1], tray[0]], 2)", "true",
     ["[card tempura, card sashimi]", "[card tempura, card tempura]", "[card sashimi, card tempura]"]),
])
def test_a_set_of_identical_components_chosen_among_subsets_is_offered_once_in_whatever_order(tmp_path, choices, condition, offered):
    """subsets() keeps the zone's order, and options were compared item by item: a hand [tempura, sashimi, tempura,
    sashimi] offered {tempura, sashimi} twice ([tempura, sashimi] and [sashimi, tempura]), one set of cards, which
    biased random agents toward it; language.md's subsets says "each set once"."""
    text = MIXED.format(choices=choices, condition=condition)
    if "tray[0]" in choices:  # one tempura in the tray before the choice
        text = text.replace("  - decide: take", "  - move: hand[2] -> tray\n  - decide: take")
    path = tmp_path / "mixed.yaml"
    path.write_text(text, encoding="utf-8")
    game = Game(load_ruleset(str(path)), 1, seed=0)
    assert [c["kind"] for c in game.state.zones["hand"][0]][:2] == ["tempura", "sashimi"]
    assert labels(game) == [f"take(pair={pair})" for pair in offered]


def test_a_condition_on_attributes_alone_still_offers_identical_components_once(tmp_path):
    game = alike_game(tmp_path, '{card: "pile[me]"}', '"card.kind != \'nori\' and card is card"', "card")
    assert labels(game) == ["take(card=card tempura)", "take(card=card sashimi)"]


def test_identical_components_inside_maps_are_offered_once(tmp_path):
    game = alike_game(tmp_path, '{m: "[{\'c\': c} for c in pile[me]]"}', "true", "m['c']")
    assert labels(game) == ["take(m={c: card tempura})", "take(m={c: card sashimi})"]


def test_maps_known_only_at_run_time_are_told_apart_by_the_condition(tmp_path):
    # a variable (a value known only at run time) holds maps of identical cards; only the map holding the top one is legal
    text = ALIKE.format(choose='{m: "held"}', condition='"m.kind == last(pile[me])"', moved="m['kind']")
    text = text.replace("actions:", "variables:\n  held: {initial: []}\nactions:").replace(
        "flow:\n", "flow:\n  - set: {held: \"[{'kind': c} for c in pile[0]]\"}\n")
    path = tmp_path / "held.yaml"
    path.write_text(text, encoding="utf-8")
    game = Game(load_ruleset(str(path)), 1, seed=0)
    assert labels(game) == ["take(m={kind: card sashimi})"]


def test_equal_plain_values_and_zones_are_offered_once(tmp_path):
    game = alike_game(tmp_path, '{kind: "[c.kind for c in pile[me]]", to: "[tray[me], tray[me]]"}', "true", "[c for c in pile[me] if c.kind == kind]")
    assert labels(game) == ["take(kind=tempura, to=tray[0])", "take(kind=sashimi, to=tray[0])"]


MEN = """\
philtre: 1
game: men
players: 1
components:
  man: {copies: 4, derive: {cells: "['b']"}, start: pool}
zones:
  pool: {}
  box: {}
  board: {grid: {resolution: 1, width: 3, height: 2}, visible: everyone}
actions:
  take:
    choose: CHOOSE
    if: CONDITION
    do:
      - move: c -> box
flow:
  - place: {piece: "first(pool)", to: board, at: "{'x': 0, 'y': 0, 'rot': 0}"}
  - place: {piece: "first(pool)", to: board, at: "{'x': 2, 'y': 1, 'rot': 0}"}
  - decide: take
    player: 0
"""


def men_game(tmp_path, choose: str, condition: str = "true") -> Game:
    """A one-seat game with two identical men on a board, at (0, 0) and (2, 1), and two more in the pool, deciding `take`."""
    folder = tmp_path / "men"
    folder.mkdir(exist_ok=True)
    (folder / "ruleset.yaml").write_text(MEN.replace("CHOOSE", choose).replace("CONDITION", condition), encoding="utf-8")
    return Game(load_ruleset(str(folder)), 1, seed=0)


def placed_labels(game: Game) -> list:
    """The options of seat 0 as play names them (a piece on a grid with its placement), as listed and as the
    interpreter lists them (which must agree)."""
    from philtre.interpreter.options import placed_wording, single_zones

    words = placed_wording(single_zones(game.ruleset), game.state.placed)
    listed = [o.label(None, words) for o in game.options(0)]
    out: list = []
    game.state.memo = {}
    game._interpreted(game.ruleset.actions["take"], {"me": 0}, out, game.state)
    game.state.memo = None
    assert [o.label(None, words) for o in out] == listed
    return listed


@pytest.mark.parametrize("group_from", [compiler.GROUP_FROM, 0])
@pytest.mark.parametrize("choose, condition", [
    ("{c: board}", "true"),  # the zone's components, folded before the condition
    ("{c: board}", "placement(c).x >= 0"),  # the condition reads where it lies: folded once the options are made
    ('{c: "[p for p in board if p is man]"}', "true"),  # a list of the grid's components
])
def test_identical_pieces_on_a_grid_at_two_placements_are_two_options(tmp_path, monkeypatch, choose, condition, group_from):
    """A new user's checkers: `choose: {piece: board}` offered one man of each kind, and the engine, not the player,
    picked which one moved. Where a piece lies on a grid tells it from an identical one."""
    monkeypatch.setattr(compiler, "GROUP_FROM", group_from)
    game = men_game(tmp_path, choose, condition)
    assert placed_labels(game) == ["take(c=man at x=0 y=0 rot=0)", "take(c=man at x=2 y=1 rot=0)"]
    S = game.state
    assert [S.placed[o.args[0][1].ident] for o in game.options(0)] == [(0, 0, 0), (2, 1, 0)]
    # the agents match options by their keys: two keys, so a search tells the two moves apart
    assert len(set(option_keys(game.options(0), where_apart(S.where, S.placed)))) == 2
    game.apply(0, game.options(0)[1])
    assert [S.placed[c.ident] for c in S.zones["board"][0]] == [(0, 0, 0)]


def test_identical_components_off_the_grid_are_still_one_option_in_a_ruleset_with_a_grid(tmp_path):
    game = men_game(tmp_path, "{c: pool}")
    assert placed_labels(game) == ["take(c=man)"]
    both = men_game(tmp_path, '{c: "[p for p in board] + [p for p in pool]"}')
    assert placed_labels(both) == ["take(c=man at x=0 y=0 rot=0)", "take(c=man at x=2 y=1 rot=0)", "take(c=man)"]


def test_a_scenario_counts_and_lists_identical_pieces_at_two_placements_as_two_options(tmp_path):
    men_game(tmp_path, "{c: board}")
    scenarios = tmp_path / "men" / "scenarios.yaml"
    scenarios.write_text("scenarios:\n  - name: two men\n    players: 1\n    expect:\n      - options: {player: 0, count: 2}\n"
                         "  - name: not three\n    players: 1\n    expect:\n      - options: {player: 0, count: 3}\n", encoding="utf-8")
    results = run_scenarios(load_ruleset(str(tmp_path / "men")))
    assert [r.passed for r in results] == [True, False]
    # (as play writes them: a man looks the same at every turn, so its rot=0 is left out)
    assert "offered 2 options: take(c=man at x=0 y=0), take(c=man at x=2 y=1)" in str(results[1].failures), results[1].failures


@pytest.mark.parametrize("condition, alike", [
    ("card.kind == 'tempura'", True), ("card is card and zone_of(card) == pile[me]", True),
    ("kind_of(card) == 'tempura'", True), ("card == last(pile[me])", False), ("card.id > 2", False),
    ("card in [first(pile[me])]", False), ("top(card)", False), ("count([c for c in pile[me] if c != card]) > 0", False),
    ("all(card.kind == c.kind for card in pile[me])", True),
])
def test_which_conditions_read_a_component_only_through_what_its_twins_share(condition, alike):
    defines = {"kind_of": compiler.Define("kind_of", ("c",), "c.kind", None, parse("c.kind", None)),
               "top": compiler.Define("top", ("c",), "c == last(pile[0])", None, parse("c == last(pile[0])", None))}
    assert compiler.same_for_identical(parse(condition, None), "card", defines) is alike


@pytest.mark.parametrize("domain, never", [
    ("players", True), ("cauldron", True), ("range(5)", True), ("subsets(cauldron)", True),
    ("[k for k in cauldron if count(k) > 0]", True), ("sorted(players)", True), ("mine(0)", True),
    ("[cauldron[0], cauldron[0]]", False), ("subsets([1, 1])", False), ("[count(k) for k in cauldron]", False),
    ("hand", True), ("deck", False), ("[1, 2]", False),
])
def test_which_lists_of_choices_can_never_hold_two_equal_items(domain, never):
    """Such a list needs no search for equal choices (Poisons' drink: subsets of the seat's goblets)."""
    symbols = compiler.Symbols()
    symbols.zones = {"cauldron": "family", "hand": "family", "deck": "single"}
    mine = parse("[k for k in cauldron if count(k) == p]", None)
    symbols.defines = {"mine": compiler.Define("mine", ("p",), "", None, mine)}
    assert compiler.never_repeats(parse(domain, None), symbols) is never


FACES = """\
philtre: 1
game: faces
players: 1
dice:
  a: [{pips: 1}]
  b: [{pips: 2, bonus: 1}]
  c: [{pips: 3}]
define:
  good(f): f.bonus == 1 or f.pips == 3
actions:
  keep:
    choose: {f: dice}
    if: good(f)
    do: []
flow:
  - roll: a
  - roll: b
  - roll: c
  - decide: keep
    player: 0
"""


@pytest.mark.parametrize("group_from", [compiler.GROUP_FROM, 0])
def test_a_table_reading_a_field_some_records_lack_falls_back_to_the_condition_as_written(tmp_path, monkeypatch, group_from):
    # the table of good(f) reads f['bonus'] for speed, and so does the pick of a group's legal
    # values (GROUP_FROM 0: every listing a group); a face without it fails them, and the
    # condition is then tested as written, where the missing field is none
    monkeypatch.setattr(compiler, "GROUP_FROM", group_from)
    path = tmp_path / "faces.yaml"
    path.write_text(FACES, encoding="utf-8")
    game = Game(load_ruleset(str(path)), 1, seed=0)
    listed = [o.args for o in game.options(0)]
    out: list = []
    game.state.memo = {}
    game._interpreted(game.ruleset.actions["keep"], {"me": 0}, out, game.state)
    game.state.memo = None
    assert listed == [o.args for o in out] == [(("f", {"pips": 2, "bonus": 1}),), (("f", {"pips": 3}),)]


STRIPS = """\
philtre: 1
game: strips
players: 2
components:
  strip: {attributes: {c: [1, 2, 3]}, copies: 2, derive: {cells: "[c, c, c]"}, start: bag}
zones:
  bag: {visible: everyone}
  board: {grid: {resolution: 1}, visible: everyone}
actions:
  play:
    choose: {at: "placements(board, first(bag))"}
    if: "any(at.overlap == 0 and at.touching > count(board) - count(board) for k in [1])"
    do:
      - place: {piece: "first(bag)", to: board, at: at}
flow:
  - place: {piece: "first(bag)", to: board, at: "{'x': 0, 'y': 0, 'rot': 0}"}
  - turns: 0
    until: count(bag) == 0
    do:
      - decide: play
"""


@pytest.mark.parametrize("group_from", [compiler.GROUP_FROM, 0])
def test_a_one_table_condition_with_a_part_computed_once_per_listing_lists_as_interpreted(tmp_path, monkeypatch, group_from):
    # the choices read no other parameter, so their table is made at the lister's head, where
    # the cell of count(board) (computed once per listing) is put too; the pick of a group's
    # legal values stands in for that table, wherever it ends up
    monkeypatch.setattr(compiler, "GROUP_FROM", group_from)
    path = tmp_path / "strips.yaml"
    path.write_text(STRIPS, encoding="utf-8")
    rng = random.Random(1)
    for seed in range(3):
        game = Game(load_ruleset(str(path)), 2, seed=seed)
        while not game.finished:
            seat = game.pending()[0]
            options = game.options(seat)
            assert list(options) == interpreted(game, seat) and len(options) > 0
            game.apply(seat, options[rng.randrange(len(options))])


UNREACHED = """\
game: unreached
players: 2
variables: {v: 5}
zones: {bag: {visible: everyone}, pool: {visible: everyone}}   # the pool is empty
components:
  chip: {attributes: {v: [1, 2]}, start: bag}
actions:
  pick:
    choose: {a: FIRST, b: v}         # v holds no collection: only a choice of a reaches it
    if: "b == last(bag)"
    do:
      - set: {v: 0}
  pass:
    do:
      - set: {v: "[1]"}              # a list too: v's type is not known before the game, so validate lets it by
flow:
  - decide: [pick, pass]
    player: 0
"""


@pytest.mark.parametrize("first", ["pool", "bag"])
def test_choices_no_loop_reaches_are_not_read_ahead(tmp_path, first):
    """The work of every combination is charged ahead, from each parameter's number of choices: choices
    that are no collection, which no loop reaches (the first parameter has none), still list no option
    and fail nothing, as the interpreter lists them; reached, they fail as they do there."""
    path = tmp_path / "unreached.yaml"
    path.write_text(UNREACHED.replace("FIRST", first), encoding="utf-8")
    if first == "pool":
        game = Game(load_ruleset(str(path)), 2, seed=0)
        assert [o.label() for o in game.options(0)] == [o.label() for o in interpreted(game, 0)] == ["pass()"]
        return
    with pytest.raises(PhiltreError) as info:
        Game(load_ruleset(str(path)), 2, seed=0)
    assert "the choice of 'b' must be a list or a zone; 'v' gave a whole number 5" in str(info.value), info.value


TABLED = """\
philtre: 1
game: tabled
players: 2
components:
  chip: {attributes: {v: [1, 2, 3, 4]}, copies: 2, start: bag}
zones:
  bag: {visible: everyone}
  pile: {copies: 3, visible: everyone}
define:
  top(z): first(c.v for c in z)
actions:
  put:
    choose: {chip: bag, into: pile}
    if: IF
    do:
      - move: chip -> into
flow:
  - turns: 0
    until: count(bag) == 0
    do:
      - decide: put
winners: {highest: "score[p]"}
"""


@pytest.mark.parametrize("condition, remembered", [
    ("top(into) == none or top(into) < chip.v or into == pile[0]", False),  # the table is the only reader
    ("top(into) == none or top(into) < chip.v or top(pile[0]) == 1 or into == pile[0]", True),  # so is top(pile[0])
])
def test_a_table_that_alone_reads_a_definition_calls_it_without_the_memo(tmp_path, condition, remembered):
    """A table of top(into), one value per pile made once per listing, calls top's body without remembering
    each value where nothing else in the listing calls top (remembering cost more than the call); the
    listings are the interpreted ones all game long."""
    path = tmp_path / "tabled.yaml"
    path.write_text(TABLED.replace("IF", condition), encoding="utf-8")
    game = Game(load_ruleset(str(path)), 2, seed=3)
    lister = game._runners.listers["put"]
    # the table's comprehension calls the remembered top; without the memo, top's body runs in a loop in the lister
    in_tables = {n for c in lister.__code__.co_consts if hasattr(c, "co_names") for n in c.co_names}
    assert any(re.fullmatch(r"d_([0-9]+_)?top", n) for n in in_tables) is remembered, in_tables  # d_1_top: for its types
    rng = random.Random(5)
    while not game.finished:
        [seat] = game.pending()
        options = game.options(seat)
        assert [o.label() for o in options] == [o.label() for o in interpreted(game, seat)]
        game.apply(seat, options[rng.randrange(len(options))])



def test_a_table_made_by_a_definitions_folded_body_fails_where_the_condition_would_not(tmp_path):
    """share(into) is tabled over the piles by its body run in the lister (no call); once a 0 is in the
    first pile that body fails there, the table with it, and the condition calls share where it stands:
    never for the first pile. The listings are the interpreter's all game long, and the game ends."""
    path = tmp_path / "folded.yaml"
    condition = "(into == pile[0]) == (chip.v == 0) and (into == pile[0] or count(into) == 0 or share(into) > chip.v)"
    path.write_text(TABLED.replace("IF", condition).replace("[1, 2, 3, 4]", "[0, 1, 2, 3]")
                    .replace("top(z): first(c.v for c in z)", "share(z): first(12 // c.v for c in z)"), encoding="utf-8")
    game = Game(load_ruleset(str(path)), 2, seed=1)
    lister = game._runners.listers["put"]
    in_tables = {n for c in lister.__code__.co_consts if hasattr(c, "co_names") for n in c.co_names}
    assert not any(re.fullmatch(r"_?d_([0-9]+_)?share", n) for n in in_tables), in_tables  # (the table is a loop, not a comprehension)
    rng = random.Random(2)
    failed_once = False
    while not game.finished:
        [seat] = game.pending()
        options = game.options(seat)
        assert [o.label() for o in options] == [o.label() for o in interpreted(game, seat)]
        failed_once = failed_once or any(c["v"] == 0 for c in game.state.zones["pile"][0])
        game.apply(seat, options[rng.randrange(len(options))])
    assert failed_once and not game.state.zones["bag"][0]


@pytest.mark.parametrize("group_from", [compiler.GROUP_FROM, 0])
@pytest.mark.parametrize("condition, lazy", [
    # read only beside a pile whose top is none: computed for a chip where first read, from chip.v computed ahead
    ("top(into) == chip.v or (top(into) == none and chip.v not in [top(k) for k in pile]) or into == pile[0]", 1),
    # read at every test of a chip that is 2 or less, whatever the pile: computed for each chip, ahead
    ("chip.v > 2 or chip.v not in [top(k) for k in pile] or into == pile[0]", 0),
    # 12 // chip.v, computed ahead, fails for a 0 (the condition as written never reaches it there):
    # from then on the condition computes each part where it stands, the one read where first needed too
    ("chip.v == 0 or 12 // chip.v > 4 or top(into) == chip.v or (top(into) == none and chip.v not in [top(k) for k in pile])"
     " or into == pile[0]", 1),
])
def test_a_part_of_a_choice_read_beside_some_choices_of_the_last_is_computed_where_first_read(tmp_path, monkeypatch, condition, lazy, group_from):
    """A part of the condition that reads only an earlier parameter's choice, read only beside some of the
    last parameter's choices and that cannot fail nor charge work, is computed where the condition first
    reads it, not ahead for every chip (its local starts as _LAZY); the listings are the interpreter's all
    game long, also once a part computed ahead has failed."""
    monkeypatch.setattr(compiler, "GROUP_FROM", group_from)
    sources = []
    compiled = compiler.compiled
    monkeypatch.setattr(compiler, "compiled", lambda source, *rest: sources.append(source) or compiled(source, *rest))
    path = tmp_path / "lazy.yaml"
    path.write_text(TABLED.replace("IF", condition).replace("[1, 2, 3, 4]", "[0, 1, 2, 3, 4]"), encoding="utf-8")
    ruleset = load_ruleset(str(path))
    lister = "".join(sources).split(f"def {ruleset.actions['put'].enumerator}(")[1].split("\ndef ")[0]
    assert len(set(re.findall(r"\((o0_[0-9]+) := ", lister))) == lazy, lister  # computed where read, then kept
    rng = random.Random(4)
    for seed in range(4):
        game = Game(ruleset, 2, seed=seed)
        while not game.finished:
            [seat] = game.pending()
            options = game.options(seat)
            assert [o.label() for o in options] == [o.label() for o in interpreted(game, seat)]
            game.apply(seat, options[rng.randrange(len(options))])


def played_tabled(path, sources, listed) -> tuple:
    """The generated lister of `put` (from ``sources``, the code compiled) and, over four seeded games of two seats,
    each listing's labels, steps and work left, checked against ``listed(game, seat)`` (the interpreter's listing); a
    game that leaves a seat no legal option (R300) ends with its error."""
    ruleset, rng, seen = load_ruleset(str(path)), random.Random(5), []
    lister = "".join(sources).split(f"def {ruleset.actions['put'].enumerator}(")[1].split("\ndef ")[0]
    for seed in range(4):
        game = Game(ruleset, 2, seed=seed)
        try:
            while not game.finished:
                [seat] = game.pending()
                options = game.options(seat)
                assert [o.label() for o in options] == [o.label() for o in listed(game, seat)]
                seen.append(([o.label() for o in options], game.state.flow.steps, game._work_left))
                game.apply(seat, options[rng.randrange(len(options))])
        except PhiltreError as exc:
            seen.append(str(exc))
    return lister, seen


@pytest.mark.parametrize("condition, fast", [
    ("top(into) == chip.v or (top(into) == none and chip.v not in [top(k) for k in pile]) or into == pile[0]", True),
    ("chip.v == 2 or chip is chip and top(into) != none or into == pile[0]", True),
    ("chip.v > 2 or top(into) != none or into == pile[0]", False),  # (an order of a chip's v may fail: none > 2)
    # a table that fails (12 // 0 for a pile whose first chip is a 0): that listing's loops test each part, as written
    ("(into == pile[0]) == (chip.v == 0) and (into == pile[0] or count(into) == 0 or share(into) > chip.v)", True),
    # the same with a part read once per listing: its cell made only where those loops are not taken, before the others
    ("(into == pile[0]) == (chip.v == 0) and (into == pile[0] or count(into) == 0 or share(into) > chip.v"
     " or (top(into) != chip.v and chip.v not in [top(k) for k in pile]))", True),
    # a part of a chip that can fail (12 // 0): the loops as before, which test each part at each chip
    ("chip.v == 0 or 12 // chip.v > 4 or top(into) == chip.v or into == pile[0]", False),
])
def test_a_listing_whose_parts_of_a_card_cannot_fail_loops_without_testing_them(tmp_path, monkeypatch, condition, fast):
    """Where a listing charged its work ahead, lists few options, has no part that failed, and no part of a
    component of the first zone can fail, it loops over the components once more, without testing `over`,
    `many` and `slow` and without a `try` at each: the listings, steps and work left of compiler.SHORTCUTS
    off, and the interpreter's listings, all game long."""
    sources = []
    compiled = compiler.compiled
    monkeypatch.setattr(compiler, "compiled", lambda source, *rest: sources.append(source) or compiled(source, *rest))
    path = tmp_path / "fast.yaml"
    path.write_text(TABLED.replace("IF", condition).replace("[1, 2, 3, 4]", "[0, 1, 2, 3, 4]")
                    .replace("  top(z):", "  share(z): first(12 // c.v for c in z)\n  top(z):"), encoding="utf-8")

    def played():
        return played_tabled(path, sources, interpreted)

    lister, shortcut = played()
    assert ("if not (over or many or slow):" in lister) == fast, lister
    if fast and "hz = " in lister:  # the cells of the parts read once per listing: made after those loops
        fast_end = lister.index("return grouped")
        assert "hz" not in lister[:fast_end] and fast_end < lister.index("hz = ") < lister.index("for p_chip", fast_end), lister
    sources.clear()
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    lister, plain = played()
    assert "if not (over or many or slow):" not in lister and plain == shortcut


@pytest.mark.parametrize("condition, once", [
    ("chip.v == 2 or top(into) == chip.v or (top(into) == none and chip.v not in [top(k) for k in pile])", "o0_0"),
    ("chip.v == 2 or chip.v == 3 or top(into) != none", "o0_0"),  # (the chip's operands are one part)
    ("chip.v == 2 or (chip.v == 3 and top(into) != none)", "o0_0"),
    ("top(into) == none or chip.v == 2", None),  # (a pile's part first: each pile tests it)
    # a table that fails (12 // 0 for a pile whose first chip is a 0): that listing tests each part, as written
    ("chip.v == 2 or share(into) == chip.v or count(into) == 0", "o0_0"),
])
@pytest.mark.parametrize("copies", ["3", "4"])
def test_a_written_out_pass_tests_a_chips_part_once_and_reads_a_table_written_out(tmp_path, monkeypatch, condition, once, copies):
    """In the pass over a zone's distinct components that writes out the piles (a family of a few declared zones), an
    `or` whose first operands are parts of the chip alone tests them once a chip, not at each pile (where one holds,
    every pile is listed), and the table of the piles' `top`, made by a loop running its body in place, is written out,
    one body a pile, into the locals that pass reads (where the family holds as many piles as it declares; `first`
    setting none in its loop's `else`, the family's length tested once, the budget read from a local; the chip's
    other parts computed where the first do not hold): the
    listings, steps and work left of compiler.SHORTCUTS off, and the interpreter's listings, all game long."""
    sources = []
    compiled = compiler.compiled
    monkeypatch.setattr(compiler, "compiled", lambda source, *rest: sources.append(source) or compiled(source, *rest))
    path = tmp_path / "once.yaml"
    path.write_text(TABLED.replace("IF", condition).replace("[1, 2, 3, 4]", "[0, 1, 2, 3, 4]").replace("pile: {copies: 3", f"pile: {{copies: {copies}")
                    .replace("  top(z):", "  share(z): first(12 // c.v for c in z)\n  top(z):"), encoding="utf-8")

    def played():
        return played_tabled(path, sources, interpreted)

    lister, shortcut = played()
    assert "u0_p_into" in lister and f"    if (dom1_full := _len(dom1) == {copies}):\n" in lister, lister  # (the table written out)
    # its length tested once (the pass reads the local), the bag's zone not tested for a Zone (a family's, read by
    # subscript), the budget read from a local, and `top` (first of a loop that stops) sets none in the loop's `else`
    assert "fuse = dom1_full and " in lister and "_type(z0)" not in lister and "    _w = _W\n    _w[0] = " in lister, lister
    elsewise = "share" not in condition  # (12 // c.v may fail: `share` tests what it found after its loop)
    assert bool(re.search(r"^ +else:\n +u0_vt1_0 = None$", lister, re.M)) == elsewise == ("u0_vt1_0 = _LAZY" not in lister), lister
    assert re.search(r"^ +u0_p_into, u1_p_into, .*= dom1$", lister, re.M).group(0).startswith("            "), lister  # (in the table)
    assert (f"            if {once}:\n" in lister) == (once is not None), lister
    # the chip's other parts (its v, where the rest reads it) computed in the `else` only, the branch that reads them
    fused = lister.split("    if fuse and not slow:\n")[1].split("return False")[0]
    moved = bool(re.search(r"^ {12}else:\n {16}o0_1 = ", fused, re.M))
    assert moved == (once is not None and "o0_1 = " in fused) and not (once and re.search(r"^ {12}o0_1 = ", fused, re.M)), lister
    sources.clear()
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    lister, plain = played()
    assert "u0_p_into" not in lister and plain == shortcut
    assert any("R100" in seen for seen in plain if isinstance(seen, str)) == ("share" in condition)  # (12 // 0: the table failed)


@pytest.mark.parametrize("stone", [False, True])
def test_a_part_past_a_type_test_reads_by_subscript_an_attribute_every_other_type_declares(tmp_path, monkeypatch, stone):
    """In the pass written out, where the chip's part tested first is `chip is joker`, its other parts computed in the
    `else` read by subscript an attribute every type but joker declares (there the chip is one of them), and by get an
    attribute some other type lacks (a stone's v: none): the listings, steps and work left of compiler.SHORTCUTS off,
    and the interpreter's listings, all game long."""
    sources = []
    compiled = compiler.compiled
    monkeypatch.setattr(compiler, "compiled", lambda source, *rest: sources.append(source) or compiled(source, *rest))
    path = tmp_path / "typed.yaml"
    others = "  joker: {attributes: {w: 1}, copies: 2, start: bag}\n" + ("  stone: {attributes: {w: 2}, copies: 2, start: bag}\n" if stone else "")
    path.write_text(TABLED.replace("IF", "chip is joker or top(into) == chip.v or (top(into) == none and chip.v not in [top(k) for k in pile])")
                    .replace("start: bag}\n", "start: bag}\n" + others, 1), encoding="utf-8")
    lister, shortcut = played_tabled(path, sources, interpreted)
    fused = lister.split("    if fuse and not slow:\n")[1].split("return False")[0]
    assert re.search(r"^ {12}if o0_0:$", fused, re.M) and re.search(r"^ {12}else:\n {16}o0_1 = p_chip\.plain", fused, re.M), lister
    assert ("o0_1 = p_chip.plain.get('v')\n" in fused) == stone == ("o0_1 = p_chip.plain['v']\n" not in fused), lister
    sources.clear()
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    lister, plain = played_tabled(path, sources, interpreted)
    assert "u0_p_into" not in lister and plain == shortcut


@pytest.mark.parametrize("code, family", [
    ("S.zones['hand'][L['me']]", True), ("S.zones['bag'][0]", True),
    ("S.zones['hand'][L['me']] if L['x'] else L['z']", False),  # (a zone or a local's value)
    ("L['z']", False), ("_e3(S, L)", False), ("S.zones['hand'][_e3(S, L)]", False), ("S.zones['hand']", False),
])
def test_only_a_familys_zone_read_by_plain_subscript_is_not_tested_for_a_zone(code, family):
    """The pass over a zone's distinct components tests that the zone is a Zone (the pass reads each component's
    signature) except where its code reads a family's zone by plain subscript, at a number or a local: every
    state's families hold Zones."""
    assert compiler._family_zone(code) == family


@pytest.mark.parametrize("copies", ["3", "player_count + 1"])
@pytest.mark.parametrize("group_from", [compiler.GROUP_FROM, 2])
def test_a_family_of_a_few_declared_zones_is_never_many_choices(tmp_path, monkeypatch, copies, group_from):
    """Where the last parameter's choices are a family declared with a number of copies, no more than GROUP_FROM,
    the listing knows they are few (no test of their length): its options are a plain list; so too copies of numbers
    and the player count, at the most the player counts make. With more copies than GROUP_FROM, the length is tested:
    a group where they are more. The listings are the interpreter's all game long."""
    monkeypatch.setattr(compiler, "GROUP_FROM", group_from)
    sources = []
    compiled = compiler.compiled
    monkeypatch.setattr(compiler, "compiled", lambda source, *rest: sources.append(source) or compiled(source, *rest))
    path = tmp_path / "few.yaml"
    path.write_text(TABLED.replace("IF", "top(into) == none or top(into) < chip.v or into == pile[0]")
                    .replace("pile: {copies: 3", f"pile: {{copies: {copies}"), encoding="utf-8")
    ruleset = load_ruleset(str(path))
    lister = "".join(sources).split(f"def {ruleset.actions['put'].enumerator}(")[1].split("\ndef ")[0]
    known = group_from >= 3  # (player_count + 1 with two players: 3 piles, known from the player counts since 2026-12-05)
    assert bool(re.search(r"^    many = False$", lister, re.M)) == known and ("many = _len(dom1) > " in lister) != known, lister
    rng = random.Random(3)
    game = Game(ruleset, 2, seed=1)
    while not game.finished:
        [seat] = game.pending()
        options = game.options(seat)
        assert isinstance(options, OptionList) == (group_from < 3)  # (three piles either way)
        assert [o.label() for o in options] == [o.label() for o in interpreted(game, seat)]
        game.apply(seat, options[rng.randrange(len(options))])


FUSED_LISTINGS = [
    ("{chip: bag, into: pile}", "top(into) == chip.v or (top(into) == none and chip.v not in [top(k) for k in pile])", True),
    ("{chip: bag, into: pile}", "chip.v == 2 or chip is chip and top(into) != none or count(into) == 0", True),
    ("{chip: bag, into: pile}", "chip.v > 2 or top(into) != none or count(into) == 0", False),  # (an order may fail: none > 2)
    ("{chip: bag, into: pile}", "chip.v == 2 or top(into) != none or into == pile[0]", False),  # (zones compared: a call)
    ("{chip: bag, into: pile}", "chip.v != 2", True),  # (no table of the piles: the piles alone written out)
    ("{chip: bag}", None, True),
    ("{chip: bag}", "chip.v != 2 or count(pile[0]) > 0", False),  # (a count is a call)
    ("{chip: bag}", "chip.v != 2 or chip.v == 2", True),
]


@pytest.mark.parametrize("choose, condition, fused, copies", [
    (*listing, copies) for listing in FUSED_LISTINGS
    for copies in (["3", "4", "5", "player_count + 1"] if "into" in listing[0] else ["3"])])  # (one parameter: no family written out)
@pytest.mark.parametrize("group_from", [compiler.GROUP_FROM, 2])
def test_a_zones_distinct_components_are_picked_in_the_pass_that_lists_them(tmp_path, monkeypatch, choose, condition, fused, group_from,
                                                                            copies):
    """Where the first parameter's choices are a zone's distinct components and the pass over them for few options
    calls and charges nothing, the lister picks them in that pass (no list made by `distinct` and walked again),
    the work charged after it, and the last parameter's choices, a family declaring up to WRITTEN_OUT_UP_TO zones,
    are written out in it, a test each: the listings, steps and work left of compiler.SHORTCUTS off, and the
    interpreter's listings, all game long; elsewhere (too many choices) the listing goes through `distinct` as before."""
    monkeypatch.setattr(compiler, "GROUP_FROM", group_from)
    sources, calls = [], []
    compiled, distinct = compiler.compiled, game_module._distinct
    monkeypatch.setattr(compiler, "compiled", lambda source, *rest: sources.append(source) or compiled(source, *rest))
    monkeypatch.setattr(game_module, "_distinct", lambda *args: calls.append(1) or distinct(*args))
    text = TABLED.replace("choose: {chip: bag, into: pile}", f"choose: {choose}").replace("pile: {copies: 3", f"pile: {{copies: {copies}")
    text = text.replace("    if: IF\n", f"    if: {condition}\n" if condition else "")
    path = tmp_path / "fused.yaml"
    path.write_text(text if "into" in choose else text.replace("chip -> into", "chip -> pile[0]"), encoding="utf-8")

    def uncounted(game, seat):  # the interpreter's own listing
        before = len(calls)
        listed = interpreted(game, seat)
        del calls[before:]
        return listed

    def played():
        calls.clear()
        return (*played_tabled(path, sources, uncounted), len(calls))

    lister, shortcut, called = played()
    assert ("dist0 = _set()" in lister) == fused, lister
    # (written out; player_count + 1 with two players is 3 zones, known from the player counts)
    assert ("u0_p_into" in lister) == (fused and "into" in choose and copies in ("3", "4", "player_count + 1")), lister
    if "u0_p_into" in lister and "pairs1 = " in lister:  # the piles and their tops, paired only where that pass is not taken
        assert lister.index("        return False") < lister.index("pairs1 = "), lister  # (that pass's return)
    sources.clear()
    monkeypatch.setattr(compiler, "SHORTCUTS", False)
    lister, plain, every = played()  # each listing calls `distinct` once
    assert "dist0" not in lister and plain == shortcut
    # few choices (a hand of two chips at most, three piles: never few with a group from 2) take that pass
    assert (called < every) == (fused and (group_from > 2 or "into" not in choose)), (called, every)


def test_a_listed_option_is_the_option_of_its_action_and_arguments_and_copies_as_one():
    """A generated lister makes its options without a Python call (Option has no __init__): each equals
    ``Option.of`` of its action and arguments, hashes alike, and survives pickling and copying."""
    import copy
    import pickle

    game = Game(load_ruleset("poison"), 4, seed=3)
    options = game.options(game.pending()[0])
    assert options and all(type(o) is Option for o in options)
    for option in options:
        made = Option.of(option.action, option.args)
        assert made == option and hash(made) == hash(option) and repr(made) == repr(option)
        again = pickle.loads(pickle.dumps(option))  # (its components made again: alike, not the same)
        assert type(again) is Option and again.label() == option.label() and copy.copy(option) == option
    game.apply(game.pending()[0], options[0])  # the very object handed out is taken
