"""Where games are played: in this process, in local worker processes, or on a Ray cluster.

Every backend takes tasks ``(run key, game index)`` and yields ``(run key, result)`` as
games finish, in any order (a local worker sends a chunk's results together as it ends, sooner once SEND_EVERY
has passed since its last message); a game's result depends only on its run and index, so the backend never
changes what is played. A game that fails is raised once every task before
it has ended, so the failure reported is the first in the tasks' order, the one a single
worker meets, however many play (the tasks after it are not played). A game is handed over
only once every task before it has ended without failing (``InOrder``): one that another
worker finished after the failing game is dropped, so what the caller keeps (saves, records)
is what a single worker gives. On an interrupt, ``stop()`` returns the games that had
finished but not yet been handed over, so the caller can save them.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import queue
import signal
import sys
import threading
import time

from philtre.dsl.errors import Diagnostic, Loc, PhiltreError

from .simulate import play_one

BACKENDS = ("local", "ray")


def usable_cpus() -> int:
    """How many CPUs this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


@contextlib.contextmanager
def interrupts_held():
    """Hold Ctrl-C and SIGTERM back until the block ends, then deliver the first that came.

    A result is read from the workers' pipe in pieces: an interrupt raised between them
    left the rest of that message in the pipe, and the next read (``stop()`` collecting the
    finished games) unpickled a fragment. Outside the main thread signals are not ours.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught = []
    held = (signal.SIGINT, signal.SIGTERM)
    previous = {signum: signal.signal(signum, lambda signum, frame: caught.append(signum)) for signum in held}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        if caught and previous[caught[0]] is signal.default_int_handler:
            # raised here, not through raise_signal: Python runs a handler at its next check, which may fall in a gc
            # callback (hypothesis installs one), where the KeyboardInterrupt is printed and dropped
            raise KeyboardInterrupt
        if caught:
            signal.raise_signal(caught[0])  # now handled as it would have been: the default, or the handler given


def make_backend(name: str, specs: dict, workers: int, address=None):
    """The backend for ``--backend`` (local: this process for one worker, else processes; or ray)."""
    if name == "ray":
        return RayBackend(specs, workers, address)
    if workers <= 1:
        return InProcess(specs)
    return LocalProcesses(specs, workers)


def chunk_size(count: int, workers: int, most: int) -> int:
    """Games per chunk: small enough to spread the work evenly (about 32 chunks per worker), at most ``most``."""
    return max(1, min(most, count // (workers * 32)))


def _chunks(tasks, size: int):
    """Tasks (any iterable, read lazily) in lists of ``size`` (the last may be shorter)."""
    it = iter(tasks)
    while chunk := list(itertools.islice(it, size)):
        yield chunk


NO_FAILURE = 2**62  # the position of a run's first failure while none has come back
HELD_PER_AHEAD = 8  # finished games held back behind a slow one, at most this many times the tasks handed out ahead


class InOrder:
    """Finished games handed over in the tasks' order: a game once every task before it has ended without failing.

    Games end in any order. One that ended after a task still being played might follow a
    failure, and a single worker never plays the games after a failure: it is held until
    the tasks before it have ended, and dropped if one of them failed.
    """

    def __init__(self):
        """Nothing handed out yet."""
        self.out: set = set()  # positions of the tasks handed out and not yet come back
        self.held: dict = {}  # position -> (key, result): finished, waiting for the tasks before it
        self.failure = None  # (position, kind, payload) of the first failure in the tasks' order so far

    def sent(self, seqs) -> None:
        """Tasks at these positions were handed out."""
        self.out.update(seqs)

    def ended(self, kind, key, seq, payload) -> None:
        """The task at ``seq`` came back: a result (``kind`` "ok") is held; a failure kept if it is the first."""
        self.out.discard(seq)
        if kind == "ok":
            self.held[seq] = (key, payload)
        elif self.failure is None or seq < self.failure[0]:
            self.failure = (seq, kind, payload)

    def ready(self):
        """(key, result) of the held games every task before which has ended without failing, in the tasks' order.

        Each game leaves the held ones as it is handed over, not before: an interrupt while the reader has taken
        some finds the others still held (finished() gives them to be kept)."""
        bound = min(self.out, default=NO_FAILURE)
        if self.failure is not None:
            bound = min(bound, self.failure[0])
        for seq in sorted(seq for seq in self.held if seq < bound):
            if seq in self.held:  # (finished() may have taken them while the reader stopped between two)
                yield self.held.pop(seq)

    def failed(self) -> bool:
        """Whether the first failure is known: every task before it has ended (its games are handed over first)."""
        return self.failure is not None and not any(seq < self.failure[0] for seq in self.out)

    def raise_failure(self):
        """The first failure, raised; the games held after it are dropped (a single worker never plays them)."""
        self.held = {}
        _raise_from_worker(self.failure[1], self.failure[2])

    def finished(self) -> list:
        """(key, result) of every held game before the first failure (an interrupt: they had finished)."""
        end = NO_FAILURE if self.failure is None else self.failure[0]
        games = [self.held[seq] for seq in sorted(self.held) if seq < end]
        self.held = {}
        return games


def _raise_from_worker(kind, payload):
    """A worker's failure, raised here: a PhiltreError with its diagnostics, or an internal error."""
    if kind == "error":
        raise PhiltreError([Diagnostic(Loc(*d[0]), d[1], d[2], d[3]) for d in payload])
    raise RuntimeError(payload)


