"""The PettingZoo adapter: PettingZoo's own test suites on every shipped ruleset, and the
promises docs/adapters.md makes (numbering, hidden information, rewards, simultaneous steps)."""

from __future__ import annotations

import random
import warnings
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from philtre.adapters.pettingzoo import env  # noqa: E402
from philtre.adapters.spec import shipped_configurations  # noqa: E402
from philtre.dsl import PhiltreError  # noqa: E402

CONFIGS = shipped_configurations()
IDS = [f"{g}-{n}p" + "".join(f"+{v}" for v in vs) for g, n, vs in CONFIGS]


def _quiet(fn, *args, **kwargs):
    """Run a PettingZoo check without its style warnings (a dict observation is our design)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        fn(*args, **kwargs)


@pytest.mark.parametrize(("game", "players", "variants"), CONFIGS, ids=IDS)
def test_pettingzoo_api_and_seed_tests_pass(game, players, variants):
    _quiet(api_test, env(game, players=players, variants=variants), num_cycles=1000)
    _quiet(seed_test, lambda: env(game, players=players, variants=variants), num_cycles=1000)


def _play(e, seed, on_step=None):
    """Play one game with random legal actions; returns every reward each agent received."""
    e.reset(seed=seed)
    rng = random.Random(seed)
    received = {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        received[agent] += reward
        if term or trunc:
            e.step(None)
            continue
        action = rng.choice(np.flatnonzero(obs["action_mask"]).tolist())
        if on_step:
            on_step(e, agent, action)
        e.step(action)
    return received


@pytest.mark.parametrize("game", ["poison", "pok", "poisons", "hue"])
def test_every_legal_option_has_its_own_index_and_the_mask_is_exactly_the_legal_ones(game):
    e = env(game)

    def check(e, agent, action):
        seat = e.agent_name_mapping[agent]
        options = e.game.options(seat)
        legal = e.legal_options(agent)
        assert sorted(legal) == list(legal)
        assert len(legal) == len(options)  # no two options share an index
        assert set(map(id, e._legal.values())) == set(map(id, options))
        assert list(legal.values()) == list(e._legal.values())  # the same options, zones the agent cannot see emptied
        mask = e.observe(agent)["action_mask"]
        assert set(np.flatnonzero(mask)) == set(legal)
        other = e.possible_agents[(seat + 1) % len(e.possible_agents)]
        assert not e.observe(other)["action_mask"].any()  # only the agent to act has a mask

    _play(e, seed=3, on_step=check)


def test_the_numbering_is_fixed_per_ruleset_and_player_count():
    a, b = env("poison", players=4), env("poison", players=4)
    assert a.spec.numbering.size == b.spec.numbering.size == 16 * 13  # 16 card kinds x 13 zones
    a.reset(seed=1)
    b.reset(seed=2)  # different deals, same meaning of every index
    label = a.spec.numbering.label(0)
    assert label == b.spec.numbering.label(0) and label.startswith("play(card=potion")
    assert env("poison", players=6).spec.numbering.size != a.spec.numbering.size


def _hidden_pair(game, seat):
    """Two components of different kinds in different zones whose contents ``seat`` cannot see."""
    S, rs = game.state, game.ruleset
    hidden = [(name, z) for name, family in S.zones.items() for z in family
              if not rs.zones[name].sees_contents(z.key[1], seat)]
    for (_, z1) in hidden:
        for (_, z2) in hidden:
            for c1 in z1:
                for c2 in z2:
                    if z1.key != z2.key and c1.signature != c2.signature and \
                            c1["id"] not in S.revealed and c2["id"] not in S.revealed:
                        return z1, c1, z2, c2
    return None


def _swap(game, z1, c1, z2, c2):
    """Exchange two components between two zones, as if the cards had been dealt the other way."""
    i, j = z1.index(c1), z2.index(c2)
    z1[i], z2[j] = c2, c1
    game.state.where[c1["id"]], game.state.where[c2["id"]] = z2.key, z1.key


@pytest.mark.parametrize("game", ["poison", "poisons", "hue"])
def test_an_observation_does_not_change_when_only_what_the_seat_cannot_see_changes(game):
    e = env(game)
    e.reset(seed=5)
    seat = e.game.pending()[0]
    agent = e.possible_agents[seat]
    pair = _hidden_pair(e.game, seat)
    assert pair is not None, "this ruleset deals hidden cards: there must be something to swap"
    before = e.observe(agent)["observation"].copy()
    _swap(e.game, *pair)
    assert np.array_equal(before, e.observe(agent)["observation"])
    # the same swap is seen by a seat that sees one of the zones (if any): the check can fail
    z1, c1, z2, c2 = pair
    spec = e.game.ruleset.zones[z1.key[0]]
    watchers = [p for p in range(len(e.possible_agents)) if spec.sees_contents(z1.key[1], p)]
    if watchers:
        other = e.possible_agents[watchers[0]]
        seen = e.observe(other)["observation"].copy()
        _swap(e.game, z1, c2, z2, c1)  # and back
        assert not np.array_equal(seen, e.observe(other)["observation"])


def test_poison_rewards_are_the_points_taken_negated_and_add_up_to_the_final_score():
    e = env("poison", players=3)
    received = _play(e, seed=11)
    scores = e.game.scores
    assert any(scores)
    for p, agent in enumerate(e.possible_agents):
        assert received[agent] == -scores[p]  # fewest points win: a point scored is a point lost


def test_win_rewards_give_each_winner_an_equal_share_at_the_end():
    e = env("pok", players=4, reward="win")
    received = _play(e, seed=2)
    winners = e.game.winners
    assert sum(received.values()) == pytest.approx(1.0)
    for p, agent in enumerate(e.possible_agents):
        assert received[agent] == pytest.approx(1 / len(winners) if p in winners else 0.0)


def test_a_simultaneous_choice_is_not_revealed_until_everyone_has_chosen():
    e = env("pok", players=3)
    e.reset(seed=4)
    fields = {name: (start, size) for name, start, size in e.spec.encoder.fields}
    assert e.agent_selection == "player_0"
    before = e.observe("player_1")["observation"].copy()
    mask = e.observe("player_0")["action_mask"]
    e.step(int(np.flatnonzero(mask)[0]))
    assert e.agent_selection == "player_1"
    after = e.observe("player_1")["observation"]
    changed = set(np.flatnonzero(before != after))
    start, size = fields["decided"]
    assert changed == {start + 0}  # only "seat 0 has decided", never what
    for agent in ("player_1", "player_2"):
        e.step(int(np.flatnonzero(e.observe(agent)["action_mask"])[0]))
    # the last choice resolves the step: the round is played out and the next one begins
    assert e.observe("player_1")["observation"][fields["round"][0]] == before[fields["round"][0]] + 1


def test_render_shows_the_public_table_as_text():
    e = env("poison", players=3, render_mode="ansi")
    e.reset(seed=0)
    text = e.render()
    assert "cauldron[0]" in text and "player_" in text
    assert "potion" not in text.split("hand[0]")[1].splitlines()[0]  # hands are hidden from onlookers


def test_render_leaves_out_a_quiet_variable_as_play_does():
    """A Checkers trial: render() listed the quiet `chain = none`, bookkeeping that play's board leaves out."""
    e = env(str(Path(__file__).resolve().parent / "data" / "quiet_bookkeeping.yaml"), players=2, render_mode="ansi")
    e.reset(seed=0)
    text = e.render()
    assert "total = 0" in text and "flip" not in text and "marks" not in text, text


