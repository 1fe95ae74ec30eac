"""What new users read when an overlay, a record or a path goes wrong: each message says how to fix it.

Found by people writing their first game and house rule: `extends: GAME` for a game that is not shipped was told
the path to write only from a variants/ folder; an insert under a name that exists, a `$remove` of a name the base
lacks and a seat's copy of a record said what was wrong but not what to do; `diff` and `show` doubled every single
quote of an expression; and the same file was printed `o/../game/ruleset.yaml` by one command, `game/ruleset.yaml` by
another.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import yaml

from philtre.dsl import PhiltreError, load_ruleset
from philtre.dsl.errors import Loc
from philtre.dsl.validate import check_file

GAME = """\
philtre: 1
game: mygame
title: My game
players: 2..3
components:
  card:
    attributes: {value: [1, 2, 3], colour: [red, blue]}
    start: deck
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
  pile: {visible: everyone}
define:
  best(p, z): max([c.value for c in z] + [0])
  label: "['low', 'mid', 'high'][0]"
actions:
  play:
    choose: {card: "hand[me]"}
    do:
      - move: card -> pile
  pass:
    do: []
flow:
  - name: setup
    shuffle: deck
  - name: deal
    deal: {from: deck, to: hand, count: 2}
  - name: turns
    turns: 0
    until: count(pile) >= 2
    do:
      - decide: [play, pass]
