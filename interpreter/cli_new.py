"""`philtre new NAME`: start a game: NAME/ruleset.yaml (small and playable) and NAME/scenarios.yaml.

The files validate, test and simulate as created, so an author starts from something that
works and changes it one rule at a time. Each file starts with the schema modeline,
pointing at the schemas installed with philtre by a path relative to the file.
"""

from __future__ import annotations

import errno
import json
import os
import re
import shlex
import sys
import unicodedata

import click

from .cli import EXIT_FINDINGS, EXIT_USAGE, guarded, unwritable, usable_folder

GAME_NAME = re.compile(r"^[a-z][a-z0-9-]*$")

RULESET = """\
# yaml-language-server: $schema={schema}
# {title}: a new philtre game, started by `philtre new`. It is a small card game that works:
# change it one rule at a time, and check each change with `philtre validate {folder}`.
# The language: docs/language.md in philtre's source; a walk-through: docs/writing-a-ruleset.md.
philtre: 1
game: {name}
title: {title}
description: "A starting skeleton made by `philtre new`, to change into your game: everyone plays a card in secret; the highest card scores a point. Three tricks."
players: 2..4

components:
  card:                                       # 20 cards: two of each rank 1..10
    attributes: {{rank: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]}}
    copies: 2
    start: deck

zones:
  deck:    {{visible: nobody}}                  # face down; everyone sees how many
  hand:    {{each: player, visible: owner}}     # only you see your hand
  table:   {{each: player}}                     # played cards lie face up
  discard: {{}}

define:
  played(p): first(table[p])
  best: max(played(p).rank for p in players)

actions:
  play:
    choose: {{card: "hand[me]"}}
    do:
      - move: card -> table[me]

flow:
  - shuffle: deck
  - deal: {{from: deck, to: hand, count: 3}}
  - name: tricks
    repeat: 3
    do:
      - simultaneous: play
      - for: p in players
        do:
          - when: played(p).rank == best
            score: {{player: p, add: 1}}
      - move: table -> discard

winners: {{highest: "score[p]"}}
"""

SCENARIOS = """\
# yaml-language-server: $schema={schema}
# The rules' examples, as tests: `philtre test {folder}` runs them.
scenarios:
  - name: the highest card scores a point
    players: 2
    given:
      zones:
        hand[0]: [{{rank: 9}}, {{rank: 2}}, {{rank: 3}}]
        hand[1]: [{{rank: 5}}, {{rank: 4}}, {{rank: 1}}]
    steps:
      - {{player: 0, action: play, args: {{card: {{rank: 9}}}}}}
      - {{player: 1, action: play, args: {{card: {{rank: 5}}}}}}
    expect:
      - score == [1, 0]
      - count(discard) == 2 and count(hand[0]) == 2
"""


@click.command()
@click.argument("name")
@click.option("--force", is_flag=True,
              help="Overwrite NAME/ruleset.yaml and NAME/scenarios.yaml if they exist (not through a link to a file outside NAME).")
@guarded
def new(name, force):
    """Create the folder NAME (here, or at the path NAME gives) holding ruleset.yaml and scenarios.yaml: a small game that
    validates, tests and plays, a skeleton to change into yours; NAME . makes them in the current folder."""
    folder, game = _folder_and_game(name)
    files = {"ruleset.yaml": ("ruleset", RULESET), "scenarios.yaml": ("scenario-file", SCENARIOS)}
    for filename in files:  # every file checked before any is written: no half-made game
        _check_target(folder, os.path.join(folder, filename), force)
    usable_folder(folder, "NAME")
    title = " ".join(word.capitalize() for word in game.split("-"))
    for filename, (schema, template) in files.items():
        path = os.path.join(folder, filename)
        text = template.format(name=yaml_text(game), title=yaml_text(title), folder=shlex.quote(folder),
                               schema=schema_path(schema, folder))
        try:
            with open(path, "w" if os.path.lexists(path) else "x", encoding="utf-8") as handle:  # "x": never through a new link
                handle.write(text)
        except OSError as exc:  # a read-only place, a full disk
            raise click.BadParameter(f"cannot write {path}: {exc.strerror}", param_hint="NAME") from None
    said = [f"created {os.path.join(folder, filename)}" for filename in files]
    if game != os.path.basename(os.path.abspath(folder)) or os.path.basename(folder) == ".":
        said.append(f"the game is named {game} (its folder's name as a game name)")
    _say(said)  # after the files: a stdout that takes nothing loses the listing, not half the game
    shown = shlex.quote(folder)  # a folder with spaces in it, pasted into a shell, stays one argument
    here = _shadows_a_shipped_game(folder)
    if here:
        shown = shlex.quote(os.path.join(".", here))
        click.echo(f"note: {here} is also the name of a shipped game: from this folder, `philtre ... {here}` now runs "
                   f"./{here} (a path comes before a shipped game's name); run the shipped one from another folder", err=True)
    click.echo(f"\nnext: philtre validate {shown} && philtre test {shown} && philtre simulate {shown} --players 2", err=True)


