"""Determinization: samples a search agent plays on are consistent with what its seat may know,
guess everything else, and never depend on what the seat cannot see.

Every check compares a sample with the true game it came from: the seat's view of the
sample is the seat's view of the game; hidden zones keep their counts; a component the
seat saw go face down stays where it went; the same sampler seed gives the same sample
whatever the hidden contents and the other seats' secret choices are.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from philtre.dsl import load_ruleset
from philtre.interpreter import Game
from philtre.interpreter.determinize import InfoSet, _match, _redeal, backs, determinize, fork, hidden_slots
from philtre.interpreter.knowledge import Knowledge, remembered

LIARS_DICE = str(Path(__file__).resolve().parents[1] / "examples" / "liars-dice")  # hidden dice, faces with a back
HIDDEN_SUPPLY = str(Path(__file__).resolve().parent / "data" / "hidden_supply.yaml")  # 144 face-down spares, hidden hands
CASES = [("poison", ()), ("pok", ()), ("poisons", ()), ("poisons", ("advanced",)), (LIARS_DICE, ()), (HIDDEN_SUPPLY, ())]
SEEDS = range(3)


@pytest.fixture(scope="module")
def rulesets():
    """Each shipped case compiled once."""
    return {case: load_ruleset(*case) for case in CASES}


def decision_points(ruleset, players, seed, every=7):
    """Yield (game, seat) at every ``every``-th single decision of a recorded random game."""
    game = Game(ruleset, players, seed=seed, record=True)
    rng = random.Random(seed)
    step = 0
    while not game.finished:
        for seat in game.pending():
            if step % every == 0:
                yield game, seat
            step += 1
            options = game.options(seat)
            game.apply(seat, options[rng.randrange(len(options))])


def without_secrets(view) -> dict:
    """A view without who has already chosen in a simultaneous step (a sample drops those choices)."""
    out = dict(view)
    if out.get("turn"):
        out["turn"] = {k: v for k, v in out["turn"].items() if k != "decided"}
    return out


def zone_ids(game) -> dict:
    """Every zone's component ids, in order."""
    return {(name, i): [c["id"] for c in z] for name, family in game.state.zones.items() for i, z in enumerate(family)}


@pytest.mark.parametrize("case", CASES, ids=lambda c: "+".join((Path(c[0]).name,) + c[1]))
def test_a_sample_looks_the_same_to_the_seat(rulesets, case):
    """The seat's view of a sample is its view of the game (apart from others' secret choices,
    which the sample drops); every zone keeps its count; the sample is internally consistent."""
    checked = 0
    for seed in SEEDS:
        for game, seat in decision_points(rulesets[case], 4, seed):
            sample = InfoSet(game, seat).sample(random.Random(checked))
            assert without_secrets(sample.view(seat)) == without_secrets(game.view(seat))
            assert sample.view(seat)["turn"]["decided"] in ([], [seat])
            truth, guess = zone_ids(game), zone_ids(sample)
            assert {k: len(v) for k, v in truth.items()} == {k: len(v) for k, v in guess.items()}
            assert sorted(sum(guess.values(), [])) == sorted(sum(truth.values(), []))
            for key, ids in guess.items():
                assert all(sample.state.where[cid] == key for cid in ids)
            assert sample.pending() and seat in sample.pending()
            checked += 1
    assert checked > 10


@pytest.mark.parametrize("case", CASES, ids=lambda c: "+".join((Path(c[0]).name,) + c[1]))
def test_visible_components_never_move_and_revealed_ones_keep_their_zone(rulesets, case):
    """A component in a zone the seat sees lies at the same place in every sample; a revealed one in the same zone."""
    for seed in SEEDS:
        for game, seat in decision_points(rulesets[case], 4, seed, every=11):
            hidden = {(z.key, i) for z, i in hidden_slots(game, seat)}
            sample = determinize(game, seat, random.Random(seed))
            for key, ids in zone_ids(game).items():
                theirs = zone_ids(sample)[key]
                for i, cid in enumerate(ids):
                    if (key, i) not in hidden:
                        assert theirs[i] == cid, f"seat {seat} sees {key}[{i}] but the sample moved it"
                    elif cid in game.state.revealed:
                        assert cid in theirs, f"seat {seat} sees {cid} revealed in {key} but the sample moved it out"


