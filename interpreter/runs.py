"""A session of runs: play the games each run still lacks on a backend, saving each as it ends.

``simulate`` is one run; ``compare`` is several runs (base and variants) played in
batches on the same game seeds. Either way a game is saved to the results database the
moment it finishes (games that end close together share a commit: store.py),
records are written beside it, and Ctrl-C (or SIGTERM) stops the session after saving what
had finished; ``--resume`` then plays only what is missing.
"""

from __future__ import annotations

import os
import re

from philtre.dsl.errors import Loc, PhiltreError

from .parallel import interrupts_held, make_backend, usable_cpus
from .simulate import failed_record
from .store import DEFAULT_DB, NoStore, Store, run_key
from .summary import at_random_note, look_aheads_failed, played_at_random, scored_at_the_end, summarise, teams_of


class Interrupted(Exception):
    """The session was stopped (Ctrl-C, SIGTERM) after saving the games that had finished."""

    def __init__(self, saved: int, wanted: int):
        super().__init__(f"{saved} of {wanted} games saved")
        self.saved, self.wanted = saved, wanted


def open_store(db):
    """The results database for ``db`` (a path; None or False: keep nothing)."""
    if not db:
        return NoStore()
    return Store(db)


EARLY_NOTE_GAMES = 5  # games of a run after which agents playing at random throughout are said (_note_at_random)


class Session:
    """Runs (by key) with their saved and new results, a store and a backend."""

    def __init__(self, specs, store, backend: str = "local", workers: int | None = 1, address=None,
                 record_dir=None, progress=None):
        self.specs = {run_key(spec): spec for spec in specs}
        self.keys = list(self.specs)
        self.store = store
        self.backend_name, self.workers, self.address = backend, workers, address
        self.record_dir = record_dir
        self.progress = progress
        self.results = {key: {} for key in self.keys}
        self.coverage = {}  # key -> coverage.Tally, for runs that count rules
        self.backend = None
        self.planned = 0  # games of every run together, at most (prepare); a compare plays them a look at a time

    def __enter__(self) -> "Session":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def prepare(self, games: int, resume: bool) -> int:
        """Register every run (``games`` per run); load saved games when resuming. Returns how many were loaded."""
        loaded = 0
        self.planned = games * len(self.keys)
        for key, spec in self.specs.items():
            saved = self.store.begin(spec, key, games, resume)
            if spec.coverage:
                from .coverage import Tally

                self.coverage[key] = Tally()
            self.results[key] = {}
            for i, result in saved.items():
                if i < games:
                    self._hold(key, result)
            loaded += len(self.results[key])
        return loaded

    def missing(self, upto: int):
        """Tasks (key, index) of games below ``upto`` that no run has yet, in index order (made as needed)."""
        return ((key, i) for i in range(upto) for key in self.keys if i not in self.results[key])

    def play(self, upto: int) -> None:
        """Play every game below ``upto`` that is missing; each is saved as it finishes."""
        count = sum(1 for key in self.keys for i in range(upto) if i not in self.results[key])
        if not count:
            return
        try:
            for key, result in self._backend(count).run(self.missing(upto), count):
                self._keep(key, result)
        except PhiltreError as exc:  # (the games kept are committed as the session closes: Store.finish)
            if self.record_dir and exc.stopped_a_game:  # its record, as far as it went
                raise self._with_failed_record(exc, upto) from None
            raise
        except KeyboardInterrupt:
            self._save_what_had_ended()
            wanted = max(upto * len(self.keys), self.planned)
            raise Interrupted(sum(len(r) for r in self.results.values()), wanted) from None
        self.store.commit()  # (the games of the last quarter of a second: a failure to write them is this run's)

    def _save_what_had_ended(self) -> None:
        """After Ctrl-C: collect the games the backend had finished (at most half a second) and commit them.

        An impatient user presses Ctrl-C twice: the second one, raised while the games were collected, lost them
        and the message saying what was saved. It is held back until they are committed, then dropped: the stop
        it asks for is the one under way."""
        try:
            with interrupts_held():
                if self.backend is not None:  # None: stopped while it started
                    for key, result in self.backend.stop():
                        self._keep(key, result)
                self.backend = None
                self.store.commit()
        except KeyboardInterrupt as repeat:  # (delivered as the block ended)
            if isinstance(repeat.__context__, Exception):  # the saving failed too: that is the error to report
                raise repeat.__context__ from None

    def _backend(self, tasks: int):
        """The backend, started on first use (never more local workers than games to play)."""
        if self.backend is None:
            workers = self.workers or usable_cpus()
            if self.backend_name == "local":
                workers = max(1, min(workers, tasks))
            self.backend = make_backend(self.backend_name, self.specs, workers, self.address)
            self.backend.idle = self.store.commit  # (while the workers play and none has ended: the games kept, committed)
            restart = getattr(self.progress, "restart", None)  # (a plain callback has no clock)
            if restart is not None:
                restart()  # the games' time starts now, after loading and starting the workers
        return self.backend

    def _keep(self, key: str, result: dict) -> None:
        """Save one finished game, write its record, count it on the progress bar."""
        self.store.save(self.specs[key], key, result)
        if self.record_dir and result.get("record") is not None:
            _write_record(self._record_path(key, result["index"]), result["record"])
        self._hold(key, result)
        if self.progress is not None:
            self.progress(1)
            self._note_at_random(key)

    def _note_at_random(self, key: str) -> None:
        """Once a run has played its first few games, say which search agents chose at random at every decision of each:
        they cost a search and play as random agents do, which the summary would only say at the run's end."""
        note = getattr(self.progress, "note", None)  # (a plain callback has nowhere to say it)
        games = self.results[key]
        if note is None or len(games) != EARLY_NOTE_GAMES or self.planned <= EARLY_NOTE_GAMES * len(self.keys):
            return
        spec = self.specs[key]
        seats = played_at_random(list(games.values()), spec.players)
        if seats:
            arm = f" of {spec.ruleset.name}{''.join(f' + {v}' for v in spec.ruleset.variants)}" if len(self.keys) > 1 else ""
            note(at_random_note(seats, f" in each of the first {EARLY_NOTE_GAMES} games{arm}", list(spec.agents),
                                look_aheads_failed(list(games.values()), spec.players), spec.ruleset.heuristic is not None)
                 + " (the run goes on: Ctrl-C stops it)")

    def _record_path(self, key: str, index: int) -> str:
        """Where game ``index`` of run ``key`` has its record (the folder is made)."""
        folder = self.record_dir if len(self.keys) == 1 else os.path.join(self.record_dir, key)
        os.makedirs(folder, exist_ok=True)
        return os.path.join(folder, record_name(index))

    def _with_failed_record(self, error: PhiltreError, upto: int) -> PhiltreError:
        """``error``, a game stopped at a rule, after writing that game's record up to the failure; its hint names the file.

        The failing game is the first one missing: a failure is raised once every game before it has ended.
        The game is played again here, recorded: the same seeds give the same game."""
        key, index = next(self.missing(upto), (None, None))
        lines = failed_record(self.specs[key], index) if key is not None else None
        if lines is None:
            return error
        path = self._record_path(key, index)
        _write_record(path, lines)
        return error.hinted(f"its record, up to the failure: {path}; `philtre replay {path}` plays it again")

    def _hold(self, key: str, result: dict) -> None:
        """Keep what the summary needs in memory; coverage is added up, the history and record are dropped."""
        tally = self.coverage.get(key)
        if tally is not None and result.get("coverage") is not None:
            tally.add(result["coverage"])
        result["scored_at_the_end"] = scored_at_the_end(result)  # what the summary reads of the history
        result["coverage"] = result["history"] = result["record"] = None  # saved or written already
        self.results[key][result["index"]] = result

    def ordered(self, key: str, upto: int) -> list:
        """The run's results for games below ``upto``, in index order."""
        got = self.results[key]
        return [got[i] for i in range(upto) if i in got]

    def close(self) -> None:
        """Stop the backend and close the store."""
        if self.backend is not None:
            self.backend.close()
            self.backend = None
        for key in self.keys:
            try:
                self.store.finish(key)
            except Exception:  # noqa: BLE001 - closing must not hide the real outcome
                pass
        self.store.close()