def _play_safely(spec, index):
    """(kind, payload) of one game, for sending across processes: exceptions become plain data."""
    try:
        return "ok", play_one(spec, index)
    except PhiltreError as exc:
        return "error", [((d.loc.path, d.loc.line, d.loc.col), d.code, d.message, d.hint) for d in exc.diagnostics]
    except Exception as exc:  # noqa: BLE001 - reported by the parent as an internal error
        if os.environ.get("PHILTRE_DEBUG"):
            import traceback

            return "crash", traceback.format_exc()
        return "crash", f"{type(exc).__name__}: {exc}"


ARRIVED_AT_ONCE = 16  # messages read from one worker's pipe under one hold of interrupts, at most
# how long a worker keeps the results of the games it finished before sending them, at most: a message costs about
# what a short game's result does to make and read, and a ruleset of short games ends thousands a second
SEND_EVERY = 0.25


def _nothing() -> None:
    """What a backend does while it waits, unless told otherwise (Session: commit the games kept)."""


class InProcess:
    """One worker: games are played here, one after another."""

    workers = 1
    idle = staticmethod(_nothing)  # (never waits)

    def __init__(self, specs: dict):
        self.specs = specs

    def run(self, tasks, count: int):
        """Play each task here; yield (key, result)."""
        for key, index in tasks:
            yield key, play_one(self.specs[key], index)

    def stop(self) -> list:
        """Nothing is in flight elsewhere."""
        return []

    def close(self) -> None:
        """Nothing to release."""


ORPHAN_CHECK_SECONDS = 0.5  # how often a worker waiting for tasks looks whether its parent still lives


def _next_chunk(tasks, stop, parent):
    """The next chunk of tasks; None once the run is stopped or the parent has died.

    A parent killed outright (SIGKILL) sends no end: a worker that waited for tasks without
    end stayed forever as an orphan, holding the program's output open.
    """
    while not stop.is_set() and os.getppid() == parent:
        try:
            return tasks.get(timeout=ORPHAN_CHECK_SECONDS)
        except queue.Empty:
            continue
    return None


class _Flag:
    """A yes/no the parent sets and the workers read, without a lock: a worker killed while it looked at a
    multiprocessing Event kept that Event's lock, and the parent's ``set()`` waited for it for ever."""

    def __init__(self, ctx):
        self.value = ctx.RawValue("b", 0)

    def set(self) -> None:
        """Say yes (the parent)."""
        self.value.value = 1

    def is_set(self) -> bool:
        """Whether it was said."""
        return bool(self.value.value)


class _ResultsPipe:
    """A worker's end of its own results pipe, put to as a queue is: a worker killed halfway through a message
    leaves a fragment in its own pipe only (which then ends: the parent sees it died), and no lock that another
    worker needs."""

    def __init__(self, conn):
        self.conn = conn

    def put(self, message) -> None:
        """Send one message (waits while the pipe is full)."""
        self.conn.send(message)


