"""`philtre simulate` at scale: workers, the results database, resume after a kill, exports, coverage.

What users rely on: the same seed prints the same results whatever the number of workers;
every finished game is a row in the SQLite file within a quarter of a second of its end; a run that is killed
and resumed ends with the very results of an uninterrupted one.
"""

from __future__ import annotations

import csv
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAMES = 240


def simulate_args(games: int) -> tuple:
    """`philtre simulate` of ``games`` four-player Poison games, seed 3."""
    return ("simulate", "poison", "--players", "4", "--games", str(games), "--seed", "3")


RUN = simulate_args(GAMES)
# The runs that are stopped halfway are ten times as long: a run is saved a quarter of a second
# at a time, and the short one's games (0.15 s on two workers) came in one commit, before any stop.
LONG_GAMES = 10 * GAMES
LONG_RUN = simulate_args(LONG_GAMES)


def philtre(*args, cwd=ROOT) -> subprocess.CompletedProcess:
    """Run ``python -m philtre ARGS`` as a user would; never a traceback."""
    result = subprocess.run([sys.executable, "-m", "philtre", *map(str, args)], cwd=cwd, capture_output=True, text=True, timeout=300)
    assert "Traceback" not in result.stdout + result.stderr, result.stderr
    return result


def rows(db: Path) -> int:
    """Games saved in a results file (0 while it does not exist yet)."""
    if not db.exists():
        return 0
    with sqlite3.connect(db, timeout=5) as con:
        try:
            return con.execute("SELECT COUNT(*) FROM games").fetchone()[0]
        except sqlite3.OperationalError:  # the tables are being created
            return 0


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory):
    """The reference run (one worker) and the same run with two workers."""
    folder = tmp_path_factory.mktemp("scale")
    one = philtre(*RUN, "--workers", "1", "--db", folder / "one.sqlite")
    two = philtre(*RUN, "--workers", "2", "--db", folder / "two.sqlite")
    assert one.returncode == 0, one.stderr
    assert two.returncode == 0, two.stderr
    return {"folder": folder, "one": one, "two": two}


@pytest.fixture(scope="module")
def uninterrupted_long(tmp_path_factory):
    """The reference for the runs stopped halfway: the long run, played through (two workers)."""
    done = philtre(*LONG_RUN, "--workers", "2", "--db", tmp_path_factory.mktemp("long") / "runs.sqlite")
    assert done.returncode == 0, done.stderr
    return done


def test_workers_print_identical_results(uninterrupted):
    assert uninterrupted["one"].stdout == uninterrupted["two"].stdout
    assert f"{GAMES} games, seed 3" in uninterrupted["one"].stdout


def _slow_first_failure(spec, index):
    """A game in place of play_one: game 0 fails late, game 1 at once, the others end well."""
    from philtre.dsl.errors import Loc, PhiltreError

    if index == 0:
        time.sleep(0.8)
    if index < 2:
        raise PhiltreError.at(Loc("rules.yaml"), "R100", f"game {index} failed")
    return {"index": index}


@pytest.mark.skipif(sys.platform != "linux", reason="the workers must be forked to see the stand-in for play_one")
def test_with_several_workers_the_failure_reported_is_the_first_in_order(monkeypatch):
    """Game 1 fails first in time, game 0 first in order: the run reports game 0, as one worker would."""
    from philtre.dsl.errors import PhiltreError
    from philtre.interpreter import parallel

    monkeypatch.setattr(parallel, "play_one", _slow_first_failure)
    backend = parallel.LocalProcesses({"run": None}, 2)
    try:
        with pytest.raises(PhiltreError, match="game 0 failed"):
            list(backend.run(((("run", i)) for i in range(40)), 40))
    finally:
        backend.close()


def _worker_messages(monkeypatch, seconds_a_game: float, games: int = 16) -> list:
    """The messages a worker sends for one chunk of ``games`` games that each take ``seconds_a_game`` (a clock of its
    own: no timing), each message as the number of games it carries."""
    import queue
    import threading

    from philtre.interpreter import parallel

    clock = [0.0]

    def game(spec, index):
        clock[0] += seconds_a_game
        return {"index": index}

    monkeypatch.setattr(parallel, "play_one", game)
    monkeypatch.setattr(parallel.time, "monotonic", lambda: clock[0])
    stop, sent = threading.Event(), []

    class Tasks:
        chunks = [[(seq, "run", seq) for seq in range(games)]]

        def get(self, timeout):
            if self.chunks:
                return self.chunks.pop()
            stop.set()  # (no more tasks: the worker ends)
            raise queue.Empty

    class Results:
        def put(self, message):
            sent.append(len(message))

    held = {signum: signal.getsignal(signum) for signum in (signal.SIGINT, signal.SIGTERM)}
    try:
        parallel._worker_main({"run": None}, Tasks(), Results(), stop, os.getppid(), type("V", (), {"value": parallel.NO_FAILURE}))
    finally:
        for signum, handler in held.items():
            signal.signal(signum, handler)
    return sent


