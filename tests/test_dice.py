"""Dice named when the game runs: `roll: {dice: EXPR}` re-rolls the dice a decision chose."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.interpreter import Game

REROLL = str(Path(__file__).parent / "data" / "reroll.yaml")


def option(game: Game, label: str):
    """Seat 0's option of that label."""
    return next(o for o in game.options(0) if o.label() == label)


def test_only_the_dice_chosen_are_rolled_again():
    game = Game(load_ruleset(REROLL), 1, seed=3, record=True)
    before = dict(game.state.dice)
    game.apply(0, option(game, "reroll(which=[d2])"))
    rolled = [e for e in game.recorder.events if e.get("event") == "roll"]
    assert list(rolled[-1]["dice"]) == ["d2"]
    assert game.state.dice["d1"] is before["d1"] and game.state.dice["d3"] is before["d3"]


def test_choosing_no_die_rolls_nothing_and_all_three_roll_all():
    game = Game(load_ruleset(REROLL), 1, seed=3, record=True)
    game.apply(0, option(game, "reroll(which=[])"))
    game.apply(0, option(game, "reroll(which=[d1, d2, d3])"))
    rolls = [list(e["dice"]) for e in game.recorder.events if e.get("event") == "roll"]
    assert rolls == [["d1", "d2", "d3"], [], ["d1", "d2", "d3"]]
    assert game.finished and game.scores[0] == sum(face["pips"] for face in game.state.dice.values())


@pytest.mark.parametrize("dice, words", [("['d4']", "roll's dice must be a list of die names (d1, d2, d3), got ['d4']: 'd4' is no die"),
                                         ("['d1', 'd2', 'd4']", "got ['d1', 'd2', 'd4']: 'd4' is no die"),  # (the item named)
                                         ("['d1'] + ['d1']", "roll names a die twice")])  # (written out, S034 at load)
def test_dice_that_are_not_declared_once_each_stop_the_game_at_the_roll(tmp_path, dice, words):
    path = tmp_path / "bad.yaml"
    text = Path(REROLL).read_text(encoding="utf-8").replace("roll: {dice: which}", f'roll: {{dice: "{dice}"}}')
    path.write_text(text, encoding="utf-8")
    game = Game(load_ruleset(str(path)), 1, seed=3)
    with pytest.raises(PhiltreError) as info:
        game.apply(0, game.options(0)[0])
    said = str(info.value)
    assert "R100" in said and words in said, said


@pytest.mark.parametrize("rolled", ["names", "[n for n in names if n != 'd1']", "kept", "[n for n in kept]"])
def test_a_die_no_dice_declare_in_a_constant_definition_rolled_is_s013_at_its_item(tmp_path, rolled):
    """A Farkle trial's `names: "['d1', ..., 'd5', 'd7']"` (no die d7), rolled through `free: "[n for n in names if n
    not in kept]"`, validated, and every game stopped with R100 at the roll: the definition's words are known, as a
    list written in the roll is (S013), so validate finds the word, at its place in the definition, once."""
    from philtre.dsl.validate import check_file

    path = tmp_path / "bad.yaml"
    text = Path(REROLL).read_text(encoding="utf-8").replace("actions:\n", "define:\n  names: \"['d1', 'd2', 'd7']\"\n"
                                                            "  kept: names\nactions:\n")
    text = text.replace("roll: {dice: which}", f'roll: {{dice: "{rolled}"}}\n      - roll: {{dice: "{rolled}"}}')
    path.write_text(text, encoding="utf-8")
    said = [f.diagnostic for f in check_file(str(path)).errors]
    line = text.splitlines().index("  names: \"['d1', 'd2', 'd7']\"") + 1
    assert [(d.code, d.loc.line, d.loc.col, d.message) for d in said] == [("S013", line, 24, "unknown die 'd7'")], [str(d) for d in said]
    assert "the dice are d1, d2 and d3" in said[0].hint, said[0].hint
    path.write_text(text.replace("'d7'", "'d3'"), encoding="utf-8")
    assert [str(f.diagnostic) for f in check_file(str(path)).errors] == []


def test_a_single_word_for_the_dice_is_found_before_any_game(tmp_path):
    from philtre.dsl.validate import check_file

    path = tmp_path / "bad.yaml"
    path.write_text(Path(REROLL).read_text(encoding="utf-8").replace("roll: {dice: which}", "roll: {dice: \"'d1'\"}"), encoding="utf-8")
    said = [str(f.diagnostic) for f in check_file(str(path)).errors]
    assert any("E120 roll's 'dice' must be a list of words, but this is a word" in s for s in said), said


