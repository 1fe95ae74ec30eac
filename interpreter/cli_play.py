"""`philtre play` and `philtre replay`: one game at the terminal; re-running a record."""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
import weakref

import click

from .cli import EXIT_FINDINGS, EXIT_USAGE, PLAYERS_HELP, OnePlayerCount, WholeNumber, guarded, load, named, overlay_as_variant, overlay_identity, players_for, usable_file, warn_of
from .play_input import (LEAVING, NUMBER, SHOWN, Amounts, NumberReading, _a_position, _forbidding, _places, _position_hint,
                         command_typed, help_text, leaving_typed, listing, match_choice, number_note, read_listed)

@click.command()
@click.argument("ruleset", callback=named)
@click.option("--players", "-p", type=OnePlayerCount(1, 64), default=None, help=PLAYERS_HELP)
@click.option("--seat", "seats", type=int, multiple=True, default=[0], show_default=True,
              help="Your seat (0-based). Repeat it for several people at one terminal (hot seat: --seat 0 --seat 2): "
                   "each is asked in turn, the screen cleared and the terminal passed between them.")
@click.option("--seed", type=int, default=None, help="Game seed (default: random).")
@click.option("--variant", "variants", multiple=True, help="Apply an overlay (repeatable).")
@click.option("--record", "record_path", type=click.Path(dir_okay=False), default=None,
              help="Write the game's record (JSON Lines) to FILE once it ends; `philtre replay FILE` re-runs it.")
@click.option("--agents", default="random", show_default=True,
              help="The other seats' agents (those no --seat names): one for all, or one per other seat in seat order: "
                   "random, greedy[:N], greedy:turn, ismcts[:N[:D]].")
@click.option("--take-forced", is_flag=True,
              help="Take a decision of yours that has a single option by itself, and say so (`= bust() (your only option)`), "
                   "rather than ask for it.")
@guarded
@overlay_as_variant
def play(ruleset, players, seats, seed, variants, record_path, agents, take_forced):
    """Play a seat at the terminal against agents (random by default), or several seats in turn (hot seat)."""
    import random

    rs = load(ruleset, variants, playing=True)
    players = players_for(rs, players)
    rs.check_players(players)
    for i, seat in enumerate(seats):
        if not 0 <= seat < players:
            raise click.BadParameter(f"seat must be 0..{players - 1}", param_hint="--seat")
        if seat in seats[:i]:
            raise click.BadParameter(f"seat {seat} is given twice", param_hint="--seat")
    if record_path is not None:
        _not_played_from(record_path, ruleset, variants)
        usable_file(record_path, "'--record'")  # before the deal: a game played to its end is not lost to a bad path
    seed = random.randrange(2**31) if seed is None else seed
    _lenient_stdin()
    others = _other_agents(agents, players, seats)
    _warn_of_hidden_information(rs, ruleset, variants)
    try:
        game, bots, told = _played(rs, players, seats, seed, others, record_path, take_forced)
    except KeyboardInterrupt:  # while the agents decide (an ismcts decision may take minutes): as at the prompt
        _leave(seed, record_path, 130)
    except BrokenPipeError:  # `philtre play ... | head -5`: the reader has all it wanted; the seed must not go with the output
        _reader_gone(seed, record_path)
    try:
        if len(seats) == 1:
            _say_end(game, seats[0], seed, told[seats[0]])
        else:  # hot seat: the end is everyone's, drawn as an onlooker sees it, from the earliest of the seats' last looks
            if _at_a_terminal():
                _clear_screen()
            click.echo("\nThe game is over: its end, as every seat may see it")
            _say_end(game, None, seed, min(told.values()), seats)
    except BrokenPipeError:  # the game has ended: its record is not lost with the lines that say so
        _output_dropped()
        _ended_unsaid(game, bots, seed, record_path, "the output's reader is gone", EXIT_FINDINGS)
    except KeyboardInterrupt:  # Ctrl-C as the game's end is said: nor with a key pressed then
        _ended_unsaid(game, bots, seed, record_path, "interrupted", 130)
    _note_blind_agents(bots, game.ruleset.heuristic is not None)
    if record_path is not None:
        _write_record(game.recorder, record_path, seed)


def _warn_of_hidden_information(rs, ruleset: str, variants) -> None:
    """Say on stderr, before the deal, what the hidden-information lints find (lints.HIDDEN_INFORMATION: L008, L021,
    L024, L027, L030, L031, L033, L040, L043, L044, L050, L054, L059): a designer playing a seat takes the options (and
    the scores, variables and shuffled orders) for what it may know, and validate's warning, if it ever ran, is long
    gone."""
    from philtre.dsl.validate import hidden_information

    warn_of(hidden_information(rs), "this game's options (or a public roll, score, variable or shuffle) may show a seat what it "
                                    "cannot see; {command} says how to fix each:", ruleset, variants)


def _not_played_from(record_path: str, ruleset: str, variants) -> None:
    """A usage error for a --record that is the ruleset's file or an overlay played: the game's end wrote the record over it."""
    from philtre.dsl.loader import resolve_ruleset_path

    played = [os.path.realpath(resolve_ruleset_path(ruleset))] + [overlay_identity(ruleset, v) for v in variants]
    if os.path.realpath(record_path) in played:
        raise click.BadParameter(f"{record_path} is a file of the game played (its ruleset or an overlay): "
                                 f"the record would be written over it; give another file", param_hint="'--record'")


def _played(rs, players: int, seats, seed: int, others: dict, record_path, take_forced: bool = False):
    """Deal and play the game to its end, the choices of ``seats`` read at the prompt; the game, the agents and the events
    told each of those seats."""
    from .agents import make_agent
    from philtre.dsl.overlays import variant_descriptions

    from .game import Game
    from .render import seats_text
    from .summary import counted

    names = [others.get(p, "external") for p in range(players)]  # the seats' decisions came from outside
    with _failure_recorded(record_path, seed):  # a game a rule stops is kept too, up to the failure, and its seed said
        game = Game(rs, players, seed=seed, record=True, agents=names)  # the record tells the seat what happened since its last turn
        bots = {p: make_agent(name, seed + 1 + p) for p, name in others.items()}
        # the seed is said at the end: it makes every shuffle again, so it would show the hidden cards
        # the variants too: a designer playing a house rule sees that it is the one being played
        yours = f"you are seat {seats[0]}" if len(seats) == 1 else f"{seats_text(seats)} play at this terminal, in turn"
        click.echo(f"{rs.title}{''.join(f' + {v}' for v in rs.variants)}: {counted(players, 'player')}, {yours}")
        about = _one_line(rs.source.get("description") if isinstance(rs.source, dict) else None)
        if about:  # what the game is, as the ruleset says it, before its first position
            click.echo(about)
        for variant, text, _ in variant_descriptions(rs):  # and what each house rule changes, as its overlay says it
            if text:
                click.echo(f"+ {variant}: {text}")
        told = _turns(game, seats, bots, seed, record_path, take_forced)
    return game, bots, told


def _say_end(game, seat: int | None, seed: int, told: int, seated=()) -> None:
    """Say how the game ended: what happened since the seat's last decision, the board, the scores and the winners
    (``seat`` None: as an onlooker sees them, for the several seats played at the terminal, ``seated``, with each one's
    `show` definitions that read `me`, which it was shown during the game)."""
    from .render import keeps_scores

    _tell(game, seat, told)
    click.echo("\n" + _board(game, game.view(seat), _colour(), seated))
    click.echo(f"{_game_over(game, seat, keeps_scores(game.ruleset))} (seed {seed}: --seed {seed} plays this deal again)")


def _game_over(game, seat, scored: bool) -> str:
    """The end of a game as play says it, and `replay --text`: `game over: scores [24, 24], winners [0, 1] (you among
    them)` (``seat`` None: an onlooker's, no one's `(you)`; ``scored``: whether the game keeps scores, render.keeps_scores:
    a game won on the board keeps none, and says no `scores [0, 0]`)."""
    won = f"winners {game.winners}{_yours(game.winners, seat)}{_tie_broken(game)}" if game.winners else "no winner"  # as simulate says it
    return f"game over: {f'scores {game.scores}, ' if scored else ''}{won}"


def _colour() -> bool:
    """Whether the grid is drawn in colour: on a terminal, unless NO_COLOR is set (no-color.org) or TERM is dumb."""
    return sys.stdout.isatty() and not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"


def _width() -> int:
    """The columns a board's long zone lines are wrapped to: the terminal's, else (output to a file or a pipe) a
    fixed BOARD_LINE, so that what play prints does not depend on where it ran."""
    from .render import BOARD_LINE

    if not sys.stdout.isatty():
        return BOARD_LINE
    return max(shutil.get_terminal_size((BOARD_LINE, 24)).columns - 1, 40)  # (a line as wide as the terminal wraps twice)