def test_a_worker_sends_short_games_together_and_slow_ones_without_waiting_for_their_chunk(monkeypatch):
    assert _worker_messages(monkeypatch, 0.0001) == [16]  # a message a chunk: a message costs what a short game does
    # a game of a tenth of a second: sent once a quarter of a second has passed since the last message
    assert _worker_messages(monkeypatch, 0.1) == [3, 3, 3, 3, 3, 1]
    assert _worker_messages(monkeypatch, 2.0) == [1] * 16


def _game_of_half_a_second(spec, index):
    """A game in place of play_one that takes half a second."""
    time.sleep(0.5)
    return {"index": index}


@pytest.mark.skipif(sys.platform != "linux", reason="the workers must be forked to see the stand-in for play_one")
def test_while_the_workers_play_on_the_main_process_commits_what_it_kept(monkeypatch):
    """The backend calls ``idle`` while it waits for its workers' results. Session sets it to the store's commit, so a game
    kept before a long one is committed while the long one is played, not only at the next game's end."""
    from philtre.interpreter import parallel

    monkeypatch.setattr(parallel, "play_one", _game_of_half_a_second)
    backend = parallel.LocalProcesses({"run": None}, 1)
    waits = []
    backend.idle = lambda: waits.append(time.monotonic())
    try:
        assert [result["index"] for _, result in backend.run((("run", i) for i in range(2)), 2)] == [0, 1]
    finally:
        backend.close()
    assert waits  # (each game takes five of its waits of a tenth of a second)


def test_an_interrupt_while_a_result_is_read_comes_after_the_read():
    """Ctrl-C halfway through reading a worker's message left a fragment in the pipe (EOFError, exit 2)."""
    from philtre.interpreter.parallel import interrupts_held

    read = []
    # Ctrl-C as in a terminal: a test run started in the background (`.ci/run &`) inherits it ignored
    outside = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with pytest.raises(KeyboardInterrupt):
            with interrupts_held():
                signal.raise_signal(signal.SIGINT)
                read.append("the whole message")  # not cut short
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # Ctrl-C stops a run as before
    finally:
        signal.signal(signal.SIGINT, outside)
    assert read == ["the whole message"]


def test_a_ctrl_c_held_is_raised_at_the_blocks_end_not_left_to_pythons_next_check(monkeypatch):
    """A Ctrl-C held was sent again with raise_signal, whose handler Python runs at its next check: that may fall in a
    gc callback (hypothesis installs one), where the KeyboardInterrupt is printed and dropped. It is raised at once."""
    from philtre.interpreter.parallel import interrupts_held

    sent = []
    monkeypatch.setattr(signal, "raise_signal", sent.append)
    outside = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with pytest.raises(KeyboardInterrupt):
            with interrupts_held():
                signal.getsignal(signal.SIGINT)(signal.SIGINT, None)  # the holding handler, as a Ctrl-C calls it
    finally:
        signal.signal(signal.SIGINT, outside)
    assert sent == []


def test_games_finished_but_not_yet_read_are_kept_at_an_interrupt():
    """A backend read several games at once and handed them over one by one: an interrupt after the first lost the
    others (a Ray run under load, whose first game came back last, kept none of 60 finished games)."""
    from philtre.interpreter.parallel import InOrder

    order = InOrder()
    order.sent(range(4))
    for seq in (3, 1, 2, 0):  # the first task comes back last
        order.ended("ok", "the run", seq, {"index": seq})
    handed = order.ready()
    assert next(handed) == ("the run", {"index": 0})
    assert order.finished() == [("the run", {"index": i}) for i in (1, 2, 3)]  # (the reader stopped: Ctrl-C)


def test_the_database_holds_one_row_per_game(uninterrupted):
    db = uninterrupted["folder"] / "two.sqlite"
    with sqlite3.connect(db) as con:
        games = con.execute("SELECT idx, seed, ruleset, ruleset_hash, variants, players, agents, scores, winners, decisions, "
                            "lead_changes, drama, decisiveness, uncertainty FROM games ORDER BY idx").fetchall()
        runs = con.execute("SELECT key, ruleset, players, seed, games FROM runs").fetchall()
    assert [g[0] for g in games] == list(range(GAMES))
    assert len({g[1] for g in games}) == GAMES  # each game its own seed
    for g in games:
        assert g[2] == "poison" and g[3].startswith("sha256:") and json.loads(g[4]) == [] and g[5] == 4
        assert json.loads(g[6]) == ["random"] * 4 and len(json.loads(g[7])) == 4 and json.loads(g[8])
        assert g[9] > 0 and g[10] >= 0 and 0 <= g[11] <= 1 and 0 <= g[12] <= 1 and 0 <= g[13] <= 1
    assert len(runs) == 1 and runs[0][1:] == ("poison", 4, 3, GAMES)
    assert runs[0][0] in uninterrupted["two"].stderr  # the run's key is shown


def _saved_rows(path) -> int:
    """Rows another program reading the file sees now (committed ones)."""
    with sqlite3.connect(path) as con:
        return con.execute("SELECT COUNT(*) FROM games").fetchone()[0]


