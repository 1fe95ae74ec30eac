"""Any ruleset as a reinforcement-learning environment: a PettingZoo loop, an OpenSpiel MCTS bot, and OpenSpiel with
a chance node at every random draw.

Needs the extras: pip install 'philtre[pettingzoo,openspiel]'
Run: python examples/adapters_demo.py
"""

import sys

try:
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import mcts

    from philtre.adapters import openspiel
    from philtre.adapters.pettingzoo import env
except ImportError as missing:  # philtre's core install has none of these: say which extra, not a traceback
    sys.exit(f"adapters_demo.py needs the adapters' extras ({missing.name} is not installed): "
             "pip install 'philtre[pettingzoo,openspiel]'")


def pettingzoo_random_game() -> None:
    """Four random agents play Poison through the AEC API; rewards are points taken, negated."""
    e = env("poison", players=4)
    e.reset(seed=7)
    print("PettingZoo:", e.metadata["name"], "| actions:", e.action_space("player_0").n,
          "| observation size:", e.observation_space("player_0")["observation"].shape[0])
    print("  numbering:", *e.spec.numbering.describe())
    rng = np.random.default_rng(0)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        if terminated or truncated:
            action = None
        else:
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        e.step(action)
    print("  rewards per agent:", totals)


def openspiel_mcts_game() -> None:
    """An MCTS bot (seat 0) against random seats in POK, simultaneous steps taken in turn."""
    game = openspiel.load("pok", players=3)
    print("OpenSpiel:", game, "|", game.get_type().dynamics, game.get_type().chance_mode)
    turn_based = pyspiel.convert_to_turn_based(game)
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng, max_length=20)
    bot = mcts.MCTSBot(turn_based, uct_c=2.0, max_simulations=8, evaluator=evaluator, random_state=rng, solve=False)
    state = turn_based.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    print("  returns (win shares):", state.returns())


def openspiel_every_draw_a_chance_node() -> None:
    """POK with chance="draws": each die rolled is a chance node of its own (the default draws one seed at the start)."""
    game = openspiel.load("pok", players=3, chance="draws")
    print("OpenSpiel, chance=draws:", game, "| most outcomes of one draw:", game.max_chance_outcomes())
    rng = np.random.RandomState(2)
    state, chance_nodes, faces = game.new_initial_state(), 0, set()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            chance_nodes += 1
            faces.add(len(actions))
            state.apply_action(int(rng.choice(actions, p=probs)))
        elif state.is_simultaneous_node():  # (every seat at once: one random legal action each)
            state.apply_actions([int(rng.choice(state.legal_actions(seat))) for seat in range(game.num_players())])
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    print(f"  one random game: {chance_nodes} chance nodes, each with {sorted(faces)} equally likely outcomes;",
          "returns:", state.returns())


if __name__ == "__main__":
    pettingzoo_random_game()
    openspiel_mcts_game()
    openspiel_every_draw_a_chance_node()