def _board(game, view: dict, colour: bool, seated=()) -> str:
    """The board play draws for the seat of ``view`` (None: an onlooker, shown the `me`-reading `show` definitions of
    the ``seated`` seats only: render.shown_values), a die the last roll did not roll marked `(earlier roll)`
    (render.last_rolled: the record that play keeps says which were)."""
    from .render import last_rolled, render_view, shown_values

    last = last_rolled(game.recorder.events) if game.ruleset.dice and game.recorder is not None else None
    return render_view(view, game.ruleset, colour, True, shown_values(game, view["seat"], seated), _width(), last)


class _AtTheTerminal:
    """What play keeps of one seat played at the terminal: the events of the record told it, the actions its previous
    decision offered (their descriptions were said then), how it answered a number that was both an option's and a
    value, and the boards shown it."""

    def __init__(self):
        self.told = 0
        self.offered: set = set()
        self.reading = NumberReading()
        self.boards = 0


def _turns(game, seats, bots: dict, seed: int, record_path, take_forced: bool = False) -> dict:
    """Every decision to the game's end: the agents' asked of them, those of ``seats`` asked at the prompt after what
    happened (a lone option taken unasked with ``take_forced``); seat -> the count of events told it (what followed is
    told with the game's end). Where several seats are played at the terminal (hot seat), it is handed over (_hand_over)
    before a seat's view is drawn where another's was, and each is told what happened from its own view only."""
    from .agents import ask
    from .options import boards_wording, option_wording, single_zones
    from .render import seen_ids

    colour = _colour()
    # an option names a single zone as the board does: deck, not deck[0]; (and a position off the board is said so)
    singles = boards_wording(single_zones(game.ruleset), game.ruleset, game.state.nplayers)
    here = {seat: _AtTheTerminal() for seat in seats}
    hot = len(seats) > 1
    on_screen = None  # the seat whose view the screen shows (hot seat)
    for seat in seats:
        _note_starting_values(game, seat)
    while not game.finished:
        for p in game.pending():
            options = game.options(p)
            if p not in here:
                with _thinking(p, bots[p]):
                    chosen = ask(bots[p], game, p)  # a search agent gets what that seat knows, no more
                game.apply(p, chosen)
                continue
            seat, it = p, here[p]
            if hot and seat != on_screen:
                if take_forced and len(options) == 1:  # taken out of sight, the terminal not passed for it: the seat
                    _own_decisions(game, seat)["at_once"].append(True)  # is told it, `(you)`, at its next hand-over
                    game.apply(seat, options[0])
                    continue
                from .views import turn_seat  # (here: `philtre --help` imports this module, and views imports dsl)

                _hand_over(seat, seed, record_path, turn_seat(game.state))
                on_screen = seat
            it.told = _tell(game, seat, it.told)
            options = listed_order(game, options)
            view = game.view(seat)
            words = option_wording(game, view, options, singles)
            if take_forced and len(options) == 1:  # nothing to choose: the seat is told what it did, not asked
                chosen = options[0]
                if not it.boards:  # but shown the board once first: a trial game's seat took three forced plays having
                    # never seen its hand
                    click.echo("\n" + _board(game, view, colour))
                    _note_shown(game, view)
                    it.boards += 1
                click.echo(f"  = {chosen.label(seen_ids(view), words)} (your only option)")
            else:
                click.echo("\n" + _board(game, view, colour))
                _note_shown(game, view)
                it.boards += 1
                said = _descriptions(options, game.ruleset, it.offered)
                it.offered = {option.action for option in options}
                _say_at_once(view)
                _list(options, seen_ids(view), words, said)
                chosen = _ask(options, seed, record_path, words, it.reading, game.decisions + 1, _forbidding(game, seat, options, words),
                              lambda: _show_again(game, view, options, words, said),
                              lambda start, most: _list(options, seen_ids(view), words, said, start, most))
            # (at a hot seat the seat's decision is told it with what followed, its prompt cleared off the screen since)
            _own_decisions(game, seat)["at_once"].append(hot or _at_once(view))
            game.apply(seat, chosen)
    return {seat: it.told for seat, it in here.items()}


def _hand_over(seat: int, seed: int, record_path, turn=None) -> None:
    """Hot seat: before ``seat``'s view is drawn, take the previous one's off the screen and have the terminal passed.
    At a terminal the screen (its scrollback too) is cleared and the line said, and Enter awaited before the board is
    drawn; choices read from a pipe or a file (a script, a test) get the line alone: nothing to clear, and no extra line
    to answer, so a script stays one line a decision. It is `Seat 1's turn` only where ``turn``, the seat whose turn
    the board says it is, is that seat, else `Seat 1 to choose` (a trial's seat 1, choosing in secret in seat 0's turn,
    was told it was its turn right above a board saying `turn: seat 0`)."""
    whose = "'s turn" if turn == seat else " to choose"
    said = f"Seat {seat}{whose}: pass the terminal to seat {seat}"
    if not _at_a_terminal():
        click.echo(f"\n{said}")
        return
    _clear_screen()
    _line(seed, record_path, f"{said}, then press Enter", err=False, default="", show_default=False, prompt_suffix=" ")


def _clear_screen() -> None:
    """Clear the terminal play writes to, and its scrollback (ANSI): nothing of a seat's view is left to scroll back to.
    Nothing where neither stdout nor stderr is a terminal."""
    for stream in (sys.stdout, sys.stderr):
        if stream.isatty():
            stream.write("\033[H\033[2J\033[3J")
            stream.flush()
            return


def listed_order(game, options):
    """The options in the order play lists and numbers them: each action's together, where it first comes, and those
    that differ by a component lying in a zone with `show_sorted` in that zone's order, as the board shows the zone
    (16 cards of a hand offered in deal order were hard to scan: a trial); those that differ by a set of such
    components (a list chosen among subsets) by their sets, each in that order, compared item by item (a trial's
    discard of two cards of six). The engine's order, the agents', records' and replays', is unchanged: an option is
    taken as the object it is."""
    from .options import set_lists

    zones = game.ruleset.zones
    if not any(spec.show_sorted for spec in zones.values()):
        return options
    actions: dict = {}
    for option in options:
        actions.setdefault(option.action, len(actions))
    sets = set_lists(game.ruleset)
    return sorted(options, key=lambda option: (actions[option.action],
                                               tuple(_listed_key(game, value, (option.action, name) in sets)
                                                     for name, value in option.args)))


def _listed_key(game, value, a_set: bool = False) -> tuple:
    """An option's argument's key in listed_order: a component's in its zone's `show_sorted` order; a list's, its items'
    keys in its order (``a_set``, chosen among subsets: in theirs, as its label lists it); else none (kinds tagged apart:
    a key of a list is never compared with a component's)."""
    from philtre.dsl.values import Component

    from .options import shown_key

    if isinstance(value, Component):
        key = shown_key(game, value)
        return (1, key) if key else (0,)
    if value.__class__ is list and any(isinstance(c, Component) for c in value):
        keys = [shown_key(game, c) if isinstance(c, Component) else () for c in value]
        return (2, tuple(sorted(keys) if a_set else keys)) if any(keys) else (0,)
    return (0,)


@contextlib.contextmanager
def _thinking(seat: int, agent, stream=None):
    """On a terminal, 'seat 2 (ismcts) is thinking...' while a searching agent decides, erased once it has: its search
    takes seconds, and a terminal silent meanwhile looked like a game that hung."""
    stream = stream or sys.stderr
    shown = getattr(agent, "name", "random") != "random" and stream.isatty()
    if shown:
        stream.write(f"seat {seat} ({agent.name}) is thinking...")
        stream.flush()
    try:
        yield
    finally:
        if shown:
            stream.write("\r\033[K")  # the line erased: what the agent did is told with the seat's next turn
            stream.flush()


def _say_at_once(view: dict) -> None:
    """Say that the decision is one several seats take at once, in secret (a `simultaneous` step), and who has chosen."""
    turn = view.get("turn") or {}
    deciding = turn.get("deciding") or []
    if not turn.get("simultaneous") or len(deciding) < 2:
        return
    from .render import seats_text

    decided = [s for s in turn.get("decided") or [] if s != view["seat"]]
    chosen = f" ({seats_text(decided)} {'has' if len(decided) == 1 else 'have'} chosen)" if decided else ""
    click.echo(f"  at once: {seats_text(deciding)} choose in secret{chosen}")


def _at_once(view: dict) -> bool:
    """Whether the seat's decision is one of a `simultaneous` step of several seats, whose effects all follow the
    step's decisions."""
    turn = view.get("turn") or {}
    return bool(turn.get("simultaneous")) and len(turn.get("deciding") or []) > 1