def test_games_that_end_together_are_committed_together_and_every_one_by_the_end(poison, tmp_path, monkeypatch):
    from philtre.interpreter import store
    from philtre.interpreter.simulate import RunSpec, play_one

    spec = RunSpec(poison, 4, ["random"] * 4, seed=1)
    results = [play_one(spec, i) for i in range(3)]
    db = store.Store(tmp_path / "runs.sqlite")
    db.begin(spec, "k", 3, resume=False)
    monkeypatch.setattr(store, "COMMIT_EVERY", 3600)  # every game ends within the window: kept for the next commit
    for result in results[:2]:
        db.save(spec, "k", result)
    assert _saved_rows(tmp_path / "runs.sqlite") == 0
    monkeypatch.setattr(store, "COMMIT_EVERY", 0)  # a game after a pause as long as the window: committed at once
    db.save(spec, "k", results[2])
    assert _saved_rows(tmp_path / "runs.sqlite") == 3
    monkeypatch.setattr(store, "COMMIT_EVERY", 3600)
    db.save(spec, "k", results[0])  # (the same game again: replaced, not added)
    db.finish("k")  # the run's end commits what is kept
    assert _saved_rows(tmp_path / "runs.sqlite") == 3
    db.close()


def test_an_interrupt_while_games_are_committed_keeps_them_for_the_stop(poison, tmp_path, monkeypatch):
    from philtre.interpreter import store
    from philtre.interpreter.simulate import RunSpec, play_one

    spec = RunSpec(poison, 4, ["random"] * 4, seed=1)
    db = store.Store(tmp_path / "runs.sqlite")
    db.begin(spec, "k", 2, resume=False)
    monkeypatch.setattr(store, "COMMIT_EVERY", 3600)
    for i in range(2):
        db.save(spec, "k", play_one(spec, i))

    class Interrupting:
        """The connection as Ctrl-C finds it: in the middle of writing the rows."""

        def __init__(self, real):
            self.real = real

        def __enter__(self):
            return self.real.__enter__()

        def __exit__(self, *exc):
            return self.real.__exit__(*exc)

        def executemany(self, sql, rows):
            self.real.executemany(sql, rows)
            raise KeyboardInterrupt

    real = db.db
    db.db = Interrupting(real)
    with pytest.raises(KeyboardInterrupt):
        db.commit()
    db.db = real
    assert _saved_rows(tmp_path / "runs.sqlite") == 0  # (rolled back)
    db.commit()  # the stop's commit
    assert _saved_rows(tmp_path / "runs.sqlite") == 2
    db.close()


def test_the_games_that_ended_before_a_failing_one_are_saved(poison, tmp_path, monkeypatch):
    from philtre.dsl.errors import Loc, PhiltreError
    from philtre.interpreter import store
    from philtre.interpreter.runs import Session
    from philtre.interpreter.simulate import RunSpec, play_one

    spec = RunSpec(poison, 4, ["random"] * 4, seed=1)
    ended = [play_one(spec, i) for i in range(2)]

    class FailingThird:
        """A backend whose third game stops at a rule."""

        def run(self, tasks, count):
            for key, _ in tasks:
                if not ended:
                    raise PhiltreError.at(Loc("rules.yaml"), "R100", "game 2 failed")
                yield key, ended.pop(0)

        def close(self):
            pass

    monkeypatch.setattr(store, "COMMIT_EVERY", 3600)  # (kept, not committed, as the failure comes)
    with pytest.raises(PhiltreError, match="game 2 failed"):
        with Session([spec], store.Store(tmp_path / "runs.sqlite")) as session:
            session.prepare(3, resume=False)
            session.backend = FailingThird()
            session.play(3)
    assert _saved_rows(tmp_path / "runs.sqlite") == 2


@pytest.mark.parametrize("workers", [1, 2])
def test_a_failure_to_write_the_last_games_is_reported(poison, tmp_path, monkeypatch, workers):
    """The games of the last quarter of a second are written as the run ends: a failure then is B001, not lost."""
    from philtre.dsl.errors import PhiltreError
    from philtre.interpreter import store
    from philtre.interpreter.runs import run_simulation
    from philtre.interpreter.simulate import RunSpec

    monkeypatch.setattr(store, "COMMIT_EVERY", 3600)
    monkeypatch.setattr(store, "INSERT_GAME", "INSERT INTO no_such_table VALUES (?)")
    with pytest.raises(PhiltreError) as info:
        run_simulation(RunSpec(poison, 4, ["random"] * 4, seed=1), 4, workers=workers, db=tmp_path / "runs.sqlite")
    assert info.value.first.code == "B001" and "no_such_table" in info.value.first.message


def _low_priority_and_ctrl_c_as_in_a_terminal():
    """In the child before it starts: nice 10, and SIGINT's default (a background job's children inherit it ignored)."""
    os.nice(10)
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _start_long_run(db: Path) -> subprocess.Popen:
    """The long run on two workers, at a low priority, in its own process group (in this session, so that the
    priority counts): on a busy machine a test would otherwise see it end before it stopped it."""
    return subprocess.Popen([sys.executable, "-m", "philtre", *LONG_RUN, "--workers", "2", "--db", str(db)], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, process_group=0,
                            preexec_fn=_low_priority_and_ctrl_c_as_in_a_terminal)


