"""Game.play_out: a game played to its end by the engine, each option picked by index, against the API loop.

The loop of ``pending()``, ``options()`` and ``apply()`` is the plain path; ``play_out`` takes the same decisions
without it. Both are played with the same picks, and every decision's options, the option taken, the steps and
the work left, then the final state (or the failure that stopped the game) must be the same.
"""

from __future__ import annotations

import os
import random
import sys
from collections import Counter
from pathlib import Path

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.builtins import WORK
from philtre.dsl.compiler import bare_listers, seats_listers
from philtre.dsl.errors import PhiltreError
from philtre.dsl.loader import resolve_ruleset_path
from philtre.dsl.overlays import variant_paths
from philtre.interpreter import Game
from philtre.interpreter import game as game_module
from philtre.interpreter.game import _distinct
from philtre.interpreter.options import Option
from philtre.interpreter import runners
from philtre.interpreter.runners import runners_for
from philtre.interpreter.agents import RandomAgent, ask, make_agent
from philtre.interpreter.simulate import AGENT_SEED_OFFSET, game_seed, play_game

DATA = Path(__file__).parent / "data"
FLOOR = Path(__file__).parent.parent / "benchmarks" / "floor.yaml"  # a `turns` loop of one action of no parameter
SEATS = str(DATA / "bare_seats.yaml")  # simultaneous steps whose action's lister has a bare twin, failing in some games, grouping
BARE = str(DATA / "bare_turns.yaml")  # `turns` loops whose decision's lister has a bare twin, failing in some games
SHIPPED = [(name, (os.path.splitext(os.path.basename(v))[0],) if v else ())
           for name in ("poison", "pok", "poisons", "hue") for v in [None, *variant_paths(resolve_ruleset_path(name))]]
ALL = SHIPPED + [(str(DATA / "lone_decisions.yaml"), ()), (str(DATA / "loops.yaml"), ()), (str(DATA / "reroll.yaml"), ()),
                 (str(DATA / "turn_scores.yaml"), ()), (str(DATA / "bare_turns.yaml"), ()), (str(DATA / "bare_widths.yaml"), ()),
                 (str(FLOOR), ()), (str(DATA / "turn_count.yaml"), ()),
                 # shapes a differential fuzz of mutated rulesets found the two paths, or both, failing on
                 (str(DATA / "seat_two_values.yaml"), ()), (str(DATA / "for_when_emptied.yaml"), ()), (str(DATA / "for_roll.yaml"), ())]
SEEDS = range(6)


def counts(ruleset) -> list:
    """The fewest and the most players the ruleset takes (at most 8)."""
    fits = []
    for n in range(1, 9):
        try:
            ruleset.check_players(n)
        except PhiltreError:
            continue
        fits.append(n)
    return sorted({fits[0], fits[-1]})


def state_of(game) -> tuple:
    """What a game ends with: places, faces, placements, scores, winners, steps, work left, decisions, rounds, turns,
    variables."""
    S = game.state
    zones = {kind: [[c.ident for c in z] for z in family] for kind, family in S.zones.items()}
    return (zones, sorted(S.revealed), repr(sorted(S.placed.items(), key=repr)), S.scores, game.winners, S.flow.steps,
            game._work_left, game.decisions, S.round, S.turn, repr(S.vars), S.flow.finished)


def seat_pickers(seed, n):
    """One randrange per seat, each of its own generator (as simulate's random agents draw)."""
    return [random.Random(seed * 100 + p).randrange for p in range(n)]


def listing(options):
    """A seat's options as a decision's trace keeps them (a long listing by its length: HUE's thousand placements)."""
    return repr(options) if len(options) <= 40 else len(options)


def by_loop(ruleset, n, seed, shared, record=False, coverage=None):
    """The plain path: each decision's (seat, options, option taken, steps, work left), then the end."""
    seen = []
    draw = random.Random(seed).random
    pickers = seat_pickers(seed, n)
    game = None
    try:
        game = Game(ruleset, n, seed=seed, record=record, coverage=coverage)
        while not game.finished:
            for p in game.pending():
                options = game.options(p)
                i = int(draw() * len(options)) if shared else pickers[p](len(options))
                seen.append((p, listing(options), repr(options[i]), game.state.flow.steps, game._work_left))
                game.apply(p, options[i])
    except PhiltreError as exc:
        return seen, str(exc), game
    return seen, state_of(game), game


def by_play_out(ruleset, n, seed, shared, record=False, coverage=None):
    """``play_out`` with the same picks: what each pick sees is noted as the loop notes it (the seat's options are
    listed already: ``options()`` hands out the same list)."""
    seen = []
    game = None

    def noting(p, pick):
        def picker(k):
            options = game.options(p)
            assert len(options) == k
            i = pick(k)
            seen.append((p, listing(options), repr(options[i]), game.state.flow.steps, game._work_left))
            return i
        return picker

    try:
        game = Game(ruleset, n, seed=seed, record=record, coverage=coverage)
        if shared:  # the benchmark's pick: one generator's random() for every seat, options[int(random() * n)]
            draw = random.Random(seed).random
            draws = []
            try:
                game.play_out(random=lambda: draws.append(1) or draw())
            finally:  # (a game that fails draws as many as the loop's decisions too)
                seen.append(len(draws))
        else:
            game.play_out(pickers=[noting(p, pick) for p, pick in enumerate(seat_pickers(seed, n))])
    except PhiltreError as exc:
        return seen, str(exc), game
    return seen, state_of(game), game


@pytest.mark.parametrize("name, variants", ALL)
def test_play_out_plays_the_games_of_the_api_loop(name, variants):
    ruleset = load_ruleset(name, list(variants))
    for n in counts(ruleset):
        for seed in SEEDS:
            seen, end, _ = by_loop(ruleset, n, seed, shared=False)
            assert by_play_out(ruleset, n, seed, shared=False)[:2] == (seen, end), f"{name} {variants} x{n} seed {seed}"
            seen, end, _ = by_loop(ruleset, n, seed, shared=True)
            assert by_play_out(ruleset, n, seed, shared=True)[:2] == ([len(seen)], end), f"{name} {variants} x{n} seed {seed}"


@pytest.mark.parametrize("name, variants", ALL)
def test_play_out_keeps_the_history_of_scores_the_api_loop_sees(name, variants):
    """Each decision that changes the scores adds (decisions so far, scores) to play_out's history, as the API loop
    sees them after each apply: also a decision of a `turns` loop that play_out goes on to inside the loop."""
    ruleset = load_ruleset(name, list(variants))
    for n in counts(ruleset):
        for seed in SEEDS:
            game, history, pickers = Game(ruleset, n, seed=seed), [], seat_pickers(seed, n)
            last = list(game.state.scores)
            try:
                while not game.finished:
                    for p in game.pending():
                        options = game.options(p)
                        game.apply(p, options[pickers[p](len(options))])
                        if game.state.scores != last:
                            last = list(game.state.scores)
                            history.append((game.decisions, tuple(last)))
                end = None
            except PhiltreError as exc:
                end = str(exc)
            game, mine = Game(ruleset, n, seed=seed), []
            try:
                game.play_out(pickers=seat_pickers(seed, n), history=mine)
                assert end is None, f"{name} x{n} seed {seed}"
            except PhiltreError as exc:
                assert str(exc) == end
            assert mine == history, f"{name} {variants} x{n} seed {seed}"


@pytest.mark.parametrize("name, n", [("pok", 5), ("poisons", 4), ("pok", 3)])
def test_play_out_goes_from_simultaneous_step_to_step_with_the_api_loops_history(name, n):
    """play_out goes on from a simultaneous step listed by the bare twin to the next such step inside its branch
    (the outer loop's tests known there): the benchmark's pick (one random() for every seat), the same games, steps,
    work and history of scores as the API loop's (a change of scores not noted there, or a step's seats or listing
    read from the step before, would differ)."""
    ruleset = load_ruleset(name)
    for seed in range(8):
        game, draw, history = Game(ruleset, n, seed=seed), random.Random(seed).random, []
        last = list(game.state.scores)
        while not game.finished:
            for p in game.pending():
                options = game.options(p)
                game.apply(p, options[int(draw() * len(options))])
                if game.state.scores != last:
                    last = list(game.state.scores)
                    history.append((game.decisions, tuple(last)))
        other, mine = Game(ruleset, n, seed=seed), []
        other.play_out(random=random.Random(seed).random, history=mine)
        assert mine == history and len(history) > 3, f"{name} x{n} seed {seed}"
        assert state_of(other) == state_of(game) and other.decisions == game.decisions


@pytest.mark.parametrize("name, variants", [("poison", ()), ("pok", ()), ("poisons", ("advanced",)), ("hue", ()),
                                            (str(DATA / "lone_decisions.yaml"), ())])
def test_a_recorded_or_counted_game_is_played_through_apply_with_the_same_record_and_coverage(name, variants, monkeypatch):
    ruleset = load_ruleset(name, list(variants))
    applied = Counter()
    apply = Game.apply

    def counted(self, p, option):
        applied[self.recorder is not None or self.coverage is not None] += 1
        return apply(self, p, option)

    monkeypatch.setattr(Game, "apply", counted)
    for n in counts(ruleset):
        for seed in range(3):
            seen, end, game = by_loop(ruleset, n, seed, shared=False, record=True)
            again, end2, other = by_play_out(ruleset, n, seed, shared=False, record=True)
            assert (again, end2) == (seen, end) and other.recorder.lines() == game.recorder.lines()
            fired, fired2 = Counter(), Counter()
            assert by_loop(ruleset, n, seed, shared=True, coverage=fired)[1] == by_play_out(ruleset, n, seed, shared=True, coverage=fired2)[1]
            assert fired2 == fired and fired
            plain = Game(ruleset, n, seed=seed)
            before = applied[False]
            plain.play_out(pickers=seat_pickers(seed, n))
            assert applied[False] == before  # an unrecorded game never goes through apply
            assert state_of(plain) == by_loop(ruleset, n, seed, shared=False)[1]
    assert applied[True] > 0


@pytest.mark.parametrize("shared", [False, True])
def test_play_out_goes_on_from_a_step_begun_and_from_a_copy(shared):
    """A simultaneous step where some seats have chosen already, and a copy (options not listed yet) before and after
    they chose, go on as the loop, with a picker per seat and with one generator's random()."""
    ruleset = load_ruleset("pok")
    for seed in range(5):
        ends = []
        for use_play_out in (False, True):
            game = Game(ruleset, 5, seed=seed)
            fresh = game.copy()
            first = game.pending()[:2]
            for p in first:
                game.apply(p, game.options(p)[0])
            branch = game.copy()
            pickers = seat_pickers(seed, 5)
            draw = random.Random(seed).random
            for g in (game, branch, fresh):
                if use_play_out:
                    g.play_out(random=draw) if shared else g.play_out(pickers=pickers)
                else:
                    while not g.finished:
                        for p in g.pending():
                            options = g.options(p)
                            g.apply(p, options[int(draw() * len(options)) if shared else pickers[p](len(options))])
            ends.append((state_of(game), state_of(branch)[1:], state_of(fresh)[1:]))
        assert ends[0] == ends[1]


def test_play_out_of_a_finished_game_does_nothing():
    game = Game(load_ruleset("pok"), 3, seed=1)
    game.play_out(random=random.Random(1).random)
    end = state_of(game)
    game.play_out(random=random.Random(2).random)
    assert game.finished and state_of(game) == end


class Index:
    """An integer of another type (as numpy's): a list's subscript takes it."""

    def __init__(self, i):
        self.i = i

    def __index__(self):
        return self.i


@pytest.mark.parametrize("pick, fails", [(lambda k: k, True), (lambda k: -1, True), (lambda k: 0.0, True),
                                         (lambda k: "0", True), (lambda k: None, True), (lambda k: 10**30, True),
                                         (lambda k: False, False), (lambda k: Index(k - 1), False), (lambda k: Index(k), True)])
@pytest.mark.parametrize("name, n", [("poison", 4), ("pok", 3)])
def test_a_pick_that_is_no_index_of_the_options_fails_as_an_option_that_is_not_legal(pick, fails, name, n):
    """D003 at the decision, as apply's for an option that is not one of the seat's, and no decision is taken; an
    integer of another type within the options is taken as a list's subscript takes it."""
    ruleset = load_ruleset(name)
    for record in (False, True):
        game = Game(ruleset, n, seed=3, record=record)
        before = state_of(game)
        if not fails:
            game.play_out(pickers=[pick] * n)
            assert game.finished
            continue
        with pytest.raises(PhiltreError) as info:
            game.play_out(pickers=[pick] * n)
        first = info.value.first
        assert first.code == "D003" and "is no index of the" in first.message and "legal options of seat" in first.message
        assert first.loc == game.state.flow.pending.stmt.loc
        assert state_of(game) == before and game.pending()  # nothing taken: the game still waits for the same step
        game.play_out(pickers=seat_pickers(1, n))  # and goes on with a pick that is one
        assert game.finished


@pytest.mark.parametrize("name, n", [("poison", 4), ("pok", 3), ("poisons", 4)])  # a lone seat's decision, simultaneous steps
@pytest.mark.parametrize("gives", [1.0, 1.5, -0.5, -1.0])
def test_a_random_that_gives_one_or_more_fails_as_a_pick_out_of_range(name, n, gives):
    game = Game(load_ruleset(name), n, seed=1)
    before = state_of(game)
    with pytest.raises(PhiltreError) as info:
        game.play_out(random=lambda: gives)
    first = info.value.first
    assert first.code == "D003" and "is no index of the" in first.message and game.decisions == 0
    assert state_of(game) == before and game.pending()  # nothing taken: the game still waits for the same step


@pytest.mark.parametrize("name, n", [("pok", 5), ("poisons", 4), ("poison", 4), (str(FLOOR), 2)])
def test_a_seat_picks_the_index_int_gives_whatever_number_random_gives(name, n):
    """play_out's pick is ``options[int(random() * len(options))]`` for any number ``random`` gives: a float's int()
    read as its ``__trunc__`` (the same whole number: a small negative one is 0, as int() makes it), a fraction's or a
    decimal's through int(): the same games as the API loop picking so, at simultaneous steps and turns alike."""
    from decimal import Decimal
    from fractions import Fraction
    values = [0.3, -0.01, Fraction(1, 3), Decimal("0.7"), 0.999, -0.0, 0.5, Fraction(0), 0.125]
    ruleset = load_ruleset(name)
    for seed in range(3):
        game, drawn = Game(ruleset, n, seed=seed), iter(values * 10_000)
        while not game.finished:
            for p in game.pending():
                options = game.options(p)
                game.apply(p, options[int(next(drawn) * len(options))])
        other, again = Game(ruleset, n, seed=seed), iter(values * 10_000)
        other.play_out(random=lambda: next(again))
        assert state_of(other) == state_of(game)


def test_play_out_takes_one_way_to_pick():
    game = Game(load_ruleset("pok"), 3, seed=1)
    with pytest.raises(TypeError):
        game.play_out()
    with pytest.raises(TypeError):
        game.play_out(random=random.random, pickers=[random.randrange] * 3)
    with pytest.raises(ValueError):
        game.play_out(pickers=[random.randrange] * 2)
    with pytest.raises(TypeError, match=r"random= is a function of no argument .* not int"):
        game.play_out(random=7)


