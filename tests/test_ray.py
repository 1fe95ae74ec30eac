"""`--backend ray`: the same simulation on a Ray cluster gives the same results for the same seed.

CI installs Ray (it is in the `test` extra); the test starts a small local Ray instance,
as a cluster would be joined with ray.init(address=...) or RAY_ADDRESS.
"""

from __future__ import annotations

import json

import pytest

ray = pytest.importorskip("ray")


@pytest.fixture(scope="module")
def cluster():
    """A local Ray instance with two CPUs, shut down after the module."""
    started = not ray.is_initialized()
    if started:
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray
    if started:
        ray.shutdown()


def test_ray_runs_give_the_results_of_local_runs(cluster, pok):
    from philtre.interpreter.runs import run_simulation
    from philtre.interpreter.simulate import RunSpec

    spec = RunSpec(pok, 4, ["random"] * 4, seed=21, coverage=True)
    local, local_results = run_simulation(spec, 60, workers=1)
    remote, remote_results = run_simulation(spec, 60, backend="ray")
    assert remote == local
    assert [r["index"] for r in remote_results] == list(range(60))
    assert ray.is_initialized()  # a cluster we did not start is left running


def test_the_command_line_on_ray_prints_what_local_workers_print(cluster, tmp_path):
    from click.testing import CliRunner

    from philtre.interpreter.cli import main

    args = ["simulate", "poison", "-p", "4", "-n", "40", "--seed", "3", "--json"]
    runner = CliRunner()
    local = runner.invoke(main, [*args, "--db", str(tmp_path / "local.sqlite")])
    on_ray = runner.invoke(main, [*args, "--backend", "ray", "--db", str(tmp_path / "ray.sqlite")])
    assert local.exit_code == 0 and on_ray.exit_code == 0, on_ray.output
    assert json.loads(on_ray.stdout) == json.loads(local.stdout)


def test_compare_on_ray_matches_compare_here(cluster):
    from pathlib import Path

    from philtre.dsl import load_ruleset
    from philtre.interpreter.compare import run_comparison
    from philtre.interpreter.simulate import RunSpec

    house = str(Path(__file__).resolve().parent.parent / "examples" / "house-rules" / "pok-first-to-four.yaml")
    base = RunSpec(load_ruleset("pok"), 4, ["random"] * 4, seed=2)
    arms = {"first-to-four": RunSpec(load_ruleset("pok", [house]), 4, ["random"] * 4, seed=2)}
    # batches big enough that a Ray task carries several games, of both arms
    here, _ = run_comparison(base, arms, 300, batch=150, stop_on=None)
    there, _ = run_comparison(base, arms, 300, batch=150, stop_on=None, backend="ray")
    assert there == here and here["games"] == 300


def test_an_interrupted_ray_run_hands_back_its_finished_games_by_run(cluster, pok):
    """stop() gave the finished chunks under (run, positions) instead of the run: saving them failed (KeyError)."""
    from philtre.interpreter.parallel import RayBackend
    from philtre.interpreter.simulate import RunSpec

    backend = RayBackend({"the run": RunSpec(pok, 4, ["random"] * 4, seed=21)}, 2)
    games = backend.run((("the run", i) for i in range(60)), 60)
    next(games)
    ray.wait(list(backend.inflight), num_returns=len(backend.inflight))  # finished, not yet handed over
    done = backend.stop()
    assert done and {key for key, _ in done} == {"the run"}
    assert len({result["index"] for _, result in done}) == len(done)


FAILING = """\
game: failing
players: 2
components:
  chip: {start: bag}
zones:
  bag: {}
dice:
  d: [{v: 1}, {v: 2}, {v: 3}]
variables: {x: 0}
flow:
  - roll: [d]
  - repeat: "200000 if first(e.v for e in dice) == 1 else 0"    # some games fail late, others at once
    do:
      - set: {x: x + 1}
  - set: {x: "1 / (x - x)"}
"""


def test_a_failing_run_on_ray_reports_the_game_one_worker_reports(cluster, tmp_path):
    """Every game fails, some later than others: the failure reported is the first game's, wherever games run."""
    from philtre.dsl import load_ruleset
    from philtre.dsl.errors import PhiltreError
    from philtre.interpreter.runs import run_simulation
    from philtre.interpreter.simulate import RunSpec

    path = tmp_path / "failing.yaml"
    path.write_text(FAILING)
    spec = RunSpec(load_ruleset(str(path)), 2, ["random"] * 2, seed=4)  # its game 0 fails late, game 1 at once
    messages = []
    for backend in ("local", "ray"):
        with pytest.raises(PhiltreError) as info:
            run_simulation(spec, 12, workers=1, backend=backend)
        messages.append(str(info.value))
    assert "; this stopped game 1 of the run " in messages[0] and messages[1] == messages[0]


@pytest.mark.parametrize("given_by", ["--ray-address", "RAY_ADDRESS"])
def test_an_address_that_takes_no_connection_stops_the_run_at_once_with_b002(given_by):
    """Ray itself would retry such an address for minutes: the run must stop, saying where it tried; the hint says to
    unset RAY_ADDRESS only where the address came from it (a user who typed --ray-address had set no variable)."""
    import os
    import socket
    import subprocess
    import sys

    with socket.socket() as probe:  # a port nothing listens on once the probe is closed
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    address = f"127.0.0.1:{port}"
    env = {k: v for k, v in os.environ.items() if k != "RAY_ADDRESS"}
    flag = ["--ray-address", address] if given_by == "--ray-address" else []
    if given_by == "RAY_ADDRESS":
        env["RAY_ADDRESS"] = address
    result = subprocess.run([sys.executable, "-m", "philtre", "simulate", "pok", "-p", "3", "-n", "5", "--backend", "ray",
                             *flag, "--no-db"], capture_output=True, text=True, timeout=120, env=env)
    assert result.returncode == 1, result.stderr
    assert f"{address}: B002 cannot reach Ray at {address}" in result.stderr
    assert "and that the cluster is up" in result.stderr
    assert ("unset RAY_ADDRESS" in result.stderr) == (given_by == "RAY_ADDRESS"), result.stderr
    assert "Traceback" not in result.stderr