def _let_go_until_saved(proc: subprocess.Popen, db: Path, wanted: int) -> None:
    """Let the run's processes go 10 ms at a time until ``wanted`` games are saved; they are left stopped."""
    deadline = time.monotonic() + 120
    while rows(db) < wanted and proc.poll() is None and time.monotonic() < deadline:
        os.killpg(proc.pid, signal.SIGCONT)
        time.sleep(0.01)
        os.killpg(proc.pid, signal.SIGSTOP)


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT, signal.SIGKILL], ids=["term", "int", "kill"])
def test_a_killed_run_resumes_to_the_same_results(uninterrupted_long, tmp_path, sig):
    db = tmp_path / "runs.sqlite"
    proc = _start_long_run(db)
    try:
        _let_go_until_saved(proc, db, 20)
        proc.send_signal(sig)
    finally:
        try:
            os.killpg(proc.pid, signal.SIGCONT)
        except ProcessLookupError:  # all of them have ended
            pass
    out, err = proc.communicate(timeout=120)  # a killed program's workers notice and end
    assert "Traceback" not in out + err
    saved = rows(db)
    assert 20 <= saved < LONG_GAMES, f"the run was not stopped halfway ({saved} rows)"
    if sig != signal.SIGKILL:
        assert proc.returncode == 130 and "--resume" in err
        assert "\n\ninterrupted" not in "\n" + err  # no empty line before the message where stderr is no terminal
        assert out == ""  # no summary of a run cut short
    resumed = philtre(*LONG_RUN, "--workers", "2", "--db", db, "--resume")
    assert resumed.returncode == 0, resumed.stderr
    assert f"resuming: {saved} of {LONG_GAMES}" in resumed.stderr
    assert resumed.stdout == uninterrupted_long.stdout
    assert rows(db) == LONG_GAMES


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (read from /proc)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):  # ended while read
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="finds the workers in /proc")
def test_workers_left_waiting_by_a_killed_run_end_too(tmp_path):
    """The run is stopped while its workers play on, then killed (kill -9): they had drained the
    tasks and waited for more without end, holding the command's output open (and this test's)."""
    db = tmp_path / "runs.sqlite"
    proc = _start_long_run(db)
    try:
        _let_go_until_saved(proc, db, 1)
        workers = _children(proc.pid)
        assert len(workers) == 2, "the workers have started"
        for pid in workers:  # the workers only: they play what the stopped parent had handed out
            os.kill(pid, signal.SIGCONT)
        time.sleep(2)
        proc.send_signal(signal.SIGKILL)
        proc.communicate(timeout=60)  # the output ends once every worker has ended
    finally:
        try:
            os.killpg(proc.pid, signal.SIGKILL)  # workers left behind would outlive the test run
        except ProcessLookupError:
            pass
    assert 1 <= rows(db) < LONG_GAMES  # the run was killed halfway


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="finds the workers in /proc")
def test_ctrl_c_stops_a_run_whose_worker_is_stopped(tmp_path):
    """A worker stopped (SIGSTOP) answers neither the end of the tasks nor SIGTERM: Ctrl-C waited for it without end
    (the program's exit joined it). It must be killed after a short grace, and the run stop as Ctrl-C stops it."""
    db = tmp_path / "runs.sqlite"
    proc = _start_long_run(db)
    try:
        _let_go_until_saved(proc, db, 1)
        stopped, *others = _children(proc.pid)
        proc.send_signal(signal.SIGINT)  # delivered as the parent goes on
        for pid in [proc.pid, *others]:
            os.kill(pid, signal.SIGCONT)
        out, err = proc.communicate(timeout=60)  # (a hang guard only)
    finally:
        try:
            os.killpg(proc.pid, signal.SIGCONT)
            os.killpg(proc.pid, signal.SIGKILL)  # a worker left behind would outlive the test run
        except ProcessLookupError:
            pass
    assert proc.returncode == 130 and "interrupted:" in err and "--resume" in err
    assert "Traceback" not in out + err
    assert not Path(f"/proc/{stopped}").exists(), "the stopped worker was ended, not left behind"


CTRL_C_AT_FORK = """\
import os, signal
from philtre.dsl import load_ruleset
from philtre.interpreter.runs import Interrupted, run_simulation
from philtre.interpreter.simulate import RunSpec

signal.signal(signal.SIGINT, signal.default_int_handler)  # as in a terminal
os.register_at_fork(after_in_parent=lambda: signal.raise_signal(signal.SIGINT))  # Ctrl-C as each worker is forked
try:
    run_simulation(RunSpec(load_ruleset("pok"), 4, ["random"] * 4, seed=1), 400, workers=2)
except Interrupted as exc:
    print("interrupted", exc.saved)
else:
    print("played on")
"""