def test_max_steps_truncates_a_game():
    e = env("poison", players=3, max_steps=5)
    e.reset(seed=0)
    for _ in range(5):
        mask = e.observe(e.agent_selection)["action_mask"]
        e.step(int(np.flatnonzero(mask)[0]))
    assert all(e.truncations.values()) and not any(e.terminations.values())


def test_legal_options_do_not_hold_the_contents_of_zones_the_agent_cannot_see():
    """Poisons' drink options name goblets whose drinks nobody sees: legal_options must not show them."""
    e = env("poisons", players=4)
    e.reset(seed=3)
    rng = random.Random(0)
    for agent in e.agent_iter():
        obs, _, term, trunc, _ = e.last()
        options = e.legal_options(agent)
        if any(o.action == "drink" for o in options.values()):
            zones = [z for o in options.values() for _, value in o.args for z in value]
            assert zones and all(len(z) == 0 for z in zones)
            assert all(len(e.game.state.zone(z.key)) > 0 for z in zones)
            return
        e.step(None if term or trunc else rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    raise AssertionError("no drinking step reached")


def test_render_says_whose_turn_it_is_but_not_how_many_actions_it_has():
    """render() added "(30 legal actions)": a count that follows from the acting agent's hidden hand."""
    a, b = env("poison", players=3, render_mode="ansi"), env("poison", players=3, render_mode="ansi")
    a.reset(seed=0)
    b.reset(seed=2)  # other hands, the same public table
    assert a.game.view(None) == b.game.view(None) and a.agent_selection == b.agent_selection
    assert a.render() == b.render()
    assert a.render().splitlines()[-1] == f"{a.agent_selection} to act"


def test_reset_takes_any_integer_seed_numpy_ones_included():
    """reset(seed=np.int64(5)) raised random.Random's TypeError; a non-integer seed gave no clear message."""
    a, b = env("poison", players=3), env("poison", players=3)
    a.reset(seed=np.int64(5))
    b.reset(seed=5)
    assert np.array_equal(a.observe(a.agent_selection)["observation"], b.observe(b.agent_selection)["observation"])
    for bad in (1.5, "5", [5]):
        with pytest.raises(ValueError, match="seed must be an integer"):
            a.reset(seed=bad)


HANDICAP = """
philtre: 1
game: handicap
players: 2..3
variables:
  n: 0
actions:
  tick: {do: [{set: {n: n + 1}}]}
flow:
  - for: p in players                 # a starting bonus, scored before anyone decides
    do:
      - score: {player: p, add: p + 1}
  - turns: 0
    until: n >= 4
    do:
      - decide: tick
      - score: {player: current, add: 10}
winners: {highest: "score[p]"}
"""

NO_DECISION = """
philtre: 1
game: no-decide
players: 2..3
dice:
  d6: [{pips: 1}, {pips: 2}, {pips: 3}, {pips: 4}, {pips: 5}, {pips: 6}]
flow:
  - for: p in players
    do:
      - roll: d6
      - score: {player: p, add: d6.pips}
winners: {highest: "score[p]"}
"""


def _ruleset_file(tmp_path, text):
    """A ruleset written to a file, as its path."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(text)
    return str(path)


def test_score_rewards_include_the_points_scored_before_the_first_decision(tmp_path):
    """Points scored before the first decision were never rewarded, so rewards did not add up to the score."""
    path = _ruleset_file(tmp_path, HANDICAP)
    e = env(path, players=2)
    received = _play(e, seed=0)
    assert e.game.scores == [21, 22]  # 1 and 2 before anyone decides, then two ticks of 10 each
    assert received == {"player_0": 21.0, "player_1": 22.0}
    _quiet(api_test, env(path, players=2), num_cycles=100)  # still no reward at reset


def test_a_game_over_before_any_decision_starts_terminated_with_its_rewards(tmp_path):
    """Such a game gave every agent 0 and dropped its points; now last() hands them over, step(None) retires."""
    e = env(_ruleset_file(tmp_path, NO_DECISION), players=2)
    received = _play(e, seed=0)
    assert e.agents == []
    assert received == {a: float(e.game.scores[p]) for p, a in enumerate(e.possible_agents)}
    assert all(received.values())


def test_a_refused_action_changes_nothing():
    """An illegal step() zeroed the agent's uncollected reward before it was refused."""
    e = env("poison", players=3)
    e.reset(seed=3)
    for agent in e.agent_iter():
        obs, reward, _, _, _ = e.last()
        if reward:
            break
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match=rf"{agent}: action {illegal} \(play\(.*\)\) is not legal now"):
        e.step(illegal)
    assert e.agent_selection == agent and e.last()[1] == reward


