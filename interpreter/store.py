"""The results database: one SQLite file, one row per finished game, written as each game ends.

A run is named by a key derived from everything that decides its games (ruleset content,
variants, players, agents, run seed, coverage, the --tally expressions), so ``--resume`` finds it again and plays
only the game indexes it lacks. Games are committed as they end (WAL journal), those that end
within COMMIT_EVERY of the last commit with the next: a run that is interrupted keeps every
game that had ended, and one that is killed outright (kill -9, a power cut) every game but
those that ended since its last commit, which ``--resume`` plays again. Tables: ``runs``
(one row per run) and ``games`` (one row per game); docs/simulation.md describes the columns.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import math
import os
import sqlite3
import time

from philtre.dsl.errors import Loc, PhiltreError

from .agents import heuristic_steering
from .summary import ROUND_TALLIES

DEFAULT_DB = "philtre-runs.sqlite"
# 2: games.greedy; 3: games.tallies; 4: games.turns. A file of an earlier version gets the columns it lacks (NULL in its
# rows) when opened
SCHEMA_VERSION = 4

SCHEMA = """
CREATE TABLE IF NOT EXISTS runs (
    key TEXT PRIMARY KEY, ruleset TEXT NOT NULL, ruleset_hash TEXT NOT NULL, variants TEXT NOT NULL,
    players INTEGER NOT NULL, agents TEXT NOT NULL, seed INTEGER NOT NULL, coverage INTEGER NOT NULL,
    games INTEGER NOT NULL, philtre TEXT NOT NULL, started TEXT NOT NULL, updated TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
    run TEXT NOT NULL, idx INTEGER NOT NULL, seed INTEGER NOT NULL,
    ruleset TEXT NOT NULL, ruleset_hash TEXT NOT NULL, variants TEXT NOT NULL,
    players INTEGER NOT NULL, agents TEXT NOT NULL,
    scores TEXT NOT NULL, winners TEXT NOT NULL, decisions INTEGER NOT NULL, rounds INTEGER NOT NULL,
    lead_changes INTEGER, drama REAL, decisiveness REAL, uncertainty REAL,
    history TEXT, coverage TEXT, greedy TEXT, tallies TEXT, turns INTEGER,
    PRIMARY KEY (run, idx)
);
"""

QUALITY_COLUMNS = ("lead_changes", "drama", "decisiveness", "uncertainty")
RUNS_COLUMNS = ("key", "ruleset", "ruleset_hash", "variants", "players", "agents", "seed", "coverage", "games", "philtre",
                "started", "updated")
GAMES_COLUMNS = ("run", "idx", "seed", "ruleset", "ruleset_hash", "variants", "players", "agents", "scores", "winners",
                 "decisions", "rounds", *QUALITY_COLUMNS, "history", "coverage", "greedy", "tallies", "turns")
# the games columns of a file of each earlier version: 1 lacks greedy, tallies and turns, 2 tallies and turns, 3 turns
EARLIER_GAMES_COLUMNS = (GAMES_COLUMNS[:-3], GAMES_COLUMNS[:-2], GAMES_COLUMNS[:-1])
# added, in this order, to a file of an earlier version (a game saved before turns were counted: NULL, no count)
ADDED_COLUMNS = (("greedy", "TEXT"), ("tallies", "TEXT"), ("turns", "INTEGER"))
# a run of the same key whose last game was saved this many seconds ago or less, and that has fewer games than it asked
# for, may be going on in another process: a run that starts it afresh says so (a crashed or stopped one looks the same)
RECENT_SECONDS = 10
# games that end within this many seconds of the last commit wait for the next one: a commit costs about
# ten times what writing a row does, and a ruleset of short games ends thousands a second
COMMIT_EVERY = 0.25
INSERT_GAME = "INSERT OR REPLACE INTO games VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)"


def run_key(spec, tallied: tuple | None = None) -> str:
    """The run's key: a hash of everything that decides its games (not of how many there are). ``tallied``: the texts of
    the --tally and --tally-rounds expressions to key in place of the run's own ((tallies, round tallies)): the key of
    the same configuration run with other tallies (Store.tallied_apart)."""
    import philtre

    ruleset = spec.ruleset if spec.ruleset is not None else spec.rules()
    # the variants as a record names them (a shipped variant's name, a file's absolute path), not
    # as they were typed: the same overlay given as x.yaml here and ../w/x.yaml there is one run
    variants = list(ruleset.variant_origins or ruleset.variants)
    parts = [philtre.__version__, ruleset.name, ruleset.content_hash, variants,
             spec.players, list(spec.agents), spec.seed, bool(spec.coverage)]
    tallies, rounds = tallied if tallied is not None else _tally_texts(ruleset)
    if tallies:  # a run that tallies other expressions is another run; without any, the key is as it was
        parts.append(list(tallies))
    if rounds:  # (and so is one that tallies at each round's end: --tally-rounds)
        parts.append({"tally_rounds": list(rounds)})
    cap = getattr(spec, "max_decisions", None)
    if cap is not None:  # games cut after so many decisions are another run's; without --max-decisions, the key is as it was
        parts.append({"max_decisions": cap})
    steering = heuristic_steering(ruleset, spec.agents)
    if steering is not None:  # greedy plays by the heuristic, which the content hash leaves out; others keep their key
        parts.append({"heuristic": steering})
    return hashlib.sha256(json.dumps(parts).encode()).hexdigest()[:16]


def _tally_texts(ruleset) -> tuple:
    """The texts of a run's --tally and of its --tally-rounds expressions: (tallies, round tallies)."""
    return ([e.text for e in getattr(ruleset, "tallies", ())], [e.text for e in getattr(ruleset, "round_tallies", ())])