winners: {highest: "best(p, pile)"}
"""


@pytest.fixture
def game(tmp_path) -> Path:
    """A game that is not shipped, in game/, with an empty folder o/ beside it for overlays."""
    folder = tmp_path / "game"
    folder.mkdir()
    (folder / "ruleset.yaml").write_text(GAME, encoding="utf-8")
    (tmp_path / "o").mkdir()
    return folder / "ruleset.yaml"


def overlay(game: Path, name: str, text: str) -> Path:
    """An overlay file at ``name`` under the folder that holds game/ and o/."""
    path = game.parent.parent / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def failure(game: Path, *overlays: Path):
    """The first diagnostic of loading ``game`` with ``overlays`` (which must fail)."""
    with pytest.raises(PhiltreError) as info:
        load_ruleset(str(game), [str(o) for o in overlays])
    return info.value.first


def philtre(*args, cwd) -> subprocess.CompletedProcess:
    """The command line, run in ``cwd``."""
    result = subprocess.run([sys.executable, "-m", "philtre", *map(str, args)], cwd=cwd, capture_output=True,
                            text=True, timeout=120)
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr, result.stderr
    return result


@pytest.mark.parametrize("how", ["--variant", "validate"])
def test_extends_with_the_game_name_outside_variants_is_told_the_path(game, how):
    """`extends: mygame` in o/house.yaml (beside game/, not in its variants/): the hint gave the path to write only
    for an overlay in variants/; elsewhere it said to check the overlay on its base, or listed the variants."""
    house = overlay(game, "o/house.yaml", "extends: mygame\ndefine: {label: \"'x'\"}\n")
    if how == "--variant":
        d = failure(game, house)
    else:
        [error] = check_file(str(house)).errors
        d = error.diagnostic
    assert d.code == "O002", d
    assert d.hint == "'mygame' is the game of ../game/ruleset.yaml, which is not shipped: write extends: ../game/ruleset.yaml", d
    house.write_text("extends: ../game/ruleset.yaml\ndefine: {label: \"'x'\"}\n", encoding="utf-8")
    assert load_ruleset(str(game), [str(house)]).source["define"]["label"] == "'x'"


def test_extends_with_the_game_name_from_far_away_is_told_the_path_to_the_base_it_is_applied_to(game, tmp_path_factory):
    """An overlay in a folder of its own, far from the game, applied with --variant: the base it is applied to is the
    game it names, so the hint gives the path from the overlay to that base."""
    far = tmp_path_factory.mktemp("elsewhere") / "deep"
    far.mkdir()
    house = far / "house.yaml"
    house.write_text("extends: mygame\n", encoding="utf-8")
    d = failure(game, house)
    assert d.code == "O002" and "write extends: " in d.hint, d
    written = d.hint.split("write extends: ")[1]
    assert (far / written).resolve() == game.resolve(), d.hint


@pytest.mark.parametrize("how", ["--variant", "validate"])
def test_extends_with_a_name_found_nowhere_says_a_game_is_named_by_its_path(game, how):
    """`extends: othergame`, no game of that name anywhere near: nothing said that a game that is not shipped is named
    by its path, though that is the usual cause."""
    house = overlay(game, "o/house.yaml", "extends: othergame\n")
    if how == "--variant":
        d = failure(game, house)
        assert "write extends: ../game/ruleset.yaml" in d.hint, d
    else:
        [error] = check_file(str(house)).errors
        d = error.diagnostic
    assert d.code == "O002", d
    assert "a game that is not shipped is named by its path from this overlay's folder" in d.hint, d


def test_inserting_under_a_name_that_exists_says_to_drop_before_to_change_it(game):
    """O007 said only that the name exists: the usual intent is to change that item, done without $before."""
    house = overlay(game, "o/house.yaml", """\
        extends: ../game/ruleset.yaml
        flow:
          - name: deal
            $before: turns
            deal: {from: deck, to: hand, count: 3}
        """)
    d = failure(game, house)
    assert (d.code, d.loc.line) == ("O007", 3), d
    assert d.hint.startswith("to change that item, drop $before"), d
    house.write_text(house.read_text(encoding="utf-8").replace("    $before: turns\n", ""), encoding="utf-8")
    assert load_ruleset(str(game), [str(house)]).source["flow"][1]["deal"]["count"] == 3


def test_removing_a_definition_with_parameters_by_its_bare_name_says_it_is_keyed_by_its_head(game):
    """`best: {$remove: true}` for `best(p, z)` only asked "did you mean 'best(p, z)'?": why the name alone is not
    the key went unsaid."""
    house = overlay(game, "o/house.yaml", "extends: ../game/ruleset.yaml\ndefine:\n  best: {$remove: true}\n")
    d = failure(game, house)
    assert d.code == "O005", d
    assert d.hint == "a definition with parameters is keyed by its whole head, as the base writes it: write 'best(p, z)', parameters and all", d


def test_removing_an_action_the_base_lacks_lists_the_actions_it_has(game):
    """`actions: {hint: {$remove: true}}`, spelt like no action: O005 gave no hint at all."""
    house = overlay(game, "o/house.yaml", "extends: ../game/ruleset.yaml\nactions:\n  hint: {$remove: true}\n")
    d = failure(game, house)
    assert d.code == "O005" and d.hint == "the base's actions: play, pass", d


def test_changing_a_flow_item_the_base_lacks_lists_the_named_items(game):
    """A flow item named like none of the base's: the named items are listed, since no spelling is close."""
    house = overlay(game, "o/house.yaml", "extends: ../game/ruleset.yaml\nflow:\n  - name: scoring\n    $remove: true\n")
    d = failure(game, house)
    assert d.code == "O005" and d.hint == "the base's named items: setup, deal, turns", d


def test_a_name_the_base_lacks_is_never_told_one_the_overlay_itself_adds(game):
    """`final-score` removed where the overlay inserts `start-score` before it: O005 asked "did you mean 'start-score'?",
    a name the overlay adds and so cannot have meant to change; the base's own names are suggested and listed. So for
    a key of a section: an action the overlay adds is not the one a misspelt `$remove` meant."""
    house = overlay(game, "o/house.yaml", """\
        extends: ../game/ruleset.yaml
        flow:
          - name: start-score
            $before: deal
            score: {player: 0, add: 1}
          - name: final-score
            $remove: true
        """)
    d = failure(game, house)
    assert (d.code, d.loc.line) == ("O005", 6) and d.hint == "the base's named items: setup, deal, turns", d
    house.write_text("extends: ../game/ruleset.yaml\nactions:\n  discard:\n    do: []\n  discards: {$remove: true}\n", encoding="utf-8")
    d = failure(game, house)
    assert d.code == "O005" and d.hint == "the base's actions: play, pass", d