def test_play_out_takes_a_generator_for_its_random():
    """`play_out(random=random.Random(5))` failed deep in the loop ('Random' object is not callable): it plays the
    game `random=random.Random(5).random` plays."""
    given, called = Game(load_ruleset("pok"), 3, seed=1), Game(load_ruleset("pok"), 3, seed=1)
    given.play_out(random=random.Random(5))
    called.play_out(random=random.Random(5).random)
    assert given.finished and (given.state.scores, given.decisions) == (called.state.scores, called.decisions)


STALLS = """\
philtre: 1
game: stalls
players: 3
step_limit: LIMIT
components:
  chip: {copies: 1, start: hand, each: player}
zones:
  hand: {each: player, visible: owner}
  pot: {visible: everyone}
variables: {n: 0}
actions:
  give:
    choose: {chip: "hand[me]"}
    do:
      - move: chip -> pot
  tick:
    choose: {x: "[0, 1, 2, 3, 4, 5, 6, 7, 8]"}
    do:
      - set: {n: n + 1}
      - score: {player: "me if x < 8 else 3", add: 1}
flow:
  - name: ticking
    turns: 0
    until: n >= 12
    do:
      - decide: tick
  - decide: give
    player: 1
  - name: everyone gives
    simultaneous: give
winners: {highest: "score[p]"}
"""


@pytest.mark.parametrize("limit", [10_000, 20, 21, 22, 23])
def test_play_out_stops_at_a_failing_rule_as_the_api_loop_does(limit, tmp_path):
    """A seat with no option (R300, after seat 1 gave its one chip), a score for a seat that is none (R100: some
    picks), the step limit (R200): the same failure, after the same decisions, steps and work, recorded or not."""
    path = tmp_path / f"stalls_{limit}.yaml"
    path.write_text(STALLS.replace("LIMIT", str(limit)))
    ruleset = load_ruleset(str(path))
    codes = set()
    for seed in range(12):
        for record in (False, True):
            seen, end, game = by_loop(ruleset, 3, seed, shared=False, record=record)
            assert isinstance(end, str)
            again, end2, other = by_play_out(ruleset, 3, seed, shared=False, record=record)
            assert (again, end2) == (seen, end) and state_of(other) == state_of(game)
            if record:
                assert other.recorder.lines() == game.recorder.lines() and other.failure is not None
            codes.add(end.split(" ")[1])
            assert by_play_out(ruleset, 3, seed, shared=True)[1] == by_loop(ruleset, 3, seed, shared=True)[1]
    assert codes == {"R300", "R100"} if limit == 10_000 else "R200" in codes, codes


def test_the_random_agents_picker_draws_what_choose_draws():
    for seed in range(3):
        a, b = RandomAgent(seed), RandomAgent(seed)
        pick = a.picker()
        for n in [1, 2, 3, 7, 11, 64, 1000, 2**40, *range(1, 200)]:
            options = list(range(n)) if n < 5000 else range(n)
            assert pick(n) == b.choose(None, options)

    class Other(random.Random):
        pass

    agent = RandomAgent(1)
    agent.rng = Other(1)
    assert agent.picker() == agent.rng.randrange


def ask_loop(ruleset, players, seed, agent_names, history):
    """simulate.play_game's loop of ``ask`` (each agent asked with its view and options), as it was before play_out."""
    agents = [make_agent(name, game_seed(seed, AGENT_SEED_OFFSET + seat)) for seat, name in enumerate(agent_names)]
    game = Game(ruleset, players, seed=seed, agents=agent_names)
    last = [0] * players
    if game.state.scores != last:
        last = list(game.state.scores)
        history.append((0, tuple(last)))
    while not game.state.flow.finished:
        for p in game.pending():
            game.apply(p, ask(agents[p], game, p))
            if game.state.scores != last:
                last = list(game.state.scores)
                history.append((game.decisions, tuple(last)))
    return game


@pytest.mark.parametrize("name, variants, players", [("poison", (), 4), ("pok", (), 5), ("poisons", ("three-players",), 3),
                                                     ("poisons", ("advanced",), 6), ("hue", (), 2)])
def test_simulate_plays_random_agents_to_the_end_with_the_same_games_and_history(name, variants, players, monkeypatch):
    """play_game with every seat random plays out the game (no apply), with the games, scores' history and
    decisions of the agents asked one decision at a time (each seat's own generator; a face-down zone in an
    option shown to the agent as the seat sees it changes nothing in the draw)."""
    ruleset = load_ruleset(name, list(variants))
    expected = {}
    for seed in range(6):
        history = []
        game = ask_loop(ruleset, players, seed, ["random"] * players, history)
        expected[seed] = (state_of(game), history)
    applied = []
    apply = Game.apply
    monkeypatch.setattr(Game, "apply", lambda self, p, o: applied.append(p) or apply(self, p, o))
    for seed, (end, history) in expected.items():
        mine = []
        game = play_game(ruleset, players, seed, ["random"] * players, history=mine)
        assert (state_of(game), mine) == (end, history), f"seed {seed}"
        assert game.recorder is None and not applied
        assert state_of(play_game(ruleset, players, seed, ["random"] * players)) == end


def test_play_out_of_a_game_stopped_by_a_failing_rule_is_d001(tmp_path):
    """Where a rule failed in a decision's effects, no decision is pending and the game cannot go on: D001, as
    apply's, not a loop that never ends (the API loop's pending() is empty, yet the game is not finished)."""
    path = tmp_path / "stalls.yaml"
    path.write_text(STALLS.replace("LIMIT", "10000"))
    ruleset = load_ruleset(str(path))
    seed = next(s for s in range(20) if "R100" in by_loop(ruleset, 3, s, shared=False)[1])
    game = Game(ruleset, 3, seed=seed)
    with pytest.raises(PhiltreError):
        game.play_out(pickers=seat_pickers(seed, 3))
    assert not game.finished and game.pending() == []
    with pytest.raises(PhiltreError) as info:
        game.play_out(pickers=seat_pickers(seed, 3))
    assert info.value.first.code == "D001"


@pytest.mark.parametrize("name, n", [("poison", 4), ("pok", 5), ("poisons", 4)])
def test_a_pick_that_plays_another_game_leaves_this_game_s_work_as_the_api_loop_does(name, n):
    """A pick may evaluate rules elsewhere (a search agent plays copies): what it spends is not this game's work,
    as ``apply`` takes the work its game left as it paused, so the steps and the work left are those of the loop."""
    ruleset, side_rules = load_ruleset(name), load_ruleset("poisons")

    def busy(seed):
        side = [Game(side_rules, 4, seed=seed)]
        rng = random.Random(seed)

        def pick(k):
            if side[0].finished:
                side[0] = Game(side_rules, 4, seed=seed)
            p = side[0].pending()[0]
            options = side[0].options(p)
            side[0].apply(p, options[rng.randrange(len(options))])  # rules evaluated, work spent, between two picks
            return rng.randrange(k)
        return pick

    for seed in range(4):
        game = Game(ruleset, n, seed=seed)
        pick = busy(seed)
        while not game.finished:
            for p in game.pending():
                options = game.options(p)
                game.apply(p, options[pick(len(options))])
        other = Game(ruleset, n, seed=seed)
        other.play_out(pickers=[busy(seed)] * n)
        assert state_of(other) == state_of(game)


def test_a_bare_twin_is_made_for_a_lister_that_never_groups():
    """Poison's `play` (its cauldrons a family of three declared zones) and an action of no parameter have a bare twin;
    a lister that may group its options (HUE's placements, a hand of more than 16 cards) has none: the twin would
    list twice where it met a group."""
    made = {name: sorted(load_ruleset(name).actions[a].enumerator in bare_listers(load_ruleset(name).namespace)
                         for a in load_ruleset(name).actions) for name in ("poison", "pok", "poisons", "hue", str(FLOOR), BARE)}
    assert made == {"poison": [True], "pok": [False], "poisons": [False, False], "hue": [False], str(FLOOR): [True], BARE: [True, True]}


def twin_and_lister(ruleset, game, player):
    """The pending decision's one action's generated lister and its bare twin (None where it has none)."""
    pending = game.state.flow.pending
    action = ruleset.actions[pending.actions[0]] if len(pending.actions) == 1 else None
    twin = bare_listers(ruleset.namespace).get(action.enumerator) if action is not None else None
    return twin, game._runners.listers[action.name] if twin is not None else None


def listed(game, lister, player, **made):
    """What ``lister`` lists for ``player`` at the pending decision, as _next_turn calls it: (out, grouped, work left), or
    the failure's type and text."""
    S = game.state
    named = {**game.state.flow.pending.locals, "me": player}
    out, S.memo = [], {}
    try:
        grouped = lister(S, named, out, made.get("option", Option), _distinct, S.where)
    except Exception as exc:  # noqa: BLE001 - compared with the other lister's
        return type(exc), str(exc)
    finally:
        S.memo = None
    return out, grouped, WORK[0]


@pytest.mark.parametrize("name", ["poison", str(FLOOR), BARE])
def test_a_bare_twin_lists_the_values_of_its_listers_options_in_their_order(name):
    """At every decision of games played through the API loop (and where a listing stopped one), the twin lists
    each option's values, the parameters' in order (None for an action of none), for each Option its lister lists,
    in the same order, with the same work left, or fails as it fails: play_out's pick of index i is options()[i]."""
    ruleset = load_ruleset(name)
    compared = Counter()

    def compare(game, p):
        twin, lister = twin_and_lister(ruleset, game, p)
        if twin is None:
            return
        plain, bare = listed(game, lister, p), listed(game, twin, p, option=None)
        if len(plain) == 3:
            options, grouped, work = plain
            assert [v for o in options for v in ([v for _, v in o.args] or [None])] == bare[0] and not grouped
            assert bare[1:] == (False, work) and [o.args for o in options] == [o.args for o in game.options(p)]
            compared["listed"] += 1
        else:
            assert bare == plain
            compared["failed"] += 1

    for n in counts(ruleset):
        for seed in range(8):
            game, pick = Game(ruleset, n, seed=seed), random.Random(seed).randrange
            try:
                while not game.finished:
                    for p in game.pending():
                        compare(game, p)
                        options = game.options(p)
                        game.apply(p, options[pick(len(options))])
            except PhiltreError:
                for p in game.pending():
                    compare(game, p)
    assert compared["listed"] > 100 and (name != BARE or compared["failed"]), compared


def test_play_out_lists_a_turns_loops_decisions_with_the_bare_twin():
    """The twin is what play_out's turns list with (a twin that lists nothing would fail the games' comparison)."""
    ruleset = load_ruleset("poison")
    runners = runners_for(ruleset)
    calls = Counter()
    turns = dict(runners.next_turns)
    try:
        for key, turn in turns.items():
            def counting(*args, twin=turn[4]):
                calls[twin] += 1
                return twin(*args)
            runners.next_turns[key] = (*turn[:4], counting, *turn[5:])
        game = Game(ruleset, 4, seed=2)
        game.play_out(pickers=seat_pickers(2, 4))
    finally:
        runners.next_turns.update(turns)
    assert state_of(game) == by_loop(ruleset, 4, 2, shared=False)[1]
    assert sum(calls.values()) == game.decisions  # the first too, listed as the game is made (each round's first by _h_decide)


def without_step_cycles(monkeypatch) -> None:
    """Runners made again, none of whose loop ends goes on to a simultaneous step (Runners.ends' last three elements None): every
    step play_out meets is then listed by the frame machine's handler, where Game._play_unrecorded lists those a loop's
    pass starts at itself (tests that count or compare the handler's listings see every step so)."""
    monkeypatch.setattr(runners, "_next_step", lambda loop, start, steps: None)
    monkeypatch.setattr(runners, "_steps_after", lambda flow, statements, steps: {})
    monkeypatch.setattr(runners, "_entered", lambda loop, start, steps, starts, statements, rows: None)
    monkeypatch.setattr(runners, "_PREPARED", type(runners._PREPARED)())


def bare_listings_noted(monkeypatch) -> Counter:
    """How often the twins of a simultaneous step's lister listed its seats (True) or gave way to the lister (False),
    every step listed by the handler (without_step_cycles)."""
    without_step_cycles(monkeypatch)
    listed = Counter()
    step = Game._h_simultaneous

    def noted(game, stmt, L):
        tried = game._bare_seats and game._runners.simultaneous[id(stmt)][4] is not None
        game._bare_for = None
        try:
            paused = step(game, stmt, L)
        except PhiltreError:
            if tried:  # (listed as Options again, where a seat's listing failed)
                listed[False] += 1
            raise
        if tried and game.state.flow.pending is not None:  # (a step of no seat is listed by nobody)
            listed[game._bare_for is game.state.flow.pending] += 1
        return paused
    monkeypatch.setitem(game_module.HANDLERS, "simultaneous", noted)  # (the frame machine calls it from there)
    return listed


def test_a_bare_twin_is_made_for_a_simultaneous_steps_lister_that_may_group():
    """POK's and Poisons' listers group where a hand holds many distinct pieces: their twins are made for play_out's
    simultaneous steps, in a loop over the step's seats (one call lists them all), which list again where a twin meets
    a group."""
    for name in ("pok", "poisons"):
        ruleset = load_ruleset(name)
        runners = runners_for(ruleset)
        steps = runners.simultaneous.values()
        for step in steps:
            fname = ruleset.actions[step[1][0]].enumerator
            assert step[4] is seats_listers(ruleset.namespace, {fname: runners.remembering[step[1][0]]})[fname] and step[5] is not None
        assert steps and {step[4].__name__ for step in steps} == ({"n20s"} if name == "pok" else {"n17s", "n19s"})  # (Poisons' drink reads no memo: its goblets' lists are kept)


def test_a_seats_twin_is_made_only_where_each_return_can_end_its_seats_round():
    """compiler._seats_body: a `return` beginning its line outside any loop becomes the seat's value and a `break` out
    of the seat's round; a `return` in a loop (a `break` would end that loop instead), one that does not begin its line,
    a line continued past its end, or a body naming the loop's own names, gives no seats' twin."""
    from philtre.dsl.compiler import _seats_body
    body = "    if fuse:\n        for p in z0:\n            out.append(p)\n        return False\n    return grouped"
    assert _seats_body(body) == ("    if fuse:\n        for p in z0:\n            out.append(p)\n        grouped_ = False\n        break\n"
                                 "    grouped_ = grouped\n    break")
    for refused in ("    for p in z0:\n        if p:\n            return True\n    return False",
                    "    while x:\n        return True\n    return False", "    if x: return True\n    return False",
                    "    x = (1,\n  2)\n    return x", "    seat_ = 1\n    return False", '    x = """\nreturn"""\n    return x'):
        assert _seats_body(refused) is None, refused


