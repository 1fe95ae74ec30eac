"""The OpenSpiel adapter: OpenSpiel's own random simulation test (with serialisation) on
every shipped ruleset, an MCTS bot playing each, and the promises of docs/adapters.md."""

from __future__ import annotations

import pickle
from pathlib import Path

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import mcts  # noqa: E402

from philtre.adapters import openspiel as adapter  # noqa: E402
from philtre.adapters.spec import seat_text, shipped_configurations  # noqa: E402
from philtre.dsl import shipped_games  # noqa: E402
from philtre.interpreter import Game  # noqa: E402

CONFIGS = shipped_configurations()
IDS = [f"{g}-{n}p" + "".join(f"+{v}" for v in vs) for g, n, vs in CONFIGS]


@pytest.mark.parametrize(("game", "players", "variants"), CONFIGS, ids=IDS)
def test_openspiel_random_sim_test_passes_with_serialisation(game, players, variants):
    spiel_game = adapter.load(game, players=players, variants=variants)
    pyspiel.random_sim_test(spiel_game, num_sims=1, serialize=True, verbose=False)


def test_every_shipped_ruleset_is_registered_with_its_parameters():
    names = pyspiel.registered_names()
    for game in shipped_games():
        assert f"philtre_{game.replace('-', '_')}" in names
    g = pyspiel.load_game("philtre_poisons(players=3,variants=three-players)")
    assert g.num_players() == 3 and g.get_type().min_num_players == 3
    assert g.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    assert pyspiel.load_game("philtre_poison").get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert g.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION


def _random_until(state, rng, moves):
    """Apply random legal moves (chance: seed 7) until ``moves`` decisions were made or the game ends."""
    for _ in range(moves):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(7)
        elif state.is_simultaneous_node():
            state.apply_actions([int(rng.choice(state.legal_actions(p))) if state.legal_actions(p) else 0
                                 for p in range(state.num_players())])
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def test_the_chance_node_draws_the_engine_seed():
    g = adapter.load("poison", players=4)
    state = g.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == g.max_chance_outcomes() and sum(p for _, p in outcomes) == pytest.approx(1.0)
    state.apply_action(42)
    engine = Game(adapter.load_spec("poison", 4).ruleset, 4, seed=42)
    assert state.observation_string(1) == seat_text(engine.view(1), adapter.load_spec("poison", 4).numbering.layout)


def test_serialised_and_cloned_states_play_on_identically():
    g = adapter.load("pok", players=4)
    state = _random_until(g.new_initial_state(), np.random.RandomState(0), 6)
    clone = state.clone()
    _, restored = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(g, state))
    unpickled = pickle.loads(pickle.dumps(state))
    for other in (clone, restored, unpickled):
        assert str(other) == str(state)
        assert other.information_state_string(2) == state.information_state_string(2)
    rng_a, rng_b = np.random.RandomState(3), np.random.RandomState(3)
    _random_until(state, rng_a, 40)
    _random_until(restored, rng_b, 40)
    assert str(state) == str(restored) and state.returns() == restored.returns()


def test_a_copied_game_plays_the_same_without_reading_the_ruleset_again(tmp_path, monkeypatch):
    """copy.deepcopy (and copy.copy) of a game went through pickling: the ruleset file was read and compiled again (slow),
    and a file edited since made the copy fail (or another game). The copy reads nothing and plays the same."""
    import copy
    from pathlib import Path

    from philtre.dsl import loader

    path = tmp_path / "copied-pok.yaml"
    shipped = (Path(adapter.__file__).resolve().parent.parent / "rulesets" / "pok" / "ruleset.yaml").read_text()
    path.write_text(shipped.replace("game: pok\n", "game: copied-pok\n", 1))  # (a name of its own to register)
    g = adapter.load(str(path), players=3)
    reads = []
    real_load_file = loader.load_file
    monkeypatch.setattr(loader, "load_file", lambda *args, **kw: reads.append(args) or real_load_file(*args, **kw))
    path.write_text("game: [not, a, ruleset\n")  # edited since the game was made: the game made is what is copied
    for copied in (copy.deepcopy(g), copy.copy(g)):
        assert str(copied) == str(g)
        mine, theirs = (_random_until(game.new_initial_state(), np.random.RandomState(5), 60) for game in (g, copied))
        assert str(theirs) == str(mine) and theirs.returns() == mine.returns()
    assert reads == []


def test_observations_hold_only_the_seats_view_and_infostates_remember_the_past():
    g = adapter.load("poison", players=3)
    state = _random_until(g.new_initial_state(), np.random.RandomState(1), 4)
    seat = state.current_player()
    obs = state.observation_string(seat)
    assert '"seat":%d' % seat in obs
    view = adapter.load_spec("poison", 3).encoder  # the tensor is the encoded view, nothing more
    assert len(state.observation_tensor(seat)) == view.size
    other = (seat + 1) % 3
    assert state.observation_string(other) != obs  # each seat sees its own hand
    # the information state is the current view plus a digest of everything seen and done before
    before = state.information_state_string(other)
    assert before.startswith("history ") and state.observation_string(other) in before
    state.apply_action(state.legal_actions()[0])
    assert state.information_state_string(other).split()[1] != before.split()[1]


def test_returns_are_win_shares_that_sum_to_one():
    g = adapter.load("poison", players=3)
    state = _random_until(g.new_initial_state(), np.random.RandomState(5), 10_000)
    assert state.is_terminal()
    returns = state.returns()
    assert sum(returns) == pytest.approx(1.0)
    assert set(returns) <= {0.0, 1.0, 0.5, 1 / 3}


def test_a_game_cut_at_max_game_length_is_terminal_and_judged_where_it_stands():
    g = adapter.load("poison", players=3, max_game_length=5)
    state = _random_until(g.new_initial_state(), np.random.RandomState(0), 100)
    assert state.is_terminal() and "cut at max_game_length" in str(state)
    assert sum(state.returns()) == pytest.approx(1.0)