def test_step_takes_integer_actions_only():
    """step("8") and step(8.9) played action 8, step(None) and step([8]) raised a bare TypeError."""
    e = env("poison", players=3)
    e.reset(seed=1)
    agent = e.agent_selection
    legal = int(np.flatnonzero(e.observe(agent)["action_mask"])[0])
    for bad in (str(legal), legal + 0.9, None, [legal], True):
        with pytest.raises(ValueError, match=rf"{agent}: an action must be an integer, not"):
            e.step(bad)
        assert e.agent_selection == agent and e.steps == 0
    with pytest.raises(ValueError, match=r"action -1 \(outside 0..\d+\) is not legal now"):
        e.step(-1)
    e.step(np.int64(legal))  # what action_space.sample() gives
    assert e.steps == 1


def test_variants_as_one_string_is_one_variant():
    """variants="draw-pile" was split into characters: "no variant 'd'"."""
    assert env("poison", variants="draw-pile").spec is env("poison", variants=["draw-pile"]).spec


def test_observing_a_closed_env_or_an_unknown_agent_is_a_clear_error():
    """observe() after close() raised AttributeError, observe("player_9") a KeyError."""
    e = env("poison", players=3)
    e.reset(seed=0)
    with pytest.raises(ValueError, match="no agent 'player_9': the agents are player_0, player_1, player_2"):
        e.observe("player_9")
    e.close()
    with pytest.raises(ValueError, match=r"no game in progress: call reset\(\) first"):
        e.observe("player_0")
    with pytest.raises(ValueError, match=r"no game in progress"):
        e.step(0)