def test_a_seats_twin_reads_once_before_its_loop_what_every_seat_reads_the_same():
    """compiler._seats_hoisted: the budget's list bound first and each zone read by a name written out are read once
    before the seats' loop (a body binding `_w` again, or naming a local of the hoisted form, keeps its reads); the
    listing itself is compared with the bare twin's at every step by the test below (a zone read wrongly fails it)."""
    from philtre.dsl.compiler import _seats_hoisted
    body = "    _w = _W\n    _w[0] = 1\n    z0 = S.zones['hand'][seat_]\n    d = S.zones['pile'] + S.zones['hand'][0]"
    assert _seats_hoisted(body) == ("    _w[0] = 1\n    z0 = zones_hand_[seat_]\n    d = zones_pile_ + zones_hand_[0]",
                                    "    _w = _W\n    zones_hand_ = S.zones['hand']\n    zones_pile_ = S.zones['pile']\n")
    for kept in ("    _w = _W\n    _w = x\n    z = S.zones['hand']", "    zones_hand_ = 1\n    z = S.zones['hand']"):
        assert _seats_hoisted(kept)[0].count("_w = ") == kept.count("_w = ") and "zones_hand_ = 1" not in _seats_hoisted(kept)[1]
    assert _seats_hoisted("    zones_hand_ = 1\n    z = S.zones['hand']") == ("    zones_hand_ = 1\n    z = S.zones['hand']", "")


def test_a_seats_twin_lists_a_seat_by_the_fuses_pass_alone_where_its_round_begins_with_the_pass():
    """compiler._seats_passed: a seat's round that begins with the fuse's pass (_SEATS_FUSED_FIRST) is listed by the
    pass alone, whatever the zone's length (a seat it lists kept and the next seat's begun, its charge left to the last
    seat's, after the loop; the rest of the round never runs). A pass of another shape, or a `few` below the stages,
    gives none."""
    from philtre.dsl.compiler import _SEATS_FUSED_FIRST, _SEATS_SET, _seats_passed
    made = _SEATS_FUSED_FIRST.format(fresh="10000000", zone="zones_hand_[seat_]", few="16", p="p_c", **_SEATS_SET)
    made += "    grouped_ = True\n    break\n"  # (the rest of the round: never run)
    loop = _seats_passed(made, False)
    assert loop.startswith("out = None\nfor seat_ in seats_:\n    L['me'] = seat_\n    dist0_it = _iter(zones_hand_[seat_])\n")
    assert loop.endswith("    listed_[seat_] = out\nif out is not None:  # (the last seat's listing: its charge)\n    _w[0] = 10000000 - _len(out)\n")
    # (no round, no length read: the zone's whole listing read only past 16 signatures, for their count)
    assert "grouped_" not in loop and "len0_" not in loop and "try" not in loop and loop.count("distinct(zones_hand_[seat_], where)") == 1
    assert "S.memo = {}\n    dist0_it = " in _seats_passed(made, True) and "S.memo" not in loop
    # (a zone of no component: the seat's listing ends, its budget fresh; no charge in the pass itself)
    assert "    else:\n        _w[0] = 10000000\n        return False\n" in loop
    # (the signatures met by stages, each compared with `==` (_staged), then in a list, where the lister's pass keeps a set)
    assert "        if dist0_p2.signature == dist0_1:\n            continue\n        dist0_2 = dist0_p2.signature\n" in loop and "_set" not in loop
    # (the signature met last compared first: one signature's components often lie together)
    assert "if dist0_3 == dist0_2 or dist0_3 == dist0_1:\n" in loop and "if dist0_4 == dist0_3 or dist0_4 == dist0_2 or dist0_4 == dist0_1:\n" in loop
    assert "dist0.append(p_c.signature)\n" in loop and "dist0 = [dist0_1, dist0_2, dist0_3, dist0_4]\n" in loop
    # (each signature's first component held in a local, a tuple made of them where the zone ends: no append below five)
    assert "        else:\n            out = (dist0_p1, dist0_p2,)\n" in loop and loop.count("out.append(") == 1
    assert "    else:\n        out = (dist0_p1,)\n" in loop
    for kept in (made.replace("<= 16", "<= n"), made.replace("<= 16", "<= 3"), made[made.index("\n") + 1:],
                 made.replace("zones_hand_[seat_]", "zones_hand_[out]"), made.replace("zones_hand_[seat_]", "zones_hand_[p_c]")):
        assert _seats_passed(kept, False) is None, kept


def test_a_seats_pass_lists_by_stages_the_first_component_of_each_signature_in_zone_order():
    """compiler._staged: the pass's loop by stages lists the first component of each signature in the zone's order (as
    Game._distinct lists one zone) for zones of none to 40 components of one to 30 signatures, past the stages held
    in locals too; a zone of none ends the seat's listing, its budget fresh; more than 16 signatures end it, the
    budget charged their count (as the round charged the whole listing it grouped), out of work below none."""
    from philtre.dsl.compiler import _STAGES, _padded, _staged
    from philtre.dsl.builtins import RuleRuntimeError
    from philtre.dsl.values import Component, Zone
    from philtre.interpreter.game import _distinct
    loop = "for seat_ in (0,):\n    out = []\n    dist0_it = _iter(z0)\n" + _staged("p_c", "70", "z0", "16") + "    listed_[seat_] = out\n"

    def out_of_work():
        raise RuleRuntimeError("out of work")
    namespace = {"_iter": iter, "_len": len, "distinct": _distinct, "where": None, "_out_of_work": out_of_work}
    exec(f"def f(z0, _w, listed_):\n{_padded(loop, 4)}\n    return True\n", namespace)  # noqa: S102 - the test's own text
    rng = random.Random(5)
    kinds = {k: [Component("c", n, {"v": n % k}) for n in range(40)] for k in (1, 2, 3, 5, 9, 16, 17, 30)}  # (k signatures among 40)
    assert _STAGES < 9
    ends = Counter()
    for _ in range(800):
        zone = Zone(("z", 0), rng.sample(kinds[rng.choice((1, 2, 3, 5, 9, 16, 17, 30))], rng.randint(1, 40)))
        listed, budget, count = {}, [3], len(_distinct(zone, None))
        if count > 16:
            assert namespace["f"](zone, budget, listed) is False and budget == [70 - count] and not listed
        else:
            assert namespace["f"](zone, budget, listed) is True and budget == [3]
            assert list(listed[0]) == _distinct(zone, None) and all(a is b for a, b in zip(listed[0], _distinct(zone, None)))
            assert type(listed[0]) is (tuple if count <= _STAGES - 1 else list)  # (a tuple below the stages' end)
        ends[count > 16, len(zone) > 16] += 1
    assert len(ends) == 3, ends
    budget = [3]
    assert namespace["f"](Zone(("z", 0)), budget, {}) is False and budget == [70]
    exec(f"def g(z0, _w, listed_):\n{_padded(loop.replace('70', '17'), 4)}\n    return True\n", namespace)  # noqa: S102
    with pytest.raises(RuleRuntimeError):  # (17 signatures charged from a budget of 17 leave none: 18 run it out)
        namespace["g"](Zone(("z", 0), kinds[30][:18]), [3], {})


def test_a_seats_twin_lists_every_item_of_a_few_choices_before_its_round_only_where_the_round_is_such_a_listings():
    """compiler._seats_every: a seat's round listing every item of one parameter's choices with no condition
    (_SEATS_EVERY) has its common case taken out before the round (_SEATS_EVERY_FEW: within the budget, one item or
    more and no more than `few`, the items kept and the next seat begun), the round then begun at its test of the
    budget; a round of another shape (a condition, another number of items for a group) is kept as it is."""
    from philtre.dsl.compiler import _SEATS_EVERY, _seats_every
    made = _SEATS_EVERY.format(fresh="10000000", expr="b_sorted(f(S, L, seat_))", few="16", p="p_g", group="('drink', (), 'g', legal)")
    passed, body = _seats_every(made + "\n")
    assert passed.startswith("    _w[0] = 10000000\n    dom0 = b_sorted(f(S, L, seat_))\n") and passed.endswith(
        "    if 0 < work <= 16 and work <= _w[0]:\n        _w[0] -= work\n        out.extend(dom0)\n        listed_[seat_] = out\n        continue\n")
    assert body.startswith("    grouped = slow = False\n    over = work > _w[0]\n") and body.endswith("    grouped_ = grouped\n    break")
    assert "dom0 = " not in body and "_w[0] = " not in body
    for kept in (made.replace("if True:", "if p_g:"), made.replace("> 16:", "> n:"), made.replace("    grouped_", "    x = 1\n    grouped_"), made[made.index("\n") + 1:]):
        assert _seats_every(kept) == ("", kept), kept


def test_a_seats_twin_writes_out_the_subsets_of_a_list_of_one_item_before_the_call():
    """compiler._subsets_of_one: where a seat's choices are one call of subsets() (_SEATS_EVERY_FEW), a list of one
    item is listed before the call (none and the item, charged 7: the call's 5 and the two options'), any other value
    given to the call; another expression, a budget below 7 or a round keeping fewer than 2 options is kept as it is;
    bare_seats_subsets.yaml's seats list their cups as the bare twin does (above)."""
    from philtre.dsl.builtins import b_subsets
    from philtre.dsl.compiler import _SEATS_EVERY, _padded, _seats_every, _subsets_of_one
    from philtre.dsl.values import Zone
    made = _SEATS_EVERY.format(fresh="10000000", expr="b_subsets((f(S, L, seat_)))", few="16", p="p_g", group="('drink', (), 'g', legal)")
    passed, body = _seats_every(made + "\n")
    assert passed.startswith("    _w[0] = 10000000\n    if _type(sub0 := (f(S, L, seat_))) is _list and _len(sub0) == 1:\n"
                             "        _w[0] -= 7\n        listed_[seat_] = [[], [sub0[0]]]\n        continue\n    dom0 = b_subsets(sub0)\n")
    assert _seats_every(made.replace("p_g", "sub0") + "\n")[0].startswith("    _w[0] = 10000000\n    dom0 = b_subsets((f(")
    for expr in ("b_subsets(a) + b_subsets(b)", "b_subsets(a, )", "b_subsets(a, b)", "b_subsets(*a)", "b_take(a)", "b_subsets(a)[0]"):
        assert _subsets_of_one("10000000", expr, "16") == ("", expr), expr
    assert _subsets_of_one("6", "b_subsets(a)", "16") == ("", "b_subsets(a)") and _subsets_of_one("7", "b_subsets(a)", "1") == ("", "b_subsets(a)")
    namespace = {"b_subsets": b_subsets, "_type": type, "_list": list, "_len": len, "_W": WORK}
    exec("def f(seat_, xs, listed_):\n    _w = _W\n    for seat_ in (seat_,):\n" + _padded(_subsets_of_one("7", "b_subsets(xs)", "2")[0], 4)
         + "        return 'called'\n    return 'listed'\n", namespace)
    for xs in ([5], Zone(("cup", 0), [5]), [], [5, 6], (5,)):
        WORK[0], listed = 7, {}
        if namespace["f"](0, xs, listed) == "listed":
            assert type(xs) is list and len(xs) == 1 and listed == {0: [[], [5]]} and WORK[0] == 0
        else:
            assert not (type(xs) is list and len(xs) == 1) and listed == {} and WORK[0] == 7



def test_a_seats_twin_sets_the_budget_once_for_a_list_of_one_item_a_static_familys_definition_keeps(monkeypatch):
    """compiler._subsets_of_one: where the list given to subsets() is a static family's kept list read for the seat
    (_SEAT_KEPT_READ: it charges nothing and cannot fail), the list is read first and its one item's case sets the
    budget left after its 7 at once (the fresh budget after it, for the rest of the round), its type not tested (the
    kept list, or the twin's, is a list); another list is charged after the fresh budget, its type tested, as before.
    A shipped ruleset's seats' twin is made so (a change to the kept read's text
    would otherwise lose it unseen); the work left is the bare twin's (test_a_seats_twin_lists_a_steps_seats_...)."""
    from philtre.dsl import compiler
    from philtre.dsl.compiler import _SEATS_EVERY, _seats_every
    from philtre.dsl.builtins import WORK_LIMIT
    kept = ("(f_kl if (f_ks := _sfd_3_mine[0])[0] is zones_cup_ and (f_kl := f_ks[1].get((seat_))) is not None "
            "else rd_3_mine(S, L, seat_))")
    for items, first in ((kept, f"    if _len(sub0 := {kept}) == 1:\n        _w[0] = {WORK_LIMIT - 7}\n"),
                         (kept.replace("rd_3_mine", "rd_4_mine"), f"    _w[0] = {WORK_LIMIT}\n    if _type(sub0 := "),
                         ("(f(S, L, seat_))", f"    _w[0] = {WORK_LIMIT}\n    if _type(sub0 := ")):
        made = _SEATS_EVERY.format(fresh=str(WORK_LIMIT), expr=f"b_subsets({items})", few="16", p="p_g", group="('drink', (), 'g', legal)")
        passed = _seats_every(made + "\n")[0]
        assert passed.startswith(first) and passed.count(f"    _w[0] = {WORK_LIMIT}\n") == 1, passed
        assert ("        _w[0] -= 7\n" in passed) == (first.startswith("    _w"))
    sources = []
    compiled = compiler.compiled
    monkeypatch.setattr(compiler, "compiled", lambda source, *rest: sources.append(source) or compiled(source, *rest))
    Game(load_ruleset("poisons"), 4, seed=1).play_out(random=random.Random(1).random)
    assert f") == 1:\n            _w[0] = {WORK_LIMIT - 7}\n" in "\n".join(sources) and "_type(sub0 := (f_kk" not in "\n".join(sources)


def test_a_seats_twin_reads_a_kept_lists_dict_once_a_step_and_makes_a_seats_list_after_its_list_of_one_item(monkeypatch):
    """compiler._seats_kept_once: each seat's read of a kept list for the seat (_SEAT_KEPT_READ, its family read before
    the loop) reads the dict of the family's lists found once before the seats' loop (the slot made that family's
    first where it keeps another's, as the twin makes it); a read of another shape is left as it is. compiler._seats_list_late: a seat's list is
    made after a subsets() call's list of one item (_SEATS_SUBSETS_OF_ONE lists the seat itself), a memo made where it
    was. Poisons' drinking is listed so, its twin given the step's names without `me` (the definition's twin reads none);
    every seat's listing is the bare twin's (test_a_seats_twin_lists_a_steps_seats_as_the_bare_twin_lists_each)."""
    from philtre.dsl import compiler
    from philtre.dsl.compiler import _SEATS_LOOP, _seats_kept_once, _seats_list_late
    kept = ("(f_kl if (f_ks := _sfd_3_mine[0])[0] is zones_cup_ and (f_kl := f_ks[1].get((seat_))) is not None "
            "else rd_3_mine(S, L, seat_))")
    one = f"    if _type(sub0 := {kept}) is _list and _len(sub0) == 1:\n        _w[0] = 9\n        listed_[seat_] = [[], [sub0[0]]]\n        continue\n"
    for memo in ("", "    S.memo = {}\n"):
        loop = _SEATS_LOOP.format(memo=memo, passed=one + "    _w[0] = 1\n", body="        grouped_ = None\n        break")
        late = _seats_list_late(loop, one + "    _w[0] = 1\n", memo)
        assert late == loop.replace("    out = []\n" + memo + one, memo + one + "    out = []\n"), late
        assert _seats_list_late(loop, "    _w[0] = 1\n" + one, memo) == loop  # (no list of one item first: as it was)
        untyped = one.replace("_type(sub0 := ", "_len(sub0 := ").replace(") is _list and _len(sub0) == 1:", ") == 1:")
        made = loop.replace(one, untyped)
        assert _seats_list_late(made, untyped + "    _w[0] = 1\n", memo) == made.replace("    out = []\n" + memo + untyped, memo + untyped + "    out = []\n")
        read, before, twins = _seats_kept_once(late)
        assert before == ("    if (f_ks := _sfd_3_mine[0])[0] is not zones_cup_:\n        f_ks = _sfd_3_mine[0] = (zones_cup_, {})\n"
                          "    f_kk0 = f_ks[1]\n") and twins == ("rd_3_mine",)
        assert read == late.replace(kept, "(f_kk0.get(seat_) or rd_3_mine(S, L, seat_))")
    for other in (kept.replace("zones_cup_", "S.zones['cup']"), kept.replace("rd_3_mine", "rd_4_mine"),
                  kept.replace("get((seat_))", "get((p))")):
        assert _seats_kept_once(f"    x = {other}\n") == (f"    x = {other}\n", "", ()), other
    sources = []
    compiled = compiler.compiled
    monkeypatch.setattr(compiler, "compiled", lambda source, *rest: sources.append(source) or compiled(source, *rest))
    game = Game(load_ruleset("poisons"), 4, seed=3)
    game.play_out(random=random.Random(3).random)
    text = "\n".join(sources)
    assert "[0])[0] is not zones_goblet_:\n        f_ks = _sfd_" in text and "\n    f_kk0 = f_ks[1]\n    for seat_ in seats_:\n" in text
    assert "(f_kk0.get(seat_) or rd_" in text and "        continue\n        out = []\n" in text
    assert game.finished


