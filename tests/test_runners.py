"""Statements that cannot pause run as runners (interpreter/runners.py); the frame machine
runs the same kinds of statement when they hold a decision. Both ways must give the same
games: the same records, event for event, and the same scenario results."""

import json
import random
import re
from collections import Counter
from pathlib import Path

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.overlays import variant_paths
from philtre.dsl.loader import resolve_ruleset_path
from philtre.dsl.errors import PhiltreError
from philtre.dsl.values import Component, Zone
from philtre.interpreter import Game
from philtre.interpreter.coverage import blocks_of
from philtre.interpreter.effects import MAX_VALUE_ITEMS, _walk_unkeepable, unkeepable
from philtre.interpreter.game import HANDLERS
from philtre.interpreter.runners import KINDS, Runners, can_pause, lone_decisions_of
from philtre.interpreter.scenarios import run_scenarios

LOOPS = str(Path(__file__).parent / "data" / "loops.yaml")  # every loop and block kind, with no decision inside
LONE = str(Path(__file__).parent / "data" / "lone_decisions.yaml")  # every loop kind whose body is one decision
LONE_ROUNDS = str(Path(__file__).parent / "data" / "lone_rounds.yaml")  # every loop kind whose body is one round
ENDS = str(Path(__file__).parent / "data" / "end_game_paths.yaml")  # an end_game in an action, in a round's runners
CONFIGURATIONS = [("poison", (), (3, 6)), ("poison", ("draw-pile",), (4,)), ("pok", (), (3, 7)),
                  ("poisons", (), (4, 8)), ("poisons", ("advanced",), (5,)), ("poisons", ("three-players",), (3,)),
                  ("hue", (), (2, 5)), ("hue", ("strict-poison",), (3,)), (LOOPS, (), (2, 3)), (ENDS, (), (2, 3))]
GAMES = 25


def runners_once(**options):
    """A ``runners_for`` that makes each ruleset's ``Runners(rs, **options)`` at its first game only (making them
    compiles the ruleset's runners: once a game cost a limit-by-limit test most of its time); the ruleset is kept
    beside them, so that an id freed and given to another ruleset is never taken for it."""
    made = {}

    def runners_for(rs):
        kept = made.get(id(rs))
        if kept is None or kept[0] is not rs:
            kept = made[id(rs)] = (rs, Runners(rs, **options))
        return kept[1]
    return runners_for


def frames_only(monkeypatch):
    """From now on, games leave every loop and block of the flow to the frame machine."""
    monkeypatch.setattr("philtre.interpreter.game.runners_for", runners_once(loops=False))


def play(ruleset, players, seed) -> list:
    """The full record of a uniformly random game."""
    return played(Game(ruleset, players, seed=seed, record=True), seed).recorder.lines()


def played(game, seed):
    """``game`` played to its end, each seat picking uniformly among its options (seeded by ``seed``)."""
    rng = random.Random(seed)
    while not game.finished:
        for p in game.pending():
            options = game.options(p)
            game.apply(p, options[rng.randrange(len(options))])
    return game


@pytest.mark.parametrize("name, variants, counts", CONFIGURATIONS)
def test_runners_and_frames_play_identical_games(name, variants, counts, monkeypatch):
    ruleset = load_ruleset(name, list(variants))
    with_runners = {(n, seed): play(ruleset, n, seed) for n in counts for seed in range(GAMES)}
    frames_only(monkeypatch)
    for (n, seed), record in with_runners.items():
        assert play(ruleset, n, seed) == record, f"{name} {variants} x{n} seed {seed}"


def final_state(ruleset, players, seed, record) -> tuple:
    """The options chosen in a uniformly random game (with the steps and the work left after each), and where every
    component ended, face up or not."""
    game = Game(ruleset, players, seed=seed, record=record)
    rng, chosen = random.Random(seed), []
    while not game.finished:
        for p in game.pending():
            options = game.options(p)
            option = options[rng.randrange(len(options))]
            game.apply(p, option)
            chosen.append((repr(option), game.state.flow.steps, game._work_left))
    S = game.state
    zones = {name: [[c["id"] for c in zone] for zone in family] for name, family in S.zones.items()}
    return chosen, zones, sorted(S.revealed), dict(S.placed), S.scores, game.winners


@pytest.mark.parametrize("name, variants, counts", CONFIGURATIONS)
def test_a_game_plays_the_same_whether_it_is_recorded_or_not(name, variants, counts):
    # an unrecorded game moves a single component without a record's bookkeeping (effects.move_one), and counts
    # the same steps and work: a move of a few components charges none either way (effects.FEW_MOVED)
    ruleset = load_ruleset(name, list(variants))
    for n in counts:
        for seed in range(10):
            unrecorded, recorded = (final_state(ruleset, n, seed, record) for record in (False, True))
            assert unrecorded == recorded, f"{name} {variants} x{n} seed {seed}"


@pytest.mark.parametrize("name, variants, counts", CONFIGURATIONS)
def test_fused_effect_runners_play_as_the_effect_handlers(name, variants, counts, monkeypatch):
    # a `set` of one variable, a `score`, a `move`, a `roll` and a `for` run as one function each (runners.fused_runner):
    # the same games, recorded or not, as with every effect run through its handler in effects.py
    ruleset = load_ruleset(name, list(variants))

    def games(n, seed):
        return play(ruleset, n, seed), final_state(ruleset, n, seed, False), covered(ruleset, n, seed)

    fused = {(n, seed): games(n, seed) for n in counts for seed in range(10)}
    monkeypatch.setattr("philtre.interpreter.runners.FUSED", False)
    monkeypatch.setattr("philtre.interpreter.game.runners_for", runners_once())
    for (n, seed), found in fused.items():
        assert games(n, seed) == found, f"{name} {variants} x{n} seed {seed}"


@pytest.mark.parametrize("name, variants, counts", CONFIGURATIONS)
def test_games_play_the_same_with_many_components_moved_and_dealt_at_once_or_one_at_a_time(name, variants, counts, monkeypatch):
    # an unrecorded move of many components and a deal handle them by zones (effects.AT_ONCE: tests/test_at_once.py)
    ruleset = load_ruleset(name, list(variants))

    def games(n, seed):
        return play(ruleset, n, seed), final_state(ruleset, n, seed, False)

    at_once = {(n, seed): games(n, seed) for n in counts for seed in range(6)}
    monkeypatch.setattr("philtre.interpreter.effects.AT_ONCE", False)
    for (n, seed), found in at_once.items():
        assert games(n, seed) == found, f"{name} {variants} x{n} seed {seed}"


def covered(ruleset, players, seed) -> dict:
    """The rule coverage of a uniformly random game: times each statement ran (by its place) and each action was taken."""
    counts = Counter()
    played(Game(ruleset, players, seed=seed, coverage=counts), seed)
    return {(k if isinstance(k, str) else (k.kind, k.label, str(k.loc))): v for k, v in counts.items()}


@pytest.mark.parametrize("name", ["poison", "pok", "poisons", "hue"])
def test_the_scenarios_pass_with_frames_only(name, monkeypatch):
    frames_only(monkeypatch)
    results = run_scenarios(load_ruleset(name))
    assert results and all(r.passed for r in results), [r.failures for r in results if not r.passed]


def test_the_loops_file_has_every_kind_of_loop_and_block_as_runners():
    ruleset = load_ruleset(LOOPS)

    def inside(stmt):
        """The statement and every statement nested in it."""
        yield stmt
        for block in blocks_of(stmt):
            for nested in block:
                yield from inside(nested)

    kinds = {s.kind for top in _with_runners(ruleset, Runners(ruleset)) for s in inside(top)}
    assert set(KINDS) - {"do"} <= kinds  # a `do` block runs as `else` and as action bodies


def test_a_for_whose_body_has_fused_runners_runs_it_written_out_in_its_loop():
    """A `for` whose body's statements all have fused runners runs them in its own loop, without a call of a
    body's runner per item (runners._FOR_BLOCK): alone, and as a statement of a fused block, with `when`,
    `else` and a `for` inside. The loops file has both, so the tests above play them against the frame
    machine, against every effect through its handler (FUSED off) and recorded."""
    from philtre.interpreter.runners import _statements, block_runner, fused_runner

    ruleset = load_ruleset(LOOPS)
    by_label = {stmt.label: stmt for stmt in _statements(ruleset.flow)}
    tally, bonus = by_label["tally"], by_label["bonus"]
    block = next(stmt for stmt in _statements(ruleset.flow) if stmt.kind == "do" and bonus in stmt.args["body"])
    limit = ruleset.step_limit
    assert fused_runner(tally, limit, None, None, None).__code__.co_filename == "<philtre runner for move_fn_one score_seat_fn_none roll_1 for>"
    assert block_runner(block.args["body"], limit, None).__code__.co_filename == "<philtre runner block set for>"
    counts = Counter()
    played(Game(ruleset, 3, seed=4, coverage=counts), 4)
    assert counts[tally] and counts[tally.args["body"][1]] and counts[tally.args["body"][3]] and counts[bonus]


def test_a_move_reads_a_zone_of_a_family_at_a_local_name_without_its_expressions_call():
    """`move: shown[p] -> hand[p]` (POK's take-back) and `move: counter -> shown[me]` (its action): a zone of a
    family read at a local name's index, all its expression does (Expr.zone_local), is read by the fused
    runner itself (runners._MOVE_PARTS). The tests above play POK and Poison (`into -> taken[me]`) with it
    against every move through its handler (FUSED off), the frame machine and recorded games."""
    from philtre.interpreter.runners import _statements, block_runner, fused_runner

    ruleset = load_ruleset("pok")
    by_label = {stmt.label: stmt for stmt in _statements(ruleset.flow)}
    take_back, hand_over = by_label["take-back"], by_label["hand-over"]
    move = take_back.args["body"][0]
    assert (move.args["what"].zone_local, move.args["to"].zone_local) == (("shown", "p"), ("hand", "p"))
    # `p` of `handing_over`, a list of seats or `[]`: its items are seats too (compiler._empty_list)
    assert hand_over.args["body"][0].args["what"].zone_local == ("shown", "p")
    limit = ruleset.step_limit
    assert fused_runner(take_back, limit, None, None, None).__code__.co_filename == "<philtre runner for move_zitem_zitem_apart>"
    show = ruleset.actions["show"].body
    assert block_runner(show, limit, None).__code__.co_filename == "<philtre runner what_local, to_zone, to_name>"


def test_with_frames_only_loops_and_blocks_run_on_frames():
    ruleset = load_ruleset("pok")
    frames = Runners(ruleset, loops=False)
    kinds = {stmt.kind for block in [ruleset.flow, *[b for s in ruleset.flow for b in blocks_of(s)]] for stmt in block}
    assert kinds & set(KINDS), "the check needs loops or blocks in the flow"
    assert frames.statements and all(ruleset_stmt.kind not in KINDS for ruleset_stmt in _with_runners(ruleset, frames))


def _with_runners(ruleset, made):
    """The flow's statements that have a runner in ``made``."""
    def walk(block):
        for stmt in block:
            yield stmt
            for inner in blocks_of(stmt):
                yield from walk(inner)
    return [stmt for stmt in walk(ruleset.flow) if id(stmt) in made.statements]


def test_only_decisions_and_what_holds_them_are_left_to_the_frame_machine():
    ruleset = load_ruleset("poisons", ["advanced"])
    made = Runners(ruleset)

    def left_to_frames(block):
        """The statements the frame machine meets: those without a runner, and what they hold."""
        for stmt in block:
            if id(stmt) not in made.statements:
                yield stmt
                for inner in blocks_of(stmt):
                    yield from left_to_frames(inner)

    left = list(left_to_frames(ruleset.flow))
    assert left and all(can_pause(stmt) and stmt.kind in HANDLERS for stmt in left)
    assert {"decide", "simultaneous"} & {stmt.kind for stmt in left}


RUNAWAY = """\
philtre: 1
game: runaway
players: 2
step_limit: 2000
components:
  card: {attributes: {rank: [1, 2]}, start: deck}
zones:
  deck: {visible: nobody}
variables: {x: 0}
flow:
  - name: forever
    until: x < 0
    do:
      - do:
          - round:
              - set: {x: x + 1}
"""


@pytest.mark.parametrize("frames", [False, True])
def test_a_runaway_loop_is_blamed_through_blocks_nested_in_it(frames, tmp_path, monkeypatch):
    """R200 names the innermost loop, also when the step limit is reached inside a block
    nested in it (a `do`, a `round`), both ways of running them."""
    from philtre.dsl.errors import PhiltreError

    if frames:
        frames_only(monkeypatch)
    path = tmp_path / "runaway.yaml"
    path.write_text(RUNAWAY)
    with pytest.raises(PhiltreError) as info:
        Game(load_ruleset(str(path)), 2, seed=1)
    first = info.value.first
    assert first.code == "R200" and "'forever'" in first.message
    assert (first.loc.line, first.loc.col) == (12, 5)  # its `until`


def test_an_effect_whose_else_holds_a_decision_runs_either_way():
    """`when: bust` + `set:` + `else: [..., decide]`: the statement can pause, through its else,
    so the frame machine runs it; when the condition holds the effect itself must run."""
    from collections import Counter

    rules = load_ruleset(str(Path(__file__).parent / "data" / "dice_only.yaml"))
    bust = next(s for s in rules.flow[0].args["body"][1].args["body"] if s.label == "bust")
    fired, rng = Counter(), random.Random(3)
    for seed in range(20):
        game = Game(rules, 2, seed=seed, coverage=fired)
        while not game.finished:
            seat = game.pending()[0]
            options = game.options(seat)
            game.apply(seat, options[rng.randrange(len(options))])
        assert max(game.scores) >= 20
    assert fired[bust] > 0, "the set ran when the die showed 1"
    assert fired["again"] > 0 and fired["stop"] > 0, "and the else block's decision was taken otherwise"


NESTED = [[], {}, [1, "a"], {"k": 1}, [[]], [{}], {"k": []}, [[1], 2], [Zone(("z", 0), [])], [Component("c", 0, {})],
          [[[[1]]]], [Zone(("z", 0), [[1]])], {"k": {"k": [1]}}, 5, None, "word", Zone(("z", 1), [])]


@pytest.mark.parametrize("value", NESTED)
def test_a_value_that_does_not_nest_is_found_without_the_walk(value):
    # a `set` checks how deep lists and maps nest in the value it keeps (effects.unkeepable)
    for limit in range(5):
        assert unkeepable(value, limit) == _walk_unkeepable(value, limit, MAX_VALUE_ITEMS), (value, limit)


SIMULTANEOUS_WITHOUT_OPTIONS = """\
philtre: 1
game: stalls
players: 3
components:
  chip: {copies: 1, start: hand, each: player}
zones:
  hand: {each: player, visible: owner}
  pot: {visible: everyone}
actions:
  give:
    choose: {chip: "hand[me]"}
    do:
      - move: chip -> pot
flow:
  - move: hand[1] -> pot
  - name: everyone gives
    simultaneous: give
winners: {highest: "score[p]"}
"""


def test_a_simultaneous_step_with_a_seat_without_options_is_r300_at_the_rule(tmp_path):
    # the step lists every seat's options at once (Game._h_simultaneous), in seat order
    path = tmp_path / "stalls.yaml"
    path.write_text(SIMULTANEOUS_WITHOUT_OPTIONS)
    with pytest.raises(PhiltreError) as failed:
        Game(load_ruleset(str(path)), 3, seed=1)
    assert f"{path}:17:5: R300 seat 1 must decide (give) but has no legal option" in str(failed.value)


@pytest.mark.parametrize("name, counts, remembering", [("pok", (3, 7), {"show": False}),
                                                     ("poisons", (4, 8), {"pour": False, "drink": False}),
                                                     ("poison", (4,), {"play": True}),
                                                     (LONE, (2, 3), {"pick": False, "tick": False, "back": False})])
def test_a_simultaneous_step_whose_lister_calls_no_definition_lists_without_a_memo(name, counts, remembering, monkeypatch):
    """A simultaneous step sets up a memo of definitions for each seat's listing only where its lister may read one
    (Runners.remembering): POK's `show` and Poisons' `pour` list a hand, Poisons' `drink` calls a definition that
    keeps its lists per family (no memo: Compiler._static_family), Poison's `play` calls definitions. Without it the
    games are the same, decision for decision: the options, the steps and the work left at each, the ends."""
    ruleset = load_ruleset(name)
    from philtre.interpreter.runners import runners_for

    assert runners_for(ruleset).remembering == remembering

    def traced(n, seed):
        game = Game(ruleset, n, seed=seed)
        rng, seen = random.Random(seed), []
        while not game.finished:
            for p in game.pending():
                options = game.options(p)
                option = options[rng.randrange(len(options))]
                seen.append((repr(options), game.state.flow.steps, game._work_left))
                game.apply(p, option)
        return seen, final_state(ruleset, n, seed, False)

    found = {(n, seed): traced(n, seed) for n in counts for seed in range(10)}
    made = {}

    def always(rs):  # every lister with its memo, as before
        if id(rs) not in made:
            made[id(rs)] = Runners(rs)
            made[id(rs)].remembering = dict.fromkeys(made[id(rs)].remembering, True)
        return made[id(rs)]

    monkeypatch.setattr("philtre.interpreter.game.runners_for", always)
    for (n, seed), seen in found.items():
        assert traced(n, seed) == seen, f"{name} x{n} seed {seed}"


ALIASED = """\
philtre: 1
game: aliased
players: 3
components:
  chip: {start: bag}
zones:
  bag: {}
variables: {snap: {initial: 0, each: player}, seats: {initial: 0, each: player}, pair: {initial: 0, each: player}, other: {initial: 0, each: player},
            both: {initial: 0, each: player}}
define:
  top: max(snap)
flow:
  - set: {snap: score, seats: players}
  - set: {pair: other}
  - set: {both: "pair + []"}
  - set: {"both[1]": 4}
  - for: p in players
    do:
      - score: {player: p, add: "top + 1"}
  - set: {"snap[1]": 7, "seats[0]": 2}
  - set: {"pair[0]": 5}
winners: {highest: "score[p]"}
"""


@pytest.mark.parametrize("frames", [False, True])
def test_a_variable_set_to_the_scores_or_another_value_keeps_a_copy_of_its_own(tmp_path, monkeypatch, frames):
    """`set: {snap: score}` is the scores at that moment: seats scoring later leave it as it was (so
    top stays 0 for every seat), and `set: {"snap[1]": 7}` changes the variable, not seat 1's score;
    nor does changing `seats` renumber the seats, or `pair` change `other`; nor does `both`, set to `pair + []` (kept
    without a copy: runners._SET_ANEW), change `pair`."""
    if frames:
        frames_only(monkeypatch)
    path = tmp_path / "aliased.yaml"
    path.write_text(ALIASED)
    S = Game(load_ruleset(str(path)), 3, seed=0).state
    assert (S.scores, S.players) == ([1, 1, 1], [0, 1, 2])
    assert S.vars == {"snap": [0, 7, 0], "seats": [2, 1, 2], "pair": [5, 0, 0], "other": [0, 0, 0], "both": [0, 4, 0]}


# -- a loop whose body is one decision: taken at the end of each pass by _run itself ---------

SHIPPED = [(name, variant) for name in ("poison", "pok", "poisons", "hue")
           for variant in [None, *variant_paths(resolve_ruleset_path(name))]]