def _list(options, seen: set, single_zones=(), said=None, start: int = 0, most: int = SHOWN) -> None:
    """Lines ``start`` + 1 to ``start`` + ``most`` of the options' listing with their numbers (a run of amounts one
    line: listing), the first SHOWN unless `more` or `all` asked for others, and how the others are reached; each
    description of ``said`` (action -> text: _descriptions) right above the first line of its action listed (a trial's
    only header, of the action whose options came last, read as if the options above its own were that action's),
    those of actions not listed yet above how the others are reached."""
    lines = listing(options, single_zones)
    untold = dict(said or {})
    end = start + most
    for i, line in enumerate(lines[start:end], start + 1):
        if line.action in untold:
            click.echo(f"  {line.action}: {untold.pop(line.action)}")
        hint = f"  {line.hint(i)}" if isinstance(line, Amounts) else ""
        click.echo(f"  {i:>3}. {line.label(seen, single_zones)}{hint}")
    after = {line.action for line in lines[end:]}
    for action, text in untold.items():
        if action in after:
            click.echo(f"  {action}: {text}")
    if len(lines) > end:
        unlisted = _unlisted(lines, end)
        examples = [line.label(None, single_zones) for line in unlisted.values()]
        if _places(options):
            more = f"a number, or {_position_hint(options, '', single_zones)}"
            more += f", or an option as listed: {', '.join(examples)}" if examples else ""
        else:
            more = f"a number, or an option as listed: {', '.join(examples or [lines[-1].label(None, single_zones)])}"
        actions = f" ({_actions_in(lines[end:], unlisted, single_zones)})" if len({o.action for o in options}) > 1 else ""
        values = _values_unlisted(lines, end, single_zones)
        click.echo(f"  ... and {len(lines) - end} more{actions}{values}: type {_paging(lines, end)}, {more}")


def _paging(lines: list, end: int) -> str:
    """How to list the lines past the first ``end``: `more` for the next SHOWN, `all` for every line (a trial's 85
    options could not be seen past the 40th: `board` listed the same 40)."""
    following = min(SHOWN, len(lines) - end)
    which = "them" if following == len(lines) - end else f"the next {following}"
    return f"more to list {which} ({end + 1}..{end + following}), all to list all {len(lines)}"


def _unlisted(lines, end: int = SHOWN) -> dict:
    """action -> the last of ``lines`` of each action none of the first ``end`` lines is of: past 40 options, a trial's
    only option of another action lay among those not listed, and nothing said that action was possible."""
    listed = {line.action for line in lines[:end]}
    return {line.action: line for line in lines[end:] if line.action not in listed}


VALUES_SAID = 4  # values of an action's first choice that no line listed shows, named under the list; past that, none


def _values_unlisted(lines: list, end: int, single_zones=()) -> str:
    """Under a list cut at ``end``, the values of each action's first choice (its first argument whose values tell its
    lines apart) that none of the lines listed (``start`` to ``end``) shows, where its other lines are listed: `, 6 of
    them play(c=card b, ...) numbered 46..51` (a trial's hand of two cards gave 45 options of the first card
    and 6 of the second: the 40 listed were all of the first, and a new player took it for the only card playable).
    '' where there are none, or more than VALUES_SAID of an action, or where its first choice has a value a line (its
    lines are paged, as they are). An action none of the lines listed shows is said by _actions_in."""
    by_action: dict = {}
    for i, line in enumerate(lines):
        by_action.setdefault(line.action, []).append((i + 1, _line_texts(line, single_zones)))
    said = []
    for action, numbered in by_action.items():
        listed = [texts for n, texts in numbered if n <= end]  # (those of the pages before too: `more` lists on)
        if not listed or len(listed) == len(numbered):
            continue
        first = next((name for name, _ in numbered[0][1] if len({dict(texts).get(name) for _, texts in numbered}) > 1), None)
        if first is None or len({dict(texts).get(first) for _, texts in numbered}) == len(numbered):
            continue  # (a choice that tells every line apart, a square of a board each, groups none)
        shown = {dict(texts).get(first) for texts in listed}
        unlisted: dict = {}
        for n, texts in numbered:
            value = dict(texts).get(first)
            if value not in shown and n > end:
                unlisted.setdefault(value, []).append(n)
        if len(unlisted) > VALUES_SAID:
            continue
        for value, numbers in unlisted.items():
            said.append(f"{len(numbers)} of them {action}({first}={value}"
                        f"{', ...' if len(numbered[0][1]) > 1 else ''}) numbered {_numbers_text(numbers)}")
    return "".join(f", {one}" for one in said)


def _line_texts(line, single_zones=()) -> list:
    """(name, text) of each argument of a line of the listing, as its label writes it: a run of amounts' own argument
    as the run (`63..100`)."""
    if isinstance(line, Amounts):
        return [(n, line.run() if n == line.name else t) for n, t in line.options[0].argument_texts(None, single_zones)]
    return line.argument_texts(None, single_zones)


def _numbers_text(numbers: list) -> str:
    """Option numbers, runs of them as `46..51`: `12, 46..51`; past three runs, from the first: `from 12`."""
    runs = []
    for n in numbers:
        if runs and runs[-1][1] == n - 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    if len(runs) > 3:
        return f"from {numbers[0]}"
    return ", ".join(str(a) if a == b else f"{a}..{b}" for a, b in runs)


def _actions_in(hidden, unlisted: dict, single_zones=()) -> str:
    """The actions of the ``hidden`` lines, in their order, each as `ACTION x6`, or by its line where it is an action
    of ``unlisted`` with that line alone (`ACTION()`): what the lines not listed hold, each action named (said where the
    decision offers several actions)."""
    counts: dict = {}
    for line in hidden:
        counts[line.action] = counts.get(line.action, 0) + 1
    return ", ".join(unlisted[action].label(None, single_zones) if n == 1 and action in unlisted else f"{action} x{n}"
                     for action, n in counts.items())


def _show_again(game, view: dict, options, single_zones=(), said=None) -> None:
    """The board and the options again, as the decision showed them, its descriptions ``said`` too (`board` typed: a
    trial's board had scrolled away)."""
    from .render import seen_ids

    click.echo("\n" + _board(game, view, _colour()))
    _say_at_once(view)
    _list(options, seen_ids(view), single_zones, said)


def _descriptions(options, ruleset, before: set) -> dict:
    """action -> its `description`, of each action offered that has one and that the previous decision (``before``, the
    actions it offered) did not offer, in the order the options come: _list says each above its action's options."""
    # options that differ only by argument order (the same components to slots in another order) are read by their action's description;
    # said again at each decision of the same action in a row, it would only push the options up the screen
    actions = dict.fromkeys(option.action for option in options if option.action not in before)
    return {name: text for name in actions if (text := _description(ruleset, name))}


def _description(ruleset, action: str) -> str:
    """An action's `description` as the ruleset writes it (free text the engine ignores), on one line; '' when it has none."""
    try:
        text = ruleset.source["actions"][action].get("description")
    except (KeyError, TypeError, AttributeError):  # a ruleset built in code, without its YAML
        return ""
    return _one_line(text)


def _one_line(text) -> str:
    """A `description` (free text the engine ignores, maybe written over several lines) on one line; '' for none."""
    return " ".join(str(text).split()) if text else ""


def _write_record(recorder, path, seed: int) -> None:
    """Write the record of the game played; a file that fails now (a full disk) is said, exit 1: the seed is said above."""
    try:
        recorder.write(path)
    except OSError as exc:
        click.echo(f"cannot write {path}: {exc.strerror or exc}; no record written "
                   f"(seed {seed}: --seed {seed} plays this deal again)", err=True)
        sys.exit(1)
    click.echo(f"record written to {path}: philtre replay {path} re-runs it", err=True)


def _yours(winners: list, seat: int) -> str:
    """Whether the seat played won, beside the winners: `winners [1]` alone left the player to recall which seat was theirs."""
    if seat not in winners:
        return ""
    return " (you)" if len(winners) == 1 else " (you among them)"


def _tie_broken(game) -> str:
    """Where the winners tie on the score with other seats and a later ranking key parted them, say so: scores [7, 7],
    winners [1] reads as a mistake. Only where the first key is the score, which the line shows anyway."""
    spec = game.ruleset.winners
    if spec is None or spec.order == "expression" or len(spec.keys) < 2 or not game.winners:
        return ""
    try:
        first = [spec.keys[0].fn(game.state, {"p": p}) for p in range(len(game.scores))]
    except Exception:  # noqa: BLE001 - a key that fails here failed nothing: the winners stand, unexplained
        return ""
    if first != list(game.scores):  # a key the seat may not see: a tie there is not the screen's to tell
        return ""
    level = [p for p in range(len(first)) if first[p] == first[game.winners[0]] and p not in game.winners]
    if not level:
        return ""
    later = ", then ".join(f"`{key.text.strip()}`" for key in spec.keys[1:])
    return f", level on the score with seat{'s' if len(level) > 1 else ''} {', '.join(map(str, level))} and ranked further by {later}"