def seats_listed(game, twin, L, players, memo):
    """What a step's seats list, each by the bare twin (the seats' one dict of names, a memo each where ``memo``) as
    the seats' twin lists them all: (listed by seat, whether every seat listed values, work left), or the failure's
    type and text."""
    S = game.state
    named, listed = L.copy(), {}
    try:
        for p in players:
            named["me"] = p
            out = []
            S.memo = {} if memo else None
            grouped = twin(S, named, out, None, _distinct, S.where)
            if grouped or not out:
                return listed, False, WORK[0]
            listed[p] = out
    except Exception as exc:  # noqa: BLE001 - compared with the seats' twin's
        return type(exc), str(exc)
    finally:
        S.memo = None
    return listed, True, WORK[0]


@pytest.mark.parametrize("name, players", [("pok", (3, 5)), ("poisons", (4, 6)), (SEATS, (2, 3, 4)), (str(DATA / "bare_seats_me.yaml"), (2, 3)),
                                           (str(DATA / "bare_seats_mixed.yaml"), (2, 3, 4)), (str(DATA / "bare_seats_every.yaml"), (2, 3, 4)),
                                           (str(DATA / "bare_seats_subsets.yaml"), (2, 3, 4)), (str(DATA / "bare_seats_large.yaml"), (2, 3, 4))])
def test_a_seats_twin_lists_a_steps_seats_as_the_bare_twin_lists_each(name, players, monkeypatch):
    """At every simultaneous step play_out meets, the seats' twin (compiler.seats_listers: the bare twin written in a
    loop over the seats, one call for all) lists each seat's values as the bare twin lists them seat by seat, stops at
    the same seat where a seat's listing groups or lists none (false), or fails as it fails, with the same work left
    and no memo left standing (bare_seats.yaml fails, groups and lists none in some steps; bare_seats_me.yaml's lister
    reads `me` through the names, in a definition; bare_seats_mixed.yaml's and bare_seats_large.yaml's seats' hands differ
    (more than 16 components of few or many signatures, or a few), so that the last seat listed lists values or stops:
    the pass leaves the budget's charge to the last seat's;
    bare_seats_every.yaml's listings of every item of an expression list few, many or none, or fail;
    bare_seats_subsets.yaml's the subsets of a seat's list of one cup, written out, or more)."""
    ruleset = load_ruleset(name)
    compared = Counter()
    step_handler = Game._h_simultaneous

    def compare(game, stmt, L):
        S, step = game.state, game._runners.simultaneous[id(stmt)]
        if step[4] is not None:
            action = step[1][0]
            seated = game_module.seats(step[0](S, L), S, "", once=True) if step[0] is not None else list(S.players)
            twin = bare_listers(ruleset.namespace, [ruleset.actions[action].enumerator])[ruleset.actions[action].enumerator]
            plain, listed = seats_listed(game, twin, L, seated, game._runners.remembering[action]), {}
            try:
                whole = step[4](S, L.copy(), seated, listed, _distinct, S.where)
                seats = ({seat: list(values) for seat, values in listed.items()}, whole, WORK[0])  # (a seat's values a tuple or a list)
            except Exception as exc:  # noqa: BLE001 - compared with the bare twin's
                seats = type(exc), str(exc)
            assert seats == plain and S.memo is None
            compared["failed" if len(plain) == 2 else "listed" if plain[1] else "stopped"] += 1
        return step_handler(game, stmt, L)
    without_step_cycles(monkeypatch)  # (every step through the handler)
    monkeypatch.setitem(game_module.HANDLERS, "simultaneous", compare)
    for n in players:
        draw = random.Random(n).random
        for seed in range(20 if name.endswith(".yaml") else 3):
            try:
                Game(ruleset, n, seed=seed).play_out(random=draw)
            except PhiltreError:
                pass
    assert compared["listed"] > 20 and (name != SEATS or compared["failed"] and compared["stopped"]), compared
    assert not name.endswith(("mixed.yaml", "large.yaml")) or compared["stopped"], compared
    assert "every" not in name or compared["failed"] and compared["stopped"], compared


@pytest.mark.parametrize("name, n", [("pok", 5), ("poisons", 4), ("pok", 3)])
def test_play_out_lists_simultaneous_steps_with_the_bare_twin(name, n, monkeypatch):
    """Every simultaneous step play_out meets is listed by the twin (its seats pick among values), and the games end as
    the API loop's, picks, steps and work alike (a twin that lists wrongly, or effects bound wrongly, would not)."""
    ruleset = load_ruleset(name)
    listed = bare_listings_noted(monkeypatch)
    for seed in range(6):
        seen, end, game = by_play_out(ruleset, n, seed, shared=True)
        again, end2, _ = by_loop(ruleset, n, seed, shared=True)
        assert end == end2 and seen[-1] == len(again)
    assert listed[True] > 20 and not listed[False], listed


def test_play_out_stops_where_a_bare_listed_simultaneous_step_fails_as_the_api_loop_does(monkeypatch):
    """A seat's listing that fails (R100: a division by zero in the condition), a seat with no option (R300), and a
    listing that groups (many distinct gems), where the twins list a step: listed again as Options, the same failure
    of the same seat, decisions, steps and work; then the game's pending decision and options() as the loop's."""
    ruleset = load_ruleset(SEATS)
    codes, listed = Counter(), bare_listings_noted(monkeypatch)
    for n in (3, 4):
        for seed in range(30):
            for shared in (False, True):
                seen, end, game = by_loop(ruleset, n, seed, shared=shared)
                again, end2, other = by_play_out(ruleset, n, seed, shared=shared)
                assert end2 == end and (shared or again == seen) and state_of(other) == state_of(game)
                if isinstance(end, str):
                    codes[end.split(" ")[1]] += 1
                    assert other.pending() == game.pending() and [options_or_failure(other, p) for p in other.pending()] == [
                        options_or_failure(game, p) for p in game.pending()]
    assert codes["R100"] and codes["R300"] and listed[True] and listed[False], (codes, listed)


@pytest.mark.parametrize("name, n", [("pok", 5), ("poisons", 4)])
def test_a_pick_failing_at_a_simultaneous_step_listed_by_the_twin_leaves_the_game_as_the_api_loop_does(name, n):
    """A pick that is no index (D003) at a step play_out listed with the twin: the game waits at that step, every
    seat's options() as the API loop's (listed again as Option objects), and plays on to the same end."""
    ruleset = load_ruleset(name)
    for seed, at in [(1, 3), (2, 8), (3, 1)]:
        other = api_game_after(ruleset, n, seed, at * n, seat_pickers(seed, n))
        picks = seat_pickers(seed, n)
        taken = [0]

        def pick(k, picks=picks, taken=taken, at=at):
            if taken[0] == at * n:
                return k
            p = taken[0] % n
            taken[0] += 1
            return picks[p](k)

        game = Game(ruleset, n, seed=seed)
        with pytest.raises(PhiltreError) as info:
            game.play_out(pickers=[pick] * n)
        assert info.value.first.code == "D003"
        assert state_of(game) == state_of(other) and game.pending() == other.pending()
        assert [repr(game.options(p)) for p in game.pending()] == [repr(other.options(p)) for p in other.pending()]
        for g in (game, other):
            g.play_out(pickers=seat_pickers(seed + 10, n))
        assert state_of(game) == state_of(other)



@pytest.mark.parametrize("failing", ["no index", "raises"])
def test_a_game_play_out_left_by_a_failure_lists_its_steps_once_through_the_api(failing, monkeypatch):
    """After play_out fails at a POK step (a pick that is no index, a picker that raises), the API loop that goes on
    with that game lists each step once, as Option objects: the twins list nothing more (play_out clears its mode)."""
    ruleset = load_ruleset("pok")

    def pick(k):
        if failing == "raises":
            raise RuntimeError("the picker failed")
        return k

    game = Game(ruleset, 4, seed=5)
    with pytest.raises((PhiltreError, RuntimeError)):
        game.play_out(pickers=[pick] * 4)
    listed = bare_listings_noted(monkeypatch)
    picks = seat_pickers(5, 4)
    while not game.finished:
        for p in game.pending():
            options = game.options(p)
            game.apply(p, options[picks[p](len(options))])
    assert game.decisions > 20 and not listed, listed

def api_game_after(ruleset, n, seed, decisions, picks):
    """The API loop's game after ``decisions`` decisions of ``picks``."""
    game = Game(ruleset, n, seed=seed)
    while game.decisions < decisions:
        p = game.pending()[0]
        options = game.options(p)
        game.apply(p, options[picks[p](len(options))])
    return game


@pytest.mark.parametrize("name, n", [("poison", 4), (str(FLOOR), 2), (BARE, 3)])
@pytest.mark.parametrize("failing", ["no index", "raises"])
def test_a_pick_failing_at_a_decision_listed_by_the_twin_leaves_the_game_as_the_api_loop_does(name, n, failing):
    """A pick that is no index (D003), or a picker that raises, at a decision play_out listed with the twin: the game
    waits at that decision, its seat's options() as the API loop's (listed again as Option objects), and goes on."""
    ruleset = load_ruleset(name)
    tried = 0
    for seed, at in [(seed, at) for seed in range(12) for at in (2, 5, 7)]:
        try:
            other = api_game_after(ruleset, n, seed, at, seat_pickers(seed, n))
        except PhiltreError:
            continue  # (a rule stopped that game before)
        tried += 1
        picks = seat_pickers(seed, n)
        taken = [0]

        def pick(k, picks=picks, taken=taken, at=at):
            if taken[0] == at:
                if failing == "raises":
                    raise ValueError("the picker's own failure")
                return k
            taken[0] += 1
            return picks[game.pending()[0]](k)

        game = Game(ruleset, n, seed=seed)
        with pytest.raises(PhiltreError if failing == "no index" else ValueError) as info:
            game.play_out(pickers=[pick] * n)
        assert failing == "raises" or info.value.first.code == "D003"
        assert state_of(game) == state_of(other) and game.pending() == other.pending()
        p = game.pending()[0]
        assert repr(game.options(p)) == repr(other.options(p))
        mine, loops = game.state.flow.pending, other.state.flow.pending
        assert (mine.stmt, mine.players, mine.locals, mine.named, mine.turn) == (loops.stmt, loops.players, loops.locals, loops.named, loops.turn)
        assert [frame[3] for frame in game.state.flow.stack] == [frame[3] for frame in other.state.flow.stack]
        ends = []
        for g in (game, other):
            try:
                g.play_out(pickers=seat_pickers(seed + 10, n))
                ends.append(state_of(g))
            except PhiltreError as exc:
                ends.append((str(exc), state_of(g)))
        assert ends[0] == ends[1]
    assert tried >= 12


def options_or_failure(game, p) -> str:
    try:
        return repr(game.options(p))
    except PhiltreError as exc:
        return str(exc)


def test_play_out_stops_where_a_bare_listed_turn_fails_as_the_api_loop_does():
    """A listing that fails (R100: a division by zero in the condition) and a seat with no option (R300) where the twin
    lists: the same failure, decisions, steps and work; then the game's pending decision and options() as the loop's."""
    ruleset = load_ruleset(BARE)
    codes = Counter()
    for seed in range(40):
        for shared in (False, True):
            seen, end, game = by_loop(ruleset, 4, seed, shared=shared)
            again, end2, other = by_play_out(ruleset, 4, seed, shared=shared)
            assert end2 == end and (shared or again == seen) and state_of(other) == state_of(game)
            if isinstance(end, str):
                codes[end.split(" ")[1]] += 1
                assert other.pending() == game.pending() and [options_or_failure(other, p) for p in other.pending()] == [
                    options_or_failure(game, p) for p in game.pending()]
    assert codes["R100"] and codes["R300"], codes


@pytest.mark.parametrize("until", ["n >= 5", "n >= 5 or 6 // (3 - n) < 0"])
def test_a_bare_listed_turn_counts_its_steps_and_tests_its_until_as_the_api_loop_does(until, tmp_path):
    """play_out takes a `turns` loop's next decision itself where the twin lists it (the pass's step, the next seat,
    the `until`, the decision's step): at every step limit from 1 to past the games' end, the same rule stopped at
    (R200 at the loop or at the decision, R100 at the action, R300, an `until` failing: R100 at the loop), after the
    same decisions, steps and work, and the same end."""
    text = Path(BARE).read_text().replace("until: n >= 5", f'until: "{until}"')
    ends = Counter()
    for limit in range(1, 90):
        path = tmp_path / f"bare_{limit}.yaml"
        path.write_text(text.replace("step_limit: 10000", f"step_limit: {limit}"))
        ruleset = load_ruleset(str(path))
        for seed, shared in ((0, False), (1, True), (2, False), (3, True)):
            seen, end, game = by_loop(ruleset, 3, seed, shared=shared)
            again, end2, other = by_play_out(ruleset, 3, seed, shared=shared)
            assert end2 == end and (shared or again == seen), (limit, seed)
            assert game is other is None or state_of(other) == state_of(game)  # (none where the deal passes the limit)
            ends[end.split(" ")[1] if isinstance(end, str) else "end"] += 1
    assert ends["R200"] and ends["end" if until == "n >= 5" else "R100"], ends


def test_play_out_takes_each_turns_loops_decisions_itself_until_the_loop_ends(monkeypatch):
    """Where a `turns` loop's decision has a bare twin, play_out goes on to the next seat's decision itself, for one
    loop and then for the next (the loop's entry read again where the decision is another loop's): the frame
    machine (_run) runs as the game starts and where each of bare_turns.yaml's two loops ends, at no other decision."""
    ruleset = load_ruleset(BARE)
    runs = []
    run = Game._run
    monkeypatch.setattr(Game, "_run", lambda game: runs.append(game.decisions) or run(game))
    for seed in range(6):
        runs.clear()
        game = Game(ruleset, 3, seed=seed)
        game.play_out(random=random.Random(seed).random)
        assert game.finished and len(runs) == 3 and runs[0] == 0 and runs[-1] == game.decisions, runs