def test_ctrl_c_while_the_workers_start_stops_the_run():
    """An interrupt raised in a fork's handlers is dropped by Python ('Exception ignored'): the run played on to its end."""
    result = subprocess.run([sys.executable, "-c", CTRL_C_AT_FORK], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.stdout.split() == ["interrupted", "0"], result.stdout + result.stderr
    assert "Exception ignored" not in result.stderr, result.stderr


def test_resume_plays_only_the_missing_games(poison, tmp_path):
    from philtre.interpreter.runs import run_simulation
    from philtre.interpreter.simulate import RunSpec

    db = tmp_path / "runs.sqlite"
    spec = RunSpec(poison, 3, ["random"] * 3, seed=11)
    first, _ = run_simulation(spec, 30, db=db)
    with sqlite3.connect(db) as con:
        con.execute("DELETE FROM games WHERE idx IN (3, 7, 29)")
    played = []
    again, results = run_simulation(spec, 30, db=db, resume=True, progress=played.append)
    assert len(played) == 3
    assert again == first
    assert [r["index"] for r in results] == list(range(30))


def test_an_overlay_named_by_another_path_resumes_the_same_run(tmp_path):
    """The run key hashed the overlay's path as typed: run from another folder (or with an
    absolute path), --resume found nothing and silently played every game again."""
    (tmp_path / "sub").mkdir()
    (tmp_path / "fifteen.yaml").write_text("extends: poison\ndefine:\n  limit: 15\n")
    db = tmp_path / "runs.sqlite"
    first = philtre("simulate", "poison", "-p", "3", "-n", "4", "--workers", "1", "--variant", "fifteen.yaml", "--db", db, cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    again = philtre("simulate", "poison", "-p", "3", "-n", "4", "--workers", "1", "--variant", "../fifteen.yaml", "--db", db,
                    "--resume", cwd=tmp_path / "sub")
    assert again.returncode == 0, again.stderr
    assert "resuming: 4 of 4 games already saved" in again.stderr
    assert again.stdout.splitlines()[2:] == first.stdout.splitlines()[2:]  # the same numbers (line 1 names the path as typed)
    with sqlite3.connect(db) as con:
        assert con.execute("SELECT COUNT(*) FROM runs").fetchone()[0] == 1


def test_a_fresh_run_replaces_the_saved_games_of_the_same_run(poison, tmp_path):
    from philtre.interpreter.runs import run_simulation
    from philtre.interpreter.simulate import RunSpec

    db = tmp_path / "runs.sqlite"
    spec = RunSpec(poison, 3, ["random"] * 3, seed=11)
    run_simulation(spec, 12, db=db)
    played = []
    run_simulation(spec, 5, db=db, progress=played.append)
    assert len(played) == 5 and rows(db) == 5


def test_no_db_leaves_no_file_and_cannot_resume(tmp_path):
    result = philtre("simulate", "poison", "-p", "3", "-n", "5", "--no-db", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert list(tmp_path.iterdir()) == []
    bad = philtre("simulate", "poison", "-p", "3", "-n", "5", "--no-db", "--resume", cwd=tmp_path)
    assert bad.returncode == 2 and "--resume" in bad.stderr


@pytest.mark.parametrize("command", ["simulate", "compare"])
def test_db_and_no_db_together_is_a_usage_error(tmp_path, command):
    """`--db runs.sqlite --no-db` played the games and wrote no file, saying nothing: the file asked for was never made."""
    extra = ["--variant", "draw-pile"] if command == "compare" else []
    result = philtre(command, "poison", "-p", "3", "-n", "5", *extra, "--db", "runs.sqlite", "--no-db", cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    assert "--db" in result.stderr and "--no-db" in result.stderr and result.stdout == ""
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", [("simulate", "poison", "-p", "3", "-n", "2", "--no-db", "--csv", "-"),
                                     ("play", "pok", "-p", "3", "--record", "-")])
def test_a_dash_for_an_output_file_is_a_usage_error(tmp_path, command):
    """`--csv -` wrote a file named '-' beside the summary, while the user looked for the rows on standard output."""
    result = philtre(*command, cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    assert "'-' is not standard output here" in result.stderr and result.stdout == ""
    assert list(tmp_path.iterdir()) == []


def test_the_default_database_is_in_the_current_folder(tmp_path):
    result = philtre("simulate", "poison", "-p", "3", "-n", "4", "--workers", "1", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert rows(tmp_path / "philtre-runs.sqlite") == 4


@pytest.mark.parametrize("command, option", [
    (("simulate", "poison", "-p", "3", "-n", "2"), "--db"),
    (("compare", "poison", "--variant", "draw-pile", "-p", "3", "-n", "2", "--batch", "2"), "--db"),
    (("simulate", "poison", "-p", "3", "-n", "2", "--no-db"), "--csv"),  # it said 'cannot write : No such file or directory'
])
def test_an_empty_file_path_is_a_usage_error(tmp_path, command, option):
    """--db '' kept nothing, yet said '2 games in  (run ...)', and --resume with it found nothing."""
    result = philtre(*command, option, "", cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    assert f"Invalid value for '{option}': give a file, not an empty path" in result.stderr
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", [("simulate", "poison", "-p", "3", "-n", "2"),
                                     ("compare", "poison", "--variant", "draw-pile", "-p", "3", "-n", "2", "--batch", "2")])
def test_a_seed_the_database_cannot_keep_is_a_usage_error(tmp_path, command):
    """--seed 2**63 was taken, and the run died saving its first game: 'internal error: OverflowError'."""
    result = philtre(*command, "--seed", str(2**63), "--db", tmp_path / "runs.sqlite")
    assert result.returncode == 2, result.stderr
    assert "Invalid value for '--seed'" in result.stderr and "internal error" not in result.stderr
    kept = philtre(*command, "--seed", str(2**63 - 1), "--db", tmp_path / "runs.sqlite")
    assert kept.returncode == 0, kept.stderr


def test_a_file_that_is_not_a_database_is_an_error_not_a_traceback(tmp_path):
    bad = tmp_path / "notes.sqlite"
    bad.write_text("shopping list: eggs, milk\n" * 100)
    result = philtre("simulate", "poison", "-p", "3", "-n", "2", "--db", bad)
    assert result.returncode == 1
    assert "B001" in result.stderr and result.stdout == ""


@pytest.mark.parametrize("column, value, words", [
    ("scores", "'abc'", "Expecting value"), ("scores", "'[1]'", "scores must be 3 finite numbers"),
    ("winners", "'null'", "winners must be a list of seats"), ("drama", "'x'", "numbers in 0..1"),
    ("turns", "-1", "turns must be a whole number of 0 or more, or null"),
])
def test_a_damaged_saved_game_is_b001_when_resumed(tmp_path, column, value, words):
    """A saved row whose fields are not what philtre writes stopped --resume with an internal error."""
    db = tmp_path / "runs.sqlite"
    run = ("simulate", "poison", "-p", "3", "-n", "3", "--workers", "1", "--db", db)
    assert philtre(*run).returncode == 0
    with sqlite3.connect(db) as con:
        con.execute(f"UPDATE games SET {column} = {value} WHERE idx = 1")
    result = philtre(*run, "--resume")
    assert result.returncode == 1, result.stderr
    assert "runs.sqlite: B001 game 2 (idx 1 in the games table) of run " in result.stderr and words in result.stderr, result.stderr
    assert "internal error" not in result.stderr


def test_csv_export_has_one_row_per_game(tmp_path):
    out = tmp_path / "games.csv"
    result = philtre("simulate", "poison", "-p", "3", "-n", "25", "--seed", "2", "--no-db", "--csv", out)
    assert result.returncode == 0, result.stderr
    with open(out, newline="", encoding="utf-8") as handle:
        table = list(csv.DictReader(handle))
    assert [int(r["index"]) for r in table] == list(range(25))
    assert {"seed", "score_0", "score_1", "score_2", "winners", "decisions", "drama", "ruleset_hash"} <= set(table[0])
    shares = [0.0] * 3
    for r in table:
        winners = [int(w) for w in r["winners"].split()]
        for w in winners:
            shares[w] += 1 / len(winners)
    summary = json.loads(philtre("simulate", "poison", "-p", "3", "-n", "25", "--seed", "2", "--no-db", "--json").stdout)
    assert [round(s / 25, 4) for s in shares] == [s["win_share"] for s in summary["seats"]]


def test_json_summary_has_intervals_that_hold_the_estimates():
    result = philtre("simulate", "pok", "-p", "4", "-n", "60", "--seed", "5", "--no-db", "--json")
    summary = json.loads(result.stdout)
    for seat in summary["seats"]:
        lo, hi = seat["win_share_ci"]
        assert 0 <= lo <= seat["win_share"] <= hi <= 1
        lo, hi = seat["score_ci"]
        assert lo <= seat["score_mean"] <= hi
    for name in ("lead_changes", "drama", "decisiveness", "uncertainty"):
        q = summary["quality"][name]
        assert q["ci"][0] <= q["mean"] <= q["ci"][1]


OVERLAY = """extends: poison
actions:
  play:
    do:
      - $after: place
        name: never
        when: count(deck) > 1000
        move: card -> deck
"""


def test_coverage_counts_rules_and_lists_those_that_never_fired(tmp_path):
    overlay = tmp_path / "never.yaml"
    overlay.write_text(OVERLAY, encoding="utf-8")
    args = ("simulate", "poison", "--variant", overlay, "-p", "3", "-n", "6", "--seed", "4", "--no-db", "--coverage")
    table = philtre(*args, "--workers", "1")
    assert table.returncode == 0, table.stderr
    never = table.stdout.split("never fired")[1]
    assert "move never" in never and "place" not in never
    one = json.loads(philtre(*args, "--workers", "1", "--json").stdout)
    two = json.loads(philtre(*args, "--workers", "2", "--json").stdout)
    assert one == two
    rules = {(r["kind"], r["label"]): r for r in one["coverage"]["rules"]}
    assert rules[("action", "play")]["fired"] == 6 * one["decisions_mean"]  # every decision plays a card
    assert rules[("score", "score")]["fired"] == 6 * 3 * 3  # each seat scores once a round, 3 rounds
    assert rules[("move", "never")]["fired"] == 0 and rules[("move", "never")]["games"] == 0
    assert rules[("move", "place")]["games"] == 1.0
    assert one["coverage"]["never"] == [rules[("move", "never")]["id"]]


def test_the_coverage_table_writes_places_from_the_folder_the_files_share():
    """A shipped game's rules were '…ork/main/rulesets/pok/ruleset.yaml:54:5', its whole path cut at the start."""
    from philtre.interpreter.coverage import format_coverage

    folder = "/a/long/way/down/to/the/installed/package/rulesets/poison"
    rules = [{"id": f"r{i}", "group": "effect", "kind": "move", "label": label, "where": f"{folder}/{file}", "fired": fired,
              "games": 1.0 if fired else 0.0} for i, (label, file, fired) in
             enumerate([("place", "ruleset.yaml:54:5", 3), ("draw", "variants/draw-pile.yaml:21:9", 0)])]
    text = format_coverage({"games": 3, "rules": rules, "never": ["r1"]})
    assert text.splitlines()[0].endswith(f"; where: from {folder})"), text
    assert "move place                   ruleset.yaml:54:5 " in text and " variants/draw-pile.yaml:21:9 " in text, text
    assert f"  {folder}/variants/draw-pile.yaml:21:9: move draw" in text.split("never fired")[1], text  # (an editor opens it)


def test_coverage_is_off_unless_asked(poison):
    from philtre.interpreter import Game

    game = Game(poison, 3, seed=1)
    assert game.coverage is None
    from collections import Counter

    counted = Game(poison, 3, seed=1, coverage=Counter())
    assert counted.coverage and counted.copy().coverage is None


def test_the_progress_bar_is_quiet_when_piped():
    result = philtre("simulate", "poison", "-p", "3", "-n", "20", "--no-db")
    assert "\r" not in result.stderr and "games/s" not in result.stderr


def test_the_progress_bar_shows_rate_and_time_left():
    import io

    from philtre.interpreter.progress import Progress

    stream = io.StringIO()
    bar = Progress(10, stream=stream, enabled=True)
    bar.start -= 1.0  # as if a second had passed
    for _ in range(4):
        bar.drawn = 0.0
        bar.update()
    text = stream.getvalue()
    assert "4/10 games" in text and "games/s" in text and "ETA 0:0" in text
    bar.close()
    assert stream.getvalue().endswith("\n")


def test_the_progress_bar_is_drawn_as_the_games_start_not_only_when_the_first_ends():
    """A run of search agents (HUE with ismcts: minutes a game) showed nothing on the terminal until its first game
    ended: it looked hung. The bar is drawn at 0 as the games start; a bar not on a terminal stays silent."""
    import io

    from philtre.interpreter.progress import Progress

    stream = io.StringIO()
    bar = Progress(20, stream=stream, enabled=True)
    bar.restart()
    assert stream.getvalue() == "\r[............................] 0/20 games  0.0 games/s  ETA -:--\033[K"
    bar.update()
    assert "1/20 games" in stream.getvalue().split("\r")[-1]
    quiet = io.StringIO()
    Progress(20, stream=quiet, enabled=False).restart()
    assert quiet.getvalue() == ""


def test_progress_asked_for_where_stderr_is_no_terminal_is_a_line_now_and_then(monkeypatch):
    """A Euchre trial's simulate of search agents, piped, printed nothing for minutes: `--progress` says the bar's
    figures a plain line at a time (no carriage return), at the start, every PLAIN_EVERY seconds, and at the end once."""
    import io

    from philtre.interpreter.progress import Progress

    stream = io.StringIO()
    bar = Progress(3, stream=stream, plain=True)
    bar.restart()
    bar.update()  # (within PLAIN_EVERY of the start: no line)
    monkeypatch.setattr(Progress, "PLAIN_EVERY", 0.0)
    bar.update()
    bar.update()
    bar.close()
    lines = stream.getvalue().splitlines()
    assert "\r" not in stream.getvalue() and [line.split("] ")[1].split("  ")[0] for line in lines] == [
        "0/3 games", "2/3 games", "3/3 games"], lines
    assert Progress(3, stream=io.StringIO()).enabled is False  # (not asked for: quiet where no terminal)


def test_progress_where_stderr_is_no_terminal_says_a_time_left_after_a_slow_first_game():
    """A trial's greedy agents took seconds a game: `--progress` said `0/60 games ... ETA -:--`, then nothing until
    PLAIN_EVERY had passed. The first game that ends PLAIN_FIRST or more after the start says its line at once, with
    a rate and the time left; then a line every PLAIN_EVERY again. A game ending sooner says nothing (a fast run's
    lines are as before)."""
    import io

    from philtre.interpreter.progress import Progress

    stream = io.StringIO()
    bar = Progress(60, stream=stream, plain=True)
    bar.restart()
    bar.update()  # (a game ending at once: no line)
    bar.start -= Progress.PLAIN_FIRST  # as if the second game ended PLAIN_FIRST after the start
    bar.update()
    bar.update()  # (within PLAIN_EVERY of that line: no line)
    lines = stream.getvalue().splitlines()
    assert [line.split("] ")[1].split("  ")[0] for line in lines] == ["0/60 games", "2/60 games"], lines
    assert "ETA -:--" not in lines[1] and "games/s  ETA 0:" in lines[1], lines


def test_simulate_with_progress_says_it_on_stderr_when_piped():
    result = philtre("simulate", "pok", "-p", "3", "-n", "20", "--no-db", "--progress")
    assert result.returncode == 0 and "\r" not in result.stderr, result.stderr
    assert "20/20 games" in result.stderr.splitlines()[-1] and "games/s" in result.stderr, result.stderr


def test_the_python_api_is_unchanged(poison):
    from philtre.interpreter.simulate import format_summary, simulate, summarise

    summary = simulate(poison, players=4, games=8, seed=1)
    assert summary["games"] == 8 and abs(sum(s["win_share"] for s in summary["seats"]) - 1) < 1e-3
    assert "win share" in format_summary(summary)
    old = summarise(poison, 3, 0, ["random"] * 3, [([1, 2, 3], [0], 10, 1), ([3, 2, 1], [2], 12, 1)])
    assert [s["win_share"] for s in old["seats"]] == [0.5, 0.0, 0.5] and old["decisions_mean"] == 11


def test_unknown_agent_is_a_usage_error():
    result = philtre("simulate", "poison", "-p", "3", "-n", "2", "--agents", "genius", "--no-db")
    assert result.returncode == 2 and "--agents" in result.stderr


def test_one_agent_name_plays_every_seat_and_a_wrong_count_says_both_forms():
    """`--agents greedy` fills every seat (docs/agents.md); two names for three seats is a usage error naming both forms."""
    result = philtre("simulate", "pok", "-p", "3", "-n", "2", "--agents", "greedy", "--no-db", "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["agents"] == ["greedy"] * 3
    result = philtre("simulate", "pok", "-p", "3", "-n", "2", "--agents", "greedy,random", "--no-db")
    assert result.returncode == 2 and "one agent per seat (3) or one for all, got 2" in result.stderr, result.stderr


def test_simulate_report_writes_a_page_with_plots(tmp_path):
    out = tmp_path / "report"
    result = philtre("simulate", "pok", "-p", "4", "-n", "30", "--no-db", "--report", out)
    assert result.returncode == 0, result.stderr
    page = (out / "index.html").read_text(encoding="utf-8")
    assert "win share" in page
    for image in ("win_share.png", "scores.png", "length.png", "quality.png"):
        assert image in page and (out / image).stat().st_size > 1000


def test_a_run_spec_travels_as_rules_and_plays_the_same_games(poison):
    import pickle

    from philtre.dsl import load_ruleset
    from philtre.interpreter.simulate import RunSpec, play_one

    spec = RunSpec(load_ruleset("poison", ["draw-pile"]), 4, ["random"] * 4, seed=8)
    travelled = pickle.loads(pickle.dumps(spec))  # what a spawned worker or a Ray task receives
    assert travelled.ruleset is None
    assert travelled.rules().content_hash == spec.ruleset.content_hash
    assert play_one(travelled, 5) == play_one(spec, 5)


def test_an_interrupted_comparison_counts_every_game_it_would_play(poison):
    """A compare plays a look (a batch) at a time: stopped in the first look of 2 x 1000 games, it said 'of 400'."""
    from philtre.interpreter.runs import Interrupted, NoStore, Session
    from philtre.interpreter.simulate import RunSpec

    class Stopped:
        """A backend the user stops before any game ends."""

        def run(self, tasks, count):
            raise KeyboardInterrupt
            yield  # a generator, as backends are

        def stop(self):
            return []

    specs = [RunSpec(poison, 4, ["random"] * 4, seed=1), RunSpec(poison, 4, ["random"] * 4, seed=2)]
    with Session(specs, NoStore()) as session:
        session.prepare(1000, resume=False)
        session.backend = Stopped()
        with pytest.raises(Interrupted) as info:
            session.play(200)
    assert (info.value.saved, info.value.wanted) == (0, 2000)


def test_a_fresh_run_says_how_many_saved_games_it_replaced(tmp_path):
    """docs/simulation.md's way to look at a compare arm's games (the arm simulated with -n 20) silently dropped the
    arm's 2,000 saved games: a run started afresh now says how many it replaced; a first run and a resumed one do not."""
    db = tmp_path / "runs.sqlite"
    run = ("simulate", "pok", "-p", "3", "--workers", "1", "--db", db)
    first = philtre(*run, "-n", "30")
    again = philtre(*run, "-n", "5")
    resumed = philtre(*run, "-n", "5", "--resume")
    assert first.returncode == again.returncode == resumed.returncode == 0, (first.stderr, again.stderr)
    assert "replaced" not in first.stderr and "replaced" not in resumed.stderr
    assert f"note: {db} held 30 saved games of this configuration, now replaced (--resume keeps" in again.stderr
    arms = ("compare", "poison", "-p", "3", "--variant", "draw-pile", "--batch", "10", "--stop-on", "never", "--workers", "1", "--db", db)
    philtre(*arms, "-n", "10")
    compared = philtre(*arms, "-n", "10")
    assert compared.returncode == 0, compared.stderr
    assert f"note: {db} held 20 saved games of this configuration, now replaced" in compared.stderr
