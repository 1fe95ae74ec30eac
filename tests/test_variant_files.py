"""The files of a game's variants/ folder, and the commands that list, name and apply them (`variants`, `--variant`,
`validate`, the R001 hint, `games`).

The CLI is run as a user runs it (``python -m philtre ...`` in a subprocess, each with a timeout: a command that
waits on a pipe or a terminal never returns).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
HANG = 60  # seconds: far more than any of these commands takes; only a command that waits forever reaches it


def philtre(*args, cwd=ROOT) -> subprocess.CompletedProcess:
    """Run ``python -m philtre ARGS`` with nothing on stdin; never a traceback."""
    result = subprocess.run([sys.executable, "-m", "philtre", *map(str, args)], cwd=cwd, stdin=subprocess.DEVNULL,
                            capture_output=True, text=True, timeout=HANG)
    assert "Traceback" not in result.stdout + result.stderr, f"traceback from philtre {args}:\n{result.stderr}"
    return result


def new_game(folder: Path, name: str = "g") -> Path:
    """A game made by `philtre new` (2..4 players) with an empty variants/ folder."""
    made = philtre("new", name, cwd=folder)
    assert made.returncode == 0, made.stderr
    (folder / name / "variants").mkdir()
    return folder / name / "variants"


def variant(folder: Path, file: str, text: str) -> None:
    """An overlay file on the game's own ruleset in ``folder`` (a game's variants/)."""
    (folder / file).write_text("extends: ../ruleset.yaml\n" + text, encoding="utf-8")


NOT_REGULAR = {
    "fifo": lambda path: os.mkfifo(path),
    "zero": lambda path: os.symlink("/dev/zero", path),  # read whole, it never ends; read in part, a Y005 "file is 2,000,001 bytes"
    "stdin": lambda path: os.symlink("/dev/stdin", path),
}


@pytest.mark.parametrize("kind", sorted(NOT_REGULAR))
@pytest.mark.parametrize("command", [("variants", "g"), ("variants", "g", "--json"), ("validate", "g"),
                                     ("show", "g", "--variant", "bad"), ("test", "g")])
def test_a_file_in_variants_that_is_not_a_regular_file_is_f001_naming_it(tmp_path, kind, command):
    """A pipe in variants/ hung `variants`, `validate` and `show --variant`; `test` called it "no variant 'bad' (variants: bad)"."""
    folder = new_game(tmp_path)
    variant(folder, "good.yaml", "description: fine\n")
    NOT_REGULAR[kind](folder / "bad.yaml")
    result = philtre(*command, cwd=tmp_path)
    said = result.stdout + result.stderr  # validate's findings go to stdout
    assert result.returncode == 1, said
    assert "g/variants/bad.yaml: F001 not a regular file" in said, said


def test_another_variant_is_applied_beside_a_file_that_is_not_a_regular_one(tmp_path):
    """Only a command that reads the bad file refuses it: `--variant good` never opens the pipe beside it."""
    folder = new_game(tmp_path)
    variant(folder, "good.yaml", "description: fine\n")
    os.mkfifo(folder / "bad.yaml")
    result = philtre("show", "g", "--variant", "good", cwd=tmp_path)
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("command", ["simulate", "play"])
def test_a_wrong_player_count_is_r001_beside_a_variant_file_that_cannot_be_read(tmp_path, command):
    """The R001 hint read every variant to say which take the count: a pipe among them hung `simulate -p 7` and `play -p 7`.
    What cannot be read is left out of the hint (the R001 is about the player count); the others are still named."""
    folder = new_game(tmp_path)
    os.mkfifo(folder / "bad.yaml")
    os.symlink("/dev/zero", folder / "zero.yaml")
    (folder / "broken.yaml").write_text("junk: [\n", encoding="utf-8")
    variant(folder, "seven.yaml", "players: 2..7\n")
    args = ("-p", "7", "-n", "1", "--no-db") if command == "simulate" else ("-p", "7")
    result = philtre(command, "g", *args, cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    assert "R001 g is for 2 to 4 players, not 7 ('seven' takes 7: --variant seven)" in result.stderr, result.stderr


def test_a_variant_given_as_a_path_to_a_pipe_is_f001_not_o002(tmp_path):
    """`--variant fifo.yaml`, a pipe there, said "O002 no variant or overlay file 'fifo.yaml'"."""
    os.mkfifo(tmp_path / "fifo.yaml")
    result = philtre("show", "poison", "--variant", "fifo.yaml", cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    assert result.stderr.startswith("fifo.yaml: F001 not a regular file"), result.stderr


@pytest.mark.parametrize("command", [("show", "loop.yaml"), ("show", "poison", "--variant", "loop.yaml")])
def test_a_link_to_itself_is_said_so_not_no_such_file(tmp_path, command):
    """A symlink loop was "F001 no such file"; the file is there, its link leads round in a circle."""
    os.symlink("loop.yaml", tmp_path / "loop.yaml")
    result = philtre(*command, cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    assert result.stderr.startswith("loop.yaml: F001 "), result.stderr
    assert "no such file" not in result.stderr and "symbolic links" in result.stderr, result.stderr


def test_games_lists_the_shipped_games_from_a_folder_holding_games_of_those_names(tmp_path):
    """`philtre games` loaded each name as a RULESET: ./poison (a new game) was listed as Poison, and a broken ./hue failed it."""
    assert philtre("new", "poison", cwd=tmp_path).returncode == 0
    (tmp_path / "hue").mkdir()
    (tmp_path / "hue" / "ruleset.yaml").write_text("junk: [\n", encoding="utf-8")
    elsewhere = philtre("games", "--json", cwd=tmp_path.parent)
    for args in (("games",), ("games", "--json")):
        here = philtre(*args, cwd=tmp_path)
        assert here.returncode == 0, here.stderr
        if args == ("games",):
            assert any(line.split()[:2] == ["poison", "3..6"] for line in here.stdout.splitlines()), here.stdout
        else:
            assert json.loads(here.stdout) == json.loads(elsewhere.stdout)


def quick_variants(folder: Path) -> None:
    """Variants whose `variant:` names are not their files' names: two called 'quick', one 'big' for 5 players."""
    variant(folder, "short.yaml", "variant: quick\ndescription: two tricks\n")
    variant(folder, "other.yaml", "variant: quick\ndescription: another quick\n")
    variant(folder, "five.yaml", "variant: big\ndescription: five\nplayers: 2..5\n")