def test_calls_before_reset_are_a_clear_error():
    """step(), last(), legal_options() and agent_iter() before reset() raised AttributeError (no agent_selection)."""
    e = env("poison", players=3)
    for call in (lambda: e.step(0), e.last, lambda: e.legal_options("player_0"), lambda: next(iter(e.agent_iter()))):
        with pytest.raises(ValueError, match=r"no game in progress: call reset\(\) first"):
            call()


# a card of value 0 fails its rule (a ruleset's bug): 10 // 0
FAILING = (Path(__file__).parent / "data" / "failing_rule.yaml").read_text()


def test_a_rule_failing_in_a_step_leaves_the_game_as_it_was(tmp_path):
    """The engine stopped the game halfway through the move: the card was on the table, the mask still offered it,
    and the next step failed with "D001 the game is over"; the agent's uncollected reward was zeroed too."""
    e = env(_ruleset_file(tmp_path, FAILING), players=2, render_mode="ansi")
    agent, bad, good = _before_a_failing_choice(e)
    before, reward, seen = e.render(), e.last()[1], e.observe(agent)
    with pytest.raises(PhiltreError, match=r"R100 rule 'score' failed .*division by zero"):
        e.step(bad)
    steps = e.steps
    assert e.render() == before and e.agent_selection == agent and e.last()[1] == reward and e.steps == steps
    assert all((e.observe(agent)[k] == seen[k]).all() for k in seen)
    e.step(good)  # another action is played as if nothing had failed
    assert e.steps == steps + 1


def _before_a_failing_choice(e):
    """Play seeds until the agent to act, holding a reward, may play the failing card or another: (agent, bad, good)."""
    for seed in range(50):
        e.reset(seed=seed)
        while e.agents:
            agent = e.agent_selection
            legal = e.legal_options(agent)
            bad = [i for i, o in legal.items() if dict(o.args)["c"]["v"] == 0]
            good = [i for i in legal if i not in bad]
            if bad and good and e.last()[1]:
                return agent, bad[0], good[0]
            if not good:
                break
            e.step(good[0])
    raise AssertionError("no seed gives such a position")