def test_an_illegal_action_is_refused_with_its_label():
    """As PettingZoo does: the seat, the index and what it stands for, not an internal KeyError."""
    state = adapter.load("poison", players=4).new_initial_state()
    state.apply_action(1)
    illegal = next(a for a in range(208) if a not in state.legal_actions())
    with pytest.raises(ValueError, match=rf"action {illegal} \(play\(card=.*\)\) is not legal now"):
        state.apply_action(illegal)
    with pytest.raises(ValueError, match="action 99999 \\(outside 0..207\\) is not legal now"):
        state.apply_action(99999)
    simultaneous = adapter.load("pok", players=3).new_initial_state()
    simultaneous.apply_action(1)
    with pytest.raises(ValueError, match="seat 0: action 8 .* is not legal now"):
        simultaneous.apply_actions([8, 8, 8])


@pytest.mark.parametrize("game", shipped_games())
def test_an_mcts_bot_plays_a_whole_game(game):
    spiel_game = adapter.load(game)
    if spiel_game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS:
        spiel_game = pyspiel.convert_to_turn_based(spiel_game)
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng, max_length=12)
    bot = mcts.MCTSBot(spiel_game, uct_c=2.0, max_simulations=4, evaluator=evaluator, random_state=rng, solve=False)
    state = spiel_game.new_initial_state()
    bot_moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            bot_moves += 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert bot_moves > 0
    assert sum(state.returns()) == pytest.approx(1.0)


def test_no_action_is_legal_once_the_game_is_over():
    """apply_action on a finished game raised IndexError from inside the adapter."""
    state = _random_until(adapter.load("poison", players=3).new_initial_state(), np.random.RandomState(5), 10_000)
    assert state.is_terminal()
    with pytest.raises(ValueError, match="action 0 is not legal now: the game is over"):
        state.apply_action(0)
    finished = _random_until(adapter.load("pok", players=3).new_initial_state(), np.random.RandomState(5), 10_000)
    assert finished.is_terminal()
    with pytest.raises(ValueError, match=r"actions \[0, 0, 0\] are not legal now: the game is over"):
        finished.apply_actions([0, 0, 0])


def test_a_simultaneous_node_is_played_with_apply_actions_only():
    """A lone apply_action was taken as the first seat's move and legal_actions() was []; a short joint
    action raised IndexError. OpenSpiel's flat joint actions would number the product of every seat's options."""
    state = adapter.load("pok", players=3).new_initial_state()
    state.apply_action(0)
    assert state.is_simultaneous_node()
    legal = [state.legal_actions(p) for p in range(3)]
    with pytest.raises(ValueError, match="no flat joint actions: ask legal_actions"):
        state.legal_actions()
    with pytest.raises(ValueError, match=f"action {legal[0][0]} is not legal now: this is a simultaneous node.*apply_actions"):
        state.apply_action(legal[0][0])
    with pytest.raises(ValueError, match=r"one action per seat \(3\), not 1"):
        state.apply_actions([legal[0][0]])
    assert state.history() == [0] and [state.legal_actions(p) for p in range(3)] == legal  # nothing was played
    state.apply_actions([actions[0] for actions in legal])
    assert state.history() == [0, legal[0][0], legal[1][0], legal[2][0]]
    sequential = adapter.load("poison", players=3).new_initial_state()
    sequential.apply_action(0)
    with pytest.raises(ValueError, match=r"not a simultaneous node \(use apply_action\)"):
        sequential.apply_actions(sequential.legal_actions()[:1] * 3)


def test_the_chance_node_refuses_an_outcome_it_does_not_offer():
    """Outcome 12345 of a chance node with seeds=10 started Game(seed=12345), outside the declared outcomes."""
    state = adapter.load("poison", players=3, seeds=10).new_initial_state()
    for outcome in (10, 12345, -2):  # -1 is OpenSpiel's kInvalidAction, refused before the game sees it
        with pytest.raises(ValueError, match=rf"chance outcome {outcome} is not legal now: the outcomes are 0..9"):
            state.apply_action(outcome)
    assert state.is_chance_node()
    state.apply_action(9)
    assert str(state).startswith("seed 9\n")


def test_players_defaults_to_the_smallest_count_the_variants_allow():
    """The default was the base ruleset's smallest count (4 for poisons), so poisons + three-players failed to load."""
    g = adapter.load("poisons", variants=("three-players",))
    assert g.num_players() == 3 and "players=3" in str(g)
    assert pyspiel.load_game("philtre_poisons(variants=three-players)").num_players() == 3
    assert pyspiel.load_game(str(g)).num_players() == 3
    assert adapter.load("poisons").num_players() == 4


def test_an_overlay_path_the_game_string_cannot_carry_is_refused(tmp_path):
    """A path holding ',' or '=' loaded, but the game string it made could not be parsed back (serialisation)."""
    source = "extends: pok\ndefine:\n  goal: 500\n"
    weird = tmp_path / "we,ird=dir"
    weird.mkdir()
    (weird / "goal.yaml").write_text(source)
    with pytest.raises(ValueError, match=r"variant '.*we,ird=dir/goal.yaml' holds , =: OpenSpiel's game string"):
        adapter.load("pok", players=3, variants=(str(weird / "goal.yaml"),))
    with pytest.raises(Exception, match="holds , =: OpenSpiel's game string"):
        pyspiel.load_game("philtre_pok", {"players": 3, "variants": str(weird / "goal.yaml")})
    plain = tmp_path / "goal.yaml"
    plain.write_text(source)
    g = adapter.load("pok", players=3, variants=(str(plain),))
    state = g.new_initial_state()
    state.apply_action(1)
    _, restored = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(g, state))
    assert str(restored) == str(state)


def test_variants_as_one_string_is_one_variant():
    """variants="draw-pile" was split into characters: "no variant 'd'"."""
    assert "variants=draw-pile" in str(adapter.load("poison", variants="draw-pile"))


# -- hidden information: what a seat's observations and information states may depend on ------------
def _hidden_pair(game, seat):
    """Two components of different kinds in two zones whose contents ``seat`` does not see, the first a hand another
    seat sees (so the swap shows to someone: the check can fail)."""
    S, specs = game.state, game.ruleset.zones
    hidden = [z for name, family in S.zones.items() for z in family if not specs[name].sees_contents(z.key[1], seat)]
    watched = [z for z in hidden if any(specs[z.key[0]].sees_contents(z.key[1], q) for q in range(S.nplayers))]
    for z1 in watched:
        for z2 in hidden:
            for c1 in z1:
                for c2 in z2:
                    if z1.key != z2.key and c1.signature != c2.signature:
                        return z1, c1, z2, c2
    return None