def test_variants_names_each_variant_as_variant_takes_it(tmp_path):
    """`variants` listed the `variant:` names (two rows 'quick'), which `--variant` could not find (O002)."""
    quick_variants(new_game(tmp_path))
    listed = philtre("variants", "g", cwd=tmp_path)
    assert listed.returncode == 0, listed.stderr
    names = [line.split()[0] for line in listed.stdout.splitlines()[1:]]
    assert names == ["five", "other", "short"], listed.stdout
    assert "(variant: big)" in listed.stdout, listed.stdout  # the name written in the file, beside the one to give
    rows = json.loads(philtre("variants", "g", "--json", cwd=tmp_path).stdout)
    assert [row["variant"] for row in rows] == names
    assert [row["written_name"] for row in rows] == ["big", "quick", "quick"]
    for name in names:
        shown = philtre("show", "g", "--variant", name, cwd=tmp_path)
        assert shown.returncode == 0, shown.stderr


def test_o002_for_a_name_a_variant_writes_names_the_file_to_give(tmp_path):
    """`--variant quick`, the `variant:` of short.yaml and other.yaml, said only "(variants: other, short)"."""
    quick_variants(new_game(tmp_path))
    result = philtre("show", "g", "--variant", "quick", cwd=tmp_path)
    assert result.returncode == 1
    assert ("quick: O002 no variant or overlay file 'quick' ('quick' is what the `variant:` of other.yaml and short.yaml says; "
            "--variant takes the file's name: --variant other or --variant short)") in result.stderr, result.stderr


