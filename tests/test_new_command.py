"""`philtre new NAME`: what it refuses, what it writes, and that what it writes is a working game.

Each test here stood for a fault found in an audit of `new`: writing through a link to a file elsewhere,
names that made a ruleset that did not validate, a folder whose line break broke the files' comments,
a shipped name written as a path without the note, messages that did not name what was typed, a half-made
game, and an "internal error" for a full stdout.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from philtre.dsl import load_ruleset
from philtre.interpreter.cli import main
from philtre.interpreter.cli_new import RULESET

ROOT = Path(__file__).resolve().parents[1]


def run_in(folder, *args):
    """The CLI in-process, run from ``folder``: (exit code, stdout, stderr)."""
    cwd = os.getcwd()
    os.chdir(folder)
    try:
        result = CliRunner().invoke(main, [str(a) for a in args])
    finally:
        os.chdir(cwd)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.stdout + result.stderr, result.stderr
    return result.exit_code, result.stdout, result.stderr


def philtre(*args, cwd, **kwargs):
    """The CLI as a process (for what the test runner's captured stdout cannot show)."""
    result = subprocess.run([sys.executable, "-m", "philtre", *map(str, args)], cwd=cwd, text=True, timeout=300, **kwargs)
    assert "Traceback" not in (result.stderr or ""), result.stderr
    return result


def test_a_link_to_no_file_is_not_written_through(tmp_path):
    """`new game` over game/ruleset.yaml -> ../elsewhere/victim.txt made victim.txt, without --force."""
    (tmp_path / "game").mkdir()
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "game" / "ruleset.yaml").symlink_to("../elsewhere/victim.txt")
    for force in ((), ("--force",)):
        code, _, err = run_in(tmp_path, "new", "game", *force)
        assert code == 2, err
        assert "cannot write game/ruleset.yaml: it is a link to no file" in err, err
        assert list((tmp_path / "elsewhere").iterdir()) == []
        assert not (tmp_path / "game" / "scenarios.yaml").exists(), "nothing is written when one file cannot be"


def test_force_does_not_write_through_a_link_to_a_file_outside_the_folder(tmp_path):
    """--force overwrites the game's files, not a file elsewhere that one of them links to."""
    (tmp_path / "game").mkdir()
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me\n", encoding="utf-8")
    (tmp_path / "game" / "scenarios.yaml").symlink_to("../victim.txt")
    code, _, err = run_in(tmp_path, "new", "game", "--force")
    assert code == 2, err
    assert "cannot write game/scenarios.yaml: it is a link to a file outside game" in err, err
    assert victim.read_text(encoding="utf-8") == "keep me\n"
    assert not (tmp_path / "game" / "ruleset.yaml").exists()


def test_force_writes_through_a_link_to_a_file_in_the_folder(tmp_path):
    """A link within the game's folder is the author's own arrangement: --force writes the file it names."""
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "rules-v2.yaml").write_text("old\n", encoding="utf-8")
    (tmp_path / "game" / "ruleset.yaml").symlink_to("rules-v2.yaml")
    assert run_in(tmp_path, "new", "game")[0] == 2, "without --force an existing file is not overwritten"
    code, _, err = run_in(tmp_path, "new", "game", "--force")
    assert code == 0, err
    assert (tmp_path / "game" / "rules-v2.yaml").read_text(encoding="utf-8").startswith("# yaml-language-server:")


def test_force_over_a_folder_in_the_way_writes_no_file(tmp_path):
    """`new half --force` with half/scenarios.yaml a folder wrote half/ruleset.yaml, then failed: a half-made game."""
    (tmp_path / "half" / "scenarios.yaml").mkdir(parents=True)
    code, _, err = run_in(tmp_path, "new", "half", "--force")
    assert code == 2, err
    assert "cannot write half/scenarios.yaml: it is a folder" in err, err
    assert not (tmp_path / "half" / "ruleset.yaml").exists()


@pytest.mark.parametrize("name", ["true", "false", "null", "True", "NULL", "yes", "on"])
def test_every_name_new_takes_makes_a_game_that_validates_tests_and_simulates(tmp_path, name):
    """`new true` wrote `game: true` and `title: True`, read as a boolean: V001 twice."""
    code, _, err = run_in(tmp_path, "new", name)
    assert code == 0, err
    assert load_ruleset(str(tmp_path / name)).name == name.lower()
    code, out, err = run_in(tmp_path, "validate", name)
    assert (code, out) == (0, "") and "1 file(s) checked: no findings" in err, out + err
    code, out, err = run_in(tmp_path, "test", name)
    assert code == 0 and "1 passed, 0 failed" in out, out + err
    code, out, err = run_in(tmp_path, "simulate", name, "--players", "3", "--games", "3", "--no-db")
    assert code == 0, err


@pytest.mark.parametrize("name, shown", [("nl\ndir/game", r"'nl\ndir/game'"), ("cr\rgame", r"'cr\rgame'"),
                                         ("tab\tdir/g", r"'tab\tdir/g'"), ("a\x85b/g", r"'a\x85b/g'"),
                                         ("a\u2028b/g", r"'a\u2028b/g'"), ("esc\x1b[2J/g", r"'esc\x1b[2J/g'")])