def test_a_list_of_lists_for_the_dice_is_named_in_plain_words(tmp_path):
    from philtre.dsl.validate import check_file

    path = tmp_path / "bad.yaml"
    path.write_text(Path(REROLL).read_text(encoding="utf-8").replace("roll: {dice: which}", "roll: {dice: \"[which]\"}"), encoding="utf-8")
    said = [str(f.diagnostic) for f in check_file(str(path)).errors]
    assert any("E120 roll's 'dice' must be a list of words, but this is a list of lists of words" in s for s in said), said


def test_dice_chosen_among_their_faces_are_told_that_a_die_is_named_by_a_word(tmp_path):
    """`choose: {which: "subsets(dice)"}`, `roll: {dice: which}`: E120 'dice' read as the context name `dice`, with no
    word of what to write (as S013 says for `roll: which`)."""
    from philtre.dsl.validate import check_file

    path = tmp_path / "bad.yaml"
    text = Path(REROLL).read_text(encoding="utf-8")
    assert "subsets(['d1', 'd2', 'd3'])" in text
    path.write_text(text.replace("subsets(['d1', 'd2', 'd3'])", "subsets(dice)"), encoding="utf-8")
    said = [str(f.diagnostic) for f in check_file(str(path)).errors]
    assert len(said) == 1 and said[0].endswith(
        "E120 roll's 'dice' must be a list of words, but this is a list of records (a die is named by a word: choose "
        "the dice to roll among subsets(['d1', 'd2', 'd3']), their names; the value dice holds their faces)"), said


def test_a_huge_list_of_dice_stops_the_game_with_a_short_message(tmp_path):
    path = tmp_path / "huge.yaml"
    text = Path(REROLL).read_text(encoding="utf-8").replace("roll: {dice: which}", "roll: {dice: \"[w for w in which for _ in range(50000)]\"}")
    path.write_text(text, encoding="utf-8")
    game = Game(load_ruleset(str(path)), 1, seed=3)
    with pytest.raises(PhiltreError) as info:
        game.apply(0, option(game, "reroll(which=[d1, d2, d3])"))
    said = str(info.value)
    assert "R100" in said and "roll names a die twice" in said and "150,000 items" in said and len(said) < 600, said[:700]


def test_play_tells_a_roll_of_no_dice_in_words():
    from philtre.interpreter.render import event_text

    game = Game(load_ruleset(REROLL), 1, seed=3, record=True)
    game.apply(0, option(game, "reroll(which=[])"))
    told = [event_text(e, game.ruleset) for e in game.recorder.for_player(0) if e.get("event") == "roll"]
    assert told[-1] == "rolled no dice"


@pytest.mark.parametrize("seed", range(6))
def test_each_die_shows_the_face_the_games_generator_draws_with_randrange(seed):
    # a roll draws as randrange(faces) does (the same records as ever, whichever way it is written)
    import random

    ruleset = load_ruleset("pok")
    game = Game(ruleset, 3, seed=seed)
    rng = random.Random(seed)
    expected = {}
    for name in ("die1", "die2", "die3"):
        faces = ruleset.dice[name].faces
        expected[name] = faces[rng.randrange(len(faces))]
    assert {name: face for name, face in game.state.dice.items()} == expected
    assert game.state.flow.rng.getstate() == rng.getstate()


class _OwnRandom(random.Random):
    """A generator of another class (its own `_randbelow` could differ): the fused roll draws through its _randbelow."""


@pytest.mark.parametrize("players", [3, 7])
def test_a_fused_roll_draws_the_faces_the_generators_randbelow_draws(players):
    """The fused `roll` runner of an unrecorded game writes the standard generator's _randbelow in (runners._ROLL):
    each die shows the face, and the generator is left in the state, that `rng._randbelow(len(faces))` gives, which a
    generator of another class still draws with; a copy's shared generator is copied before it draws (Flow.rng)."""
    from philtre.interpreter.runners import runner

    ruleset = load_ruleset("pok")
    stmt = next(s for s in _statements(ruleset.flow) if s.kind == "roll")
    roll = runner(stmt, ruleset.step_limit, None)
    for seed in range(20):
        game = Game(ruleset, players, seed=seed)
        copy = game.copy()  # shares the generator until one side draws
        own = game.copy()
        own.state.flow.rng = _OwnRandom()
        own.state.flow.rng.setstate(game.state.flow._rng.getstate())
        for _ in range(30):
            roll(copy, copy.state, {})
            roll(own, own.state, {})
            assert type(own.state.flow.rng) is _OwnRandom
            assert copy.state.dice == own.state.dice
        assert copy.state.flow.rng.getstate() == own.state.flow.rng.getstate()
        assert game.state.flow._rng_shared and not copy.state.flow._rng_shared  # the original's generator untouched
        roll(game, game.state, {})
        first = dict(game.state.dice)
        replay = Game(ruleset, players, seed=seed)
        roll(replay, replay.state, {})
        assert replay.state.dice == first