def _note_blind_agents(bots: dict, heuristic: bool) -> None:
    """Say when an agent chose at random at each of its decisions (greedy: every option equal; ismcts: every sample broke
    a rule): its play was no strategy's (docs/agents.md#greedy); ``heuristic``: the ruleset declares one."""
    from .summary import at_random_note

    blind = [p for p, bot in bots.items() if getattr(bot, "decided", 0) and bot.blind == bot.decided]
    if blind:
        names = [getattr(bots.get(p), "name", "greedy") for p in range(max(bots) + 1)]
        failed = {p: [bots[p].failed, bots[p].blind] for p in blind if getattr(bots[p], "failed", 0)}  # (greedy's look-aheads broke a rule)
        click.echo(at_random_note(blind, agents=names, failed=failed, heuristic=heuristic), err=True)


def _other_agents(agents: str, players: int, seats) -> dict:
    """seat -> agent name for every seat but ``seats`` (those played at the terminal), from --agents: one name for all,
    or one per other seat in order."""
    from .agents import make_agent

    names = [n.strip() for n in agents.split(",")]
    others = [p for p in range(players) if p not in seats]
    if len(names) == 1:
        names = names * len(others)
    if len(names) != len(others):
        if not others:
            raise click.BadParameter(f"every seat is played at the terminal (--seat): no seat is left to an agent, "
                                     f"got {len(names)}", param_hint="--agents")
        played = "" if len(seats) == 1 else f" (the seats not played at the terminal: --seat {', '.join(map(str, seats))})"
        raise click.BadParameter(f"give one agent for all the other seats, or one per other seat ({len(others)}: "
                                 f"seats {', '.join(map(str, others))}), got {len(names)}{played}", param_hint="--agents")
    for name in names:
        try:
            make_agent(name, 0)
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint="--agents") from None
    return dict(zip(others, names))


@contextlib.contextmanager
def _failure_recorded(record_path, seed: int):
    """Write the record of a game a rule stops (R100, R200, R300) up to the failure to ``record_path``, if given, and
    say the game's seed (a random one was said nowhere, so the failure could not be played again)."""
    from philtre.dsl.errors import PhiltreError

    try:
        yield
    except PhiltreError as exc:
        recorder = getattr(exc, "recorder", None)
        if recorder is None:  # not a game a rule stopped
            raise
        again = f"seed {seed}: --seed {seed} plays this deal again"
        if record_path is None:
            raise exc.hinted(again) from None
        try:
            recorder.write(record_path)
        except OSError as err:  # a full disk: the failure is still said, with its seed
            raise exc.hinted(f"{again}; cannot write {record_path}: {err.strerror or err}") from None
        raise exc.hinted(f"{again}; the record up to the failure is in {record_path}; `philtre replay {record_path}` plays it again") from None


TOLD = 30  # lines of what happened told at once before a decision, as far as runs of moves can be told by how many
MOVES = ("move", "gather", "deal", "place")  # what a recap may tell by how many: the board shows where things now lie
SETS = ("set",)  # and values set, which the board shows too (a betting round's bookkeeping kept a runout's cards out)
RUN_CUT = 5  # the lines of the shortest run a recap tells by how many
MINE = "mine "  # the kind of a line that touches the seat (`mine move`, `mine set`: _touches), told whole in a run cut


# Each table below is kept per game played, then per seat played at the terminal (several at a hot seat: _seats_own).
# per game played, each variable's value (or one seat's entry of it) as the seat was last told it: a `set` that leaves it
# so is no news (a bluffing game's seven bookkeeping variables reset each turn, most already so, were a quarter of the lines)
_VALUES_TOLD: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
# per game played, whether each of the seat's decisions (in the order it took them, which is the record's) was one of a
# simultaneous step of several seats, and how many of them were told: such a step records every seat's decision before
# any effect, so the seat's own is told too, or its effects read as the last other seat's (`> seat 0: call()` then
# `first_caller = 1`); at a hot seat each of its decisions is marked so, to be told: its prompt was cleared since
_OWN_DECISIONS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
# per game played, where each piece the seat was told of lies on a grid (id -> (x, y, rot)), followed through its record:
# a decision names a piece with the place it had, as the options do (which of four alike pieces moved)
_PLACES_TOLD: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _seats_own(table: weakref.WeakKeyDictionary, game, seat, made):
    """``seat``'s entry of ``table`` for ``game`` (made by ``made`` the first time): each seat at a hot seat is told
    what happened as its own record has it, its own values and pieces as it was told them."""
    return table.setdefault(game, {}).setdefault(seat, made())


def _own_decisions(game, seat) -> dict:
    """``seat``'s entry of _OWN_DECISIONS."""
    return _seats_own(_OWN_DECISIONS, game, seat, lambda: {"at_once": [], "told": 0})


def _tell(game, seat: int, told: int) -> int:
    """Say what happened since event ``told``, as ``seat``'s record shows it (its own decisions left out, but for one of
    a simultaneous step of several seats, a `set` that leaves a value as the seat was told it, and a `set` of a `quiet`
    variable); the new count."""
    from .options import value_labels
    from .render import (depths_told, event_text, moves_joined, placed_by_told, placed_from_text, quiet_known, seat_sets,
                         through_quiet, with_labels, wrapped)

    told_to = placed_by_told(game.recorder.valued(game.recorder.told_to(seat, told), seat), game.recorder.placed_by)
    rollers = _rollers(game, told_to)
    events = depths_told(told_to, game.recorder.on_top, seat)  # (a move at the depth of the zone's count: on top)
    values = _seats_own(_VALUES_TOLD, game, seat, dict)
    own = _own_decisions(game, seat)
    fresh = seat not in _PLACES_TOLD.get(game, {})
    placed = _seats_own(_PLACES_TOLD, game, seat, dict)
    if fresh and told:  # (the end's account as every seat may see it begins past the start: where pieces lay by then,
        # or a decision names a piece moved without it, `move(piece=man (seat 0), ...)`, which of alike ones lost: a trial)
        for _, e in (pair for pair in game.recorder.told_to(seat) if pair[0] < told):
            _follow_places(e, placed, game)
    lines = []
    drawn = None  # (the move of hidden components told last, its line's index): the next alike is told with it
    # (seeds sown through a quiet hand: one line, not one a seed)
    events = through_quiet(events, game.ruleset, quiet_known(game, told_to, seat))
    events = moves_joined(events, game.ruleset)  # (moves from a family's zones into one: one line, not one a zone)
    events = with_labels(kind_changes(events, placed, game), value_labels(game))  # (a disc flipped: one line, not two)
    for i, e in enumerate(events):
        roller = next(rollers, None) if e.get("event") == "roll" else None
        if (joined := _joined_draw(drawn, e, len(lines))) is not None:
            # a hidden card drawn after another, from and to the same zones, told with it, as a deal is: 8 draws were 8
            # lines of `a hidden component from deck to hand[1]` (a trial)
            drawn = (joined, drawn[1])
            lines[drawn[1]] = (lines[drawn[1]][0], f"      {event_text(drawn[0], game.ruleset, placed, seat, game.state.nplayers)}")
            _follow_places(e, placed, game)
            continue
        if e.get("event") == "decision":
            drawn = None  # (a draw after a decision, the seat's own untold too, is another's doing)
        text = event_text(e, game.ruleset, placed, seat, game.state.nplayers)
        _follow_places(e, placed, game)
        if _placing(e, events[i + 1] if i + 1 < len(events) else None):
            continue  # told with the place that follows it, once
        if i and _placing(events[i - 1], e) and text is not None:  # (None: told with another, kind_changes)
            text = placed_from_text(events[i - 1], e, game.ruleset)
        if e.get("event") == "decision" and e.get("player") == seat:
            nth, own["told"] = own["told"], own["told"] + 1
            if nth >= len(own["at_once"]) or not own["at_once"][nth]:
                continue  # a decision of the seat's own turn: its effects follow its prompt
            text = text and text.replace(f"seat {seat}:", f"seat {seat} (you):", 1)
        if text is None or _quiet(e, game.ruleset):
            continue
        text = _unturned(text, events, i, game)
        entries = seat_sets(e, game.ruleset)
        if entries is not None:  # a long per-seat value: the seats whose entry is news, a line each, as the board has them
            for one in entries:
                before = _told_before(one, values)
                if _news(one, values):
                    lines += _mine(_set_lines(one, game.ruleset, before), one.get("index") == seat)
            continue
        before = _told_before(e, values) if e.get("event") == "set" else _UNTOLD
        if e.get("event") == "set" and not _news(e, values):
            continue
        if e.get("event") == "set":  # (a table drawn as its rows, a long list broken after its commas)
            lines += _mine(_set_lines(e, game.ruleset, before), _touches(e, seat, game.ruleset, game.state.nplayers))
            continue
        text = _rolled_in(roller, text)  # (the record does not say where the dice were rolled; the game that made it does)
        said = f"  > {text}" if e.get("event") == "decision" else f"      {text}"  # what follows a decision is its doing
        if e.get("event") == "reveal":  # a hand shown at a round's end, broken after its commas as the board's zone lines
            lines += [("reveal", line) for line in wrapped(said, _width())]
            continue
        drawn = (e, len(lines)) if _hidden_move(e) else None
        lines.append((f"{MINE if _touches(e, seat, game.ruleset, game.state.nplayers) else ''}{e.get('event')}", said))
    if lines:
        click.echo("")
    moves = {text for kind, text in lines if kind.removeprefix(MINE) in MOVES}
    for line in recap(lines, TOLD):  # a move's long line broken after a comma as the board's zone lines (a trial's was 160 wide)
        for part in wrapped(line, _width()) if line in moves else [line]:
            click.echo(part)
    return len(game.recorder.events)



