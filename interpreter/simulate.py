"""Run many games headlessly: one game's result, and ``simulate()``, the whole run as a summary.

A game's outcome depends only on the ruleset, the player count, the agents and the game's
seed, which is derived from the run's seed and the game's index. So a run gives the same
games whatever the number of workers, the backend, or the order in which games finish.
Running many games (workers, Ray, the results database) is ``runs.py``; the summary is
``summary.py``.
"""

from __future__ import annotations

import hashlib
from collections import Counter

from philtre.dsl.errors import Diagnostic, PhiltreError

from .agents import AGENTS, GreedyAgent, ISMCTSAgent, RandomAgent, ask, make_agent, parse_agent
from .game import Game, random_seats_said
from .records import Recorder
from .stats import as_teams, game_quality
from .summary import ROUND_TALLIES, format_summary, summarise

__all__ = ["Cut", "RunSpec", "format_summary", "game_seed", "play_game", "play_one", "simulate", "summarise"]

AGENT_SEED_OFFSET = 1_000_000  # agents' seeds are game_seed(game's seed, offset + seat)


def game_seed(run_seed: int, index: int) -> int:
    """Each game's seed, derived from the run's seed and the game's index (order-independent)."""
    digest = hashlib.sha256(f"philtre:{run_seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") & (2**53 - 1)  # exact in any JSON reader


class Cut(Exception):
    """A game still running when its seats had made the run's most decisions (simulate --max-decisions): ``game`` is
    left waiting at the decision it was cut at (its record, if kept, ending with a `cut` line)."""

    def __init__(self, game: Game):
        super().__init__(f"cut after {game.decisions} decisions")
        self.game = game


def _cut_off(game: Game) -> None:
    """Cut ``game`` off where a decision is asked of it after its most decisions: its record, if kept, says so."""
    if game.recorder is not None:
        game.recorder.cut(game.decisions)
    raise Cut(game)


def capped_pickers(game: Game, pickers, cap: int) -> list:
    """``pickers`` that cut ``game`` off (Cut) where a decision is asked once ``cap`` decisions are made: one integer
    compare a pick, and nothing at all in a run without --max-decisions (its pickers are the agents' own). A step's seats
    decide together: a game is cut only before a step's first seat picks (none has chosen: ``flow.choices`` is empty,
    in apply's path as in play_out's), so a recorded game and an unrecorded one are cut at the same decision, and a
    simultaneous step may take a game past ``cap`` by its other seats' decisions."""
    flow = game.state.flow

    def capped(pick):
        def picked(n):
            if game.decisions >= cap and not flow.choices:
                _cut_off(game)
            return pick(n)
        return picked

    return [capped(pick) for pick in pickers]


def play_game(ruleset, players: int, seed: int, agent_names, record: bool = False, coverage=None, history=None,
              seated=None, max_decisions: int | None = None, at_round_end=None) -> Game:
    """Play one game to its end with the named agents (one per seat).

    ``coverage`` (a Counter) counts the rules that fire; ``history`` (a list) gets
    ``(decisions so far, scores)`` each time the scores change; ``seated`` (a list) gets
    the agents, one per seat, to read what they noted (greedy's equal options). With
    ``max_decisions``, a game still going when a decision is asked after that many is cut
    off: Cut is raised, carrying the game. ``at_round_end`` (a function given the game) is
    called at each round's end (RoundsTold).
    """
    agents = [make_agent(name, game_seed(seed, AGENT_SEED_OFFSET + seat)) for seat, name in enumerate(agent_names)]
    if seated is not None:
        seated.extend(agents)
    remember = any(getattr(a, "needs_info", False) for a in agents)  # search agents remember from their filtered record
    if at_round_end is not None:
        record = round_ends_told(at_round_end, keep=record or remember)
    game = Game(ruleset, players, seed=seed, record=record or remember, agents=agent_names, coverage=coverage)
    scores = game.state.scores
    last = [0] * players
    if history is not None and scores != last:
        last = list(scores)
        history.append((0, tuple(last)))  # the setup scored
    try:
        if all(type(a) is RandomAgent for a in agents):  # each seat's draw by index, without asking it at each decision
            pickers = [a.picker() for a in agents]
            if max_decisions is not None:
                pickers = capped_pickers(game, pickers, max_decisions)
            game.play_out(pickers=pickers, history=history)
            return game
        while not game.state.flow.finished:
            if max_decisions is not None and game.decisions >= max_decisions and not game.state.flow.choices:
                _cut_off(game)
            for p in game.pending():
                game.apply(p, ask(agents[p], game, p))  # view, options and (for search agents) the information set
                if history is not None and game.state.scores != last:
                    last = list(game.state.scores)
                    history.append((game.decisions, tuple(last)))
        return game
    except PhiltreError as exc:  # (the game as a rule stopped it: a run with --max-decisions counts one past the step limit
        exc.game = game  # as cut, with its scores and length then)
        raise


