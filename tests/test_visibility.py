"""Visibility over many random games: views and filtered records show a seat what the
rulings let it see, and nothing else (POISON-2, POISON-5; POK-1, POK-3).

Every check also looks at the unfiltered truth (the state, the full record), so a test
fails if the engine hides what must be shown as well as if it leaks what must be hidden.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from philtre.interpreter import Game

HIDDEN = {"hidden": True}


def ids(zone) -> list:
    return [c["id"] for c in zone]


ID = re.compile(r'"id": (-?\d+)')


def comp_ids(value) -> set:
    """Every component id anywhere in a view or an event (any "id" key, at any depth)."""
    return {int(x) for x in ID.findall(json.dumps(value))}


def viewers(n):
    return list(range(n)) + [None]  # None: an onlooker


# -- Poison views ---------------------------------------------------------------------------

POISON_PLAYERS = [3, 4, 5, 6]
POISON_GAMES = 24


def some_viewers(game, n, step):
    """The seat to decide, and in turn each other seat and the onlooker: every viewer is
    checked many times per game while a step costs two views, not n + 1."""
    others = [p for p in viewers(n) if p not in game.pending()]
    return game.pending()[:1] + [others[step % len(others)]]


@pytest.mark.parametrize("n", POISON_PLAYERS)
def test_poison5_views_during_play(poison, play, n):
    """POISON-5 (and POISON-2 for the aside hand): during play, seat p's view shows p's own
    hand and the cauldrons in full; of every other hand, every taken pile (p's own too),
    the deck and the aside hand it shows only the count. No other card id appears."""
    checked = 0

    def check(game):
        nonlocal checked
        S = game.state
        for p in some_viewers(game, n, checked):
            view = game.view(p)
            zones = view["zones"]
            for q in range(n):
                hand = zones["hand"][q]
                if q == p:
                    assert hand == {"count": len(S.zones["hand"][q]), "components": [dict(c) for c in S.zones["hand"][q]]}
                else:
                    assert hand == {"count": len(S.zones["hand"][q])}, f"seat {p} sees seat {q}'s hand"
                assert zones["taken"][q] == {"count": len(S.zones["taken"][q])}, f"seat {p} sees taken[{q}] during play"
            assert zones["deck"] == {"count": len(S.zones["deck"][0])}
            assert zones["aside"] == {"count": len(S.zones["aside"][0])}, f"seat {p} sees the aside hand"
            for k in range(3):
                assert zones["cauldron"][k]["components"] == [dict(c) for c in S.zones["cauldron"][k]]
            allowed = {c["id"] for z in S.zones["cauldron"] for c in z}
            if p is not None:
                allowed |= set(ids(S.zones["hand"][p]))
            leaked = comp_ids(view) - allowed
            assert not leaked, f"seat {p} sees cards {sorted(leaked)} (round {S.round})"
        checked += 1

    for seed in range(POISON_GAMES):
        game = play(poison, n, 500 + seed, on_step=check)
        assert game.finished
    assert checked > POISON_GAMES * 30


@pytest.mark.parametrize("n", POISON_PLAYERS)
def test_poison5_taken_piles_revealed_at_scoring(poison, play, n):
    """POISON-5: the taken piles are seen by everyone once the round is scored: after the
    last round every view shows every non-empty taken pile's cards as revealed; the aside
    hand (POISON-2) and other hands stay unseen."""
    for seed in range(6):
        game = play(poison, n, 700 + seed)
        S = game.state
        assert any(len(z) for z in S.zones["taken"])
        for p in viewers(n):
            zones = game.view(p)["zones"]
            for q in range(n):
                pile = S.zones["taken"][q]
                want = {"count": len(pile)}
                if len(pile):
                    want["revealed"] = sorted((dict(c) for c in pile), key=lambda c: c["id"])  # in id order, not the pile's
                assert zones["taken"][q] == want, f"seat {p}, taken[{q}] after scoring"
            assert zones["aside"] == {"count": len(S.zones["aside"][0])}
            if n == 3:
                assert len(S.zones["aside"][0]) == 12, "the aside hand stays aside until the game ends"


# -- POK views ------------------------------------------------------------------------------

POK_PLAYERS = [3, 4, 5, 6, 7]
POK_GAMES = 24


@pytest.mark.parametrize("n", POK_PLAYERS)
def test_pok1_views_show_only_own_hand(pok, play, n):
    """POK-1: a seat sees its own counters; of the others only how many they hold. The box
    (handed-over counters) shows only its count."""

    def check(game):
        S = game.state
        for p in viewers(n):  # POK has few decisions: every viewer at every one
            zones = game.view(p)["zones"]
            for q in range(n):
                hand = S.zones["hand"][q]
                if q == p:
                    assert zones["hand"][q] == {"count": len(hand), "components": [dict(c) for c in hand]}
                else:
                    assert zones["hand"][q] == {"count": len(hand)}, f"seat {p} sees seat {q}'s hand"
            assert zones["box"] == {"count": len(S.zones["box"][0])}
            allowed = {c["id"] for z in S.zones["shown"] for c in z}
            if p is not None:
                allowed |= set(ids(S.zones["hand"][p]))
            leaked = comp_ids(zones) - allowed
            assert not leaked, f"seat {p} sees counters {sorted(leaked)}"

    for seed in range(POK_GAMES):
        play(pok, n, 900 + seed, on_step=check)


@pytest.mark.parametrize("n", POK_PLAYERS)
def test_pok3_simultaneous_choices_stay_secret(pok, play, n):
    """POK-3: while the seats choose, a view tells who has decided (``turn.decided``) but
    never what: the views of every other seat are identical whichever counter a seat
    chose, nothing is shown yet, and the hand counts are unchanged."""
    compared = 0

    def check(game):
        nonlocal compared
        S = game.state
        turn = game.view(0)["turn"]
        assert turn["simultaneous"] is True
        assert turn["decided"] == sorted(S.flow.choices)
        assert sorted(turn["decided"] + game.pending()) == list(range(n))
        assert all(len(z) == 0 for z in S.zones["shown"])
        pending = game.pending()
        if len(pending) < 2:
            return  # the last choice resolves the step
        if (S.round + len(pending)) % 3:
            return  # branch at about a third of the moments: copies are not free
        q = pending[0]
        options = game.options(q)
        if len(options) < 2:
            return
        seen = []
        for option_index in (0, len(options) - 1):
            branch = game.copy()
            before = [len(z) for z in branch.state.zones["hand"]]
            branch.apply(q, branch.options(q)[option_index])
            assert branch.pending() == pending[1:]
            assert [len(z) for z in branch.state.zones["hand"]] == before, "a secret choice changed a hand's count"
            views = [(p, branch.view(p)) for p in viewers(n) if p != q]
            for p, v in views:
                assert v["turn"]["decided"] == sorted(set(S.flow.choices) | {q})
                assert all(z.get("components", []) == [] for z in v["zones"]["shown"])
            seen.append(json.dumps(views))
        assert seen[0] == seen[1], f"seat {q}'s secret choice shows in another seat's view"
        compared += 1

    for seed in range(POK_GAMES):
        play(pok, n, 1100 + seed, on_step=check)
    assert compared > POK_GAMES / 2


# -- records as each seat may see them ----------------------------------------------------

def hidden_spots(full, filtered, path=()) -> list:
    """Compare a full event with its filtered copy: they must be equal except where the
    filtered one says {"hidden": true} (or None for a shuffle's order). Returns the paths
    of the hidden spots."""
    if isinstance(full, dict) and isinstance(filtered, dict):
        assert full.keys() == filtered.keys(), f"{path}: keys {sorted(full)} became {sorted(filtered)}"
        pairs = [(k, full[k], filtered[k]) for k in full]
    elif isinstance(full, list) and isinstance(filtered, list):
        assert len(full) == len(filtered), f"{path}: {len(full)} items became {len(filtered)}"
        pairs = [(i, a, b) for i, (a, b) in enumerate(zip(full, filtered))]
    else:
        raise AssertionError(f"{path}: {full!r} became {filtered!r}")
    out = []
    for k, a, b in pairs:
        if a == b:
            continue
        if b == HIDDEN or (k == "order" and b is None):
            out.append(path + (k,))
        else:
            out.extend(hidden_spots(a, b, path + (k,)))
    return out


@pytest.mark.parametrize("n", POISON_PLAYERS)
def test_poison_record_for_player_hides_what_the_seat_cannot_see(poison, play, n):
    """POISON-2, POISON-5 in records: ``for_player(p)`` differs from the full record only by
    hidden parts; a shuffle's order is hidden; in a deal only p's own hand is shown (the
    aside hand never); every played card is public; and at no point does the record show
    p a card whose place p cannot know (the full record does have them all)."""
    for seed in range(8):
        game = play(poison, n, 1300 + seed, record=True)
        full = game.recorder.events
        # the full record has everything, so the checks below can fail
        deals = [e for e in full if e.get("event") == "deal"]
        assert len(deals) == n
        assert all(HIDDEN not in t["components"] and len(t["components"]) for d in deals for t in d["to"])
        assert all(isinstance(e["order"], list) and len(e["order"]) == 50 for e in full if e.get("event") == "shuffle")
        for p in viewers(n):
            mine = game.recorder.for_player(p)
            assert len(mine) == len(full)
            known: set = set()  # cards whose current place p may know
            for i, (e, f) in enumerate(zip(full, mine)):
                hidden_spots(e, f, (i,))
                kind = e.get("event")
                if kind == "shuffle":
                    assert f["order"] is None, f"seat {p} sees the shuffled order"
                    known = set()  # a shuffled deck: every card's place is unknown again
                elif kind == "deal":
                    for t_full, t_mine in zip(e["to"], f["to"]):
                        if t_full["zone"] == "hand" and t_full["index"] == p:
                            assert t_mine == t_full, f"seat {p} does not see its own hand dealt"
                            known |= {c["id"] for c in t_full["components"]}
                        else:
                            assert t_mine["components"] == [HIDDEN] * len(t_full["components"]), f"seat {p} sees {t_full['zone']}[{t_full['index']}] dealt"
                elif kind == "decision":
                    assert f == e, f"seat {p} does not see seat {e['player']}'s played card (public: POISON-5)"
                    known.add(e["args"]["card"]["id"])
                elif kind == "move" and e["to"]["zone"] == "cauldron":
                    known |= {c["id"] for c in e["components"]}
                elif kind == "reveal":
                    assert f == e, "a reveal is public"
                    known |= {c["id"] for c in e["components"]}
                leaked = comp_ids(f) - known
                assert not leaked, f"seed {1300 + seed}, seat {p}, event {i} ({kind}): cards {sorted(leaked)} shown"


@pytest.mark.parametrize("n", POK_PLAYERS)
def test_pok_record_for_player_hides_other_hands(pok, play, n):
    """POK-1, POK-3 in records: ``for_player(p)`` differs from the full record only by
    hidden parts; every seat's shown counter is public in the decision events (all reveal
    at once); no counter of another seat appears before it was shown."""
    for seed in range(15):
        game = play(pok, n, 1500 + seed, record=True)
        full = game.recorder.events
        decisions = [e for e in full if e.get("event") == "decision"]
        assert len(decisions) == n * game.state.round
        assert all(e["args"]["counter"] != HIDDEN for e in decisions)
        for p in viewers(n):
            mine = game.recorder.for_player(p)
            assert len(mine) == len(full)
            known = {c["id"] for c in game.state.components if c["owner"] == p}
            for i, (e, f) in enumerate(zip(full, mine)):
                hidden_spots(e, f, (i,))
                if e.get("event") == "decision":
                    assert f == e, f"seat {p} does not see seat {e['player']}'s shown counter"
                    known.add(e["args"]["counter"]["id"])
                leaked = comp_ids(f) - known
                assert not leaked, f"seed {1500 + seed}, seat {p}, event {i}: counters {sorted(leaked)} shown"


@pytest.mark.parametrize("n", POK_PLAYERS)
def test_pok3_decisions_recorded_only_once_all_have_chosen(pok, n):
    """POK-3: no decision event is written while some seat has still to choose, so a seat
    reading the record mid-step learns nothing of the others' choices; once all have
    chosen, the decisions are written in seat order, whatever order the seats chose in."""
    for seed in range(10):
        game = Game(pok, n, seed=1700 + seed, record=True)
        rng = random.Random(seed)
        while not game.finished:
            pending = game.pending()
            before = len(game.recorder.events)
            order = rng.sample(pending, len(pending))
            for k, p in enumerate(order):
                game.apply(p, rng.choice(game.options(p)))
                if k < len(pending) - 1:
                    assert len(game.recorder.events) == before, "an event was recorded before everyone chose"
            new = game.recorder.events[before:]
            assert [e["player"] for e in new if e.get("event") == "decision"] == pending


# -- visible: others (a hand everyone sees but its owner) -------------------------------------

OTHERS_SEE = str(Path(__file__).parent / "data" / "others_see.yaml")


@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_hand_visible_to_others_is_seen_by_every_seat_but_its_owner(n):
    from philtre.dsl import load_ruleset

    game = Game(load_ruleset(OTHERS_SEE), n, seed=n, record=True)
    rng = random.Random(n)
    while not game.finished:
        hands = game.state.zones["hand"]
        for viewer in viewers(n):
            shown = game.view(viewer)["zones"]["hand"]
            for seat, hand in enumerate(hands):
                seen = viewer is not None and viewer != seat
                assert ("components" in shown[seat]) is seen
                assert shown[seat]["count"] == len(hand)
                if seen:
                    assert [c["id"] for c in shown[seat]["components"]] == ids(hand)
        for seat in game.pending():
            options = game.options(seat)
            game.apply(seat, options[rng.randrange(len(options))])
    # each seat's record names the cards dealt to the others, never those dealt to itself
    full = game.recorder.events
    for viewer in range(n):
        mine = game.recorder.for_player(viewer)
        deal = next(i for i, e in enumerate(full) if e.get("event") == "deal")
        for to_full, to_mine in zip(full[deal]["to"], mine[deal]["to"]):
            own = to_full["index"] == viewer
            assert all((c == HIDDEN) is own for c in to_mine["components"])
            assert not own or not comp_ids(to_mine)


def test_a_sample_keeps_the_hands_a_seat_sees_and_guesses_its_own():
    from philtre.dsl import load_ruleset
    from philtre.interpreter.determinize import determinize

    game = Game(load_ruleset(OTHERS_SEE), 3, seed=5)
    changed = False
    for seed in range(20):
        sample = determinize(game, 0, random.Random(seed))
        assert ids(sample.state.zones["hand"][1]) == ids(game.state.zones["hand"][1])
        assert ids(sample.state.zones["hand"][2]) == ids(game.state.zones["hand"][2])
        changed |= ids(sample.state.zones["hand"][0]) != ids(game.state.zones["hand"][0])
    assert changed, "seat 0 cannot see its own hand: samples must guess it"


def test_others_needs_a_per_player_zone(tmp_path):
    from philtre.dsl.validate import check_file

    text = open(OTHERS_SEE, encoding="utf-8").read().replace("played: {}", "played: {visible: others}")
    path = tmp_path / "ruleset.yaml"
    path.write_text(text, encoding="utf-8")
    found = [f.diagnostic for f in check_file(str(path)).findings]
    assert [(d.code, d.message) for d in found] == [("R008", "'visible: others' needs a per-player zone (each: player) or a per-team one (each: team): 'played' has no owner")]


def test_choosing_a_card_of_ones_own_unseen_hand_is_l008_with_the_position_to_choose_instead(tmp_path):
    from philtre.dsl.validate import check_file

    text = open(OTHERS_SEE, encoding="utf-8").read().replace('choose: {slot: "range(count(hand[me]))"}', 'choose: {card: "hand[me]"}')
    text = text.replace("move: hand[me][slot] -> played", "move: card -> played")
    path = tmp_path / "ruleset.yaml"
    path.write_text(text, encoding="utf-8")
    [found] = [f.diagnostic for f in check_file(str(path)).findings]
    assert found.code == "L008" and "its owner does not see" in found.message
    assert found.hint == 'choose a position instead, as a player picks an unseen card: {slot: "range(count(hand[me]))"}'


def test_a_sample_does_not_keep_where_a_revealed_card_lies_in_a_hand_its_owner_does_not_see():
    """Two games whose seat-0 hands differ only in an order seat 0 cannot see, one card of it
    revealed: seat 0's view and record are the same, so are its samples (the revealed card is
    in its hand, at a slot the seat does not know)."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter.determinize import InfoSet

    ruleset = load_ruleset(OTHERS_SEE)

    def hinted(order):
        game = Game(ruleset, 2, seed=3, record=True)
        hand = game.state.zones["hand"][0]
        hand[:] = [hand[i] for i in order]
        game.state.revealed.add(hand[0]["id"])  # as `reveal` marks it (its record event says no place)
        return game

    a, b = hinted([0, 1, 2]), hinted([1, 2, 0])
    a.state.revealed = b.state.revealed = a.state.revealed | b.state.revealed
    assert a.view(0) == b.view(0) and a.recorder.for_player(0) == b.recorder.for_player(0)
    for seed in range(10):
        left, right = (InfoSet(g, 0).sample(random.Random(seed)) for g in (a, b))
        assert ids(left.state.zones["hand"][0]) == ids(right.state.zones["hand"][0])
        assert a.state.revealed <= set(ids(left.state.zones["hand"][0]))


