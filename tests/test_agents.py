"""Agents by name, their interface, and what the search agents do on positions with a clear answer.

Strength against random is measured by benchmarks/agents_strength.py and written in
docs/agents.md; these tests check the machinery: legal choices in every shipped game,
the same choices for the same seeds, the best option where one is obviously best, and no
dependence on what the deciding seat cannot see.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.dsl.loader import shipped_games
from philtre.interpreter import Game
from philtre.interpreter.agents import GreedyAgent, ISMCTSAgent, RandomAgent, ask, heuristic, make_agent
from philtre.interpreter.simulate import play_game

SHIPPED = [("poison", ()), ("pok", ()), ("poisons", ()), ("poisons", ("advanced",))] + \
    ([("hue", ())] if "hue" in shipped_games() else [])

# One pile everyone sees; seat 0 then seat 1 take a card each and score its value.
TAKE_ONE = """
game: take-one
players: 2
components:
  card: {attributes: {value: [1, 5, 3]}, start: pile}
zones:
  pile:
  taken: {each: player}
actions:
  take:
    choose: {card: pile}
    do:
      - move: card -> taken[me]
      - score: {player: me, add: card.value}
flow:
  - turns: 0
    until: count(pile) == 1
    do:
      - decide: take
"""


def take_one(tmp_path, extra=""):
    """The TAKE_ONE ruleset, with extra top-level YAML."""
    return written(tmp_path, TAKE_ONE + extra)


def written(tmp_path, text: str):
    """``text`` written to a ruleset file, loaded."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(text, encoding="utf-8")
    return load_ruleset(str(path))


def choose(agent, game, seat=0):
    """The value of the card ``agent`` takes for ``seat``."""
    return ask(agent, game, seat).args[0][1]["value"]


# -- names --------------------------------------------------------------------------------

def test_agents_by_name_with_a_budget():
    """'ismcts:400' is ISMCTS with 400 iterations, 'greedy:3' greedy with 3 samples."""
    assert isinstance(make_agent("random", 1), RandomAgent)
    assert make_agent("ismcts:400", 1).iterations == 400
    assert make_agent("ismcts", 1).iterations == ISMCTSAgent(0).iterations
    assert make_agent("greedy:3", 1).samples == 3
    assert make_agent("ismcts:1000000", 1).iterations == 1_000_000
    with pytest.raises(ValueError, match="random takes no ':N'"):  # not "a whole number 1..1,000,000", which 5 is
        make_agent("random:5", 1)
    for bad in ("minimax", "ismcts:0", "ismcts:x", "greedy:", "ismcts:1000001", "ismcts:" + "9" * 5000, "ismcts:²", "greedy:١٢"):
        with pytest.raises(ValueError, match="minimax|whole number 1..1,000,000"):
            make_agent(bad, 1)


def test_random_agents_get_no_information_set():
    """Agents that do not search keep the two-argument interface."""
    class Plain:
        needs_view = True

        def choose(self, view, options):
            assert view["seat"] == 0
            return options[0]

    game = Game(load_ruleset("pok"), 4, seed=1)
    assert ask(Plain(), game, 0) in game.options(0)


# -- legal choices, everywhere ------------------------------------------------------------

@pytest.mark.parametrize("case", SHIPPED, ids=lambda c: "+".join((c[0],) + c[1]))
def test_ismcts_and_greedy_play_every_shipped_game(case):
    """`--agents ismcts,greedy,random,random`: a whole game, every choice legal (apply checks it).
    (HUE offers hundreds of placements a turn: greedy looks at each, too slow for a test there.)"""
    ruleset = load_ruleset(*case)
    names = ["ismcts:2", "random", "random", "random"] if case[0] == "hue" else ["ismcts:4", "greedy", "random", "random"]
    game = play_game(ruleset, 4, 11, names)
    assert game.finished and game.winners


