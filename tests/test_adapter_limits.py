"""The adapters' limits: how big the action numbering may grow, which parameters they take, and
that an OpenSpiel game survives pickling (docs/adapters.md).

The rulesets below with many choices must never build a space or a tensor on code that numbers
them too generously: every test asserts on the numbering (plain integers) before it makes an env
or a game, so a regression fails with an assertion, not by allocating gigabytes.
"""

from __future__ import annotations

import pickle
import subprocess
import sys

import pytest

from philtre.adapters import actions
from philtre.adapters.actions import DEFAULT_POSITIONAL_LIMIT, ActionNumbering, AdapterError
from philtre.dsl import load_ruleset
from philtre.interpreter import Game

HEAD = """\
philtre: 1
game: {name}
players: 2
components:
  card:
    attributes: {{rank: [1, 2, 3]}}
    start: deck
zones:
  deck:    {{visible: everyone}}
  hand:    {{each: player, visible: owner}}
  pile:    {{copies: 3, visible: everyone}}
variables:
  budget: 2
actions:
  pick:
    choose: {choose}
    do:
      - score: {{player: me, add: 1}}
flow:
  - deal: {{from: deck, to: hand, count: 1}}
  - for: p in players
    do:
      - decide: pick
        player: p
winners: {{highest: "score[p]"}}
"""

# choices whose number the expression alone bounds, whatever the position
BOUNDED = {
    'a: "range(2)"': "a: position x2",
    'a: "range(1, 4)"': "a: position x3",
    'a: "range(2 * 3)"': "a: position x6",
    'a: "[10, 20, 30]"': "a: position x3",
    'a: "subsets(range(3))"': "a: position x8",
    'a: "[x * 2 for x in range(5) if x != 1]"': "a: position x5",
    'a: "take(range(9), 4)"': "a: position x4",
    'a: "remove(range(9), 4)"': "a: position x8",  # one item fewer
    'a: "sorted([3, 1, 2])"': "a: position x3",
    'a: "sorted_by([-x, x] for x in range(3))"': "a: position x3",  # an item a pair
    'a: "subsets(pile)"': "a: position x8",  # three zones of a family
    'a: "subsets(players)"': "a: position x4",  # two seats
    'a: "subsets(range(5), 2)"': "a: position x10",  # the subsets of two items of five
    'a: "subsets(range(3), 4)"': "a: position x1",  # none (one index: a collection's least)
    'a: "range(count(hand[me]))"': "a: position x3",  # a zone holds at most every component (3 cards)
    'a: "range(1, count(deck) + 2)"': "a: position x4",
    'a: "range(budget)"': f"a: position x{DEFAULT_POSITIONAL_LIMIT}",  # the position decides: the limit
    'a: "range(count(hand[me]) * 2)"': f"a: position x{DEFAULT_POSITIONAL_LIMIT}",
}


def _ruleset(tmp_path, name: str, choose: str):
    """A two-seat ruleset with one action ``pick`` choosing ``choose`` (a YAML flow mapping's inside)."""
    path = tmp_path / f"{name}.yaml"
    path.write_text(HEAD.format(name=name, choose="{" + choose + "}"))
    return path


@pytest.mark.parametrize("choose", list(BOUNDED))
def test_a_collection_the_expression_bounds_gets_that_many_indices(tmp_path, choose):
    numbering = ActionNumbering(load_ruleset(str(_ruleset(tmp_path, "bounded", choose))), 2)
    expected = BOUNDED[choose]
    size = int(expected.rsplit("x", 1)[1])
    assert numbering.describe() == [f"0..{size - 1} pick({expected})"]


def test_three_small_ranges_are_eight_indices_and_every_option_has_its_own(tmp_path):
    path = _ruleset(tmp_path, "three-small", 'a: "range(2)", b: "range(2)", c: "range(2)"')
    numbering = ActionNumbering(load_ruleset(str(path)), 2)
    assert numbering.size == 8  # was 1024**3: env() and the info-state tensor died of MemoryError
    game = Game(load_ruleset(str(path)), 2, seed=1)
    legal = numbering.legal(game, 0)
    assert list(legal) == list(range(8))
    assert [numbering.label(i) for i in (0, 5, 7)] == ["pick(a=#0, b=#0, c=#0)", "pick(a=#1, b=#0, c=#1)",
                                                       "pick(a=#1, b=#1, c=#1)"]
    assert [dict(option.args) for option in legal.values()][5] == {"a": 1, "b": 0, "c": 1}


def test_a_numbering_beyond_the_cap_is_refused_naming_the_action_and_its_parameters(tmp_path):
    three_open = 'a: "range(budget)", b: "range(budget)", c: "range(budget)"'
    path = str(_ruleset(tmp_path, "too-many", three_open))
    with pytest.raises(AdapterError) as caught:
        ActionNumbering(load_ruleset(path), 2)
    message = str(caught.value)
    assert "pick(a: position x1024, b: position x1024, c: position x1024)" in message
    assert f"{1024 ** 3:,}" in message and f"{actions.MAX_ACTIONS:,}" in message and "positional_limit" in message
    # a lower limit brings it under the cap
    assert ActionNumbering(load_ruleset(path), 2, positional_limit=64).size == 64 ** 3
    # only now (the numbering is refused) is it safe to ask the adapters, which refuse it when made
    pettingzoo = pytest.importorskip("philtre.adapters.pettingzoo")
    with pytest.raises(AdapterError, match="positional_limit"):
        pettingzoo.env(path, players=2)
    openspiel = pytest.importorskip("philtre.adapters.openspiel")
    with pytest.raises(AdapterError, match="positional_limit"):
        openspiel.load(path, players=2)