def _local_worker(inherited, conn, specs, tasks, stop, parent, first_failure):
    """A local worker process: close the pipe ends forked from the parent, then play (``_worker_main``).

    A read end left open here kept a pipe open after the parent died (a worker writing to it waited for ever), and
    a write end of another worker's pipe would hide that worker's death from the parent."""
    for end in inherited:
        end.close()
    try:
        _worker_main(specs, tasks, _ResultsPipe(conn), stop, parent, first_failure)
    except (BrokenPipeError, ConnectionResetError):
        pass  # the parent is gone, or stopped reading: nobody wants the results any more


def _worker_main(specs, tasks, results, stop, parent, first_failure):
    """A worker process: play chunks of tasks until told to stop; send the games' results as a chunk ends, and
    any kept a quarter of a second (SEND_EVERY) or a failure at once.

    A task comes with its position in the run (``seq``); one after the run's first failure
    (``first_failure``, shared with the parent) is not played.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the whole group: the parent decides
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    ended, sent = [], time.monotonic()
    while (chunk := _next_chunk(tasks, stop, parent)) is not None:
        for seq, key, index in chunk:
            if stop.is_set() or os.getppid() != parent:
                break  # the run was stopped, or the parent died: do not play on as an orphan
            if seq > first_failure.value:
                continue  # after a game that failed: never reported, so not played
            kind, payload = _play_safely(specs[key], index)
            ended.append((kind, key, seq, payload))
            if kind != "ok" or time.monotonic() - sent >= SEND_EVERY:
                results.put(ended)
                ended, sent = [], time.monotonic()
        if ended:  # (the chunk's last games, or those before a stop: finished, so sent)
            results.put(ended)
            ended, sent = [], time.monotonic()


class LocalProcesses:
    """Worker processes on this machine (forked where possible, so the compiled rules are shared).

    Each worker sends its results through a pipe of its own: a shared queue let a worker killed halfway through a
    large message (a record is larger than a pipe holds) leave half a message that the parent waited for without
    end, and the queue's lock with it. A worker's pipe ends when it dies, which the parent sees at once (B004).
    """

    idle = staticmethod(_nothing)

    def __init__(self, specs: dict, workers: int):
        import multiprocessing as mp

        method = "fork" if "fork" in mp.get_all_start_methods() else "spawn"
        self.ctx = mp.get_context(method)
        self.specs, self.workers = specs, workers
        self.order = InOrder()  # (a new one for each run)
        self.tasks, self.stop_event = self.ctx.Queue(), _Flag(self.ctx)
        self.first_failure = self.ctx.RawValue("q", NO_FAILURE)  # one number, written by the parent only
        self.procs, self.pipes = [], {}  # pipes: the read end of each worker's results pipe -> the worker
        self.lost = None  # the worker whose pipe ended while the run went on
        try:
            with interrupts_held():  # one that came during a fork was raised in the fork's handlers and lost there
                for _ in range(workers):
                    self._start_worker(forked=method == "fork")
        except KeyboardInterrupt:
            self.close()
            raise

    def _start_worker(self, forked: bool) -> None:
        """Start one worker with a results pipe of its own; only the worker keeps the pipe's write end."""
        reader, writer = self.ctx.Pipe(duplex=False)
        inherited = [*self.pipes, reader] if forked else []  # (a spawned worker inherits none)
        proc = self.ctx.Process(target=_local_worker, daemon=True,
                                args=(inherited, writer, self.specs, self.tasks, self.stop_event, os.getpid(), self.first_failure))
        try:
            proc.start()
        finally:
            writer.close()  # the pipe ends (EOF) when the worker does, however it ends
        self.procs.append(proc)
        self.pipes[reader] = proc

    def run(self, tasks, count: int):
        """Hand out ``count`` tasks in small chunks, a few per worker ahead; yield (key, result) as games finish."""
        size = chunk_size(count, self.workers, 16)
        chunks = _chunks(_numbered(tasks), size)
        ahead = 4 * self.workers * size  # queued games: enough to keep workers busy, bounded in memory
        self.first_failure.value = NO_FAILURE
        order = self.order = InOrder()
        while True:
            while (order.failure is None and len(order.out) < ahead and len(order.held) < HELD_PER_AHEAD * ahead
                   and (chunk := next(chunks, None)) is not None):
                self.tasks.put(chunk)
                order.sent(seq for seq, _, _ in chunk)
            if order.failed():
                order.raise_failure()  # every task before it has ended
            if not order.out:
                return
            for kind, key, seq, payload in self._arrived():
                order.ended(kind, key, seq, payload)
                if order.failure is not None:
                    self.first_failure.value = order.failure[0]  # the workers skip what comes after it
            yield from order.ready()

    def _arrived(self) -> list:
        """The results sent since the last call, a message at least (waited for); a worker that died is B004 as soon as
        the messages it sent before are read, never a hang."""
        while True:
            if self.lost is not None:
                path = next(iter(self.specs.values())).rules().path
                raise PhiltreError.at(Loc(path), "B004", f"a worker process ended unexpectedly (exit code {self.lost.exitcode})",
                                      "the games that had finished are saved: run again with --resume")
            arrived = self._read(0.1)
            if arrived:
                return arrived
            self.idle()

    def _read(self, timeout: float) -> list:
        """The messages that have come within ``timeout`` seconds (waited for until one worker's pipe has something).

        The pipes with something are read under one hold of interrupts: an interrupt between the pieces of a message
        left the rest in the pipe (setting and restoring the two handlers cost about as much as reading a short game's
        result). A read waits only for a message already being written: a worker that dies halfway ends its pipe."""
        from multiprocessing.connection import wait

        # (a worker's end also shows as its sentinel, should its pipe's write end be open elsewhere)
        sentinels = {proc.sentinel: reader for reader, proc in self.pipes.items()}
        ready = wait([*self.pipes, *sentinels], timeout)
        if not ready:
            return []
        arrived = []
        with interrupts_held():
            for reader in dict.fromkeys(sentinels.get(ready_one, ready_one) for ready_one in ready):
                arrived += self._read_pipe(reader)
        return arrived

    def _read_pipe(self, reader) -> list:
        """The messages in one worker's pipe (ARRIVED_AT_ONCE at most); at its end, the worker is gone from the pipes."""
        arrived = []
        try:
            while len(arrived) < ARRIVED_AT_ONCE and reader.poll():
                arrived.append(reader.recv())
        except (EOFError, OSError):  # its end (OSError: in the middle of a message, the rest never sent)
            self._lose(reader)
        else:
            proc = self.pipes[reader]
            if not arrived and not proc.is_alive():  # its sentinel, with nothing left to read
                self._lose(reader)
        return [message for batch in arrived for message in batch]

    def _lose(self, reader) -> None:
        """A worker's pipe has ended: the worker is gone (B004 while a run needs it)."""
        proc = self.pipes.pop(reader)
        reader.close()
        proc.join(timeout=1)  # (its exit code, for the message)
        if self.lost is None:
            self.lost = proc

    def stop(self) -> list:
        """Stop the workers; return the results that were already sent (finished games), those held back included."""
        self.stop_event.set()
        deadline = time.monotonic() + 0.5
        while self.pipes and (left := deadline - time.monotonic()) > 0:  # until every worker has ended, or half a second
            for kind, key, seq, payload in self._read(min(left, 0.05)):
                self.order.ended(kind, key, seq, payload)
        done = self.order.finished()
        self.close()
        return done

    def close(self) -> None:
        """End the worker processes."""
        self.stop_event.set()
        for _ in self.procs:
            try:
                self.tasks.put_nowait(None)
            except (ValueError, OSError, queue.Full):
                break
        _end_processes(self.procs)
        for reader in self.pipes:
            reader.close()
        self.tasks.cancel_join_thread()  # never block the exit on a queue nobody reads
        self.tasks.close()
        self.procs, self.pipes = [], {}