def flow_seen(game) -> tuple:
    """The flow as a pick sees it: each frame's statement, place, locals and loop's names, the pending decision's
    statement, seats, locals, names and loop entry, the steps."""
    flow, p = game.state.flow, game.state.flow.pending
    frames = [(id(f[0]), f[2], dict(f[3]), dict(f[4]) if isinstance(f[4], dict) else f[4]) for f in flow.stack]
    return frames, (id(p.stmt), list(p.players), dict(p.locals), p.named and dict(p.named), p.turn, p.actions, p.simultaneous), flow.steps


@pytest.mark.parametrize("name, n", [("poison", 4), ("poison", 3), (BARE, 3), (str(DATA / "bare_widths.yaml"), 3), (str(FLOOR), 2),
                                     ("hue", 2), ("pok", 5), ("poisons", 4), (SEATS, 3)])
@pytest.mark.parametrize("shared", [False, True])
def test_each_pick_of_a_turns_loop_sees_the_frames_and_pending_decision_of_the_api_loop(name, n, shared):
    """play_out keeps a `turns` loop's frame, seat and names in its own locals from one decision of the loop to the
    next: at every pick, a `random` or a picker that looks at the game sees the same frames (their locals), pending
    decision (seat, locals, names, loop) and steps as the API loop's at the same decision, through every round's
    loop (Poison's is entered again each round: another frame for the same statement) and to the same end. So do the
    picks of simultaneous steps (POK's, Poisons' pour and drink in turn, bare_seats.yaml's), whose Pending play_out
    hands on from a step it took to the next (its statement, seats, actions and locals the next step's)."""
    ruleset = load_ruleset(name)
    for seed in range(3):
        draw, picks = random.Random(seed).random, seat_pickers(seed, n)
        seen, game, end = [], Game(ruleset, n, seed=seed), None
        try:
            while not game.finished:
                for p in game.pending():
                    options = game.options(p)
                    seen.append(flow_seen(game))
                    game.apply(p, options[int(draw() * len(options)) if shared else picks[p](len(options))])
        except PhiltreError as exc:  # (bare_turns.yaml's games may stop at a rule: R100, R300)
            end = str(exc)
        draw, picks = random.Random(seed).random, seat_pickers(seed, n)
        again, other, end2 = [], Game(ruleset, n, seed=seed), None

        def noting(pick):
            return lambda *k: again.append(flow_seen(other)) or pick(*k)
        try:
            if shared:
                other.play_out(random=noting(draw))
            else:
                other.play_out(pickers=[noting(pick) for pick in picks])
        except PhiltreError as exc:
            end2 = str(exc)
        assert again == seen and end2 == end and state_of(other) == state_of(game)


# a simultaneous step whose action's body reads its seat and its chosen value where they stand (the seats' runner for
# values: runners._seat_reads), its names bound only for a failure's message: a pile for each of three seats, the fourth
# seat's `pile[me]` none (R100), at the body's first statement (drop) or its second (mark, after its score), in a step
# whose seats go last to first (the failing seat is not the last the listing bound: its message reads the seat's names);
# a chip given to the hand its value names (give), none where the value is no seat (R100: its names bound only then)
SEAT_READS = """\
philtre: 1
game: seat-reads
players: 2..4
step_limit: LIMIT
components:
  chip: {attributes: {v: [0, 1, 2, 3]}, copies: 3, start: bag}
zones:
  bag: {visible: nobody}
  hand: {each: player, visible: owner}
  pile: {copies: 3, visible: everyone}
actions:
  drop:
    choose: {c: "hand[me]"}
    do:
      - move: c -> pile[me]
  mark:
    choose: {c: "hand[me]"}
    do:
      - score: {player: me, add: 1}
      - move: c -> pile[me]
  give:
    choose: {c: "hand[me]", q: "[3, 2, 1, 0]"}
    do:
      - move: c -> hand[q]
  snatch:
    choose: {c: "hand[me]"}
    do:
      - move: hand[(me + 1) % player_count] -> bag
      - move: c -> pile[me]
  pass:
    choose: {c: "hand[me]"}
    do:
      - move: c -> pile[(me + 1) % 3]
flow:
  - shuffle: bag
  - deal: {from: bag, to: "[hand[p] for p in players]", count: 3}
  - simultaneous: drop
    players: "[p for p in players if p < 3]"
  - simultaneous: FIRST
    players: "[count(players) - 1 - p for p in players]"
  - simultaneous: drop
winners: {highest: "score[p]"}
"""


@pytest.mark.parametrize("first", ["drop", "mark", "give", "snatch", "pass"])
@pytest.mark.parametrize("limit", [10_000, *range(12, 24, 2)])
def test_a_seats_runner_reading_its_seat_and_value_in_place_ends_as_the_api_loop(first, limit, tmp_path, monkeypatch):
    """The seats' runner of play_out that reads each seat and its value where they stand, counts a seat's steps at once
    and binds its names only where a statement fails: the same moves, scores, steps and work as the API loop's
    runner, the same failure (R100 at the first statement or the second, the names in its message; R200 within a step).
    Its moves of a value listed from `hand[me]` take it out of the seat's hand first (runners._moved_from_listed): to
    another family's zone at the seat's index (drop, mark, snatch) or read by a call (pass: the same family, moved as
    before), of the same family (give), and one that an earlier seat's effect moved out of that hand (snatch, whose
    seats go last to first: seat 0's chosen chip is in the bag when its move runs)."""
    path = tmp_path / f"seat_reads_{first}_{limit}.yaml"
    path.write_text(SEAT_READS.replace("LIMIT", str(limit)).replace("FIRST", first))
    ruleset = load_ruleset(str(path))
    listed, codes = bare_listings_noted(monkeypatch), Counter()
    for n in (3, 4):
        for seed in range(4):
            for shared in (False, True):
                seen, end, game = by_loop(ruleset, n, seed, shared=shared)
                again, end2, other = by_play_out(ruleset, n, seed, shared=shared)
                assert end2 == end and (shared or again == seen) and state_of(other) == state_of(game), (n, seed, shared)
                codes[end.split(" ")[1] if isinstance(end, str) else "end"] += 1
    assert listed[True] and (first == "snatch" or not listed[False]), listed  # (snatch empties hands: listed again, R300)
    assert any(known for (_, _, values, known, _, _, _) in runners._SEATS_MAKERS if values)  # (the runner that reads in place)
    assert any(listed for (_, _, values, _, listed, _, _) in runners._SEATS_MAKERS if values)  # (... and moves from the hand first)
    if first in ("drop", "mark", "give"):
        assert codes["R100"] and codes["end"] if limit == 10_000 else codes["R200"] and (limit < 21 or codes["R100"]), codes
    else:  # (snatch: R100 at pile[3], R300 where it emptied a hand, else R200; pass fails at drop's pile[3] alone)
        assert codes["R100"] and (codes["R300"] or codes["R200"]) if first == "snatch" else codes["end"] if limit == 10_000 else codes["R200"], codes


# an action whose effects draw from the game's own generator (stir: a shuffle, then the seat's chip to the bag)
STIR = '  stir:\n    choose: {c: "hand[me]"}\n    do:\n      - shuffle: bag\n      - move: c -> bag\n'


@pytest.mark.parametrize("first", ["drop", "mark", "snatch", "pass", "stir"])
@pytest.mark.parametrize("limit", [10_000, 13, 16, 19, 22])
def test_a_seats_runner_picking_beside_each_seat_draws_and_fails_as_the_api_loop(first, limit, tmp_path):
    """play_out given the standard generator's random() (below_one): the values' runner picks each seat's value beside
    its seat (runners._SEATS_PICKING), not in a loop before it: the same game, failure (R100, R200) and steps as the API
    loop drawing from one such generator, and the generator left where that loop leaves it (where a seat's statement
    fails, the seats after it draw their picks all the same). Given the game's own generator, which its effects draw
    from (stir's shuffle), the seats pick in a loop of their own, as before: their effects draw after every pick."""
    path = tmp_path / f"picking_{first}_{limit}.yaml"
    path.write_text(SEAT_READS.replace("LIMIT", str(limit)).replace("FIRST", first).replace("  pass:\n", STIR + "  pass:\n"))
    ruleset = load_ruleset(str(path))
    codes = Counter()
    for n in (3, 4):
        for seed in range(4):
            for own in (False, True):
                ends = []
                for loop in (True, False):
                    game = Game(ruleset, n, seed=seed)
                    assert all(entry[5].picking is not None for entry in game._runners.simultaneous.values())
                    generator = game.state.flow.rng if own else random.Random(seed)
                    draw = generator.random
                    try:
                        if loop:
                            while not game.finished:
                                for p in game.pending():
                                    options = game.options(p)
                                    game.apply(p, options[int(draw() * len(options))])
                        else:
                            game.play_out(random=draw)
                        end = "end"
                    except PhiltreError as exc:
                        end = str(exc)
                    ends.append((end, state_of(game), generator.random()))
                assert ends[0] == ends[1], (n, seed, own)
                codes[ends[0][0] if ends[0][0] == "end" else ends[0][0].split(" ")[1]] += 1
    assert first == "snatch" or (codes["R100"] if limit == 10_000 else codes["R200"]), codes  # (snatch: R300 too)


def counted(made, returned: Counter):
    """A maker of fused functions like ``made`` (runners.fused_picking, runners.fused_by_pickers) whose functions count
    in ``returned`` what each call returns (a failure that leaves one: its code)."""
    def counting(twin, run):
        function = made(twin, run)
        if function is None:
            return None

        def call(*args):
            try:
                result = function(*args)
            except PhiltreError as exc:
                returned[str(exc).split(" ")[1]] += 1
                raise
            returned[result] += 1
            return result
        return call
    return counting


def picked_by_pickers(monkeypatch) -> Counter:
    """What each fused function drawing from the seats' pickers (runners.fused_by_pickers) returns, counted (a failure
    that leaves it as its code), for the rulesets loaded from now on (runners_for keeps a ruleset's runners)."""
    returned = Counter()
    monkeypatch.setattr(runners, "fused_by_pickers", counted(runners.fused_by_pickers, returned))
    return returned


def pickers_play(ruleset, n, seed, loop, kind, history=None):
    """A game played by the API loop or play_out, each seat picking with its own generator's ``_randbelow`` as simulate's
    random agents do (``kind`` "apart"), one generator for all ("shared") or, for seat 0, the game's own ("own"): its end
    (or failure), state, history and the generators' next draws."""
    game = Game(ruleset, n, seed=seed)
    if kind == "shared":
        generators = [random.Random(seed)] * n
    else:
        generators = [game.state.flow.rng if kind == "own" and p == 0 else random.Random(seed * 10 + p) for p in range(n)]
    pickers = [g._randbelow for g in generators]
    try:
        if loop:
            last = list(game.scores)
            while not game.finished:
                for p in game.pending():
                    options = game.options(p)
                    game.apply(p, options[pickers[p](len(options))])
                    if history is not None and game.scores != last:
                        last = list(game.scores)
                        history.append((game.decisions, tuple(last)))
        else:
            game.play_out(pickers=pickers, history=history)
        end = "end"
    except PhiltreError as exc:
        end = str(exc)
    return end, state_of(game), history, [g.random() for g in generators]


@pytest.mark.parametrize("first", ["drop", "mark", "snatch", "pass", "stir"])
@pytest.mark.parametrize("limit", [10_000, 13, 16, 19, 22])
def test_seats_picking_with_their_own_pickers_draw_and_fail_as_the_api_loop(first, limit, tmp_path, monkeypatch):
    """play_out given one picker a seat, each a standard generator's own ``_randbelow`` (simulate's random agents): a
    step's seats are listed, picked and played by one function (runners.fused_by_pickers), each seat's pick drawn beside
    its effects, not in a loop before them: the same game, failure (R100, R200), history and steps as the API loop, and
    each generator left where that loop leaves it (where a seat's statement fails, the seats after it draw their picks
    with their own number of options all the same), whether the seats' generators are their own or one. Given the
    game's own generator for a seat (stir's shuffle draws from it), the seats pick in a loop of their own, as before.
    (SEAT_READS' steps made one, in a loop: play_out goes on from a pass's step to the next pass's itself.)"""
    path = tmp_path / f"pickers_{first}_{limit}.yaml"
    steps = SEAT_READS[SEAT_READS.index("  - simultaneous: drop\n"):SEAT_READS.index("winners:")]
    passes = ('  - repeat: 3\n    as: k\n    do:\n      - set: {pass: k}\n      - simultaneous: FIRST\n'
              '        players: "[count(players) - 1 - p for p in players]"\n')
    path.write_text(SEAT_READS.replace(steps, passes).replace("actions:\n", "variables:\n  pass: 0\nactions:\n").replace("pile[me]", "pile[me + pass]").replace("LIMIT", str(limit)).replace("FIRST", first).replace("  pass:\n", STIR + "  pass:\n"))
    returned = picked_by_pickers(monkeypatch)
    ruleset = load_ruleset(str(path))
    codes = Counter()
    for n in (3, 4):
        for seed in range(4):
            for kind in ("apart", "shared", "own"):
                for history in (None, []):
                    ends = [pickers_play(ruleset, n, seed, loop, kind, None if history is None else []) for loop in (True, False)]
                    assert ends[0] == ends[1], (n, seed, kind, history)
                codes[ends[0][0] if ends[0][0] == "end" else ends[0][0].split(" ")[1]] += 1
    # (the fused function reached: played, listed alone near the limit, failing in a seat's move (drop, mark: pile[3]),
    # or finding a hand emptied (snatch: listed as Options, R300))
    assert limit in (13, 16) or returned, returned
    assert limit != 10_000 or returned[{"drop": "R100", "mark": "R100", "snatch": False}.get(first, True)], returned
    assert codes["R100"] if first in ("drop", "mark", "snatch") else codes["end"] if limit == 10_000 else codes["R200"], codes


@pytest.mark.parametrize("name, variants, n", [("pok", (), 3), ("pok", (), 5), ("poisons", (), 4), ("poisons", ("advanced",), 5),
                                               ("poisons", (), 8), ("run out", (), 3)])
def test_play_out_with_simulates_pickers_plays_the_api_loops_games_each_step_in_one_function(name, variants, n, monkeypatch, tmp_path):
    """POK's and Poisons' steps, played by play_out given simulate's random agents' pickers, are each listed, picked and
    played by one function drawing from the seats' pickers (runners.fused_by_pickers: True every time): the games,
    histories of scores and generators' ends of the API loop, and of play_out where no such function is made. Where a
    seat runs out of options (FUSED_LISTING: False, R300), the scores its last step changed are in the history no more
    than in the API loop's, which lists the step before it reads them."""
    case = name
    if case == "run out":
        name = str(tmp_path / "run_out.yaml")
        Path(name).write_text(FUSED_LISTING.replace("PASSES", "6").replace("MORE", "0"))
    returned = picked_by_pickers(monkeypatch)
    ends = {}
    for fused in (True, False):
        if not fused:
            monkeypatch.setattr(runners, "fused_by_pickers", lambda twin, run: None)
        ruleset = load_ruleset(name, variants=variants)  # (its runners made anew: runners_for keeps a ruleset's)
        for seed in range(12):
            ends[fused, seed] = pickers_play(ruleset, n, seed, False, "apart", [])
            if fused:
                assert ends[fused, seed] == pickers_play(ruleset, n, seed, True, "apart", []), seed
    assert all(ends[True, seed] == ends[False, seed] for seed in range(12))
    assert set(returned) == ({True, False} if case == "run out" else {True}), returned
    assert case != "run out" or all(ends[True, seed][0].split(" ")[1] == "R300" and ends[True, seed][2] for seed in range(12))