def _stored_tally_texts(column) -> tuple | None:
    """The (tallies, round tallies) texts a game's `tallies` column holds values of (none: ([], [])); None where it is not
    what philtre writes."""
    try:
        values = json.loads(column) if column is not None else {}
    except (ValueError, RecursionError):
        return None
    if not isinstance(values, dict):
        return None
    rounds = values.get(ROUND_TALLIES) or {}
    return ([text for text in values if text != ROUND_TALLIES], list(rounds) if isinstance(rounds, dict) else [])


def _now() -> str:
    """The time now, UTC, ISO 8601 to the second."""
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")


def _refusal(db) -> str | None:
    """Why philtre must not write into the open file (None: it is philtre's, or empty), found by reading it only."""
    version = db.execute("PRAGMA user_version").fetchone()[0]
    if version not in (0, 1, 2, 3, SCHEMA_VERSION):
        return f"cannot use the results database: schema version {version}; this philtre writes version {SCHEMA_VERSION}"
    objects = db.execute("SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name").fetchall()
    if version == 0 and objects:  # philtre sets its version in the transaction that makes its tables
        names = [name for kind, name in objects if kind == "table"] or [name for _, name in objects]
        return f"not a philtre results database: it holds tables of another program ({', '.join(names)})"
    for table, wanted in (("runs", [RUNS_COLUMNS]), ("games", [GAMES_COLUMNS, *EARLIER_GAMES_COLUMNS])):
        columns = tuple(row[1] for row in db.execute(f"PRAGMA table_info({table})"))
        if columns and columns not in wanted:  # (none: the table is not there yet, and is made)
            return f"not a philtre results database: its table {table} has columns philtre does not write ({', '.join(columns)})"
    return None


def _refused(path, reason: str) -> PhiltreError:
    """A file philtre will not write into (B001)."""
    return PhiltreError.at(Loc(str(path)), "B001", reason, "give another file with --db, or --no-db")


def _seconds_since(stamp) -> float | None:
    """Seconds from the ISO 8601 time ``stamp`` to now (None if it is not one)."""
    try:
        then = datetime.datetime.fromisoformat(stamp)
        return (datetime.datetime.now(datetime.timezone.utc) - then).total_seconds()
    except (TypeError, ValueError):
        return None