class RoundsTold(Recorder):
    """A game's record that tells ``told(game)`` at each round's end, after its `round_end` event: every round's end, an
    end_game's inside a round too, from the first (Game makes it before the game goes to its first decision). The
    engine's playout has no such call (a game neither recorded nor counted reports no round's end, at no cost): a game
    that needs it is played as a recorded one, which changes no game."""

    def __init__(self, game, agents, version, told):
        super().__init__(game, agents, version)
        self.round_told = told

    def round_end(self, number, points, totals) -> None:
        super().round_end(number, points, totals)
        self.round_told(self.game)


class RoundsAlone(RoundsTold):
    """RoundsTold for a game whose record nothing reads (no --record, no agent that remembers what it saw): it keeps
    no event but the header, the round ends and the end, so the game costs little more than one counted (--coverage)."""

    def decision(self, player, option):
        return None  # (Game passes it to decision_done alone)


def _keeps_nothing(self, *args, **kwargs) -> None:
    """An event RoundsAlone does not keep."""


# every event of a game but its round ends, its end and its failure (their method on Recorder: checked by the tests)
UNKEPT_EVENTS = ("decision_done", "move", "nothing_moved", "gathered", "shuffle", "deal", "roll", "set_aside", "set_var",
                 "score", "say", "tell", "place", "reveal", "shown_to", "reveal_variable", "variable_shown_to")
for _name in UNKEPT_EVENTS:
    setattr(RoundsAlone, _name, _keeps_nothing)


def round_ends_told(told, keep: bool):
    """What Game takes as ``record`` for a game whose rounds' ends call ``told(game)`` (RoundsTold): with ``keep``, a
    whole record (--record, or an agent that remembers from it), else one that keeps nothing else (RoundsAlone)."""
    kind = RoundsTold if keep else RoundsAlone
    return lambda game, agents, version: kind(game, agents, version, told)


_COMPILED: dict = {}  # (content hash, tally texts, heuristic text) -> the ruleset compiled in this process (a worker compiles each once)


class RunSpec:
    """What a run plays: a ruleset, a player count, one agent per seat, a run seed, and what to keep.

    Pickled (for a worker process or a Ray task), it carries the ruleset's resolved rules,
    not the compiled code: the worker compiles them again, once per process, and checks
    the content hash. Compiled code stays in the process that made it, and the files need
    not exist where the games are played.
    """

    def __init__(self, ruleset, players: int, agents, seed: int = 0, coverage: bool = False, record: bool = False,
                 max_decisions: int | None = None):
        self.ruleset = ruleset
        self.players = players
        self.agents = tuple(agents)
        made = [a for a in self.agents if not isinstance(a, str)]
        if made:  # (an agent object failed deep in the results file's key: "Object of type ... is not JSON serializable")
            raise TypeError(f"a run takes agents by name ({', '.join(sorted(AGENTS))}, as 'ismcts:400'), not "
                            f"{type(made[0]).__name__} objects: a run's workers and its results file make each seat's agent "
                            "from its name; play your own agent in a loop of game.options() and ask() (docs/agents.md in philtre's source)")
        self.seed = seed
        self.coverage = coverage
        self.record = record
        self.max_decisions = max_decisions  # (--max-decisions: a game still going after that many is cut; None: never)
        self.source = None

    def __getstate__(self) -> dict:
        """The spec with the ruleset as its resolved rules (plain data) instead of compiled code."""
        state = dict(self.__dict__)
        if self.ruleset is not None:
            rs = self.ruleset
            state["source"] = (rs.source, rs.path, tuple(rs.variants), rs.origin, rs.variant_origins, rs.content_hash,
                               tuple(e.text for e in rs.tallies), rs.heuristic.text if rs.heuristic is not None else None,
                               tuple(e.text for e in rs.round_tallies))
        state["ruleset"] = None
        return state

    def __setstate__(self, state) -> None:
        """Restore the spec; the ruleset is compiled when first needed."""
        self.__dict__.update(state)

    def rules(self):
        """The compiled ruleset (compiled here, once per process, after a trip to another process)."""
        if self.ruleset is None:
            source, path, variants, origin, variant_origins, expected, tallies, heuristic, round_tallies = self.source
            # the heuristic too: the content hash leaves it out, and an arm that only changes it plays other games
            compiled = _COMPILED.get((expected, tallies, heuristic, round_tallies))
            if compiled is None:
                from philtre.dsl.errors import Loc, PhiltreError
                from philtre.dsl.loader import build_ruleset

                compiled = build_ruleset(source, path, variants, origin=origin, variant_origins=variant_origins, tallies=tallies,
                                         round_tallies=round_tallies)
                if compiled.content_hash != expected:
                    raise PhiltreError.at(Loc(path), "B003", "a worker compiled the ruleset differently from this process",
                                          "use the same philtre version everywhere")
                _COMPILED[expected, tallies, heuristic, round_tallies] = compiled
            self.ruleset = compiled
        return self.ruleset