def _rollers(game, told_to):
    """In whose action or turn each `roll` event a seat is told was rolled ((seat, action or None), Recorder.rolled_by),
    in their order: the game that made the record knows, the record does not. Kept by order, not by position, since
    moves told together (through a quiet zone, from a family's zones) and a `set` the seat may not see leave the told
    list shorter than the record; rolls are never joined or left out."""
    return iter([game.recorder.rolled_by.get(index) for index, e in told_to if e.get("event") == "roll"])


def _rolled_in(roller, text: str) -> str:
    """A roll's ``text`` told with the action or turn it was rolled in, `in seat 0's action throw, rolled d1: pips=4;
    d2: pips=6`, never as a seat's: dice belong to no seat, and a trial's roll of two seats' dice in one seat's action
    was told as that seat's, `seat 0 rolled ...`; `action` said since an action named by a noun or a word read oddly
    there (`in seat 0's both`); ``text`` as it is for a roll of the flow's own (``roller`` None)."""
    if roller is None:
        return text
    seat, action = roller
    return f"in seat {seat}'s {'turn' if action is None else f'action {action}'}, {text}"

def _touches(event: dict, seat: int, ruleset, nplayers: int) -> bool:
    """Whether ``event`` moves components from or to a zone of ``seat``'s own (`each: player`) or its team's (`each:
    team`), or sets its entry (its team's) of a per-seat (per-team) variable: what another seat's decision did to it, told whole however much else is told by how many (a
    trial's district destroyed was folded into `... 7 moves` with the round's bookkeeping)."""
    if event.get("event") == "set":
        spec = ruleset.variables.get(event.get("variable"))
        return spec is not None and spec.per_owner and type(event.get("index")) is int and seat in spec.entry_seats(event["index"], nplayers)
    if event.get("event") not in MOVES:
        return False
    for zone in _zones_in([event.get("from"), event.get("to"), event.get("zone")]):
        spec = ruleset.zones.get(zone["zone"])
        index = zone.get("seat", zone.get("index"))
        if spec is not None and spec.owned and type(index) is int and (
                index == seat if "seat" in zone else spec.owner(index) == seat):
            return True
        if spec is not None and spec.teamed and type(zone.get("index")) is int and seat in spec.seats_of(zone["index"], nplayers):
            return True
    return False


def _zones_in(value) -> list:
    """The zones, as a record writes them ({zone, index, ...}), in a move's, gather's, deal's or place's from and to."""
    if isinstance(value, dict):
        return [value] if isinstance(value.get("zone"), str) else []
    if isinstance(value, list):
        return [zone for item in value for zone in _zones_in(item)]
    return []


def _mine(lines: list, mine: bool) -> list:
    """``lines`` (kind, text) of an event, their kinds marked MINE where it touches the seat (_touches): told whole by
    recap, where the others of their run are told by how many."""
    return [(MINE + kind, text) for kind, text in lines] if mine else lines


def _hidden_move(event: dict) -> bool:
    """Whether ``event`` is a move of components all hidden from the seat (a card drawn to another's hand)."""
    from .records import HIDDEN, is_back

    comps = event.get("components") if event.get("event") == "move" else None
    return bool(comps) and all(c == HIDDEN or is_back(c) for c in comps)


def _joined_draw(drawn, event: dict, told: int) -> dict | None:
    """The hidden move told last, ``drawn`` (its event and its line's index), with ``event`` joined to it where that is
    another alike right after it (``told`` lines so far: nothing told between them); else None. Play's account and
    `replay --text` tell a run of draws as one line so."""
    if drawn is None or told != drawn[1] + 1 or not _drawn_with(drawn[0], event):
        return None
    return {**drawn[0], "components": drawn[0]["components"] + event["components"]}


def _drawn_with(move: dict, event: dict) -> bool:
    """Whether ``event`` moves hidden components as ``move`` did, from and to the same zones (told with it)."""
    from .render import JOINED

    return (_hidden_move(event) and event["from"] == move["from"] and event["to"] == move["to"]
            and event.get("at") == move.get("at") and JOINED not in event and JOINED not in move)


def _unturned_place(text: str, event: dict, game) -> str:
    """A `place` at rot 0 told without its rot where turning changes nothing (a grid whose pieces never turn, a piece
    that looks the same at every turn: a marble), `marble (seat 0) placed on board at x=2 y=2`; any other text as it is."""
    at = event.get("at")
    if event.get("event") != "place" or not isinstance(at, dict) or at.get("rot") != 0:
        return text
    from .options import turning_tells_nothing

    piece = event["component"]
    if not isinstance(piece, dict) or not turning_tells_nothing(game, event["zone"]["zone"], piece.get("id")):
        return text
    from .render import cell_text

    cell = cell_text(game.ruleset, event["zone"]["zone"], at["x"], at["y"])
    head, said, tail = text.rpartition(f" at {cell} rot=0")
    return f"{head} at {cell}{tail}" if said else text


def _unturned(text: str, events: list, i: int, game) -> str:
    """The text of event ``i`` of ``events`` without the rot=0 that turning tells nothing of (_unturned_place,
    _unturned_decision): play's account and `replay --text` tell a place alike."""
    event = events[i]
    if event.get("event") == "place":
        return _unturned_place(text, event, game)
    return _unturned_decision(text, event, events[i + 1:], game) if event.get("event") == "decision" else text


def _unturned_decision(text: str, event: dict, after: list, game) -> str:
    """A decision's text with each position at rot 0 written without its rot, `place(at=(x=3, y=3))`, where the
    piece placed there next (before another decision) is told so (_unturned_place); any other text as it is."""
    if event.get("event") != "decision":
        return text
    from .render import cell_text, position_labels, position_text

    labels = position_labels(game.ruleset)
    for at in [v for v in event.get("args", {}).values() if _a_position(v) and v["rot"] == 0]:
        place = next((e for e in _until_a_decision(after) if e.get("event") == "place" and isinstance(e.get("at"), dict)
                      and (e["at"].get("x"), e["at"].get("y"), e["at"].get("rot")) == (at["x"], at["y"], 0)), None)
        told = place and f" at {cell_text(game.ruleset, place['zone']['zone'], at['x'], at['y'])} rot=0"
        if place is not None and told not in _unturned_place(told, place, game):
            text = text.replace(position_text(at, labels), position_text(at, labels, unturned=True))
    return text


def _until_a_decision(events: list):
    """The events up to the next decision."""
    for e in events:
        if e.get("event") == "decision":
            return
        yield e


def _quiet(event: dict, ruleset) -> bool:
    """Whether ``event`` sets a variable the ruleset marks `quiet`: bookkeeping (a flag reset each turn), neither told
    as it changes nor shown on the board (render_view's ``played``)."""
    return event.get("event") == "set" and ruleset.variables[event["variable"]].quiet


def _placing(move: dict, place) -> bool:
    """Whether ``move`` is the move of a `place` from another zone, the ``place`` event after it (one piece, seen, to the
    grid it is then placed on): play tells the two as one line."""
    if move.get("event") != "move" or place is None or place.get("event") != "place" or len(move["components"]) != 1:
        return False
    from .render import TOLD_WITH

    if TOLD_WITH in place:  # (told with another: a run of places joined, render.places_joined)
        return False
    piece, placed = move["components"][0], place["component"]
    return (isinstance(piece, dict) and isinstance(placed, dict) and piece.get("id") is not None
            and piece.get("id") == placed.get("id") and move["to"] == place["zone"])