def test_only_the_standard_generators_own_randbelow_is_an_exact_picker():
    """game.exact_pickers: the pickers whose picks play_out may draw beside each seat's effects are the standard
    generator's own ``_randbelow``, not the game's own generator's, a subclass's, one given a method of its own, nor any
    other function (those are picked in a loop before the effects, their picks tested)."""
    class Sub(random.Random):
        pass
    own, plain = random.Random(1), random.Random(2)
    patched = random.Random(3)
    patched.getrandbits = lambda k: 0
    assert game_module.exact_pickers([plain._randbelow, random.Random(4)._randbelow], own)
    assert game_module.exact_pickers([plain._randbelow, plain._randbelow], own)  # (one generator for every seat)
    for odd in (own._randbelow, Sub(5)._randbelow, patched._randbelow, plain.randrange, lambda k: 0, RandomAgent(6).choose):
        assert not game_module.exact_pickers([plain._randbelow, odd], own), odd


@pytest.mark.parametrize("name, n", [("pok", 5), ("poisons", 4)])
def test_a_seats_runner_picking_counts_the_steps_decisions_and_takes_its_pending_unless_the_limit_is_near(name, n):
    """The values' runner picking beside each seat (_SEATS_PICKING) counts the step's decisions and takes its Pending
    itself (Game._play_unrecorded no longer does before calling it): given a new game's first step, listed by the seats'
    twin, it picks, counts every seat's decision, leaves no decision pending and counts each seat's steps; where the step
    limit could be reached in its loop it returns False with nothing drawn, counted nor taken (the caller does all)."""
    ruleset = load_ruleset(name)
    for near in (False, True):
        game = Game(ruleset, n, seed=7)
        flow, pending = game.state.flow, game.state.flow.pending
        assert game._bare_for is pending and game.decisions == 0
        entry, choices, named = game._bare_entry, game._bare_listed, game._bare_named
        if near:  # (one step too few for every seat's two)
            flow.steps = ruleset.step_limit - 2 * n + 1
        steps, generator = flow.steps, random.Random(3)
        picked = entry[5].picking(game, game.state, named, pending.players, choices, generator.random)
        drawn = generator.random()
        if near:
            assert picked is False and game.decisions == 0 and flow.pending is pending and flow.steps == steps
            assert drawn == random.Random(3).random()
        else:
            assert picked is True and game.decisions == n and flow.pending is None and flow.steps == steps + 2 * n
            assert drawn == (lambda g: [g.random() for _ in range(n + 1)][-1])(random.Random(3))


@pytest.mark.parametrize("name, n", [("pok", 5), ("poisons", 4)])
def test_a_seats_runner_picking_reads_its_bound_of_the_steps_by_the_seats_number(name, n):
    """The picking runner tests the step limit against a bound read by the seats' number (its tuple made with the runner:
    the limit less two steps a seat), computed where the seats are more than the tuple holds: every seat's two steps may
    reach the limit exactly (the seats picked, the flow's steps at the limit), not pass it (False, nothing taken), for the
    step's seats and for more seats than the tuple holds (where it returns False before reading any seat's values). The
    step's move (POK's show, Poisons' pour) reads the seat's value itself, without an alias (runners._unaliased matched)."""
    ruleset = load_ruleset(name)
    limit = ruleset.step_limit
    entry = Game(ruleset, n, seed=7)._bare_entry
    assert "value_" in entry[5].picking.__code__.co_varnames
    assert "comp" not in entry[5].picking.__code__.co_varnames and "comp" not in entry[5].__code__.co_varnames
    for seats, over in ((n, 0), (n, 1), (runners._BOUNDS + 6, 1)):
        game = Game(ruleset, n, seed=7)
        flow, pending = game.state.flow, game.state.flow.pending
        entry, choices, named = game._bare_entry, game._bare_listed, game._bare_named
        players = pending.players if seats == n else list(range(seats))
        flow.steps = limit - 2 * seats + over
        picked = entry[5].picking(game, game.state, named, players, choices, random.Random(3).random)
        if over:
            assert picked is False and game.decisions == 0 and flow.pending is pending and flow.steps == limit - 2 * seats + 1
        else:
            assert picked is True and game.decisions == n and flow.pending is None and flow.steps == limit



@pytest.mark.parametrize("name, n", [("pok", 5), ("poisons", 4)])
def test_a_seats_runner_picking_draws_the_index_the_int_of_the_draw_times_the_length_gives(name, n):
    """The picking runner multiplies each seat's draw by its listing's length read as a float (runners.LENGTHS), past
    that tuple by the length itself (runners._picked): the same index as int(draw * length) for listings of 1 to 300
    values (POK's show and Poisons' pour moving the value picked out of the seat's hand); a seat listing none fails as
    before, every seat's draw taken (that one's before it fails). It fails where the picking no longer reads LENGTHS."""
    ruleset = load_ruleset(name)
    assert "LENGTHS" in Game(ruleset, n, seed=7)._bare_entry[5].picking.__code__.co_freevars
    for length in (1, 2, 3, 7, 256, 257, 300):
        game = Game(ruleset, n, seed=7)
        pending, choices, named = game.state.flow.pending, game._bare_listed, game._bare_named
        for seat, listed in choices.items():  # (the seat's own values, again and again: any of them is in its hand)
            choices[seat] = tuple(listed[i % len(listed)] for i in range(length))
        draws = random.Random(3)
        picks = {seat: values[int(draws.random() * length)] for seat, values in choices.items()}
        assert all(game.state.where[pick.ident] == ("hand", seat) for seat, pick in picks.items())
        assert game._bare_entry[5].picking(game, game.state, named, pending.players, choices, random.Random(3).random) is True
        for seat, pick in picks.items():
            assert game.state.where[pick.ident] != ("hand", seat), (length, seat)
    game = Game(ruleset, n, seed=7)
    pending, choices, named = game.state.flow.pending, game._bare_listed, game._bare_named
    choices[pending.players[1]] = ()
    generator = random.Random(3)
    with pytest.raises(IndexError):
        game._bare_entry[5].picking(game, game.state, named, pending.players, choices, generator.random)
    assert generator.random() == (lambda g: [g.random() for _ in range(n + 1)][-1])(random.Random(3))

# a step of one action taking a gem from the seat's hand, again and again: seat 0 holds 16, the others 4, which run out
# at the fifth pass (R300 at seat 1, seat 0 listed first), or grow by 5 a pass (a listing of more than 16 distinct gems
# at a seat after seat 0: a group, listed again as Options, the game going on)
FUSED_LISTING = """\
philtre: 1
game: fused-listing
players: 2..4
step_limit: 10000
components:
  gem: {attributes: {w: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]}, copies: 4, start: mine}
zones:
  mine: {visible: nobody}
  gems: {each: player, visible: owner}
actions:
  take:
    choose: {g: "gems[me]"}
    do:
      - move: g -> mine
      - score: {player: me, add: g.w}
flow:
  - shuffle: mine
  - deal: {from: mine, to: "[gems[p] for p in players]", count: 4}
  - deal: {from: mine, to: "[gems[p] for p in players if p == 0]", count: 12}
  - repeat: PASSES
    do:
      - simultaneous: take
      - deal: {from: mine, to: "[gems[p] for p in players if p > 0]", count: MORE}
winners: {highest: "score[p]"}
"""


@pytest.mark.parametrize("path, n", [("pok", 5), ("poisons", 4), ("run out", 3), ("grow", 3)])
def test_a_step_listed_and_picked_by_one_function_plays_as_the_api_loop_and_as_the_twin_then_the_picking(path, n, monkeypatch, tmp_path):
    """Where play_out goes on to a step whose seats' twin and values' runner picking are one function (runners.fused_picking,
    Runners.simultaneous[...][9]: every step of POK and Poisons), the step is listed, picked and played by that call: the
    same game, history of scores, failures and generator's end as the API loop and as the twin then the picking (the
    function taken out). Where a seat after the first lists nothing (R300) or meets a group, it returns False, nothing
    drawn: the step is listed again as Options and picked as before (FUSED_LISTING)."""
    case = path
    if case in ("run out", "grow"):
        (tmp_path / "fused.yaml").write_text(FUSED_LISTING.replace("PASSES", "6" if case == "run out" else "8")
                                             .replace("MORE", "0" if case == "run out" else "5"))
        path = str(tmp_path / "fused.yaml")
    returned = Counter()
    counting = counted(runners.fused_picking, returned)  # (the function made, its results counted)
    ends = {}
    for way in ("loop", "fused", "apart"):
        monkeypatch.setattr(runners, "fused_picking", counting if way == "fused" else lambda twin, run: None)
        ruleset = load_ruleset(path)  # (its runners made anew: runners_for keeps a ruleset's)
        entries = Game(ruleset, n, seed=0)._runners.simultaneous
        fused = [entry for entry in entries.values() if entry[9] is not None]
        assert (way == "fused") == bool(fused) and (way != "fused" or len(fused) == len(entries))
        for seed, history in ((seed, history) for seed in range(6) for history in (None, [])):
            game, generator = Game(ruleset, n, seed=seed), random.Random(seed)
            try:
                if way == "loop":
                    while not game.finished:
                        for p in game.pending():
                            options = game.options(p)
                            game.apply(p, options[int(generator.random() * len(options))])
                else:  # (with a history too: Game._scored_around reads it around the call)
                    game.play_out(random=generator.random, history=history)
                end = "end"
            except PhiltreError as exc:
                end = str(exc)
            ends[way, seed, history is None] = (end, state_of(game), generator.random(), history)
    for seed in range(6):
        assert ends["fused", seed, True] == ends["apart", seed, True] == ends["loop", seed, True], seed
        assert ends["fused", seed, False] == ends["apart", seed, False], seed
        assert ends["fused", seed, False][:3] == ends["fused", seed, True][:3], seed
    assert returned[True] and (case in ("pok", "poisons") or returned[False]), returned
    codes = {end if end == "end" else end.split(" ")[1] for end in (ends["fused", seed, True][0] for seed in range(6))}
    assert codes == ({"R300"} if case == "run out" else {"end"}), codes


@pytest.mark.parametrize("name, n", [("pok", 5), ("poisons", 4)])
def test_a_step_listed_and_picked_by_one_function_draws_nothing_where_it_lists_nothing_or_the_limit_is_near(name, n):
    """The twin and the picking in one function (runners.fused_picking), given a new game's first step: it lists every
    seat as the twin listed them, then picks, counts the seats' decisions and steps and takes the Pending (True); where
    the step limit could be reached it lists alone (None: the twin's lists in ``choices``, nothing drawn, counted nor
    taken); where a seat lists nothing (an empty hand) it returns False, nothing drawn nor counted, as the twin's false."""
    ruleset = load_ruleset(name)
    for case in ("played", "near", "empty"):
        game = Game(ruleset, n, seed=7)
        S, flow, pending = game.state, game.state.flow, game.state.flow.pending
        entry, listed, named = game._bare_entry, game._bare_listed, game._bare_named
        if case == "near":  # (one step too few for every seat's two)
            flow.steps = ruleset.step_limit - 2 * n + 1
        if case == "empty":
            S.zones["hand"][pending.players[-1]].clear()
        steps, generator, choices = flow.steps, random.Random(3), {}
        result = entry[9](game, S, named, pending.players, choices, _distinct, S.where, generator.random)
        drawn = generator.random()
        if case == "played":
            assert result is True and game.decisions == n and flow.pending is None and flow.steps == steps + 2 * n
            assert drawn == (lambda g: [g.random() for _ in range(n + 1)][-1])(random.Random(3))
        else:
            assert result is (None if case == "near" else False) and drawn == random.Random(3).random()
            assert game.decisions == 0 and flow.pending is pending and flow.steps == steps
            assert case == "empty" or choices == listed


@pytest.mark.parametrize("by", ["random", "pickers"])
@pytest.mark.parametrize("name, n", [("pok", 5), ("poisons", 4)])
def test_a_step_listed_picked_and_moved_in_one_pass_plays_as_the_fused_function(name, n, by, monkeypatch):
    """POK's show and Poisons' pour list each seat's distinct components of its hand by stages and move the pick to a zone
    of another family: runners._one_pass lists, picks and moves each seat in one pass (Runners.simultaneous[...][9] is
    that function, fails where it is no longer made). Its games, draws, work left and failures are the fused function's
    (the one pass taken out): played, the limit near (listed alone), a later seat's hand empty (False, nothing drawn),
    too many components in a hand (the fused function's own way), a move failing at the last seat (R100), and at the
    first (R100: the seats after it drawing their picks all the same). So too
    where each seat draws from its own picker (``by`` pickers: Runners.simultaneous[...][10], runners.fused_by_pickers),
    whose seats after a failing one (Poisons' first) draw with the number of distinct components in their hands."""
    def made(one_pass):  # (the ruleset, its runners made with the one pass or without it: runners_for keeps a ruleset's)
        if not one_pass:
            monkeypatch.setattr(runners, "_one_pass", lambda *args: None)
        ruleset = load_ruleset(name)
        Game(ruleset, n, seed=0)
        monkeypatch.undo()
        return ruleset

    rulesets = {one: made(one) for one in (True, False)}
    at = 9 if by == "random" else 10  # (the fused function's place in its step's entry)
    named = [entry[at].__name__ for entry in Game(rulesets[True], n, seed=0)._runners.simultaneous.values() if entry[at] is not None]
    assert any(f.endswith("o") for f in named), named
    assert not any(entry[at].__name__.endswith("o") for entry in Game(rulesets[False], n, seed=0)._runners.simultaneous.values()
                   if entry[at] is not None)
    ends = {}
    for one, ruleset in rulesets.items():
        for seed in range(8):
            game, generators = Game(ruleset, n, seed=seed), [random.Random(seed * 10 + p) for p in range(n)]
            game.play_out(**({"random": generators[0].random} if by == "random" else {"pickers": [g._randbelow for g in generators]}))
            ends[one, seed] = (state_of(game), [g.random() for g in generators])
        for case in ("played", "near", "empty", "many", "failing", "first failing"):
            game = Game(ruleset, n, seed=7)
            S, flow, pending = game.state, game.state.flow, game.state.flow.pending
            entry, named_ = game._bare_entry, game._bare_named
            if case == "near":  # (one step too few for every seat's two)
                flow.steps = ruleset.step_limit - 2 * n + 1
            if case in ("empty", "many"):  # (the last seat's hand empty, or past the listing's few: 17 components)
                hand = S.zones["hand"][pending.players[-1]]
                hand[:] = [] if case == "empty" else [c for z in S.zones["hand"] for c in z][:17]
            if case == "failing":  # (the destination's family a zone short, the last seat's move failing; Poisons' the first's)
                del S.zones["shown" if name == "pok" else "goblet"][n - 1 if name == "pok" else 1:]
            if case == "first failing":  # (each destination a plain list, no zone: the first seat's move fails, the others draw)
                family = S.zones["shown" if name == "pok" else "goblet"]
                family[:] = [[] for _ in family]
            generators, choices = [random.Random(3 + p) for p in range(n)], {}
            try:
                result = entry[at](game, S, named_, pending.players, choices, _distinct, S.where,
                                   generators[0].random if by == "random" else [g._randbelow for g in generators])
            except PhiltreError as exc:
                result = str(exc).split(" ")[1]
            ends[one, case] = (result, [g.random() for g in generators], flow.steps, game.decisions, game._work_left, WORK[0],
                               {p: [c.ident for c in v] for p, v in choices.items()} if result is None else None,  # (read: listed alone)
                               flow.pending is pending, [[c.ident for c in z] for family in S.zones.values() for z in family])
    for key in [*range(8), "played", "near", "empty", "many", "failing", "first failing"]:
        assert ends[True, key] == ends[False, key], key
    assert [ends[True, case][0] for case in ("played", "near", "empty", "many", "failing", "first failing")] == [True, None, False, True, "R100", "R100"]