def in_game(exc: PhiltreError, ruleset, index: int, seed: int, players: int | None = None, agents=()) -> PhiltreError:
    """A game's failure, saying which game of which ruleset and variants it was, with how many players.

    The place is the rule that failed, often in the base file; in a run of several
    variants (compare) only these words say which arm failed, and the seed replays it
    with the player count (a run of several counts, `-p 2..5`: the seed alone did not say which). Where every seat
    was a random agent (``agents``: their names) and the game kept deciding past the step limit (kept_deciding), its
    R200 says so as validate --smoke does, not that a rule "does not end the game" (a loop without decisions)."""
    if agents and getattr(exc, "kept_deciding", False) and all(parse_agent(a)[0] is RandomAgent for a in agents):
        exc = PhiltreError([Diagnostic(d.loc, d.code, random_seats_said(d.message), d.hint) for d in exc.diagnostics])
    what = ruleset.name + "".join(f" + {v}" for v in ruleset.variants)
    # (after a '; ': "no key 'x' in the game ..." read as the game lacking it)
    # counted from 1, as the records a run writes are named (game-00001.jsonl): "game 0" read as another game's
    seats = "" if players is None else f", with {players} player{'s' if players != 1 else ''}"
    where = f"this stopped game {index + 1} of the run (seed {seed}) of {what}{seats}"
    return PhiltreError([Diagnostic(d.loc, d.code, f"{d.message}; {where}", d.hint) for d in exc.diagnostics])


def _quality(ruleset, history, decisions: int, winners, players: int, lowest: bool) -> dict:
    """The game's quality measures (stats.game_quality), read by teams where the ruleset declares them."""
    if getattr(ruleset, "teams", None) is None:
        return game_quality(history, decisions, winners, players, lowest)
    from philtre.dsl.model import teams_at

    teams = teams_at(ruleset, players)
    team_history, team_winners = as_teams(history, winners, teams)
    return game_quality(team_history, decisions, team_winners, len(teams), lowest)