def _follow_places(event: dict, placed: dict, game=None) -> None:
    """Keep ``placed`` (id -> (x, y, rot)) where each piece the seat saw placed on a grid lies after ``event``: a piece
    leaves its place when it moves to another zone (the record's events are all that play reads of it); with the
    ``game``, the rot None where it is 0 and turning tells nothing (options.turning_tells_nothing)."""
    from .options import turning_tells_nothing

    kind = event.get("event")
    if kind == "place":
        piece, at = event["component"], event["at"]
        if isinstance(piece, dict) and "id" in piece:
            if isinstance(at, dict) and "x" in at:
                unturned = at["rot"] == 0 and game is not None and turning_tells_nothing(game, event["zone"]["zone"], piece["id"])
                placed[piece["id"]] = (at["x"], at["y"], None if unturned else at["rot"])
            else:  # a place the seat does not see
                placed.pop(piece["id"], None)
        return
    moved = (event.get("components", []) if kind == "move" else
             [c for part in event.get("from", ()) for c in part.get("components", ())] if kind == "gather" else
             [c for part in event.get("to", ()) for c in part.get("components", ())] if kind == "deal" else ())
    for comp in moved:
        if isinstance(comp, dict) and "id" in comp:
            placed.pop(comp["id"], None)


def kind_changes(events: list, placed: dict, game) -> list:
    """``events`` (a record, as a seat sees it, through_quiet's) with each piece taken off a cell of a grid and another
    placed on that cell, before the next decision, told as one line (language.md, A piece that changes kind): the move
    off marked CHANGED, what the line tells; the move and the place of the new piece marked TOLD_WITH (event_text tells
    them nothing). Alike changes (the same pieces before and after, on one grid) of one decision's effects are one line
    listing their cells, where the first is told (a trial's move flipping 11 discs was 24 lines, the move lost among
    them). ``placed``: where each piece lay before the events (kept as it is). As many events, in their order."""
    from .render import CHANGED, TOLD_WITH, _thing

    out, where = list(events), dict(placed)
    off: dict = {}  # (grid, x, y) -> (the index of the move off it, the piece, its place), since the last decision
    lines: dict = {}  # (grid, the piece before, the piece after) -> the index of the line told, since the last decision
    for i, e in enumerate(events):
        kind = e.get("event")
        if kind == "decision":
            off, lines = {}, {}
        elif (kind == "move" and TOLD_WITH not in e and isinstance(e.get("to"), dict) and isinstance(e.get("from"), dict)
              and isinstance(e.get("components"), list) and len(e["components"]) == 1
              and isinstance(e["components"][0], dict) and e["components"][0].get("id") in where):
            cell = where[e["components"][0]["id"]]
            off[(e["from"].get("zone"), e["from"].get("index"), cell[0], cell[1])] = (i, e["components"][0], cell)
        elif kind == "place" and TOLD_WITH not in e and isinstance(e.get("at"), dict) and isinstance(e.get("component"), dict) and isinstance(e.get("zone"), dict):
            at = e["at"]
            found = off.pop((e["zone"].get("zone"), e["zone"].get("index"), at.get("x"), at.get("y")), None)
            # (at the same turn: None, where turning tells nothing of the piece taken off, is rot 0)
            if found is not None and (found[2][2] == at.get("rot") or found[2][2] is None and at.get("rot") == 0):
                j, was, cell = found
                key = (repr(e["zone"]), _thing(was, game.ruleset), _thing(e["component"], game.ruleset))
                first = lines.setdefault(key, j)
                if first == j:
                    out[j] = {**out[j], CHANGED: {"zone": e["zone"], "cells": [cell], "was": was, "now": e["component"]}}
                else:
                    out[first][CHANGED]["cells"].append(cell)
                    out[j] = {**out[j], TOLD_WITH: first}
                out[i] = {**out[i], TOLD_WITH: first}
                if _placing(events[i - 1], e):  # (the new piece's move out of its box: told with it)
                    out[i - 1] = {**out[i - 1], TOLD_WITH: first}
        _follow_places(e, where, game)
    return out


def _set_lines(event: dict, ruleset, before=None) -> list:
    """A `set` as the lines play tells it: one, the entries of a map it changes where the seat was told the map
    ``before`` (render.entry_sets), or a table's name and rows as the board draws them (the rows told whatever else
    is cut short: they are one value)."""
    from .render import entry_sets, event_text, table_told, wrapped

    entries = entry_sets(event, before, ruleset)
    if entries is not None:  # (each its own value set, cut short as such)
        return [("set", f"      {line}") for line in entries]
    table = table_told(event, ruleset)
    if table is None:  # a long list broken after its commas as the board breaks it (its lines after the first go with
        # it, as a table's rows do: cut with it or told with it)
        first, *rest = wrapped(f"      {event_text(event, ruleset)}", _width())
        return [("set", first), *(("row", line) for line in rest)]
    return [("set", f"      {table[0]}"), *(("row", f"      {row}") for row in table[1:])]


def _news(event: dict, values: dict) -> bool:
    """Whether a `set` event changes what the seat was told of its variable (``values``: (variable, seat or None) -> the
    value told); noted as told. (A `set` whose value the seat may not see is not told it at all, Recorder.told_to; an
    entry of a whole value told a line a seat that was hidden as last told is no news, as in one line.)"""
    name, index, value = event["variable"], event.get("index"), event.get("value")
    if values.get((name, index), _UNTOLD) == value:
        return False
    for key in [k for k in values if k[0] == name and (index is None or k[1] is None)]:
        del values[key]  # a whole value set makes each seat's entry told anew, and an entry set the whole value
    values[(name, index)] = value
    return True


_UNTOLD = object()  # no value told yet: the first set of a variable is always said


def _told_before(event: dict, values: dict):
    """What the seat was last told of the value a `set` event sets (``values`` as _news keeps them): one seat's entry
    as told, or as the whole value told last held it; _UNTOLD where it was told none."""
    name, index = event["variable"], event.get("index")
    if (name, index) in values or index is None:
        return values.get((name, index), _UNTOLD)
    whole = values.get((name, None))
    return whole[index] if isinstance(whole, list) and type(index) is int and 0 <= index < len(whole) else _UNTOLD


def _note_shown(game, view: dict, values: dict | None = None) -> None:
    """Note the variables the board shows the seat as told (``values``: its _VALUES_TOLD unless given), as its record
    would give them: a `set` that leaves one as the board showed it is no news (`flag = false` under the first decision,
    already on the board)."""
    from .records import HIDDEN

    seat = view["seat"]
    if values is None:
        values = _seats_own(_VALUES_TOLD, game, seat, dict)
    for name, value in view["variables"].items():
        spec = game.ruleset.variables[name]
        if not spec.per_owner or not isinstance(value, list):
            values[(name, None)] = value
            continue
        own = spec.entries_owned(seat, game.state.nplayers)  # (its seat's entry, or its team's)
        seen = [v if spec.visible == "everyone" or i in own else HIDDEN for i, v in enumerate(value)]
        # (the other seats' entries of a variable only its owner sees: hidden, as in its record, where an entry set is
        # said all the same, and one of a whole value set, told a line a seat, is not while it stays hidden: _news)
        values[(name, None)] = seen
        values.update(((name, i), entry) for i, entry in enumerate(seen))


def _note_starting_values(game, seat: int | None, values: dict | None = None) -> None:
    """Note the values the variables start with, those the seat (None: an onlooker) may see, as told (``values`` as
    _note_shown keeps them): a `set` of the set-up that leaves one as it started is no news (`done[0] = false`, `trump =
    none` were told before the first board, which shows them; replay --text, told no board, starts from them too)."""
    from .records import escaped, plain_json
    from .state import initial_state

    start = initial_state(game.ruleset, game.state.nplayers, 0).vars
    seen = {}
    for name, spec in game.ruleset.variables.items():
        value = escaped(plain_json(start[name]))  # (as the seat's view and record write it)
        if spec.visible == "everyone" or (spec.per_owner and spec.visible == "owner" and isinstance(value, list)):
            seen[name] = value
    _note_shown(game, {"seat": seat, "variables": seen}, values)