ENDING_GRACE_SECONDS = 0.2  # how long the workers together have to end when told, then again once terminated


def _end_processes(procs) -> None:
    """End the processes: told already, then terminated, then killed; each step waits ENDING_GRACE_SECONDS at most.

    A worker stopped (SIGSTOP) answers neither the end of the tasks nor SIGTERM, which waits until it is continued:
    left alive, it was joined without end as the program exited (multiprocessing joins its daemon processes), and
    Ctrl-C hung. SIGKILL ends even a stopped process."""
    for end in (None, "terminate", "kill"):
        alive = [proc for proc in procs if proc.is_alive()]
        if end is not None:
            for proc in alive:
                getattr(proc, end)()
        deadline = time.monotonic() + ENDING_GRACE_SECONDS
        for proc in alive:
            proc.join(timeout=max(0.0, deadline - time.monotonic()))


REACH_SECONDS = 5  # how long a cluster's address may take to accept a connection


def _address_hint(address, from_environment: bool, *checks: str) -> str:
    """B002's hint: what to check; unsetting RAY_ADDRESS only where the address came from it, not from --ray-address."""
    hint = "check " + " and ".join(["the address (ray://HOST:10001 or HOST:6379)", *checks])
    return hint + (f", or unset RAY_ADDRESS (it says {address})" if from_environment else "")