LONE_GAMES = 100


def plain(value):
    """A value of the flow with its zones and components named by key and id, to compare two games' flows."""
    if isinstance(value, Zone):
        return ("zone", value.key)
    if isinstance(value, Component):
        return ("component", value["id"])
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


def paused_at(game) -> tuple:
    """Where a game stands: its frames, steps, decisions, pending decision, the options listed and its rounds."""
    flow = game.state.flow
    frames = [(id(f[0]), id(f[1]), f[2], plain(f[3]), plain(f[4])) for f in flow.stack]
    pending = flow.pending
    waiting = (id(pending.stmt), pending.players, pending.actions, plain(pending.locals)) if pending else None
    listed = [game.options(p) for p in game.pending()]  # (the same lister either way: its length and ends)
    options = [(len(o), repr(o[0]), repr(o[-1])) for o in listed]
    rounds = game.state.round, [list(r) for r in game.state.round_scores], flow.in_round
    return frames, flow.steps, game.decisions, waiting, options, flow.finished, rounds


@pytest.mark.parametrize("name, variant", [*SHIPPED, (LONE, None), (LONE_ROUNDS, None), (LOOPS, None)])
def test_lone_decisions_leave_the_game_as_the_statement_loop_would(name, variant, monkeypatch):
    """Hundreds of random games played in step both ways (the lone decision taken, or the lone round
    started, by _run at the end of a pass, or through its statement loop): the same frames, steps,
    rounds and options at every pause, the same records, coverage and final states."""
    ruleset = load_ruleset(name, [variant] if variant else [])
    general = Runners(ruleset, lone_decisions=False)
    assert not general.lone_decisions and not general.pass_starts
    if name == LONE:  # every kind of loop, around either kind of decision
        loops = {stmt.kind: stmt for stmt in _flow_statements(ruleset) if id(stmt) in Runners(ruleset).lone_decisions}
        assert set(loops) == {"turns", "until", "repeat", "for"}
        assert {d.kind for d in Runners(ruleset).lone_decisions.values()} == {"decide", "simultaneous"}
    starts = {stmt.label: (first and first.kind, len(runs), decision and decision.kind)
              for stmt in _flow_statements(ruleset) for first, runs, decision in [Runners(ruleset).pass_starts.get(id(stmt), (None, (), None))] if first or runs or decision}
    if name == LONE:  # a lone decision starts its loop's pass
        assert list(starts.values()) == [(None, 0, "decide")] * 4 + [(None, 0, "simultaneous")] + [(None, 0, "decide")] * 2
    if name == LONE_ROUNDS:  # every kind of loop around a round (not the one with `when`), effects before a decision
        assert starts == {"till-goal": ("round", 1, "simultaneous"), "counted": ("round", 1, "decide"),
                          "each-seat": ("round", 0, "simultaneous"), "picking": ("round", 0, "decide"),
                          "giving-back": ("round", 1, "simultaneous"), "effects-first": (None, 1, "decide"),
                          "a-row-first": (None, 1, "simultaneous"), "a-loop-after": ("round", 1, None), "repeat": (None, 0, "simultaneous")}
    if name in ("pok", "poisons") and not variant:  # their rounds' loops, and Poisons' pouring passes
        assert starts == {"pok": {"rounds": ("round", 1, "simultaneous")},
                          "poisons": {"rounds": ("round", 1, None), "filling": (None, 1, "simultaneous")}}[name]
    # a loop whose body is one round ends the round's frame and its own pass at once, and _run resumed at such a frame
    # (or a loop's) calls the runners left in its block first (Runners.ends); never on the statement loop's side
    ends = Runners(ruleset).ends
    rounds = sorted(loop.label for _, first, loop, *_ in ends.values() if first is not None)
    resumed = sorted({loop.label for tails, first, loop, *_ in ends.values() if any(t is not None for t in tails)})
    assert all(first is None and set(tails) == {None} for tails, first, *_ in general.ends.values())
    if name == LONE_ROUNDS:
        assert rounds == ["a-loop-after", "counted", "each-seat", "giving-back", "guarded", "picking", "till-goal"]
    if name in ("pok", "poisons") and not variant:
        assert (rounds, resumed) == {"pok": (["rounds"], ["rounds"]), "poisons": (["rounds"], ["filling", "rounds"])}[name]
    sizes = range(ruleset.min_players, ruleset.max_players + 1)
    for seed in range(LONE_GAMES):
        n = sizes[seed % len(sizes)]
        counted = seed % 2 == 0  # half the games recorded and counted, half on the plain path of apply
        fast = Game(ruleset, n, seed=seed, record=counted, coverage=Counter() if counted else None)
        fast_pauses = traced(fast, seed)  # one game at a time: the work budget counted in steps is global
        with monkeypatch.context() as patched:
            patched.setattr("philtre.interpreter.game.runners_for", lambda rs: general)
            slow = Game(ruleset, n, seed=seed, record=counted, coverage=Counter() if counted else None)
        assert traced(slow, seed) == fast_pauses, f"{name} {variant} x{n} seed {seed}"
        assert final_state_of(fast) == final_state_of(slow)
        if counted:
            assert fast.recorder.lines() == slow.recorder.lines()
            assert fast.coverage == slow.coverage


def traced(game, seed) -> list:
    """Where ``game`` stood at each pause of a uniformly random game (seeded by ``seed``)."""
    rng, pauses = random.Random(seed), []
    while True:
        pauses.append(paused_at(game))
        if game.finished:
            return pauses
        for p in game.pending():
            options = game.options(p)
            game.apply(p, options[rng.randrange(len(options))])


def _flow_statements(ruleset) -> list:
    """Every statement of the flow, nested ones too."""
    def walk(block):
        for stmt in block:
            yield stmt
            for inner in blocks_of(stmt):
                yield from walk(inner)
    return list(walk(ruleset.flow))


def final_state_of(game) -> tuple:
    """Where every component ended, face up or not, the scores, winners, steps and the turns and rounds begun."""
    S = game.state
    zones = {name: [[c["id"] for c in zone] for zone in family] for name, family in S.zones.items()}
    return zones, sorted(S.revealed), dict(S.placed), S.scores, game.winners, S.flow.steps, dict(S.vars), S.turn, S.round


ENDLESS = """\
philtre: 1
game: endless
players: 2
step_limit: LIMIT
components:
  chip: {copies: 1, start: bag}
zones:
  bag: {visible: everyone}
variables: {n: 0}
actions:
  tick:
    do:
      - set: {n: n + 1}
flow:
  - name: forever
    turns: 0
    until: n < 0
    do:
      - decide: tick
winners: {highest: "score[p]"}
"""


@pytest.mark.parametrize("limit", [300, 301, 302, 303])  # reached in the action, at the end of a pass, at the decision
def test_a_lone_decision_reaches_the_step_limit_as_the_statement_loop_does(limit, tmp_path, monkeypatch):
    path = tmp_path / "endless.yaml"
    path.write_text(ENDLESS.replace("LIMIT", str(limit)))
    ruleset = load_ruleset(str(path))
    assert Runners(ruleset).lone_decisions

    def runaway():
        game = Game(ruleset, 2, seed=1)
        with pytest.raises(PhiltreError) as info:
            while True:
                game.apply(game.pending()[0], game.options(game.pending()[0])[0])
        return game.decisions, game.state.flow.steps, info.value.first

    fast = runaway()
    monkeypatch.setattr("philtre.interpreter.game.runners_for", lambda rs: Runners(rs, lone_decisions=False))
    assert runaway() == fast
    decisions, steps, first = fast
    assert first.code == "R200" and "'forever'" in first.message and (first.loc.line, first.loc.col) == (16, 5)
    assert steps == limit + 1 and decisions in (75, 76)  # four steps a decision: the `set`, the action's pass, the loop's, the decision


# the same game, whose loop's body is one round: a `set`, then a simultaneous step
ENDLESS_ROUNDS = ENDLESS.replace("""    turns: 0
    until: n < 0
    do:
      - decide: tick
""", """    until: n < 0
    do:
      - round:
          - set: {n: n + 1}
          - simultaneous: tick
""")


