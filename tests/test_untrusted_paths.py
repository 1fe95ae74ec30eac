"""Files named by untrusted input (a downloaded game folder, an overlay's `extends:`, a record's header) are judged by
what they lead to, not by their names: a link `x.yaml` to a credentials file or to /proc/self/environ is refused unread,
and nothing of it is shown by any command (docs/validating.md, "Limits"; docs/records.md, "Replay").

Also: an `extends:` naming a pipe is "not a regular file", not "cannot find"; a record line of too many arrays is
refused before it is parsed; a record's header names each variant once, and few of them."""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.interpreter import replay
from philtre.interpreter.game import Game

ROOT = Path(__file__).resolve().parent.parent
SECRET = "ghp_FAKESECRETTOKEN4242"
NO_PROC = not os.path.exists("/proc/self/environ")


def philtre(*args, cwd, env=None) -> subprocess.CompletedProcess:
    """Run ``python -m philtre ARGS`` in ``cwd``; never a traceback."""
    result = subprocess.run([sys.executable, "-m", "philtre", *map(str, args)], cwd=cwd, capture_output=True, text=True,
                            timeout=120, env=env, stdin=subprocess.DEVNULL)
    assert "Traceback" not in result.stdout + result.stderr, result.stdout + result.stderr
    return result


@pytest.fixture(scope="module")
def new_game(tmp_path_factory) -> Path:
    """A game folder as `philtre new` makes it (ruleset.yaml and scenarios.yaml), copied by each test that needs one."""
    folder = tmp_path_factory.mktemp("made")
    assert philtre("new", "g", cwd=folder).returncode == 0
    return folder / "g"


@pytest.fixture
def secret(tmp_path) -> Path:
    """A file holding a fake token, as ~/.git-credentials does (a single YAML value, which Y003 quoted)."""
    path = tmp_path / "secret" / "git-credentials"
    path.parent.mkdir()
    path.write_text(f"https://alice:{SECRET}@github.com\n", encoding="utf-8")
    return path


def game(tmp_path: Path, new_game: Path) -> Path:
    """A copy of the new game in tmp_path/g."""
    return Path(shutil.copytree(new_game, tmp_path / "g"))


def refused(result: subprocess.CompletedProcess, *said: str) -> str:
    """The output of a run that must fail (exit 1) without the secret, saying each of ``said``."""
    out = result.stdout + result.stderr
    assert result.returncode == 1, out
    assert SECRET not in out and "alice" not in out, out
    for words in said:
        assert words in out, out
    return out


LEADS_ELSEWHERE = "which is no YAML file (.yaml, .yml): it is not read"
GAME_COMMANDS = [("validate", "g"), ("validate", "--source", "g"), ("validate", "--source", "g/ruleset.yaml"),
                 ("show", "g"), ("test", "g"), ("simulate", "g", "-n", "1", "--no-db")]


@pytest.mark.parametrize("command", GAME_COMMANDS)
def test_a_folder_s_ruleset_yaml_linked_to_a_secret_is_refused_unread(tmp_path, secret, command):
    """evilgame/ruleset.yaml -> ~/.git-credentials: Y003 quoted the token ("not a single value ('https://alice:...')")."""
    (tmp_path / "g").mkdir()
    (tmp_path / "g" / "ruleset.yaml").symlink_to(secret)
    out = refused(philtre(*command, cwd=tmp_path), "g/ruleset.yaml: F001 ", LEADS_ELSEWHERE)
    assert str(secret) in out, out  # where the link leads is said: the user sees what the folder tried


@pytest.mark.parametrize("linked", ["scenarios.yaml", "variants/house.yaml"])
@pytest.mark.parametrize("command", [("validate", "--source", "g"), ("test", "g")])
def test_a_game_s_other_files_linked_to_a_secret_are_refused_unread(tmp_path, new_game, secret, linked, command):
    """A game folder's scenarios.yaml and variants/ are read by `validate` and `test` alike: a link to a secret is F001."""
    folder = game(tmp_path, new_game)
    (folder / linked).parent.mkdir(exist_ok=True)
    (folder / linked).unlink(missing_ok=True)
    (folder / linked).symlink_to(secret)
    refused(philtre(*command, cwd=tmp_path), f"g/{linked}: F001 ", LEADS_ELSEWHERE)


def test_a_variant_linked_to_a_secret_is_refused_by_show(tmp_path, new_game, secret):
    folder = game(tmp_path, new_game)
    (folder / "variants").mkdir()
    (folder / "variants" / "house.yaml").symlink_to(secret)
    refused(philtre("show", "g", "--variant", "house", cwd=tmp_path), "g/variants/house.yaml: F001 ", LEADS_ELSEWHERE)


def test_an_extends_linked_to_a_secret_is_refused_unread(tmp_path, secret):
    """`extends: cred.yaml`, a link to a credentials file: its line was quoted under an O001."""
    (tmp_path / "cred.yaml").symlink_to(secret)
    (tmp_path / "house.yaml").write_text("extends: cred.yaml\ndescription: x\n", encoding="utf-8")
    for command in (("validate", "--source", "house.yaml"), ("show", "poison", "--variant", "house.yaml")):
        refused(philtre(*command, cwd=tmp_path), "house.yaml:1:10: O002 'cred.yaml' is no ruleset or overlay file",
                f"it leads to {secret}")


