"""The results database as a file other programs and other runs share (docs/simulation.md, The results database).

A file of another program, or of a later schema, is refused before philtre writes a byte into it; a second Ctrl-C
while a stopped run saves its finished games loses neither the games nor the message; a run whose saved games another
run of the same configuration replaced says what the file really holds.
"""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from philtre.dsl.errors import PhiltreError
from philtre.interpreter.store import SCHEMA_VERSION, Store

ROOT = Path(__file__).resolve().parent.parent


def philtre(*args) -> subprocess.CompletedProcess:
    """Run ``python -m philtre ARGS`` as a user would; never a traceback."""
    result = subprocess.run([sys.executable, "-m", "philtre", *map(str, args)], cwd=ROOT, capture_output=True, text=True,
                            timeout=300)
    assert "Traceback" not in result.stdout + result.stderr, result.stderr
    return result


def made(path: Path, *statements: str) -> bytes:
    """A file another program made with ``statements`` (SQLite's default journal); its bytes."""
    con = sqlite3.connect(path)
    for statement in statements:
        con.execute(statement)
    con.commit()
    con.close()
    return path.read_bytes()


FOREIGN = {
    "notes": ("CREATE TABLE notes(x)", "INSERT INTO notes VALUES ('mine')"),
    "games": ("CREATE TABLE games(id INTEGER PRIMARY KEY, name TEXT)", "INSERT INTO games VALUES (1, 'chess')"),
    "runs": ("CREATE TABLE runs(a, b)",),
    "runs, at philtre's version": ("CREATE TABLE runs(a, b)", f"PRAGMA user_version = {SCHEMA_VERSION}"),
}


@pytest.mark.parametrize("kind", FOREIGN)
def test_a_file_of_another_program_is_refused_and_left_as_it_was(tmp_path, kind):
    """philtre added its tables and columns to such a file, set its user_version and switched it to WAL, then (for a
    table named games or runs) failed with 'no such column: run'; a file with a table notes it silently took over."""
    path = tmp_path / "other.sqlite"
    before = made(path, *FOREIGN[kind])
    with pytest.raises(PhiltreError) as info:
        Store(path)
    assert info.value.first.code == "B001"
    assert "not a philtre results database" in info.value.first.message, info.value.first.message
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other.sqlite"]  # no -wal or -shm left either


def test_the_command_says_the_file_is_another_program_s(tmp_path):
    path = tmp_path / "notes.sqlite"
    before = made(path, *FOREIGN["notes"])
    result = philtre("simulate", "poison", "-p", "3", "-n", "2", "--workers", "1", "--db", path)
    assert result.returncode == 1 and result.stdout == ""
    assert f"{path}: B001 not a philtre results database: it holds tables of another program (notes)" in result.stderr, \
        result.stderr
    assert path.read_bytes() == before


