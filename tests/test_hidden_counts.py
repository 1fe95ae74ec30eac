"""A zone whose count a seat may not see (`count: owner`, `count: nobody`) keeps its count from that seat everywhere
the seat looks: its view, its filtered record, what its memory makes of that record, and the samples a search agent
plays on. Before, the view hid the count but the record showed one placeholder per component moved, and a sample
kept the true count.
"""

from __future__ import annotations

import random

import pytest

from philtre.dsl import load_ruleset
from philtre.interpreter import Game
from philtre.interpreter.determinize import InfoSet, determinize, fork
from philtre.interpreter.knowledge import remembered
from philtre.interpreter.records import UNCOUNTED

# Seat 0 stashes its high cards in its vault, whose count seat 1 may not see; seat 1 then decides, and its agent
# searches. The deck's count is everyone's; a hand's is its owner's.
STASH = """\
philtre: 1
game: stash
players: 2
components:
  card:
    attributes: {rank: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]}
    start: deck
zones:
  deck:    {visible: nobody}
  hand:    {each: player, visible: owner, count: owner}
  vault:   {each: player, visible: owner, count: VAULT}
  pile:    {visible: nobody}
actions:
  stash:
    do:
      - move: "[c for c in hand[me] if c.rank > 6] -> vault[me]"
  play:
    choose: {card: "hand[me]"}
    do:
      - move: "card -> pile"
      - score: {player: me, add: "card.rank"}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, count: 4}
  - decide: stash
    player: 0
  - repeat: 2
    do:
      - for: p in players
        do:
          - decide: play
            player: p
winners: {highest: "score[p]"}
"""


def stash(tmp_path, vault="nobody"):
    """The stash game, its vault's count seen by ``vault`` (nobody, owner or everyone)."""
    path = tmp_path / f"stash-{vault}.yaml"
    path.write_text(STASH.replace("VAULT", vault), encoding="utf-8")
    return load_ruleset(str(path))


def stashed(ruleset, seed):
    """A recorded game of ``ruleset`` after seat 0's stash and first play, seat 1 to play."""
    game = Game(ruleset, 2, seed=seed, record=True)
    while game.pending() != [1]:
        game.apply(0, game.options(0)[0])
    return game


def moves(events) -> list:
    """The moves into a vault (a list moved: a gather event, where a count is hidden)."""
    return [e for e in events if e.get("event") in ("move", "gather") and e["to"]["zone"] == "vault"]


def moved(event) -> list:
    """The components a move or a gather lists (a gather's from each of its sources in turn)."""
    if event["event"] == "move":
        return event["components"]
    return [c for source in event["from"] for c in source["components"]]


def unsourced(components) -> list:
    """A gather's sources as a seat reads them that can count none of them: one hidden source."""
    return [{"hidden": True, "components": components}]


def high_cards(game, seat) -> int:
    return sum(c["rank"] > 6 for c in game.state.zones["hand"][seat])


def seeds_stashing(ruleset, counts) -> dict:
    """A seed for each number of cards seat 0 stashes."""
    found = {}
    for seed in range(200):
        n = high_cards(Game(ruleset, 2, seed=seed), 0)
        if n in counts:
            found.setdefault(n, seed)
    assert set(found) == set(counts)
    return found


@pytest.mark.parametrize("vault", ["nobody", "owner"])
def test_a_seats_record_does_not_say_how_many_went_into_a_zone_it_cannot_count(tmp_path, vault):
    """Seat 1 and an onlooker read the same move whether seat 0 stashed 1, 2 or 3 cards; seat 0 reads its cards."""
    ruleset = stash(tmp_path, vault)
    for n, seed in seeds_stashing(ruleset, {1, 2, 3}).items():
        game = stashed(ruleset, seed)
        [full] = moves(game.recorder.events)
        assert len(moved(full)) == n
        for seat in (1, None):
            [told] = moves(game.recorder.for_player(seat))
            assert told["from"] == unsourced([UNCOUNTED]), (n, seat)
        [own] = moves(game.recorder.for_player(0))
        assert own == full


def test_a_move_into_a_zone_everyone_counts_keeps_one_placeholder_a_component(tmp_path):
    ruleset = stash(tmp_path, "everyone")
    seed = seeds_stashing(ruleset, {3})[3]
    [told] = moves(stashed(ruleset, seed).recorder.for_player(1))
    assert told["from"] == unsourced([{"hidden": True}] * 3)