def play_one(spec: RunSpec, index: int) -> dict:
    """Play game ``index`` of a run; its result as plain data (what the results database keeps)."""
    ruleset = spec.rules()
    seed = game_seed(spec.seed, index)
    coverage = Counter() if spec.coverage else None
    history, agents = [], []
    cap = getattr(spec, "max_decisions", None)  # (a spec pickled before the option had none)
    rounds = {expr.text: [] for expr in ruleset.round_tallies}  # (--tally-rounds: each one's value at each round's end)
    try:
        game = play_game(ruleset, spec.players, seed, spec.agents, record=spec.record, coverage=coverage, history=history,
                         seated=agents, max_decisions=cap, at_round_end=round_tallier(ruleset, rounds) if rounds else None)
    except Cut as cut:
        return with_rounds(cut_result(spec, index, seed, cut.game, "decisions", history, coverage, agents), rounds)
    except PhiltreError as exc:
        if cap is not None and exc.first.code == "R200":  # with --max-decisions, a game past the step limit is cut too
            return with_rounds(cut_result(spec, index, seed, None, "steps", history, coverage, agents, exc), rounds)
        raise in_game(exc, ruleset, index, seed, spec.players, spec.agents) from None
    winners = list(game.state.flow.winners)
    lowest = ruleset.winners.order == "lowest"
    result = {
        "index": index, "seed": seed, "scores": list(game.state.scores), "winners": winners,
        "decisions": game.decisions, "rounds": game.state.round, "turns": game.state.turn,
        "history": [[t, list(s)] for t, s in history],
        "quality": _quality(ruleset, history, game.decisions, winners, spec.players, lowest),
        "coverage": None, "record": None, "greedy": at_random_counts(agents),
    }
    if coverage is not None:
        from .coverage import counts_by_rule

        result["coverage"] = counts_by_rule(coverage)
    if spec.record:
        result["record"] = game.recorder.lines()
    if ruleset.tallies:  # (no key without --tally: such a result is as it was)
        result["tallies"] = tally_values(ruleset, game, index, seed)
    return with_rounds(result, rounds)


def with_rounds(result: dict, rounds: dict) -> dict:
    """``result`` with the --tally-rounds values of its game (``rounds``: none asked, nothing) beside its --tally values,
    as the results database's `tallies` column keeps them (a game cut off: those of the rounds that ended)."""
    if rounds:
        result["tallies"] = {**result.get("tallies", {}), ROUND_TALLIES: rounds}
    return result


def plays_rounds(ruleset) -> bool:
    """Whether the rules hold a `round:` statement (in the flow, a block it runs, an action's `then:` or `do`): without
    one, round_number stays 0 and no round ever ends (--tally-rounds has nothing to tally at)."""
    seen = set()

    def holds(block) -> bool:
        for stmt in block:
            if stmt.kind == "round":
                return True
            for value in (*stmt.args.values(), stmt.otherwise):  # (the blocks inside it: a loop's, a `run:`'s, ...)
                if isinstance(value, tuple) and value and all(hasattr(v, "kind") for v in value) and id(value) not in seen:
                    seen.add(id(value))
                    if holds(value):
                        return True
        return False

    return any(holds(block) for block in ruleset.statement_blocks)


def round_tallier(ruleset, rounds: dict):
    """The function play_game calls at each round's end: each --tally-rounds expression's value there appended to its
    list in ``rounds`` (text -> values); R100 where one fails, which stops the game (play_one says which)."""
    def tallied(game) -> None:
        for expr in ruleset.round_tallies:
            rounds[expr.text].append(tally_value(expr, game, f"the end of round {game.state.round}"))

    return tallied


def cut_result(spec: RunSpec, index: int, seed: int, game, why: str, history, coverage, agents, error=None) -> dict:
    """The result of a game a run cut off (``why``: "decisions", still going after --max-decisions; "steps", past the
    step limit, with ``error``, its R200): no winner, no quality; the scores and length as it was cut (``game``, or the
    error's: play_game keeps it there; none where the limit was reached before the first decision); counted apart by the
    summary, in no statistic."""
    record = None
    if game is None:
        game = getattr(error, "game", None)
        recorder = getattr(error, "recorder", None)
        if spec.record and recorder is not None:  # (the record up to the failure, its last line R200's `failed`)
            record = recorder.lines()
    elif spec.record:
        record = game.recorder.lines()
    if game is not None:
        scores, decisions, rounds, turns = list(game.state.scores), game.decisions, game.state.round, game.state.turn
    else:
        scores, decisions, rounds, turns = [0] * spec.players, 0, 0, 0
    result = {
        "index": index, "seed": seed, "scores": scores, "winners": [], "cut": why,
        "decisions": decisions, "rounds": rounds, "turns": turns,
        "history": [[t, list(s)] for t, s in history], "quality": None,
        "coverage": None, "record": record, "greedy": at_random_counts(agents),
    }
    if coverage is not None:
        from .coverage import counts_by_rule

        result["coverage"] = counts_by_rule(coverage)
    if spec.rules().tallies:  # (not evaluated on a game that did not end: each None, as the summary leaves the game out)
        result["tallies"] = {expr.text: None for expr in spec.rules().tallies}
    return result