def test_the_r001_hint_names_the_variant_as_variant_takes_it(tmp_path):
    """The hint said "('big' takes 5: --variant big)", and `--variant big` was O002: the file is five.yaml."""
    quick_variants(new_game(tmp_path))
    refused = philtre("simulate", "g", "-p", "5", "-n", "1", "--no-db", cwd=tmp_path)
    assert refused.returncode == 1
    assert "('five' takes 5: --variant five)" in refused.stderr, refused.stderr
    followed = philtre("simulate", "g", "-p", "5", "-n", "1", "--no-db", "--variant", "five", cwd=tmp_path)
    assert followed.returncode == 0, followed.stderr


def test_the_r001_hint_names_a_variant_that_takes_the_count_through_the_one_it_extends(tmp_path):
    """The hint read each variant's own `players:`: one extending a 7-player variant, with none of its own, was left out."""
    folder = new_game(tmp_path)
    variant(folder, "a.yaml", "players: 2..7\n")
    (folder / "b.yaml").write_text("extends: a.yaml\ndescription: builds on a\n", encoding="utf-8")
    result = philtre("simulate", "g", "-p", "7", "-n", "1", "--no-db", cwd=tmp_path)
    assert result.returncode == 1
    assert "('a' and 'b' take 7: --variant a)" in result.stderr, result.stderr


def test_variants_shows_the_players_the_variant_takes_once_applied(tmp_path):
    """The text form showed the overlay's own `players:` (2..4 for one extending a 3-player variant); --json the applied one."""
    folder = new_game(tmp_path)
    variant(folder, "a.yaml", "description: three only\nplayers: 3\n")
    (folder / "b.yaml").write_text("extends: a.yaml\ndescription: builds on a\n", encoding="utf-8")
    variant(folder, "c.yaml", "description: |\n  two\n  lines\n")
    text = philtre("variants", "g", cwd=tmp_path)
    assert text.returncode == 0, text.stderr
    rows = {line.split()[0]: line.split(None, 2)[1:] for line in text.stdout.splitlines()[1:]}
    assert rows == {"a": ["3", "three only"], "b": ["3", "builds on a"], "c": ["2..4", "two lines"]}, text.stdout
    data = json.loads(philtre("variants", "g", "--json", cwd=tmp_path).stdout)
    assert {row["variant"]: (row["min_players"], row["max_players"]) for row in data} == {"a": (3, 3), "b": (3, 3), "c": (2, 4)}


@pytest.mark.parametrize("text, said", [("zones:\n  deck: {visible: bogus}\n", "V001 'bogus' is not one of"),
                                        ("players: \"3..2\"\n", "R003")])
def test_variants_refuses_a_variant_that_cannot_be_applied_in_both_forms(tmp_path, text, said):
    """The text form listed a bad variant (exit 0), while --json said why it cannot be applied (exit 1). Both now list
    the good variants too (one broken file listed nothing, a No Thanks trial found), the bad one marked, and exit 1."""
    folder = new_game(tmp_path)
    variant(folder, "bad.yaml", "description: bad\n" + text)
    variant(folder, "good.yaml", "description: fine\n")
    plain, as_json = philtre("variants", "g", cwd=tmp_path), philtre("variants", "g", "--json", cwd=tmp_path)
    assert plain.returncode == as_json.returncode == 1, plain.stdout + plain.stderr
    assert plain.stderr == as_json.stderr and said in plain.stderr and "g/variants/bad.yaml:" in plain.stderr, plain.stderr
    code = said.split()[0]
    assert plain.stdout.splitlines() == ["variant  players  description",
                                         f"bad      -        cannot be applied: {code} (the error follows, on stderr)",
                                         "good     2..4     fine"], plain.stdout
    rows = {row["variant"]: row for row in json.loads(as_json.stdout)}
    assert rows["good"]["errors"] == [] and rows["good"]["description"] == "fine"
    assert rows["bad"]["players"] is None and [e["code"] for e in rows["bad"]["errors"]] == [code]
    assert rows["bad"]["errors"][0]["path"].endswith("g/variants/bad.yaml")


def test_variants_help_says_what_it_prints():
    """The help said "with what each changes" (that is `philtre diff`); it prints the players and description of each."""
    result = philtre("variants", "--help")
    assert result.returncode == 0
    assert "what each changes" not in result.stdout and "description" in result.stdout, result.stdout