@pytest.mark.parametrize("seat", [2, -1, 99, True, 0.0, "0"])
def test_a_view_of_a_seat_the_game_does_not_have_is_refused(seat):
    """Seat 2 of a 2-player game would be 'another seat' of both hands held facing out, and see them all."""
    from philtre.dsl import load_ruleset
    from philtre.dsl.errors import PhiltreError

    game = Game(load_ruleset(OTHERS_SEE), 2, seed=1)
    with pytest.raises(PhiltreError, match="D004"):
        game.view(seat)
    assert "components" not in game.view(0)["zones"]["hand"][0] and "components" not in game.view(None)["zones"]["hand"][1]


@pytest.mark.parametrize("seat", [2, -1, 99, "0", None])
def test_the_options_of_a_seat_the_game_does_not_have_are_refused(seat):
    """Not [], which says 'nothing to decide now' of a seat: the caller has the wrong seat."""
    from philtre.dsl import load_ruleset
    from philtre.dsl.errors import PhiltreError

    game = Game(load_ruleset(OTHERS_SEE), 2, seed=1)
    with pytest.raises(PhiltreError, match="D004 no seat .*: options are listed for a seat 0..1"):
        game.options(seat)
    assert [game.options(p) for p in (0, 1)].count([]) == 2 - len(game.pending())