def recap(lines: list, most: int) -> list:
    """The texts of ``lines`` (event kind, text) to tell: runs of moves, and of values set, told by how many, the longest
    first, until at most ``most`` lines are left; every other line (a decision, a reveal, a score) is news and is always
    told, and so is a move or a set that touches the seat (its kind marked MINE: _touches), its run's others told by
    how many after the lines that touch it (a trial's district destroyed was folded into `... 7 moves`). A table's rows (kind `row`) go with the `set` of its name: cut with it or told with it, never alone (a
    trial's board rows were told under `... 2 values set`, nameless)."""
    size, cut = len(lines), {}
    runs = ([(*run, "move") for run in _runs_of(lines, MOVES + tuple(MINE + k for k in MOVES))]
            + [(*run, "value") for run in _runs_of(lines, tuple(k for kind in SETS + ("row",) for k in (kind, MINE + kind)))])
    runs = [(start, end, what, sum(not k.startswith(MINE) for k, _ in lines[start:end])) for start, end, what in runs]
    for start, end, what, others in sorted(runs, key=lambda run: (-run[3], run[0])):  # the longest first
        if size <= most or others < RUN_CUT:  # short enough; or a short run, whose summary would save a line or
            # three and hide each (a trial's `... 4 values set` hid an auction's payment, `coins[1] = 0`)
            break
        cut[start] = end, what
        size -= others - 1
    told, i = [], 0
    while i < len(lines):
        if i in cut:  # what touches the seat told whole, then the others of the run by how many
            end, what = cut[i]
            told += [text for kind, text in lines[i:end] if kind.startswith(MINE)]
            told.append(f"      ... {_runs_count([(k, t) for k, t in lines[i:end] if not k.startswith(MINE)], what)}")
            i = end
        else:
            told.append(lines[i][1])
            i += 1
    return told


def _runs_count(run: list, what: str) -> str:
    """'3 moves', '2 values set', '1 value set' (a table, its rows not counted) of a run of lines cut short."""
    count = sum(kind != "row" for kind, _ in run)
    said = f"{count} {what}{'' if count == 1 else 's'}"
    return f"{said} set" if what == "value" else said


def _runs_of(lines: list, kinds) -> list:
    """(start, end) of each run of lines of ``kinds`` one after another in ``lines`` (event kind, text)."""
    runs, start = [], None
    for i, (kind, _) in enumerate([*lines, ("", "")]):  # a last line of no kind ends the last run
        if kind in kinds and start is None:
            start = i
        elif kind not in kinds and start is not None:
            runs.append((start, i))
            start = None
    return runs


def _lenient_stdin() -> None:
    """Read a byte of stdin that is not UTF-8 as U+FFFD, a choice that matches nothing and is asked again: with strict
    decoding (PYTHONIOENCODING=utf-8, a UTF-8 locale), it broke the reading, ahead of the line asked for."""
    if hasattr(sys.stdin, "reconfigure"):
        with contextlib.suppress(Exception):  # a stdin replaced by something else: _ask says so if it cannot decode
            sys.stdin.reconfigure(errors="replace")


REFUSED_UNTYPED = 3  # lines in a row refused at one decision, from a stdin that is no terminal, before play stops


def _ask(options, seed: int, record_path=None, single_zones=(), reading: NumberReading | None = None, decision: int = 0,
         forbidden=None, board=None, lister=None):
    """Read a choice: an option's number (a line of amounts' number, then the amount), or a placement typed as 'x y rot'
    (plus words to pick the piece); ``forbidden`` says why a line naming no option is refused, where the rules rule out
    one it names (_forbidding); ``board`` shows the board and the options again (`board` or `?` typed), ``lister``
    (start, most) lines of the options (`more`: the next SHOWN past those listed; `all`: every line); `quit` or `exit`,
    where no option's words hold it, leaves the game as Ctrl-D does (a trial's was refused, and nothing said how to leave)."""
    lines = listing(options, single_zones)
    asked = None  # the line just refused: a number asked about, typed again, is the option's number
    refused = 0  # lines refused in a row at this decision
    commands = 0  # `board` or `help` typed in a row at this decision
    listed_to = SHOWN  # lines listed so far, from the first: `more` lists the next
    lister = lister or (lambda start, most: _list(options, None, single_zones, None, start, most))
    amounts = None  # the line of amounts whose number was typed: a number typed next is its amount
    refining = None  # a position whose options play asked a word to tell apart: words typed next are read with it
    while True:
        asking = amounts.asking() if amounts else "your choice"
        text = _line(seed, record_path, asking).strip()
        if amounts is not None and NUMBER.fullmatch(text):
            found = amounts.amount(int(text)) or amounts.refused(text)
        else:
            found = read_listed(text, lines, options, single_zones, again=text == asked, reading=reading, forbidden=forbidden,
                                refining=refining)
        if isinstance(found, Amounts):  # its number (or its words): the amount is asked, the board left on the screen
            amounts, refused, commands = found, 0, 0  # (a line taken: the lines refused in a row start again)
            continue
        if isinstance(found, str) and leaving_typed(text, options, single_zones):
            _leave(seed, record_path, 1, f"{text.strip()!r} typed: ")
        command = command_typed(text, options, single_zones) if isinstance(found, str) else None
        if command is not None:
            if command == "board":
                (board or (lambda: lister(0, SHOWN)))()
                listed_to = SHOWN
            elif command == "help":
                click.echo("\n".join(help_text(lines, options, single_zones)), err=True)
            elif command == "all" or listed_to < len(lines):
                lister(*((0, len(lines)) if command == "all" else (listed_to, SHOWN)))
                listed_to = len(lines) if command == "all" else listed_to + SHOWN
                commands = 0 if command == "more" else commands  # (paging on is no command typed in a loop)
            else:
                click.echo(f"  no more: all {len(lines)} lines are listed (board lists the first {min(SHOWN, len(lines))} again)",
                           err=True)
            commands += 1  # (a script typing it forever is stopped as one refused)
            asked_for = {"board": "the board again", "help": "help"}.get(command, f"{command} of the options")
            _stop_unless_typed(commands, decision, f"{text!r} asks for {asked_for}, no option", seed, record_path)
            continue
        if isinstance(found, str):
            click.echo(found if refused else f"{found}\n  ({LEAVING})", err=True)
            asked, refused, refining = text, refused + 1, getattr(found, "refines", None)
            _stop_unless_typed(refused, decision, found, seed, record_path)
            continue
        listed = len(lines) == len(options)  # (numbers are the options' own)
        learnt = (reading.learn(asked, text, found, options)
                  if listed and reading is not None and asked is not None and asked.isdecimal() else None)
        if learnt:
            click.echo(learnt, err=True)
        label = found.label(None, single_zones)
        if text != label:  # a number is no amount (`5` in a list of bids 14..18 bid 18), and words may match another option
            click.echo(f"  = {label}", err=True)
        note = number_note(text, found, options, single_zones) if listed else ""
        if note:  # (`7` is option 7 where card n=7 is option 1: the number is the option's, the other said)
            click.echo(note, err=True)
        return found


def _stop_unless_typed(refused: int, decision: int, why: str, seed: int, record_path) -> None:
    """Leave the game, exit 2, where ``refused`` lines in a row were refused and stdin is no terminal: a script (`yes 2 |
    philtre play ...`) cannot read why, and answered so forever, asked again and again; a refusal or two are let by,
    as a person's, so that a script may answer the question a number asked (`4`, then `4` again)."""
    if refused < REFUSED_UNTYPED or _at_a_terminal():
        return
    _leave(seed, record_path, EXIT_USAGE, f"philtre: {refused} lines in a row refused at decision {decision} of the game, "
                                          f"the last: {why}; standard input is not a terminal, so play stops "
                                          f"rather than ask again: ")


def _at_a_terminal() -> bool:
    """Whether the choices are read from a terminal, where a person reads why a line was refused."""
    try:
        return sys.stdin is not None and sys.stdin.isatty()
    except (ValueError, OSError):  # a stdin closed or gone: no person at it
        return False


def _line(seed: int, record_path, prompt: str = "your choice", err: bool = True, **asked) -> str:
    """A line typed at the prompt (``prompt``, on stderr unless ``err`` is False; ``asked``: click.prompt's other
    arguments, a hand-over's Enter).

    Input that ends (Ctrl-D), is closed or cannot be read, or Ctrl-C leaves the game: the seed is said, so that the deal can
    be played again. No record is written then: a record of a game cut short is one `philtre replay` refuses (P011)."""
    if sys.stdin is None:  # started with `<&-`: Python has no stdin to read
        _leave(seed, record_path, 1, "standard input is closed: ")
    try:
        return click.prompt(prompt, err=err, **asked)
    except click.Abort as exc:
        _leave(seed, record_path, 130 if isinstance(exc.__context__, KeyboardInterrupt) else 1)
    except UnicodeDecodeError as exc:  # (only where stdin could not be made lenient: _lenient_stdin)
        _leave(seed, record_path, 2, f"standard input is not UTF-8 text (byte 0x{exc.object[exc.start]:02x}): ")
    except OSError as exc:  # a terminal gone (EIO), a descriptor closed under it (EBADF)
        _leave(seed, record_path, 1, f"standard input cannot be read ({exc.strerror or exc}): ")


def _leave(seed: int, record_path, code: int, why: str = "") -> None:
    """Leave the game before its end, saying ``why``, its seed and that no record was written; exit ``code``."""
    unwritten = f"; no record written to {record_path}: the game did not end" if record_path is not None else ""
    click.echo(f"\n{why}game left before its end (seed {seed}: --seed {seed} plays this deal again{unwritten})", err=True)
    sys.exit(code)