def test_the_shipped_numberings_are_unchanged():
    expected = {
        ("poison", 4, ()): ["0..207 play(card: kind x16, into: zone x13)"],
        ("pok", 3, ()): ["0..8 show(counter: kind x9)"],
        ("poisons", 4, ()): ["0..23 pour(drink: kind x24)", "24..1047 drink(goblets: position x1024)"],
        ("poisons", 3, ("three-players",)): ["0..809999 pour(drink: kind x30, second: kind x30, third: kind x30, "
                                             "fourth: kind x30)", "810000..811023 drink(goblets: position x1024)"],
        ("hue", 2, ()): ["0..30719 play(card: kind x30, at: position x1024)"],
    }
    for (game, players, variants), lines in expected.items():
        assert ActionNumbering(load_ruleset(game, variants), players).describe() == lines


# -- parameters ------------------------------------------------------------------------------------
@pytest.mark.parametrize("limit", [0, -5, True, 2.5, "8"])
def test_a_positional_limit_that_is_no_whole_number_from_1_is_refused(limit):
    with pytest.raises(AdapterError, match="positional_limit must be a whole number from 1"):
        ActionNumbering(load_ruleset("hue"), 2, positional_limit=limit)


@pytest.mark.parametrize("limit", [0, -5])
def test_pettingzoo_refuses_a_bad_positional_limit_when_the_env_is_made(limit):
    pettingzoo = pytest.importorskip("philtre.adapters.pettingzoo")
    with pytest.raises(AdapterError, match="positional_limit"):
        pettingzoo.env("hue", players=2, positional_limit=limit)


@pytest.mark.parametrize("steps", [-1, 2.5, True, "3"])
def test_pettingzoo_refuses_a_max_steps_that_is_no_whole_number_from_0(steps):
    pettingzoo = pytest.importorskip("philtre.adapters.pettingzoo")
    with pytest.raises(AdapterError, match="max_steps must be None or a whole number from 0"):
        pettingzoo.env("poison", players=4, max_steps=steps)


def test_pettingzoo_max_steps_zero_truncates_at_reset():
    pettingzoo = pytest.importorskip("philtre.adapters.pettingzoo")
    e = pettingzoo.env("poison", players=4, max_steps=0)
    e.reset(seed=1)
    assert all(e.truncations.values())


@pytest.mark.parametrize(("param", "value", "allowed"), [
    ("max_game_length", 0, "from 1"),
    ("max_game_length", -1, "from 1"),
    ("positional_limit", 0, "from 1"),
    ("positional_limit", -5, "from 1"),
    ("seeds", 0, "from 1 to 2147483647"),
    ("seeds", 2 ** 31, "from 1 to 2147483647"),
    ("positional_limit", 2 ** 31, "from 1 to 2147483647"),  # OpenSpiel's parameters are 32-bit
    ("max_game_length", 2 ** 40, "from 1 to 2147483647"),
])
def test_openspiel_refuses_a_parameter_out_of_its_range_when_the_game_is_made(param, value, allowed):
    openspiel = pytest.importorskip("philtre.adapters.openspiel")
    with pytest.raises(AdapterError, match=f"{param} .*{allowed}"):
        openspiel.load("poison", players=4, **{param: value})


def test_pyspiel_load_game_refuses_a_parameter_out_of_its_range_too():
    pyspiel = pytest.importorskip("pyspiel")
    pytest.importorskip("philtre.adapters.openspiel")
    with pytest.raises(Exception, match="max_game_length .*from 1"):
        pyspiel.load_game("philtre_poison", {"max_game_length": 0})


def test_openspiel_takes_the_largest_seeds():
    openspiel = pytest.importorskip("philtre.adapters.openspiel")
    game = openspiel.load("poison", players=4, seeds=2 ** 31 - 1)
    assert game.max_chance_outcomes() == 2 ** 31 - 1


# -- pickling an OpenSpiel game -----------------------------------------------------------------------
def _moves(game, seed: int, count: int) -> list:
    """The observation strings of the first ``count`` moves from a seed, always taking the first legal action."""
    state = game.new_initial_state()
    state.apply_action(seed)
    seen = []
    for _ in range(count):
        seen.append(state.observation_string(state.current_player()))
        state.apply_action(state.legal_actions()[0])
    return seen


def test_an_openspiel_game_pickles_and_plays_the_same():
    openspiel = pytest.importorskip("philtre.adapters.openspiel")
    game = openspiel.load("poison", players=3, variants=["draw-pile"], seeds=1000)
    copy = pickle.loads(pickle.dumps(game))
    assert str(copy) == str(game) and copy.num_players() == 3 and copy.max_chance_outcomes() == 1000
    assert _moves(copy, 17, 5) == _moves(game, 17, 5)
    state = copy.new_initial_state()
    state.apply_action(3)
    state.apply_action(state.legal_actions()[0])
    again = pickle.loads(pickle.dumps(state))  # a state of the unpickled game pickles too
    assert str(again) == str(state) and again.legal_actions() == state.legal_actions()


def test_a_registered_ruleset_game_unpickles_in_a_fresh_process(tmp_path):
    openspiel = pytest.importorskip("philtre.adapters.openspiel")
    path = str(_ruleset(tmp_path, "pickled-elsewhere", 'a: "range(2)", b: "range(3)"'))
    game = openspiel.load(path, players=2)
    code = ("import pickle, sys; game = pickle.loads(sys.stdin.buffer.read()); "
            "state = game.new_initial_state(); state.apply_action(4); print(game, state.legal_actions())")
    done = subprocess.run([sys.executable, "-c", code], input=pickle.dumps(game), capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr.decode()
    state = game.new_initial_state()
    state.apply_action(4)
    assert done.stdout.decode().strip() == f"{game} {state.legal_actions()}"
