"""Run many games headlessly and summarise them: seat win shares, scores, lengths."""

from __future__ import annotations

import hashlib
import math
import os

from .agents import make_agent
from .game import Game


def game_seed(run_seed: int, index: int) -> int:
    """Each game's seed, derived from the run's seed and the game's index (order-independent)."""
    digest = hashlib.sha256(f"philtre:{run_seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") & (2**53 - 1)  # exact in any JSON reader


def play_game(ruleset, players: int, seed: int, agent_names, record: bool = False) -> Game:
    """Play one game to its end with the named agents (one per seat)."""
    agents = [make_agent(name, game_seed(seed, 1_000_000 + seat)) for seat, name in enumerate(agent_names)]
    game = Game(ruleset, players, seed=seed, record=record, agents=agent_names)
    while not game.state.flow.finished:
        for p in game.pending():
            agent = agents[p]
            view = game.view(p) if agent.needs_view else None
            game.apply(p, agent.choose(view, game.options(p)))
    return game


def simulate(ruleset, players: int, games: int, seed: int = 0, agents=None, record_dir=None, progress=None) -> dict:
    """Play ``games`` games; return the summary as plain data."""
    agent_names = list(agents or ["random"] * players)
    results = []
    if record_dir:
        os.makedirs(record_dir, exist_ok=True)
    for i in range(games):
        game = play_game(ruleset, players, game_seed(seed, i), agent_names, record=bool(record_dir))
        if record_dir:
            game.recorder.write(os.path.join(record_dir, f"game-{i + 1:05d}.jsonl"))
        results.append((list(game.state.scores), list(game.state.flow.winners), game.decisions, game.state.round))
        if progress is not None:
            progress(1)
    return summarise(ruleset, players, seed, agent_names, results)


def _mean_sd(values):
    n = len(values)
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    return mean, sd


def summarise(ruleset, players, seed, agent_names, results) -> dict:
    """Seat win shares (a k-way shared win counts 1/k), score mean and spread, ties, lengths."""
    n = len(results)
    shares = [0.0] * players
    ties = 0
    for _, winners, _, _ in results:
        if len(winners) > 1:
            ties += 1
        for w in winners:
            shares[w] += 1 / len(winners)
    seats = []
    for seat in range(players):
        mean, sd = _mean_sd([r[0][seat] for r in results]) if n else (0.0, 0.0)
        seats.append({"seat": seat, "agent": agent_names[seat], "win_share": round(shares[seat] / n, 4) if n else 0.0,
                      "score_mean": round(mean, 3), "score_sd": round(sd, 3)})
    length_mean, length_sd = _mean_sd([r[2] for r in results]) if n else (0.0, 0.0)
    rounds_mean, _ = _mean_sd([r[3] for r in results]) if n else (0.0, 0.0)
    return {
        "ruleset": ruleset.name, "variants": list(ruleset.variants), "hash": ruleset.content_hash,
        "players": players, "games": n, "seed": seed, "agents": agent_names,
        "seats": seats, "shared_wins": round(ties / n, 4) if n else 0.0,
        "decisions_mean": round(length_mean, 3), "decisions_sd": round(length_sd, 3), "rounds_mean": round(rounds_mean, 3),
    }


def format_summary(summary: dict) -> str:
    """The summary as a small table a designer reads."""
    variants = "".join(f" + {v}" for v in summary["variants"])
    lines = [
        f"{summary['ruleset']}{variants}: {summary['players']} players, {summary['games']} games, seed {summary['seed']}, agents {','.join(summary['agents'])}",
        "",
        f"{'seat':>4}  {'agent':<8} {'win share':>9}  {'score mean':>10}  {'score sd':>8}",
    ]
    for s in summary["seats"]:
        lines.append(f"{s['seat']:>4}  {s['agent']:<8} {s['win_share']:>9.3f}  {s['score_mean']:>10.2f}  {s['score_sd']:>8.2f}")
    lines += [
        "",
        f"shared wins: {summary['shared_wins'] * 100:.1f}% of games",
        f"length: {summary['decisions_mean']:.1f} decisions (sd {summary['decisions_sd']:.1f}), {summary['rounds_mean']:.2f} rounds",
    ]
    return "\n".join(lines)