def test_a_file_of_a_later_schema_is_refused_untouched(tmp_path):
    """docs/simulation.md: 'refused with B001 rather than overwritten'; it had been switched to WAL first."""
    path = tmp_path / "newer.sqlite"
    before = made(path, f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(PhiltreError) as info:
        Store(path)
    assert info.value.first.code == "B001" and f"schema version {SCHEMA_VERSION + 1}" in info.value.first.message
    assert path.read_bytes() == before


def test_an_empty_file_a_new_path_and_files_of_versions_1_to_3_are_philtre_s(tmp_path):
    """Refusing other programs' files must not refuse philtre's own: nothing yet, or an earlier schema (migrated)."""
    empty = tmp_path / "empty.sqlite"
    empty.write_bytes(b"")
    olds = []
    for version, dropped in ((1, ("turns", "tallies", "greedy")), (2, ("turns", "tallies")), (3, ("turns",))):
        old = tmp_path / f"version{version}.sqlite"
        Store(old).close()
        with sqlite3.connect(old) as con:  # as that philtre wrote it
            for column in dropped:
                con.execute(f"ALTER TABLE games DROP COLUMN {column}")
            con.execute(f"PRAGMA user_version = {version}")
        con.close()
        olds.append(old)
    for path in (empty, tmp_path / "new" / "runs.sqlite", *olds):
        Store(path).close()
        with sqlite3.connect(path) as con:
            assert con.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
            assert {"greedy", "tallies", "turns"} <= {row[1] for row in con.execute("PRAGMA table_info(games)")}
        con.close()


def test_a_second_ctrl_c_while_the_finished_games_are_saved_loses_neither_them_nor_the_message(tmp_path, poison):
    """Two Ctrl-C half a second apart: the second one came while the workers' last games were collected, and the run
    ended with a bare 'interrupted', without those games and without saying how many were saved."""
    from philtre.interpreter.runs import Interrupted, Session
    from philtre.interpreter.simulate import RunSpec, play_one

    spec = RunSpec(poison, 3, ["random"] * 3, seed=1)

    class Impatient:
        """Two games end, Ctrl-C; while the stop collects two more, Ctrl-C again."""

        def run(self, tasks, count):
            for key, index in list(tasks)[:2]:
                yield key, play_one(spec, index)
            raise KeyboardInterrupt

        def stop(self):
            collected = [(key, play_one(spec, 2))]
            signal.raise_signal(signal.SIGINT)  # the user again, as the stop waits for the last results
            collected.append((key, play_one(spec, 3)))
            return collected

        def close(self):
            """Nothing to release."""

    previous = signal.signal(signal.SIGINT, signal.default_int_handler)  # Ctrl-C as Python sets it up
    try:
        store = Store(tmp_path / "runs.sqlite")
        with Session([spec], store) as session:
            key = session.keys[0]
            session.prepare(10, resume=False)
            session.backend = Impatient()
            try:
                session.play(10)
            except KeyboardInterrupt:  # (caught here: escaping, it would end the whole test session)
                pytest.fail("the second Ctrl-C stopped the saving of the finished games")
            except Interrupted as exc:
                stopped = exc
            assert store.count(key) == 4
    finally:
        signal.signal(signal.SIGINT, previous)
    assert (stopped.saved, stopped.wanted) == (4, 10)


def test_a_run_whose_games_another_run_replaced_says_what_the_file_holds(tmp_path, monkeypatch):
    """A run of the same configuration started while a long one went on deleted its saved games, and the long run
    still ended with '4000 games in sk.sqlite': the file held 1628. The second run says that the games it replaced
    were being saved a moment ago."""
    from click.testing import CliRunner

    from philtre.interpreter import store as store_module
    from philtre.interpreter.cli_simulate import simulate

    db = tmp_path / "runs.sqlite"
    save = store_module.Store.save
    said = []

    def save_then_another_run_starts(self, spec, key, result):
        """After the long run's fourth game, another run of the same key starts afresh (another process, in effect)."""
        save(self, spec, key, result)
        if result["index"] == 3:
            self.commit()
            other = Store(self.path)
            other.begin(spec, key, 2, resume=False)
            said.append((other.replaced, getattr(other, "replaced_recently", None)))
            other.close()

    monkeypatch.setattr(store_module.Store, "save", save_then_another_run_starts)
    result = CliRunner().invoke(simulate, ["poison", "-p", "3", "-n", "10", "--workers", "1", "--db", str(db)])
    assert result.exit_code == 0, result.output
    with sqlite3.connect(db) as con:
        held = con.execute("SELECT COUNT(*) FROM games").fetchone()[0]
    con.close()
    assert held == 6
    assert "10 games in" not in result.stderr
    assert f"10 games played; {db} holds 6 of them (run " in result.stderr, result.stderr
    assert said and said[0][0] == 4 and said[0][1] is not None  # replaced 4 games saved a moment ago


def test_the_note_of_a_run_that_replaced_games_being_saved_says_so(capsys):
    """The second run's note: the games it replaced were saved seconds ago, perhaps by a run still going on."""
    from philtre.interpreter.cli_simulate import note_replaced

    note_replaced(2392, "sk.sqlite", 1)
    said = capsys.readouterr().err
    assert "note: sk.sqlite held 2392 saved games of this configuration, now replaced" in said
    assert "saved 1 s ago" in said and "another philtre" in said, said
    note_replaced(30, "runs.sqlite")
    assert "ago" not in capsys.readouterr().err