def test_a_deal_says_how_many_only_to_the_seats_that_count_a_zone_it_touches(tmp_path):
    """A deal from a deck nobody counts: each seat reads how many went to its own hand, not to the other's."""
    ruleset = load_ruleset(_written(tmp_path, STASH.replace("VAULT", "nobody").replace(
        "deck:    {visible: nobody}", "deck:    {visible: nobody, count: nobody}")))
    game = Game(ruleset, 2, seed=1, record=True)
    deal = [e for e in game.recorder.for_player(1) if e.get("event") == "deal"][0]
    assert [t["components"] for t in deal["to"]] == [[UNCOUNTED], [dict(c) for c in game.state.zones["hand"][1]]]


def _written(tmp_path, text):
    path = tmp_path / "ruleset.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_a_seat_never_forgets_a_zone_it_cannot_count(tmp_path):
    """Seat 1 cannot count seat 0's hand or vault after the stash: either may be empty, or not, as far as it knows."""
    ruleset = stash(tmp_path)
    game = stashed(ruleset, seeds_stashing(ruleset, {3})[3])
    known = remembered(game, 1)
    assert known.counts[("vault", 0)] is None and known.counts[("hand", 0)] is None
    others = [c["id"] for c in game.state.zones["hand"][0]]
    assert all(known.where[cid] == {("hand", 0), ("vault", 0)} for cid in others)


@pytest.mark.parametrize("with_record", [True, False])
def test_a_sample_does_not_follow_a_count_the_seat_cannot_see(tmp_path, with_record):
    """Two games that differ only in how many of seat 0's cards lie in its vault give seat 1 the same sample."""
    ruleset = stash(tmp_path)
    for seed in range(6):
        game = stashed(ruleset, seed)
        other = fork(game)
        hand, vault = other.state.zones["hand"][0], other.state.zones["vault"][0]
        if hand:  # one card more in the vault, as if seat 0 had stashed it too
            card = hand.pop()
            vault.append(card)
            other.state.where[card["id"]] = vault.key
        else:
            card = vault.pop()
            hand.append(card)
            other.state.where[card["id"]] = hand.key
        known = remembered(game, 1) if with_record else None
        a = determinize(game, 1, random.Random(seed), known)
        b = determinize(other, 1, random.Random(seed), known)
        assert _zones(a) == _zones(b), seed


def test_samples_guess_the_count_and_keep_what_the_seat_knows(tmp_path):
    """Seat 1's samples share seat 0's cards between its hand and its vault in varying numbers; seat 1's own hand and
    the deck's count (everyone's) stay as they are, and so does how many cards seat 0 holds in all (4 dealt, 1 played)."""
    ruleset = stash(tmp_path)
    game = stashed(ruleset, 3)
    info = InfoSet(game, 1)
    truth = _zones(game)
    vaults = set()
    for s in range(30):
        guess = _zones(info.sample(random.Random(s)))
        assert guess[("hand", 1)] == truth[("hand", 1)]
        assert len(guess[("deck", 0)]) == len(truth[("deck", 0)])
        assert len(guess[("hand", 0)] + guess[("vault", 0)]) == len(truth[("hand", 0)] + truth[("vault", 0)])
        vaults.add(len(guess[("vault", 0)]))
    assert len(vaults) > 2


def test_a_search_agent_plays_a_game_with_hidden_counts_through(tmp_path):
    """Samples whose guessed counts break a rule are dropped (docs/agents.md); the game is played to its end."""
    from philtre.interpreter.simulate import play_game

    ruleset = stash(tmp_path)
    for seed in range(4):
        game = play_game(ruleset, 2, seed, ["ismcts:20", "greedy:4"])
        assert game.state.flow.finished and game.state.flow.winners


def _zones(game) -> dict:
    """Every zone's component ids, in order."""
    return {(name, i): [c["id"] for c in z] for name, family in game.state.zones.items() for i, z in enumerate(family)}


# the stash game, where at the end seat 0's vault is emptied into a crypt: seat 1 counts neither (CRYPT: the crypt's count)
EMPTIED = STASH.replace("  pile:    {visible: nobody}\n", "  pile:    {visible: nobody}\n  crypt:   {visible: nobody, count: CRYPT}\n").replace(
    "winners:", '  - move: "vault[0] -> crypt"\nwinners:')


def emptied(tmp_path, crypt="nobody"):
    """The stash game whose vault (nobody counts it) is moved whole into a crypt whose count ``crypt`` sees."""
    path = tmp_path / f"emptied-{crypt}.yaml"
    path.write_text(EMPTIED.replace("VAULT", "nobody").replace("CRYPT", crypt), encoding="utf-8")
    return load_ruleset(str(path))