def _identical_pair(game, seat, same=True):
    """A component in a zone ``seat`` sees and an identical copy (same kind; another kind if not ``same``) in a zone it
    does not see."""
    S, specs = game.state, game.ruleset.zones
    zones = [z for family in S.zones.values() for z in family]
    seen = [z for z in zones if specs[z.key[0]].sees_contents(z.key[1], seat)]
    for z1 in seen:
        for z2 in zones:
            if z2 not in seen:
                for c1 in z1:
                    for c2 in z2:
                        if (c1.signature == c2.signature) == same:
                            return z1, c1, z2, c2
    return None


def _another_kind_pair(game, seat):
    """A component in a zone ``seat`` sees and one of another kind in a zone it does not see."""
    return _identical_pair(game, seat, same=False)


def _two_in_hand(game, seat):
    """Two components of different kinds in ``seat``'s own hand (swapped: the same hand in another order)."""
    hand = game.state.zones["hand"][seat]
    first = hand[0]
    return hand, first, hand, next(c for c in hand if c.signature != first.signature)


def _dealt_otherwise(seat, pair=_hidden_pair):
    """A Game maker for the adapter: the engine's game with the two cards ``pair`` finds for ``seat`` swapped."""
    def make(ruleset, players, seed):
        game = Game(ruleset, players, seed=seed)
        z1, c1, z2, c2 = pair(game, seat)
        i, j = z1.index(c1), z2.index(c2)
        z1[i], z2[j] = c2, c1
        game.state.where[c1["id"]], game.state.where[c2["id"]] = z2.key, z1.key
        game._listed_for, game._listed = None, {}  # the options listed before the swap are not this deal's
        return game
    return make


def _twins(spiel_game, seed, monkeypatch, pair):
    """A state at ``seed`` after the chance node, its first seat to act, and the state dealt otherwise by ``pair``."""
    state = spiel_game.new_initial_state()
    state.apply_action(seed)
    seat = max(state.current_player(), 0)  # (seat 0 at a simultaneous node)
    twin = spiel_game.new_initial_state()
    with monkeypatch.context() as patch:
        patch.setattr(adapter, "Game", _dealt_otherwise(seat, pair))
        twin.apply_action(seed)
    assert str(twin) != str(state)
    return state, twin, seat


def _seen_by(state, seat) -> tuple:
    """Everything OpenSpiel hands ``seat``: strings, tensors and (when it decides) its legal actions."""
    legal = state.legal_actions(seat) if seat in state.core.game.pending() else []
    return (state.information_state_string(seat), tuple(state.information_state_tensor(seat)),
            state.observation_string(seat), tuple(state.observation_tensor(seat)), tuple(legal))


@pytest.mark.parametrize(("game", "players"), [("poison", 3), ("poison", 4), ("poisons", 4), ("hue", 2), ("hue", 3)])
def test_a_seats_information_state_does_not_depend_on_another_seats_hidden_cards(game, players, monkeypatch):
    """Two deals that differ only in cards the first seat to act cannot see give it the same information state,
    observation (strings and tensors) and legal actions, before and after its move; the seat holding them sees it."""
    spiel_game = adapter.load(game, players=players)
    for seed in range(3):
        state, twin, seat = _twins(spiel_game, seed, monkeypatch, _hidden_pair)
        watchers = [q for q in range(players) if q != seat and _seen_by(twin, q) != _seen_by(state, q)]
        assert watchers  # the swap shows to a seat that sees those cards
        assert _seen_by(twin, seat) == _seen_by(state, seat)
        if _play_alike(state, twin, seat, seed):
            assert _seen_by(twin, seat) == _seen_by(state, seat)


def _play_alike(state, twin, seat, seed) -> bool:
    """The same move in both: ``seat``'s pick of its options, another seat's first option legal in both (at a
    simultaneous node); False if another seat has none such."""
    moves = []
    for q in range(state.num_players()) if state.is_simultaneous_node() else [state.current_player()]:
        legal = state.legal_actions(q)
        common = [a for a in legal if a in twin.legal_actions(q)]
        if q == seat:
            moves.append(legal[seed % len(legal)])
        elif common or not legal:
            moves.append(common[0] if common else 0)
        else:
            return False
    for each in (state, twin):
        each.apply_actions(moves) if each.is_simultaneous_node() else each.apply_action(moves[0])
    return True


# the shipped games that deal identical copies to places one seat sees and another it does not
@pytest.mark.parametrize(("game", "players"), [("poison", 3), ("poison", 4)])
def test_identical_copies_dealt_the_other_way_give_every_seat_the_same_strings(game, players, monkeypatch):
    """The strings named components by engine id: which of two identical cards a seat held and which lay face down
    made two information sets of one (tabular CFR split its learning). Swapped, no seat sees any difference at all,
    before and after a move."""
    spiel_game = adapter.load(game, players=players)
    for seed in range(3):
        state, twin, seat = _twins(spiel_game, seed, monkeypatch, _identical_pair)
        for moved in (False, True):
            for q in range(players):
                assert state.observation_string(q) == twin.observation_string(q)
                assert state.information_state_string(q) == twin.information_state_string(q)
                assert _seen_by(twin, q) == _seen_by(state, q)
            if moved:
                break
            assert _play_alike(state, twin, seat, seed)


def test_strings_keep_what_a_seat_tells_apart_and_name_no_engine_id(monkeypatch):
    """A seat's string lists its hand in order, each card by kind, numbered in the order the view shows them (no
    engine id); its hand in another order, or with a card of another kind, is another string."""
    import json

    spiel_game = adapter.load("poison", players=3)
    state, reordered, seat = _twins(spiel_game, 0, monkeypatch, _two_in_hand)
    hand = state.core.game.state.zones["hand"][seat]
    shown = json.loads(state.observation_string(seat))["zones"]["hand"][seat]["components"]
    assert [c["id"] for c in shown] == list(range(len(hand)))  # the hand is the first zone the seat sees into
    assert [{k: v for k, v in c.items() if k != "id"} for c in shown] == \
        [{k: v for k, v in c.items() if k != "id"} for c in hand]
    _, other_card, _ = _twins(spiel_game, 0, monkeypatch, _another_kind_pair)
    for twin in (reordered, other_card):
        assert twin.observation_string(seat) != state.observation_string(seat)
        assert twin.information_state_string(seat) != state.information_state_string(seat)
    # the tensor counts kinds and has no order: only the strings tell the reordered hand apart
    assert reordered.observation_tensor(seat) == state.observation_tensor(seat)