def test_samples_guess_the_hidden_cards(rulesets):
    """Poison: others' hands differ from sample to sample (the truth is not handed over), and the
    sampled game's future chance is not the game's own."""
    game, seat = next(decision_points(rulesets[("poison", ())], 4, seed=1))
    info = InfoSet(game, seat)
    others = [q for q in range(4) if q != seat]
    hands = {tuple(tuple(sorted(c["id"] for c in info.sample(random.Random(s)).state.zones["hand"][q])) for q in others)
             for s in range(5)}
    assert len(hands) == 5
    a, b = info.sample(random.Random(1)), info.sample(random.Random(2))
    assert a.state.flow.rng.getstate() != b.state.flow.rng.getstate()
    assert a.state.flow.rng.getstate() != game.state.flow.rng.getstate()


def test_permuting_the_hidden_contents_gives_the_same_sample(rulesets):
    """No peeking: two games that differ only in what the seat cannot see (the hidden components
    dealt differently, within what it knows) give the same sample for the same sampler seed."""
    for case in CASES:
        for game, seat in decision_points(rulesets[case], 4, seed=2, every=13):
            known = InfoSet(game, seat).knowledge
            other = fork(game)
            _redeal(other.state, hidden_slots(other, seat), random.Random(99), known, backs(game.ruleset))  # backs are public
            a = determinize(game, seat, random.Random(5), known)
            b = determinize(other, seat, random.Random(5), known)
            assert zone_ids(a) == zone_ids(b), case


def test_other_seats_secret_choices_do_not_change_the_sample(rulesets):
    """POK-3: a seat's sample is the same whatever the seats before it chose in secret."""
    pok = rulesets[("pok", ())]
    for seed in range(5):
        game = Game(pok, 4, seed=seed, record=True)
        first, second = game.copy(), game.copy()
        options = game.options(0)
        first.apply(0, options[0])
        second.apply(0, options[-1])
        a = determinize(first, 1, random.Random(3))
        b = determinize(second, 1, random.Random(3))
        assert zone_ids(a) == zone_ids(b)
        assert a.pending() == b.pending() == [0, 1, 2, 3]


@pytest.mark.parametrize("case", CASES, ids=lambda c: "+".join((Path(c[0]).name,) + c[1]))
def test_knowledge_always_holds_the_truth(rulesets, case):
    """What a seat remembers is sound: every component's true zone is among those it may lie in."""
    for seed in SEEDS:
        for game, seat in decision_points(rulesets[case], 4, seed, every=5):
            known = Knowledge.from_record(game.ruleset, 4, game.recorder.for_player(seat))
            for cid, key in enumerate(game.state.where):
                assert key in known.where[cid], f"seat {seat} rules out the true place of component {cid}"


@pytest.mark.parametrize("case", CASES, ids=lambda c: "+".join((Path(c[0]).name,) + c[1]))
def test_a_seats_memory_brought_up_to_date_is_its_whole_record_read_again(rulesets, case):
    """knowledge.remembered, which reads only the events recorded since the seat last asked (a search agent asks at each
    of its decisions), knows what reading the seat's whole filtered record again knows, at every decision and for every
    seat, asked now and then or at every decision; and each answer is the caller's own (changing it changes no other)."""
    for seed in SEEDS:
        for game, seat in decision_points(rulesets[case], 4, seed, every=1 + seed * 3):
            for asked in {seat, (seat + seed) % 4}:
                whole = Knowledge.from_record(game.ruleset, 4, game.recorder.for_player(asked))
                known = remembered(game, asked)
                assert (known.where, known.counts) == (whole.where, whole.counts), (seed, asked, len(game.recorder.events))
                known.where[0], known.counts[None] = frozenset(), 99  # (the caller's copy: the kept memory unchanged)
                assert remembered(game, asked).where == whole.where and None not in remembered(game, asked).counts