@pytest.mark.parametrize("bad", ["a word", 7])
def test_a_seats_runner_reading_in_place_fails_as_the_plain_seats_runner_with_the_failing_seats_names(bad):
    """Where a seat's statement fails in the values' seats' runner that reads each seat and its value in place (POK's
    show: `move: counter -> shown[me]`, nothing binding the seat's names but a failure), the failure, its message, the
    steps and the state are those of the plain seats' runner given the same choices as options, and the names the
    failure's message reads are the failing seat's (its `me` and its value, not the last seat listed), bound in a copy:
    the names handed to the runner are left as they were (they may be the step's own: Runners.simultaneous[...][7])."""
    ruleset = load_ruleset("pok")
    action = ruleset.actions["show"]
    limit = ruleset.step_limit
    by_values = runners.seats_runner(action.body, limit, tuple(p.name for p in action.params), values=True)
    plain = runners.seats_runner(action.body, limit, len(action.params))
    ends = []
    for run in (by_values, plain):
        game = Game(ruleset, 5, seed=3)
        players = game.pending()
        values = {p: game.options(p)[0].args[0][1] for p in players}
        values[2] = bad  # (seat 2 of 0..4: neither the first seat nor the last)
        name = action.params[0].name
        choices = values if run is by_values else {p: Option.of("show", ((name, v),)) for p, v in values.items()}
        names = {"me": 4, name: values[4]}  # (as the listing leaves them: the last seat's)
        with pytest.raises(PhiltreError) as info:
            run(game, game.state, names, players, choices)
        if run is by_values:
            assert names == {"me": 4, name: values[4]}
        ends.append((str(info.value), game.state.flow.steps, state_of(game)))
    assert ends[0] == ends[1]
    assert "R100" in ends[0][0]


@pytest.mark.parametrize("name, n, copied", [("pok", 5, {"show": False}), ("poisons", 4, {"pour": False, "drink": False})])
def test_a_steps_own_names_are_handed_to_its_twin_and_runner_only_where_neither_binds_one(name, n, copied):
    """Runners.simultaneous[...][7]: POK's show and Poisons' pour (their seats' twins name no name, their values'
    runners bind the seat's names for a failure alone, in a copy: pour's destination, a definition reading `me`, is read
    without its call, Expr.zone_near) and Poisons' drink (its twin reads `my_goblets(me)` from the kept list, else from
    the definition's twin given the seat, which reads no name: compiler._seats_kept_once) are handed the names of the
    step's frame, left as they were. play_out ends as the API loop."""
    ruleset = load_ruleset(name)
    game = Game(ruleset, n, seed=4)
    entries = game._runners.simultaneous.values()
    assert {entry[1][0]: entry[7] for entry in entries} == copied
    # (and [8], the values' runner's picking read once, the one play_out calls: that runner's own)
    assert all(entry[8] is entry[5].picking for entry in entries)
    # (a values' runner, or its twin that picks each seat's value beside it: _SEATS_PICKING)
    codes = {run.__code__: copied[entry[1][0]] for entry in entries for run in (entry[5], entry[5].picking) if run is not None}
    handed, kept = [], []

    def noted(frame, event, arg):  # (each call of a values' runner: its names the step's own or not, then as they were)
        if frame.f_code in codes and event in ("call", "return"):
            names = frame.f_locals["outer"]
            if event == "call":
                kept.append(dict(names))
                handed.append((codes[frame.f_code], names is game.state.flow.stack[-1][game_module.LOCALS]))
            else:
                handed[-1] = (*handed[-1], names == kept.pop())
    sys.setprofile(noted)
    try:
        game.play_out(random=random.Random(4).random)
    finally:
        sys.setprofile(None)
    assert {copy for copy, _, _ in handed} == set(copied.values())
    assert all(own == (not copy) and (copy or unchanged) for copy, own, unchanged in handed), handed  # (a copy may be bound)
    _, _, other = by_loop(ruleset, n, 4, shared=True)
    assert state_of(other) == state_of(game)


# loops whose next pass starts at a simultaneous step its seats' twin lists (Runners.ends' seventh element): a `repeat`
# with its pass named, after a `set` (Poisons' filling), followed by a step (Runners.ends' eighth element: Poisons' drink
# after the filling) whose seats' expression fails in some games and whose seats may be none, a `repeat` of a lone step
# whose seats may be none, and an `until` around a round (POK's rounds); the round's effects before the step, its seats'
# expression, the effects after it, the listing (where `k` is 3) and the `until` each fail in some games (R100), and the
# step limit is reached within the cycle in some (R200)
STEP_CYCLES = """\
philtre: 1
game: step-cycles
players: 2..4
step_limit: LIMIT
components:
  chip: {attributes: {v: [0, 1, 2, 3]}, copies: 4, start: bag}
zones:
  bag: {visible: nobody}
  hand: {each: player, visible: owner}
  pile: {copies: 3, visible: everyone}
variables: {n: 0, k: 0}
actions:
  put:
    choose: {c: "hand[me]", into: pile}
    if: "count(into) < 5 and (count(into) != 4 or c.v != 3 or 6 // (k - 3) >= 0)"
    do:
      - move: c -> into
      - score: {player: me, add: c.v}
flow:
  - shuffle: bag
  - deal: {from: bag, to: "[hand[p] for p in players]", count: 3}
  - name: passes
    repeat: 2
    as: s
    do:
      - set: {n: n + s}
      - simultaneous: put
  - name: settle
    simultaneous: put
    players: "[p for p in players if count(hand[p]) > 0 and 7 // (score[p] % 7 - 6) < 9 and score[p] % 3 != 1]"
  - name: again
    repeat: 3
    do:
      - simultaneous: put
        players: "[p for p in players if count(hand[p]) > 0 and score[p] % 2 == 0]"
  - name: rounds
    until: "k >= 6 or 10 // (n % 11 - 5) > 50"
    do:
      - round:
          - name: refill
            move: "[c for z in pile for c in z if c.v == k % 4] -> bag"
          - shuffle: bag
          - deal: {from: bag, to: "[hand[p] for p in players]", count: "1 + k % 2"}
          - name: before
            set: {k: "k + 1 + 0 * (4 // (count(bag) - 1))"}
          - name: puts
            simultaneous: put
            players: "[p for p in players if count(hand[p]) > 0 and 5 // (count(hand[p]) - 4) < 9]"
          - name: after
            set: {n: "n + 12 // (count(pile[0]) + count(pile[1]) - 7)"}
          - name: tally
            for: p in players
            do:
              - score: {player: p, add: 1}
winners: {highest: "score[p]"}
"""


def steps_noted(ruleset, n, seed, shared) -> tuple:
    """play_out's picks, each with the flow it sees (frames, pending step, steps), the rounds begun and their scores, and
    the work left; then the failure that stopped the game (or None) and the state it ends in."""
    seen, draw, picks = [], random.Random(seed).random, seat_pickers(seed, n)
    game = Game(ruleset, n, seed=seed)

    def noting(pick):
        S = game.state
        return lambda *k: seen.append((flow_seen(game), S.flow.in_round, repr(S.round_scores), game._work_left)) or pick(*k)
    try:
        if shared:
            game.play_out(random=noting(draw))
        else:
            game.play_out(pickers=[noting(pick) for pick in picks])
    except PhiltreError as exc:
        return seen, str(exc), state_of(game)
    return seen, None, state_of(game)


def steps_played(ruleset, counts, seeds, monkeypatch) -> tuple:
    """Each game's picks and end (steps_noted) by (players, seed, shared), and how many steps the handler listed."""
    handled, step = Counter(), Game._h_simultaneous

    def counted(game, stmt, L):
        handled[stmt.args["actions"]] += 1
        return step(game, stmt, L)
    with monkeypatch.context() as patched:
        patched.setitem(game_module.HANDLERS, "simultaneous", counted)
        games = {(n, seed, shared): steps_noted(ruleset, n, seed, shared) for n in counts for seed in seeds for shared in (False, True)}
    return games, sum(handled.values())


@pytest.mark.parametrize("limit", [10_000, 31, 34, 37, 40, 43, 46, 52, 58])
def test_play_out_goes_from_a_step_to_the_next_as_the_frame_machine_does(limit, tmp_path, monkeypatch):
    """Where a loop's pass ends by runners alone and its next pass starts at a simultaneous step the seats' twin lists,
    play_out takes the frame machine's path to that step and the step's listing itself (Game._play_unrecorded), and where
    such a loop ends, on to the step after it: at every pick the same frames, pending step, steps and work left, and the
    same end or failure (R100 after the step, in the `until`, before the step, in its seats' expression, in its listing,
    in the seats' expression of the step after the loop; R200 anywhere in the cycle) and state as without that path
    (every step through Game._run and the handler) and as the API loop; and the path is taken."""
    codes = cycles_compared(STEP_CYCLES, limit, tmp_path, monkeypatch, ["again", "passes", "rounds", "rounds"],  # (the until's frame and its round's)
                            [("passes", "settle")], [])
    if limit == 10_000:
        assert {"end", "R100 after", "R100 before", "R100 puts", "R100 put", "R100 rounds", "R100 settle"} <= set(codes), codes
    else:
        assert any(code.startswith("R200") for code in codes), codes


def cycles_compared(text, limit, tmp_path, monkeypatch, cycling, after, entering) -> Counter:
    """A ruleset of step cycles (``text``, its step limit ``limit``) played by play_out with its own path from a step to
    the next and without it (without_step_cycles), and by the API loop: the same picks, flow, work, ends and failures,
    the handler listing fewer steps with it; ``cycling``, ``after`` and ``entering``, the labels of the loops whose ends
    hold a next step, a step after them and a loop entered (Runners.ends' seventh, eighth and last elements). The ends
    by code and label."""
    path = tmp_path / f"step_cycles_{limit}.yaml"
    path.write_text(text.replace("LIMIT", str(limit)))
    ruleset = load_ruleset(str(path))
    ends = runners.Runners(ruleset, plain=True).ends.values()
    assert sorted(end[2].label for end in ends if end[6] is not None) == cycling
    assert [(end[2].label, end[7][0].label) for end in ends if end[7] is not None] == after
    assert sorted((end[2].label, end[8][0].label) for end in ends if end[8] is not None) == entering
    cycled, handled = steps_played(ruleset, (2, 3, 4), range(12), monkeypatch)
    if entering and limit == 10_000:  # (the loops entered by play_out's own path: the handler lists more steps without it alone)
        with monkeypatch.context() as patched:
            patched.setattr(runners, "_entered", lambda loop, start, steps, starts, statements, rows: None)
            patched.setattr(runners, "_PREPARED", type(runners._PREPARED)())
            assert steps_played(ruleset, (2, 3, 4), range(12), monkeypatch)[1] > handled
    without_step_cycles(monkeypatch)
    plain, handled_plain = steps_played(ruleset, (2, 3, 4), range(12), monkeypatch)
    codes = Counter()
    for (n, seed, shared), (seen, failure, state) in cycled.items():
        assert (seen, failure, state) == plain[n, seed, shared], (n, seed, shared)
        _, end, _ = by_loop(ruleset, n, seed, shared)
        assert end == (failure or state), (n, seed, shared)
        codes[failure.split(" ")[1] + " " + failure.split("'")[1] if failure else "end"] += 1
    assert handled < handled_plain, (handled, handled_plain)
    return codes


# loops whose next pass starts at a loop whose own pass starts at a simultaneous step its seats' twin lists (Runners.ends'
# last element): a `repeat` of rounds (Poisons' rounds, whose round starts its `filling` loop of pours after runners)
# entering a `repeat` whose count is 0 in some passes and fails in some games, followed by a step, and an `until`
# entering a `for` whose items may be none and whose step's seats may be none; the effects before the loop entered, its
# effects before the step, its step's seats, the listing and the `until` each fail in some games (R100), and the step
# limit is reached within the cycle in some (R200)
ENTERED_CYCLES = STEP_CYCLES.split("flow:")[0] + """flow:
  - name: rounds
    repeat: 4
    as: r
    do:
      - round:
          - name: refill
            move: "[c for z in pile for c in z] -> bag"
          - shuffle: bag
          - deal: {from: bag, to: "[hand[p] for p in players]", count: 2}
          - name: before
            set: {k: "k + 1 + 0 * (4 // (count(bag) - 1))"}
          - name: passes
            repeat: "(k + r + score[0]) % 3 + 0 * (9 // (score[1] % 5 - 4))"
            as: s
            do:
              - set: {n: n + s}
              - name: puts
                simultaneous: put
                players: "[p for p in players if count(hand[p]) > 0]"
          - name: last
            simultaneous: put
            players: "[p for p in players if count(hand[p]) > 0 and score[p] % 2 == 0]"
  - name: cycles
    until: "k >= 12 or 10 // (n % 7 - 5) > 50"
    do:
      - name: gather
        move: "[c for z in pile for c in z] -> bag"
      - shuffle: bag
      - deal: {from: bag, to: "[hand[p] for p in players]", count: 1}
      - set: {k: "k + 1"}
      - name: each
        for: "p in [q for q in players if q > n % 3]"
        do:
          - name: tell
            set: {n: "n + p + 0 * (5 // (count(pile[2]) - 3))"}
          - name: one
            simultaneous: put
            players: "[q for q in players if count(hand[q]) > 0 and 7 // ((n + k) % 13 - 12) < 9]"
"""


@pytest.mark.parametrize("limit", [10_000, 37, 45, 54, 63, 72, 84, 97, 110])
def test_play_out_enters_a_loop_whose_pass_starts_at_a_step_as_the_frame_machine_does(limit, tmp_path, monkeypatch):
    """Where a loop's next pass starts at a loop whose pass starts at a simultaneous step the seats' twin lists, play_out
    enters that loop (its handler) and goes on to the step itself (Game._play_unrecorded): the same picks, flow, work,
    ends and failures as without that path and as the API loop, where the loop entered makes no pass too (R100 in its
    count, in its effects, in the `until`, in the step's seats; R200 within the cycle)."""
    codes = cycles_compared(ENTERED_CYCLES, limit, tmp_path, monkeypatch, ["cycles", "passes", "rounds", "rounds"],
                            [("passes", "last")], [("cycles", "each"), ("rounds", "passes"), ("rounds", "passes")])
    if limit == 10_000:
        assert {"end", "R100 before", "R100 passes", "R100 tell", "R100 one", "R100 put", "R100 cycles"} <= set(codes), codes
    else:
        assert any(code.startswith("R200") for code in codes), codes