def test_a_seat_copy_of_a_play_record_names_play_record_too(tmp_path):
    """Replaying a copy filtered by `replay --seat` said to replay the record `simulate --record` wrote, though
    `play --record` writes records too."""
    played = philtre("simulate", "poison", "-p", "3", "-n", "1", "--seed", "3", "--no-db", "--record", "rec", cwd=tmp_path)
    assert played.returncode == 0, played.stderr
    [record] = sorted((tmp_path / "rec").glob("*.jsonl"))
    seat = philtre("replay", record, "--seat", "1", cwd=tmp_path)
    assert seat.returncode == 0, seat.stderr
    (tmp_path / "seat1.jsonl").write_text(seat.stdout, encoding="utf-8")
    result = philtre("replay", "seat1.jsonl", cwd=tmp_path)
    assert result.returncode == 1 and "P002 this record was filtered for one seat" in result.stderr, result.stderr
    assert "philtre play --record" in result.stderr and "philtre simulate --record" in result.stderr, result.stderr


def test_diff_and_show_print_single_quotes_as_written(game):
    """`diff` and `show` printed `'[''low'', ''mid'']'`: `show` prints an expression with single quotes in double
    quotes, as it was written, and what it prints still loads as the same ruleset; `diff` tells a definition bare."""
    house = overlay(game, "o/house.yaml", """\
        extends: ../game/ruleset.yaml
        define:
          label: "['low', 'mid', 'high'][1]"
        """)
    folder = game.parent.parent
    diff = philtre("diff", "game", "--variant", "o/house.yaml", cwd=folder)
    assert diff.returncode == 0, diff.stderr
    assert """from ['low', 'mid', 'high'][0] to ['low', 'mid', 'high'][1] """ in diff.stdout, diff.stdout  # (bare: an expression)
    show = philtre("show", "game", "--variant", "o/house.yaml", cwd=folder)
    assert show.returncode == 0, show.stderr
    assert """  label: "['low', 'mid', 'high'][1]"\n""" in show.stdout, show.stdout
    assert "''" not in show.stdout
    (folder / "shown.yaml").write_text(show.stdout, encoding="utf-8")
    assert yaml.safe_load(show.stdout)["define"]["label"] == "['low', 'mid', 'high'][1]"
    shown = load_ruleset(str(folder / "shown.yaml"))
    assert shown.content_hash == load_ruleset(str(game), [str(house)]).content_hash


@pytest.mark.parametrize("fmt", ["text", "json", "github"])
def test_a_base_read_through_extends_is_printed_by_its_tidy_path(game, fmt):
    """`validate o/house.yaml` printed the base as o/../game/ruleset.yaml, where `validate game --variant` printed
    game/ruleset.yaml: both print the path without its `..`."""
    overlay(game, "o/house.yaml", "extends: ../game/ruleset.yaml\ndefine:\n  best(p, z): {$remove: true}\n")
    folder = game.parent.parent
    alone = philtre("validate", "--format", fmt, "o/house.yaml", cwd=folder)
    applied = philtre("validate", "--format", fmt, "game", "--variant", "o/house.yaml", cwd=folder)
    assert alone.returncode == applied.returncode == 1, (alone.stderr, applied.stderr)
    printed = alone.stdout + alone.stderr
    assert "o/../" not in printed, printed
    if fmt == "json":
        [found] = json.loads(alone.stdout)
        assert found["path"] == "game/ruleset.yaml", found
    else:
        assert "game/ruleset.yaml:" in printed.replace("file=game/ruleset.yaml,line=", "game/ruleset.yaml:"), printed


