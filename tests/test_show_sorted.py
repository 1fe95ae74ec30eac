"""A zone's `show_sorted:`: play lists its components by attributes (a hand by suit, then rank), for people only; the
zone's real order, its options (play alone lists them in the zone's order), records, views and random play are those
of the same ruleset without it (Hearts trial:
a hand re-sorted through a spare zone added moves to every record and changed the random play)."""

from __future__ import annotations

import json
import re

from test_cli import philtre

RULESET = """\
game: sorting
players: 2
components:
  card:
    attributes: {suit: [spades, clubs], rank: 1..5}
    derive:
      low: "-rank"
    display: [suit, rank]
    start: deck
zones:
  deck: {visible: nobody}
  row: {SHOWN_ROW}
  hand: {each: player, visible: owner SHOWN_HAND}
  table: {each: player}
actions:
  play:
    choose: {card: "hand[me]"}
    do:
      - move: card -> table[me]
      - score: {player: me, add: card.rank}
flow:
  - shuffle: deck
  - deal: {from: deck, to: "[row]", count: 3}
  - deal: {from: deck, to: hand, count: 3}
  - repeat: 3
    do:
      - decide: play
        player: 0
      - decide: play
        player: 1
"""


def write(tmp_path, hand: str = "", row: str = "", folder: str = "game"):
    """The ruleset above in its own folder, the hands' and the row's `show_sorted` as given ('' for none)."""
    where = tmp_path / folder
    where.mkdir()
    text = RULESET.replace(" SHOWN_HAND", f", show_sorted: {hand}" if hand else "")
    (where / "ruleset.yaml").write_text(text.replace("SHOWN_ROW", f"show_sorted: {row}" if row else ""))
    return where / "ruleset.yaml"


def played(path, seed: int = 2) -> str:
    """What `philtre play` prints for seat 0 choosing the first option each time."""
    result = philtre("play", path, "--seed", str(seed), stdin="1\n1\n1\n")
    assert result.returncode == 0, result.stderr
    return result.stdout


def cards(line: str) -> list:
    """(suit, rank) of each card a line of the board lists."""
    return [(suit, int(rank)) for suit, rank in re.findall(r"card (\w+) rank=(\d+)", line)]