@pytest.mark.parametrize("command, hint", [(("variants", "POK"), "F002 no shipped game or file named 'POK' (did you mean 'pok'?)"),
                                           (("show", "poison", "--variant", "DRAW-PILE"), "(did you mean 'draw-pile'?)")])
def test_did_you_mean_finds_a_name_written_in_other_capitals(tmp_path, command, hint):
    """`POK` got "(shipped: hue, poison, poisons, pok)" while `Poison` got "did you mean 'poison'?"."""
    result = philtre(*command, cwd=tmp_path)
    assert result.returncode == 1
    assert hint in result.stderr, result.stderr


def test_two_variant_files_of_one_name_are_refused_not_one_picked_by_sort_order(tmp_path):
    """short.yaml and short.yml: `--variant short` applied short.yml, silently."""
    folder = new_game(tmp_path)
    variant(folder, "short.yaml", "description: two tricks\n")
    variant(folder, "short.yml", "description: one trick\n")
    result = philtre("show", "g", "--variant", "short", cwd=tmp_path)
    assert result.returncode == 1
    assert "O002 two variant files are named 'short': short.yaml and short.yml" in result.stderr, result.stderr
    assert philtre("show", "g", "--variant", "g/variants/short.yml", cwd=tmp_path).returncode == 0


@pytest.mark.parametrize("command", [("variants", "g"), ("validate", "g"), ("test", "g"), ("show", "g", "--variant", "quick"),
                                     ("simulate", "g", "-p", "2", "-n", "1", "--no-db", "--variant", "quick")])
def test_a_variants_folder_that_cannot_be_listed_is_f001_naming_it(tmp_path, monkeypatch, command):
    """A variants/ folder without read permission: "internal error: PermissionError" (exit 2) in each command that
    lists it. (os.listdir made to refuse it: a test run as root may list any folder.)"""
    from click.testing import CliRunner

    from philtre.dsl.overlays import variants_taking
    from philtre.interpreter.cli import main

    folder = new_game(tmp_path)
    variant(folder, "quick.yaml", "variant: quick\nplayers: 2\n")
    real = os.listdir

    def listdir(path="."):
        if os.path.basename(os.path.normpath(str(path))) == "variants":
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)

    monkeypatch.setattr(os, "listdir", listdir)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, list(command))
    assert result.exit_code == 1, result.output
    said = f"{os.path.join('g', 'variants')}: F001 cannot read the folder of the ruleset's variants: Permission denied"
    assert said in result.output, result.output
    assert variants_taking(os.path.join("g", "ruleset.yaml"), 2) == []  # R001's hint: none named, no error


def test_the_r001_hint_beside_a_variants_folder_that_cannot_be_listed_names_none(tmp_path, monkeypatch):
    from click.testing import CliRunner

    from philtre.interpreter.cli import main

    folder = new_game(tmp_path)
    variant(folder, "five.yaml", "players: 2..5\n")
    real = os.listdir
    monkeypatch.setattr(os, "listdir", lambda path=".": (_ for _ in ()).throw(PermissionError(13, "Permission denied"))
                        if str(path).endswith("variants") else real(path))
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["simulate", "g", "-p", "5", "-n", "1", "--no-db"])
    assert result.exit_code == 1, result.output
    assert "R001 g is for 2 to 4 players, not 5" in result.output and "five" not in result.output, result.output


@pytest.mark.parametrize("command", ["simulate", "show", "validate"])
def test_variants_joined_by_a_comma_are_told_to_take_a_variant_each(tmp_path, command):
    """`simulate --variant draw-pile,two-deals-each` (compare's form for one arm of both) said only "did you mean
    'two-deals-each'?", as if one of the two were meant; elsewhere each overlay is its own --variant."""
    result = philtre(command, "poison", "--variant", "draw-pile,two-deals-each", cwd=tmp_path)
    said = result.stdout + result.stderr  # (validate reports on standard output)
    assert result.returncode == 1
    assert "(each overlay is given its own --variant, applied in that order: --variant draw-pile --variant two-deals-each)" in said
    unknown = philtre(command, "poison", "--variant", "draw-pile,nope", cwd=tmp_path)
    said = unknown.stdout + unknown.stderr
    assert "its own --variant" not in said and "did you mean 'draw-pile'?" in said, said