def test_rulesets_and_variants_of_any_type_are_taken_or_refused_clearly(tmp_path):
    """env(None) and variants=5 raised TypeErrors from inside the loader; players=np.int64(3) was "no whole number"."""
    with pytest.raises(ValueError, match=r"a ruleset is a shipped game's name or a path .*not None"):
        env(None)
    for bad in (5, [None]):
        with pytest.raises(ValueError, match=r"variants are a list of variant names or overlay paths"):
            env("poison", variants=bad)
    assert env("poison", variants=None).spec is env("poison").spec
    assert env("poison", players=np.int64(4)).possible_agents == env("poison", players=4).possible_agents
    folder = tmp_path / "failing"
    folder.mkdir()
    (folder / "ruleset.yaml").write_text(FAILING)
    assert env(folder).spec.ruleset.name == "failing-rule"  # a pathlib.Path


# three identical copies of each of two tiles, placed on a public grid
TILES = """
philtre: 1
game: identical-tiles
players: 2
components:
  tile:
    attributes: {c: [1, 2]}
    derive: {cells: "[c, c]"}
    copies: 3
    start: deck
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
  board: {grid: true, visible: everyone}
actions:
  play:
    choose: {card: "hand[me]", at: "placements(board, card)"}
    if: at.overlap == 0 and (at.touching > 0 or count(board) == 0)
    do:
      - place: {piece: card, to: board, at: at}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, count: 2}
  - turns: 0
    until: all(count(hand[p]) == 0 for p in players)
    do:
      - decide: play
winners: {highest: "score[p]"}
"""


def test_which_identical_copy_lies_on_a_grid_is_not_in_the_observation(tmp_path):
    """A grid's piece slots were by engine id: views a seat cannot tell apart (equal strings) gave different vectors."""
    from philtre.adapters.spec import seat_text
    from philtre.interpreter import Game

    spec = env(_ruleset_file(tmp_path, TILES), players=2, positional_limit=64).spec
    vectors: dict = {}
    for seed in range(60):
        game = Game(spec.ruleset, 2, seed=seed)
        legal = spec.numbering.legal(game, 0)
        game.apply(0, legal[min(legal)])
        view = game.view(1)
        vectors.setdefault(seat_text(view, spec.numbering.layout), set()).add(spec.encoder.encode(view).tobytes())
    assert len(vectors) > 1 and all(len(v) == 1 for v in vectors.values())


# two identical men of seat 0 on a board at (0, 0) and (2, 0), two more in the pool; `step` moves one to a free cell
MEN = (Path(__file__).parent / "data" / "two_men_on_a_board.yaml").read_text()


def _where(game, piece):
    """Where a component lies: its zone's name, and its cell on a grid."""
    at = game.state.placed.get(piece["id"])
    return game.state.where[piece["id"]][0], at and at[:2]