def test_a_control_character_in_the_folder_is_a_usage_error_shown_visibly(tmp_path, name, shown):
    """The folder is written into the files' comments: a line break in it ended the comment and broke the YAML;
    a carriage return was printed raw, so the message hid it."""
    code, _, err = run_in(tmp_path, "new", name)
    assert code == 2, err
    assert shown in err, err
    assert not any(c in err for c in "\r\t\x85\x1b\u2028"), repr(err)
    assert list(tmp_path.iterdir()) == [], "nothing is made"


@pytest.mark.parametrize("name, said", [("/", "'/' is not a game name"), ("a/9lives", "'a/9lives' is not a game name")])
def test_a_name_refused_is_named_as_typed(tmp_path, name, said):
    """`new /` said "'' is not a game name"."""
    code, _, err = run_in(tmp_path, "new", name)
    assert code == 2 and said in err, err


@pytest.mark.parametrize("name", ["./pok", "pok/", "sub/../pok", "./poison/"])
def test_a_shipped_name_written_as_a_path_gets_the_note(tmp_path, name):
    """`new ./pok` hides the shipped pok as `new pok` does, but said nothing."""
    (tmp_path / "sub").mkdir()
    code, _, err = run_in(tmp_path, "new", name)
    game = name.strip("./").split("/")[-1]
    assert code == 0, err
    assert f"note: {game} is also the name of a shipped game" in err, err
    assert f"now runs ./{game}" in err, err


def test_the_absolute_path_of_a_shipped_name_here_gets_the_note(tmp_path):
    """The folder is compared as it lies from here, however it is written."""
    code, _, err = run_in(tmp_path, "new", tmp_path / "pok")
    assert code == 0 and "note: pok is also the name of a shipped game" in err, err


def test_a_folder_elsewhere_gets_no_note(tmp_path):
    (tmp_path / "sub").mkdir()
    code, _, err = run_in(tmp_path, "new", "sub/pok")
    assert code == 0 and "note:" not in err, err


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_full_stdout_is_said_as_such_and_the_game_is_made(tmp_path):
    """`new full > /dev/full` wrote ruleset.yaml only, then said "internal error: OSError: [Errno 28]"."""
    with open("/dev/full", "w", encoding="utf-8") as full:
        result = philtre("new", "full", cwd=tmp_path, stdout=full, stderr=subprocess.PIPE)
    assert result.returncode == 1, result.stderr
    assert "internal error" not in result.stderr and "Exception ignored" not in result.stderr, result.stderr
    assert "cannot write to standard output: No space left on device" in result.stderr, result.stderr
    assert (tmp_path / "full" / "ruleset.yaml").is_file() and (tmp_path / "full" / "scenarios.yaml").is_file()


def test_the_tutorial_describes_the_game_new_makes():
    """writing-a-ruleset.md called it "a draw-and-play with no rounds"; it deals 3 cards and plays 3 tricks."""
    text = (ROOT / "docs" / "writing-a-ruleset.md").read_text(encoding="utf-8")
    said = re.search(r"`philtre new NAME` makes (.*?)\)", text, re.S).group(1)
    said = " ".join(said.split())
    assert "repeat: 3" in RULESET and "three tricks" in said, said
    assert "draw:" not in RULESET and "draw" not in said, said


def test_a_byte_of_the_folder_that_is_not_utf8_is_a_usage_error_shown_as_the_byte(tmp_path):
    """The folder is written into the files as UTF-8 text, which a byte 0xff (given to Python as '\\udcff') is not."""
    code, _, err = run_in(tmp_path, "new", "\udcff/g")
    assert code == 2, err
    assert r"'\xff/g' holds a byte that is not UTF-8 text" in err, err
    assert list(tmp_path.iterdir()) == []


def test_the_game_new_makes_says_it_is_a_skeleton_and_the_help_says_where_it_goes(tmp_path):
    """`new cant-stop` described itself as the card game it starts from; both trials wondered where the files went."""
    code, _, err = run_in(tmp_path, "new", "cant-stop")
    assert code == 0, err
    description = yaml.safe_load((tmp_path / "cant-stop" / "ruleset.yaml").read_text(encoding="utf-8"))["description"]
    assert description.startswith("A starting skeleton made by `philtre new`, to change into your game"), description
    code, out, _ = run_in(tmp_path, "new", "--help")
    assert "Create the folder NAME (here, or at the path NAME gives)" in " ".join(out.split()), out
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "philtre new mygame  " in readme and "makes the folder mygame/" in readme


def test_new_dot_makes_the_game_in_the_folder_there_named_for_it(tmp_path):
    """Carcassonne trial: `new NAME` always made a subfolder; an author in the game's own folder wants `new .`."""
    here = tmp_path / "my-game"
    here.mkdir()
    code, out, err = run_in(here, "new", ".")
    assert code == 0, err
    assert "created ./ruleset.yaml" in out and "the game is named my-game" in out
    assert sorted(p.name for p in here.iterdir()) == ["ruleset.yaml", "scenarios.yaml"]
    schema = re.search(r"\$schema=(\S+)", (here / "ruleset.yaml").read_text(encoding="utf-8"))[1]
    assert (here / schema).resolve() == (ROOT / "schemas" / "ruleset.schema.json").resolve()
    assert load_ruleset(str(here / "ruleset.yaml")).name == "my-game"
    code, _, err = run_in(here, "new", ".")  # a second time: the files are there
    assert code == 2 and "./ruleset.yaml already exists (use --force to overwrite)" in err, err