def first_board(text: str) -> list:
    """The lines play prints up to the end of its first list of options."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if re.match(r"^\s*1\. ", line))
    return lines[:next(i for i in range(start, len(lines)) if not lines[i].strip())]


def test_the_board_lists_a_hand_by_suit_then_rank_and_nothing_else_changes(tmp_path):
    """`show_sorted: [suit, rank]`: each board lists the seat's hand sorted, words and numbers ascending, and the options
    of its cards in that order, numbered so (a Lost Cities trial); every other line of the first board is that of the
    ruleset without it, to the character. (Option 1 is then another card: the games go on apart.)"""
    unbroken = re.compile(r",\n +")  # (a long line broken after its commas, the deal's too: read as one line)
    before = first_board(unbroken.sub(", ", played(write(tmp_path, folder="before"))))
    after_text = unbroken.sub(", ", played(write(tmp_path, hand="[suit, rank]", folder="after")))
    hands = [line for line in after_text.splitlines() if line.startswith("  hand[0] (you): [")]
    assert len(hands) == 3, after_text
    assert all(cards(line) == sorted(cards(line)) for line in hands), hands
    after = first_board(after_text)
    [unsorted] = [line for line in before if line.startswith("  hand[0] (you): [")]
    assert cards(unsorted) != sorted(cards(unsorted)), unsorted  # (the deal's order: this seed shows it)
    assert sorted(cards(unsorted)) == cards(hands[0])
    listed = [re.sub(r"^\s*\d+\. ", "", line) for line in after if re.match(r"^\s*\d+\. play", line)]
    assert listed == [f"play(card=card {suit} rank={rank})" for suit, rank in cards(hands[0])], after
    unlisted = [re.sub(r"^\s*\d+\. ", "", line) for line in before if re.match(r"^\s*\d+\. play", line)]
    assert unlisted == [f"play(card=card {suit} rank={rank})" for suit, rank in cards(unsorted)], before
    mine = re.compile(r"^  hand\[0\] \(you\): \[|^\s*\d+\. play|^\s*dealt from .* to hand\[0\]")
    assert [line for line in after if not mine.match(line)] == [line for line in before if not mine.match(line)]


def test_a_derived_attribute_sorts_and_a_face_up_deal_is_told_so(tmp_path):
    """A derived attribute orders as a declared one (`low: -rank`, highest rank first); the cards dealt face up to a zone
    with show_sorted are told in its order, as the board then lists them."""
    after = played(write(tmp_path, hand="[low]", row="[rank]"), seed=1)
    before = played(write(tmp_path, folder="plain"), seed=1)
    dealt = next(line for line in before.splitlines() if "to row" in line)
    assert [r for _, r in cards(dealt)] != sorted(r for _, r in cards(dealt)), dealt  # (this seed deals them unsorted)
    hand = next(line for line in after.splitlines() if line.startswith("  hand[0] (you): ["))
    assert [rank for _, rank in cards(hand)] == sorted((rank for _, rank in cards(hand)), reverse=True), hand
    dealt = next(line for line in after.splitlines() if "to row" in line)
    row = next(line for line in after.splitlines() if line.startswith("  row: ["))
    assert cards(dealt) == cards(row) and [r for _, r in cards(row)] == sorted(r for _, r in cards(row)), (dealt, row)


def test_records_views_options_and_random_play_are_those_without_it(tmp_path):
    """The key is for people: games played at random from one seed make the same records (past the header, which
    names the file; its hash is the same), and the same views and options at each decision, with it and without it."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game
    from philtre.interpreter.agents import RandomAgent, ask

    sorted_rs = load_ruleset(str(write(tmp_path, hand="[suit, rank]", row="[rank, suit]", folder="sorted")))
    plain_rs = load_ruleset(str(write(tmp_path, folder="plain")))
    assert sorted_rs.zones["hand"].show_sorted == ("suit", "rank") and plain_rs.zones["hand"].show_sorted == ()
    assert sorted_rs.content_hash == plain_rs.content_hash  # (a record made before the key was added replays: Gin Rummy)
    for seed in range(5):
        games = [Game(rs, 2, seed=seed, record=True) for rs in (sorted_rs, plain_rs)]
        agents = [RandomAgent(seed), RandomAgent(seed)]
        while not games[0].finished:
            seat = games[0].pending()[0]
            assert games[0].view(seat) == games[1].view(seat)
            assert [o.label() for o in games[0].options(seat)] == [o.label() for o in games[1].options(seat)]
            for game, agent in zip(games, agents):
                game.apply(seat, ask(agent, game, seat))
        assert games[1].finished and games[0].recorder.events[1:] == games[1].recorder.events[1:]
        assert games[0].scores == games[1].scores


def test_simulate_records_and_statistics_are_those_without_it(tmp_path):
    """`philtre simulate` from one seed, with the key and without: the same records line for line past the header
    (whose hash is the file's), each replaying, and the same statistics."""
    runs = []
    for folder, hand in (("with", "[suit, rank]"), ("without", "")):
        path = write(tmp_path, hand=hand, folder=folder)
        result = philtre("simulate", path, "-n", "4", "--seed", "2", "--json", "--record", tmp_path / f"{folder}-out",
                         cwd=tmp_path)
        assert result.returncode == 0, result.stderr
        records = sorted((tmp_path / f"{folder}-out").glob("*.jsonl"))
        replayed = philtre("replay", *records, cwd=tmp_path)
        assert "4 records: 4 replayed with every event matching" in replayed.stdout, replayed.stdout + replayed.stderr
        stats = {k: v for k, v in json.loads(result.stdout).items() if k not in ("hash", "run")}  # (the file and the run, by id)
        runs.append(([r.read_text().splitlines()[1:] for r in records], stats))
    assert len(runs[0][0]) == 4 and runs[0] == runs[1]


def test_a_name_no_type_has_is_r013_at_the_name_with_did_you_mean(tmp_path):
    """A misspelt name would sort by nothing: refused where it is written, with the name meant."""
    path = write(tmp_path, hand="[suit, rnak]")
    result = philtre("validate", path)
    assert result.returncode == 1
    assert re.search(r"ruleset\.yaml:13:60: R013 'rnak' is no attribute of any component type.*did you mean 'rank'\?",
                     result.stdout), result.stdout
    result = philtre("validate", write(tmp_path, hand="suit", folder="bare"))
    assert result.returncode == 1 and "V001 expected a list" in result.stdout, result.stdout