def _statements(block):
    for stmt in block:
        yield stmt
        for key in ("body", "otherwise"):
            inner = stmt.args.get(key) if key == "body" else stmt.otherwise
            if inner:
                yield from _statements(inner)


ASIDE = str(Path(__file__).parent / "data" / "dice_aside.yaml")


def _close_red_then_keep(game: Game) -> None:
    """Seat 0 closes red at the first decision, then keeps to the end."""
    game.apply(0, option(game, "close(colour=red)"))
    while not game.finished:
        game.apply(0, option(game, "keep()"))


@pytest.mark.parametrize("record", [False, True])
def test_a_die_set_aside_shows_no_face_and_no_roll_rolls_it_again(record):
    """A colour closed for good in a trial's dice game: its die left the game, but a die could only be left unrolled,
    its last face still shown and read. A die set aside reads none from then on, in every view, and `roll: all` passes
    it over (the fused roll of an unrecorded game as much as effects.e_roll)."""
    game = Game(load_ruleset(ASIDE), 2, seed=5, record=record)
    _close_red_then_keep(game)
    assert game.state.dice["red"] is None and game.state.dice["white"] is not None and game.state.dice["blue"] is not None
    assert game.view(0)["dice"]["red"] is None and game.state.copy().aside == {"red"}
    if record:
        said = [(e["event"], list(e["dice"])) for e in game.recorder.events if e.get("event") in ("roll", "set_aside")]
        assert said == [("roll", ["white", "red", "blue"]), ("set_aside", ["red"]), ("roll", ["white", "blue"]),
                        ("roll", ["white", "blue"])]
        from test_hidden_counts import record_errors

        assert record_errors(game) == []  # the full record and each seat's, as record.schema.json describes them


def test_the_scenarios_of_dice_set_aside_pass():
    from philtre.interpreter.scenarios import run_scenarios

    assert [r.failures for r in run_scenarios(load_ruleset(ASIDE))] == [[]]


def test_a_face_scripted_for_a_die_set_aside_is_t017(tmp_path):
    """The die is not rolled any more: a face scripted for it is a face the game never shows."""
    from philtre.interpreter.scenarios import run_scenarios

    path = tmp_path / "aside.yaml"
    path.write_text(Path(ASIDE).read_text(encoding="utf-8").replace("{white: {pips: 2}, blue: {pips: 1}}",
                                                                    "{white: {pips: 2}, red: {pips: 3}, blue: {pips: 1}}"), encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(path)))
    assert "T017 rolls item 2 gives red a face, but the roll that uses it" in result.failures[0], result.failures
    assert "rolls white, blue: red was set aside at " in result.failures[0], result.failures
    assert result.failures[0].endswith(": drop red from this item)"), result.failures


@pytest.mark.parametrize("written, said", [
    ("set_aside: rde", "S013 unknown die 'rde' (did you mean 'red'?; the dice are white, red and blue)"),
    ("set_aside: colour", "S013 unknown die 'colour' ('colour' is a parameter of the action 'close', not a die: to set "
                          "aside the dice it names, write set_aside: {dice: colour})"),
    ('set_aside: "[colour]"', "S013 unknown die '[colour]' (this is an expression, not a die: to set aside the dice it "
                              "names, write set_aside: {dice: \"[colour]\"})"),
    ('set_aside: {dice: "[1, 2]"}', "E120 set_aside's 'dice' must be a list of words, but this is a list of whole numbers"),
    ('set_aside: {dice: "[dice[0]]"}', "E120 set_aside's 'dice' must be a list of words, but this is a list of records "
                                       "(a die is named by a word: choose the dice to set aside among "
                                       "subsets(['white', 'red', 'blue']), their names; the value dice holds their faces)"),
])
def test_dice_set_aside_are_named_as_a_roll_names_them(tmp_path, written, said):
    from philtre.dsl.validate import check_file

    path = tmp_path / "bad.yaml"
    text = Path(ASIDE).read_text(encoding="utf-8")
    path.write_text(text.replace('set_aside: {dice: "[colour]"}', written), encoding="utf-8")
    found = [str(f.diagnostic) for f in check_file(str(path)).errors]
    assert any(said in s for s in found), found


def test_dice_set_aside_that_are_not_declared_stop_the_game_at_the_statement(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(Path(ASIDE).read_text(encoding="utf-8").replace('set_aside: {dice: "[colour]"}',
                                                                    'set_aside: {dice: "[colour + \'s\']"}'), encoding="utf-8")
    game = Game(load_ruleset(str(path)), 2, seed=5)
    with pytest.raises(PhiltreError) as info:
        game.apply(0, option(game, "close(colour=red)"))
    said = str(info.value)
    assert "R100" in said and "set_aside's dice must be a list of die names (white, red, blue), got ['reds']" in said, said