def _error(path, exc) -> PhiltreError:
    """A database problem as the user sees it (B001)."""
    return PhiltreError.at(Loc(str(path)), "B001", f"cannot use the results database: {exc}",
                           "give another file with --db, or --no-db")


class Store:
    """A results database file, open for one command."""

    def __init__(self, path):
        self.path = str(path)
        try:
            folder = os.path.dirname(os.path.abspath(self.path))
            os.makedirs(folder, exist_ok=True)
            self.db = sqlite3.connect(self.path, timeout=30)
            self._refuse(_refusal(self.db))  # before any write: a file refused is left as it was, byte for byte
            self.db.execute("PRAGMA journal_mode=WAL")  # readers while it runs; a kill loses no commit
            self.db.execute("PRAGMA synchronous=NORMAL")  # durable across a crash of the program
            self._make_tables()
            self.waiting: list = []  # rows of games that ended since the last commit
            self.committed = time.monotonic()
            self.run_columns: dict = {}  # key -> the columns of a run's rows every game repeats
            self.replaced = 0  # saved games of earlier runs of the same keys that begin() forgot (no --resume)
            self.replaced_recently = None  # seconds since a run replaced, perhaps going on elsewhere, saved a game
            # saved games of the same configuration as a run begun with none of its own, but for its --tally and
            # --tally-rounds expressions: "without" (none) or "other" -> how many
            self.tallied_apart: dict = {}
        except (sqlite3.Error, OSError) as exc:
            raise _error(self.path, exc) from None

    def _refuse(self, reason: str | None) -> None:
        """B001, the file closed, when ``reason`` says why philtre must not write into it (another program's, a later
        schema's)."""
        if reason is not None:
            self.db.close()
            raise _refused(self.path, reason)

    def _make_tables(self) -> None:
        """Make philtre's tables, or bring a file of an earlier version to this one: one transaction, so another philtre opening
        the same new file meanwhile waits, then finds the tables with their version (never tables of version 0)."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            reason = _refusal(self.db)  # (another program may have written it between the first look and the lock)
            if reason is None:
                for statement in SCHEMA.split(";"):
                    if statement.strip():
                        self.db.execute(statement)
                had = {row[1] for row in self.db.execute("PRAGMA table_info(games)")}
                for column, kind in ADDED_COLUMNS:  # a file of an earlier version
                    if column not in had:
                        self.db.execute(f"ALTER TABLE games ADD COLUMN {column} {kind}")
                self.db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
                self.db.commit()
        finally:
            if self.db.in_transaction:  # refused, or failed: nothing of it is written
                self.db.rollback()
        self._refuse(reason)

    def begin(self, spec, key: str, games: int, resume: bool) -> dict:
        """Register the run; with ``resume`` return its saved games (index -> result), else forget them (counted in
        ``replaced``, which the commands say: a user may not know the run was saved before; and when that run, short
        of its games, saved one seconds ago, in ``replaced_recently``: it may be going on in another process)."""
        import philtre

        ruleset = spec.rules()
        try:
            if not resume:
                self._note_a_run_going_on(key)
            row = (ruleset.name, ruleset.content_hash, json.dumps(list(ruleset.variants)), spec.players,
                   json.dumps(list(spec.agents)), spec.seed, int(bool(spec.coverage)))
            held = self.count(key)
            with self.db:
                self.db.execute(
                    "INSERT INTO runs VALUES (?,?,?,?,?,?,?,?,?,?,?,?) ON CONFLICT(key) DO UPDATE SET games=excluded.games, updated=excluded.updated",
                    (key, *row, games, philtre.__version__, _now(), _now()))
                if not resume:
                    self.replaced += self.db.execute("DELETE FROM games WHERE run = ?", (key,)).rowcount
            if not held:
                self._note_tallied_apart(spec, key, row)
            return self.saved(key, spec.players, *_tally_texts(ruleset)) if resume else {}
        except sqlite3.Error as exc:
            raise _error(self.path, exc) from None

    def _note_tallied_apart(self, spec, key: str, row: tuple) -> None:
        """Count in ``tallied_apart`` the saved games of the same configuration as run ``key`` (``row``: the columns of
        its `runs` row that say it) but for its --tally and --tally-rounds expressions, which are part of the key: a
        trial added a --tally to a run of 300 games and saw all of them played again, unwarned. Only a run whose key,
        made again with the texts its games hold values of, is its own is counted (another heuristic or --max-decisions,
        which the `runs` row does not say, is no such run)."""
        import philtre

        others = self.db.execute("SELECT key FROM runs WHERE ruleset = ? AND ruleset_hash = ? AND variants = ? AND players = ? "
                                 "AND agents = ? AND seed = ? AND coverage = ? AND philtre = ? AND key != ?",
                                 (*row, philtre.__version__, key)).fetchall()
        for (other,) in others:
            first = self.db.execute("SELECT tallies FROM games WHERE run = ? LIMIT 1", (other,)).fetchone()
            tallied = _stored_tally_texts(first[0]) if first is not None else None
            if tallied is not None and run_key(spec, tallied) == other:
                kind = "without" if tallied == ([], []) else "with" if _tally_texts(spec.rules()) == ([], []) else "other"
                self.tallied_apart[kind] = self.tallied_apart.get(kind, 0) + self.count(other)

    def _note_a_run_going_on(self, key: str) -> None:
        """Set ``replaced_recently`` if the run's saved games, fewer than it asked for, were saved seconds ago."""
        row = self.db.execute("SELECT games, updated FROM runs WHERE key = ?", (key,)).fetchone()
        if row is None:
            return
        asked, updated = row
        ago = _seconds_since(updated)
        if ago is None or ago > RECENT_SECONDS or not 0 < self.count(key) < asked:
            return
        ago = max(0, round(ago))
        self.replaced_recently = ago if self.replaced_recently is None else min(self.replaced_recently, ago)

    def saved(self, key: str, players: int, tallies=(), round_tallies=()) -> dict:
        """The run's saved games: index -> result; a row that is not what philtre wrote (``tallies``: the texts whose values
        each holds; ``round_tallies``: those whose lists of values, one a round, it holds) is B001."""
        rows = self.db.execute(
            "SELECT idx, seed, scores, winners, decisions, rounds, lead_changes, drama, decisiveness, uncertainty, history, coverage, greedy, tallies, turns "
            "FROM games WHERE run = ? ORDER BY idx", (key,))
        out = {}
        for row in rows:
            try:
                out[row[0]] = _checked(_result(row), players, tallies, round_tallies)
            except (ValueError, TypeError, RecursionError) as exc:  # json.JSONDecodeError is a ValueError
                # RecursionError: JSON nested deeper than Python's stack reads, which philtre never writes
                reason = "a column nests too deeply to read" if isinstance(exc, RecursionError) else exc
                raise PhiltreError.at(Loc(self.path), "B001", f"{_game_named(row[0])} of run {key} is damaged: {reason}",
                                      "run without --resume to play the run again, or give another file with --db") from None
        return out

    def save(self, spec, key: str, result: dict) -> None:
        """Keep one finished game: committed at once, or, within COMMIT_EVERY of the last commit, with the next."""
        run = self.run_columns.get(key)
        if run is None:
            ruleset = spec.ruleset
            run = self.run_columns[key] = (ruleset.name, ruleset.content_hash, json.dumps(list(ruleset.variants)),
                                           spec.players, json.dumps(list(spec.agents)))
        q = result.get("quality") or {}
        self.waiting.append(
            (key, result["index"], result["seed"], *run, json.dumps(result["scores"]), _winners_column(result),
             result["decisions"], result["rounds"], *(q.get(c) for c in QUALITY_COLUMNS),
             json.dumps(result.get("history")), json.dumps(result["coverage"]) if result.get("coverage") is not None else None,
             json.dumps(result["greedy"]) if result.get("greedy") is not None else None,
             json.dumps(result["tallies"]) if result.get("tallies") is not None else None, result.get("turns")))
        if time.monotonic() - self.committed >= COMMIT_EVERY:
            self.commit()

    def commit(self) -> None:
        """Commit the games kept since the last commit."""
        self.committed = time.monotonic()
        if not self.waiting:
            return
        rows, self.waiting = self.waiting, []
        try:
            with self.db:
                self.db.executemany(INSERT_GAME, rows)
                # a run's last save, which tells a run of the same key started elsewhere that this one is going on
                self.db.executemany("UPDATE runs SET updated = ? WHERE key = ?",
                                    [(_now(), key) for key in {row[0] for row in rows}])
        except sqlite3.Error as exc:
            raise _error(self.path, exc) from None
        except BaseException:  # (Ctrl-C while writing: the transaction rolled back, the rows kept for the stop's commit)
            self.waiting[:0] = rows
            raise

    def finish(self, key: str) -> None:
        """Commit the games kept; note when the run was last brought up to date."""
        self.commit()
        with self.db:
            self.db.execute("UPDATE runs SET updated = ? WHERE key = ?", (_now(), key))

    def count(self, key: str, upto: int | None = None) -> int:
        """How many games of the run are saved (of index below ``upto``, if given)."""
        self.commit()
        if upto is None:
            return self.db.execute("SELECT COUNT(*) FROM games WHERE run = ?", (key,)).fetchone()[0]
        return self.db.execute("SELECT COUNT(*) FROM games WHERE run = ? AND idx < ?", (key, upto)).fetchone()[0]

    def close(self) -> None:
        """Commit the games kept (none, after a run's end or stop: Session commits them) and close the file."""
        try:
            self.commit()
        except PhiltreError:
            pass  # (only where the run stopped at another error, which is the one reported)
        finally:
            self.db.close()