@pytest.mark.skipif(NO_PROC, reason="a system without /proc/self/environ")
def test_an_extends_linked_to_the_environment_is_refused_unread(tmp_path):
    """`extends: env.yaml` -> /proc/self/environ: Y004 showed the whole environment as the source line, tokens included."""
    (tmp_path / "env.yaml").symlink_to("/proc/self/environ")
    (tmp_path / "house.yaml").write_text("extends: env.yaml\ndescription: x\n", encoding="utf-8")
    env = dict(os.environ, MYSECRET=SECRET)
    out = refused(philtre("validate", "--source", "house.yaml", cwd=tmp_path, env=env), "house.yaml:1:10: F001 ")
    assert "not a regular file" in out and "/proc/" in out, out
    direct = refused(philtre("validate", "--source", "env.yaml", cwd=tmp_path, env=env), "env.yaml: F001 not a regular file")
    assert "IS_SANDBOX" not in direct and "PATH=" not in direct, direct


def test_links_to_yaml_files_and_linked_folders_still_work(tmp_path, new_game):
    """What a user does with links keeps working: a ruleset.yaml linked to another .yaml, a game folder that is a link."""
    folder = game(tmp_path, new_game)
    (folder / "ruleset.yaml").rename(folder / "rules-v2.yaml")
    (folder / "ruleset.yaml").symlink_to("rules-v2.yaml")
    (tmp_path / "alias").symlink_to(folder)
    (tmp_path / "house.yaml").write_text("extends: alias\ndescription: x\n", encoding="utf-8")
    for command in (("validate", "alias"), ("test", "g"), ("validate", "house.yaml")):
        result = philtre(*command, cwd=tmp_path)
        assert result.returncode == 0, result.stdout + result.stderr


# -- records --------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def record_lines(tmp_path_factory) -> list[str]:
    """The lines of a 3-player poison record."""
    rng = random.Random(3)
    game_ = Game(load_ruleset("poison"), 3, seed=3, record=True)
    while not game_.finished:
        for seat in game_.pending():
            game_.apply(seat, rng.choice(game_.options(seat)))
    path = tmp_path_factory.mktemp("rec") / "game.jsonl"
    game_.recorder.write(path)
    return path.read_text(encoding="utf-8").splitlines()


def with_header(lines: list, folder: Path, source: str = "poison", variants=(), name: str = "rec.jsonl") -> Path:
    """The record with its header's ruleset source and variants replaced."""
    header = json.loads(lines[0])
    header["ruleset"].update(source=source, variants=list(variants))
    path = folder / name
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("field", ["source", "variants"])
def test_a_record_naming_a_yaml_link_to_a_secret_is_refused_unread(tmp_path, record_lines, secret, field):
    """A record's header naming sym/cred.yaml (a link to a credentials file): Y003 quoted the token."""
    (tmp_path / "cred.yaml").symlink_to(secret)
    named = str(tmp_path / "cred.yaml")
    path = with_header(record_lines, tmp_path, **({"source": named} if field == "source" else {"variants": [named]}))
    out = refused(philtre("replay", path, cwd=tmp_path), "rec.jsonl:1:1: P006 ", "it is not read")
    assert f"leads to {secret}" in out, out


def test_an_extends_naming_a_pipe_is_f001_not_a_regular_file(tmp_path):
    """`extends: fifo.yaml`, a pipe beside the overlay: "O002 cannot find 'fifo.yaml' (no such file ...)"."""
    os.mkfifo(tmp_path / "fifo.yaml")
    (tmp_path / "gone.yaml").symlink_to(tmp_path / "nowhere.yaml")
    for target, why in (("fifo.yaml", "not a regular file"), ("gone.yaml", "a link that leads to no file")):
        (tmp_path / "house.yaml").write_text(f"extends: {target}\ndescription: x\n", encoding="utf-8")
        for command in (("validate", "house.yaml"), ("show", "poison", "--variant", "house.yaml")):
            result = philtre(*command, cwd=tmp_path)
            out = result.stdout + result.stderr
            assert result.returncode == 1, out
            assert f"house.yaml:1:10: F001 '{target}' is {why}" in out and "cannot find" not in out, out


def test_a_record_line_of_too_many_arrays_is_p001_before_it_is_parsed(tmp_path, record_lines, monkeypatch):
    """A 60 MB line of `[],[],...` took 1.6 GB in the JSON reader: the arrays and values a line may make are bounded."""
    monkeypatch.setattr(replay, "MAX_LINE_VALUES", 1000)
    path = tmp_path / "amp.jsonl"
    path.write_text("\n".join([record_lines[0], '{"event":"x","a":[' + ",".join(["[]"] * 600) + "]}"]) + "\n", encoding="utf-8")
    with pytest.raises(PhiltreError) as caught:
        replay.replayed(str(path))
    d = caught.value.first
    assert (d.code, d.loc.line, d.loc.col) == ("P001", 2, 1), str(caught.value)
    assert "more than 1,000 arrays, objects and values" in d.message, d.message
    assert replay.replay(str(with_header(record_lines, tmp_path))) > 0  # a record's own lines are far under it


@pytest.mark.parametrize("variants, said", [
    (["draw-pile", "draw-pile"], "the header's ruleset.variants names 'draw-pile' twice: each overlay is applied once"),
    ([f"v{i}" for i in range(65)], "the header's ruleset.variants names 65 variants: a record names at most 64"),
])
def test_a_record_header_names_each_variant_once_and_few_of_them(tmp_path, record_lines, variants, said):
    """A header naming draw-pile 5,000 times applied it 5,000 times (20 s, 550 MB): refused at the header, unread."""
    with pytest.raises(PhiltreError) as caught:
        replay.replayed(str(with_header(record_lines, tmp_path, variants=variants)))
    d = caught.value.first
    assert (d.code, d.loc.line) == ("P002", 1), str(caught.value)
    assert d.message == said, d.message