@pytest.mark.parametrize("pieces, scheme", [
    ("board", "piece x8"),  # one zone: pieces told apart, not only kinds (two kinds of four men)
    ('"[c for c in board] + [c for c in pool]"', "piece@zone x16"),  # a list of components: x two zones
])
def test_identical_pieces_at_two_placements_on_a_grid_are_two_actions(tmp_path, pieces, scheme):
    """The engine offers two identical men at two squares as two options, but the numbering gave both the man's one
    kind: half the options had no index, and an agent could never move the second man. Identical men in the pool, which
    the engine offers once, still share one index."""
    e = env(_ruleset_file(tmp_path, MEN.replace("{piece: board,", f"{{piece: {pieces},")), players=2)
    numbering = e.spec.numbering
    e.reset(seed=0)
    game = e.game
    options = game.options(0)
    legal = numbering.legal(game, 0)
    # every option has an index of its own, and each index stands for the option that moves that very piece
    assert len(legal) == len(options) == (18 if "pool" in pieces else 12)
    assert sorted((_where(game, o.args[0][1]), o.args[1][1]) for o in legal.values()) == \
        sorted((_where(game, o.args[0][1]), o.args[1][1]) for o in options)
    assert {numbering.index_of(game, 0, o) for o in options} == set(legal)
    assert np.flatnonzero(e.observe("player_0")["action_mask"]).tolist() == sorted(legal)
    # the index names which man from the bottom of the grid: the lower one (placed first) at (0, 0) is no. 1
    names = {_where(game, o.args[0][1]): numbering.label(i).partition(", to=")[0] for i, o in legal.items()}
    assert "man owner=0 cells=[m] no. 1" in names[("board", (0, 0))] and "no. 2" in names[("board", (2, 0))]
    # a digit per copy of each kind (four men of each seat), not per kind
    assert numbering.describe() == [f"0..{int(scheme.split('x')[1]) * 8 - 1} step(piece: {scheme}, to: position x8)"]
    for index, option in legal.items():
        e.reset(seed=0)
        e.step(index)
        moved = [c for c in e.game.state.zones["board"][0] if e.game.state.placed[c["id"]][:2] == tuple(option.args[1][1])]
        stayed = sorted(_where(e.game, c) for c in e.game.state.zones["board"][0] if c not in moved)
        assert stayed == sorted({("board", (0, 0)), ("board", (2, 0))} - {_where(game, option.args[0][1])})


@pytest.mark.parametrize("game, players", [("poisons", 4), ("pok", 3), ("poison", 3)])
def test_events_tell_each_agent_once_what_its_seat_may_see_of_the_record(game, players):
    """With events=True, what an agent's info holds at each of its turns and at the end, put end to end, is the game's
    record as its seat may see it (for_player): nothing told twice or left out, nothing hidden from it. Without it,
    a round's end revealed (Poisons' goblets) and put away within one step was never seen by an agent."""
    e = env(game, players=players, events=True)
    for seed in range(3):
        e.reset(seed=seed)
        rng = random.Random(seed)
        told = {a: [] for a in e.possible_agents}
        for agent in e.agent_iter():
            obs, _, term, trunc, info = e.last()
            told[agent] += info["events"]
            if term or trunc:
                e.step(None)
                continue
            e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
        recorder = e.game.recorder
        for agent, events in told.items():
            assert events == recorder.for_player(e.agent_name_mapping[agent])[1:], (game, seed, agent)
        kinds = {event["event"] for event in told["player_0"]}
        assert {"decision", "end"} <= kinds, kinds
        if game == "poisons":
            assert "reveal" in kinds, kinds


def test_without_events_an_agent_is_told_none_and_the_game_keeps_no_record():
    """events defaults to False: no record kept (a game runs faster without one), no "events" in the infos."""
    e = env("pok", players=3)
    _play(e, 1)
    assert e.game.recorder is None and all("events" not in info for info in e.infos.values())
    with pytest.raises(ValueError, match="events must be True or False, not 'yes'"):
        env("pok", players=3, events="yes")


def test_a_none_the_seat_sees_is_known_in_the_observation_and_a_hidden_entry_is_not():
    """A view gave none for another seat's hidden entry and for a none the seat sees alike, and the vector left both
    unknown; the view now puts {"hidden": true} there, as records do: the seat's own none is known (a value slot of
    zeros), the other seat's entry stays unknown."""
    e = env(str(Path(__file__).parent / "data" / "declared_none.yaml"), players=2)
    e.reset(seed=1)
    fields = {name: start for name, start, _ in e.spec.encoder.fields}
    observation = e.observe("player_0")["observation"]
    assert observation[fields["var declared[0]"]] == 1 and observation[fields["var declared[1]"]] == 0