CUT_WHY = ("decisions", "steps")  # why a run cut a game off (simulate.cut_result): its result's `cut`


def _winners_column(result: dict) -> str:
    """A game's `winners` column: its winners, a JSON list; for a game the run cut off (simulate --max-decisions), which
    has none, `{"cut": WHY}` (WHY: "decisions" or "steps"), so that a resumed run counts it as cut again."""
    return json.dumps({"cut": result["cut"]} if result.get("cut") else result["winners"])


def _result(row) -> dict:
    """A saved row as the result dict ``simulate.play_one`` makes."""
    idx, seed, scores, winners, decisions, rounds, lead, drama, decisive, uncertain, history, coverage, greedy, tallies, turns = row
    winners, cut = _column("winners", winners), None
    if isinstance(winners, dict) and list(winners) == ["cut"] and winners["cut"] in CUT_WHY:  # (_winners_column)
        winners, cut = [], winners["cut"]
    quality = None
    if lead is not None:
        quality = {"lead_changes": lead, "drama": drama, "decisiveness": decisive, "uncertainty": uncertain}
    return {"index": idx, "seed": seed, "scores": _column("scores", scores), "winners": winners, **({"cut": cut} if cut else {}),
            "decisions": decisions, "rounds": rounds, "turns": turns, "history": _column("history", history) if history else [],
            "quality": quality, "coverage": _column("coverage", coverage) if coverage else None, "record": None,
            "greedy": _column("greedy", greedy) if greedy else None, **({"tallies": _column("tallies", tallies)} if tallies else {})}