def test_a_tidy_path_keeps_a_dotdot_that_leads_elsewhere_through_a_link(tmp_path):
    """Only what is printed is tidied, and only where it names the same file: `link/..` after a link to a folder
    elsewhere is that folder's parent, not this one."""
    (tmp_path / "far" / "inner").mkdir(parents=True)
    (tmp_path / "link").symlink_to(tmp_path / "far" / "inner")
    assert str(Loc(str(tmp_path / "link" / ".." / "x.yaml"), 1, 1)).endswith("link/../x.yaml:1:1")
    (tmp_path / "plain").mkdir()
    assert str(Loc(str(tmp_path / "plain" / ".." / "x.yaml"), 1, 1)).endswith(f"{tmp_path.name}/x.yaml:1:1")


def test_a_statement_replaced_by_its_name_alone_says_replace_keeps_only_what_is_beside_it(game):
    """A new user's Love Letter house rule `- {name: prince, $replace: true}`, meant to take the Prince's effect out,
    got `S002 statement has no kind` and the list of kinds: nothing said `$replace` keeps only what is written beside it."""
    house = overlay(game, "o/house.yaml", """\
        extends: ../game/ruleset.yaml
        flow:
          - name: setup
            $replace: true
        """)
    found = failure(game, house)
    assert (found.code, found.message) == ("S002", "statement has no kind"), str(found)
    assert found.loc.path == str(house) and "$replace: true keeps only what is written beside it" in found.hint, str(found)
    assert "$remove: true takes the statement out" in found.hint, str(found)


def test_play_show_and_diff_say_each_variants_own_description(game):
    """The resolved ruleset keeps the base's description, and play and show said nothing of the house rule's own (a
    user of an Uno house rule saw only the base game's text). Each variant's description is now said beside it."""
    house = overlay(game, "o/house.yaml", """\
        extends: ../game/ruleset.yaml
        description: Labels read 'y', as at our table
        define:
          label: "'y'"
        """)
    folder = game.parent.parent
    said = "o/house.yaml: Labels read 'y', as at our table"
    diff = philtre("diff", "game", "--variant", "o/house.yaml", cwd=folder)
    assert diff.stdout.splitlines()[1] == f"  {said}", diff.stdout
    show = philtre("show", "game", "--variant", "o/house.yaml", cwd=folder)
    assert show.stdout.splitlines()[0] == f"# + {said}", show.stdout
    (folder / "shown.yaml").write_text(show.stdout, encoding="utf-8")  # a comment: what show prints loads back the same
    assert load_ruleset(str(folder / "shown.yaml")).content_hash == load_ruleset(str(game), [str(house)]).content_hash
    play = subprocess.run([sys.executable, "-m", "philtre", "play", "game", "--variant", "o/house.yaml", "-p", "2", "--seed", "1"],
                          cwd=folder, input="quit\n", capture_output=True, text=True, timeout=120)
    assert f"+ {said}" in play.stdout.splitlines()[:4], play.stdout


@pytest.mark.parametrize("how", ["validate", "--variant"])
def test_a_misspelt_section_is_reported_with_the_overlays_other_mistakes(game, how):
    """Kalah's overlay wrote `defines:`: validate said only that, and once it was fixed, the overlay's other mistake (a
    $remove of an action spelt wrong, O005). An unknown top-level key is now said with what applying the rest finds."""
    house = overlay(game, "o/house.yaml", """\
        extends: ../game/ruleset.yaml
        defines:
          label: "'x'"
        actions:
          pas: {$remove: true}
        """)
    if how == "validate":
        found = [f.diagnostic for f in check_file(str(house)).findings]
    else:
        with pytest.raises(PhiltreError) as caught:
            load_ruleset(str(game), [str(house)])
        found = caught.value.diagnostics
    assert [(d.code, d.loc.line) for d in found] == [("V001", 2), ("O005", 5)], [str(d) for d in found]
    assert "did you mean 'define'?" in found[0].hint and "did you mean 'pass'?" in found[1].hint, [str(d) for d in found]


def test_a_misspelt_section_with_no_other_mistake_is_still_refused(game):
    house = overlay(game, "o/house.yaml", "extends: ../game/ruleset.yaml\ndefines:\n  label: \"'x'\"\n")
    with pytest.raises(PhiltreError) as caught:
        load_ruleset(str(game), [str(house)])
    assert [d.code for d in caught.value.diagnostics] == ["V001"]