def test_a_seat_remembers_what_it_saw_go_face_down(rulesets):
    """Poison (POISON-5): the cards of a cauldron taken face down are unseen, but everyone saw
    them in the cauldron: every sample keeps each taken pile exactly as it is."""
    seen = 0
    for game, seat in decision_points(rulesets[("poison", ())], 4, seed=4, every=3):
        taken = [sorted(c["id"] for c in z) for z in game.state.zones["taken"]]
        sample = InfoSet(game, seat).sample(random.Random(seen))
        assert [sorted(c["id"] for c in z) for z in sample.state.zones["taken"]] == taken
        seen += any(taken)
    assert seen


def test_without_a_record_a_sample_still_matches_the_view(rulesets):
    """A game played without a record gives samples from the view alone (weaker, still consistent)."""
    game = Game(rulesets[("poison", ())], 4, seed=3)
    info = InfoSet(game, 0)
    assert info.knowledge is None
    sample = info.sample(random.Random(0))
    assert without_secrets(sample.view(0)) == without_secrets(game.view(0))


LOOP_OVER_ZONES = """
game: loop-over-zones
players: 2
components:
  card: {attributes: {v: [1, 2, 3, 4]}, start: pile}
zones:
  pile: {copies: 2}
  out:
actions:
  wait:
    description: nothing happens
flow:
  - for: z in pile
    do:
      - decide: wait
        player: 0
      - move: z -> out
"""


def test_a_fork_refers_to_its_own_zones(tmp_path):
    """A loop over zones around a decision: in a fork, the loop's zone is the fork's, so what the
    fork does after the decision happens to the fork's components, never to the game's."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(LOOP_OVER_ZONES, encoding="utf-8")
    game = Game(load_ruleset(str(path)), 2)
    copy = fork(game)
    z = copy.state.flow.stack[-1][3]["z"]
    assert z is copy.state.zones["pile"][0]
    copy.state.zones["pile"][0].pop()  # the fork's pile now differs from the game's
    copy.apply(0, copy.options(0)[0])
    assert [c["v"] for c in copy.state.zones["out"][0]] == [1, 2, 3]
    assert len(game.state.zones["pile"][0]) == 4 and not game.state.zones["out"][0]


SECRETS = """\
philtre: 1
game: secrets
players: 3
components:
  chip: {copies: 3, start: pool}
zones:
  pool: {visible: everyone}
variables:
  public: 0
  bid: {initial: 0, each: player, visible: owner}
  pot: {initial: [], visible: nobody}
actions:
  wait:
    do:
      - set: {public: public + 1}
flow:
  - set: {"bid[0]": 4, "bid[1]": 5, "bid[2]": 6, pot: "[1, 2]", public: 3}
  - turns: 0
    until: public >= 9
    do:
      - decide: wait