def _folder_and_game(name: str) -> tuple[str, str]:
    """The new game's folder and its game name, from NAME as typed; a usage error naming NAME where there are none."""
    if not name.strip():
        raise click.BadParameter("give the new game's folder, not an empty name", param_hint="NAME")
    odd = _odd_character(name)  # the folder is written into the files' comments, where a line break ends one
    if odd:
        raise click.BadParameter(f"{visible(name)} holds {odd}: give a folder name without one", param_hint="NAME")
    folder = name.rstrip("/\\") or name
    if os.path.basename(folder) == ".":  # `new .`: the files in the folder there, the game named for it
        folder = os.path.normpath(folder)
    if os.path.basename(folder) == "..":  # the files would land in a folder above, named for it
        raise click.BadParameter(f"'{name}' is a folder that is there already: give the new game's folder a name, "
                                 "e.g. philtre new mygame, or . for the folder you are in", param_hint="NAME")
    game = os.path.basename(os.path.abspath(folder)).lower().replace("_", "-").replace(" ", "-")
    if not GAME_NAME.fullmatch(game):
        made = f" (the game would be named {visible(game)}, its folder's name)" if game else " (it names no folder)"
        raise click.BadParameter(f"{visible(name)} is not a game name{'' if game == name else made}: lowercase letters a-z, "
                                 "digits and dashes, starting with a letter", param_hint="NAME")
    return folder, game


def _odd_character(name: str) -> str:
    """What in ``name`` cannot go into the files' text ('' if nothing): a control character (YAML's line breaks among
    them: NEL, U+2028, U+2029), or a byte that is not UTF-8."""
    kinds = {unicodedata.category(char) for char in name}
    if "Cs" in kinds:  # how Python gives a byte of the command line that is not UTF-8
        return "a byte that is not UTF-8 text"
    return "a control character" if kinds & {"Cc", "Zl", "Zp"} else ""


def visible(text: str) -> str:
    """``text`` in quotes, each character a terminal would not show (a carriage return, an escape) written as an escape."""
    return "'" + "".join(char if char.isprintable() else _escape(char) for char in text) + "'"


def _escape(char: str) -> str:
    """``char`` written as an escape: ``\\r``, ``\\x1b``, ``\\u2028``; a byte that is not UTF-8 as the byte, ``\\xff``."""
    if "\udc80" <= char <= "\udcff":  # surrogateescape: how Python gives such a byte of the command line
        return f"\\x{ord(char) - 0xDC00:02x}"
    return repr(char)[1:-1]


def _check_target(folder: str, path: str, force: bool) -> None:
    """A usage error (exit 2) for a file of the new game that is there: one that cannot be written over (a folder, a
    link to no file, a link to a file outside the folder), or, without --force, any."""
    if not os.path.lexists(path):
        return
    reason = unwritable(path)  # a link to no file among them: writing would make a file wherever it points
    if not reason and not _inside(os.path.realpath(path), os.path.realpath(folder)):
        # --force overwrites the game's files, not a file elsewhere that one of them links to (a copied folder's link)
        reason = f"it is a link to a file outside {folder} ({os.path.realpath(path)}): remove the link to write a new file"
    if reason:
        raise click.BadParameter(f"cannot write {path}: {reason}", param_hint="NAME")
    if not force:
        click.echo(f"philtre: {path} already exists (use --force to overwrite)", err=True)
        sys.exit(EXIT_USAGE)


def _inside(path: str, folder: str) -> bool:
    """Whether ``path`` lies within ``folder`` (both real paths)."""
    try:
        return os.path.commonpath([path, folder]) == folder
    except ValueError:  # another drive (Windows)
        return False


def yaml_text(text: str) -> str:
    """``text`` as a YAML value read back as that text: plain where it is (``mygame``), quoted where YAML would read
    something else (``true``, ``null``)."""
    from philtre.dsl.yamlpos import load_text

    return text if load_text(f"value: {text}\n", "<name>")["value"] == text else json.dumps(text)


def _say(lines: list) -> None:
    """Print ``lines`` on stdout; one that takes nothing (a full disk) is said on stderr, exit 1, not an internal error."""
    try:
        click.echo("\n".join(lines))
    except BrokenPipeError:  # the reader has all it wanted: `guarded` leaves quietly
        raise
    except OSError as exc:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # Python's last flush must not fail again
        reason = exc.strerror or errno.errorcode.get(exc.errno, str(exc))
        click.echo(f"philtre: the game is made, but cannot write to standard output: {reason}", err=True)
        sys.exit(EXIT_FINDINGS)


def _shadows_a_shipped_game(folder: str) -> str:
    """The shipped game's name that ``folder`` is, seen from here (``./NAME``, ``sub/../NAME``, its absolute path), which a
    command's RULESET now takes for the folder; '' if none."""
    from philtre.dsl.loader import shipped_games

    try:
        here = os.path.normpath(os.path.relpath(folder))
    except ValueError:  # another drive (Windows): not a folder here
        return ""
    return here if here in shipped_games() else ""


def schema_path(kind: str, folder: str) -> str:
    """The installed schema of ``kind``, relative to ``folder`` (absolute where no relative path exists)."""
    from philtre.dsl.shipped import shipped_path

    schema = shipped_path("philtre.schemas", f"{kind}.schema.json")
    try:
        return os.path.relpath(schema, os.path.abspath(folder)).replace(os.sep, "/")
    except ValueError:  # another drive (Windows): no relative path
        return schema.replace(os.sep, "/")