# loops whose pass starts at one statement that counts its one step (a `set`) before a simultaneous step its seats'
# twin lists (runners.stepless: its twin without its step): a round's `until` whose `set` fails in some games (R100,
# its step and the decision's after it given back), whose step's seats may be none, and a `repeat` after it; the step
# limit reached at the round's start, at the `set`, at the step and elsewhere in the cycle (R200)
STEPLESS_CYCLES = STEP_CYCLES.split("flow:")[0] + """flow:
  - shuffle: bag
  - deal: {from: bag, to: "[hand[p] for p in players]", count: 3}
  - name: rounds
    until: "k >= 7"
    do:
      - round:
          - name: before
            set: {k: "k + 1 + 0 * (6 // (count(pile[0]) + count(pile[1]) - 5))"}
          - name: puts
            simultaneous: put
            players: "[p for p in players if count(hand[p]) > 0 and (k + p) % 3 != 0]"
          - name: back
            move: "[c for z in pile for c in z if c.v == k % 4] -> bag"
          - deal: {from: bag, to: "[hand[p] for p in players]", count: 1}
  - name: repeated
    repeat: 3
    as: s
    do:
      - set: {n: "n + s"}
      - simultaneous: put
"""


@pytest.mark.parametrize("limit", [10_000, *range(20, 60, 3)])
def test_play_out_counts_a_pass_starts_step_and_its_decisions_with_the_rounds_start_as_the_frame_machine_does(
        limit, tmp_path, monkeypatch):
    """Where a loop's pass starts at one fused statement that counts its one step (runners.stepless), play_out counts
    that step and the decision's after it with the round's start and calls the statement's twin without its step (its
    failure gives the decision's back): at every pick the same frames, pending step, steps and work left, and the same
    end or failure (R100 in the statement, R200 anywhere in the cycle) and state as without the twin, as without that
    path and as the API loop; and POK's roll is such a statement (it fails where the twin is no longer made)."""
    path = tmp_path / f"stepless_{limit}.yaml"
    path.write_text(STEPLESS_CYCLES.replace("LIMIT", str(limit)))
    ruleset = load_ruleset(str(path))
    ends = runners.Runners(ruleset, plain=True).ends.values()
    assert sorted(end[2].label for end in ends if end[9] is not None) == ["repeated", "rounds", "rounds"]
    pok = [end for end in runners.Runners(load_ruleset("pok"), plain=True).ends.values() if end[9] is not None]
    assert pok and all("_runaway" not in twin.__code__.co_names for end in pok for twin in end[9])
    assert all(game_module._end_parts(end)[10] == 3 for end in pok)  # (the round's start, the roll's and the show's steps)
    stepless, _ = steps_played(ruleset, (2, 3, 4), range(12), monkeypatch)
    with monkeypatch.context() as patched:
        patched.setattr(runners, "stepless", lambda runs, decision, enter: None)
        patched.setattr(runners, "_PREPARED", type(runners._PREPARED)())
        counted, _ = steps_played(ruleset, (2, 3, 4), range(12), monkeypatch)
    without_step_cycles(monkeypatch)
    plain, _ = steps_played(ruleset, (2, 3, 4), range(12), monkeypatch)
    codes = Counter()
    for key, (seen, failure, state) in stepless.items():
        assert (seen, failure, state) == counted[key] == plain[key], key
        _, end, _ = by_loop(ruleset, *key)
        assert end == (failure or state), key
        codes[failure.split(" ")[1] + " " + failure.split("'")[1] if failure else "end"] += 1
    if limit == 10_000:
        assert {"end", "R100 before"} <= set(codes), codes
    else:
        assert any(code.startswith("R200") for code in codes), codes


@pytest.mark.parametrize("limit", [10_000, 54, 72])
def test_play_out_opens_a_repeat_it_enters_as_its_handler_does(limit, tmp_path, monkeypatch):
    """A `repeat` play_out enters at its pass start (Runners.ends' last element) is opened by Game._play_unrecorded itself
    (Game._h_repeat written out, its count's code, variable and body read once: runners._opening), with the handler's
    frames, names, steps and failures: a count that is no whole number in the last round fails as the handler fails
    (R100), the same games as without that path and as the API loop."""
    text = ENTERED_CYCLES.replace('repeat: "(k + r + score[0]) % 3 + 0 * (9 // (score[1] % 5 - 4))"',
                                  "repeat: \"(k + r + score[0]) % 3 if r < 3 or score[0] % 2 == 0 else none\"")
    codes = cycles_compared(text, limit, tmp_path, monkeypatch, ["cycles", "passes", "rounds", "rounds"],
                            [("passes", "last")], [("cycles", "each"), ("rounds", "passes"), ("rounds", "passes")])
    if limit == 10_000:
        assert {"end", "R100 passes"} <= set(codes), codes


def test_play_out_says_to_use_whole_number_division_where_a_repeat_it_enters_counts_a_fraction(tmp_path, monkeypatch):
    """A `repeat` play_out opens itself (runners._opening) whose count is a fraction ('/' of a variable) said only 'repeat
    needs a whole number, got 2.5' there, as the handler and the API loop did before they gave the hint: the same
    failure by every path, with the hint `validate` gives where it knows the fraction before the game (E120)."""
    text = ENTERED_CYCLES.replace('repeat: "(k + r + score[0]) % 3 + 0 * (9 // (score[1] % 5 - 4))"',
                                  'repeat: "(k + r + score[0]) % 3 if r < 3 or score[0] % 2 == 0 else (2 * n + 1) / 2"')
    codes = cycles_compared(text, 10_000, tmp_path, monkeypatch, ["cycles", "passes", "rounds", "rounds"],
                            [("passes", "last")], [("cycles", "each"), ("rounds", "passes"), ("rounds", "passes")])
    assert codes["R100 passes"], codes
    ruleset = load_ruleset(str(tmp_path / "step_cycles_10000.yaml"))
    said = set()
    for seed in range(12):
        game = Game(ruleset, 3, seed=seed)
        try:
            game.play_out(random=random.Random(seed).random)
        except PhiltreError as exc:
            said.add(str(exc))
    failed = [line for line in said if "rule 'passes' failed in its count" in line]
    assert failed and all("('/' gives a fraction; use '//' for whole-number division)" in line for line in failed), said


def test_poisons_filling_is_opened_without_the_repeats_handler(monkeypatch):
    """Poisons' rounds enter its filling (a `repeat` whose pass starts at the pour) at each round's start: play_out opens it
    without calling the handler (runners._opening), which opens it again where that shortcut is gone, the same games."""
    handler, opened = game_module.HANDLERS["repeat"], Counter()
    monkeypatch.setitem(game_module.HANDLERS, "repeat", lambda game, stmt, L: opened.update([stmt.label]) or handler(game, stmt, L))

    def played(ruleset):
        games = []
        for seed in range(4):
            game = Game(ruleset, 4, seed=seed)
            game.play_out(random=random.Random(seed).random)
            games.append((game.state.scores, game.state.flow.steps, game.winners))
        return games
    ruleset = load_ruleset("poisons")
    assert {opening[3] is not None for end in runners_for(ruleset).ends.values() if (opening := end[8])} == {True}  # (the rounds' and their round's)
    kept = played(ruleset)
    assert not opened
    monkeypatch.setattr(runners, "_opening", lambda loop: None)
    monkeypatch.setattr(runners, "_PREPARED", type(runners._PREPARED)())
    assert played(load_ruleset("poisons")) == kept and opened["filling"] == 4 * 3


@pytest.mark.parametrize("name, counts", [("pok", (3, 5)), ("poisons", (4, 6)), (SEATS, (3, 4))])
def test_play_out_goes_from_a_shipped_step_to_the_next_as_the_frame_machine_does(name, counts, monkeypatch):
    """POK's rounds and Poisons' pouring passes, and bare_seats.yaml's loops of one step (whose listings fail, group and
    list none in some games: R100, R300), played with play_out's own path from a step to the next and without it: the
    same flow, steps and work at every pick, and the same end."""
    ruleset = load_ruleset(name)
    seeds = range(10 if name == SEATS else 3)
    cycled, handled = steps_played(ruleset, counts, seeds, monkeypatch)
    without_step_cycles(monkeypatch)
    plain, handled_plain = steps_played(ruleset, counts, seeds, monkeypatch)
    assert cycled == plain and handled < handled_plain
    if name == SEATS:
        assert {failure.split(" ")[1] for _, failure, _ in cycled.values() if failure} >= {"R100", "R300"}


class _FromOne(random.Random):
    """A standard generator whose own random() gives 1.0: never an index (D003)."""

    def random(self):
        return 1.0


def test_only_the_standard_generators_own_random_is_known_to_give_an_index():
    """play_out's seats pick without testing the product only with the standard generator's random() (C code: a float
    below 1); a subclass's own random, SystemRandom's, another method of the generator or any other function is tested."""
    assert game_module.below_one(random.Random(1).random) and game_module.below_one(random.random)
    assert not any(game_module.below_one(f) for f in (None, random.Random(1).getrandbits, random.SystemRandom().random,
                                                       _FromOne(1).random, lambda: 0.5, len, random.Random(1).random.__call__))


def test_the_standard_generators_random_given_again_is_found_by_identity(monkeypatch):
    """The function below_one found last to be the standard generator's random() (game._FOUND_BELOW_ONE) is found again by
    identity: a playout given it again calls below_one no more, one given another such function tests that one, one given
    a function that is not such tests it at each playout, and the games are those of a function tested anew."""
    ruleset = load_ruleset("poisons")
    draw = random.Random(3).random
    Game(ruleset, 4, seed=1).play_out(random=draw)
    assert game_module._FOUND_BELOW_ONE[0] is draw
    below, tested = game_module.below_one, []
    monkeypatch.setattr(game_module, "below_one", lambda f: tested.append(f) or below(f))
    twin = random.Random()
    twin.setstate(draw.__self__.getstate())  # (another generator in the same state: the same numbers)
    found, anew = Game(ruleset, 4, seed=2), Game(ruleset, 4, seed=2)
    found.play_out(random=draw)
    assert tested == []
    anew.play_out(random=twin.random)
    assert len(tested) == 1 and game_module._FOUND_BELOW_ONE[0] is tested[0] is not draw
    assert (found.state.scores, found.state.flow.steps, found.winners) == (anew.state.scores, anew.state.flow.steps, anew.winners)
    half = lambda: 0.5  # noqa: E731 - a function that is not the standard generator's
    for seed in (3, 4):
        Game(ruleset, 4, seed=seed).play_out(random=half)
    assert tested[1:] == [half, half] and game_module._FOUND_BELOW_ONE[0] is tested[0]


@pytest.mark.parametrize("name, n", [("pok", 5), ("pok", 3), ("poisons", 4), ("poisons", 6), (SEATS, 3)])
def test_a_step_picked_by_the_standard_generator_is_the_game_any_function_giving_its_numbers_plays(name, n):
    """A simultaneous step's seats picking with the standard generator's random() (below_one: the product untested) play
    the games a function giving the same numbers plays (each pick tested): the same ends, failures, states and draws."""
    ruleset = load_ruleset(name)
    for seed in range(8):
        ends = []
        for exact in (True, False):
            draw = random.Random(seed)
            game = Game(ruleset, n, seed=seed)
            try:
                game.play_out(random=draw.random if exact else lambda: draw.random())
                end = None
            except PhiltreError as exc:
                end = str(exc)
            ends.append((end, state_of(game), draw.random()))
        assert ends[0] == ends[1], (seed, ends)


def test_a_generator_whose_own_random_gives_one_fails_at_a_step_as_a_pick_out_of_range():
    """A subclass of the standard generator whose random() gives 1.0 is tested at each pick: D003 at POK's first step."""
    game = Game(load_ruleset("pok"), 5, seed=1)
    with pytest.raises(PhiltreError) as info:
        game.play_out(random=_FromOne(1).random)
    assert info.value.first.code == "D003" and game.decisions == 0


@pytest.mark.parametrize("name, n", [("pok", 5), ("poisons", 4)])
def test_the_flows_end_after_its_last_loop_is_written_out_and_counted_as_the_api_loop_counts_it(name, n, tmp_path, monkeypatch):
    """Where the flow's last loop ends the game from a simultaneous step's end (Game._play_unrecorded), the flow's
    block ends there (its step, work and limit) and the winners are chosen without _run's call; with the step limit
    at the game's last steps, the same end or R200 as the API loop."""
    finishing = []
    run = Game._run

    def noted(game):
        run(game)
        finishing.append(game.finished)

    monkeypatch.setattr(Game, "_run", noted)
    text = Path(resolve_ruleset_path(name)).read_text(encoding="utf-8")
    for seed in range(3):
        steps = by_loop(load_ruleset(name), n, seed, shared=True)[2].state.flow.steps
        for limit in (steps - 2, steps - 1, steps, steps + 1):
            path = tmp_path / name / "ruleset.yaml"
            path.parent.mkdir(exist_ok=True)
            path.write_text(f"{text}\nstep_limit: {limit}\n", encoding="utf-8")
            ruleset = load_ruleset(str(path))
            played = by_play_out(ruleset, n, seed, shared=True)
            assert played[1] == by_loop(ruleset, n, seed, shared=True)[1]
            assert isinstance(played[1], str) == (limit < steps)
        finishing.clear()
        Game(load_ruleset(name), n, seed=seed).play_out(random=random.Random(seed).random)
        assert not any(finishing)  # (no call of _run ended the game)


@pytest.mark.parametrize("outcome", ["played", "listed alone", "not listed", "failed listed", "failed unlisted"])
def test_the_history_around_a_fused_step_has_the_scores_where_the_step_was_listed(outcome):
    """Game._scored_around: the scores the history has not seen, with the decisions before the step, go in where the
    step's one function listed it (True, None; or a failure once it counted the seats' decisions, as a failing effect),
    not where the listing failed (False; or a failure before any decision was counted: an interrupt in the listing)."""
    game = Game(load_ruleset("pok"), 3, seed=1)
    history, last = [], [0, 0, 0]
    game.state.scores[1] = 2  # (a change the history has not seen)

    def fused(game_, S, named, players, choices, distinct, where, drawn):
        if outcome.startswith("failed"):
            if outcome == "failed listed":
                game_.decisions += 3
            raise KeyboardInterrupt
        return {"played": True, "listed alone": None, "not listed": False}[outcome]
    try:
        whole, kept = game._scored_around(fused, {}, [0, 1, 2], {}, None, history, last)
    except KeyboardInterrupt:
        whole = kept = "raised"
    listed = outcome in ("played", "listed alone", "failed listed")
    assert history == ([(0, (0, 2, 0))] if listed else [])
    assert kept == ("raised" if outcome.startswith("failed") else [0, 2, 0] if listed else last)


def test_a_fused_functions_draw_of_no_known_form_is_not_rewritten_for_pickers():
    """runners._by_pickers rewrites the draws it knows (an index of a listing, a stage's tuple, the one option of a
    stage, a failing seat's followers) and makes no function where any other `random_()` is left: a bare draw that is
    not the one option's is never taken for it."""
    known = "        random_()\n        value_ = dist0_p1\n        value_ = out[(LENGTHS[len(out)] * random_()).__trunc__()]\n"
    assert runners._by_pickers(known) == ("        pickers_[seat_](1)\n        value_ = dist0_p1\n"
                                          "        value_ = out[pickers_[seat_](len(out))]\n")
    assert runners._by_pickers(known + "        random_()\n") is None
    assert runners._by_pickers("                for _ in range(seats_ - reached):\n                    random_()\n") is None
