"""`reveal: VARIABLE`: a hidden variable's value shown to every seat until it is set again (language.md, reveal).

Two new users (No Thanks!'s purse of chips, Incan Gold's tent of gems) kept a number only its owner sees and wanted it
shown to all at the end: `reveal` refused a variable (E120), and the docs said to keep such a count as that many
components, with a supply guessed and too small a one failing silently."""

from __future__ import annotations

from pathlib import Path

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.interpreter import Game
from philtre.interpreter.records import HIDDEN
from philtre.interpreter.render import event_text, render_view
from philtre.interpreter.replay import replayed

DECLARED_NONE = Path(__file__).parent / "data" / "declared_none.yaml"

TENT = """\
philtre: 1
game: tent
players: 2
variables:
  tent: {initial: 0, each: player, visible: owner}
  pot: {initial: 0, visible: nobody}
actions:
  bank:
    choose: {n: "range(1, 4)"}
    do:
      - set: {"tent[me]": "tent[me] + n", pot: "pot + n"}
  spend:
    do:
      - set: {"tent[me]": "tent[me] - 1"}
flow:
  - simultaneous: bank
  - REVEAL
  - decide: spend
    player: 0
"""


def _game(tmp_path, reveal: str = "reveal: tent") -> Game:
    """Seat 0 banks 1 and seat 1 banks 3, in secret; then the flow's ``reveal``, and seat 0 is asked to spend."""
    path = tmp_path / "tent.yaml"
    path.write_text(TENT.replace("REVEAL", reveal), encoding="utf-8")
    game = Game(load_ruleset(str(path)), 2, seed=1, record=True)
    for seat, n in ((0, 1), (1, 3)):
        [option] = [o for o in game.options(seat) if dict(o.args)["n"] == n]
        game.apply(seat, option)
    return game


def _reveals(game, seat) -> list:
    return [e for e in game.recorder.for_player(seat) if e.get("event") == "reveal"]


def test_a_per_seat_variable_revealed_is_in_every_seats_view_and_record(tmp_path):
    game = _game(tmp_path)
    for seat in (0, 1, None):
        assert game.view(seat)["variables"]["tent"] == [1, 3]
        assert _reveals(game, seat) == [{"event": "reveal", "variable": "tent", "value": [1, 3]}]
    assert "tent = [1, 3]" in render_view(game.view(1), game.ruleset)
    [event] = _reveals(game, 1)
    assert event_text(event, game.ruleset) == "tent revealed: [1, 3]"


def test_a_seats_view_before_the_reveal_does_not_show_it(tmp_path):
    path = tmp_path / "tent.yaml"
    path.write_text(TENT.replace("REVEAL", "reveal: tent"), encoding="utf-8")
    game = Game(load_ruleset(str(path)), 2, seed=1, record=True)
    [option] = [o for o in game.options(1) if dict(o.args)["n"] == 3]
    game.apply(1, option)
    assert game.view(0)["variables"]["tent"] == [0, HIDDEN]
    assert "pot" not in game.view(0)["variables"]


def test_a_set_after_the_reveal_hides_that_entry_again(tmp_path):
    game = _game(tmp_path)
    [option] = game.options(0)
    game.apply(0, option)  # tent[0] set: hidden again, as a revealed card moved; seat 1's entry stays shown
    assert game.view(1)["variables"]["tent"] == [HIDDEN, 3]
    assert game.view(0)["variables"]["tent"] == [0, 3]
    told = game.recorder.for_player(1)
    after = told[[e.get("event") for e in told].index("reveal"):]
    assert not [e for e in after if e.get("event") == "set"], told  # (a set it cannot see is not told it: its view says)
    assert [e for e in game.recorder.for_player(0) if e.get("event") == "set"][-1] == {"event": "set", "variable": "tent",
                                                                                        "value": 0, "index": 0}


def test_one_seats_entry_and_a_variable_of_one_value_are_revealed(tmp_path):
    game = _game(tmp_path, "reveal: \"tent[1]\"\n  - reveal: pot")
    assert game.view(0)["variables"]["tent"] == [1, 3]
    assert game.view(None)["variables"] == {"tent": [HIDDEN, 3], "pot": 4}
    assert _reveals(game, 0) == [{"event": "reveal", "variable": "tent", "index": 1, "value": 3},
                                 {"event": "reveal", "variable": "pot", "value": 4}]