def _check_reachable(address: str, from_environment: bool = False) -> None:
    """B002 at once if ``address`` (ray://HOST:PORT or HOST:PORT) takes no connection: ray.init would retry for minutes."""
    import socket

    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not host or not port.isdigit():
        return  # "auto", "local" or a form Ray knows better: left to ray.init
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=REACH_SECONDS).close()
    except (OSError, ValueError) as exc:
        raise PhiltreError.at(Loc(address), "B002", f"cannot reach Ray at {address}: {getattr(exc, 'strerror', None) or exc}",
                              _address_hint(address, from_environment, "that the cluster is up")) from None


@contextlib.contextmanager
def _signal_handlers_kept():
    """The SIGINT and SIGTERM handlers as they were before the block, whatever it set (ray.init sets its own SIGTERM
    handler, which exited at once: a `kill` then saved nothing). Outside the main thread signals are not ours."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    kept = {signum: signal.getsignal(signum) for signum in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for signum, handler in kept.items():
            if handler is not None:  # (None: set outside Python, cannot be set back)
                signal.signal(signum, handler)


@contextlib.contextmanager
def _no_ray_sigterm_handler(ray):
    """ray.init without its SIGTERM handler, which exits at once, even halfway through starting a local instance (its
    processes then left running): SIGTERM stays the run's, held like Ctrl-C while a local instance starts."""
    utils = getattr(getattr(ray, "_private", None), "utils", None)
    setter = getattr(utils, "set_sigterm_handler", None)
    if setter is None:  # (another version of Ray: its handler is undone once ray.init returns, _signal_handlers_kept)
        yield
        return
    utils.set_sigterm_handler = lambda handler: None
    try:
        yield
    finally:
        utils.set_sigterm_handler = setter