def test_the_cli_takes_agents_per_seat(tmp_path):
    """philtre simulate pok --agents ismcts:50,random,random,random."""
    import subprocess
    import sys

    command = [sys.executable, "-m", "philtre", "simulate", "pok", "-p", "4", "-n", "2", "--no-db", "--agents", "ismcts:50,random,random,random"]
    result = subprocess.run(command, capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "ismcts" in result.stdout


def test_the_same_seeds_give_the_same_game():
    """Search agents draw only on their own seeded RNG: a game replays decision for decision."""
    pok = load_ruleset("pok")
    names = ["ismcts:15", "greedy", "random", "ismcts:5"]
    a = play_game(pok, 4, 3, names, record=True)
    b = play_game(pok, 4, 3, names, record=True)
    assert a.recorder.lines() == b.recorder.lines()


# -- clear answers --------------------------------------------------------------------------

def test_greedy_takes_the_best_card_by_the_game_scoring(tmp_path):
    """Most points wins (the default): greedy takes the 5, whatever its seed."""
    game = Game(take_one(tmp_path), 2)
    assert {choose(GreedyAgent(seed), game) for seed in range(10)} == {5}


def test_greedy_follows_the_declared_heuristic(tmp_path):
    """A declared `heuristic` replaces the scoring: here the fewer points the better."""
    game = Game(take_one(tmp_path, "heuristic: -score[p]\n"), 2)
    assert {choose(GreedyAgent(seed), game) for seed in range(10)} == {1}


def test_greedy_beats_random_seats_in_poison():
    """Poison scores when a round ends: without its heuristic greedy found every option equal one step ahead and won
    5 of these 12 games, as a random seat would; with it, most (seats rotate, fixed seeds)."""
    name, players, games = "poison", 3, 12
    ruleset, won = load_ruleset(name), 0
    for seed in range(games):
        seat = seed % players
        names = ["random"] * players
        names[seat] = "greedy"
        game = play_game(ruleset, players, seed, names)
        won += seat in game.winners
    assert won >= games * 3 // 4, f"greedy won {won} of {games}"


def test_the_default_heuristic_follows_the_winners_order(tmp_path):
    """`winners: {lowest: ...}`: the default heuristic is minus the score."""
    ruleset = take_one(tmp_path, 'winners: {lowest: "score[p]"}\n')
    game = Game(ruleset, 2)
    assert heuristic(ruleset)(game.state, 0) == 0
    assert {choose(GreedyAgent(seed), game) for seed in range(5)} == {1}


def test_greedy_breaks_ties_at_random(tmp_path):
    """Options the heuristic cannot tell apart are chosen among at random."""
    game = Game(take_one(tmp_path, "heuristic: 0\n"), 2)
    assert {choose(GreedyAgent(seed), game) for seed in range(30)} == {1, 3, 5}


def test_a_heuristic_must_be_a_number(tmp_path):
    """A heuristic that is not a number is reported where it is written."""
    with pytest.raises(PhiltreError) as info:
        take_one(tmp_path, "heuristic: count(pile) > 0\n")
    assert "E120" in str(info.value)


def test_ismcts_finds_the_winning_card(tmp_path):
    """Taking the 5 wins for sure (seat 1 then gets at most 3): the search finds it."""
    game = Game(take_one(tmp_path), 2)
    assert {choose(ISMCTSAgent(seed, 60), game) for seed in range(5)} == {5}


@pytest.mark.parametrize("agent", [lambda: ISMCTSAgent(7, 30), lambda: GreedyAgent(7)], ids=["ismcts", "greedy"])
def test_search_agents_do_not_see_secret_choices_made_before_them(agent):
    """POK-3: seat 1 decides the same whatever seat 0 chose in secret before it."""
    pok = load_ruleset("pok")
    for seed in range(4):
        game = Game(pok, 4, seed=seed, record=True)
        first, second = game.copy(), game.copy()
        first.apply(0, game.options(0)[0])
        second.apply(0, game.options(0)[-1])
        assert ask(agent(), first, 1) == ask(agent(), second, 1)


def test_an_overlay_may_declare_the_heuristic(tmp_path):
    """A house rule file can give greedy a better sense of the game than the end-of-round score."""
    path = tmp_path / "greedy-hint.yaml"
    path.write_text('extends: poison\nheuristic: "-score[p] - points(p)"\n', encoding="utf-8")
    ruleset = load_ruleset("poison", [str(path)])
    game = Game(ruleset, 4, seed=2)
    assert heuristic(ruleset)(game.state, 0) == 0
    assert ask(GreedyAgent(1), game, game.pending()[0]) in game.options(game.pending()[0])


def test_only_options_that_may_name_a_zone_are_shown_through_the_seat_s_eyes():
    """ask filters the options of actions whose arguments may be zones; the others go to the agent as they are."""
    from philtre.interpreter.options import zone_actions

    assert zone_actions(load_ruleset("poisons")) == {"drink"}  # subsets of goblets, each a zone
    assert zone_actions(load_ruleset("poison")) == frozenset()  # cards and cauldrons' cards: components
    assert zone_actions(load_ruleset("hue")) == frozenset()


@pytest.mark.parametrize("case", SHIPPED, ids=lambda c: "+".join((c[0],) + c[1]))
def test_an_ismcts_rollout_plays_the_game_of_its_loop_of_random_options(case):
    """ismcts.rollout plays the rest of a game by Game.play_out, each seat's pick drawn by the agent's generator as
    play_random draws it (``randrange``) for the first seat pending, one decision at a time: from the start, from
    decisions along the game and from copies (a simultaneous step begun, too), the same end, state and generator's
    next draw as that loop; where a rule fails, the same failure."""
    from philtre.interpreter.ismcts import play_random, rollout
    ruleset = load_ruleset(*case)
    ends = 0
    for seed in range(3):
        n = ruleset.max_players if seed == 2 else ruleset.min_players
        game, rng = Game(ruleset, n, seed=seed), random.Random(seed)
        while not game.finished:
            ways = []
            for by_rollout in (True, False):
                copy, drawn = game.copy(), random.Random(seed + 100 * game.decisions)
                try:
                    if by_rollout:
                        rollout(copy, drawn)
                    else:
                        while not copy.finished:
                            play_random(copy, copy.pending()[0], drawn)
                    end = copy.scores, copy.winners
                except PhiltreError as exc:
                    end = str(exc)
                ways.append((end, copy.decisions, [[c["id"] for c in z] for family in copy.state.zones.values() for z in family],
                             copy.state.vars, drawn.random()))
            assert ways[0] == ways[1], (seed, game.decisions)
            ends += 1
            for _ in range(1 + seed * 3):  # (on, a few decisions at a time: one at a time within a step)
                if not game.finished:
                    play_random(game, game.pending()[0], rng)
    assert ends > 10


@pytest.mark.parametrize("name, players, agents", [("hue", 2, ["ismcts:12", "greedy"]), ("hue", 3, ["greedy:2", "ismcts:6", "random"]),
                                                   ("poisons", 4, ["ismcts:20", "greedy", "random", "ismcts:10"])])
def test_search_agents_play_the_same_games_whether_a_listing_is_keyed_by_its_groups_or_option_by_option(name, players,
                                                                                                        agents, monkeypatch):
    """ISMCTS and greedy match options across samples by their keys, taken from an OptionList's groups without making
    its options (options.option_keys): the same games, decision for decision, as with each option made and keyed by
    option_key, for HUE's placements in groups and Poisons' options (some shown through the seat's eyes)."""
    from philtre.dsl.values import option_key
    from philtre.interpreter import agents as agents_module, ismcts

    ruleset = load_ruleset(name)
    grouped = play_game(ruleset, players, 5, agents, record=True).recorder.lines()

    def one_by_one(options, where):
        """The keys as first taken: every option made, each keyed alone."""
        return [option_key(option, where) for option in list(options)]
    monkeypatch.setattr(ismcts, "option_keys", one_by_one)
    monkeypatch.setattr(agents_module, "option_keys", one_by_one)
    assert play_game(ruleset, players, 5, agents, record=True).recorder.lines() == grouped


# A hidden count the seat's options read: a sample guesses it back to 0, and leaves the seat no option.
HIDDEN_COUNT = """
game: hidden-count
players: 2
components:
  card: {attributes: {rank: [1, 2]}, start: deck}
zones:
  deck:
variables:
  n: {initial: 0, visible: nobody}
actions:
  go:
    choose: {k: "range(n)"}
flow:
  - set: {n: 3}
  - decide: go
    player: 0
winners: {highest: "score[p]"}
"""


def test_a_sample_leaving_the_seat_no_option_is_a_broken_sample_at_the_rule_not_a_python_error(tmp_path):
    """Each iteration fails with R300 at the rule (a Python error would stop the search); every one dropped, the
    agent plays one of the real options at random, as greedy does where it can score none (docs/agents.md)."""
    from philtre.interpreter.determinize import InfoSet
    from philtre.interpreter.ismcts import Node, iterate

    game = Game(written(tmp_path, HIDDEN_COUNT), 2, seed=1, record=True)
    assert len(game.options(0)) == 3
    rng = random.Random(1)
    with pytest.raises(PhiltreError) as failure:
        iterate(Node(None), InfoSet(game, 0).sample(rng), 0, rng, 0.7)
    assert failure.value.first.code == "R300" and failure.value.first.loc.line == 15
    agent = make_agent("ismcts:8", 1)
    assert ask(agent, game, 0) in game.options(0)
    assert (agent.decided, agent.blind) == (1, 1)
    again = make_agent("ismcts:8", 1)
    assert ask(again, game, 0) == ask(make_agent("ismcts:8", 1), game, 0)  # the agent's own RNG: same seed, same choice


# The winners read a variable that holds a card for a moment: greedy reads them then, the game only at its end.
WINNERS_MID_GAME = """
game: winners-mid-game
players: 2
components:
  card: {attributes: {rank: [1, 2]}, start: deck}
zones:
  deck:
variables:
  best: 0
actions:
  take:
    do:
      - set: {best: "last(deck)"}
  pass: {}
flow:
  - decide: [take, pass]
    player: 0
  - decide: pass
    player: 1
  - set: {best: 0}
winners: "[p for p in players if best > 0]"
"""


def test_greedy_takes_winners_that_fail_after_an_option_as_saying_nothing_of_it(tmp_path):
    """After `take` the winners compare a card with 0 and fail (R100, where they were a Python error before): that
    look-ahead says nothing, as one that breaks a rule in a sample, and greedy takes the option it can score."""
    game = Game(written(tmp_path, WINNERS_MID_GAME), 2, seed=1, record=True)
    assert ask(make_agent("greedy:2", 1), game, 0).action == "pass"


HIGH_CARD = (Path(__file__).resolve().parents[1] / "examples" / "tutorial" / "ruleset.yaml").read_text(encoding="utf-8")


def _high_card_winners(winners: str) -> str:
    """The tutorial's High Card with ``winners:`` replaced by ``winners``."""
    at = HIGH_CARD.index("winners:")
    return HIGH_CARD[:at] + winners + "\n"


def test_greedy_reads_a_winners_expression_that_is_none_mid_game_as_no_winner_yet(tmp_path):
    """`winners: "[...] if game_over else none"` without a heuristic: greedy stopped with an internal error (a raw
    RuleRuntimeError of seats(none)), where random agents played the game."""
    ruleset = written(tmp_path, _high_card_winners('winners: "[p for p in players if score[p] == max(score)] if game_over else none"'))
    assert play_game(ruleset, 2, 1, ["greedy", "random"]).finished


def test_greedy_takes_a_scoring_that_fails_mid_game_as_saying_nothing_of_that_option(tmp_path):
    """`score[p] // count(discard)` fails while the discard is empty, as it is at a round's start, never at the end:
    greedy stopped the whole game with R100, where random agents played it (agents.md: such a look-ahead says nothing)."""
    text = _high_card_winners('winners: {highest: "score[p] // count(discard)"}')
    ruleset = written(tmp_path, text.replace("count: 3}", "count: 4}"))  # a card left over: the tricks' end looks into a round
    assert play_game(ruleset, 2, 1, ["greedy", "random"]).finished


@pytest.mark.parametrize("agent", ["greedy", "ismcts:25"])
@pytest.mark.parametrize(("game_name", "players"), [("poison", 4), ("poisons", 4), ("hue", 2)])
def test_search_agents_decide_the_same_whatever_the_cards_the_seat_cannot_see(agent, game_name, players):
    """With everything the deciding seat cannot see dealt otherwise (its hand, the table and its memory the same),
    greedy and ISMCTS with the same seed choose the same option."""
    from philtre.interpreter.determinize import InfoSet, _redeal, fork, hidden_slots

    game = Game(load_ruleset(game_name), players, seed=3, record=True)
    rng = random.Random(0)
    for _ in range(3):
        seat = game.pending()[0]
        game.apply(seat, rng.choice(game.options(seat)))
    seat = game.pending()[0]
    info = InfoSet(game, seat)
    other = fork(game)
    _redeal(other.state, hidden_slots(other, seat), random.Random(1), info.knowledge)
    held = lambda g: [[c["id"] for c in zone] for family in g.state.zones.values() for zone in family]  # noqa: E731
    assert other.view(seat) == game.view(seat) and held(other) != held(game)

    class Twin(InfoSet):
        """The same seat's information set over the other deal, with the same memory."""

        def __init__(self):
            super().__init__(other, seat)
            self.knowledge = info.knowledge

    chosen = make_agent(agent, 5).choose(None, game.options(seat), info)
    assert make_agent(agent, 5).choose(None, other.options(seat), Twin()).label() == chosen.label()


def test_simulate_refuses_an_agent_object_saying_agents_are_names():
    """An agent object failed in the results file's key: "Object of type Bare is not JSON serializable"."""
    from philtre.interpreter.simulate import RunSpec, simulate

    class Bare:
        def choose(self, view, options):
            return options[0]

    with pytest.raises(TypeError, match=r"a run takes agents by name \(greedy, ismcts, random, .*not Bare objects"):
        simulate(load_ruleset("pok"), players=3, games=2, agents=[Bare(), "random", "random"])
    with pytest.raises(TypeError, match="not Bare objects"):  # (run_simulation's RunSpec too)
        RunSpec(load_ruleset("pok"), 3, ["random", Bare(), "random"])


# TAKE_ONE with a second action that takes the pile's last card and scores a die's roll instead of its value.
TAKE_OR_ROLL = TAKE_ONE.replace("game: take-one", "game: take-or-roll").replace("zones:", """dice:
  d: [{pips: 1}, {pips: 2}, {pips: 3}, {pips: 4}, {pips: 5}, {pips: 6}]
zones:""").replace("flow:", """  gamble:
    do:
      - move: last(pile) -> taken[me]
      - roll: [d]
      - score: {player: me, add: d.pips}
flow:""").replace("decide: take", "decide: [take, gamble]")


def test_greedy_looks_ahead_once_an_option_where_its_samples_cannot_differ(tmp_path, monkeypatch):
    """Nothing hidden and no chance after the move (Reversi, Connect Four): every sample is the same position, and
    greedy took 8 identical look-aheads an option (4-7 times greedy:1's time for the same decisions). An option whose
    effects roll a die keeps its 8; so does every option where a component is hidden from the seat."""
    looked = []
    look_ahead = GreedyAgent._look_ahead
    monkeypatch.setattr(GreedyAgent, "_look_ahead", lambda self, *args: looked.append(1) or look_ahead(self, *args))
    assert choose(GreedyAgent(1), Game(take_one(tmp_path), 2)) == 5
    assert len(looked) == 3  # 3 options, one look-ahead each (24 before)
    looked.clear()
    chosen = ask(GreedyAgent(1), Game(written(tmp_path, TAKE_OR_ROLL), 2), 0)
    assert chosen.action == "take" and chosen.args[0][1]["value"] == 5
    assert len(looked) == 3 + 8  # the three takes once, the roll on each of the 8 samples (32 before)
    looked.clear()
    game = Game(written(tmp_path, TAKE_ONE.replace("taken: {each: player}", "taken: {each: player, visible: owner}")), 2)
    game.apply(0, game.options(0)[0])
    ask(GreedyAgent(1), game, 1)
    assert len(looked) == 2 * 8  # seat 0's card, which seat 1 cannot see: the samples may differ


@pytest.mark.parametrize(("ruleset", "players", "names"), [
    ("examples/connect-four", 2, ["greedy:3", "random"]), ("take-or-roll", 2, ["greedy", "greedy:5"]), ("pok", 3, ["greedy"] * 3)])
def test_greedy_taking_a_look_ahead_again_plays_the_games_it_played_looking_each_time(tmp_path, monkeypatch, ruleset, players, names):
    """Greedy's known look-aheads change no decision: the same sums and means, the same draws of its RNG (ties broken
    alike), whether an option of a perfect-information position is looked at once or on every sample."""
    from philtre.interpreter.determinize import InfoSet

    if ruleset == "take-or-roll":
        rs = written(tmp_path, TAKE_OR_ROLL.replace("value: [1, 5, 3]", "value: [1, 5, 3, 2, 6, 4, 4, 1]"))
    else:
        rs = load_ruleset(str(Path(__file__).resolve().parents[1] / ruleset) if "/" in ruleset else ruleset)
    for seed in (1, 2):
        quick = play_game(rs, players, seed, names, record=True).recorder.lines()
        with monkeypatch.context() as patched:
            patched.setattr(InfoSet, "samples_alike", lambda self: False)
            every = play_game(rs, players, seed, names, record=True).recorder.lines()
        assert quick == every