def test_a_look_at_a_variable_tells_those_seats_alone_and_leaves_nothing_shown(tmp_path):
    game = _game(tmp_path, "reveal: {what: \"tent[1]\", to: 0}")
    assert _reveals(game, 0) == [{"event": "reveal", "variable": "tent", "index": 1, "to": [0], "value": 3}]
    assert _reveals(game, 1)[0]["value"] == 3  # its own entry: it sees it anyway
    assert _reveals(game, None)[0]["value"] == {"hidden": True}
    assert game.view(0)["variables"]["tent"] == [1, HIDDEN]


def test_a_record_with_a_revealed_variable_replays(tmp_path):
    game = _game(tmp_path)
    [option] = game.options(0)
    game.apply(0, option)
    path = tmp_path / "game.jsonl"
    game.recorder.write(str(path))
    again = replayed(str(path))
    assert again.recorder.events == game.recorder.events
    assert again.view(1)["variables"]["tent"] == [HIDDEN, 3]


def _tent_declared(tmp_path, declared: str, reveal: str) -> Path:
    """TENT with ``reveal`` and ``tent`` declared as ``declared``, set by no action (a seat banks into the pot alone)."""
    text = TENT.replace("REVEAL", reveal).replace("tent: {initial: 0, each: player, visible: owner}", f"tent: {declared}")
    text = text.replace('"tent[me]": "tent[me] + n", ', "").replace('{"tent[me]": "tent[me] - 1"}', "{pot: 0}")
    path = tmp_path / "tent.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_reveal_of_one_entry_of_a_variable_not_per_seat_is_e120(tmp_path):
    path = _tent_declared(tmp_path, "{initial: [1, 2], visible: nobody}", "reveal: \"tent[0]\"")
    with pytest.raises(PhiltreError) as info:
        load_ruleset(str(path))
    assert [(d.code, "'tent' is one value, not one per seat" in d.message)
            for d in info.value.diagnostics] == [("E120", True)], str(info.value)


@pytest.mark.parametrize("reveal", ["reveal: tent", "reveal: \"tent[0]\"", "reveal: {what: tent, to: 0}"])
def test_a_reveal_of_a_variable_every_seat_sees_does_nothing_and_is_l045(tmp_path, reveal):
    """A No Thanks trial's house rule showing the coins (`coins: {visible: everyone}`) broke the base's `reveal: coins`
    (E120): it is L045 now, and in play it does nothing, recording nothing (every view shows the value already)."""
    from philtre.dsl.validate import check_file

    path = _tent_declared(tmp_path, "{initial: 0, each: player}", reveal)
    found = [f.diagnostic for f in check_file(str(path)).findings if f.diagnostic.code != "L033"]  # (the pot's)
    assert [d.code for d in found] == ["L045"], [str(d) for d in found]
    assert found[0].message == "reveal of 'tent' shows nothing: every seat sees it", str(found[0])
    game = Game(load_ruleset(str(path)), 2, seed=1, record=True)
    for seat, n in ((0, 1), (1, 3)):
        [option] = [o for o in game.options(seat) if dict(o.args)["n"] == n]
        game.apply(seat, option)
    assert not _reveals(game, 0) and not _reveals(game, 1) and game.view(1)["variables"]["tent"] == [0, 0]


CODE = """\
philtre: 1
game: code
players: 2
variables:
  code: {initial: [red, red], each: player, visible: owner}
actions:
  set_code:
    choose: {a: "['red', 'blue']", b: "['red', 'blue']"}
    secret: [a, b]
    do:
      - set: {"code[me]": "[a, b]"}
flow:
  - decide: set_code
    player: 0
  - REVEAL
  - decide: set_code
    player: 1
"""


@pytest.mark.parametrize("reveal, onlooker", [("reveal: code", [["blue", "red"], ["red", "red"]]),
                                              ("reveal: \"code[0]\"", [["blue", "red"], HIDDEN])], ids=["whole", "one entry"])