winners: {highest: "score[p]"}
"""


def test_a_sample_knows_no_hidden_variable(tmp_path):
    """Other seats' `visible: owner` values and `visible: nobody` ones are the declared initial
    values in a sample, whatever their true values; the seat's own value and public ones are kept. The set-up's `set`
    of constants (public inputs) is not used either: docs/agents.md says so (No Thanks' chips set from the player count)."""
    path = tmp_path / "secrets.yaml"
    path.write_text(SECRETS, encoding="utf-8")
    game = Game(load_ruleset(str(path)), 3, seed=1)
    sample = determinize(game, 1, random.Random(5))
    assert sample.state.vars == {"public": 3, "bid": [0, 5, 0], "pot": []}
    other = game.copy()
    other.state.vars["bid"] = [9, 5, 1]
    other.state.vars["pot"] = [7]
    assert determinize(other, 1, random.Random(5)).state.vars == sample.state.vars
    assert game.state.vars == {"public": 3, "bid": [4, 5, 6], "pot": [1, 2]}, "the true game is untouched"


def test_a_name_in_the_flow_holds_the_sampled_component_not_the_hidden_one():
    """A `let` (or loop variable) holding a face-down component names, in a sample, the one dealt to its place."""
    from pathlib import Path

    ruleset = load_ruleset(str(Path(__file__).parent / "data" / "let_hidden.yaml"))
    game = Game(ruleset, 2, seed=3, record=True)
    true_top = game.state.flow.stack[-1][3]["top"]
    info, rng = InfoSet(game, 0), random.Random(1)
    ranks = set()
    for _ in range(20):
        sample = info.sample(rng)
        top = sample.state.flow.stack[-1][3]["top"]
        assert top is sample.state.zones["deck"][0][-1]  # still the top of the deck, as the seat knows
        assert sample.state.flow.pending.locals["top"] is top
        ranks.add(top["rank"])
    assert ranks != {true_top["rank"]}  # guessed, not the true card


LET_RANK = """\
philtre: 1
game: guess-rank
players: 2
components:
  card: {attributes: {rank: [1, 2, 3, 4, 5, 6]}, start: deck}
zones:
  deck: {visible: nobody}
variables:
  said: {each: player, initial: 0}
define:
  top_rank: last(deck).rank
actions:
  guess:
    choose: {r: "[1, 2, 3, 4, 5, 6]"}
    do:
      - set: {"said[me]": r}
flow:
  - shuffle: deck
  - let: {top: "last(deck).rank", also: top_rank, public: "count(deck)"}
  - decide: guess
    player: 0
  - when: "said[0] == top"
    score: {player: 0, add: 1}
winners: {highest: "score[p]"}
"""


def test_a_name_in_the_flow_holding_a_value_read_from_a_hidden_card_is_guessed_in_a_sample(tmp_path):
    """`let: {top: "last(deck).rank"}` holds no component to rename: a sample computes it again from its own deck."""
    path = tmp_path / "r.yaml"
    path.write_text(LET_RANK, encoding="utf-8")
    ruleset = load_ruleset(str(path))
    tops = set()
    samples = []
    for seed in range(6):  # the same public position, the deck in other orders
        game = Game(ruleset, 2, seed=seed, record=True)
        sample = InfoSet(game, 0).sample(random.Random(1))
        names = sample.state.flow.stack[-1][3]
        deck = sample.state.zones["deck"][0]
        assert names["top"] == names["also"] == deck[-1]["rank"], "the name agrees with the sampled deck"
        assert names["public"] == 6 and sample.state.flow.pending.locals["top"] == names["top"]
        tops.add(game.state.flow.stack[-1][3]["top"])
        samples.append((names["top"], [c["id"] for c in deck]))
    assert len(tops) > 1 and len(set(map(str, samples))) == 1, "the sample is the same whatever the true deck"


LET_STALE = """\
philtre: 1
game: stale-let
players: 2
step_limit: 5000
components:
  card: {attributes: {v: [1, 2, 3, 4, 5, 6, 7, 8]}, start: deck}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
  table: {}
variables:
  k: 0
actions:
  pass:
    do:
      - set: {k: k + 1}
  wait:
    do:
      - set: {k: k + 1}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, count: 2}
  - let: {n: "count(hand[0])"}
  - move: hand[0] -> table
  - turns: 0
    until: k >= 4 and k == n * 2
    do:
      - decide: [pass, wait]
winners: {highest: "score[p]"}
"""


def test_a_let_whose_position_changed_since_keeps_its_value_in_a_sample(tmp_path):
    """`let: {n: "count(hand[0])"}`, then the hand is played out: computed again, n was 0 in every sample, where
    the rules counted on 2; the loop waiting for k == 2n never ended there (R200), every ismcts iteration
    failed, and the agent stopped a sound game with R200."""
    path = tmp_path / "r.yaml"
    path.write_text(LET_STALE, encoding="utf-8")
    ruleset = load_ruleset(str(path))
    game = Game(ruleset, 2, seed=3, record=True)
    sample = InfoSet(game, 0).sample(random.Random(1))
    assert sample.state.flow.stack[0][3]["n"] == 2
    rng = random.Random(2)
    while not sample.finished:  # the sample plays out as the game does
        seat = sample.pending()[0]
        options = sample.options(seat)
        sample.apply(seat, options[rng.randrange(len(options))])


LET_TOSSED = """\
philtre: 1
game: let-then-toss
players: 2
components:
  card: {attributes: {rank: [1, 2, 3, 4, 5, 6]}, start: deck}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
  pile: {visible: nobody}
variables:
  said: -1
actions:
  toss:
    choose: {card: "hand[me]"}
    do:
      - move: card -> pile
  guess:
    choose: {n: "[0, 1, 2]"}
    do:
      - set: {said: n}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, count: 2}
  - let: {hi: "count([c for c in hand[1] if c.rank >= 4])"}
  - decide: toss
    player: 1
  - decide: guess
    player: 0
  - score: {player: 0, add: 1}
    when: said == hi
winners: {highest: "score[p]"}
"""


def test_whether_a_sample_computes_a_let_again_does_not_follow_the_hidden_cards(tmp_path):
    """Seat 1 holds a 2 and a 6 and tosses one face down; seat 0 sees the same either way. Whether its samples
    computed `hi` again was decided by computing it on the true position: after the 2 was tossed it gave the same
    value (so guessed), after the 6 another (so the true value kept), and seat 0's greedy and ismcts guessed right
    every time after the 6 only."""
    path = tmp_path / "r.yaml"
    path.write_text(LET_TOSSED, encoding="utf-8")
    ruleset = load_ruleset(str(path))
    seed = next(s for s in range(100) if sorted(c["rank"] for c in Game(ruleset, 2, seed=s).state.zone(("hand", 1)))
                in ([2, 6], [1, 5], [3, 4], [1, 6]))
    games = []
    for toss in (0, 1):
        game = Game(ruleset, 2, seed=seed, record=True)
        game.apply(1, game.options(1)[toss])
        games.append(game)
    assert games[0].view(0) == games[1].view(0)
    for rng_seed in range(5):
        names = [InfoSet(g, 0).sample(random.Random(rng_seed)).state.flow.stack[-1][3]["hi"] for g in games]
        assert names[0] == names[1]


def test_a_sample_keeps_each_component_under_its_declared_back(rulesets):
    """Liar's Dice: a cup holds one face of each die the seat has (`back: [die]`); samples put two faces of one die in
    93% of the other seats' cups, as if a die could show two faces."""
    checked = 0
    for seed in SEEDS:
        for game, seat in decision_points(rulesets[(LIARS_DICE, ())], 4, seed, every=3):
            for k in range(3):
                sample = InfoSet(game, seat).sample(random.Random(k))
                for q in range(4):
                    truth = sorted(c["die"] for c in game.state.zones["cup"][q])
                    guess = sorted(c["die"] for c in sample.state.zones["cup"][q])
                    assert guess == truth, (seed, seat, q)
                    checked += q != seat
    assert checked > 100
    game, seat = next(decision_points(rulesets[(LIARS_DICE, ())], 4, seed=0))
    guesses = {tuple(c["pips"] for c in InfoSet(game, seat).sample(random.Random(k)).state.zones["cup"][left]) for k in range(6)
               for left in [(seat + 1) % 4]}
    assert len(guesses) > 1  # the faces up are guessed, not handed over


def _kuhn(candidates, order) -> list:
    """The matching of Kuhn's augmenting paths written as a recursion, slots placed in ``order``: each slot's component."""
    holder = {}

    def place(slot, seen):
        for cid in candidates[slot]:
            if cid in seen:
                continue
            seen.add(cid)
            if cid not in holder or place(holder[cid], seen):
                holder[cid] = slot
                return True
        return False
    for slot in order:
        assert place(slot, set())
    dealt = [None] * len(candidates)
    for cid, slot in holder.items():
        dealt[slot] = cid
    return dealt


def _drawn_kuhn(slots, allowed, t) -> list:
    """The recursion's matching from the draws _match makes with random.Random(t): the slots' order, then each zone's
    candidates (components 0..n-1)."""
    drawn = random.Random(t)
    order = list(range(len(slots)))
    drawn.shuffle(order)
    candidates = {}
    for key in dict.fromkeys(zone.key for zone, _ in slots):
        candidates[key] = [cid for cid in range(len(slots)) if key in allowed[cid]]
        drawn.shuffle(candidates[key])
    return _kuhn([candidates[zone.key] for zone, _ in slots], order)


class _Slot:
    """A zone as _match reads it: its key."""
    def __init__(self, key):
        self.key = key


def test_a_samples_matching_is_the_matching_of_the_recursive_augmenting_paths():
    """determinize._match, written as a loop: on random slots and components (each allowed in its true slot's zone and
    maybe others), the matching the recursion finds from the same draws, component for component."""
    for t in range(1500):
        r = random.Random(t)
        n, zones = r.randint(1, 25), r.randint(1, 5)
        slots = [(_Slot(("z", r.randrange(zones))), None) for _ in range(n)]
        truth = list(range(n))
        r.shuffle(truth)  # (component truth[i] lies in slot i)
        allowed = {cid: frozenset({slots[i][0].key} | {("z", r.randrange(zones)) for _ in range(r.randint(0, 2))})
                   for i, cid in enumerate(truth)}
        assert _match(slots, list(range(n)), allowed, random.Random(t)) == _drawn_kuhn(slots, allowed, t), t


def test_a_zone_only_its_own_components_may_fill_is_matched_as_the_augmenting_paths_match_it():
    """determinize._match writes at once the matching of a zone whose candidates may go to no other zone (a face-down
    supply of spares): the same, component for component, as the recursion's, beside zones that share candidates,
    and for zones of hundreds of slots (where the recursion took seconds)."""
    for t in range(400):
        r = random.Random(t)
        n, zones = (r.randint(1, 40), r.randint(1, 5)) if t % 20 else (r.randint(200, 400), r.randint(1, 3))
        closed = {("z", z) for z in range(zones) if r.random() < 0.5}
        slots = [(_Slot(("z", r.randrange(zones))), None) for _ in range(n)]
        truth = list(range(n))
        r.shuffle(truth)
        allowed = {}
        for i, cid in enumerate(truth):
            home = slots[i][0].key
            more = set() if home in closed else {("z", r.randrange(zones)) for _ in range(r.randint(0, 2))} - closed
            allowed[cid] = frozenset({home} | more)
        assert _match(slots, list(range(n)), allowed, random.Random(t)) == _drawn_kuhn(slots, allowed, t), t


def test_a_large_face_down_supply_keeps_its_components_in_an_order_guessed_from_the_set():
    """A supply that only its own components may fill (none was seen to leave it but face up): every sample holds there
    the components the seat knows lie there, in an order of its own (the true one is hidden), and the hidden hands
    beside it are guessed as ever."""
    ruleset = load_ruleset(HIDDEN_SUPPLY)
    checked = 0
    for game, seat in decision_points(ruleset, 3, seed=4, every=2):
        info = InfoSet(game, seat)
        truth = [c["id"] for c in game.state.zones["supply"][0]]
        supplies, hands = set(), set()
        for k in range(4):
            sample = info.sample(random.Random(k))
            supply = [c["id"] for c in sample.state.zones["supply"][0]]
            assert sorted(supply) == sorted(truth)
            supplies.add(tuple(supply))
            hands.add(tuple(c["id"] for q in range(3) if q != seat for c in sample.state.zones["private"][q]))
        assert len(supplies) == 4 and tuple(truth) not in supplies
        checked += len(hands) > 1
    assert checked > 3


def test_a_back_is_kept_where_the_copies_are_an_expression(tmp_path):
    """`copies: 2 if rank == 1 else 1` rebuilt the type with its copies compiled and dropped its `back: [age]`: samples
    then guessed cards of any age into a face-down place whose backs every seat sees."""
    (tmp_path / "ruleset.yaml").write_text(
        "game: backs\nplayers: 2\ncomponents:\n  card:\n    attributes: {age: [1, 2], rank: [1, 2, 3]}\n"
        "    copies: 2 if rank == 1 else 1\n    back: [age]\n    start: deck\nzones:\n  deck: {visible: nobody}\n"
        "flow:\n  - shuffle: deck\n", encoding="utf-8")
    assert backs(load_ruleset(str(tmp_path / "ruleset.yaml"))) == {"card": ("age",)}