def played_out(ruleset, seed):
    """A recorded game of ``ruleset`` played to its end, each seat taking its first option."""
    game = Game(ruleset, 2, seed=seed, record=True)
    while not game.finished:
        for p in game.pending():
            game.apply(p, game.options(p)[0])
    return game


def into(zone, events) -> list:
    """The moves into ``zone``."""
    return [e for e in events if e.get("event") == "move" and e["to"]["zone"] == zone]


def test_a_zone_moved_whole_reads_the_same_to_a_seat_that_cannot_count_it_whether_it_held_cards_or_none(tmp_path):
    """Seat 1 and an onlooker read one move from vault[0] to the crypt, its count hidden, whether seat 0 stashed 2 cards
    or none: before, an empty vault moved no event, which told them the vault was empty. Seat 0, who sees its vault,
    reads what moved (nothing, or its 2 cards; 2 of its 4 are played)."""
    ruleset = emptied(tmp_path)
    for n, seed in seeds_stashing(ruleset, {0, 2}).items():
        game = played_out(ruleset, seed)
        [full] = into("crypt", game.recorder.events)
        assert len(full["components"]) == n and full["from"] == {"zone": "vault", "index": 0}
        for seat in (1, None):
            [told] = into("crypt", game.recorder.for_player(seat))
            assert told["components"] == [UNCOUNTED], (n, seat)
        [own] = into("crypt", game.recorder.for_player(0))
        assert own["components"] == full["components"]


def test_a_seat_that_cannot_count_an_emptied_zone_keeps_not_knowing_its_count(tmp_path):
    """What seat 1 remembers of an empty vault moved to the crypt: neither count, as when cards moved."""
    ruleset = emptied(tmp_path)
    game = played_out(ruleset, seeds_stashing(ruleset, {0})[0])
    known = remembered(game, 1)
    assert known.counts[("vault", 0)] is None and known.counts[("crypt", 0)] is None


def test_an_empty_zone_moved_where_every_seat_counts_a_zone_of_it_records_nothing(tmp_path):
    """Where everyone counts the crypt, an empty vault moved tells nobody anything: no event, as before (the records
    of the shipped games, whose zones everyone counts, are unchanged)."""
    ruleset = emptied(tmp_path, crypt="everyone")
    game = played_out(ruleset, seeds_stashing(ruleset, {0})[0])
    assert into("crypt", game.recorder.events) == []


def test_a_list_moved_reads_the_same_to_a_seat_that_cannot_count_it_whether_it_held_cards_or_none(tmp_path):
    """The stash (a list of seat 0's high cards into its vault): seat 1 and an onlooker read the same record whether it
    held 3 or none (before, none moved no event); seat 0 reads that none moved."""
    ruleset = stash(tmp_path)
    found = seeds_stashing(ruleset, {0, 3})
    games = {n: stashed(ruleset, found[n]) for n in (0, 3)}
    for seat in (1, None):
        told = {n: game.recorder.for_player(seat) for n, game in games.items()}
        assert [e.get("event") for e in told[0]] == [e.get("event") for e in told[3]], seat
        assert moves(told[0]) == moves(told[3]) == [{"event": "gather", "from": unsourced([UNCOUNTED]),
                                                     "to": {"zone": "vault", "index": 0}}], seat
    [own] = moves(games[0].recorder.for_player(0))
    assert own["from"] == [] and moved(own) == []


# seat 0's high cards go to its vault, then its middle ones and its vault into a crypt: from its hand, its vault, both
# or neither, none of which seat 1 counts (HAND_TO: the first list moved)
GATHERED = STASH[:STASH.index("  vault:")].replace("game: stash", "game: gathered") + """\
  vault:   {each: player, visible: owner, count: nobody}
  crypt:   {visible: nobody, count: nobody}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, count: 3}
  - move: "[c for c in hand[0] if c.rank > 9] -> vault[0]"
  - move: "[c for c in hand[0] if c.rank > 5] + [c for c in vault[0]] -> crypt"
winners: {highest: "0"}
"""