@pytest.mark.parametrize("seed", ["x", None, 1.5, True])
def test_a_game_seed_that_is_no_whole_number_is_refused(seed):
    """The record keeps the seed as a whole number, and a game must be playable again from it."""
    from philtre.dsl import load_ruleset
    from philtre.dsl.errors import PhiltreError

    with pytest.raises(PhiltreError, match="D005"):
        Game(load_ruleset(OTHERS_SEE), 2, seed=seed)
    assert Game(load_ruleset(OTHERS_SEE), 2, seed=7).seed == 7


HIDDEN_DIE = """\
game: hidden-die
players: 2..4
{recipe}
actions:
  guess:
    choose: {{pips: "range(1, 7)"}}
    do:
      - score: {{player: me, add: 1}}
        when: pips in shows(left(me))
"""


@pytest.mark.parametrize("n", [2, 4])
def test_the_hidden_dice_of_language_md_are_seen_by_their_owner_alone_in_views_and_records(n, tmp_path):
    """language.md's recipe for dice only their owner sees (dice are public): each seat sees the faces its own dice show
    and no other, in its view and its record; the others see how many dice it has. The recipe before kept a die's six
    faces in one zone seen by its owner, so the owner saw all six (not the one shown) and a reveal showed all six too."""
    from philtre.dsl import load_ruleset

    doc = (Path(__file__).resolve().parents[1] / "docs" / "language.md").read_text(encoding="utf-8")
    recipe = re.search(r"A die only its owner sees.*?```yaml\n(.*?)```", doc, re.S).group(1)
    recipe += "  - simultaneous: guess\n"                 # the recipe's flow rolls; then everyone guesses a neighbour's die
    path = tmp_path / "ruleset.yaml"
    path.write_text(HIDDEN_DIE.format(recipe=recipe), encoding="utf-8")
    game = Game(load_ruleset(str(path)), n, seed=n, record=True)
    cups = game.state.zones["cup"]
    for seat, cup in enumerate(cups):
        assert sorted(c["die"] for c in cup) == [1, 2, 3, 4, 5]  # one face up per die
    for viewer in viewers(n):
        view = game.view(viewer)
        shown = view["zones"]["cup"]
        for seat, cup in enumerate(cups):
            assert ("components" in shown[seat]) is (viewer == seat)
            assert shown[seat]["count"] == 5
            if viewer == seat:
                assert [c["id"] for c in shown[seat]["components"]] == ids(cup)  # the faces shown, and only they
        assert all("components" not in z for z in view["zones"]["sides"])
    # the roll tells each seat the faces its own dice show, and nothing of the others' but how many
    for viewer in range(n):
        moved = [e for e in game.recorder.for_player(viewer) if e.get("event") == "move" and e["to"]["zone"] == "cup"]
        for seat, cup in enumerate(cups):
            [told] = [e["components"] for e in moved if e["to"]["index"] == seat]
            assert [c.get("id") for c in told] == (ids(cup) if seat == viewer else [None] * 5), (viewer, seat)
    rng = random.Random(n)
    for seat in game.pending():
        game.apply(seat, rng.choice(game.options(seat)))
    assert game.finished


SHUFFLED_BACK = """\
game: shuffled-back
players: 2
components:
  card: {attributes: {rank: 1..5}, start: deck}
zones:
  deck: {visible: nobody}
  table: {}
actions:
  go: {}
flow:
  - reveal: last(deck)
  - decide: go
    player: 0
  - shuffle: deck
  - decide: go
    player: 0
  - move: deck -> table
  - move: table -> deck
  - decide: go
    player: 0
"""


def test_a_revealed_card_shuffled_back_stays_revealed_until_it_moves_as_language_md_says(tmp_path):
    """language.md: a shuffle does not end a reveal (the card is known to lie in the deck, not where); a move does."""
    from philtre.dsl import load_ruleset

    path = tmp_path / "ruleset.yaml"
    path.write_text(SHUFFLED_BACK, encoding="utf-8")
    game = Game(load_ruleset(str(path)), 2, seed=1)
    top = game.state.zones["deck"][0][-1]["id"]
    seen = []
    while not game.finished:
        seen.append([c["id"] for c in game.view(1)["zones"]["deck"].get("revealed", [])])
        game.apply(0, game.options(0)[0])
    assert seen == [[top], [top], []]