def test_strings_number_revealed_cards_and_cards_variables_name_whatever_their_engine_ids():
    """Views list revealed cards by engine id and write a card as a map's key "type#id": with ids 0 and 3 of two
    identical cards exchanged, the string is the same; which card a value goes with is kept."""
    from types import SimpleNamespace

    def card(ident, color):
        return {"type": "card", "id": ident, "color": color}

    blue, red = {"type": "card", "id": 0, "color": "blue"}, {"type": "card", "id": 1, "color": "red"}
    layout = SimpleNamespace(kind_of_id=[0, 1, 0, 0], kinds=[blue, red])  # ids 0, 2 and 3: identical blue cards

    def view(in_hand, revealed, marks):
        return {"zones": {"hand": [{"count": 1, "components": [card(in_hand, "blue")]}],
                          "table": {"count": 1, "components": [card(2, "blue")]},
                          "deck": {"count": 5, "revealed": revealed}},
                "variables": {"picked": card(2, "blue"), "marks": marks}}

    mine = view(3, [card(0, "blue"), card(1, "red")], {"card#3": 1, "card#0": 2})
    swapped = view(0, [card(1, "red"), card(3, "blue")], {"card#0": 1, "card#3": 2})
    assert seat_text(swapped, layout) == seat_text(mine, layout)
    marked_otherwise = view(3, [card(0, "blue"), card(1, "red")], {"card#3": 2, "card#0": 1})
    assert seat_text(marked_otherwise, layout) != seat_text(mine, layout)


def test_a_secret_choice_does_not_reach_the_next_seats_information_state_in_the_turn_based_game():
    """POK through pyspiel.convert_to_turn_based: seat 1 decides after seat 0 chose in secret, and sees the same
    whichever counter seat 0 chose."""
    game = pyspiel.convert_to_turn_based(adapter.load("pok", players=3))
    for seed in range(3):
        state = game.new_initial_state()
        state.apply_action(seed)
        first, last = state.child(state.legal_actions()[0]), state.child(state.legal_actions()[-1])
        assert first.current_player() == last.current_player() == 1
        for seen in ("information_state_string", "information_state_tensor", "observation_string", "observation_tensor"):
            assert getattr(first, seen)(1) == getattr(last, seen)(1)
        assert first.legal_actions() == last.legal_actions()


# -- chance="draws": each random draw of the engine a chance node of its own ------------------------------------------
# four cards shuffled, one dealt to each seat's hidden hand; seat 0 calls (a die is rolled) or folds
DRAWS_RULESET = """\
philtre: 1
game: four-cards-one-die
title: Four cards, one die
players: 2
components:
  card:
    attributes: {rank: [1, 2, 3, 4]}
    start: deck
dice:
  die: [{pips: 1}, {pips: 2}, {pips: 3}, {pips: 4}, {pips: 5}, {pips: 6}]
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
actions:
  call:
    do:
      - roll: die
  fold: {}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, count: 1}
  - decide: [call, fold]
    player: 0
winners: "[0] if hand[0][0].rank > hand[1][0].rank else [1]"
"""


@pytest.fixture(scope="module")
def draws_path(tmp_path_factory) -> str:
    """The four-card ruleset's file (written once: a ruleset's name is registered with pyspiel for one path)."""
    path = tmp_path_factory.mktemp("draws") / "four-cards-one-die.yaml"
    path.write_text(DRAWS_RULESET)
    return str(path)


@pytest.fixture(scope="module")
def draws_game(draws_path):
    """The four-card game with chance="draws"."""
    return adapter.load(draws_path, chance="draws")


def _drawn(game, outcomes):
    """A new state of ``game`` with the chance ``outcomes`` applied (an int: a seat's action, as the state asks)."""
    state = game.new_initial_state()
    for outcome in outcomes:
        state.apply_action(outcome)
    return state


def _hand(state, seat) -> int:
    """The rank of the card in ``seat``'s hand (the engine's truth, not a view)."""
    return state.core.game.state.zones["hand"][seat][0]["rank"]


def test_with_chance_draws_each_random_draw_is_a_chance_node_with_its_own_uniform_outcomes(draws_game):
    """The seed was the one chance node: seat 0's hand, in dealt order, told the seed and so every hidden card."""
    assert draws_game.max_chance_outcomes() == 6  # four cards shuffled, a die of six faces
    state = draws_game.new_initial_state()
    for expected in (4, 3, 2):  # Fisher-Yates on four cards: a draw among 4, then 3, then 2
        assert state.is_chance_node()
        assert state.chance_outcomes() == [(i, 1 / expected) for i in range(expected)]
        state.apply_action(expected - 1)
    assert state.current_player() == 0 and state.legal_actions() == [0, 1]
    state.apply_action(0)  # call: the die is rolled, inside the move
    assert state.is_chance_node() and state.chance_outcomes() == [(i, 1 / 6) for i in range(6)]
    with pytest.raises(ValueError, match=r"chance outcome 6 is not legal now: the outcomes are 0..5"):
        state.apply_action(6)
    state.apply_action(4)
    assert state.is_terminal() and state.core.game.state.dice["die"] == {"pips": 5}
    assert state.core.seed is None and "no seed" in str(state)  # no seed plays this game again


def test_with_chance_draws_every_deal_comes_from_as_many_chance_outcomes(draws_game):
    from collections import Counter

    deals = Counter()
    for a in range(4):
        for b in range(3):
            for c in range(2):
                state = _drawn(draws_game, [a, b, c])
                deals[_hand(state, 0), _hand(state, 1)] += 1
    assert len(deals) == 12 and set(deals.values()) == {2}  # each ordered pair of distinct cards, twice in 24
    faces = [_drawn(draws_game, [0, 0, 0, 0, face]).core.game.state.dice["die"]["pips"] for face in range(6)]
    assert faces == [1, 2, 3, 4, 5, 6]