def _reader_gone(seed: int, record_path) -> None:
    """Stop quietly where the output's reader has gone (`| head -5`), as every command does, exit 1; but say the
    seed on stderr: the deal's, said at the game's end, would be lost with the output."""
    _output_dropped()
    unwritten = f"; no record written to {record_path}" if record_path is not None else ""
    again = f"seed {seed}: --seed {seed} plays this deal again{unwritten}"
    click.echo(f"philtre: the output's reader is gone: game stopped ({again})", err=True)
    sys.exit(EXIT_FINDINGS)


def _ended_unsaid(game, bots: dict, seed: int, record_path, why: str, code: int) -> None:
    """Stop where the game's end could not be said (``why``: its reader gone, Ctrl-C), exit ``code``, saying the seed on
    stderr; the game has ended, so its record is written all the same."""
    click.echo(f"philtre: {why}: game over, its end unsaid (seed {seed}: --seed {seed} plays this deal again)", err=True)
    _note_blind_agents(bots, game.ruleset.heuristic is not None)
    if record_path is not None:
        _write_record(game.recorder, record_path, seed)
    sys.exit(code)


def _output_dropped() -> None:
    """Send what is still written to stdout nowhere: Python's last flush must not fail again on the broken pipe."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def _cut_said(game) -> str:
    """'; a run cut the game off after N decisions, as recorded' for a record ending with a `cut` line (simulate
    --max-decisions: replayed to that line, exit 0, since the record is whole), else ''."""
    from .replay import was_cut

    return f"; a run cut the game off after {game.decisions} decisions, as recorded" if was_cut(game) else ""


@click.command()
@click.argument("records", nargs=-1, required=True, type=click.Path(dir_okay=False), callback=named)
@click.option("--seat", type=WholeNumber(min=0), default=None,
              help="Then print the record as seat N may see it (JSON Lines): what it could not see is hidden.")
@click.option("--onlooker", is_flag=True, help="Then print the record as an onlooker, who sees only public facts, may see it.")
@click.option("--text", is_flag=True, help="With --seat or --onlooker: print the record as play tells a game, not as JSON Lines.")
@guarded
def replay(records, seat, onlooker, text):
    """Re-run records and check every event against them (several: each said on its line, then how many matched)."""
    from philtre.dsl.errors import printable

    from .records import as_json_line
    from .replay import record_players, replayed

    if seat is not None and onlooker:
        raise click.UsageError("give --seat or --onlooker, not both")
    if text and seat is None and not onlooker:
        raise click.UsageError("--text prints a record as a seat or an onlooker sees it: give --seat N or --onlooker too")
    if len(records) > 1:
        if seat is not None or onlooker:
            raise click.UsageError(f"--seat and --onlooker print one record as it is seen: give one, not {len(records)}")
        _replay_each(records)
        return
    record = records[0]
    players = record_players(record) if seat is not None else None
    if players is not None and seat >= players:  # said before the replay, which may be long
        raise click.BadParameter(f"the record has {players} seats (0..{players - 1}), not {seat}", param_hint="'--seat'")
    game = replayed(record)
    count = len(game.recorder.events)
    # a record that ends at a failing rule replays to that failure, which is then reported (exit 1)
    stopped = "; the game stops at a rule, as recorded" if game.failure is not None else _cut_said(game)
    who = "an onlooker" if onlooker else f"seat {seat}"
    if seat is None and not onlooker:
        click.echo(f"{printable(record)}: {count} lines replayed, all events match{stopped}")
    else:
        for line in (_told_whole(game, seat) if text else map(as_json_line, game.recorder.for_player(seat))):
            click.echo(line)
        click.echo(f"{printable(record)}: {count} lines replayed, all events match{stopped}; "
                   f"shown as {who} sees them", err=True)
    if game.failure is not None:
        if seat is None and not onlooker:
            raise game.failure
        # the message may describe a card this seat may not see: hidden here as in the record printed above
        from philtre.dsl.errors import Diagnostic, PhiltreError

        first = game.failure.first
        raise PhiltreError([Diagnostic(first.loc, first.code, f"the game stops at this rule; its message is hidden from "
                                       f"{who}, as in the record shown (the full record has it)")])




def _told_whole(game, seat) -> list:
    """A replayed game's record as ``seat`` (None: an onlooker) may see it, told as play tells what happened (a
    trial read a seat's record as JSON, with a script): each decision, the seat's own marked (you), and
    what followed it, every line (no run told by how many), hidden cards drawn one after another together, a `set` that
    leaves a value as told and a `quiet` variable's sets left out."""
    from .options import value_labels
    from .render import (SPREAD, depths_told, entry_sets, event_text, keeps_scores, moves_joined, placed_by_told,
                         placed_from_text, quiet_known, through_quiet, with_labels, wrapped)

    told_to = placed_by_told(game.recorder.valued(game.recorder.told_to(seat), seat), game.recorder.placed_by)
    rollers = _rollers(game, told_to)
    events = through_quiet(depths_told(told_to, game.recorder.on_top, seat), game.ruleset, quiet_known(game, told_to, seat))
    events = moves_joined(events, game.ruleset)
    events = with_labels(kind_changes(events, {}, game), value_labels(game))
    placed: dict = {}
    values: dict = {}
    _note_starting_values(game, seat, values)  # (a set that leaves a value as declared is no news, as in play: a trial
    # read `passes = 0` under the first move in the replay alone)
    lines = []
    drawn = None  # (the move of hidden components told last, its line's index), as _tell keeps it
    for i, e in enumerate(events):
        roller = next(rollers, None) if e.get("event") == "roll" else None
        if (joined := _joined_draw(drawn, e, len(lines))) is not None:
            drawn = (joined, drawn[1])
            lines[drawn[1]] = f"    {event_text(drawn[0], game.ruleset, placed, seat, game.state.nplayers)}"
            continue
        text = event_text(e, game.ruleset, placed, seat, game.state.nplayers, every=True)  # (no board lists a hand dealt)
        _follow_places(e, placed, game)
        if _placing(e, events[i + 1] if i + 1 < len(events) else None):
            continue  # told with the place that follows it, once
        if i and _placing(events[i - 1], e) and text is not None:  # (None: told with another, kind_changes)
            text = placed_from_text(events[i - 1], e, game.ruleset)
        if e.get("event") == "end":  # (told as play tells it: a tie's last score line read as a game unfinished, a trial)
            lines.append(_game_over(game, seat, keeps_scores(game.ruleset)))
            continue
        before = _told_before(e, values) if e.get("event") == "set" else _UNTOLD
        if text is None or _quiet(e, game.ruleset) or (e.get("event") == "set" and not _news(e, values)):
            continue
        text = _unturned(text, events, i, game)  # (rot=0 was read here on a board whose pieces never turn)
        if (entries := entry_sets(e, before, game.ruleset)) is not None:  # (a map's entries that changed, as play tells them)
            lines += [f"    {line}" for line in entries]
            continue
        drawn = (e, len(lines)) if _hidden_move(e) else None
        if e.get("event") == "decision":
            if seat is not None and e.get("player") == seat:
                text = text.replace(f"seat {seat}:", f"seat {seat} (you):", 1)
            lines.append(f"> {text}")
            continue
        if e.get("event") == "deal" or SPREAD in e:  # (a seat's hand named whole, or its set-up: broken after its
            # commas, as play breaks a move's line)
            lines += wrapped(f"    {text}", _width())
            continue
        lines.append(f"    {_rolled_in(roller, text)}")
    return lines


def _replay_each(records) -> None:
    """Check several records (`philtre replay out/*.jsonl`), each said on its line as one record is, a record that does
    not replay with its error, then how many matched; exit 1 if one did not, or stops at a rule (said with its error),
    as for one record."""
    from philtre.dsl.errors import PhiltreError, printable

    from .cli import EXIT_FINDINGS, _report
    from .replay import replayed

    failed = stopped = 0
    for record in records:
        try:
            game = replayed(record)
        except PhiltreError as exc:
            _report(exc)
            failed += 1
            continue
        at_a_rule = "; the game stops at a rule, as recorded" if game.failure is not None else _cut_said(game)
        click.echo(f"{printable(record)}: {len(game.recorder.events)} lines replayed, all events match{at_a_rule}")
        if game.failure is not None:
            _report(game.failure)
            stopped += 1
    said = f"{len(records)} records: {len(records) - failed} replayed with every event matching"
    said += f" ({stopped} of them stop at a rule, as recorded)" if stopped else ""
    click.echo(said + (f", {failed} did not" if failed else ""))
    if failed or stopped:
        sys.exit(EXIT_FINDINGS)
