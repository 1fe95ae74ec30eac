"""The `philtre` command: validate, test, simulate, play, replay, show.

Results go to stdout (``--json`` for machines); progress and errors to stderr. Exit codes:
0 clean, 1 findings or a failed run (or an output that cannot be written, or whose reader is gone: ``| head -5``
stops a command quietly), 2 bad usage or an internal error, 130 when interrupted. Heavy modules are
imported inside the commands so that ``philtre --help`` starts fast.
"""

from __future__ import annotations

import errno
import functools
import os
import re
import signal
import sys


def _leave_at_once(signum, frame) -> None:
    """Ctrl-C before a command has started (while Python imports it, while click reads the options): nothing has been
    done, so leave at once with the documented 130; a KeyboardInterrupt there was a traceback, or click's "Aborted!"
    and exit 1."""
    os.write(2, b"\ninterrupted\n")
    os._exit(130)


def _run_as_the_command() -> bool:
    """Whether this process is the `philtre` command (its script, or `python -m philtre`), not a program importing it."""
    main_module = sys.modules.get("__main__")
    spec = getattr(main_module, "__spec__", None)
    script = os.path.basename(getattr(main_module, "__file__", "") or "")
    return (spec is not None and spec.name == "philtre.__main__") or script.split(".")[0].split("-")[0] == "philtre"


if _run_as_the_command() and signal.getsignal(signal.SIGINT) is signal.default_int_handler:
    signal.signal(signal.SIGINT, _leave_at_once)  # until `guarded` starts the command (as early as the module is read)

from philtre import __version__  # noqa: E402
import click  # noqa: E402 - after the handler: importing click is most of the time before a command starts

EXIT_FINDINGS, EXIT_USAGE = 1, 2


def _report(exc) -> None:
    for d in exc.diagnostics:
        click.echo(str(d), err=True)


FULL = {errno.ENOSPC, errno.EDQUOT, errno.EIO}  # a write that fails for want of room or of a working device


