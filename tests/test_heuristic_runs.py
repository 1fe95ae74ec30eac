"""A ruleset's `heuristic` in a run's identity (docs/simulation.md, Runs and their keys).

The content hash leaves the heuristic out (it changes no rule), but greedy plays by it: a Backgammon trial's
`--resume` reused the games of another heuristic (greedy won 0.500 where the run alone gives 0.975), and a plain run
called them "of this configuration". Agents that do not read it keep the key they had.
"""

from __future__ import annotations

import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from philtre.dsl import load_ruleset

ROOT = Path(__file__).resolve().parent.parent

PICK = """\
game: pick
players: 2
actions:
  pick:
    choose: {n: "[0, 1]"}
    do:
      - score: {player: me, add: n}
flow:
  - repeat: 5
    do:
      - for: p in players
        do:
          - decide: pick
            player: p
heuristic: HEURISTIC
"""


def pick(folder: Path, heuristic: str) -> Path:
    """A folder holding the pick game (each seat adds 0 or 1 to its score, five times) with ``heuristic``."""
    folder.mkdir()
    (folder / "ruleset.yaml").write_text(PICK.replace("HEURISTIC", heuristic))
    return folder


def philtre(*args, cwd) -> subprocess.CompletedProcess:
    """Run ``python -m philtre ARGS`` as a user would; never a traceback."""
    result = subprocess.run([sys.executable, "-m", "philtre", *map(str, args)], cwd=cwd, capture_output=True, text=True,
                            timeout=300)
    assert "Traceback" not in result.stdout + result.stderr, result.stderr
    assert result.returncode == 0, result.stderr
    return result


def greedy_line(result) -> str:
    """The summary's line of seat 0, the greedy one."""
    return next(line for line in result.stdout.splitlines() if line.split()[:2] == ["0", "greedy"])


def test_a_run_of_another_heuristic_is_neither_resumed_nor_replaced(tmp_path):
    """The trial's repro: 10 games of `-score[p]`, then 20 of `score[p]` with --resume, reused the 10."""
    pick(tmp_path / "a", "score[p]")
    pick(tmp_path / "b", "-score[p]")
    run = ("-p", "2", "--seed", "1", "--agents", "greedy,random", "--workers", "1")
    philtre("simulate", "b", "-n", "10", *run, cwd=tmp_path)
    resumed = philtre("simulate", "a", "-n", "20", *run, "--resume", cwd=tmp_path)
    alone = philtre("simulate", "a", "-n", "20", *run, "--no-db", cwd=tmp_path)
    assert "resuming" not in resumed.stderr
    assert greedy_line(resumed) == greedy_line(alone)
    again = philtre("simulate", "b", "-n", "10", *run, cwd=tmp_path)  # b's 10 games are b's, not replaced by a's run
    assert "held 10 saved games of this configuration" in again.stderr
    fresh = philtre("simulate", "a", "-n", "5", *run, cwd=tmp_path)
    assert "held 20 saved games of this configuration" in fresh.stderr and "held 30" not in fresh.stderr


def test_only_agents_that_read_the_heuristic_have_it_in_the_key(tmp_path):
    """greedy's key changes with the heuristic; random's and ismcts' (which never read it) do not, nor a run's without one."""
    from philtre.interpreter.simulate import RunSpec
    from philtre.interpreter.store import run_key

    one = load_ruleset(str(pick(tmp_path / "a", "score[p]")))
    other = load_ruleset(str(pick(tmp_path / "b", "-score[p]")))
    assert one.content_hash == other.content_hash

    def keys(agents):
        return run_key(RunSpec(one, 2, agents, seed=1)), run_key(RunSpec(other, 2, agents, seed=1))

    mine, theirs = keys(["greedy", "random"])
    assert mine != theirs
    assert keys(["greedy:4", "greedy"])[0] != keys(["greedy:4", "greedy"])[1]
    for agents in (["random", "random"], ["ismcts:10", "random"]):
        mine, theirs = keys(agents)
        assert mine == theirs


def test_the_key_of_a_run_no_heuristic_steers_is_as_before(poison):
    """Stores written before keep matching where the heuristic plays no part: the key is the hash it always was."""
    import hashlib
    import json

    import philtre
    from philtre.interpreter.simulate import RunSpec
    from philtre.interpreter.store import run_key

    spec = RunSpec(poison, 3, ["random"] * 3, seed=4)
    parts = [philtre.__version__, poison.name, poison.content_hash, list(poison.variant_origins or poison.variants),
             3, ["random"] * 3, 4, False]
    assert run_key(spec) == hashlib.sha256(json.dumps(parts).encode()).hexdigest()[:16]


def test_a_worker_compiles_each_heuristic_of_one_set_of_rules_apart(tmp_path, monkeypatch):
    """A spawned worker (or a Ray task) kept one compiled ruleset per content hash: of two compare arms that differ only in
    the heuristic, the second played by the first's."""
    from philtre.interpreter import simulate
    from philtre.interpreter.simulate import RunSpec

    monkeypatch.setattr(simulate, "_COMPILED", {})  # a fresh worker process
    one = load_ruleset(str(pick(tmp_path / "a", "score[p]")))
    other = load_ruleset(str(pick(tmp_path / "b", "-score[p]")))
    travelled = [pickle.loads(pickle.dumps(RunSpec(rs, 2, ["greedy", "random"], seed=1))) for rs in (one, other)]
    assert [spec.rules().heuristic.text for spec in travelled] == ["score[p]", "-score[p]"]


@pytest.mark.parametrize("agents, same", [(["greedy", "random"], False), (["random", "random"], True)])
def test_a_variant_of_another_heuristic_plays_the_base_s_games_only_where_no_agent_reads_it(tmp_path, agents, same):
    """compare said `neg changes no rule of the base: every difference is 0` over a win share that moved from 0.99 to 0.01,
    and `simulate` that the variant's games were the base's."""
    from philtre.interpreter.compare import run_comparison
    from philtre.interpreter.simulate import RunSpec

    pick(tmp_path / "a", "score[p]")
    (tmp_path / "neg.yaml").write_text("extends: a/ruleset.yaml\nheuristic: -score[p]\n")
    base = load_ruleset(str(tmp_path / "a"))
    variant = load_ruleset(str(tmp_path / "a"), [str(tmp_path / "neg.yaml")])
    report, _ = run_comparison(RunSpec(base, 2, agents, seed=1), {"neg": RunSpec(variant, 2, agents, seed=1)}, 20,
                               batch=20, stop_on=None)
    assert report["same"] == (["neg"] if same else [])
    noted = philtre("simulate", "a", "--variant", "neg.yaml", "-p", "2", "-n", "2", "--agents", ",".join(agents), "--no-db",
                    cwd=tmp_path)
    assert ("changes no rule of a" in noted.stderr) == same