def gathered_games(tmp_path) -> dict:
    """A recorded game of GATHERED for each set of zones (of hand[0], vault[0]) the crypt's cards came from."""
    path = tmp_path / "gathered.yaml"
    path.write_text(GATHERED, encoding="utf-8")
    ruleset = load_ruleset(str(path))
    found = {}
    for seed in range(100):
        game = Game(ruleset, 2, seed=seed, record=True)
        ranks = [c["rank"] for c in game.state.zones["crypt"][0]]
        dealt = [e for e in game.recorder.events if e.get("event") == "deal"][0]["to"][0]["components"]
        sources = frozenset({"vault"} if any(c["rank"] > 9 for c in dealt) else set()) | (
            {"hand"} if any(5 < c["rank"] <= 9 for c in dealt) else set())
        found.setdefault(sources, game)
        assert len(ranks) == sum(c["rank"] > 5 for c in dealt)
    assert len(found) == 4
    return found


def test_a_list_from_several_zones_reads_as_one_source_to_a_seat_that_counts_none_of_them(tmp_path):
    """Seat 1 and an onlooker read one gather into the crypt from a hidden source, whether its cards came from seat 0's
    hand, its vault, both or neither (before: one move a source zone, none for none); the full record says which."""
    for sources, game in gathered_games(tmp_path).items():
        [full] = into_gather("crypt", game.recorder.events)
        assert [s["zone"] for s in full["from"]] == sorted(sources)
        for seat in (1, None):
            assert into_gather("crypt", game.recorder.for_player(seat)) == [
                {"event": "gather", "from": unsourced([UNCOUNTED]), "to": {"zone": "crypt", "index": 0}}], (sources, seat)
            assert len(game.recorder.for_player(seat)) == len(game.recorder.events)


def record_errors(game) -> list:
    """(seat or "full", event) of each event of the full record and of every seat's that record.schema.json refuses."""
    import json
    from pathlib import Path

    from jsonschema import Draft7Validator

    schema = Path(__file__).resolve().parent.parent / "schemas" / "record.schema.json"
    validator = Draft7Validator(json.loads(schema.read_text(encoding="utf-8")))
    return [(seat, event) for seat in ("full", 0, 1, None)
            for event in (game.recorder.events if seat == "full" else game.recorder.for_player(seat))
            if list(validator.iter_errors(event))]


def test_gather_events_match_the_record_schema(tmp_path):
    """The full record and every seat's, of a game whose lists moved are gather events (version 2)."""
    for game in gathered_games(tmp_path).values():
        assert [e.get("event") for e in game.recorder.events].count("gather") == 2
        assert record_errors(game) == []


def test_an_empty_zone_moved_matches_the_record_schema(tmp_path):
    """The move of an empty vault, recorded for the seats that count neither zone, lists no component in the full
    record: the schema asked for one at least."""
    ruleset = emptied(tmp_path)
    game = played_out(ruleset, seeds_stashing(ruleset, {0})[0])
    [full] = into("crypt", game.recorder.events)
    assert full["components"] == [] and record_errors(game) == []


def into_gather(zone, events) -> list:
    """The moves and gathers into ``zone``."""
    return [e for e in events if e.get("event") in ("move", "gather") and e["to"]["zone"] == zone]


def test_a_seat_reads_a_gather_from_the_zones_it_sees_as_it_is(tmp_path):
    """Seat 0, who sees its hand and its vault, reads where each of its cards came from; its knowledge follows them."""
    for sources, game in gathered_games(tmp_path).items():
        [full] = into_gather("crypt", game.recorder.events)
        [own] = into_gather("crypt", game.recorder.for_player(0))
        assert own["from"] == full["from"] + unsourced([UNCOUNTED])  # (seat 0 counts no crypt: whoever else gave, unsaid)
        known = remembered(game, 0)
        assert all(known.where[c["id"]] == {("crypt", 0)} for c in moved(full))


@pytest.mark.parametrize("version", [1, 2])
def test_a_record_of_a_game_hiding_a_count_replays_in_its_format(tmp_path, version):
    """A record written before gather events (version 1: a list moved is one move a source zone, none for none)
    replays as it was written, and so does a new one (version 2)."""
    from philtre.interpreter.replay import replayed

    for sources, new in gathered_games(tmp_path).items():
        game = Game(new.ruleset, 2, seed=new.seed, record=True, record_version=version)
        kinds = {e.get("event") for e in game.recorder.events}
        assert ("gather" in kinds) == (version == 2) and game.recorder.events[0]["philtre_record"] == version
        path = tmp_path / f"rec-{version}.jsonl"
        game.recorder.write(path)
        assert replayed(str(path)).recorder.lines() == game.recorder.lines(), sources