def guarded(fn):
    """Turn PhiltreError into messages and exit 1, anything unexpected into exit 2, never a traceback."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        from philtre.dsl.errors import PhiltreError

        try:
            if signal.getsignal(signal.SIGINT) is _leave_at_once:  # the command starts: Ctrl-C is KeyboardInterrupt again
                signal.signal(signal.SIGINT, signal.default_int_handler)
            return fn(*args, **kwargs)
        except PhiltreError as exc:
            _report(exc)
            sys.exit(EXIT_FINDINGS)
        except (click.exceptions.Exit, click.ClickException, click.Abort, SystemExit):
            raise
        except KeyboardInterrupt:
            click.echo("interrupted", err=True)
            sys.exit(130)
        except BrokenPipeError:  # `philtre diff ... | head -1`: the reader has all it wanted; no word, exit 1 (README)
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # Python's last flush must not fail again
            sys.exit(EXIT_FINDINGS)
        except Exception as exc:  # noqa: BLE001 - the last line of defence against tracebacks
            if os.environ.get("PHILTRE_DEBUG"):
                raise
            if isinstance(exc, OSError) and exc.errno in FULL:
                # `philtre show GAME > /dev/full`: the files a command writes say their own errors, so this is its output
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # Python's last flush must not fail again
                click.echo(f"philtre: cannot write the output: {exc.strerror}", err=True)
                sys.exit(EXIT_FINDINGS)
            click.echo(f"philtre: internal error: {type(exc).__name__}: {exc} (set PHILTRE_DEBUG=1 for details)", err=True)
            sys.exit(EXIT_USAGE)

    return wrapper


class LazyGroup(click.Group):
    """A command group that imports each command's module only when that command runs (fast start)."""

    def __init__(self, *args, lazy: dict | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.lazy = lazy or {}

    def main(self, *args, **kwargs):
        """click's main, with the output's failures said in one line: a closed standard output, and a full one under
        `--help` or `--version` (written as the arguments are read, before a command's `guarded`)."""
        if sys.stdout is None:  # `philtre games >&-`: click would write nothing, and say nothing
            click.echo("philtre: cannot write the output: standard output is closed", err=True)
            sys.exit(EXIT_FINDINGS)
        try:
            return super().main(*args, **kwargs)
        except OSError as exc:
            if exc.errno not in FULL:
                raise
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # Python's last flush must not fail again
            click.echo(f"philtre: cannot write the output: {exc.strerror}", err=True)
            sys.exit(EXIT_FINDINGS)

    def list_commands(self, ctx):
        return sorted(set(super().list_commands(ctx)) | set(self.lazy))

    def resolve_command(self, ctx, args):
        """click's, with a hint where the command is unknown: the command of a near spelling, or of the word's meaning."""
        name = args[0] if args else ""
        if name and not name.startswith("-") and self.get_command(ctx, name) is None and not ctx.resilient_parsing:
            ctx.fail(f"No such command '{name}'.{command_hint(name, self.list_commands(ctx))}")
        return super().resolve_command(ctx, args)

    def get_command(self, ctx, name):
        if name in self.lazy:
            import importlib

            module, attr = self.lazy[name].split(":")
            return getattr(importlib.import_module(module), attr)
        return super().get_command(ctx, name)


# words a user may try for what a command does -> that command (command_hint)
MEANT = {
    "stats": "simulate", "statistics": "simulate", "run": "simulate", "sim": "simulate", "bench": "simulate",
    "check": "validate", "lint": "validate", "verify": "test", "scenarios": "test",
    "list": "games", "ls": "games", "init": "new", "create": "new",
    "print": "show", "resolve": "show", "fair": "compare", "fairness": "compare", "vs": "compare",
}


def command_hint(name: str, commands) -> str:
    """' Did you mean ...?' for an unknown command: one of a near spelling, else the one its word names; '' if none."""
    import difflib

    near = difflib.get_close_matches(name.lower(), commands, n=2, cutoff=0.6)
    meant = MEANT.get(name.lower())
    if meant in commands and meant not in near:
        near.insert(0, meant)
    if not near:
        return ""
    return " Did you mean " + " or ".join(f"'{c}'" for c in near) + "?"


# command name -> "module:function"; each module imports what it needs inside its command
COMMANDS = {
    "validate": "philtre.interpreter.cli_validate:validate",
    "new": "philtre.interpreter.cli_new:new",
    "test": "philtre.interpreter.cli_rulesets:test",
    "show": "philtre.interpreter.cli_rulesets:show",
    "diff": "philtre.interpreter.cli_rulesets:diff",
    "games": "philtre.interpreter.cli_rulesets:games",
    "variants": "philtre.interpreter.cli_rulesets:variants",
    "simulate": "philtre.interpreter.cli_simulate:simulate",
    "compare": "philtre.interpreter.cli_compare:compare",
    "play": "philtre.interpreter.cli_play:play",
    "replay": "philtre.interpreter.cli_play:replay",
}


@click.group(cls=LazyGroup, lazy=COMMANDS, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(version=__version__, prog_name="philtre")  # the package's own: a source checkout has no installed metadata
def main():
    """philtre: tabletop games as data.

    RULESET is a shipped game's name (see `philtre games`) or a path to a ruleset file
    or folder; a folder or file of that name where philtre runs comes first (./NAME
    hides the shipped NAME there).
    """


def usable_folder(folder: str, option: str) -> None:
    """Make ``folder`` (with its parents) and check a file can be written in it; else a usage error naming it."""
    import tempfile

    if not folder:
        raise click.BadParameter("give a folder, not an empty path", param_hint=option)
    try:
        os.makedirs(folder, exist_ok=True)
    except FileExistsError:  # makedirs says only "File exists" for a file in the way
        raise click.BadParameter(f"{folder} exists and is not a folder", param_hint=option) from None
    except OSError as exc:
        raise click.BadParameter(f"cannot make the folder {folder}: {exc.strerror}", param_hint=option) from None
    try:
        tempfile.TemporaryFile(dir=folder).close()
    except OSError as exc:
        # a folder that exists but takes no new file (/proc) answers "No such file or directory"
        reason = "it takes no new files" if exc.errno == errno.ENOENT and os.path.isdir(folder) else exc.strerror
        raise click.BadParameter(f"cannot write into the folder {folder}: {reason}", param_hint=option) from None


def writable_names(folder: str, wanted, option: str) -> None:
    """A usage error naming the first file of ``folder`` that ``wanted(name)`` says the run writes, and that is there but
    cannot be written over (a folder, a link to nothing, a file without write permission): found before the games are
    played, not after, when they are lost."""
    try:
        present = [name for name in os.listdir(folder) if wanted(name)]
    except OSError:  # usable_folder has said why, if it matters
        return
    for name in sorted(present):
        path = os.path.join(folder, name)
        reason = unwritable(path)
        if reason:
            raise click.BadParameter(f"cannot write {path}: {reason}", param_hint=option)


def unwritable(path: str) -> str:
    """Why ``path``, which is there, cannot be written over ('' if it can)."""
    if os.path.isdir(path):
        return "it is a folder"
    if not os.path.exists(path):  # a link to nothing: writing would fail, or make a file elsewhere
        return "it is a link to no file"
    if not os.path.isfile(path):
        return "it is not a regular file"
    return "" if os.access(path, os.W_OK) else "no permission to write it"


def usable_file(path: str, option: str) -> None:
    """Check that ``path`` can be written (its folder made if missing), leaving an existing file as it is; else a usage error."""
    if not path:
        raise click.BadParameter("give a file, not an empty path", param_hint=option)
    if path == "-":  # the shell's "standard output" would be a file named '-' here, beside the summary on stdout
        raise click.BadParameter("'-' is not standard output here (stdout has the summary): give a file name", param_hint=option)
    existed = os.path.exists(path)
    if not existed:
        usable_folder(os.path.dirname(path) or ".", option)
    try:
        open(path, "a", encoding="utf-8").close()  # appending nothing: the file is unchanged, but it must accept writing
    except OSError as exc:
        raise click.BadParameter(f"cannot write {path}: {exc.strerror}", param_hint=option) from None
    if not existed:
        os.remove(path)


def named(ctx, param, value):
    """A usage error for an empty RULESET, RECORDS or PATHS argument (`philtre play "$GAME"` with GAME unset): no name
    was given, not one that is not found (which printed a message starting ': F002' for a file without a name)."""
    for each in (value if isinstance(value, tuple) else (value,)):
        if each == "":
            what = {"records": "a record's path", "paths": "a shipped game's name or a file's path"}.get(
                param.name, "a shipped game's name or a ruleset's path")
            raise click.BadParameter(f"give {what}, not an empty text", ctx=ctx, param=param)
    return value


def overlay_as_variant(fn):
    """A command's RULESET given as an overlay's path (a file with `extends:`, or a folder whose ruleset.yaml is one) is
    read as the overlay's base with the overlay as the first --variant, as validate checks it, and said so on stderr in
    one line: `note: variants/x.yaml is an overlay: running . --variant x` (a trial's test and simulate stopped at O001
    where validate took the same path). A command without --variant (variants) is run on the base."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        import shlex

        given = kwargs["ruleset"]
        applied = _overlay_given(given)
        if applied is not None:
            kwargs["ruleset"], variant = applied
            if "variants" in kwargs:
                kwargs["variants"] = (variant, *kwargs["variants"])
                said = " ".join([shlex.quote(kwargs["ruleset"]), *(f"--variant {shlex.quote(v)}" for v in kwargs["variants"])])
            else:
                said = f"{shlex.quote(kwargs['ruleset'])} (its base)"
            click.echo(f"note: {given} is an overlay: running {said}", err=True)
        return fn(*args, **kwargs)

    return wrapper


def variant_required(variants) -> None:
    """Click's usage error for a missing --variant, where a command needs one (diff, compare) and an overlay's path
    given as RULESET (overlay_as_variant) counts as one: the option itself is not required."""
    if not variants:
        ctx = click.get_current_context()
        raise click.MissingParameter(ctx=ctx, param=next(p for p in ctx.command.params if p.name == "variants"))


def _overlay_given(ruleset: str) -> tuple[str, str] | None:
    """(base, variant) where ``ruleset`` is the path of an overlay's file or folder (overlay_applied), else None: a
    shipped game's name, a ruleset, or a path load says is none, as ever."""
    from philtre.dsl import PhiltreError
    from philtre.dsl.loader import overlay_applied, resolve_ruleset_path
    from philtre.dsl.yamlpos import Map, load_file

    if not os.path.exists(ruleset):  # (a shipped game's name: no file read)
        return None
    try:
        path = resolve_ruleset_path(ruleset)
        data = load_file(path) if path.endswith((".yaml", ".yml")) else None
    except PhiltreError:  # (load says it, as for any ruleset)
        return None
    return overlay_applied(path) if isinstance(data, Map) and "extends" in data else None


SHOWN_FINDINGS = 5  # findings said before a game or a run: the rest are validate's to list


def warn_of(findings, lead: str, ruleset: str, variants=()) -> None:
    """Say on stderr, before the games, the first SHOWN_FINDINGS of what validation finds in the rules played (without
    their hints), after ``lead``, which names the command that says how to fix each (``{command}``)."""
    warn_of_diagnostics([f.diagnostic for f in findings], lead, ruleset, variants)


def warn_of_diagnostics(diagnostics, lead: str, ruleset: str, variants=()) -> None:
    """warn_of for diagnostics themselves (not a lint's findings)."""
    import shlex

    from philtre.dsl.errors import printable

    if not diagnostics:
        return
    command = " ".join(["philtre validate", shlex.quote(ruleset), *(f"--variant {shlex.quote(v)}" for v in variants)])
    click.echo(printable("warning: " + lead.format(command=f"`{command}`")), err=True)
    for d in diagnostics[:SHOWN_FINDINGS]:
        click.echo(printable(f"  {d.loc}: {d.code} {d.message}"), err=True)
    if len(diagnostics) > SHOWN_FINDINGS:
        click.echo(f"  ... and {len(diagnostics) - SHOWN_FINDINGS} more", err=True)


def warn_of_rules(rs, ruleset: str, variants=(), said: set | None = None) -> None:
    """Before a run's games: what the lints find in the rules played (a deal short of cards, a loop that never ends),
    which validate would have said, if it ever ran: the statistics are of the game as written. ``said``: the findings
    already said (compare's base, whose findings every arm shares), added to. Notes are left out: they fail nothing
    (a variant's rule dead as meant, L057, opened a trial's compare as a warning)."""
    from philtre.dsl.validate import rule_warnings

    said = set() if said is None else said
    found = [f for f in rule_warnings(rs) if f.fails and finding_key(f) not in said]
    said.update(map(finding_key, found))
    warn_of(found, f"{{command}} finds {len(found)} warning{'s' * (len(found) != 1)} in these rules; "
                   "the games are played as they are written:", ruleset, variants)


def finding_key(found) -> tuple:
    """What makes two findings one: the place, the code and the words."""
    d = found.diagnostic
    return str(d.loc), d.code, d.message


def load(ruleset, variants=(), playing: bool = False, base_scenarios: bool = False, set_aside: list | None = None):
    """The ruleset with its overlays, in order. ``playing``: for a command that plays games, which errors of the
    scenarios.yaml beside the ruleset alone do not stop: they are said, and the games are played without its scenarios
    (they test the rules, they are none; validate and test still refuse them). ``base_scenarios``: the base's
    scenarios in place of the overlays' own (`test --base-scenarios`); those that do not load on the overlays' rules
    added to ``set_aside`` (load_ruleset), where given."""
    from philtre.dsl import PhiltreError, load_ruleset

    each_once(variants, ruleset)
    try:
        return load_ruleset(ruleset, list(variants), base_scenarios=base_scenarios, set_aside=set_aside)
    except PhiltreError as exc:
        beside = _scenarios_beside_at_fault(exc, ruleset) if playing else None
        if beside is None:
            raise
        errors = exc.diagnostics
    try:
        rs = load_ruleset(ruleset, list(variants), beside=False)
    except PhiltreError as again:  # the rules' own errors, found once the scenarios (which stop at their file) are left out
        raise PhiltreError([*errors, *again.diagnostics]) from None
    warn_of_diagnostics(errors, f"{beside} has {len(errors)} error{'s' * (len(errors) != 1)} ({{command}} says how to fix "
                        f"each; a ruleset its scenarios were not written for goes in a folder of its own): the games are "
                        "played without its scenarios:", ruleset, variants)
    return rs


def _scenarios_beside_at_fault(exc, ruleset: str) -> str | None:
    """The scenarios.yaml beside ``ruleset`` where every error of ``exc`` is in it, else None (also where the
    ruleset given is that file itself: it is no ruleset, V003)."""
    from philtre.dsl.loader import only_in_file, resolve_ruleset_path, sibling_scenarios_path

    path = resolve_ruleset_path(ruleset)
    beside = sibling_scenarios_path(path)
    if os.path.realpath(path) == os.path.realpath(beside):
        return None
    return beside if only_in_file(exc.diagnostics, beside) else None


def each_once(variants, ruleset=None) -> None:
    """A usage error for an empty --variant, or an overlay given twice (by name, or one file by two paths, or by both):
    it is not applied twice."""
    seen = set()
    for variant in variants:
        if not variant:  # `--variant "$UNSET"`: no name was given, not one that is not found
            raise click.BadParameter("give a variant's name or an overlay file, not an empty text", param_hint="--variant")
        same = overlay_identity(ruleset, variant)
        if same in seen:
            raise click.UsageError(f"--variant {variant} is given twice: each overlay is applied once, in the order given")
        seen.add(same)


def overlay_identity(ruleset, variant: str) -> str:
    """What makes two --variant values one overlay: a file's real path, or that of the shipped variant a name resolves
    to (the name itself where neither is found: loading says why)."""
    if os.path.isfile(variant):
        return os.path.realpath(variant)
    return _variant_file(ruleset, variant) or variant


def _variant_file(ruleset, name):
    """The real path of the variant ``name`` of ``ruleset`` (None where either is not found)."""
    from philtre.dsl.errors import PhiltreError
    from philtre.dsl.loader import resolve_ruleset_path
    from philtre.dsl.overlays import resolve_variant_path

    if ruleset is None:
        return None
    try:
        return os.path.realpath(resolve_variant_path(resolve_ruleset_path(ruleset), name))
    except PhiltreError:
        return None


class WholeNumber(click.IntRange):
    """A whole number within bounds, whose messages say "integer" ('abc' is not a valid integer), as click's int does, not "integer range"."""

    name = "integer"

    def convert(self, value, param, ctx):
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter:
            if not (isinstance(value, str) and param is not None and _names_a_ruleset(value)):
                raise
            # `validate --smoke mygame`: the number was left out, and the option took the ruleset for it
            opt = max(param.opts, key=len)
            self.fail(f"{value!r} is not a valid integer. {opt} takes a number, written right after it: "
                      f"{opt} 20 {value}", param, ctx)


def _names_a_ruleset(value: str) -> bool:
    """Whether ``value`` is a path that exists or a shipped game's name (what a command takes besides its options)."""
    from philtre.dsl.loader import shipped_games

    return os.path.exists(value) or value in shipped_games()


class OnePlayerCount(WholeNumber):
    """``--players`` of a command that plays one player count (compare, play): several written (`-p 3..4`, `-p 3,4`)
    are refused saying so, and that simulate is the command that takes them."""

    def convert(self, value, param, ctx):
        if isinstance(value, str) and re.fullmatch(r"\s*\d+\s*(\.\.|,)\s*\d+[\d\s.,]*", value):
            command = ctx.info_name if ctx is not None and ctx.info_name else "this command"
            self.fail(f"{value!r} is not a valid integer: {command} takes one player count; run it once per count "
                      f"(simulate takes several, -p {value.strip()})", param, ctx)
        return super().convert(value, param, ctx)


PLAYERS_HELP = "Number of players (may be left out when the ruleset takes one number only)."


def players_for(rs, players):
    """``--players``, or the ruleset's one player count; a usage error naming the range when it takes several."""
    if players is not None:
        return players
    if len(rs.player_counts) == 1:
        return rs.player_counts[0]
    raise click.UsageError(f"Missing option '--players' / '-p': {rs.allowed_players()}")


if __name__ == "__main__":  # pragma: no cover
    main()
