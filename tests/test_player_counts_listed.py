"""`players: [2, 4]` (language.md, players): a game for some counts and not those between them; every reader of the
counts (loading, Game, scenarios, smoke, simulate, compare, the variant listings) takes the list, not its range."""

from __future__ import annotations

import json

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.dsl.validate import check_file
from philtre.interpreter import Game

GAME = """game: pairs
players: {players}
components:
  card: {{attributes: {{rank: [1, 2, 3, 4, 5, 6, 7, 8]}}, start: deck}}
zones:
  deck: {{visible: nobody}}
  hand: {{each: player, visible: owner}}
actions:
  play:
    choose: {{card: "hand[me]"}}
    do:
      - move: card -> deck
flow:
  - shuffle: deck
  - deal: {{from: deck, to: hand, count: 1}}
  - for: p in players
    do:
      - decide: play
        player: p
"""


def _write(tmp_path, players: str = "[2, 4]", more: str = ""):
    """The small game with ``players``, written to a file: its path."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(GAME.format(players=players) + more, encoding="utf-8")
    return path


def test_the_listed_counts_are_the_ones_a_game_takes(tmp_path):
    rs = load_ruleset(str(_write(tmp_path)))
    assert (rs.player_counts, rs.min_players, rs.max_players) == ((2, 4), 2, 4)
    assert Game(rs, 2).state.nplayers == 2 and Game(rs, 4).state.nplayers == 4
    for n in (3, 3, 5):  # (twice: the second game of a count finds no layout made for it either)
        with pytest.raises(PhiltreError) as caught:
            Game(rs, n)
        assert f"R001 pairs is for 2 or 4 players, not {n}" in str(caught.value)


def test_a_range_and_a_count_are_their_lists_of_counts(tmp_path):
    assert load_ruleset(str(_write(tmp_path, "3..5"))).player_counts == (3, 4, 5)
    assert load_ruleset(str(_write(tmp_path, "3"))).player_counts == (3,)
    assert load_ruleset(str(_write(tmp_path, "[2, 3, 4]"))).allowed_players() == "pairs is for 2 to 4 players"
    assert load_ruleset(str(_write(tmp_path, "[2, 4, 6]"))).allowed_players() == "pairs is for 2, 4 or 6 players"


@pytest.mark.parametrize("players, said", [
    ("[4, 2]", "R003 players [4, 2] must be within 1..64, low to high and each once"),
    ("[2, 2]", "V001 2 is listed twice"),
    ("[0, 2]", "V001 0 is less than the minimum of 1"),
    ("[]", "V001 expected at least one item"),
    ("2,4", "V001 '2,4' is not written as expected: a number of players, a range low..high such as 3..6, or a list"),
])
def test_a_wrong_list_is_found_by_validate(tmp_path, players, said):
    found = [f"{f.diagnostic.code} {f.diagnostic.message}" for f in check_file(str(_write(tmp_path, players)), lints=False).findings]
    assert any(line.startswith(said) for line in found), found


def test_counts_written_as_text_are_shown_as_a_list_and_an_unsorted_list_sorted(tmp_path):
    [text] = check_file(str(_write(tmp_path, "2,4")), lints=False).findings
    assert text.diagnostic.hint == "several counts are a list: players: [2, 4]", text.diagnostic
    [unsorted] = check_file(str(_write(tmp_path, "[4, 2]")), lints=False).findings
    assert unsorted.diagnostic.hint == "write players: [2, 4]", unsorted.diagnostic


def test_a_scenario_for_a_count_between_the_listed_ones_is_r001(tmp_path):
    path = _write(tmp_path, more="scenarios:\n  - name: three\n    players: 3\n    expect: [\"count(deck) == 5\"]\n")
    found = [f.diagnostic for f in check_file(str(path), lints=False).findings]
    assert [(d.code, d.message) for d in found] == [("R001", "scenario 'three' is for 3 players; pairs is for 2 or 4 players")]


def test_smoke_plays_the_listed_counts_only(tmp_path, monkeypatch):
    from philtre.interpreter import smoke

    played = []
    monkeypatch.setattr(smoke, "play_one", lambda ruleset, n, seed, coverage, record=False, shown=None, **options: played.append(n))
    smoke.smoke(load_ruleset(str(_write(tmp_path))), 2)
    assert played == [2, 2, 4, 4]


def test_compare_without_players_takes_the_one_count_every_arm_takes(tmp_path):
    import click

    from philtre.interpreter.cli_compare import _every_arms_players

    base = load_ruleset(str(_write(tmp_path)))
    arm = load_ruleset(str(_write(tmp_path / ".." / tmp_path.name, "3..4")))
    assert _every_arms_players(base, [arm]) == 4
    with pytest.raises(click.UsageError) as caught:
        _every_arms_players(base, [base])
    assert "pairs is for 2 or 4 players" in str(caught.value)


def test_the_cli_names_the_counts_and_lists_them(tmp_path):
    from test_variant_files import philtre, variant

    path = _write(tmp_path)
    missing = philtre("simulate", path, "-n", "1", "--no-db")
    assert missing.returncode == 2 and "Missing option '--players' / '-p': pairs is for 2 or 4 players" in missing.stderr, missing.stderr
    refused = philtre("play", path, "-p", "3")
    assert refused.returncode == 1 and "R001 pairs is for 2 or 4 players, not 3" in refused.stderr, refused.stderr
    (tmp_path / "variants").mkdir()
    variant(tmp_path / "variants", "four.yaml", "description: four only\nplayers: [4]\n")
    variant(tmp_path / "variants", "again.yaml", "description: two or four\nplayers: [2, 4]\n")
    rows = {row["variant"]: (row["min_players"], row["max_players"], row["players"])
            for row in json.loads(philtre("variants", path, "--json").stdout)}
    assert rows == {"four": (4, 4, [4]), "again": (2, 4, [2, 4])}
    text = philtre("variants", path).stdout
    assert any(line.split()[:2] == ["again", "2,4"] for line in text.splitlines()), text
