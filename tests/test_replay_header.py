"""What `philtre replay` makes of a record's header: which ruleset it names, wherever the replay runs, and that it is
the header the replayed game writes (docs/records.md, "Replay", steps 1 and 2)."""

from __future__ import annotations

import json
import os
import random
import shutil
from pathlib import Path

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.dsl.shipped import shipped_path
from philtre.interpreter.game import Game
from philtre.interpreter.replay import replayed

DATA = Path(__file__).resolve().parent / "data"


def played(name: str, players: int, variants=(), seed: int = 3) -> list[dict]:
    """The events of a game of ``name`` (a shipped game's name), each seat picking at random, header first."""
    rng = random.Random(seed)
    game = Game(load_ruleset(name, variants), players, seed=seed, record=True)
    while not game.finished:
        for seat in game.pending():
            game.apply(seat, rng.choice(game.options(seat)))
    return game.recorder.events


@pytest.fixture(scope="module")
def poison_events() -> list[dict]:
    return played("poison", 3)


def written(events: list[dict], folder: Path, **header) -> str:
    """The record of ``events`` in ``folder``, its header's fields replaced by ``header`` (ruleset=... a dict merged in)."""
    first = dict(events[0], ruleset=dict(events[0]["ruleset"], **header.pop("ruleset", {})), **header)
    path = folder / "rec.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in [first, *events[1:]]), encoding="utf-8")
    return str(path)


def a_game_of_its_own(folder: Path) -> None:
    """folder/poison/: a game of the user's own named poison (as `philtre new poison` makes), with other rules."""
    (folder / "poison").mkdir()
    shutil.copy(DATA / "dice_only.yaml", folder / "poison" / "ruleset.yaml")


def a_file_named_poison(folder: Path) -> None:
    (folder / "poison").write_text("notes\n", encoding="utf-8")


@pytest.mark.parametrize("beside", [a_game_of_its_own, a_file_named_poison])
def test_a_record_of_a_shipped_game_replays_from_a_folder_holding_something_of_its_name(tmp_path, monkeypatch,
                                                                                       poison_events, beside):
    """The header says "source": "poison", the shipped game; ./poison (which a RULESET argument `poison` names from
    that folder) was read instead: P003 for a game of the user's own, P006 for a file."""
    path = written(poison_events, tmp_path)
    beside(tmp_path)
    monkeypatch.chdir(tmp_path)
    assert len(replayed(path).recorder.events) == len(poison_events)


def test_a_record_of_a_shipped_game_s_variant_replays_from_a_folder_holding_a_game_of_its_name(tmp_path, monkeypatch):
    """The variant is the shipped game's: it was looked for in ./poison/variants (O002)."""
    events = played("poison", 3, ["draw-pile"])
    assert events[0]["ruleset"]["variants"] == ["draw-pile"]
    path = written(events, tmp_path)
    a_game_of_its_own(tmp_path)
    monkeypatch.chdir(tmp_path)
    assert len(replayed(path).recorder.events) == len(events)


def test_a_record_of_a_shipped_game_is_replayed_against_the_shipped_game_not_a_copy(tmp_path, monkeypatch, poison_events):
    """A copy of the rules in ./poison (a checkout, or a game to be changed) passed the hash check, and was played:
    the replay said nothing of which file it read. It reads the shipped one, and writes the header it was given."""
    path = written(poison_events, tmp_path)
    shutil.copytree(shipped_path("philtre.rulesets", "poison"), tmp_path / "poison")
    monkeypatch.chdir(tmp_path)
    game = replayed(path)
    assert os.path.realpath(game.ruleset.path) == os.path.realpath(shipped_path("philtre.rulesets", "poison", "ruleset.yaml"))
    assert game.recorder.events[0] == poison_events[0]


@pytest.mark.parametrize("header, said", [
    ({"ruleset": {"name": "poisn"}}, 'ruleset.name: the record has "poisn", the replay gives "poison"'),
    ({"max_steps": 10}, "max_steps: the record has 10, the replay gives nothing"),
    ({"ruleset": {"step_limit": 5}}, "ruleset.step_limit: the record has 5, the replay gives nothing"),
])
def test_a_header_field_the_replay_would_not_write_is_p007_at_line_1(tmp_path, poison_events, header, said):
    """Each was ignored: the record replayed, "all events match", as if the header described the game replayed."""
    path = written(poison_events, tmp_path, **header)
    with pytest.raises(PhiltreError) as caught:
        replayed(path)
    assert str(caught.value.first) == (f"{path}:1:1: P007 the header is not the one the replay writes: {said} "
                                       "(keep the header as written: a replay checks every field of it)")


@pytest.mark.parametrize("agents", [["random", "random"], ["random"] * 4, []])
def test_a_header_with_other_than_one_agent_a_seat_is_p007(tmp_path, poison_events, agents):
    path = written(poison_events, tmp_path, agents=agents)
    with pytest.raises(PhiltreError) as caught:
        replayed(path)
    first = caught.value.first
    assert (first.code, first.loc.line, first.loc.col) == ("P007", 1, 1)
    assert f"agents name {len(agents)} agent" in first.message and "for 3 seats" in first.message, first.message


def test_a_record_made_before_a_heuristic_was_added_replays(tmp_path):
    """Incan Gold trial: adding a `heuristic:` (it steers the agents, and changes no rule) changed the ruleset's content
    hash, and a record made before it was refused with P003."""
    text = (DATA.parents[1] / "rulesets" / "poison" / "ruleset.yaml").read_text(encoding="utf-8")
    rules = tmp_path / "ruleset.yaml"
    rules.write_text("\n".join(line for line in text.splitlines() if not line.startswith("heuristic:")) + "\n", encoding="utf-8")
    game = Game(load_ruleset(str(rules)), 3, seed=3, record=True)
    rng = random.Random(3)
    while not game.finished:
        for seat in game.pending():
            game.apply(seat, rng.choice(game.options(seat)))
    path = written(game.recorder.events, tmp_path)
    rules.write_text(text, encoding="utf-8")
    assert "heuristic:" in text
    assert replayed(path).finished