def tally_values(ruleset, game, index: int, seed: int) -> dict:
    """Each --tally expression's value at the game's end, as plain data (text -> value); R100 where one fails."""
    try:
        return {expr.text: tally_value(expr, game, "the game's end") for expr in ruleset.tallies}
    except PhiltreError as exc:
        raise in_game(exc, ruleset, index, seed, game.state.nplayers) from None


def tally_value(expr, game, when: str):
    """The value of a --tally (or --tally-rounds) expression now, in ``game``, as plain data; R100 where it fails, saying
    ``when`` it was evaluated."""
    from philtre.dsl.builtins import RuleRuntimeError
    from philtre.dsl.values import explain

    try:
        return plain_value(expr.fn(game.state, {}))
    except (RuleRuntimeError, TypeError, ValueError, KeyError, AttributeError, IndexError, ZeroDivisionError) as exc:
        why = str(exc) if isinstance(exc, RuleRuntimeError) else explain(exc)  # (as the winners' failure says it)
        # (the option is the expression's place: loader.TALLY_PLACE, ROUND_TALLY_PLACE)
        raise PhiltreError.at(expr.loc, "R100", f"the {expr.loc.path} expression `{expr.text}` failed at {when}: {why}") from None


def plain_value(value):
    """A value of the language as JSON keeps it: a number, true or false, none, a word, a list or map of them; a zone or a
    component as its text in the language's words (hand[0], <card#3 rank=5>), which tells equal ones apart as `==` does."""
    from philtre.dsl.values import Component, Zone, spell

    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (Zone, Component)):
        return spell(value)
    if isinstance(value, dict):
        return {str(plain_value(k)) if not isinstance(k, str) else k: plain_value(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain_value(v) for v in value]
    return spell(value)


def at_random_counts(agents) -> list | None:
    """Per seat, for an agent that may fall back on a random choice (greedy: every option looked the same; ismcts: every
    sample broke a rule): [its decisions with a choice, those taken at random], and for greedy those of them where no option
    could be scored (every look-ahead broke a rule); None for another agent, and None if no seat has such an agent. (Kept
    in the results' `greedy` field, its name since greedy alone kept them.)"""
    counts = [[a.decided, a.blind, a.failed] if isinstance(a, GreedyAgent) else [a.decided, a.blind]
              if isinstance(a, ISMCTSAgent) else None for a in agents]
    return counts if any(c is not None for c in counts) else None


def failed_record(spec: RunSpec, index: int) -> list[str] | None:
    """The record of game ``index`` of a run up to the rule that stopped it (None: the game does not stop at a rule)."""
    try:
        play_game(spec.rules(), spec.players, game_seed(spec.seed, index), spec.agents, record=True)
    except PhiltreError as exc:
        recorder = getattr(exc, "recorder", None)
        return recorder.lines() if recorder is not None else None
    return None


def simulate(ruleset, players: int, games: int, seed: int = 0, agents=None, record_dir=None, progress=None,
             workers: int = 1, backend: str = "local", db=None, resume: bool = False, coverage: bool = False,
             tallies=(), round_tallies=(), max_decisions: int | None = None) -> dict:
    """Play ``games`` games; return the summary as plain data (``db``: a results file to keep them in; ``tallies``:
    expressions whose values at each game's end it counts, as `simulate --tally` does; ``round_tallies``: the same at
    each round's end, `--tally-rounds`; ``max_decisions``: a game still going after that many decisions, or past the
    step limit, is cut, as `simulate --max-decisions` cuts it)."""
    from .runs import run_simulation

    if tallies or round_tallies:
        from philtre.dsl.loader import with_tallies

        def texts(given) -> list:
            return list(dict.fromkeys([given] if isinstance(given, str) else given))

        ruleset = with_tallies(ruleset, texts(tallies), texts(round_tallies))

    agent_names = list(agents or ["random"] * players)
    spec = RunSpec(ruleset, players, agent_names, seed, coverage=coverage, record=bool(record_dir), max_decisions=max_decisions)
    summary, _ = run_simulation(spec, games, workers=workers, backend=backend, db=db, resume=resume,
                                record_dir=record_dir, progress=progress)
    return summary