def test_with_chance_draws_a_seat_cannot_tell_apart_histories_that_differ_in_the_other_seats_card(draws_game):
    """What seat 0 is handed depends on its own card only: chance outcomes it cannot see are in none of it."""
    seen = {}
    for a in range(4):
        for b in range(3):
            for c in range(2):
                state = _drawn(draws_game, [a, b, c])
                for moves in ([], [0]):  # at seat 0's decision, and at the die's chance node inside its call
                    at = state.clone()
                    for move in moves:
                        at.apply_action(move)
                    strings = (at.information_state_string(0), tuple(at.information_state_tensor(0)),
                               at.observation_string(0), tuple(at.observation_tensor(0)))
                    seen.setdefault((_hand(state, 0), len(moves)), {}).setdefault(strings, set()).add(_hand(state, 1))
    assert len(seen) == 8
    for by_strings in seen.values():  # one set of strings for each card of seat 0, whatever seat 1 holds
        assert len(by_strings) == 1 and len(next(iter(by_strings.values()))) == 3
    assert len({s for by in seen.values() for s in by}) == 8  # and seat 0's own card does tell


def test_with_chance_draws_a_chance_node_clones_and_serialises(draws_game):
    for outcomes in ([2, 1], [3, 0, 1, 0]):  # inside the shuffle at the start, and at the die inside seat 0's call
        state = _drawn(draws_game, outcomes)
        assert state.is_chance_node()
        clone = state.clone()
        _, restored = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(draws_game, state))
        unpickled = pickle.loads(pickle.dumps(state))
        for other in (clone, restored, unpickled):
            assert str(other) == str(state) and other.chance_outcomes() == state.chance_outcomes()
            assert other.information_state_string(1) == state.information_state_string(1)
            assert other.history() == state.history()
        for other in (state, clone, restored, unpickled):
            while not other.is_terminal():
                other.apply_action(other.legal_actions()[-1] if not other.is_chance_node() else 1)
        assert str(clone) == str(restored) == str(unpickled) == str(state)
        assert clone.returns() == restored.returns() == unpickled.returns() == state.returns()


def test_an_engine_game_drawing_from_given_outcomes_keeps_them_in_its_copies(draws_path):
    """A game is made with a generator instead of a seed; Flow.rng's copy on a draw made a standard generator of the
    shared one (random.Random() and setstate), which cannot answer from outcomes."""
    from philtre.adapters.draws import GivenDraws
    from philtre.dsl import load_ruleset

    ruleset = load_ruleset(draws_path)
    game = Game(ruleset, 2, seed=GivenDraws([3, 2, 1, 4, 5]))
    assert game.seed is None and type(game.state.flow._rng) is GivenDraws
    copy = game.copy()
    call = [o for o in copy.options(0) if o.action == "call"][0]
    copy.apply(0, call)
    assert copy.state.dice["die"] == {"pips": 5} and type(copy.state.flow._rng) is GivenDraws
    assert copy.state.flow._rng.taken == 4 and game.state.flow._rng.taken == 3  # the original's draws stay its own
    with pytest.raises(Exception, match="D005.*cannot be recorded: no seed plays it again"):
        Game(ruleset, 2, seed=GivenDraws([3, 2, 1]), record=True)


def test_openspiel_random_sim_test_passes_with_chance_draws_and_leaves_seeded_games_alone():
    seeded = adapter.load("poison", players=3)
    before = str(_random_until(seeded.new_initial_state(), np.random.RandomState(2), 10_000))
    draws = adapter.load("poison", players=3, chance="draws")
    assert draws.max_chance_outcomes() == 50  # the deck's 50 cards shuffled at once
    pyspiel.random_sim_test(draws, num_sims=2, serialize=True, verbose=False)
    # games abandoned inside a statement (at each draw) leave nothing behind that changes another game
    assert str(_random_until(seeded.new_initial_state(), np.random.RandomState(2), 10_000)) == before


def test_the_chance_parameter_is_seed_or_draws():
    with pytest.raises(ValueError, match=r"chance='dice': the chance nodes draw the engine's seed \(chance=seed\) or each"):
        adapter.load("poison", players=3, chance="dice")


# -- utility="score": the final scores as utilities, within bounds the user declares ---------------------------------
# Kuhn poker as OpenSpiel's kuhn_poker plays it: chips won or lost, from -2 to 2, summing to 0
KUHN = str(Path(__file__).parent / "data" / "kuhn.yaml")
KUHN_SCORES = {"utility": "score", "min_utility": -2, "max_utility": 2}
PASS, BET = 0, 1  # the ruleset's two actions, as numbered


def _kuhn_played(game, deal, moves):
    """A Kuhn game (chance=draws) dealt by the chance outcomes ``deal``, then the seats' ``moves``."""
    state = _drawn(game, deal)
    for move in moves:
        assert not state.is_chance_node()
        state.apply_action(move)
    return state


def test_with_utility_score_the_returns_are_the_final_scores_and_without_it_the_win_shares():
    """The utility was always the win share: a pot of 2 chips won as much as a pot of 1, and the game looked less
    exploitable than the chips say (Leduc Hold'em: a NashConv of 0.61 for OpenSpiel's 4.75)."""
    wins, scores = adapter.load(KUHN, chance="draws"), adapter.load(KUHN, chance="draws", **KUHN_SCORES)
    assert [scores.min_utility(), scores.max_utility()] == [-2.0, 2.0]
    assert [wins.min_utility(), wins.max_utility(), wins.utility_sum()] == [0.0, 1.0, 1.0]
    for moves, chips in (([BET, BET], 2), ([BET, PASS], 1), ([PASS, PASS], 1), ([PASS, BET, PASS], 1)):
        for deal in ([0, 0], [2, 1]):  # (the shuffle's draws: seat 0 dealt the 1 against the 3, the 3 against the 2)
            won, scored = (_kuhn_played(game, deal, moves) for game in (wins, scores))
            assert won.is_terminal() and scored.is_terminal()
            final = scored.core.game.state.scores
            assert scored.returns() == [float(s) for s in final] and scored.rewards() == scored.returns()
            assert sorted(scored.returns()) == [-chips, chips]
            assert won.returns() == [1.0 if s > 0 else 0.0 for s in final]
    # the parameters are in the game string: serialisation plays the same game
    state = _kuhn_played(scores, [0, 0], [BET])
    game, restored = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(scores, state))
    assert str(game) == str(scores) and "utility=score" in str(game) and "utility_sum" not in str(game)
    restored.apply_action(BET)
    assert restored.returns() == [-2.0, 2.0]  # (seat 0's 1 called against the 3)
    # the fewest points win: a point scored is a point lost, as PettingZoo's reward="score"
    poison = adapter.load("poison", players=3, utility="score", min_utility=-1000, max_utility=0)
    state = _random_until(poison.new_initial_state(), np.random.RandomState(5), 10_000)
    assert state.returns() == [-float(s) for s in state.core.game.state.scores]