class RayBackend:
    """Tasks on a Ray cluster: the one named by ``address`` or RAY_ADDRESS, or a local Ray instance.

    While it is open, what is printed on stdout goes to stderr: Ray prints its notices (a worker that died, a task
    retried) on stdout, where the results go (``--json``). A Ray instance started here is shut down whatever stops
    the run, its start included."""

    idle = staticmethod(_nothing)  # (not called: a chunk's results come back together, each chunk a commit at most)

    def __init__(self, specs: dict, workers: int, address=None):
        import ray  # noqa: F401 - checked by the CLI before we get here

        self.ray = ray
        self.started_here = False
        self.quiet = contextlib.ExitStack()
        self.quiet.enter_context(contextlib.redirect_stdout(sys.stderr))
        try:
            if not ray.is_initialized():
                self._connect(address, workers)
            self.cpus = max(1, int(ray.cluster_resources().get("CPU", workers or 1)))
            self.remote = ray.remote(_ray_play)
            # each spec carries its ruleset's resolved rules (see RunSpec): a cluster needs philtre, not the files
            self.refs = {key: ray.put(spec) for key, spec in specs.items()}
        except BaseException:  # (Ctrl-C included: the object is never made, so nobody else would close it)
            self.close()
            raise
        self.specs = specs
        self.inflight = {}
        self.order = InOrder()  # (a new one for each run)
        self.workers = self.cpus

    def _connect(self, address, workers):
        """ray.init: the given address, else RAY_ADDRESS, else a new local instance with ``workers`` CPUs."""
        import logging
        import warnings

        ray = self.ray
        from_environment = not address and bool(os.environ.get("RAY_ADDRESS"))
        address = address or os.environ.get("RAY_ADDRESS")
        if address:
            _check_reachable(address, from_environment)
        self.started_here = True  # (from here on: whatever stops the start, what it started is shut down)
        # a local instance starts its processes one after another: Ctrl-C between two left some running with none to
        # stop them, so it waits for the start (seconds); joining a cluster starts nothing here and may take 30 s
        held = contextlib.nullcontext() if address else interrupts_held()
        try:
            with _signal_handlers_kept(), _no_ray_sigterm_handler(ray), held, warnings.catch_warnings():
                # (a timeout is said once, as B002, not also as Ray's warning)
                warnings.simplefilter("ignore")
                if address:
                    ray.init(address=address, logging_level=logging.WARNING, log_to_driver=False)
                else:
                    ray.init(num_cpus=workers or None, include_dashboard=False, logging_level=logging.WARNING, log_to_driver=False)
        except Exception as exc:  # noqa: BLE001 - Ray raises many kinds; all mean the same to the user
            raise PhiltreError.at(Loc(address or "ray"), "B002", f"cannot start or reach Ray: {type(exc).__name__}: {exc}",
                                  _address_hint(address, from_environment)) from None

    def run(self, tasks, count: int):
        """Send chunks of games (one run each) as Ray tasks, two per CPU at a time; yield (key, result) as chunks finish."""
        ray = self.ray
        size = chunk_size(count, self.cpus, 32)
        chunks = (group for chunk in _chunks(_numbered(tasks), size) for group in _by_run(chunk))
        order = self.order = InOrder()
        while True:
            while (order.failure is None and len(self.inflight) < 2 * self.cpus
                   and len(order.held) < HELD_PER_AHEAD * 2 * self.cpus * size and (chunk := next(chunks, None)) is not None):
                key = chunk[0][1]
                ref = self.remote.remote(self.refs[key], [index for _, _, index in chunk])
                self.inflight[ref] = (key, [seq for seq, _, _ in chunk])
                order.sent(seq for seq, _, _ in chunk)
            if order.failed():
                for ref in self.inflight:  # all after the failure: not wanted
                    ray.cancel(ref, force=True)
                self.inflight = {}
                order.raise_failure()  # every task before it has ended
            if not self.inflight:
                return
            ready, _ = ray.wait(list(self.inflight), num_returns=1)
            for ref in ready:
                key, seqs = self.inflight.pop(ref)
                for seq, (kind, index, payload) in zip(seqs, ray.get(ref)):
                    order.ended(kind, key, seq, payload)
            yield from order.ready()

    def stop(self) -> list:
        """Cancel what is queued; keep the chunks that had already finished."""
        ray = self.ray
        if self.inflight:
            ready, rest = ray.wait(list(self.inflight), num_returns=len(self.inflight), timeout=0)
            for ref in ready:
                key, seqs = self.inflight.pop(ref)
                for seq, (kind, index, payload) in zip(seqs, ray.get(ref)):
                    self.order.ended(kind, key, seq, payload)
            for ref in rest:
                ray.cancel(ref, force=True)
            self.inflight = {}
        done = self.order.finished()
        self.close()
        return done

    def close(self) -> None:
        """Leave the cluster if we joined it here (a local instance started here ends); stdout is stdout again."""
        try:
            if self.started_here:  # (even if its start was cut short: what it had started ends)
                self.started_here = False
                self.ray.shutdown()
        finally:
            self.quiet.close()


def _numbered(tasks):
    """Each task (key, index) as (its position in the run, key, index)."""
    return ((seq, key, index) for seq, (key, index) in enumerate(tasks))


def _by_run(chunk) -> list:
    """A chunk of numbered tasks split by run, so that each Ray task plays games of one run."""
    groups: dict = {}
    for task in chunk:
        groups.setdefault(task[1], []).append(task)
    return list(groups.values())


def _ray_play(spec, indexes):
    """A Ray task: play some games of one run."""
    out = []
    for index in indexes:
        kind, payload = _play_safely(spec, index)
        out.append((kind, index, payload))
    return out