def _game_named(idx) -> str:
    """A saved game as messages and records count it, from 1 (game-00002.jsonl for idx 1), with its row's idx."""
    return f"game {idx + 1} (idx {idx} in the games table)" if type(idx) is int else f"the game of idx {idx!r}"


def _column(name: str, text):
    """A JSON column's value; ValueError naming the column where it is not JSON (Python's words name no column)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{name} is not JSON ({exc.msg} at character {exc.pos + 1})") from None
    except TypeError:
        raise ValueError(f"{name} is not JSON text") from None


def _is_number(value) -> bool:
    """A finite JSON number (not a bool): Python's JSON reader takes 1e999 for infinity and NaN for a number, which
    philtre never writes, and either would print as Infinity or NaN in --json, which is no JSON."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _a_count(value) -> bool:
    """A whole number of at least 0 (decisions, rounds, turns, lead changes)."""
    return type(value) is int and value >= 0


def _a_share(value) -> bool:
    """A number in 0..1, up to a float's rounding (drama, decisiveness, uncertainty)."""
    return _is_number(value) and -1e-9 <= value <= 1 + 1e-9


def _a_history_item(item, players: int) -> bool:
    """Whether ``item`` of a saved history is [decisions so far, the scores then], as philtre writes it."""
    return (isinstance(item, list) and len(item) == 2 and type(item[0]) is int and isinstance(item[1], list)
            and len(item[1]) == players and all(map(_is_number, item[1])))