def test_utility_score_is_general_sum_unless_the_user_declares_the_sum():
    """Nothing is inferred from the ruleset's scoring: the sum declared is ZERO_SUM (0) or CONSTANT_SUM."""
    kinds = {total: adapter.load(KUHN, chance="draws", **KUHN_SCORES, **({} if total is None else {"utility_sum": total}))
             for total in (None, 0, 1.5)}
    Utility = pyspiel.GameType.Utility
    assert [g.get_type().utility for g in kinds.values()] == [Utility.GENERAL_SUM, Utility.ZERO_SUM, Utility.CONSTANT_SUM]
    assert kinds[0].utility_sum() == 0.0 and kinds[1.5].utility_sum() == 1.5
    assert adapter.load(KUHN).get_type().utility == Utility.CONSTANT_SUM  # the win shares of a ranking: 1


def test_the_uniform_policys_nash_conv_with_utility_score_is_openspiels_kuhn_pokers():
    """Scored by chips, the ruleset is OpenSpiel's kuhn_poker: the same NashConv; by win shares, not."""
    from open_spiel.python import policy
    from open_spiel.python.algorithms import exploitability

    def uniform_nash_conv(game):
        return exploitability.nash_conv(game, policy.UniformRandomPolicy(game))

    reference = uniform_nash_conv(pyspiel.load_game("kuhn_poker"))
    zero_sum = adapter.load(KUHN, chance="draws", **KUHN_SCORES, utility_sum=0)
    assert uniform_nash_conv(zero_sum) == pytest.approx(reference)
    assert uniform_nash_conv(adapter.load(KUHN, chance="draws")) != pytest.approx(reference)
    # exploitability, for two-player zero-sum games only, takes it
    assert exploitability.exploitability(zero_sum, policy.UniformRandomPolicy(zero_sum)) == pytest.approx(reference / 2)


@pytest.mark.parametrize(("chance", "deal", "named"), [("draws", [0, 0], r"chance=draws outcomes \[0, 0\]"),
                                                        ("seed", [7], "seed 7")])
def test_a_final_score_outside_the_declared_bounds_is_an_error_naming_the_game(chance, deal, named):
    """Not clamped: a bound too narrow is the user's mistake (or the ruleset's), and a clamped utility a wrong one."""
    game = adapter.load(KUHN, chance=chance, utility="score", min_utility=-1.5, max_utility=2)
    state = _kuhn_played(game, deal, [BET, BET])
    loser = state.core.game.state.scores.index(-2)
    with pytest.raises(ValueError, match=rf"^{named}, after 2 moves: seat {loser}'s utility -2.0 is outside "
                                         rf"min_utility=-1.5 .. max_utility=2.0 \(the final scores: .*\); declare bounds"):
        state.returns()
    assert _kuhn_played(game, deal, [BET, PASS]).returns() in ([1.0, -1.0], [-1.0, 1.0])  # within them: no error
    summed = adapter.load(KUHN, chance=chance, **KUHN_SCORES, utility_sum=1)
    with pytest.raises(ValueError, match=rf"^{named}, after 2 moves: the final scores \[.*\] sum to 0.0, not "
                                         r"utility_sum=1.0; leave utility_sum out"):
        _kuhn_played(summed, deal, [BET, PASS]).returns()


@pytest.mark.parametrize(("params", "message"), [
    ({"utility": "chips"}, r"utility='chips': a seat's utility is its win share \(utility=win\) or its final score "
                           r"\(utility=score\)"),
    ({"utility": "score"}, r"utility=score needs min_utility and max_utility: the lowest and highest final score"),
    ({"utility": "score", "min_utility": -2}, r"utility=score needs max_utility: "),
    ({"utility": "score", "min_utility": 2, "max_utility": 2}, r"min_utility=2.0 must be below max_utility=2.0"),
    ({"utility": "score", "min_utility": -2, "max_utility": float("inf")}, r"max_utility=inf: must be a finite number"),
    ({**KUHN_SCORES, "utility_sum": 5}, r"utility_sum=5.0: 2 utilities from min_utility=-2.0 to max_utility=2.0 "
                                        r"cannot sum to it"),
    ({"min_utility": -2, "max_utility": 2}, r"min_utility, max_utility: only for utility=score"),
    ({**KUHN_SCORES, "max_utility": "2"}, r"max_utility must be a number, not '2'"),
    ({**KUHN_SCORES, "max_utility": True}, r"max_utility must be a number, not True"),
])
def test_utility_parameters_that_do_not_fit_are_refused_when_the_game_is_made(params, message):
    with pytest.raises(ValueError, match=message):
        adapter.load(KUHN, **params)


def test_utility_parameters_reach_the_game_through_load_game_too():
    """load() turns whole numbers into the floats pyspiel wants; load_game takes floats (pyspiel refuses an int)."""
    name = adapter.register(KUHN)
    game = pyspiel.load_game(f"{name}(utility=score,min_utility=-2.0,max_utility=2.0,utility_sum=0.0)")
    assert str(game) == str(adapter.load(KUHN, **KUHN_SCORES, utility_sum=np.int64(0)))
    with pytest.raises(ValueError, match=r"utility=score needs min_utility and max_utility"):
        pyspiel.load_game(name, {"utility": "score"})


# -- what a user gets wrong, or a ruleset does -----------------------------------------------------------------------
# a card of value 0 fails its rule (a ruleset's bug): 10 // 0
FAILING_RULESET = (Path(__file__).parent / "data" / "failing_rule.yaml").read_text()


