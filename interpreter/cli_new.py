"""`philtre new NAME`: start a game: NAME/ruleset.yaml (small and playable) and NAME/scenarios.yaml.

The files validate, test and simulate as created, so an author starts from something that
works and changes it one rule at a time. Each file starts with the schema modeline,
pointing at the schemas installed with philtre by a path relative to the file.
"""

from __future__ import annotations

import os
import re
import shlex
import sys

import click

from .cli import EXIT_USAGE, guarded, usable_folder

GAME_NAME = re.compile(r"^[a-z][a-z0-9-]*$")

RULESET = """\
# yaml-language-server: $schema={schema}
# {title}: a new philtre game, started by `philtre new`. It is a small card game that works:
# change it one rule at a time, and check each change with `philtre validate {folder}`.
# The language: docs/language.md; a walk-through: docs/writing-a-ruleset.md.
philtre: 1
game: {name}
title: {title}
description: Everyone plays a card in secret; the highest card scores a point. Three tricks.
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
@click.option("--force", is_flag=True, help="Overwrite NAME/ruleset.yaml and NAME/scenarios.yaml if they exist.")
@guarded
def new(name, force):
    """Create NAME/ruleset.yaml and NAME/scenarios.yaml: a small game that validates, tests and plays."""
    if not name.strip():
        raise click.BadParameter("give the new game's folder, not an empty name", param_hint="NAME")
    folder = name.rstrip("/\\") or name
    if os.path.basename(folder) in (".", ".."):  # the files would land in a folder that exists, named for it
        raise click.BadParameter(f"'{name}' is a folder that is there already: give the new game's folder a name, "
                                 "e.g. philtre new mygame", param_hint="NAME")
    game = os.path.basename(os.path.abspath(folder)).lower().replace("_", "-").replace(" ", "-")
    if not GAME_NAME.fullmatch(game):
        raise click.BadParameter(f"'{game}' is not a game name: lowercase letters a-z, digits and dashes, starting with a letter",
                                 param_hint="NAME")
    files = {"ruleset.yaml": ("ruleset", RULESET), "scenarios.yaml": ("scenario-file", SCENARIOS)}
    existing = [f for f in files if os.path.exists(os.path.join(folder, f))]
    if existing and not force:
        click.echo(f"philtre: {os.path.join(folder, existing[0])} already exists (use --force to overwrite)", err=True)
        sys.exit(EXIT_USAGE)
    usable_folder(folder, "NAME")
    title = " ".join(word.capitalize() for word in game.split("-"))
    for filename, (schema, template) in files.items():
        path = os.path.join(folder, filename)
        try:
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(template.format(name=game, title=title, folder=shlex.quote(folder), schema=schema_path(schema, folder)))
        except OSError as exc:  # a folder of that name in the way, or a read-only place
            raise click.BadParameter(f"cannot write {path}: {exc.strerror}", param_hint="NAME") from None
        click.echo(f"created {path}")
    if game != os.path.basename(os.path.abspath(folder)):
        click.echo(f"the game is named {game} (its folder's name as a game name)")
    shown = shlex.quote(folder)  # a folder with spaces in it, pasted into a shell, stays one argument
    if _shadows_a_shipped_game(folder):
        shown = shlex.quote(os.path.join(".", folder))
        click.echo(f"note: {folder} is also the name of a shipped game: from this folder, `philtre ... {folder}` now runs "
                   f"./{folder} (a path comes before a shipped game's name); run the shipped one from another folder", err=True)
    click.echo(f"\nnext: philtre validate {shown} && philtre test {shown} && philtre simulate {shown} --players 2", err=True)


def _shadows_a_shipped_game(folder: str) -> bool:
    """Whether ``folder`` is written as a shipped game's name, which a command's RULESET now takes for the folder."""
    from philtre.dsl.loader import shipped_games

    return folder in shipped_games()


def schema_path(kind: str, folder: str) -> str:
    """The installed schema of ``kind``, relative to ``folder`` (absolute where no relative path exists)."""
    from philtre.dsl.shipped import shipped_path

    schema = shipped_path("philtre.schemas", f"{kind}.schema.json")
    try:
        return os.path.relpath(schema, os.path.abspath(folder)).replace(os.sep, "/")
    except ValueError:  # another drive (Windows): no relative path
        return schema.replace(os.sep, "/")
