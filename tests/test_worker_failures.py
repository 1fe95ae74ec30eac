"""Workers that fail under a run: a local worker killed in the middle of sending its results, and Ray, which must not
take over philtre's signals or its stdout.

A dead worker must end the run with B004 at once, never a hang (the standard says never a hang), and Ctrl-C or
SIGTERM must stop a run on Ray as they stop one on local workers.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

# a run whose games each end with a result larger than a pipe holds (as with --record), so that a worker the parent
# does not read from is blocked in the middle of writing a message
DRIVER = """
import sys, time
from philtre.dsl.errors import PhiltreError
from philtre.interpreter import parallel

class Rules:
    path = "rules.yaml"

class Spec:
    def rules(self):
        return Rules()

def large_game(spec, index):
    time.sleep(0.02)
    return {"index": index, "record": "x" * 200_000}

parallel.play_one = large_game  # (the workers are forked: they play it too)
backend = parallel.LocalProcesses({"run": Spec()}, 2)
print(*[p.pid for p in backend.procs], flush=True)
try:
    for _ in backend.run((("run", i) for i in range(5000)), 5000):
        pass
except PhiltreError as exc:
    print(exc, file=sys.stderr)
    sys.exit(1)
finally:
    backend.close()
"""


def _writing(pid: int) -> bool:
    """Whether a thread of process ``pid`` is blocked writing into a full pipe."""
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return False
    for task in tasks:
        try:
            with open(f"/proc/{pid}/task/{task}/wchan") as handle:
                if "pipe_write" in handle.read():  # (anon_pipe_write on newer kernels)
                    return True
        except OSError:
            continue
    return False


@pytest.mark.skipif(sys.platform != "linux", reason="the workers must be forked to play the stand-in game")
def test_a_worker_killed_while_it_sends_a_result_ends_the_run_with_b004_not_a_hang():
    """The parent is stopped so the workers' pipe fills; a worker blocked halfway through a message is killed. The run
    hung for ever in the read of the half message (Ctrl-C and SIGTERM held back), and the dead worker kept the lock
    that the other worker needed to send anything."""
    run = subprocess.Popen([sys.executable, "-c", DRIVER], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           start_new_session=True)
    try:
        workers = [int(pid) for pid in run.stdout.readline().split()]
        time.sleep(1.0)  # games are being played and sent
        os.kill(run.pid, signal.SIGSTOP)
        deadline = time.monotonic() + 10
        while not (blocked := [pid for pid in workers if _writing(pid)]) and time.monotonic() < deadline:
            time.sleep(0.1)
        os.kill((blocked or workers)[0], signal.SIGKILL)  # (without wchan: every worker is halfway through a message)
        time.sleep(0.3)
        os.kill(run.pid, signal.SIGCONT)
        try:
            _, err = run.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            pytest.fail("the run hung after a worker was killed in the middle of a message")
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
            run.wait()
    assert run.returncode == 1, err
    assert "B004 a worker process ended unexpectedly" in err
    assert "Traceback" not in err


# -- Ray -----------------------------------------------------------------------------------------------------------------

# a program that starts a RayBackend (so a local Ray instance) with a SIGTERM handler of its own set, as the command
# line sets one that stops the run as Ctrl-C does
ON_RAY = """
import signal, sys
from philtre.interpreter.parallel import RayBackend

def ours(signum, frame):
    pass

signal.signal(signal.SIGTERM, ours)
backend = RayBackend({}, 1)
try:
    print("printed while Ray runs", flush=True)
    print("SIGTERM handler kept:", signal.getsignal(signal.SIGTERM) is ours, file=sys.stderr, flush=True)
finally:
    backend.close()
print("printed after", flush=True)
"""


@pytest.fixture(scope="module")
def on_ray():
    """What the program above printed: (stdout, stderr)."""
    pytest.importorskip("ray")
    env = {name: value for name, value in os.environ.items() if name != "RAY_ADDRESS"}
    done = subprocess.run([sys.executable, "-c", ON_RAY], capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    return done.stdout, done.stderr


def test_starting_ray_keeps_the_sigterm_handler_that_stops_the_run(on_ray):
    """ray.init set its own SIGTERM handler (sys.exit(15)): a `kill` of a run on Ray ended it without saving the games
    that had finished, with Ray's crash dump instead of the `interrupted` line."""
    assert "SIGTERM handler kept: True" in on_ray[1]


def test_while_ray_runs_nothing_printed_reaches_stdout(on_ray):
    """Ray prints a dead worker's notice (`(raylet) A worker died ...`) on stdout, before the `--json` object."""
    out, err = on_ray
    assert out == "printed after\n"
    assert "printed while Ray runs" in err