@pytest.mark.parametrize("chance", ["seed", "draws"])
def test_a_rule_failing_in_a_move_leaves_the_state_as_it_was(tmp_path, chance):
    """With chance=seed the engine game stopped halfway through the move: current_player() and legal_actions() then
    raised AttributeError ('NoneType' object has no attribute 'simultaneous'); chance=draws already stood still."""
    from philtre.dsl import PhiltreError

    path = tmp_path / "ruleset.yaml"
    path.write_text(FAILING_RULESET.replace("game: failing-rule", f"game: failing-rule-{chance}"))  # (a name each to register)
    game = adapter.load(str(path), chance=chance)
    rng = np.random.RandomState(0)
    state = game.new_initial_state()
    while True:
        while state.is_chance_node():
            state.apply_action(int(rng.choice([a for a, _ in state.chance_outcomes()])))
        seat = state.current_player()
        labels = {a: state.action_to_string(seat, a) for a in state.legal_actions()}
        bad = [a for a, label in labels.items() if "v=0" in label]
        if bad and len(labels) > 1:
            break
        state.apply_action(min(a for a in labels if a not in bad))
    before, history = str(state), state.history()
    with pytest.raises(PhiltreError, match=r"R100 rule 'score' failed"):
        state.apply_action(bad[0])
    assert str(state) == before and state.history() == history and state.current_player() == seat
    assert state.legal_actions() == sorted(labels)
    state.apply_action(next(a for a in labels if a not in bad))


def test_identical_pieces_at_two_placements_on_a_grid_are_two_legal_actions():
    """Two identical men at two squares are two options in the engine, but were one action index (the man's kind): a
    bot could never move the second one, and legal_actions listed half of the options."""
    game = adapter.load(str(Path(__file__).parent / "data" / "two_men_on_a_board.yaml"))
    state = game.new_initial_state()
    state.apply_action(0)  # the seed
    engine = state.core.game
    options = engine.options(0)
    assert len(state.legal_actions(0)) == len(options) == 12  # six free cells for each man
    moved_from = {}
    for action in state.legal_actions(0):
        child = state.child(action)
        left = {child.core.game.state.placed[c["id"]][:2] for c in child.core.game.state.zones["board"][0]}
        moved_from.setdefault(({(0, 0), (2, 0)} - left).pop(), set()).add(state.action_to_string(0, action))
    assert sorted(moved_from) == [(0, 0), (2, 0)] and all(len(labels) == 6 for labels in moved_from.values())
    assert all("man owner=0 cells=[m] no. 1" in label for label in moved_from[(0, 0)])
    assert all("no. 2" in label for label in moved_from[(2, 0)])


def test_one_ruleset_named_two_ways_is_one_game(tmp_path, monkeypatch):
    """load("./x") after load("x") was refused: "already registered for 'x', not './x': rename the game"."""
    folder = tmp_path / "named-twice"
    folder.mkdir()
    (folder / "ruleset.yaml").write_text(FAILING_RULESET.replace("game: failing-rule", "game: named-twice"))
    monkeypatch.chdir(tmp_path)
    names = {str(adapter.load(ref)) for ref in ("named-twice", "./named-twice/", Path("named-twice"),
                                               str(folder / "ruleset.yaml"))}
    assert len(names) == 1
    monkeypatch.chdir(Path(adapter.__file__).parent)  # registered as an absolute path: found from any folder
    assert str(pyspiel.load_game("philtre_named_twice")) in names
    other = tmp_path / "other"
    other.mkdir()
    (other / "ruleset.yaml").write_text((folder / "ruleset.yaml").read_text())
    with pytest.raises(ValueError, match="already registered .*rename the game"):
        adapter.register(str(other))


def test_a_broken_variant_does_not_keep_its_game_from_being_registered(tmp_path):
    """register() read every overlay of variants/ for the player range: one that did not load refused the whole game."""
    (tmp_path / "variants").mkdir()
    (tmp_path / "ruleset.yaml").write_text(FAILING_RULESET.replace("game: failing-rule", "game: broken-variant"))
    (tmp_path / "variants" / "bad.yaml").write_text("extends: broken-variant\nzones: [\n")
    with pytest.warns(UserWarning, match=r"variant .*bad.yaml does not load"):
        game = adapter.load(str(tmp_path))
    assert game.num_players() == 2


def test_load_takes_numpy_players_and_a_list_of_variants_with_a_hint():
    """players=np.int64(4) failed inside pyspiel ('numpy.int64' object is not iterable), players=2**40 with pybind's
    cast error; variants="advanced+really-wild" was told to "rename or move the overlay file"."""
    assert adapter.load("poisons", players=np.int64(5)).num_players() == 5
    with pytest.raises(ValueError, match=r"players must be a whole number from 0 to 2147483647, not 1099511627776"):
        adapter.load("poisons", players=2 ** 40)
    with pytest.raises(ValueError, match=r"load\(\) takes several variants as a list \(variants=\['advanced', 'really-wild'\]\)"):
        adapter.load("poisons", variants="advanced+really-wild")
    with pytest.raises(ValueError, match="a ruleset is a shipped game's name or a path"):
        adapter.load(None)


SAYING = """\
philtre: 1
game: {name}
players: 2
components:
  card: {{attributes: {{rank: [1, 2]}}, copies: 2, start: hand}}
zones:
  hand: {{visible: everyone}}
  box: {{}}
actions:
  say:
    choose: {{n: "[2, 1]"}}
  lay:
    choose: {{cards: "subsets(hand, 2)"}}
    do:
      - move: cards -> box
flow:
  - decide: say
    player: 0
  - decide: lay
    player: 1
"""


def test_a_position_parameter_is_labelled_with_its_value_where_it_is_legal(tmp_path):
    """A user's `rank=#1` (the item's number in its collection) read as the rank 1, where PettingZoo and `play` said
    rank=2. A legal index now says its value beside the number; components by kind, never by engine id."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(SAYING.format(name="saying-labels"))
    state = adapter.load(str(path)).new_initial_state()
    state.apply_action(0)  # the seed
    assert [state.action_to_string(0, a) for a in state.legal_actions(0)] == ["say(n=2 #0)", "say(n=1 #1)"]
    assert state.action_to_string(1, state.legal_actions(0)[0]) == "say(n=#0)"  # not seat 1's to take: no value
    state.apply_action(state.legal_actions(0)[1])
    labels = [state.action_to_string(1, a) for a in state.legal_actions(1)]
    assert "lay(cards=[card rank=1, card rank=2] #1)" in labels, labels
    assert not any("id" in label for label in labels), labels
# -- what a seat is told of the other seats' decisions ----------------------------------------------------------------
# seat 0 says a number aloud: a decision that changes no zone or variable, so no view shows it
SAY_ALOUD_RULESET = """\
philtre: 1
game: say-aloud
players: 2
zones:
  box: {}
actions:
  say:
    choose: {n: "[1, 2]"}
    do:
      - move: none -> box
  pass: {}