@pytest.mark.parametrize("removal, attribute, where", [
    ("attributes: {value: {$remove: true}}", "value", "house.yaml:4:18"),
    ("attributes: {points: {$remove: true}}", "points", "house.yaml:4:18"),
    ("attributes: {$remove: true}", "value", "house.yaml:4:5"),
])
def test_an_attribute_one_component_lost_is_named_where_the_game_fails(tmp_path, removal, attribute, where):
    """Poison's poison card without its `value`: the potions keep theirs, so `card.value` passes every check, and a
    game stopped at the base's `overflow` with "'+' between a whole number and none", no word of the overlay."""
    from philtre.interpreter import Game

    house = tmp_path / "house.yaml"
    house.write_text(f"extends: poison\ncomponents:\n  poison:\n    {removal}\n", encoding="utf-8")
    ruleset = load_ruleset("poison", [str(house)])
    with pytest.raises(PhiltreError) as info:
        Game(ruleset, 4, seed=1).play_out(random=__import__("random").Random(0).random)
    d = info.value.first
    assert d.code == "R100", d
    assert f"'{attribute}' of the component 'poison' was removed by {house.parent / where}" in d.message, d


@pytest.mark.parametrize("extends", ["[poison]", "[poison, draw-pile]", "{game: poison}"])
def test_extends_written_as_a_list_or_mapping_is_told_it_names_one_base(tmp_path, extends):
    """`extends: [poison]` was told to quote the list as an expression, `extends: "[poison]"`, which names no base."""
    house = tmp_path / "house.yaml"
    house.write_text(f"extends: {extends}\ndefine:\n  limit: 15\n", encoding="utf-8")
    [error] = check_file(str(house)).errors
    d = error.diagnostic
    assert (d.code, d.loc.line, d.loc.col) == ("V001", 1, 10), d
    assert d.hint.startswith("extends names one base") and "quoted" not in d.hint, d


SIZED = """\
philtre: 1
game: sized
players: 2
components:
  tile: {derive: {cells: "[1]"}, start: pile}
zones:
  pile: {}
  row: {copies: rows}
  board: {grid: {resolution: 1, width: size, height: size}}
define:
  size: 6
  rows: 2
actions:
  go: {}
flow:
  - decide: go
    player: 0
"""


@pytest.mark.parametrize("set_, said", [
    ("size: 200", "'width' of grid 'board' must be a whole number 1..100, got 200 (with 2 players) (size is 200, set at "),
    ("rows: 5000", "'copies' of zone 'row' must be a whole number 1..1000, got 5000 (with 2 players) (rows is 5000, set at "),
])
def test_a_size_set_too_large_by_an_overlay_names_the_overlays_line_too(tmp_path, set_, said):
    """Tsuro trial: `size: 200` in a house rule was reported at the base's `width: size` alone (right, and untouched):
    the finding now names where the overlay sets what it reads, with its value."""
    (tmp_path / "game.yaml").write_text(SIZED, encoding="utf-8")
    house = tmp_path / "house.yaml"
    house.write_text(f"extends: game.yaml\ndefine:\n  {set_}\n", encoding="utf-8")
    [found] = check_file(str(house)).errors
    error = found.diagnostic
    assert error.code == "R002" and (error.loc.path, error.loc.line) == (str(tmp_path / "game.yaml"), 8 if "rows" in set_ else 9)
    assert f"{error.message} ({error.hint})" == said + f"{Loc(str(house), 3, 9)})", str(error)
    (tmp_path / "game.yaml").write_text(SIZED.replace("size: 6", "size: 200").replace("rows: 2", "rows: 5000"), encoding="utf-8")
    [found] = check_file(str(tmp_path / "game.yaml")).errors
    error = found.diagnostic
    assert error.code == "R002" and not error.hint  # (set in the file it is read in: its own line says it)