RECORD_NAME = re.compile(r"game-(\d{5,})\.jsonl")


def record_name(index: int) -> str:
    """The file name of game ``index``'s record (counted from 0, named from 1)."""
    return f"game-{index + 1:05d}.jsonl"


def record_index(name: str) -> int | None:
    """The game index whose record is named ``name`` (None for any other name)."""
    found = RECORD_NAME.fullmatch(name)
    return int(found.group(1)) - 1 if found and record_name(int(found.group(1)) - 1) == name else None


def _write_record(path: str, lines) -> None:
    """Write one game's record; F003 naming the file if it cannot be (the games finished so far are saved)."""
    try:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write("\n".join(lines) + "\n")
    except OSError as exc:
        raise PhiltreError.at(Loc(path), "F003", f"cannot write the record: {exc.strerror or exc}",
                              "give --record a folder whose files can be written") from None


def run_simulation(spec, games: int, workers: int | None = 1, backend: str = "local", db=None, resume: bool = False,
                   record_dir=None, progress=None, address=None, on_loaded=None, on_saved=None) -> tuple:
    """Play a run's missing games; (summary, results in index order). ``on_saved`` is told how many of them the
    results database holds at the end: fewer, if a run of the same key started meanwhile replaced some."""
    teams_of(spec.ruleset, spec.players)  # a bad `teams` (R002) is said before the games, not after them
    with Session([spec], open_store(db), backend, workers, address, record_dir, progress) as session:
        loaded = session.prepare(games, resume)
        if on_loaded is not None:
            on_loaded(loaded, games, session.store.replaced, session.store.path, session.store.replaced_recently,
                      session.store.tallied_apart)
        session.play(games)
        key = session.keys[0]
        results = session.ordered(key, games)
        if on_saved is not None and session.store.path is not None:
            on_saved(session.store.count(key, games))
    summary = summarise(spec.ruleset, spec.players, spec.seed, list(spec.agents), results, run=key,
                        max_decisions=spec.max_decisions)
    if spec.coverage:
        from .coverage import coverage_report

        summary["coverage"] = coverage_report(spec.ruleset, session.coverage[key])
    return summary, results


__all__ = ["DEFAULT_DB", "Interrupted", "Session", "open_store", "run_simulation"]