def test_a_list_variable_is_revealed_as_a_number_is(tmp_path, reveal, onlooker):
    """language.md said `reveal: NAME` shows a number, true/false or a word; a Mastermind trial's code, a list of
    colours only its maker sees, is revealed at the round's end so (`code[0] revealed: [blue, red]`)."""
    path = tmp_path / "code.yaml"
    path.write_text(CODE.replace("REVEAL", reveal), encoding="utf-8")
    game = Game(load_ruleset(str(path)), 2, seed=1, record=True)
    assert game.view(1)["variables"]["code"] == [HIDDEN, ["red", "red"]]
    [option] = [o for o in game.options(0) if dict(o.args) == {"a": "blue", "b": "red"}]
    game.apply(0, option)
    assert game.view(1)["variables"]["code"] == [["blue", "red"], ["red", "red"]]
    assert game.view(None)["variables"]["code"] == onlooker
    [event] = _reveals(game, 1)
    assert "[blue, red]" in event_text(event, game.ruleset), event_text(event, game.ruleset)


def test_an_entry_hidden_from_a_seat_is_told_apart_from_a_none_it_holds():
    """A Sheriff of Nottingham trial's `declared` starts none, and a view gave `null` for the entries the seat may not
    see too: hidden and none looked alike. A view puts `{"hidden": true}` there, as the seat's record does; a none
    the seat sees (its own, or one revealed) stays none, and the board says each as it is."""
    game = Game(load_ruleset(str(DECLARED_NONE)), 3, seed=1, record=True)
    hidden = {"hidden": True}
    assert game.view(0)["variables"]["declared"] == [None, hidden, hidden]
    assert game.view(None)["variables"]["declared"] == [hidden] * 3  # an onlooker's: no entry is its own
    [none] = [o for o in game.options(1) if dict(o.args)["n"] is None]
    game.apply(1, none)  # seat 1 declares none, then it is revealed: a none every seat sees
    view = game.view(0)
    assert view["variables"]["declared"] == [None, None, hidden]
    assert [e for e in game.recorder.for_player(0) if e.get("event") == "set"] == []  # (another seat's entry: not told)
    assert "declared = [none, none, hidden]" in render_view(view, game.ruleset)
    assert game.view(2)["variables"]["declared"] == [hidden, None, None]


PEGS = """\
philtre: 1
game: pegs
players: 2
variables:
  code: {initial: [], each: player, visible: owner}
  maker: 0
actions:
  set_peg:
    choose: {c: "['red', 'blue']"}
    secret: [c]
    do:
      - set: {"code[me]": "code[me] + [c]"}
  clear:
    do:
      - set: {"code[me]": "[]"}
flow:
  - decide: set_peg
    player: maker
  - decide: set_peg
    player: maker
  - reveal: "code[maker]"
  - decide: clear
    player: maker
"""


def test_a_list_declared_empty_and_filled_with_words_is_revealed_as_values(tmp_path):
    """A Mastermind trial's code, `initial: []` filled peg by peg with `code[me] + [c]`, validated clean and then
    stopped the game at its reveal (R100: expected components or zones, got 'red'): the `+` compiled as a value known
    only at run time, so the reveal was one of components. Its sets give it words: it holds a list of words."""
    path = tmp_path / "pegs.yaml"
    path.write_text(PEGS, encoding="utf-8")
    ruleset = load_ruleset(str(path))
    game = Game(ruleset, 2, seed=1, record=True)
    for colour in ("blue", "red"):
        assert game.view(1)["variables"]["code"] == [HIDDEN, []]
        [option] = [o for o in game.options(0) if dict(o.args) == {"c": colour}]
        game.apply(0, option)
    assert game.view(1)["variables"]["code"] == [["blue", "red"], []]
    assert [e for e in game.recorder.for_player(1) if e.get("event") in ("set", "reveal")] == [  # (no set it cannot see)
        {"event": "reveal", "variable": "code", "index": 0, "value": ["blue", "red"]}]
    [option] = game.options(0)
    game.apply(0, option)  # cleared: hidden again
    assert game.view(1)["variables"]["code"] == [HIDDEN, []]
    path = tmp_path / "game.jsonl"
    game.recorder.write(str(path))
    assert replayed(str(path)).recorder.events == game.recorder.events