flow:
  - decide: say
    player: 0
  - decide: pass
    player: 1
"""

# seat 0 shows one of its two cards on the table or hides it in a box; either way it is back in its hand before seat 1
# decides, so seat 1's view is the same whichever card it was
SHOW_OR_HIDE_RULESET = """\
philtre: 1
game: show-or-hide
players: 2
components:
  card:
    attributes: {rank: [1, 2]}
    start: deck
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
  table: {visible: everyone}
  box: {visible: nobody}
actions:
  show:
    choose: {card: "hand[me]"}
    do:
      - move: card -> table
  hide:
    choose: {card: "hand[me]"}
    do:
      - move: card -> box
  pass: {}
flow:
  - deal: {from: deck, to: "[hand[0]]", count: 2}
  - decide: [show, hide]
    player: 0
  - move: table -> hand[0]
  - move: box -> hand[0]
  - decide: pass
    player: 1
"""


@pytest.fixture(scope="module")
def told_paths(tmp_path_factory) -> dict:
    """The two rulesets above as files (each written once: a ruleset's name is registered with pyspiel for one path)."""
    folder = tmp_path_factory.mktemp("told")
    paths = {}
    for name, text in (("say-aloud", SAY_ALOUD_RULESET), ("show-or-hide", SHOW_OR_HIDE_RULESET)):
        paths[name] = folder / f"{name}.yaml"
        paths[name].write_text(text)
    return {name: str(path) for name, path in paths.items()}


def _onlooker(game):
    """An observer with perfect recall of what an onlooker sees."""
    onlooker = pyspiel.IIGObservationType(perfect_recall=True, private_info=pyspiel.PrivateInfoType.NONE)
    return game.make_py_observer(onlooker)


def test_a_seat_remembers_another_seats_decision_that_no_view_shows(told_paths):
    """Seat 0 says 1 or 2 aloud (nothing moves): seat 1 hears it, as philtre play and its record show, but its
    information state left other seats' decisions out, so the two histories were one information set."""
    game = adapter.load(told_paths["say-aloud"])
    state = game.new_initial_state()
    state.apply_action(0)
    one, two = (state.child(a) for a in state.legal_actions(0))
    assert one.current_player() == two.current_player() == 1
    assert one.observation_string(1) == two.observation_string(1)  # no view tells them apart
    assert one.information_state_string(1) != two.information_state_string(1)
    onlooker = _onlooker(game)
    assert onlooker.string_from(one, 0) != onlooker.string_from(two, 0)  # said aloud: a public fact
    for state in (one, two):  # a clone or an unpickled state rebuilds the same digests by replaying
        for other in (state.clone(), pickle.loads(pickle.dumps(state))):
            assert other.information_state_string(1) == state.information_state_string(1)


@pytest.mark.parametrize("chance", ["seed", "draws"])
def test_another_seats_choice_is_told_as_far_as_the_seat_sees_the_component_and_no_further(told_paths, chance):
    """Seat 0 shows one card on the table (its action's effect) or hides one in a box, and takes it back: seat 1 is
    told which card was shown, not which was hidden (nor is an onlooker). Seat 0 knows both."""
    game = adapter.load(told_paths["show-or-hide"], chance=chance)
    state = game.new_initial_state()
    if state.is_chance_node():  # (with chance=draws this game draws nothing: no chance node)
        state.apply_action(0)
    labels = {a: state.action_to_string(0, a) for a in state.legal_actions()}
    onlooker = _onlooker(game)
    for action, told in (("show", True), ("hide", False)):
        first, second = (state.child(a) for a, label in labels.items() if label.startswith(action + "("))
        assert first.current_player() == second.current_player() == 1
        assert first.observation_string(1) == second.observation_string(1)
        assert first.information_state_string(0) != second.information_state_string(0)
        assert (first.information_state_string(1) != second.information_state_string(1)) == told
        assert (onlooker.string_from(first, 0) != onlooker.string_from(second, 0)) == told
        assert first.information_state_tensor(1) == second.information_state_tensor(1)  # (own actions only)


def test_a_drink_poured_face_down_stays_hidden_from_the_other_seats():
    """Poisons: every seat pours at once, a drink face down under a goblet nobody sees into; which drink seat 0 poured
    reaches no other seat's information state (nor an onlooker's), and seat 0's own."""
    game = adapter.load("poisons", players=4)
    onlooker = _onlooker(game)
    for seed in range(3):
        state = game.new_initial_state()
        state.apply_action(seed)
        assert state.is_simultaneous_node()
        legal = [state.legal_actions(p) for p in range(4)]
        assert len(legal[0]) == 2  # a plain drink and the poison
        plain, poison = state.clone(), state.clone()
        plain.apply_actions([legal[0][0]] + [actions[0] for actions in legal[1:]])
        poison.apply_actions([legal[0][1]] + [actions[0] for actions in legal[1:]])
        assert plain.information_state_string(0) != poison.information_state_string(0)
        for q in range(1, 4):
            assert _seen_by(plain, q) == _seen_by(poison, q)
        assert onlooker.string_from(plain, 0) == onlooker.string_from(poison, 0)


def test_a_fallback_action_is_among_the_legal_actions_where_nothing_else_is(tmp_path):
    """`otherwise:` actions are numbered with the others: random games of a ruleset whose pass and wait are fallbacks
    run, and the pass is legal, alone, at some decision (tests/data/otherwise.yaml)."""
    ruleset = str(Path(__file__).parent / "data" / "otherwise.yaml")
    spiel_game = adapter.load(ruleset, players=3)
    pyspiel.random_sim_test(spiel_game, num_sims=3, serialize=True, verbose=False)
    rng, alone = np.random.default_rng(0), set()
    for _ in range(5):
        state = spiel_game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(7)
            elif state.is_simultaneous_node():
                legal = [state.legal_actions(p) for p in range(state.num_players())]
                alone |= {state.action_to_string(p, acts[0]).split("(")[0] for p, acts in enumerate(legal) if len(acts) == 1}
                state.apply_actions([int(rng.choice(acts)) if acts else 0 for acts in legal])
            else:
                legal = state.legal_actions()
                if len(legal) == 1:
                    alone.add(state.action_to_string(state.current_player(), legal[0]).split("(")[0])
                state.apply_action(int(rng.choice(legal)))
    assert {"pass", "wait"} <= {a.strip() for a in alone}, alone
