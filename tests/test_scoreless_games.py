"""A game without scores (won on the board, no `score` statement): play and simulate do not tell scores it never keeps."""

from __future__ import annotations

from types import SimpleNamespace

from philtre.dsl import load_ruleset
from philtre.interpreter import Game
from philtre.interpreter.render import keeps_scores, render_view

# the seats take a chip in turn; whoever holds two first wins: no rule scores, the winners are an expression
RACE = """\
philtre: 1
game: race
players: 2
components:
  chip: {copies: 4, start: pile}
zones:
  pile: {}
  kept: {each: player}
actions:
  take:
    choose: {c: pile}
    do:
      - move: c -> kept[me]
flow:
  - turns: 0
    until: any(count(kept[p]) == 2 for p in players)
    do:
      - decide: take
winners: "[p for p in players if count(kept[p]) == 2]"
"""


def race(tmp_path, text: str = RACE):
    path = tmp_path / "race.yaml"
    path.write_text(text, encoding="utf-8")
    return load_ruleset(str(path))


def test_a_game_won_on_the_board_keeps_no_scores_and_its_board_tells_none(tmp_path):
    """A Quarto trial: every board and the end said `scores [0, 0]` of a game in which no rule ever scores."""
    ruleset = race(tmp_path)
    assert not keeps_scores(ruleset)
    game = Game(ruleset, 2, seed=1)
    shown = render_view(game.view(0), ruleset)
    assert "scores" not in shown and shown.startswith("  pile: "), shown


def test_the_end_of_play_says_no_scores_of_a_game_that_keeps_none(tmp_path, capsys):
    from philtre.interpreter.cli_play import _say_end

    game = Game(race(tmp_path), 2, seed=1, record=True)
    while not game.finished:
        seat = game.pending()[0]
        game.apply(seat, game.options(seat)[0])
    _say_end(game, 0, 1, 0)
    out = capsys.readouterr().out
    assert f"game over: winners {game.winners}" in out and "(seed 1: --seed 1 plays" in out and "scores" not in out, out


def test_a_game_that_scores_or_is_ranked_by_its_score_keeps_its_scores(tmp_path):
    """A `score` statement nested in a block, or the default winners (the highest score), keep `scores [..]` told."""
    scoring = RACE.replace("      - move: c -> kept[me]\n",
                           "      - move: c -> kept[me]\n      - when: count(kept[me]) == 2\n        do:\n"
                           "          - score: {player: me, add: 1}\n")
    assert keeps_scores(race(tmp_path, scoring))
    ranked = RACE.replace('winners: "[p for p in players if count(kept[p]) == 2]"\n', "")
    assert keeps_scores(race(tmp_path, ranked))
    game = Game(race(tmp_path, ranked), 2, seed=1)
    assert render_view(game.view(0), game.ruleset).startswith("scores [0, 0]\n")


def test_simulate_says_in_one_line_that_a_game_without_scores_has_no_quality_measured():
    """Quarto and Onitama trials: every run of a game without scores printed a paragraph on the score race it lacked."""
    from philtre.interpreter.summary import format_summary, summarise

    quality = {"lead_changes": 0, "drama": 0.0, "decisiveness": 0.0, "uncertainty": 0.5}
    games = [{"scores": [0, 0], "winners": [i % 2], "decisions": 20, "rounds": 0, "quality": quality, "history": []}
             for i in range(10)]
    ruleset = SimpleNamespace(name="r", variants=(), content_hash="sha256:0")
    text = format_summary(summarise(ruleset, 2, 0, ["random"] * 2, games))
    assert text.endswith("\n\ngame quality: not measured (no scores)"), text
    assert "lead changes" not in text and "score race" not in text, text


def test_json_and_csv_give_null_where_the_text_says_quality_is_not_measured(tmp_path):
    """--json carried uncertainty 0.667 and lead changes 0 for a game without scores, measures of no race, where the text
    says `not measured (no scores)`: each is null (its key kept), an empty cell in --csv; a game that scores keeps them."""
    import csv
    import json
    from pathlib import Path

    from click.testing import CliRunner

    from philtre.interpreter.cli import main
    from philtre.interpreter.stats import QUALITY

    scoreless = Path(__file__).parent / "data" / "last_standing.yaml"
    for ruleset, measured in ((scoreless, False), ("pok", True)):
        table = tmp_path / "games.csv"
        result = CliRunner().invoke(main, ["simulate", str(ruleset), "-p", "3", "-n", "4", "--no-db", "--json", "--csv", str(table)])
        assert result.exit_code == 0, result.output
        quality = json.loads(result.stdout)["quality"]
        assert list(quality) == list(QUALITY), quality
        assert all((value is not None) == measured for value in quality.values()), quality
        with open(table, newline="", encoding="utf-8") as handle:
            rows = list(csv.DictReader(handle))
        assert len(rows) == 4 and all((row[name] != "") == measured for row in rows for name in QUALITY), rows