def _checked(result: dict, players: int, tallies=(), round_tallies=()) -> dict:
    """``result`` if its fields have the kinds the summary reads; else TypeError naming the first that does not."""
    scores, winners, quality = result["scores"], result["winners"], result["quality"]
    if not (isinstance(scores, list) and len(scores) == players and all(map(_is_number, scores))):
        raise TypeError(f"scores must be {players} finite numbers")
    if not (isinstance(winners, list) and all(type(w) is int and 0 <= w < players for w in winners)
            and len(set(winners)) == len(winners)):
        raise TypeError("winners must be a list of seats, each once")
    if not (_a_count(result["index"]) and _a_count(result["decisions"]) and _a_count(result["rounds"])
            and type(result["seed"]) is int):
        raise TypeError("idx, seed, decisions and rounds must be whole numbers (idx, decisions and rounds 0 or more)")
    if result.get("turns") is not None and not _a_count(result["turns"]):  # (none: a game saved before turns were counted)
        raise TypeError("turns must be a whole number of 0 or more, or null")
    if quality is not None and not (_a_count(quality["lead_changes"])
                                    and all(_a_share(quality[k]) for k in ("drama", "decisiveness", "uncertainty"))):
        raise TypeError("lead_changes must be a whole number of 0 or more, drama, decisiveness and uncertainty numbers in 0..1")
    if not isinstance(result["history"], (list, type(None))) or not isinstance(result["coverage"], (dict, type(None))):
        raise TypeError("history must be a list and coverage an object")
    if not all(_a_history_item(item, players) for item in result["history"] or ()):  # the summary reads each
        raise TypeError(f"history must be a list of [decisions, {players} scores] pairs")
    greedy = result["greedy"]
    if greedy is not None and not (isinstance(greedy, list) and len(greedy) == players and all(
            c is None or (isinstance(c, list) and len(c) in (2, 3) and all(type(n) is int and n >= 0 for n in c)) for c in greedy)):
        raise TypeError(f"greedy must be {players} lists of two or three counts, or nulls")
    values = result.get("tallies")
    if tallies and not (isinstance(values, dict) and all(text in values for text in tallies)):
        raise TypeError(f"tallies must be an object with a value for each --tally ({', '.join(tallies)})")
    rounds = values.get(ROUND_TALLIES) if isinstance(values, dict) else None
    if round_tallies and not (isinstance(rounds, dict) and all(isinstance(rounds.get(text), list) for text in round_tallies)):
        raise TypeError(f"tallies must hold under {ROUND_TALLIES!r} a list of values for each --tally-rounds "
                        f"({', '.join(round_tallies)})")
    return result


class NoStore:
    """``--no-db``: results are kept in memory only."""

    path = None
    replaced = 0
    replaced_recently = None
    tallied_apart: dict = {}

    def begin(self, spec, key, games, resume):
        """Nothing saved, nothing to resume."""
        return {}

    def save(self, spec, key, result):
        """Kept nowhere."""

    def commit(self):
        """Nothing kept."""

    def finish(self, key):
        """Nothing to note."""

    def close(self):
        """Nothing to close."""