@pytest.mark.parametrize("limit", range(300, 309))  # reached at each of a pass's nine steps: the round's start among them
def test_a_lone_round_reaches_the_step_limit_as_the_statement_loop_does(limit, tmp_path, monkeypatch):
    path = tmp_path / "endless.yaml"
    path.write_text(ENDLESS_ROUNDS.replace("LIMIT", str(limit)))
    ruleset = load_ruleset(str(path))
    assert [(first.kind, len(runs), decision.kind) for first, runs, decision in Runners(ruleset).pass_starts.values()] == [("round", 1, "simultaneous")]

    def runaway():
        game = Game(ruleset, 2, seed=1)
        with pytest.raises(PhiltreError) as info:
            while True:
                for p in game.pending():
                    game.apply(p, game.options(p)[0])
        return game.decisions, game.state.flow.steps, game.state.round, info.value.first

    fast = runaway()
    monkeypatch.setattr("philtre.interpreter.game.runners_for", lambda rs: Runners(rs, lone_decisions=False))
    assert runaway() == fast
    decisions, steps, rounds, first = fast
    assert first.code == "R200" and "'forever'" in first.message and (first.loc.line, first.loc.col) == (16, 5)
    assert steps == limit + 1 and rounds in (limit // 9, limit // 9 + 1)  # nine steps a pass


# a loop whose body is one round, whose end goes on to the loop's own (Runners.ends), with a rule that fails in round 3:
# in the effect after the step (called first where _run resumes), in the loop's test, or in the effect before the step
FAILING_ROUNDS = ENDLESS.replace("variables: {n: 0}", "variables: {n: 0, k: 0}").replace("""    turns: 0
    until: n < 0
    do:
      - decide: tick
""", """    KIND
    do:
      - round:
          - set: {k: BEFORE}
          - simultaneous: tick
          - set: {k: AFTER}
""")


@pytest.mark.parametrize("kind, fails", [("until: UNTIL", "AFTER"), ("until: UNTIL", "UNTIL"), ("until: UNTIL", "BEFORE"),
                                         ("repeat: 5", "AFTER"), ("repeat: 5", "BEFORE")])
def test_a_rule_failing_around_a_rounds_end_fails_as_in_the_statement_loop(kind, fails, tmp_path, monkeypatch):
    failing = {"AFTER": "10 // (3 - round_number)", "UNTIL": "10 // (3 - round_number) < 0", "BEFORE": "10 // (3 - round_number)"}
    text = FAILING_ROUNDS.replace("KIND", kind).replace("LIMIT", "100000")
    for part, benign in (("AFTER", "k + 1"), ("BEFORE", "k + 2"), ("UNTIL", "n < 0")):
        text = text.replace(part, failing[part] if part == fails else benign)
    path = tmp_path / "failing.yaml"
    path.write_text(text)
    ruleset = load_ruleset(str(path))
    assert [first.kind for _, first, *_ in Runners(ruleset).ends.values() if first is not None] == ["round"]

    def failure():
        game = Game(ruleset, 2, seed=1)
        with pytest.raises(PhiltreError) as info:
            while not game.finished:
                for p in game.pending():
                    game.apply(p, game.options(p)[0])
        error = info.value.first
        return paused_at(game), error.code, error.message, (error.loc.line, error.loc.col)

    fast = failure()
    monkeypatch.setattr("philtre.interpreter.game.runners_for", lambda rs: Runners(rs, lone_decisions=False))
    assert failure() == fast
    (frames, steps, decisions, _, _, _, (rounds, _, in_round)), code, message, (line, _) = fast
    assert code == "R100" and "by zero" in message and rounds == 3 and line == {"AFTER": 21, "UNTIL": 16, "BEFORE": 19}[fails]
    assert decisions == (4 if fails == "BEFORE" else 6) and in_round == (0 if fails == "UNTIL" else 1)


@pytest.mark.parametrize("name, source, target, players", [("hue", ("board", 0), ("standards", 0), 2),
                                                           ("poison", ("hand", 1), ("taken", 2), 4),
                                                           ("poison", ("hand", 0), ("hand", 0), 4)])
def test_a_zone_moved_at_once_ends_as_its_components_moved_one_at_a_time(name, source, target, players):
    """effects.move_zone (a whole zone of the game, unrecorded) leaves the game as effects.move_one of each
    component in turn: the places, the faces shown, the grid's placements and version; a zone onto itself, unchanged."""
    from philtre.interpreter.effects import move_one, move_zone

    game = Game(load_ruleset(name), players, seed=3)
    rng = random.Random(3)
    for _ in range(4):
        p = game.pending()[0]
        game.apply(p, game.options(p)[rng.randrange(len(game.options(p)))])
    S = game.state
    zone = S.zone(source)
    S.revealed.add(zone[0]["id"])  # one of them face up
    assert (name != "hue") or S.placed, "the board holds placed cards"

    def after(move) -> tuple:
        other = game.copy().state
        move(other, other.zone(source), other.zone(target))
        zones = {n: [[c["id"] for c in z] for z in family] for n, family in other.zones.items()}
        return zones, list(other.where), sorted(other.revealed), dict(other.placed), other.grid_version

    def one_by_one(S, zone, target):
        for comp in list(zone):
            move_one(S, comp, target)

    assert after(move_zone) == after(one_by_one)


def test_what_a_move_takes_is_its_components_in_order_however_nested():
    """A move of a list (components, zones, lists of them, none) takes each component in the order written
    (a component in a list is kept without the call the other items get); anything else is refused."""
    from philtre.dsl.builtins import RuleRuntimeError
    from philtre.interpreter.effects import _components

    game = Game(load_ruleset("poison"), 4, seed=2)
    hand, cauldron = game.state.zones["hand"][0], game.state.zones["cauldron"][0]
    a, b = hand[0], hand[1]
    assert _components([a, hand, [b, None, [a]], cauldron]) == [a, *hand, b, a, *cauldron]
    assert _components(a) == [a] and _components(None) == [] and _components([]) == []
    with pytest.raises(RuleRuntimeError, match="expected components or zones, got 3"):
        _components([a, 3])


MOVES_OF_NAMES = """\
philtre: 1
game: moves-of-names
players: 2
components:
  chip: {copies: 3, start: bag}
zones:
  bag: {visible: everyone}
  pile: {visible: everyone}
  side: {each: player, visible: everyone}
actions:
  take:
    choose: {chip: "bag"}
    do:
      - move: chip -> side[me]
flow:
  - decide: take
    player: 0
  - for: z in side
    do:
      - move: z -> pile
      - move: z -> pile           # a block of two (runners.fused_block)
  - for: c in bag
    do:
      - move: c -> side[0]
        when: count(bag) > 0      # with its `when` (a runner made when first needed)
  - for: l in [[c for c in side[0]]]
    do:
      - move: l -> bag
  - for: n in [side[1], count(bag)]
    do:
      - move: n -> pile
winners: {highest: "score[p]"}
"""


@pytest.mark.parametrize("fused", [True, False])
def test_a_move_of_a_local_name_moves_what_its_expression_gives(tmp_path, monkeypatch, fused):
    """`move: chip -> ...` of an action's argument or a loop's item (a component, a zone, a list, a
    number) is read where it stands by the fused runners (Expr.local: alone, in a block, with `when`),
    without its expression's call: it moves the same components and fails with the same R100 as the
    effect's handler."""
    monkeypatch.setattr("philtre.interpreter.runners.FUSED", fused)
    path = tmp_path / "names.yaml"
    path.write_text(MOVES_OF_NAMES)
    ruleset = load_ruleset(str(path))
    moves = [ruleset.actions["take"].body[0]] + [stmt.args["body"][0] for stmt in ruleset.flow[1:]]
    assert [stmt.args["what"].local for stmt in moves] == ["chip", "z", "c", "l", "n"]
    game = Game(ruleset, 2, seed=3)
    with pytest.raises(PhiltreError) as failed:
        game.apply(0, game.options(0)[0])
    S = game.state
    assert (len(S.zones["bag"][0]), len(S.zones["pile"][0]), len(S.zones["side"][0]), len(S.zones["side"][1])) == (2, 1, 0, 0)
    assert f"{path}:31:9: R100 rule 'move' failed: expected components or zones, got 2" in str(failed.value)


SCORES_OF_NAMES = """\
philtre: 1
game: scores-of-names
players: 2
zones:
  bag: {visible: everyone}
  side: {each: player, visible: everyone}
define:
  later(p): "[q for q in players if q > p] if p >= 0 else []"
flow:
  - for: p in players
    do:
      - score: {player: p, add: 2}
  - for: p in [1, 0, 1]
    do:
      - score: {player: p, add: -3}
      - score: {player: p, add: "p + 1"}
  - for: p in later(0)
    do:
      - score: {player: p, add: 1}
      - move: side[p] -> bag
  - for: p in [0, "x"]
    do:
      - score: {player: p, add: 1}
winners: {highest: "score[p]"}
"""


@pytest.mark.parametrize("fused", [True, False])
def test_a_score_reads_a_local_seat_and_a_number_written_out_without_their_expressions_calls(tmp_path, monkeypatch, fused):
    """`score: {player: p, add: 1}`: a local name (Expr.local) and a number written out (Expr.const) are read
    where they stand by the fused runner (runners._READS), without their expressions' calls: the same
    scores, and the same R100 for a player that is no seat, as the effect's handler."""
    monkeypatch.setattr("philtre.interpreter.runners.FUSED", fused)
    path = tmp_path / "scores.yaml"
    path.write_text(SCORES_OF_NAMES)
    ruleset = load_ruleset(str(path))
    scores = [stmt for loop in ruleset.flow for stmt in loop.args["body"] if stmt.kind == "score"]
    assert [(s.args["player"].local, s.args["add"].const) for s in scores] == [("p", (2,)), ("p", (-3,)), ("p", None), ("p", (1,)), ("p", (1,))]
    from philtre.interpreter.runners import _shape

    # (points written as a number: the runner leaves out their test, _score_shape)
    assert [_shape(s) for s in scores] == ["score_local_number_none", "score_local_number_none", "score_local_fn_none",
                                           "score_local_number_none", "score_local_number_none"]
    # the items of a list of seats or `[]` are seats: a zone of a family at such an item is read as at a seat's
    assert ruleset.flow[2].args["body"][1].args["what"].zone_local == ("side", "p")
    with pytest.raises(PhiltreError) as failed:
        Game(ruleset, 2, seed=1)
    assert f"{path}:23:9: R100 rule 'score' failed in its player `p`: score needs a seat (0..1), got 'x'" in str(failed.value)
    path.write_text(SCORES_OF_NAMES.replace('  - for: p in [0, "x"]', '  - for: p in []'))
    assert Game(load_ruleset(str(path)), 2, seed=1).scores == [2 - 3 + 1, 2 - 3 + 2 - 3 + 2 + 1]

    shared = [1]
    for _ in range(16):  # 2**17 lists and maps written out, made of 33
        shared = [shared, {"k": shared}]
    assert unkeepable(shared) == 2**18 - 3  # the items of every list and map written out (1, then 3 + twice the last)
    assert "more than 1,000 items" in unkeepable([shared], most=1000)
    assert "nested more than 32 levels" in unkeepable(shared, limit=32)
    itself = [1]
    itself.append(itself)  # no rule makes one; the walk still ends
    assert "nested more than" in unkeepable(itself)


PARTS_READ = """\
philtre: 1
game: parts-read
players: 2
components:
  chip: {copies: 2, each: player, start: hand}
  token: {copies: 1, start: pot}
zones:
  hand: {each: player, visible: everyone}
  pot: {visible: everyone}
flow:
  - for: c in [c for c in pot if c is chip]
    do:
      - move: c -> hand[c.owner]
  - for: p in players
    do:
      - score: {player: p, add: 2, floor: 0}
      - score: {player: p, add: -5, floor: 0}
      - score: {player: p, add: 1.5}
  - for: q in players + [7]
    do:
      - score: {player: q, add: 1}
  - for: c in [c for c in pot]
    do:
      - move: c -> hand[c.owner]
winners: {highest: "score[p]"}
"""


def test_parts_read_without_their_expressions_call_give_what_the_calls_give(tmp_path, monkeypatch):
    """A score's seat read from a local name, its points and floor written as literals (Expr.local, Expr.const), and a
    move's destination that is a zone of a family at a local name's attribute (`hand[c.owner]`: Expr.zone_attr) are read
    by the fused runners without their expressions' calls: the same scores, moves, steps and failures (R100 naming the
    part: a seat that is no seat, an index that is none) as through the effects' handlers (FUSED off)."""
    path = tmp_path / "parts.yaml"
    path.write_text(PARTS_READ)
    ruleset = load_ruleset(str(path))
    moves = [stmt.args["body"][0] for stmt in ruleset.flow if stmt.args["body"][0].kind == "move"]
    assert [(m.args["what"].local, m.args["to"].zone_attr) for m in moves] == [("c", ("hand", "c", "owner"))] * 2
    scores = ruleset.flow[1].args["body"]
    assert [(s.args["player"].local, s.args["add"].const, s.args["floor"] and s.args["floor"].const) for s in scores] == [
        ("p", (2,), (0,)), ("p", (-5,), (0,)), ("p", (1.5,), None)]  # (-5's code is `(-5)`, a literal too)

    def run(fused, text):
        monkeypatch.setattr("philtre.interpreter.runners.FUSED", fused)
        path.write_text(text)
        game = Game.__new__(Game)  # the flow up to the failing statement, and the state it leaves
        with pytest.raises(PhiltreError) as failed:
            game.__init__(load_ruleset(str(path)), 2, seed=1)
        S = game.state
        return str(failed.value), S.scores, S.flow.steps, [[c["id"] for c in z] for f in S.zones.values() for z in f]

    assert run(True, PARTS_READ) == run(False, PARTS_READ)
    message, scores, steps, _ = run(True, PARTS_READ)
    assert f"{path}:21:9: R100 rule 'score' failed in its player `q`: score needs a seat (0..1), got 7" in message
    assert scores == [2.5, 2.5] and steps == 16
    dropped = PARTS_READ.replace("players + [7]", "players")
    assert run(True, dropped) == run(False, dropped)
    message, scores, _, _ = run(True, dropped)
    assert f"{path}:24:9: R100 rule 'move' failed in its to `hand[c.owner]`: a list is indexed by a whole number, not none" in message
    assert scores == [2.5, 2.5]


SCORED = """\
philtre: 1
game: scored
players: 2
variables:
  a: 0
  f: 0
components:
  chip: {copies: 1, start: pot}
zones:
  pot: {visible: everyone}
flow:
  - set: {a: "ADDS", f: "FLOORS"}
  - for: p in players
    do:
      - score: {player: p, add: "a[p]", floor: "f[p]"}
  - score: {player: 1, add: "a[1]", floor: "f[1]"}
  - for: p in players
    do:
      - score: {player: p, add: "a[p]"}
winners: {highest: "score[p]"}
"""


@pytest.mark.parametrize("adds, floors", [
    ("[1, 2]", "[0, 0]"), ("[1.5, -3]", "[-2.5, 0]"), ("[1073741823, 1073741824]", "[0, 0]"),
    ("[4503599627370496, -4503599627370496]", "[-9007199254740992, -9007199254740992]"), ("[4503599627370496.0, 1]", "[0, 0]"),
    ("[1, 4503599627370496.0 * 4503599627370496.0]", "[0, 0]"), ("[1, true]", "[0, 0]"), ("[1, 'a']", "[0, 0]"),
    ("[1, 2]", "[0, 'a']"), ("[1, 2]", "[[1], 0]"), ("[1, 2]", "[0, none]")])
def test_a_score_tests_its_points_floor_and_total_as_its_handler_does(tmp_path, monkeypatch, adds, floors):
    """A fused score's tests written without calls (points of type int or float, `max` of the floor as a comparison, a
    total of one digit within 2**53) give the scores, steps and failures of effects.e_score (FUSED off): points that
    are no number, a floor that does not compare with the score (the same message), totals at and past 2**53, floats."""
    path = tmp_path / "scored.yaml"

    def run(fused):
        monkeypatch.setattr("philtre.interpreter.runners.FUSED", fused)
        path.write_text(SCORED.replace("ADDS", adds).replace("FLOORS", floors))
        game = Game.__new__(Game)  # the flow up to the failing statement, and the state it leaves
        try:
            game.__init__(load_ruleset(str(path)), 2, seed=1)
            message = None
        except PhiltreError as failed:
            message = str(failed)
        S = game.state
        return message, S.scores, S.round_scores, S.flow.steps

    assert run(True) == run(False)


def test_a_name_or_word_holding_a_budget_token_is_read_through_its_call(tmp_path):
    """An expression whose code holds "d_" or "b_" (a name or a word) starts a fresh work budget when called: a runner
    reading it where it stands would leave the budget as the part before it left it (a step more or less counted for much
    work), so it is read through its call."""
    path = tmp_path / "budget.yaml"
    path.write_text(PARTS_READ.replace("c in [c for c in pot if c is chip]", "bad_c in [c for c in pot if c is chip]")
                    .replace("move: c -> hand[c.owner]\n  - for: p", "move: bad_c -> pot\n  - for: p")
                    .replace("p in players", "odd_p in players").replace("player: p,", "player: odd_p,"))
    ruleset = load_ruleset(str(path))
    move = ruleset.flow[0].args["body"][0]
    assert move.args["what"].local is None and move.args["what"].text.strip() == "bad_c"
    assert [score.args["player"].local for score in ruleset.flow[1].args["body"]] == [None] * 3
    assert ruleset.flow[3].args["body"][0].args["to"].zone_attr == ("hand", "c", "owner")  # (no such name or word)


SETS = """\
philtre: 1
game: sets
players: 2
variables:
  x: 0
  y: 0
components:
  chip: {copies: 3, start: bag}
zones:
  bag: {visible: everyone}
flow:
  - set: {y: "range(1200)"}
  - set: {x: VALUE}
winners: {highest: "score[p]"}
"""


@pytest.mark.parametrize("value", ["[]", "[1, 2, 3]", "[c for c in bag]", "bag", "[[1], 2]", "{'a': [1]}", "{'a': 1}",
                                   "range(1500)", "7", "'seven'", "none", "[1, 2] + [3]", "[[1], 2] + [3]", "'se' + 'ven'", "3 + 4"])
@pytest.mark.parametrize("counted", [False, True])
def test_a_fused_set_keeps_and_charges_what_the_handler_does(tmp_path, value, counted):
    """The fused `set` of one variable checks a list that nests nothing without effects.unkeepable's call, and a number
    without the game's count of large values (effects.keep): the same value kept, the same work charged and the same
    count as effects.e_set, with a large value counted before (y) or not."""
    from philtre.dsl.builtins import WORK, WORK_LIMIT
    from philtre.interpreter.effects import e_set
    from philtre.interpreter.runners import _shape, fused_runner

    path = tmp_path / "sets.yaml"
    path.write_text(SETS.replace("VALUE", json.dumps(value)) if counted else SETS.replace('  - set: {y: "range(1200)"}\n', "").replace("VALUE", json.dumps(value)))
    ruleset = load_ruleset(str(path))
    stmt = ruleset.flow[-1]
    game = Game(ruleset, 2, seed=1)
    assert ("y" in game.state.flow.kept) is counted

    def after(run) -> tuple:
        other = game.copy()
        S = other.state
        S.vars["x"] = list(range(2000))  # a large value before, counted
        S.flow.kept["x"] = 2000
        WORK[0] = WORK_LIMIT
        run(other, S)
        return WORK_LIMIT - WORK[0], S.vars["x"], dict(S.flow.kept)

    # (a `+`'s list kept without a copy, the empty list set without the call)
    assert _shape(stmt) == ("set_anew" if " + " in value else "set_empty" if value == "[]" else "set")
    fused = fused_runner(stmt, ruleset.step_limit, None, None, None)
    handled = after(lambda g, S: e_set(g, stmt, {}))
    assert after(lambda g, S: fused(g, S, {})) == handled
    charged, kept_value, kept = handled
    if type(kept_value) in (list, dict):  # counted again: a large value, or none; a number leaves the count to keep()
        assert kept.get("x") == (1500 if value == "range(1500)" else None) and charged >= 3 * len(kept_value)
    else:
        assert kept.get("x") == 2000 and charged == 0


PLUS = """\
philtre: 1
game: plus
players: 2
variables:
  x: 0
components:
  chip: {copies: 3, start: bag}
zones:
  bag: {visible: everyone}
flow:
  - repeat: 2
    as: s
    do:
      - set: {x: s + 2}
winners: {highest: "score[p]"}
"""


@pytest.mark.parametrize("local", [5, -3, 2**70, 2.5, True, "a", None, [1], "missing"])
@pytest.mark.parametrize("recorded", [False, True])
def test_a_set_of_a_local_plus_a_whole_number_adds_them_without_the_call_as_the_call_would(tmp_path, monkeypatch, local, recorded):
    """A `set` of one variable to a local name's value `+` a whole number (Expr.local_plus: "set_plus") adds them itself
    where the value is a whole number, anything else (a bool, a number of another type, a word, none, a list, no such
    name) through the call: the value set, the steps, the work left, the count of kept values, the record, or the
    failure (R100, its message) of the `+` runner it was before ("set_anew"), with the plain runner and the recorded one."""
    from philtre.dsl.builtins import WORK, WORK_LIMIT
    from philtre.interpreter import runners as runners_module
    from philtre.interpreter.runners import _shape, fused_runner

    path = tmp_path / "plus.yaml"
    path.write_text(PLUS)
    ruleset = load_ruleset(str(path))
    stmt = ruleset.flow[0].args["body"][0]
    assert stmt.args["targets"][0][2].local_plus == ("s", 2) and _shape(stmt) == "set_plus"
    names = {} if local == "missing" else {"s": local}

    def after(run) -> tuple:
        other = Game(ruleset, 2, seed=1, record=recorded)
        S = other.state
        WORK[0] = WORK_LIMIT
        try:
            run(other, S, dict(names))
        except PhiltreError as exc:
            return str(exc), S.flow.steps
        return S.vars["x"], type(S.vars["x"]), S.flow.steps, WORK[0], dict(S.flow.kept), other.recorder.lines() if recorded else None

    fused = fused_runner(stmt, ruleset.step_limit, None, None, None)
    with monkeypatch.context() as patched:
        patched.setattr(runners_module, "_plus", lambda stmt: None)
        assert _shape(stmt) == "set_anew"
        before = fused_runner(stmt, ruleset.step_limit, None, None, None)
    assert after(fused) == after(before)
    assert (type(after(fused)[0]) is str) == (type(local) not in (int, float, bool))


class _Reveals:
    """A recorder that keeps only what e_reveal tells it (the game's record path, through its groups)."""

    def __init__(self):
        self.shown = []

    def reveal(self, key, comps):
        self.shown.append((key, [c["id"] for c in comps]))


def test_a_few_components_moved_or_zones_revealed_unrecorded_end_as_through_a_records_bookkeeping():
    """effects.move_few (a list of at most 8 components, unrecorded: Poisons' scoring cards at a round's end) and the
    reveal of a zone or a list of zones unrecorded leave the game as effects.move_components and e_reveal's groups do
    (what a record needs): the places, the faces shown, the grid's placements, the work charged, the failures."""
    from types import SimpleNamespace

    from philtre.dsl.builtins import WORK, WORK_LIMIT, RuleRuntimeError
    from philtre.interpreter.effects import e_reveal, move_components, move_few, move_what

    game = played_to(Game(load_ruleset("poisons"), 4, seed=3), 8)
    S = game.state
    goblets, hands = S.zones["goblet"], S.zones["hand"]
    assert all(goblets[:3]) and hands[1], "a round's goblets hold drinks"
    S.revealed.update(c["id"] for c in goblets[0])

    def after(move, picked, target) -> tuple:
        other = game.copy()
        T = other.state
        comps = [T.components[c["id"]] for c in picked]
        WORK[0] = WORK_LIMIT
        try:
            move(other, comps, T.zone(target))
        except RuleRuntimeError as exc:
            return str(exc)
        zones = {n: [[c["id"] for c in z] for z in family] for n, family in T.zones.items()}
        return zones, list(T.where), sorted(T.revealed), dict(T.placed), T.grid_version, WORK_LIMIT - WORK[0]

    def recorded(g, comps, target):
        g.recorder = _Reveals()  # (no `move` of its own: move_components records each source zone)
        g.recorder.move = lambda *args: None
        move_components(g, comps, target)

    few = lambda g, comps, target: move_what(g, comps, target)  # noqa: E731 - the unrecorded list: move_few
    for picked, target in [([*goblets[0], goblets[1][0]], ("discard", 0)), ([hands[1][0], goblets[2][0], hands[1][0]], ("hand", 1)),
                           ([], ("discard", 0)), ([goblets[0][0]], ("goblet", 0)), ([*hands[1][:2], *goblets[1]], ("hand", 2))]:
        assert after(few, picked, target) == after(recorded, picked, target), (picked, target)
        assert after(lambda g, comps, t: move_few(g.state, comps, t), picked, target) == after(recorded, picked, target)

    def shown(value_of, recorder) -> tuple:
        other = game.copy()
        other.recorder = _Reveals() if recorder else None
        WORK[0] = WORK_LIMIT
        stmt = SimpleNamespace(args={"what": SimpleNamespace(fn=lambda T, L: value_of(T))})
        try:
            e_reveal(other, stmt, {})
        except (RuleRuntimeError, AttributeError) as exc:  # (a rule's failure: R100 where a runner runs it)
            return type(exc).__name__, str(exc)
        return sorted(other.state.revealed), WORK_LIMIT - WORK[0]

    for value_of in [lambda T: T.zones["goblet"][1], lambda T: T.zones["goblet"], lambda T: [T.zones["goblet"][2], T.zones["discard"][0]],
                     lambda T: [], lambda T: [T.zones["goblet"][1], T.zones["goblet"][1][0]], lambda T: [T.zones["hand"][1], 3],
                     lambda T: [T.zones["goblet"][0], T.zones["goblet"][0]], lambda T: [T.zones["goblet"][3], [T.zones["goblet"][1]]]]:
        assert shown(value_of, False) == shown(value_of, True)


REVEALS = """\
philtre: 1
game: reveals
players: 2
variables:
  shown: {initial: [], visible: everyone}
components:
  chip: {attributes: {n: [1, 2, 3]}, copies: 2, start: "cup[0]"}
zones:
  cup: {copies: 3, visible: nobody}
  bag: {visible: nobody}
flow:
  - reveal: shown
  - reveal: "shown + []"
winners: {highest: "score[p]"}
"""


@pytest.mark.parametrize("plain", [True, False])
def test_a_reveal_runs_in_its_fused_runner_as_through_e_reveal(tmp_path, monkeypatch, plain):
    """A `reveal` is a fused runner (runners._REVEAL): a variable's value read where it stands (Expr.var,
    "reveal_var") or an expression's (through its call, "reveal_fn"), a list of zones revealed in place unrecorded,
    anything else (a zone, a component, a list holding another item, a number, a recorded game) through
    effects.reveal_value: the faces shown, the work charged, the steps and the failures (R100, its message) of
    e_reveal, the handler it was before, in the plain runner and in the general one, recorded or not."""
    from philtre.dsl.builtins import WORK, WORK_LIMIT
    from philtre.interpreter import runners as runners_module
    from philtre.interpreter.runners import _Build, _shape

    path = tmp_path / "reveals.yaml"
    path.write_text(REVEALS)
    ruleset = load_ruleset(str(path))
    by_var, by_call = ruleset.flow
    assert by_var.args["what"].var == "shown" and _shape(by_var) == "reveal_var" and _shape(by_call) == "reveal_fn"
    monkeypatch.setattr(_Build, "plain", plain)

    def after(run, value_of, recorded) -> tuple:
        other = Game(ruleset, 2, seed=1, record=recorded)
        S = other.state
        cups = S.zones["cup"]
        cups[1].append(cups[0].pop())
        S.vars["shown"] = value_of(S)
        WORK[0] = WORK_LIMIT
        try:
            run(other, S, {})
        except PhiltreError as exc:
            return str(exc), S.flow.steps
        return sorted(S.revealed), S.flow.steps, WORK[0], other.recorder.lines()[-3:] if recorded else None

    values = [lambda S: [S.zones["cup"][0], S.zones["cup"][1]], lambda S: S.zones["cup"], lambda S: [], lambda S: S.zones["cup"][0],
              lambda S: [S.zones["cup"][1], S.zones["cup"][1]], lambda S: [S.zones["cup"][0], S.zones["cup"][1][0]],
              lambda S: [S.zones["cup"][1], 3], lambda S: [S.zones["cup"][2], [S.zones["cup"][1]]], lambda S: 3, lambda S: [3],
              lambda S: S.zones["cup"][0][:2]]
    for stmt in (by_var, by_call):
        fused = runners_module.runner(stmt, ruleset.step_limit, None)
        with monkeypatch.context() as patched:
            patched.setattr(runners_module, "FUSED", False)
            handled = runners_module.runner(stmt, ruleset.step_limit, None)  # (its handler, e_reveal: the "any" runner)
        assert handled.__code__ is not fused.__code__ and "reveal_value" in fused.__code__.co_names
        for value_of in values:
            for recorded in (False,) if plain else (False, True):  # (a plain runner is never a recorded game's)
                assert after(fused, value_of, recorded) == after(handled, value_of, recorded), (stmt.args["what"].text, recorded)


def played_to(game, decisions):
    """``game`` after ``decisions`` uniformly random decisions (seeded by its seed)."""
    rng = random.Random(game.seed)
    while game.decisions < decisions:
        for p in game.pending():
            options = game.options(p)
            game.apply(p, options[rng.randrange(len(options))])
    return game


# -- a simultaneous step of one action: every seat's effects in one call (runners.seats_runner) --------

SEATS = """\
philtre: 1
game: seats
players: 2..5
step_limit: LIMIT
components:
  chip: {attributes: {v: [1, 2, 3]}, copies: 2, each: player, start: hand}
zones:
  hand: {each: player, visible: owner}
  pot: {visible: everyone}
  kept: {each: player, visible: everyone}
variables: {total: 0}
actions:
  give:
    choose: {chip: "hand[me]", extra: "[0, 1]"}
    do:
      - move: chip -> pot
      - set: {total: total + chip.v}
        when: chip.v + extra > 2
        else:
          - score: {player: me, add: extra}
      - for: c in pot
        do:
          - score: {player: "c.owner", add: 1}
            when: c.v == 3
          - set: {total: total + c.v}
      - score: {player: "me + BLAME", add: "chip.v"}
  keep:
    choose: {x: "[1, 2]"}
    do:
      - move: "pot -> kept[me]"
        when: x == 2 and count(pot) > 0
      - set: {total: total + x}
  wait:
    do:
      - set: {total: total + 1}
flow:
  - name: rounds
    until: all(count(hand[p]) == 0 for p in players)
    do:
      - name: giving
        simultaneous: give
      - name: keeping
        simultaneous: keep
        players: "[p for p in players if p % 2 == 0]"
      - name: waiting
        simultaneous: wait
winners: {highest: "score[p]"}
"""


def _seats_ruleset(tmp_path, limit=100_000, blame=0):
    path = tmp_path / f"seats_{limit}_{blame}.yaml"
    path.write_text(SEATS.replace("LIMIT", str(limit)).replace("BLAME", str(blame)))
    return load_ruleset(str(path))


def _per_seat(monkeypatch):
    """From now on, games run a simultaneous step's effects through the action's runner, one call per seat."""
    made = {}

    def per_seat(rs):
        if id(rs) not in made:
            made[id(rs)] = Runners(rs)
            made[id(rs)].seats = dict.fromkeys(made[id(rs)].seats)
            made[id(rs)].simultaneous = {key: (*step[:3], None, None, None, *step[6:]) for key, step in made[id(rs)].simultaneous.items()}  # (what Game reads)
        return made[id(rs)]

    monkeypatch.setattr("philtre.interpreter.game.runners_for", per_seat)


def _outcome(ruleset, n, seed, at_failure=False):
    """Each decision's options, steps and work left, then the final state; or the failure that stopped the game (and,
    ``at_failure``, the state it left the game in)."""
    game, seen = None, []
    try:
        game = Game(ruleset, n, seed=seed)
        rng = random.Random(seed)
        while not game.finished:
            for p in game.pending():
                options = game.options(p)
                seen.append((repr(options), game.state.flow.steps, game._work_left))
                game.apply(p, options[rng.randrange(len(options))])
    except PhiltreError as exc:
        return (seen, str(exc), game and final_state_of(game)) if at_failure else (seen, str(exc))
    return seen, final_state_of(game)


@pytest.mark.parametrize("name, variants, counts", [("pok", (), (3, 5, 7)), ("poisons", (), (4, 8)),
                                                     ("poisons", ("advanced",), (5,)), ("poisons", ("three-players",), (3,)),
                                                     (LONE, (), (2, 4)), ("seats", (), (2, 3, 5))])
def test_a_simultaneous_steps_effects_run_in_one_call_as_through_each_seats_action(name, variants, counts, tmp_path, monkeypatch):
    """Where an action's body has fused runners only, a simultaneous step of it runs every seat's effects written out
    in one loop (runners.seats_runner), each seat's arguments unpacked (two, one, none): the same options, steps and
    work left at every decision, and the same ends, as with the action's runner called once per seat."""
    ruleset = _seats_ruleset(tmp_path) if name == "seats" else load_ruleset(name, list(variants))
    from philtre.interpreter.runners import runners_for

    simultaneous = {stmt.args["actions"][0] for stmt in _flow_statements(ruleset) if stmt.kind == "simultaneous"}
    assert simultaneous and all(runners_for(ruleset).seats[action] is not None for action in simultaneous)
    found = {(n, seed): _outcome(ruleset, n, seed) for n in counts for seed in range(12)}
    _per_seat(monkeypatch)
    for (n, seed), seen in found.items():
        assert _outcome(ruleset, n, seed) == seen, f"{name} {variants} x{n} seed {seed}"


@pytest.mark.parametrize("limit, blame", [(100_000, 0), (100_000, 1), (40, 0), (61, 0), (95, 0)])
def test_a_simultaneous_steps_effects_in_one_call_fail_as_each_seats_action(limit, blame, tmp_path, monkeypatch):
    """A rule that fails in one seat's effects (a score for a seat that is none: R100 at the rule) or a step limit
    reached among them (R200) stops the game at the same rule, after the same effects, either way."""
    ruleset = _seats_ruleset(tmp_path, limit, blame)
    found = {(n, seed): _outcome(ruleset, n, seed) for n in (2, 3, 5) for seed in range(8)}
    failures = [end for _, end in found.values() if isinstance(end, str)]
    if blame or limit < 100_000:
        assert failures and all(("R100" if blame else "R200") in end for end in failures), failures
    _per_seat(monkeypatch)
    for (n, seed), seen in found.items():
        assert _outcome(ruleset, n, seed) == seen, f"x{n} seed {seed}"


# the seats ruleset's components, zones and variables, with an action and loops whose statements each count one step
COUNTED = SEATS[:SEATS.index("actions:")].replace("game: seats", "game: counted") + """\
actions:
  give:
    choose: {chip: "hand[me]"}
    do:
      - move: chip -> pot
      - set: {total: total + chip.v}
flow:
  - name: passes
    repeat: 6                         # (each seat holds 6 chips)
    do:
      - name: each gives
        simultaneous: give
      - name: counting
        for: c in pot
        do:
          - score: {player: c.owner, add: 1}
          - set: {total: "total + (count([x for x in range(4000)]) if c.v == 3 else 0)"}
      - name: keeping
        for: p in players
        do:
          - move: "[c for c in pot if c.owner == p] -> kept[p]"
winners: {highest: "score[p]"}
"""


def _failures_as_through_handlers(ruleset, seeds, monkeypatch, limit) -> list:
    """The failures of games of ``ruleset`` (two and three players, ``seeds``), each game played as with every effect
    through its handler (FUSED off), which tests the step limit at each step: the same decisions, steps, work, end and
    state left."""
    from philtre.interpreter import runners as runners_module

    found = {(n, seed): _outcome(ruleset, n, seed, at_failure=True) for n in (2, 3) for seed in seeds}
    with monkeypatch.context() as patched:
        patched.setattr(runners_module, "FUSED", False)
        patched.setattr("philtre.interpreter.game.runners_for", runners_once())
        for (n, seed), seen in found.items():
            assert _outcome(ruleset, n, seed, at_failure=True) == seen, f"limit {limit} x{n} seed {seed}"
    return [end for _, end, *at in found.values() if at]


def test_steps_counted_in_a_local_reach_the_limit_where_each_step_tested_reaches_it(tmp_path, monkeypatch):
    """A simultaneous step's effects and a written-out `for` whose statements each count one step (no `when`, no loop
    of their own) count their steps in a local where the step limit cannot be reached in them (runners._SEATS_LOCAL,
    _FOR_LOCAL); a pass that counts steps for much work (the `set` of a long count, for a chip of value 3) ends the
    seats' local count, and a `for`'s where those steps and the passes' own could pass the limit, and the loop goes on
    testing the limit at each step (it fails where the `for` goes on counting in a local nearer the limit). At every
    step limit from 1 to past the game's
    end, the game stops at the same rule, after the same effects (places, variables, steps), with the same steps and
    work left at every decision, as with every effect through its handler (FUSED off), which tests the limit at each
    step."""
    from philtre.interpreter import runners as runners_module

    seen_local, stopped = set(), 0
    for limit in range(1, 1000):
        path = tmp_path / f"counted_{limit}.yaml"
        path.write_text(COUNTED.replace("LIMIT", str(limit)))
        ruleset = load_ruleset(str(path))
        made = runners_module.runners_for(ruleset)
        seen_local |= {name for name, code in (("seats", made.seats["give"].__code__),
                                               *(("row", run.__code__) for run in made.statements.values()))
                       if "steps_" in code.co_varnames}
        failures = _failures_as_through_handlers(ruleset, range(2), monkeypatch, limit)
        stopped += sum("R200" in end for end in failures)
        if not failures:
            break  # every game ends within the limit from here on
    assert seen_local == {"seats", "row"} and 200 < limit < 999 and stopped > 600


# written-out `for`s whose bodies charge no work but in a move of many components (runners._charges_nothing): the
# hand-over's items do much work (counted at its first pass's end), its move of one chip, and a score that may fail
# after it (ADD 2**53: a runaway score); the spread's and the take-back's moves of a whole hand (about 70 chips, whose
# work counts a step); the last loop's score first, of a seat that may be none (LAST [1, 0, 7])
FREE_PASSES = """\
philtre: 1
game: free-passes
players: 2..3
step_limit: LIMIT
components:
  chip: {attributes: {v: [1, 2, 3]}, copies: 24, each: player, start: hand}
zones:
  hand: {each: player, visible: owner}
  shown: {each: player, visible: everyone}
  box: {visible: everyone}
actions:
  show:
    choose: {chip: "hand[me]"}
    do:
      - move: chip -> shown[me]
flow:
  - name: rounds
    repeat: 3
    do:
      - simultaneous: show
      - name: hand-over
        for: p in [p for p in players if count([x for x in range(3000)]) > count(shown[p])]
        do:
          - move: shown[p] -> box
          - score: {player: p, add: ADD}
      - name: spread
        for: p in players
        do:
          - move: hand[p] -> shown[p]
      - name: take-back
        for: p in players
        do:
          - move: shown[p] -> hand[p]
  - name: last
    for: p in LAST
    do:
      - score: {player: p, add: 1}
      - move: hand[p] -> box
winners: {highest: "score[p]"}
"""


@pytest.mark.parametrize("last, add, over", [("players", "1", ""), ("[1, 0, 7]", "1", ""), ("players", str(2**53), ""),
                                             ("players", "1", " + 0 // (count(box) - 2)")])
def test_a_written_out_for_whose_body_charges_nothing_counts_its_steps_and_work_as_the_handlers_do(last, add, over, tmp_path, monkeypatch):
    """A written-out `for` counting its steps in a local counts each pass's steps at once at its end, a statement that
    fails counting those it reached (runners._counted_at_the_pass_end); where its body charges no work but in a move of
    many components (runners._charges_nothing), it tests the work left only where the items' evaluation or such a move
    may have left it low (``heavy_``, _FOR_LOCAL_FREE). At every step limit from 1 to past the games' end, and with a
    score failing in a pass's first statement (a seat that is none) or its second (a runaway score), the game stops at
    the same rule, after the same effects (places, variables, steps), with the same steps and work left at every
    decision, as with every effect through its handler (FUSED off); it fails with the work of the items or of a move of
    many components not counted, or a failing statement's steps miscounted. The `for`'s own step, counted with its
    passes' (_stepped_with_passes), is counted where its items fail (``over``: two-player games' hand-over fails once
    the box holds two chips)."""
    from philtre.interpreter import runners as runners_module
    from philtre.interpreter.runners import _statements, fused_runner

    stopped = Counter()
    for limit in range(1, 1000):
        path = tmp_path / f"free_{limit}.yaml"
        path.write_text(FREE_PASSES.replace("LIMIT", str(limit)).replace("LAST", last).replace("ADD", add).replace(
            "> count(shown[p])]", f"> count(shown[p]){over}]"))
        ruleset = load_ruleset(str(path))
        if limit == 1:  # (each loop counts in a local, without the test of the work at each pass: `hand[p]` of a
            # list of numbers that may be no seat is read by its call, which may charge)
            for stmt in _statements(ruleset.flow):
                if stmt.label in ("hand-over", "spread", "take-back", "last" if last == "players" else ""):
                    names = fused_runner(stmt, ruleset.step_limit, None, None, None).__code__.co_varnames
                    assert "steps_" in names and "heavy_" in names, stmt.label
        failures = _failures_as_through_handlers(ruleset, range(3), monkeypatch, limit)
        stopped.update(re.search(r"R\d{3} (rule '\w+' failed|step limit)|$", end).group() or end for end in failures)
        if not any("R200" in end for end in failures):
            break  # every game ends within the limit from here on (or fails at the rule blamed)
    blamed = {"[1, 0, 7]": "R100 rule 'score' failed", str(2**53): "R100 rule 'score' failed"}.get(last if last != "players" else add)
    assert 60 < limit < 999 and stopped["R200 step limit"] > 300 and (blamed is None or stopped[blamed]), (limit, stopped)
    assert not over or any("rule 'hand-over' failed" in end for end in stopped), stopped


# a written-out `for` whose one statement scores a definition's sum over a static family's kept list (its evaluation
# reads the loop's variable first, then the sum written out: runners._adds_written writes it into the loop); WORTH, what a
# cup is worth where it was picked: a number, a division by zero for a cup of two chips, much work (counted as steps), too
# much work (out of work); the same scoring again in a row of runners (`set`, `for`)
SCORED_PASSES = """\
philtre: 1
game: scored-passes
players: 2..3
step_limit: LIMIT
components:
  chip: {attributes: {v: [1, 2, 3]}, copies: 2, each: player, start: hand}
zones:
  hand: {each: player, visible: owner}
  cup: {each: player, visible: everyone}
variables:
  picked: {initial: [], visible: everyone}
define:
  controller(g): index(g) % player_count
  my_cups(p): "[g for g in cup if controller(g) == p]"
  worth(g): "(WORTH) if g in picked else 1"
  points(p): sum(worth(g) for g in my_cups(p))
actions:
  put:
    choose: {chip: "hand[me]"}
    do:
      - move: chip -> cup[me]
  keep:
    choose: {cups: "subsets(my_cups(me))"}
    do:
      - set: {picked: picked + cups}
flow:
  - name: rounds
    repeat: 3
    do:
      - simultaneous: put
      - simultaneous: keep
      - name: scoring
        for: p in players
        do:
          - score: {player: p, add: points(p), floor: 0}
      - name: again
        set: {picked: "picked"}
      - name: rescoring
        for: p in players
        do:
          - score: {player: p, add: points(p), floor: 0}
      - set: {picked: "[]"}
winners: {highest: "score[p]"}
"""


@pytest.mark.parametrize("worth, fails", [("count(g) if count(g) < 3 else 0", None), ("6 // (count(g) - 2)", "division by zero"),
                                          ("count([x for x in range(3000)]) % 3", None),
                                          ("count([x for x in range(99999) for y in range(99)])", "too much work")])
def test_a_scores_add_written_into_its_for_gives_the_points_steps_work_and_failures_of_its_call(worth, fails, tmp_path, monkeypatch):
    """A `for`'s score whose add is an evaluation of a few lines is written into the loop that counts the pass's steps
    in a local (runners._adds_written), the loop's item read where the evaluation read the loop's variable: at every
    step limit from 1 to past the games' end, the games stop at the same rule, after the same effects, with the same
    steps and work left at every decision and the same messages (a failure in a definition written out named as in
    the evaluation's function), as with every effect through its handler (FUSED off), and as with the add called."""
    from philtre.interpreter import runners as runners_module

    sources = []
    compiled = runners_module.compiled
    monkeypatch.setattr(runners_module, "compiled", lambda source, *rest: sources.append(source) or compiled(source, *rest))
    ended = Counter()
    for limit in range(1, 400) if fails != "too much work" else (100_000,):  # (out of work: a second a game, once)
        path = tmp_path / f"scored_{limit}.yaml"
        path.write_text(SCORED_PASSES.replace("LIMIT", str(limit)).replace("WORTH", worth))
        ruleset = load_ruleset(str(path))
        made = runners_module.runners_for(ruleset)
        # (the two loops' evaluation written in, alone and in the row: the seat read where it stands, not from the names)
        assert len(ruleset.namespace[runners_module.ADDS_WRITTEN]) >= 3, limit
        written = [text for text in sources if "def _made_run_" in text]
        assert written and all(re.search(r"^ +v_p = item\w*$", text, re.M) and "L['p']" not in text for text in written)
        assert any(run.__name__.startswith("run_") for run in made.statements.values())
        found = {(n, seed): _outcome(ruleset, n, seed, at_failure=True) for n in (2, 3) for seed in range(3)}
        with monkeypatch.context() as patched:  # (the add called: the same games)
            patched.setattr(runners_module, "_adds_written", lambda run, make: run)
            patched.setattr("philtre.interpreter.game.runners_for", runners_once(plain=True))
            for (n, seed), seen in found.items():
                assert _outcome(ruleset, n, seed, at_failure=True) == seen, f"limit {limit} x{n} seed {seed}"
        failures = _failures_as_through_handlers(ruleset, range(3), monkeypatch, limit)
        ended.update(re.search(r"R\d{3} (rule '\w+' failed|step limit)|$", end).group() or end for end in failures)
        if fails is not None:
            assert failures and all(fails in end and "'worth' at" in end for end in failures if "R100" in end), failures
        if not any("R200" in end for end in failures):
            break  # every game ends within the limit from here on (or fails at the rule blamed)
    assert limit == 100_000 or (20 < limit < 399 and ended["R200 step limit"] > 20), (limit, ended)
    assert fails is None or ended["R100 rule 'score' failed"], ended


def test_a_written_out_for_counts_its_own_step_with_its_passes_where_its_template_reads_so():
    """A written-out `for` without `when` whose passes are counted before the first (_FOR_LOCAL_FREE) counts its own step
    in the same sum (_stepped_with_passes): POK's hand-over and take-back; a source no longer written as the rewrite
    reads it fails as the runner is made. That they play as through the handlers is tested above."""
    from philtre.interpreter.runners import Runners, _for_block_source, _stepped_with_passes

    _, source = _for_block_source((("move_zitem_one_apart", False), ("score_seat_number_none", False)), False, "b", "seats")
    assert "unstepped_ = 1" in source and "(1 + (span_ := 3 * len(items)))" in source and source.count("flow.steps += unstepped_") == 3
    codes = [run.__code__ for run in Runners(load_ruleset("pok"), plain=True).statements.values()]
    assert any("unstepped_" in code.co_varnames and "span_" in code.co_varnames for code in codes)
    with pytest.raises(AssertionError, match="_stepped_with_passes"):
        _stepped_with_passes(source.replace("if (steps_ := flow.steps + (1 + (span_", "if (steps_ := flow.steps + ((span_"))


# -- a move of one of the game's own zones read in place: a few of its components moved at once -------

ZONE_MOVES = """\
philtre: 1
game: zone-moves
players: 2..3
components:
  chip: {attributes: {v: [1, 2, 3]}, copies: 4, each: player, start: hand}
zones:
  hand: {each: player, visible: owner}
  shown: {each: player, visible: everyone}
  pile: {visible: everyone}
actions:
  show:
    choose: {chip: "hand[me]"}
    do:
      - move: chip -> shown[me]
flow:
  - name: rounds
    repeat: 6
    do:
      - simultaneous: show
      - reveal: shown[0]
      - for: p in players
        do:
          - move: shown[p] -> shown[p]
          - move: shown[p] -> hand[(p + 1) % player_count]
            when: count(hand[p]) < 4
          - move: shown[p] -> pile
            when: count(shown[p]) > 2
          - move: hand[p] -> pile
            when: count(pile) > 20
  - for: c in pile
    do:
      - move: "hand[c.owner] -> pile"
  - move: pile -> hand[0]
  - reveal: hand[0]
  - for: p in players
    do:
      - move: hand[p] -> shown[p]
        when: p > 0
  - move: shown[1] -> shown[0]
  - reveal: shown[1]
winners: {highest: "count(hand[p])"}
"""


def _zone_moves_played(ruleset, n, seed, record, copies=False) -> list:
    """Where every component lies, which are face up, the steps and the work left, at each decision of a random
    game and at its end; with ``copies``, each decision taken in a copy of the game with an option listed before the
    copy (its zones the original's)."""
    game = Game(ruleset, n, seed=seed, record=record)
    rng, seen = random.Random(seed), []

    def where():
        S = game.state
        zones = {name: [[c["id"] for c in zone] for zone in family] for name, family in S.zones.items()}
        return zones, list(S.where), sorted(S.revealed), game.state.flow.steps, game._work_left

    while not game.finished:
        for p in game.pending():
            seen.append(where())
            options = game.options(p)
            if copies:
                game = game.copy()
            game.apply(p, options[rng.randrange(len(options))])
    return seen + [where()]


def test_a_zone_of_a_family_read_in_place_moves_as_through_the_move_handler(tmp_path, monkeypatch):
    """`move: shown[p] -> ...` and `move: hand[c.owner] -> ...` read one of the game's own zones, so the fused runner
    moves a few of its components at once (runners._MOVE_ZONE_BODY): a zone onto itself, an empty one, face-up
    components, more than FEW_MOVED (through move_what), with `when`, in a written-out `for` and alone. The places,
    the faces shown, the steps and the work left at every decision and at the end are those of every move through its
    handler (FUSED off), and of the recorded game."""
    from philtre.interpreter.runners import _statements, block_runner

    path = tmp_path / "zone_moves.yaml"
    path.write_text(ZONE_MOVES)
    ruleset = load_ruleset(str(path))
    shapes = {block_runner((stmt,), ruleset.step_limit, None).__code__.co_filename
              for stmt in _statements(ruleset.flow) if stmt.kind == "for"}
    # (a zone at the loop's variable read from its item, a single zone read where it stands: runners._READS)
    assert "<philtre runner for move_zitem_zitem move_zitem_fn move_zitem_one_apart move_zitem_one_apart>" in shapes
    assert "<philtre runner for move_attr_one_apart>" in shapes
    from philtre.interpreter.runners import _SHAPES

    # a destination read as a zone of a family is a Zone, but may be a grid (a grid a seat, since 2026-12-05): the
    # runner tests it for a grid only; a destination read by its call, both
    assert all("S.grids" in _SHAPES[shape][1] and "is not Zone" not in _SHAPES[shape][1].split("what = ")[0]
               for shape in ("move_zone_zone", "move_local_zone", "move_fn_attr", "move_zitem_zitem"))
    # a single zone read where it stands is one of the game's own zones, a Zone, but may be a grid: tested for one
    assert all("S.grids" in _SHAPES[shape][1] and "is not Zone" not in _SHAPES[shape][1].split("what = ")[0]
               for shape in ("move_zone_one", "move_zitem_one", "move_attr_one"))
    assert all("S.grids" in _SHAPES[shape][1] and "is not Zone" in _SHAPES[shape][1] for shape in ("move", "move_zone_fn"))
    found = {(n, seed): _zone_moves_played(ruleset, n, seed, False) for n in (2, 3) for seed in range(6)}
    assert any(seen[-1][2] for seen in found.values())  # some components end face up
    for (n, seed), seen in found.items():
        assert _zone_moves_played(ruleset, n, seed, True) == seen, f"recorded x{n} seed {seed}"
    monkeypatch.setattr("philtre.interpreter.runners.FUSED", False)
    monkeypatch.setattr("philtre.interpreter.game.runners_for", runners_once())
    for (n, seed), seen in found.items():
        assert _zone_moves_played(ruleset, n, seed, False) == seen, f"x{n} seed {seed}"


# -- every component of a zone family moved: the family's zones emptied at once ---------------------------------

EMPTIED = """\
philtre: 1
game: emptied
players: 2..3
step_limit: LIMIT
components:
  chip: {attributes: {v: [1, 2, 3]}, copies: 2, each: player, start: bag}
STONE
zones:
  bag: {visible: everyone}
  cup: {each: player, visible: nobody}
  shown: {each: player, visible: everyone}
  hand: {each: player, visible: owner}
  pile: {visible: everyone}
actions:
  put:
    choose: {chip: bag, into: "cup + shown"}
    do:
      - move: chip -> into
flow:
  - name: rounds
    repeat: 3
    do:
      - turns: 0
        until: count(bag) == 0
        do:
          - decide: put
      - reveal: cup[0]
      - reveal: shown[1]
      - move: "[c for z in shown for c in z] -> DEST"
FOR
      - move: "[c for z in hand for c in z] -> bag"
      - move: "[c for z in shown for c in z] -> bag"
      - move: pile -> bag
winners: {highest: "count(hand[p])"}
"""


def _emptied_outcome(ruleset, n, seed):
    """_outcome at a failure too, and whether every component's place (S.where) is the zone that holds it."""
    seen = _outcome(ruleset, n, seed, at_failure=True)
    game = Game(ruleset, n, seed=seed)  # (replayed, to read its state: the outcome holds only ids)
    rng = random.Random(seed)
    try:
        while not game.finished:
            for p in game.pending():
                options = game.options(p)
                game.apply(p, options[rng.randrange(len(options))])
    except PhiltreError:
        pass
    S = game.state
    placed = all(S.where[c.ident] == zone.key for family in S.zones.values() for zone in family for c in zone)
    return seen, placed


# the `for` of EMPTIED: to the zone an attribute of the item gives, or to a zone of a family at another name's index
EMPTIED_FORS = {"item": """\
      - for: "c in [c for g in cup for c in g]"
        do:
          - move: c -> hand[c.owner]""", "seat": """\
      - for: p in players
        do:
          - for: "c in [c for g in cup for c in g]"
            do:
              - move: c -> hand[p]"""}


@pytest.mark.parametrize("to, stone, loop", [("pile", False, "item"), ("shown[0]", False, "item"), ("pile", True, "item"),
                                             ("pile", True, "seat")])
def test_every_component_of_a_family_moved_empties_its_zones_as_each_moved_in_turn(to, stone, loop, tmp_path, monkeypatch):
    """`move: [c for z in shown for c in z] -> pile` and `for: c in [c for g in cup for c in g]` whose body is `move: c
    -> hand[c.owner]` (Expr.family_items) move the family's components in order and empty its zones at once
    (runners._MOVE_FAMILY_BODY, _FOR_EMPTIED), where each was taken out of its zone in turn: a few face up or none, a
    destination in the family itself and more than FEW_MOVED (as before), a destination that fails halfway (a stone has
    no owner: R100 at the `for`'s move, the components before it moved, the others where they lie), at step limits
    that the loop may reach. The options, steps and work left at every decision, the failure and the state left are
    those of every effect through its handler (FUSED off) and of compiler.SHORTCUTS off (the list made and moved)."""
    from philtre.dsl import compiler
    from philtre.interpreter import runners as runners_module
    from philtre.interpreter.runners import _emptied, _shape

    def ruleset_for(limit, tag=""):  # (the same path, its messages the same: a tag changes the text only)
        path = tmp_path / f"emptied_{limit}.yaml"
        path.write_text(EMPTIED.replace("LIMIT", f"{limit}{tag}").replace("DEST", to).replace("FOR", EMPTIED_FORS[loop])
                        .replace("STONE", "  stone: {attributes: {w: [1]}, start: bag}" if stone else ""))
        return load_ruleset(str(path))

    statements = _flow_statements(ruleset_for(100_000))
    inner = next(stmt for stmt in statements if stmt.kind == "for" and stmt.args["items"].family_items)
    assert _emptied(inner, ((_shape(inner.args["body"][0]), False),)) == (("cup", 6, 6), "emptied item" if loop == "item" else "emptied")
    assert [_shape(stmt) for stmt in statements if stmt.kind == "move" and stmt.args["what"].family_items] == [
        "move_family_one" if to == "pile" else "move_family_fn", "move_family_one", "move_family_one"]  # (a single zone read in place)
    assert runners_module.runners_for(ruleset_for(100_000)).statements  # (made: the row holding the round's moves)
    ends = Counter()
    for limit in (*range(20, 400, 7), 100_000):
        ruleset = ruleset_for(limit)
        found = {(n, seed): _emptied_outcome(ruleset, n, seed) for n in (2, 3) for seed in range(4)}
        assert all(placed for _, placed in found.values())
        ends.update(re.search(r"R\d{3}|$", seen[1]).group() if type(seen[1]) is str else "end" for seen, _ in found.values())
        with monkeypatch.context() as patched:
            patched.setattr(runners_module, "FUSED", False)
            patched.setattr("philtre.interpreter.game.runners_for", runners_once())
            for (n, seed), seen in found.items():
                assert _emptied_outcome(ruleset, n, seed) == seen, f"limit {limit} x{n} seed {seed}"
        with monkeypatch.context() as patched:
            patched.setattr(compiler, "SHORTCUTS", False)
            plain = ruleset_for(limit, "  # plain")
            assert not any(stmt.args["what"].family_items for stmt in _flow_statements(plain) if stmt.kind == "move")
            for (n, seed), seen in found.items():
                assert _emptied_outcome(plain, n, seed) == seen, f"limit {limit} x{n} seed {seed}, shortcuts off"
    assert ends["R200"] and (ends["R100"] if stone and loop == "item" else ends["end"]), ends


def test_a_familys_components_are_listed_in_c_and_moved_in_one_loop():
    """runners._MOVE_FAMILY_BODY and _FOR_EMPTIED list the family's components at once (`[*chained(family_)]`, in C),
    count them by the list's length and move them in one loop, the zones emptied after it, where a loop counted each
    zone's and a loop in a loop moved them (Poisons' round end: 0.6% of its instructions); a move that fails after
    some of them takes those out of their zones as the loop over each zone did (runners.taken_out: those before it
    emptied, the rest of its own zone left). The games are test_every_component_of_a_family_moved_...'s."""
    import gc
    from philtre.interpreter import runners
    for template in (runners._MOVE_FAMILY_BODY, runners._FOR_EMPTIED[1]):
        assert "moved_ = [*chained(family_)]" in template and "count_ += len(zone_)" not in template
        assert "for comp in moved_:" in template and "for comp in zone_:" not in template
    Game(load_ruleset("poisons"), 4, seed=1).play_out(random=random.Random(1).random)
    made = [fn for fn in gc.get_objects() if type(fn) is type(runners.taken_out)
            and fn.__name__ == "run" and fn.__code__.co_filename.startswith("<philtre runner block move_family_one for")]
    assert made and all({"chained", "taken_out"} <= set(fn.__code__.co_names) for fn in made)
    sizes = [2, 0, 3, 1]
    for count in range(sum(sizes) + 1):  # (a failure after `count` components moved: each zone emptied in turn)
        family = [Zone(("cup", i), [f"{i}.{j}" for j in range(n)]) for i, n in enumerate(sizes)]
        flat = [c for zone in family for c in zone]
        runners.taken_out(family, count)
        assert [c for zone in family for c in zone] == flat[count:]
        at = next((i for i, zone in enumerate(family) if zone), len(family))
        assert all(not zone for zone in family[:at]) and [len(zone) for zone in family[at + 1:]] == sizes[at + 1:]


# -- runners for games neither recorded nor counted; statements in a row as one runner ---------------

@pytest.mark.parametrize("name, variants, counts", [*CONFIGURATIONS, (LONE, (), (2, 4))])
def test_plain_runners_play_as_the_general_ones(name, variants, counts, monkeypatch):
    """A game neither recorded nor counted runs on runners whose fused source leaves out the tests of the record and
    the coverage (runners._plain_source); a recorded or counted game takes their general twin. Unrecorded games on
    either: the same options, steps and work left at every decision, and the same ends."""
    from philtre.interpreter.runners import _plain_source, runners_for

    ruleset = load_ruleset(name, list(variants))
    plain = runners_for(ruleset)
    codes = [run.__code__ for run in plain.statements.values()] + [run.__code__ for run in plain.actions.values()]
    assert any(code.co_filename.endswith(" plain>") for code in codes)
    assert all("recorder" not in code.co_names and "coverage" not in code.co_names for code in codes
               if code.co_filename.endswith(" plain>"))
    assert Game(ruleset, counts[0], seed=1)._runners is plain
    for game in (Game(ruleset, counts[0], seed=1, record=True), Game(ruleset, counts[0], seed=1, coverage=Counter())):
        assert game._runners is plain.for_all() is not plain and game._runners.for_all() is game._runners
    with pytest.raises(AssertionError, match="still reads the record"):
        _plain_source("        if game.recorder is not None and x:\n            pass\n")
    found = {(n, seed): _outcome(ruleset, n, seed) for n in counts for seed in range(10)}
    monkeypatch.setattr("philtre.interpreter.game.runners_for", runners_once())
    for (n, seed), seen in found.items():
        assert _outcome(ruleset, n, seed) == seen, f"{name} {variants} x{n} seed {seed}"


GRID_MOVES = """\
philtre: 1
game: grid-moves
players: 2
components:
  tile: {attributes: {c: [1, 2]}, derive: {cells: "[c]"}, start: bag}   # two one-cell tiles, colours 1 and 2
zones:
  bag: {visible: everyone}
  board: {grid: {resolution: 1}, visible: everyone}
  out: {each: player, visible: everyone}
actions:
  take:
    choose: {t: "[t for t in board if t.c == 1]"}
    do:
      - move: t -> out[me]
  keep:
    do:
      - score: {player: me, add: 1}
flow:
  - place: {piece: "first([t for t in bag if t.c == 1])", to: board, at: "{'x': 0, 'y': 0, 'rot': 0}"}
  - place: {piece: "first([t for t in bag if t.c == 2])", to: board, at: "{'x': 2, 'y': 0, 'rot': 0}"}
  - simultaneous: [take, keep]
  - for: t in board
    do:
      - move: t -> out[0]
        when: t.c == 2
  - move: TOGRID
winners: {highest: "score[p]"}
"""


def test_plain_runners_leave_out_the_grids_tests_only_for_a_ruleset_without_grids(tmp_path, monkeypatch):
    """A ruleset without grid zones never has a grid to refuse nor a placement to drop: its plain runners leave out the
    test that a move's destination is no grid and the test that a component moved loses its placement
    (runners._plain_source with grids false; test_plain_runners_play_as_the_general_ones plays them against the general
    runners, which keep them). A ruleset with a grid zone keeps both in its plain runners: a piece moved off the grid by a
    fused move (alone, in a seat's action, in a written-out `for`) loses its placement, a move onto the grid is R100."""
    from philtre.interpreter.runners import _plain_source, _without_tests, runners_for

    def codes(runners):
        runs = [*runners.statements.values(), *runners.actions.values(), *(r for r in runners.seats.values() if r is not None)]
        return [run.__code__ for run in runs if run.__code__.co_filename.endswith(" plain>")]

    for name in ("poison", "pok", "poisons"):
        found = codes(runners_for(load_ruleset(name)))
        assert found and all(code.co_filename.endswith(" no grid plain>") for code in found)
        assert not any("grids" in code.co_names or "placed" in code.co_varnames for code in found)
    path = tmp_path / "grid_moves.yaml"
    path.write_text(GRID_MOVES.replace("TOGRID", "first(out[0]) -> out[1]"))
    ruleset = load_ruleset(str(path))
    found = codes(runners_for(ruleset))
    assert found and not any("no grid" in code.co_filename for code in found)
    moves = [code for code in found if "move" in code.co_filename]
    assert len(moves) >= 2 and all("placed" in code.co_varnames for code in moves)
    ends = set()
    for seed in range(8):
        game = played(Game(ruleset, 2, seed=seed), seed)
        board = game.state.zones["board"][0]
        assert set(game.state.placed) == {c["id"] for c in board} and game.state.grid_version >= 3
        ends.add(len(board))
        general = Game(ruleset, 2, seed=seed, coverage=Counter())  # (the general runners)
        assert final_state_of(played(general, seed)) == final_state_of(game)
    assert ends == {0, 1}  # the tile of colour 2 always moved off the grid, the other where a seat took it
    path.write_text(GRID_MOVES.replace("TOGRID", "first(out[0]) -> [board][0]"))  # (by its name: E120 before the game)
    with pytest.raises(PhiltreError, match="R100 .*board is a grid: put pieces on it with place"):
        played(Game(load_ruleset(str(path)), 2, seed=1), 1)
    # an `if` whose body is several lines goes whole; a test of the grids it does not know how to leave out is refused
    assert _without_tests("    if a:\n        b\n        c\n    d\n", ("if a:",)) == "    d\n"
    with pytest.raises(AssertionError, match="still reads the grids"):
        _plain_source("            if x in S.grids:\n                pass\n", False)


ONTO_ITSELF = """\
philtre: 1
game: onto-itself
players: 2
components:
  tile: {attributes: {c: [1, 2]}, derive: {cells: "[c]"}, copies: COPIES, start: bag}
zones:
  bag: {visible: everyone}
  board: {grid: {resolution: 1}, visible: everyone}
flow:
  - for: t in bag
    do:
      - place: {piece: t, to: board, at: "{'x': 0, 'y': 0, 'rot': 0}"}
        when: count(board) < HOW_MANY
  - move: ZONE -> ZONE
winners: {highest: "score[p]"}
"""


@pytest.mark.parametrize("how_many", [1, 3, 10])
@pytest.mark.parametrize("backend", ["fused", "recorded", "counted", "handlers", "frames"])
def test_a_zone_moved_onto_itself_stays_and_a_grid_so_moved_fails_on_every_backend(tmp_path, monkeypatch, how_many, backend):
    """`move: Z -> Z` leaves Z as it is, and fails (R100 at the move) where Z is a grid, as every move onto a grid fails:
    whether Z holds one component, a few or more than FEW_MOVED, and whichever code runs it (the fused runners of an
    unrecorded game, a recorded or counted game's, every effect through its handler, the frame machine). The handler's
    effects.move_zone let a grid moved onto itself pass where the others failed, until it tested the grid first."""
    if backend == "handlers":
        monkeypatch.setattr("philtre.interpreter.runners.FUSED", False)
        monkeypatch.setattr("philtre.interpreter.game.runners_for", runners_once())
    elif backend == "frames":
        frames_only(monkeypatch)
    options = {"recorded": {"record": True}, "counted": {"coverage": Counter()}}.get(backend, {})
    text = ONTO_ITSELF.replace("COPIES", "5").replace("HOW_MANY", str(how_many))
    path = tmp_path / "onto_itself.yaml"

    def zones_after(text):
        """The ids in the bag and on the board once the game has run ``text``'s flow."""
        path.write_text(text)
        game = Game(load_ruleset(str(path)), 2, seed=0, **options)
        return game.finished, [[c["id"] for c in game.state.zones[name][0]] for name in ("bag", "board")]

    assert zones_after(text.replace("ZONE", "bag")) == zones_after(text.replace("  - move: ZONE -> ZONE\n", ""))
    path.write_text(text.replace("ZONE -> ZONE", "board -> [board][0]"))  # (named so, the grid is E120 before the game)
    with pytest.raises(PhiltreError) as info:
        Game(load_ruleset(str(path)), 2, seed=0, **options)
    d = info.value.first
    assert (d.code, d.loc.line) == ("R100", 14) and "board is a grid: put pieces on it with place" in d.message, str(d)


ROW = """\
philtre: 1
game: row
players: 2
step_limit: LIMIT
variables: {n: 0}
actions:
  tick:
    choose: {x: "[1, 2]"}
    do:
      - set: {n: n + x}
flow:
  - repeat: 4
    do:
      - set: {n: n + 1}
      - score: {player: "n % 2 + BLAME", add: n}
      - for: p in players
        do:
          - score: {player: p, add: 1}
      - decide: tick
        player: 0
      - reveal: "[]"
      - set: {n: n * 1}
winners: {highest: "score[p]"}
"""


@pytest.mark.parametrize("name, variant", [*SHIPPED, (LONE, None), (LOOPS, None), ("row", None), ("row", "blame"), ("row", 20)])
def test_statements_in_a_row_run_as_one_runner_as_one_after_another(name, variant, tmp_path, monkeypatch):
    """Statements in a row of a frame's block that each have a runner run as one (runners.sequence_runner), which
    tells the frame machine how many it ran: the same frames, steps and options at every pause, records, coverage
    and ends, and the same failure (R100 in the middle of a row, the step limit reached in one), as each statement
    by its own runner."""
    from philtre.interpreter.runners import _statements, _written_once

    if name == "row":  # variant: where the second statement of a row fails (a seat that is none), or the step limit
        path = tmp_path / "row.yaml"
        path.write_text(ROW.replace("BLAME", "5" if variant == "blame" else "0").replace("LIMIT", str(variant if variant == 20 else 100_000)))
        ruleset = load_ruleset(str(path))
    else:
        ruleset = load_ruleset(name, [variant] if variant else [])
    rows = Runners(ruleset)
    monkeypatch.setattr("philtre.interpreter.runners.sequence_runner", lambda block, limit: None)
    one_by_one = Runners(ruleset)
    monkeypatch.undo()
    assert any("row " in run.__code__.co_filename for run in rows.statements.values()) == (name != LONE)  # (its loops pause)
    assert not any("row " in run.__code__.co_filename for run in one_by_one.statements.values())
    body = ruleset.flow[0].args.get("body") or ruleset.flow
    assert _written_once((*body, body[0])) == {id(s) for s in _statements(body)} - {id(s) for s in _statements(body[:1])}  # (in two places: no row)

    def game_of(runners, n, seed, counted):
        with monkeypatch.context() as patched:
            patched.setattr("philtre.interpreter.game.runners_for", lambda rs: runners)
            try:
                game = Game(ruleset, n, seed=seed, record=counted, coverage=Counter() if counted else None)
                return game, traced(game, seed), final_state_of(game)
            except PhiltreError as exc:
                return None, str(exc), exc.recorder.lines() if getattr(exc, "recorder", None) else None

    sizes = range(ruleset.min_players, ruleset.max_players + 1)
    for seed in range(20):
        n, counted = sizes[seed % len(sizes)], seed % 2 == 0
        game, *seen = game_of(rows, n, seed, counted)
        other, *expected = game_of(one_by_one, n, seed, counted)
        assert seen == expected, f"{name} {variant} x{n} seed {seed}"
        if counted and game is not None:
            assert game.recorder.lines() == other.recorder.lines() and game.coverage == other.coverage
        if name == "row" and variant:
            assert ("R100" if variant == "blame" else "R200") in seen[0]


TOPS = """\
philtre: 1
game: tops
players: 2..3
variables:
  y: 0
components:
  chip: {attributes: {v: [1, 2, 3]}, copies: 2, each: player, start: hand}
zones:
  hand: {each: player, visible: owner}
  shown: {each: player, visible: everyone}
  few: {copies: 2, visible: everyone}
actions:
  back:
    choose: {chip: "shown[me]"}
    do:
      - move: chip -> hand[me]
flow:
  - name: rounds
    repeat: ROUNDS
    do:
      - for: z in hand
        do:
          - move: last(z) -> shown[index(z)]
      - simultaneous: back
  - set: {y: "count(range(3000))"}  # much work: a step more for the pass after it, unless the budget is given afresh
  - for: z in ZONES
    do:
      - move: last(z) -> TO
winners: {highest: "count(hand[p])"}
"""


def _played_as_through_the_handlers(ruleset, monkeypatch) -> dict:
    """The places at each decision of games of 2 and 3 players, seeds 0 to 3 (_zone_moves_played, by (players, seed)):
    the same recorded and with every effect through its handler (FUSED off, left so)."""
    found = {(n, seed): _zone_moves_played(ruleset, n, seed, False) for n in (2, 3) for seed in range(4)}
    for (n, seed), seen in found.items():
        assert _zone_moves_played(ruleset, n, seed, True) == seen, f"recorded x{n} seed {seed}"
    monkeypatch.setattr("philtre.interpreter.game.runners_for", runners_once())
    monkeypatch.setattr("philtre.interpreter.runners.FUSED", False)
    for (n, seed), seen in found.items():
        assert _zone_moves_played(ruleset, n, seed, False) == seen, f"x{n} seed {seed}"
    return found


def _set_up(ruleset, path):
    """The message of a flow that fails before its first decision (no rounds), the file named by its stem, and the
    state it leaves: steps, work left, each zone's components, the generator's state."""
    game, message = Game.__new__(Game), None
    try:
        game.__init__(ruleset, 3, seed=1)
    except PhiltreError as failure:
        message = str(failure).replace(str(path), path.stem.split("_")[0])
    S = game.state
    return message, S.flow.steps, game._work_left, [[c["id"] for c in z] for f in S.zones.values() for z in f], S.flow.rng.getstate()


def test_the_top_of_a_zone_moved_to_a_zone_at_its_index_is_read_without_the_expressions_calls(tmp_path, monkeypatch):
    """`move: last(z) -> shown[index(z)]` (Expr.last_of, Expr.zone_at_index) is read by the fused runner where it stands
    when `z` is a Zone (and the family holds its index), in a `for` over `z` from the loop's item, without a dict of
    names: the places, steps and work left at every decision and at the end are those of every move through its
    handler (FUSED off) and of the recorded game; a value that is no zone, an index the family does not hold and an
    empty zone fail (or move nothing) as through the expressions' calls, given the names of the pass."""
    from philtre.interpreter.runners import _statements, block_runner

    def ruleset_of(zones, to, name="tops.yaml", rounds=5):
        path = tmp_path / name
        path.write_text(TOPS.replace("ZONES", zones).replace("TO", to).replace("ROUNDS", str(rounds)))
        return load_ruleset(str(path)), path

    ruleset, _ = ruleset_of("shown", "hand[index(z)]")
    move = ruleset.flow[0].args["body"][0].args["body"][0]
    assert (move.args["what"].last_of, move.args["to"].zone_at_index) == ("z", ("shown", "z"))
    runs = [block_runner((stmt,), ruleset.step_limit, None).__code__ for stmt in _statements(ruleset.flow) if stmt.kind == "for"]
    # (in a `for` written out, its variable's top and zone read from its item: no dict of names made, _READS "ilast", "iat";
    # over a zone family read in place, Expr.family: its list looped over without the expression's call, way "family")
    assert [(code.co_filename, "inner" in code.co_varnames) for code in runs] == [("<philtre runner for move_ilast_iat family>", False)] * 2
    assert [stmt.args["items"].family for stmt in _statements(ruleset.flow) if stmt.kind == "for"] == ["hand", "shown"]
    _played_as_through_the_handlers(ruleset, monkeypatch)

    def played(fused, zones, to):
        monkeypatch.setattr("philtre.interpreter.runners.FUSED", fused)
        return _set_up(*ruleset_of(zones, to, f"tops_{fused}.yaml", rounds=0))

    for zones, to, message in [("hand", "few[index(z)]", "R100 rule 'move' failed in its to `few[index(z)]`: index 2 is out of range (0..1)"),
                               ("[hand[2], shown[0]]", "hand[index(z)]", None),  # a list of zones, the last one empty
                               ("[[c for c in hand[1]]]", "few[0]", None),  # a list: its last item, through the call
                               ("hand", "shown[index(z)]", None),
                               # (a family's zones, each top moved onto its own zone, which stays as it is, and empty
                               # zones: _family_tops_popped's move and its fallback)
                               ("hand", "hand[index(z)]", None), ("shown", "hand[index(z)]", None)]:
        fused = played(True, zones, to)
        assert fused[0] == message if message is None else message in fused[0], fused[0]
        assert played(False, zones, to) == fused


def test_a_familys_tops_moved_to_zones_at_their_index_are_popped_first_where_they_lie_in_them():
    """A written-out `for` over a zone family read in place (way "family") whose body moves each zone's top to a zone
    of a family at its index tries first, in both its loops, the top lying in its zone and an index the family holds
    (_family_tops_popped); a `for` over other items does not (its item may be a zone kept from before a copy); a move
    no longer written as the rewrite reads it fails as the runner is made. That they play as through the handlers is
    tested above."""
    from philtre.interpreter.runners import _family_tops_popped, _for_block_source

    fast = "if item and (at_to := item.key[1]) < n_fam_to_zone_b0 and type(comp := item[-1]) is Component and where[cid := comp.ident] is item.key"
    _, family = _for_block_source((("move_ilast_iat", False),), False, "b", "family")
    _, listed = _for_block_source((("move_ilast_iat", False),), False, "b", None)
    assert family.count(fast) == 2 and fast not in listed and "item.pop()" in family
    with pytest.raises(AssertionError, match="_family_tops_popped"):
        _family_tops_popped("            if type(item) is Zone:  # (tested once for both reads)\n                target = item\n")


def test_a_written_out_for_reads_its_familys_length_once_and_a_score_reads_the_seats_once():
    """A written-out `for` whose move reads a zone of a family at its item's index (_READS "iat") reads the family's
    length once before its passes (_read_once: a family's zones are as many at every pass), its destination tested
    only where the expression's call gives it (_a_zone); a score with a floor reads the seat's score once (`score_`).
    Four-player Poisons' flip and scoring; that they play as through the handlers is tested above and in
    test_fused_effect_runners_play_as_the_effect_handlers."""
    from philtre.interpreter.runners import Runners

    codes = [run.__code__ for run in Runners(load_ruleset("poisons"), plain=True).statements.values()]
    tops = [code for code in codes if "n_fam_to_zone_b0_0" in code.co_varnames]
    assert tops and all("_a_zone" in code.co_names and "family_to" not in code.co_varnames for code in tops)
    assert any("score_" in code.co_varnames for code in codes)


# the tops ruleset with a deck and a grid, shuffling zones read in place and through their expressions' calls
SHUFFLES = TOPS.replace("game: tops", "game: shuffles").replace("v: [1, 2, 3]", "v: [1, 2, 3, 4, 5]").replace(
    "  few: {copies: 2, visible: everyone}\n", "  deck: {visible: nobody}\n  board: {grid: {resolution: 1}, visible: everyone}\n").replace(
    "components:\n", "components:\n  card: {attributes: {v: [1, 2, 3, 4, 5, 6, 7, 8, 9]}, start: deck}\n").replace(
    "      - simultaneous: back\n", """\
      - shuffle: deck
      - shuffle: hand[0]
      - for: z in [shown, hand]
        do:
          - shuffle: z
      - for: z in hand
        do:
          - shuffle: z
      - simultaneous: back
""").replace("      - move: last(z) -> TO\n", "      - shuffle: z\n")


def test_a_shuffle_of_a_zone_read_in_place_draws_as_the_shuffle_handler(tmp_path, monkeypatch):
    """`shuffle: z` (the loop's item, a local name) and `shuffle: deck` (a single zone) are read by the fused runner
    where they stand (runners._SHUFFLE), a `for` over zones shuffling each written out in its loop: the orders, steps
    and work left at every decision and at the end are those of every shuffle through its handler (FUSED off,
    effects.e_shuffle) and of the recorded game; a list of zones, a grid and a value that is no zone shuffle or fail
    as through the handler (R100 at the shuffle, given the names of the pass)."""
    from philtre.interpreter.runners import _statements, block_runner

    def ruleset_of(zones, name="shuffles.yaml", rounds=4):
        path = tmp_path / name
        path.write_text(SHUFFLES.replace("ZONES", zones).replace("ROUNDS", str(rounds)))
        return load_ruleset(str(path)), path

    ruleset, _ = ruleset_of("hand")
    runs = [block_runner((stmt,), ruleset.step_limit, None).__code__.co_filename for stmt in _statements(ruleset.flow)
            if stmt.kind == "for" or stmt.args.get("zone") is not None and stmt.args["zone"].zone_one]
    # (a `for` over a zone family read in place, `hand`, loops over its list as it is: Expr.family)
    assert runs == ["<philtre runner for move_ilast_iat family>", "<philtre runner zone_one>", "<philtre runner for shuffle_item>",
                    *["<philtre runner for shuffle_item family>"] * 2]
    found = _played_as_through_the_handlers(ruleset, monkeypatch)
    assert len({str(seen) for seen in found.values()}) == len(found)  # (each seed its own orders)

    def played(fused, zones):
        monkeypatch.setattr("philtre.interpreter.runners.FUSED", fused)
        return _set_up(*ruleset_of(zones, f"shuffles_{fused}.yaml", rounds=0))

    for zones, message in [("hand", None), ("[hand, shown]", None),  # a list of zones: each shuffled, through the handler
                           ("[board]", "R100 rule 'shuffle' failed: board is a grid: its pieces lie where they were placed"),
                           ("[hand[0], 3]", "R100 rule 'shuffle' failed: expected a zone or a list of zones, got 3")]:
        fused = played(True, zones)
        assert fused[0] == message if message is None else message in fused[0], fused[0]
        assert played(False, zones) == fused


# -- a block of fused statements that cannot reach the step limit in a pass: its steps counted once -------------------

# the seats ruleset's components, zones and variables, with a family of two bowls, and actions whose bodies are blocks
ONCE = SEATS[:SEATS.index("actions:")].replace("game: seats", "game: once").replace("copies: 2,", "copies: 3,").replace(
    "  pot: {visible: everyone}\n", "  pot: {visible: everyone}\n  bowl: {copies: 2, visible: everyone}\n") + """\
actions:
  give:
    choose: {chip: "hand[me]", into: bowl}
    do:
      - move: into -> kept[me]
        when: count(into) > 1 and 12 // (chip.v - WHEN) > 0
      - move: chip -> into
      - set: {total: "total + 12 // (chip.v + 1 - SET)"}
  take:
    choose: {chip: "hand[me]"}
    do:
      - move: chip -> pot
        when: chip.v > 1
        else:
          - move: chip -> kept[me]
      - score: {player: me, add: chip.v}
flow:
  - name: giving
    turns: 0
    until: all(count(hand[p]) <= 3 for p in players)
    do:
      - decide: give
  - name: taking
    turns: 0
    until: all(count(hand[p]) == 0 for p in players)
    do:
      - decide: take
  - name: tally
    repeat: 3
    do:
      - set: {total: "total + count([x for x in range(4000)])"}
        when: total > 0
      - move: pot -> kept[0]
winners: {highest: "score[p]"}
"""


@pytest.mark.parametrize("blame", [0, 1, 2])
def test_a_block_counting_its_steps_once_reaches_the_limit_and_fails_where_each_step_tested_does(blame, tmp_path, monkeypatch):
    """A block of fused statements without `otherwise` (an action's body, a loop's) counts its pass's steps once, after
    its statements, where the step limit cannot be reached in the pass (runners._BLOCK_ONCE); a block with an
    `otherwise` (`take`), or a pass that may reach the limit, tests it at each step. At every step limit from 1 to past
    the game's end, and with a rule failing in the `when` of a block's first statement (blame 1: R100 there) or in its
    third (blame 2), the game stops at the same rule, after the same effects (places, variables, steps), with the same
    steps and work left at every decision, as with every effect through its handler (FUSED off)."""
    from philtre.interpreter import runners as runners_module

    names, stopped = set(), Counter()
    for limit in range(1, 1000):
        path = tmp_path / f"once_{limit}_{blame}.yaml"
        path.write_text(ONCE.replace("LIMIT", str(limit)).replace("WHEN", str(int(blame == 1))).replace("SET", str(2 * (blame == 2))))
        ruleset = load_ruleset(str(path))
        made = runners_module.runners_for(ruleset)
        names |= {(action, made.actions[action].__code__.co_name) for action in ("give", "take")}
        failures = _failures_as_through_handlers(ruleset, range(3), monkeypatch, limit)
        stopped.update(re.search(r"R\d{3} (rule '\w+' failed in its \w+|step limit)|$", end).group() or end for end in failures)
        if not failures or blame and limit > 80:
            break  # every game ends within the limit from here on (or fails at the rule blamed)
    assert names == {("give", "once"), ("take", "run")}
    blamed = {1: "R100 rule 'move' failed in its when", 2: "R100 rule 'set' failed in its value"}.get(blame)
    assert 80 < limit < 999 and stopped["R200 step limit"] > 40 and (blamed is None or stopped[blamed]), stopped


# -- a move of a local name whose type is a zone: one of the game's own zones moved at once --------------------------

# zone_moves' players and components, with a family of bowls, and zones moved by local names
OWN_MOVES = ZONE_MOVES[:ZONE_MOVES.index("zones:")].replace("game: zone-moves", "game: own-moves") + """\
zones:
  hand: {each: player, visible: owner}
  bowl: {copies: 3, visible: everyone}
  kept: {each: player, visible: owner}
  pile: {visible: everyone}
variables: {bowls: "[]", big: 0}
actions:
  pour:
    choose: {chip: "hand[me]", into: bowl}
    do:
      - move: into -> kept[me]
        when: count(into) > 1 and chip.v != 2
      - move: chip -> into
  tip:
    choose: {from: "bowls"}
    do:
      - move: from -> from
      - move: from -> pile
  show:
    choose: {z: "[kept[me], hand[me]]"}
    do:
      - move: z -> bowl[0]
        when: count(z) < 20
flow:
  - set: {bowls: "[bowl[0], bowl[1], bowl[2]]"}
  - reveal: hand[0]
  - name: pouring
    turns: 0
    do:
      - decide: pour
    until: all(count(hand[p]) <= 1 for p in players)
  - name: tipping
    turns: 0
    do:
      - decide: tip
      - set: {big: big + 1}
    until: all(count(b) == 0 for b in bowl) or big > 2
  - name: showing
    turns: 0
    until: big > 6
    do:
      - decide: show
      - set: {big: big + 1}
winners: {highest: "count(kept[p])"}
"""


def test_a_zone_a_local_name_of_zone_type_holds_moves_as_through_the_move_handler(tmp_path, monkeypatch):
    """`move: into -> ...`, `into` an action's parameter chosen among a family's zones (its type a zone), moves a few of
    the zone's components at once where the zone is one of the game's own (runners._MOVE_OWN_BODY), else one at a
    time (a zone of the original game, handed to its copy's apply in an option listed before the copy), through
    move_what for more than FEW_MOVED: the places, faces shown, steps and work left at every decision and at the end
    are those of every move through its handler (FUSED off), and of the recorded game."""
    from philtre.interpreter.runners import _SHAPES, _shape

    path = tmp_path / "own_moves.yaml"
    path.write_text(OWN_MOVES)
    ruleset = load_ruleset(str(path))
    assert [_shape(stmt) for action in ruleset.actions.values() for stmt in action.body] == [
        "move_own_zone", "move_local_local", "move_local_local", "move_local_one", "move_own_fn"]  # (`from`: a zone from a list, of no known type)
    assert Runners(ruleset, plain=True).actions["pour"].__code__.co_filename == "<philtre runner block move_own_zone move_local_local no grid plain>"
    assert "S.zones[(key := comp.key)[0]][key[1]] is comp" in _SHAPES["move_own_fn"][1]
    found = {(n, seed, copies): _zone_moves_played(ruleset, n, seed, False, copies) for n in (2, 3) for seed in range(6) for copies in (False, True)}
    assert any(seen[-1][2] for seen in found.values())  # some components end face up
    for (n, seed, copies), seen in found.items():
        assert _zone_moves_played(ruleset, n, seed, True, copies) == seen, f"recorded x{n} seed {seed}"
    monkeypatch.setattr("philtre.interpreter.runners.FUSED", False)
    monkeypatch.setattr("philtre.interpreter.game.runners_for", runners_once())
    for (n, seed, copies), seen in found.items():
        assert _zone_moves_played(ruleset, n, seed, False, copies) == seen, f"x{n} seed {seed} copies {copies}"


LOCAL_DESTINATIONS = """\
philtre: 1
game: local-destinations
players: 2
components:
  chip: {attributes: {v: [1, 2, 3]}, copies: 2, start: bag}
zones:
  bag: {visible: everyone}
  pile: {each: player, visible: everyone}
variables: {n: 0}
actions:
  put:
    choose: {chip: bag, into: "[pile[me], pile[1 - me], INTO]"}
    do:
      - move: chip -> into
      - set: {n: "n + 1"}
flow:
  - turns: 0
    until: count(bag) == 0
    do:
      - decide: put
winners: {highest: "count(pile[p])"}
"""


@pytest.mark.parametrize("into", ["pile[me]", "3"])
def test_a_move_to_a_local_name_reads_it_where_it_stands_as_its_call_gives_it(tmp_path, monkeypatch, into):
    """`move: chip -> into`, `into` an action's parameter (Expr.local), is read by the fused runner without its
    expression's call (move_local_local), and tested as a zone as the call's value is: the same places, steps and
    work left at each decision, and the same failure (R100 naming the part: a destination that is no zone), as
    through the move's handler (FUSED off)."""
    from philtre.interpreter.runners import _shape

    path = tmp_path / "local_destinations.yaml"
    path.write_text(LOCAL_DESTINATIONS.replace("INTO", into))
    ruleset = load_ruleset(str(path))
    assert _shape(ruleset.actions["put"].body[0]) == "move_local_local"

    def played(fused):
        monkeypatch.setattr("philtre.interpreter.runners.FUSED", fused)
        monkeypatch.setattr("philtre.interpreter.game.runners_for", lambda rs: Runners(rs))
        found = []
        for seed in range(4):
            game = Game(load_ruleset(str(path)), 2, seed=seed)
            try:
                while not game.finished:
                    for p in game.pending():
                        options = game.options(p)
                        game.apply(p, options[(seed + len(found)) % len(options)])
                        S = game.state
                        found.append((S.flow.steps, game._work_left, [[c["id"] for c in z] for f in S.zones.values() for z in f]))
            except PhiltreError as exc:
                found.append(str(exc))
        return found

    fused = played(True)
    assert fused == played(False)
    failures = [seen for seen in fused if type(seen) is str]
    if into == "3":
        assert failures and all("R100 rule 'move' failed in its to `into`: the destination must be a zone, got 3" in f for f in failures), failures
    else:
        assert not failures


# -- a roll of named dice: each die's faces, their number and its bit length read once for the ruleset's dice ------

ROLLS = """\
philtre: 1
game: rolls
players: 2
dice:
  coin: [{v: 0}, {v: 1}]
  d3: [{v: 1}, {v: 2}, {v: 3}]
  d7: [{v: 1}, {v: 2}, {v: 3}, {v: 4}, {v: 5}, {v: 6}, {v: 7}]
  d8: [{v: 1}, {v: 2}, {v: 3}, {v: 4}, {v: 5}, {v: 6}, {v: 7}, {v: FACE}]
  d5: [{v: 1}, {v: 2}, {v: 3}, {v: 4}, {v: 5}]
variables: {seen: 0}
actions:
  go: {do: []}
flow:
  - set: {seen: "[]"}
  - repeat: 40
    do:
      - roll: [d8, coin, d3, d7]
      - set: {seen: "seen + [coin.v, d3.v, d7.v, d8.v]"}
      - roll: [d7]
      - roll: [d5, d3, coin, d8, d7]
      - set: {seen: "seen + [coin.v, d3.v, d5.v, d7.v, d8.v]"}
  - decide: go
    player: 0
winners: {highest: "score[p]"}
"""


def test_a_roll_of_named_dice_draws_the_faces_the_roll_handler_draws(tmp_path, monkeypatch):
    """The fused `roll` (runners._ROLL) reads each die's faces, their number and its bit length at its first roll, kept
    with its runner: dice of 2, 3, 5, 7 and 8 faces, in two rulesets whose dice share names but not faces (each
    ruleset's runner keeps its own), show the same faces and leave the generator as the roll handler (FUSED off,
    effects.e_roll) does, seed by seed; a roll of one die or of four is written out die by die (runners._roll_shape:
    no loop), one of five loops over them."""
    import dis

    from philtre.interpreter.runners import _ROLL_WRITTEN_OUT, _statements, runner

    rulesets = []
    for face in (8, 80):
        path = tmp_path / f"rolls_{face}.yaml"
        path.write_text(ROLLS.replace("FACE", str(face)))
        rulesets.append(load_ruleset(str(path)))
    for stmt in (stmt for stmt in _statements(rulesets[0].flow) if stmt.kind == "roll"):
        code = runner(stmt, rulesets[0].step_limit, None).__code__
        looped = any(ins.opname == "FOR_ITER" for ins in dis.get_instructions(code))
        assert looped == (len(stmt.args["dice"]) > _ROLL_WRITTEN_OUT), (stmt.args["dice"], code.co_filename)

    def rolled():
        found = []
        for seed in range(6):
            for ruleset in rulesets:
                game = Game(ruleset, 2, seed=seed)
                found.append((game.state.vars["seen"], game.state.flow.rng.getstate()))
        return found

    fused = rolled()
    assert {face for seen, _ in fused for face in (*seen[3::9], *seen[8::9])} >= {8, 80}  # each ruleset's own eighth face
    monkeypatch.setattr("philtre.interpreter.runners.FUSED", False)
    monkeypatch.setattr("philtre.interpreter.game.runners_for", runners_once())
    assert rolled() == fused


ROLLS_APART = ROLLS[:ROLLS.index("flow:")].replace("game: rolls", "game: rolls-apart").replace("FACE", "8") + """\
flow:
  - set: {seen: "[]"}
  - repeat: 4
    do:
      - decide: go
        player: 0
      - roll: [d8, coin, d3, d7]
      - set: {seen: "seen + [coin.v, d3.v, d7.v, d8.v]"}
  - decide: go
    player: 0
winners: {highest: "score[p]"}
"""


def test_a_written_out_roll_keeps_its_last_generator_and_draws_as_the_handler_with_another(tmp_path, monkeypatch):
    """The written-out roll (runners._roll_shape) keeps the generator of its last roll and that generator's bound
    getrandbits, tested again only where the generator is another: games taking turns at one runner, with the standard
    generator, with a subclass's (not the standard class: its faces drawn by _randbelow) and a copy sharing its game's
    generator until it draws, show the same faces and leave each generator as the roll handler (FUSED off) does."""
    path = tmp_path / "rolls_apart.yaml"
    path.write_text(ROLLS_APART)
    ruleset = load_ruleset(str(path))

    class Other(random.Random):
        """A generator whose class is not the standard one."""

    def rolled():
        games = [Game(ruleset, 2, seed=seed) for seed in range(3)]
        games[1].state.flow.rng = Other(7)
        games.append(games[0].copy())  # (its generator shared with the first game's until one draws, then a copy)
        for _ in range(4):
            for game in games:
                (option,) = game.options(0)
                game.apply(0, option)
        return [(game.state.vars["seen"], game.state.flow.rng.getstate()) for game in games]

    fused = rolled()
    # (each game its own faces, but the copy, whose generator is its game's as it was copied: the same draws)
    assert len({str(seen) for seen, _ in fused}) == 3 and fused[3] == fused[0]
    monkeypatch.setattr("philtre.interpreter.runners.FUSED", False)
    monkeypatch.setattr("philtre.interpreter.game.runners_for", runners_once())
    assert rolled() == fused


def test_a_seats_loop_and_a_written_out_for_read_the_states_places_faces_and_zones_once():
    """A simultaneous step's seats' loop (POK's show) and a written-out `for` (its take-back) read the state's places,
    faces and zones once, before their passes (runners._hoisted); the tests above play them against each seat's action
    and against every effect through its handler (they fail where what is read once is not the state's own)."""
    made = Runners(load_ruleset("pok"), plain=True)
    assert "zones_" in made.seats["show"].__code__.co_varnames
    # (the written-out `for` reads each zone family its moves read once, runners._read_once: `fam_...`)
    assert any(any(name.startswith("fam_") for name in run.__code__.co_varnames) for run in made.statements.values())
    assert "zones_" not in made.actions["show"].__code__.co_varnames  # (an action's runner, run once a seat: as before)


def test_a_rows_later_for_reads_the_states_places_and_faces_from_the_first():
    """POK's hand-over and take-back, two written-out `for`s in a row (runners.sequence_runner), read the state's
    places and faces once, in the first's `try` (runners._places_read_once: the later one's line left out); it fails
    where that rewrite no longer finds the line it leaves out."""
    import dis

    made = Runners(load_ruleset("pok"), plain=True)
    rows = [run for run in made.statements.values() if getattr(run, "__code__", None) and "row for for" in run.__code__.co_filename]
    assert rows
    for run in rows:
        reads = [ins.argval for ins in dis.get_instructions(run.__code__) if ins.opname == "LOAD_ATTR"]
        assert reads.count("where") == 1 and reads.count("revealed") == 1, reads


LOOP_READS = ZONE_MOVES[:ZONE_MOVES.index("flow:")].replace("zone-moves", "loop-reads").replace("2..3", "2..4").replace("pile:", "box:") + """\
flow:
  - name: rounds
    repeat: 5
    do:
      - round:
          - simultaneous: show
          - name: hand-over
            for: p in [p for p in players if count(hand[p]) % 2 == 1]
            do:
              - move: shown[p] -> box
              - score: {player: p, add: 2}
          - name: take-back
            for: p in players
            do:
              - move: shown[p] -> hand[p]
      - name: give-back
        for: p in players
        do:
          - score: {player: p, add: -1}
          - move: box -> hand[p]
  - name: last
    for: p in LAST
    do:
      - score: {player: p, add: ADD}
      - move: shown[p] -> box
winners: {highest: "score[p]"}
"""


def _loop_reads_played(ruleset, n, seed) -> list:
    """Where every component lies, the scores, the rounds' scores, the steps and the work left at each decision of a
    random game and at its end (or the failure that ends it)."""
    game = Game.__new__(Game)
    seen, rng = [], random.Random(seed)

    def now():
        S = game.state
        zones = {name: [[c["id"] for c in zone] for zone in family] for name, family in S.zones.items()}
        return zones, list(S.where), list(S.scores), [list(r) for r in S.round_scores], S.flow.steps, game._work_left

    try:
        game.__init__(ruleset, n, seed=seed)
        while not game.finished:
            for p in game.pending():
                seen.append(now())
                options = game.options(p)
                game.apply(p, options[rng.randrange(len(options))])
    except PhiltreError as exc:
        seen.append(str(exc))
    return seen + [now()]


@pytest.mark.parametrize("last, add", [("players", "1"), ("[1, 0, 7]", "1"), ("seats_from(0) + seats_from(0)", str(2**53))])
def test_a_written_out_for_reads_its_variable_single_zones_families_and_scores_once_as_the_handlers_do(tmp_path, monkeypatch, last, add):
    """In a `for` written out in its loop, a zone of a family at the loop's variable (`shown[p]`) and a score's seat that
    is the variable are read from the loop's item, each family and single zone (`box`) the moves read, and the seats'
    number, the scores and the round's scores a score reads, once before the passes; a body that reads no name
    then makes no dict of names (runners._read_once, _without_names). The places, scores, rounds' scores, steps and work
    left at every decision and at the end, and a seat that is no seat (R100), are those of every effect through its
    handler (FUSED off)."""
    from philtre.interpreter.runners import _shape, _statements, fused_runner

    path = tmp_path / "loop_reads.yaml"
    path.write_text(LOOP_READS.replace("LAST", last).replace("ADD", add))
    ruleset = load_ruleset(str(path))
    by_label = {stmt.label: stmt for stmt in _statements(ruleset.flow)}
    assert by_label["hand-over"].args["body"][0].args["to"].zone_one == "box"
    # (`for: p in players` loops over the seats as they are, Expr.seats; a list a comprehension makes, by its call)
    assert [by_label[label].args["items"].seats for label in ("hand-over", "take-back", "give-back")] == [False, True, True]
    # (a comprehension keeping items of the seats is a list of seats too, Expr.seat_items: a score's seat read from its item
    # is not tested for one; a move between zones of two names is not tested for a zone moved onto itself)
    assert [by_label[label].args["items"].seat_items for label in ("hand-over", "take-back", "give-back", "last")] == [True, True, True, last == "players"]
    seats = {label: by_label[label].args["items"] for label in ("hand-over", "take-back", "give-back")}
    assert [[_shape(stmt, "p", seats[label].seats or seats[label].seat_items) for stmt in by_label[label].args["body"]] for label in seats] == [
        ["move_zitem_one_apart", "score_seat_number_none"], ["move_zitem_zitem_apart"], ["score_seat_number_none", "move_one_zitem_apart"]]
    assert _shape(by_label["last"].args["body"][0], "p", by_label["last"].args["items"].seat_items) == (
        "score_seat_number_none" if last == "players" else "score_item_number_none")
    for label in ("hand-over", "take-back", "give-back", "last"):  # (`shown[p]` of numbers that may be no seat: by its call)
        code = fused_runner(by_label[label], ruleset.step_limit, None, None, None).__code__
        assert ("inner" not in code.co_varnames) is (label != "last" or "7" not in last)
        assert any(name.startswith(("fam_", "one_")) for name in code.co_varnames)
    found = {(n, seed): _loop_reads_played(ruleset, n, seed) for n in (2, 3, 4) for seed in range(5)}
    assert any(seen[-1][3] and any(any(r) for r in seen[-1][3]) for seen in found.values())  # rounds scored
    if last == "[1, 0, 7]":
        assert all("R100 rule 'score' failed in its player `p`: score needs a seat" in seen[-2] for seen in found.values())
    if add != "1":  # (a failure of no part: the statement's expressions evaluated again, with the names of its pass)
        assert all("R100 rule 'score' failed: seat 0's score would pass 2**53" in seen[-2] for seen in found.values())
    monkeypatch.setattr("philtre.interpreter.runners.FUSED", False)
    monkeypatch.setattr("philtre.interpreter.game.runners_for", runners_once())
    for (n, seed), seen in found.items():
        assert _loop_reads_played(ruleset, n, seed) == seen, f"x{n} seed {seed}"


SEAT_LISTS = """\
philtre: 1
game: seat-lists
players: 2..4
zones:
  pile: {visible: everyone}
define:
  odd: "[p for p in players if p % 2 == 1]"
  some: "odd if count(odd) > 1 else []"
  seat_of(q): "[q]"
  shifted: "[(p + 1) % player_count for p in players]"
flow:
ITEMS"""

# the items of a `for` (its variable `p`) -> whether they are a list of seats (Expr.seat_items)
SEAT_ITEMS = {"players": True, "odd": True, "some": True, "[p for p in odd if p > 0]": True, "[]": True,
              "[] if count(odd) > 1 else players": True, "seat_of(0)": False, "shifted": False, "[0, 1]": False,
              "[p for p in players for q in players]": False, "[q for p in players for q in players]": False,
              "seats_from(0)": False, "players + []": False}


def test_a_list_of_seats_is_told_apart_and_its_for_scores_without_testing_its_seat(tmp_path, monkeypatch):
    """A `for` over a list of seats (Expr.seat_items: `players`, a comprehension of one clause keeping its items, `[]`,
    either of two such, a definition without parameters giving one, compiler._seats_only) binds its variable to seats
    only: a score of that seat is not tested for one and its items are not copied (runners._shape's "seat", _for_body's
    way "seats"); anything else is read, tested and copied as before. A local name is never taken for the definition
    it shadows. The tests above play such loops (`hand-over`, `give-back`) against every effect through its handler."""
    from philtre.interpreter.runners import _for_body, _shape, _statements

    body = "      - score: {player: p, add: 1}\n      - move: pile -> pile\n"  # (a body of more than scores: written out)
    items = "".join(f"  - name: s{i}\n    for: \"p in {text}\"\n    do:\n{body}" for i, text in enumerate(SEAT_ITEMS))
    items += "  - name: shadowed\n    for: odd in [[0]]\n    do:\n      - for: p in odd\n        do:\n" + body.replace("      -", "          -")
    path = tmp_path / "seat_lists.yaml"
    path.write_text(SEAT_LISTS.replace("ITEMS", items))
    ruleset = load_ruleset(str(path))
    by_label = {stmt.label: stmt for stmt in _statements(ruleset.flow)}
    found = {text: by_label[f"s{i}"].args["items"].seat_items for i, text in enumerate(SEAT_ITEMS)}
    assert found == SEAT_ITEMS
    inner = by_label["shadowed"].args["body"][0]
    assert not inner.args["items"].seat_items
    # (a variable named `players` is read where the name stands, before the seats: no list of seats, its score tested)
    shadowing = tmp_path / "players_variable.yaml"
    shadowing.write_text(SEAT_LISTS.replace("flow:", "variables:\n  players: 0\nflow:").replace(
        "ITEMS", "  - set: {players: \"[7]\"}\n  - name: s\n    for: p in players\n    do:\n" + body))
    shadowed = load_ruleset(str(shadowing))
    stmt = next(stmt for stmt in _statements(shadowed.flow) if stmt.label == "s")
    assert not stmt.args["items"].seat_items and not stmt.args["items"].seats
    with pytest.raises(PhiltreError, match="score needs a seat"):
        Game(shadowed, 2, seed=1)
    for i, text in enumerate(SEAT_ITEMS):
        stmt = by_label[f"s{i}"]
        score = stmt.args["body"][0]
        assert _shape(score, "p", stmt.args["items"].seats or stmt.args["items"].seat_items) == (
            "score_seat_number_none" if SEAT_ITEMS[text] else "score_item_number_none")
        assert _for_body(stmt, ruleset.step_limit)[2] == ("seats" if SEAT_ITEMS[text] and text != "players" else None)
    played = {n: _scores_and_steps(ruleset, n) for n in (2, 3, 4)}
    assert played[3][0] == [14, 14, 11]  # (with 3 players `odd` is seat 1 alone, `some` none; two clauses give each seat thrice)
    monkeypatch.setattr("philtre.interpreter.runners.FUSED", False)
    monkeypatch.setattr("philtre.interpreter.game.runners_for", runners_once())
    assert {n: _scores_and_steps(ruleset, n) for n in (2, 3, 4)} == played


def _scores_and_steps(ruleset, n) -> tuple:
    game = Game(ruleset, n, seed=1)
    assert game.finished
    return game.state.scores, game.state.flow.steps


def test_a_round_in_an_else_of_a_written_out_for_scores_as_the_handlers_do(tmp_path, monkeypatch):
    """A `for` written out in its loop reads the round's scores once before its passes (runners._read_once): a round
    that a statement's `else` starts ends there (and no `for` in a round may hold one, S022), so the scores and the
    rounds' scores are those of every effect through its handler (FUSED off)."""
    path = tmp_path / "else_round.yaml"
    path.write_text(LOOP_READS.split("flow:")[0] + """\
flow:
  - for: p in players
    do:
      - move: hand[p] -> box
      - score: {player: p, add: 1}
        when: p > 0
        else:
          - round:
              - score: {player: p, add: 5}
      - score: {player: p, add: 2}
winners: {highest: "score[p]"}
""")

    def played_rounds(fused):
        monkeypatch.setattr("philtre.interpreter.runners.FUSED", fused)
        S = Game(load_ruleset(str(path)), 3, seed=1).state
        return S.scores, S.round_scores, S.flow.steps

    assert played_rounds(True) == played_rounds(False) == ([7, 3, 3], [[5, 0, 0]], played_rounds(True)[2])


FOR_SETS_A_LIST = str(Path(__file__).parent / "data" / "for_sets_a_list.yaml")


@pytest.mark.parametrize("way", ["runners", "frames only", "handlers"])
def test_a_for_whose_body_sets_a_list_runs_every_pass(way, monkeypatch):
    """A `for` of two passes setting a list in an action, then one over the seats in the flow, each pass seen in the
    variables: with runners, with the frame machine alone, and with every effect through its handler."""
    if way == "frames only":
        frames_only(monkeypatch)
    elif way == "handlers":
        monkeypatch.setattr("philtre.interpreter.runners.FUSED", False)
    game = played(Game(load_ruleset(FOR_SETS_A_LIST), 2, seed=3), 3)
    assert game.state.vars["log"] == [1, 7, 1, 7]
    assert sorted(game.state.vars["trail"]) == [0, 2] or game.state.vars["trail"] == [1, 1]
    assert sum(game.scores) == 2



@pytest.mark.parametrize("left", [0, 1, 1023, 1024, 5000, 10_000_000, -3])
def test_a_passs_work_steps_written_in_count_and_reset_as_the_call(left):
    """A runner's `steps_ += work_steps()` (or `flow.steps += ...`, a comment after it kept) is written in as the
    function's two lines: the same steps added and the budget set full again, at every budget left; the runners
    made for a shipped game call it nowhere."""
    import gc
    from philtre.dsl import builtins
    from philtre.interpreter import runners
    source = ("def local(steps_):\n    if True:\n        steps_ += work_steps()\n    return steps_\n"
              "def held(flow):\n    flow.steps += work_steps()  # (a comment)\n"
              "def summed(steps_):\n    steps_ += work_steps() + 2  # (a pass's steps with its work's)\n    return steps_\n")
    written = runners._work_steps_written(source)
    assert "work_steps" not in written and "  # (a comment)\n" in written
    namespace = {"WORK": builtins.WORK}
    exec(written, namespace)  # noqa: S102 - the test's own source

    class Flow:
        steps = 7

    builtins.WORK[0] = builtins.WORK_LIMIT - left
    called = [3 + builtins.work_steps(), builtins.WORK[0]]
    builtins.WORK[0] = builtins.WORK_LIMIT - left
    assert [namespace["local"](3), builtins.WORK[0]] == called
    builtins.WORK[0] = builtins.WORK_LIMIT - left
    namespace["held"](Flow)
    assert [Flow.steps - 7 + 3, builtins.WORK[0]] == called
    builtins.WORK[0] = builtins.WORK_LIMIT - left
    assert [namespace["summed"](1), builtins.WORK[0]] == called  # (1 + its work's steps + 2: 3 + them)
    # (a pass that did much work counts its own steps with its work's, in one sum: _FOR_LOCAL; the others alone)
    assert "steps_ += work_steps() + PER\n" in runners._FOR_LOCAL and "else:\n                            steps_ += PER\n" in runners._FOR_LOCAL
    Game(load_ruleset("poisons"), 4, seed=1).play_out(random=random.Random(1).random)
    made = [fn for fn in gc.get_objects() if type(fn) is type(runners._work_steps_written)
            and fn.__code__.co_filename.startswith("<philtre runner")]
    assert made and not any("work_steps" in fn.__code__.co_names for fn in made)
    builtins.WORK[0] = builtins.WORK_LIMIT


NEAR = """\
philtre: 1
game: near
players: 2..4
variables: {k: 1}
components:
  chip: {attributes: {v: [1, 2, 3]}, copies: 2, each: player, start: hand}
zones:
  hand: {each: player, visible: owner}
  pot: {each: player, visible: everyone}
define:
  beside(p): pot[SIDE(p, k)]
actions:
  give:
    choose: {chip: "hand[me]"}
    do:
      - move: chip -> beside(me)
  pass:
    choose: {chip: "hand[me]"}
    do:
      - move: chip -> pot[SIDE(me, k)]
      - set: {k: k + 1}
flow:
  - repeat: 3
    as: s
    do:
      - set: {k: "COUNT"}
      - simultaneous: give
      - simultaneous: pass
winners: {highest: "count(pot[p])"}
"""


@pytest.mark.parametrize("side", ["left", "right"])
@pytest.mark.parametrize("count", ["s + 1", "s - 5", "s * 1 if s < 2 else 'x'"])
@pytest.mark.parametrize("backend", ["recorded", "handlers", "frames"])
def test_a_zone_beside_the_seat_moved_to_without_its_call_ends_as_through_it(tmp_path, monkeypatch, side, count, backend):
    """A move to a family's zone at left() or right() of the action's own seat by a variable's count (Expr.zone_near:
    a definition's body written out, or written in the action) reads that zone without the expression's call (the
    count read once for a simultaneous step whose body is all moves, else at each seat); a count that is no whole
    number goes through the call, which fails (R100 at the move). The same ends, played out (the seats' picks made in
    their runner) and through options and apply, as in a recorded game, with every effect through its handler (FUSED
    off) and on the frame machine."""
    path = tmp_path / "near.yaml"
    path.write_text(NEAR.replace("SIDE", side).replace("COUNT", count))
    ruleset = load_ruleset(str(path))
    runners = Runners(ruleset)
    assert "near" in runners.seats["give"].__code__.co_filename
    # (a step of moves alone reads the count once, before its seats' loop: _near_once matched the "near" read's text;
    # a step that also sets a variable reads it at each seat)
    picked = {entry[1]: set(entry[5].picking.__code__.co_varnames) for entry in runners.simultaneous.values()}
    assert {"shift_0_", "nplayers_"} <= picked[("give",)] and "near_to" not in picked[("give",)]
    assert "near_to" in picked[("pass",)] and "shift_0_" not in picked[("pass",)]
    seen = {(n, seed): _ended_both_ways(ruleset, n, seed) for n in (2, 3, 4) for seed in range(6)}
    if "x" in count:
        assert all("R100" in end and "whole number" in end for found in seen.values() for end in found), seen
    with monkeypatch.context() as patched:
        options = _on_backend(patched, backend)
        for (n, seed), found in seen.items():
            assert _ended_both_ways(ruleset, n, seed, **options) == found, f"{side} {count} x{n} seed {seed}"


def _ended_both_ways(ruleset, n, seed, ended=final_state_of, **options) -> list:
    """What ``ended`` reads of a game played out (the seats' picks made in their runner) and of one played through
    options and apply, or the failure that stopped each."""
    found = []
    for out in (True, False):
        try:
            game = Game(ruleset, n, seed=seed, **options)
            game.play_out(random=random.Random(seed).random) if out else played(game, seed)
            found.append(ended(game))
        except PhiltreError as exc:
            found.append(str(exc))
    return found


def _on_backend(patched, backend) -> dict:
    """Games from now on (within ``patched``) on ``backend``: the frame machine ("frames"), every effect through its
    handler ("handlers", FUSED off), or recorded ("recorded": the options given to Game)."""
    if backend == "frames":
        frames_only(patched)
    elif backend == "handlers":
        patched.setattr("philtre.interpreter.runners.FUSED", False)
        patched.setattr("philtre.interpreter.game.runners_for", runners_once())
    return {"record": True} if backend == "recorded" else {}


GROWN = """\
philtre: 1
game: grown
players: 2..4
variables:
  got: {initial: INITIAL, visible: everyone}
actions:
  take:
    choose: {more: "CHOICES"}
    do:
      - set: {got: got + more}
flow:
  - repeat: 3
    do:
      - simultaneous: take
winners: {highest: "score[p]"}
"""


@pytest.mark.parametrize("initial, choices", [
    ("[]", "[[1], [2, 3], []]"), ("[]", "[[x for x in range(300)], [1]]"), ("[]", "[[[1]], [2]]"),
    ("[]", "[[1], 5]"), ("0", "[[1], [2]]"), ("[]", "[[{'a': 1}], [x for x in range(700)]]"),
    ("[]", "subsets([1, 2, 3])"), ("0", "subsets([1, 2])"), ("[[1]]", "subsets([1, 2])"), ("[{'a': 1}]", "subsets([1, 2])"),
    ("[]", "subsets([[1], [2]])"), ("['a']", "subsets(['b', 'c'])")])
@pytest.mark.parametrize("backend", ["recorded", "handlers", "frames"])
def test_a_variable_grown_by_a_choice_without_its_call_ends_as_through_it(tmp_path, monkeypatch, initial, choices, backend):
    """`set: {got: got + more}` (Expr.grown) makes the list itself where both are lists of one level (its work and
    its keeping as the call and the set leave them, over a thousand items kept too), anything else through the call:
    a nested list, a map, a number's value (R100 at the set). The same ends, played out (the seats' picks made in their
    runner, every seat's values summed at once where they can be: runners._grown_at_once, else seat by seat) and
    through options and apply, as in a recorded game, with every effect through its handler (FUSED off) and on the
    frame machine."""
    path = tmp_path / "grown.yaml"
    path.write_text(GROWN.replace("INITIAL", initial).replace("CHOICES", choices))
    ruleset = load_ruleset(str(path))
    assert ("set_grown" in Runners(ruleset).seats["take"].__code__.co_filename) == ("5" not in choices)  # (a list or a number: `_add`)

    def ended(game):  # (with the work left and the items counted kept)
        return final_state_of(game), game._work_left, dict(game.state.flow.kept)

    seen = {(n, seed): _ended_both_ways(ruleset, n, seed, ended) for n in (2, 3, 4) for seed in range(4)}
    if choices.startswith("subsets"):  # (listed by the seats' twin: picked in the values' runner, which sums them at once)
        picking = next(iter(Game(ruleset, 2, seed=0)._runners.simultaneous.values()))[5].picking
        assert picking is not None and "values" in picking.__code__.co_names  # (the values summed: choices.values())
        # (subsets of numbers: each value a list of items of no NESTING type, the values added untested, _GROWN_FLAT;
        # of lists or maps, each value tested as before)
        assert ("old_" in picking.__code__.co_varnames) == ("[" not in choices[9:-2] and "{" not in choices), choices
    if "5" in choices or initial == "0":
        assert any("R100" in str(end) for found in seen.values() for end in found), seen
    with monkeypatch.context() as patched:
        options = _on_backend(patched, backend)
        for (n, seed), found in seen.items():
            assert _ended_both_ways(ruleset, n, seed, ended, **options) == found, f"{initial} {choices} x{n} seed {seed}"


CUPS = GROWN.replace("players: 2..4\n", """players: 2..4
step_limit: LIMIT
zones:
  cup: {each: player, visible: everyone}
define:
  mine(p): "[z for z in cup if MINE]"
""").replace("CHOICES", "subsets(mine(me))").replace("repeat: 3", "repeat: 4")


@pytest.mark.parametrize("initial, limit, mine", [("[]", 10_000, "index(z) == p"), ("[[1]]", 10_000, "index(z) == p"),
                                                  ("[{'a': 1}]", 10_000, "index(z) == p"), ("[]", 13, "index(z) == p"),
                                                  ("[]", 16, "index(z) == p"), ("0", 10_000, "index(z) == p"), ("[]", 10_000, "index(z) >= p")])
@pytest.mark.parametrize("backend", ["recorded", "handlers", "frames"])
def test_subsets_of_a_kept_list_of_one_item_added_in_one_pass_end_as_through_the_calls(tmp_path, monkeypatch, initial, limit, mine, backend):
    """runners._subsets_pass: a step listing each seat's subsets of its kept list of one zone and adding its pick to a
    variable (_GROWN_FLAT) lists, picks and adds in one pass where nothing can end it otherwise (a seat's list of more
    items, a nested item of the variable's, a number, the step limit near: the fused function). The
    same ends, work left and items counted kept, played out and through options and apply, recorded, through the
    handlers and on the frame machine."""
    path = tmp_path / "cups.yaml"
    path.write_text(CUPS.replace("INITIAL", initial).replace("LIMIT", str(limit)).replace("MINE", mine))
    ruleset = load_ruleset(str(path))
    whole = next(iter(Game(ruleset, 2, seed=0)._runners.simultaneous.values()))[9]
    assert "taken_" in whole.__code__.co_freevars  # (the one pass: _SUBSETS_PASS)

    def ended(game):  # (with the work left and the items counted kept)
        return final_state_of(game), game._work_left, dict(game.state.flow.kept), game.decisions

    seen = {(n, seed): _ended_both_ways(ruleset, n, seed, ended) for n in (2, 3, 4) for seed in range(3)}
    if limit < 10_000 or initial == "0":
        assert all(isinstance(found[0], str) for found in seen.values()), seen  # (R200 or R100: the pass's way out)
    with monkeypatch.context() as patched:
        options = _on_backend(patched, backend)
        for (n, seed), found in seen.items():
            assert _ended_both_ways(ruleset, n, seed, ended, **options) == found, f"{initial} {limit} x{n} seed {seed}"


def test_poisons_drink_adds_its_subsets_picks_without_testing_them():
    """runners._flat_values: Poisons' `drink` (`subsets(my_goblets(me))`, lists of zones) grows `drunk` by _GROWN_FLAT
    (and its seats are listed, picked and added in one pass: runners._subsets_pass), its `pour` (a component of the
    hand) by no grown sum."""
    entries = {entry[1]: entry for entry in Game(load_ruleset("poisons"), 4, seed=0)._runners.simultaneous.values()}
    assert "old_" in entries[("drink",)][5].picking.__code__.co_varnames
    assert "old_" not in entries[("pour",)][5].picking.__code__.co_varnames
    assert "taken_" in entries[("drink",)][9].__code__.co_freevars  # (and listed, picked and added in one pass: _subsets_pass)


COMPONENTS_COUNTED = """\
game: counted
players: PLAYERS
components:
  card: {attributes: {rank: [1, 2, 3, 4]}, copies: COPIES, start: deck}
zones:
  deck: {visible: everyone}
flow:
  - shuffle: deck
"""


@pytest.mark.parametrize("players, copies, many", [
    ("2..4", "32", False), ("2..4", "33", True),  # 128 components or 132, at every count
    ("2..3", '"player_count * 10"', False), ("2..4", '"player_count * 10"', True),  # 120 at 3 players; 160 at 4 only
    ("2..4", '"10 if player_count < 4 else 1 // 0"', True),  # no layout at 4 players: counted as many
])
def test_only_a_ruleset_that_may_have_more_than_128_components_gets_runners_that_count_the_work_of_effects_on_them(
        tmp_path, players, copies, many):
    """Runners that count the work of effects on more than 128 components (a component taken out of a longer zone,
    a longer zone shuffled) pay a test for it at each effect; a ruleset that never has that many, at any player count it
    allows, gets the runners without the tests (the shipped games' speed), any other the runners with them."""
    from philtre.interpreter.runners import may_hold_many

    path = tmp_path / "ruleset.yaml"
    path.write_text(COMPONENTS_COUNTED.replace("PLAYERS", players).replace("COPIES", copies), encoding="utf-8")
    ruleset = load_ruleset(str(path))
    assert may_hold_many(ruleset) is many
    run = Runners(ruleset).statements[id(ruleset.flow[0])]  # (the shuffle's runner, made from _SHUFFLE)
    assert run.__code__.co_filename.endswith(" many>") is many, run.__code__.co_filename
    game = Game(ruleset, ruleset.max_players if "//" not in copies else ruleset.min_players)  # (a game: its shuffle run)
    shuffled = len(game.state.zones["deck"][0])
    assert (ruleset.step_limit + 1) * 1024 - game.state.flow.effect_room == (shuffled * 64 if shuffled > 128 else 0)


@pytest.mark.parametrize("name, variants", [(name, variants) for name, variants, _ in CONFIGURATIONS if name != LOOPS])
def test_the_shipped_games_get_the_runners_without_the_tests_for_more_than_128_components(name, variants):
    """No shipped game has more than 128 components at any player count (108 at most, advanced Poisons at 8): its runners
    are written without the tests that count the work of effects on more (runners._charging_many)."""
    from philtre.interpreter.runners import may_hold_many

    assert may_hold_many(load_ruleset(name, list(variants))) is False


@pytest.mark.parametrize("name, counts", [("poisons", (4, 8)), ("pok", (3,)), ("hue", (2,))])
def test_runners_written_for_more_than_128_components_play_a_smaller_game_the_same(name, counts, monkeypatch):
    """The runners written for a ruleset that may have more than 128 components (each component taken out of its zone,
    each zone shuffled, revealed, after a test of its length) play a game of fewer exactly as the others: the same
    records, unrecorded the same components where they end and the same steps."""
    ruleset = load_ruleset(name)
    plain = {(n, seed): (play(ruleset, n, seed), final_state(ruleset, n, seed, False)) for n in counts for seed in range(10)}
    monkeypatch.setattr("philtre.interpreter.runners.may_hold_many", lambda rs: True)
    ruleset = load_ruleset(name)  # (its runners made again)
    for (n, seed), (record, state) in plain.items():
        assert play(ruleset, n, seed) == record, f"{name} x{n} seed {seed}"
        assert final_state(ruleset, n, seed, False) == state, f"{name} x{n} seed {seed}"


REVEALED_AGAIN = """\
game: revealed
players: 2
variables:
  shown: {initial: []}
components:
  card: {attributes: {rank: [1, 2, 3, 4]}, copies: COPIES, start: deck}
zones:
  deck: {visible: nobody}
  pile: {visible: nobody}
flow:
  - move: '[c for c in deck if c.rank < 3] -> pile'
  - set: {shown: '[deck, pile, deck]'}
  - repeat: 3
    do:
      - reveal: shown
      - reveal: '[pile, deck, pile]'
"""


@pytest.mark.parametrize("copies", [25, 40], ids=["100 components", "160 components"])
def test_a_reveal_of_zones_listed_again_counts_the_same_work_recorded_or_not(tmp_path, copies):
    """A reveal of a list of zones (one listed twice, revealed twice) counts the same work whether the game is recorded
    or not, read from a variable or not: more than 128 components towards the step limit at once where the ruleset may
    have more than 128 components, else in the work budget, as its runners count them (runners._charging_many)."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(REVEALED_AGAIN.replace("COPIES", str(copies)), encoding="utf-8")
    ruleset = load_ruleset(str(path))
    ended = []
    for record in (False, True):
        S = Game(ruleset, 2, seed=1, record=record).state
        ended.append((S.flow.steps, S.flow.effect_room, sorted(S.revealed)))
    assert ended[0] == ended[1]
    spent = (ruleset.step_limit + 1) * 1024 - ended[0][1]
    # 100: none; 160: 3 passes of 2 reveals of 240 components (zones of 80), 4 units each, and the move's scan of 160
    assert spent == (0 if copies == 25 else 3 * 2 * 240 * 4 + 160), spent
