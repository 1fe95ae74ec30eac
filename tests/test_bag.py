"""A bag, `order: nobody`: every seat sees which components a zone holds, none sees their order (Ra's bag of tiles,
Dominion's deck). Views, a seat's record, play's board, agents' options and search samples show the contents in an
order that tells nothing; a shuffle of it is recorded with no order at all (the Ra trial's records held a 180-id order
at each draw, 23 KB of 100 KB, and its board printed the whole bag in order)."""

from __future__ import annotations

import random

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.interpreter import Game
from philtre.interpreter.agents import Seen
from philtre.interpreter.determinize import InfoSet
from philtre.interpreter.render import render_view
from test_cli import philtre

RULESET = """\
game: bagged
players: 2
components:
  tile:
    attributes: {kind: [gold, god, sun], n: 1..4}
    start: bag
zones:
  bag: {ORDER}
  row: {}
  hand: {each: player, visible: owner}
  box: {visible: nobody}
actions:
  draw:
    do:
      - move: last(bag) -> row
  take:
    do:
      - move: last(bag) -> hand[me]
flow:
  - shuffle: bag
  - turns: 0
    until: count(bag) < 6
    do:
      - decide: [draw, take]
  - move: bag -> box
"""


def bag_ruleset(tmp_path, order: str = "order: nobody", name: str = "bag.yaml"):
    """The ruleset above, its bag declared with ``order`` ('' for a plain public zone)."""
    path = tmp_path / name
    path.write_text(RULESET.replace("ORDER", order))
    return load_ruleset(str(path))


def ids(comps) -> list:
    return [c["id"] for c in comps]


def played(ruleset, seed: int = 3) -> Game:
    """A recorded game of ``ruleset`` played to its end at random."""
    game = Game(ruleset, 2, seed=seed, record=True)
    game.play_out(random=random.Random(seed).random)
    return game


def test_a_view_shows_what_the_bag_holds_in_id_order_never_its_order(tmp_path):
    """Every seat, and an onlooker, sees the bag's components, in id order: the shuffled order is in no view."""
    game = Game(bag_ruleset(tmp_path), 2, seed=1)
    real = ids(game.state.zones["bag"][0])
    assert real != sorted(real)  # (the seed shuffles it)
    for viewer in (0, 1, None):
        shown = game.view(viewer)["zones"]["bag"]
        assert ids(shown["components"]) == sorted(real) and shown["count"] == len(real)
    plain = Game(bag_ruleset(tmp_path, "", "plain.yaml"), 2, seed=1)
    assert ids(plain.view(0)["zones"]["bag"]["components"]) == real  # (without the key: the real order, as before)


def test_a_shuffle_of_a_bag_records_no_order_and_what_leaves_it_is_seen(tmp_path):
    """The shuffle's order is null in the full record and in every seat's (the replay makes it again from the seed);
    each draw names its tile to every seat; the bag moved whole into a zone nobody sees is listed in id order to the
    seats, so the order of that hidden zone is told to none."""
    game = played(bag_ruleset(tmp_path))
    shuffles = [e for e in game.recorder.events if e.get("event") == "shuffle"]
    assert shuffles and all(e["order"] is None for e in shuffles)
    boxed = next(e for e in game.recorder.events if e.get("event") == "move" and e["to"]["zone"] == "box")
    assert ids(boxed["components"]) != sorted(ids(boxed["components"]))  # (this seed leaves them out of id order)
    for seat in (0, 1, None):
        events = game.recorder.for_player(seat)
        assert all(e["order"] is None for e in events if e.get("event") == "shuffle")
        moved = next(e for e in events if e.get("event") == "move" and e["to"]["zone"] == "box")
        assert ids(moved["components"]) == sorted(ids(boxed["components"]))
        drawn = [e for e in events if e.get("event") == "move" and e["from"]["zone"] == "bag" and e["to"]["zone"] != "box"]
        assert drawn and all("id" in c for e in drawn for c in e["components"])  # (public where it lands, or known to leave)
    plain = played(bag_ruleset(tmp_path, "", "plain.yaml"))
    assert all(e["order"] is not None for e in plain.recorder.events if e.get("event") == "shuffle")


def test_a_record_of_a_bag_replays(tmp_path):
    """A record whose shuffles have no order replays, every event matching: the seed makes each shuffle again."""
    game = played(bag_ruleset(tmp_path))
    game.recorder.write(tmp_path / "game.jsonl")
    result = philtre("replay", tmp_path / "game.jsonl")
    assert result.returncode == 0, result.stderr
    assert "every event matches" in result.stdout or "all events match" in result.stdout, result.stdout


def test_samples_shuffle_the_bag_and_never_read_its_order(tmp_path):
    """A search agent's samples hold the bag's very components, in orders that vary with the sampler's seed and do not
    follow the true one: the same sampler seed gives the same sample whatever order the bag really lies in."""
    rs = bag_ruleset(tmp_path)
    game = Game(rs, 2, seed=1, record=True)
    info = InfoSet(game, 0)
    assert not info.samples_alike()
    orders = {tuple(ids(info.sample(random.Random(k)).state.zones["bag"][0])) for k in range(20)}
    assert len(orders) > 10 and all(sorted(o) == sorted(ids(game.state.zones["bag"][0])) for o in orders)
    other = Game(rs, 2, seed=2, record=True)  # the same bag in another true order
    assert ids(other.state.zones["bag"][0]) != ids(game.state.zones["bag"][0])
    assert [ids(InfoSet(g, 0).sample(random.Random(7)).state.zones["bag"][0]) for g in (game, other)] == \
        [ids(InfoSet(game, 0).sample(random.Random(7)).state.zones["bag"][0])] * 2


def test_an_option_naming_the_bag_holds_it_in_id_order(tmp_path):
    """An agent is handed a zone the options name as the seat sees it: a bag's components in id order."""
    game = Game(bag_ruleset(tmp_path), 2, seed=1)
    bag = game.state.zones["bag"][0]
    assert ids(Seen(game, 0).zone(bag)) == sorted(ids(bag)) != ids(bag)


def test_the_board_tells_how_many_of_each_kind(tmp_path):
    """play's board lists the bag's alike components together with how many, whatever order they lie in."""
    rs = load_ruleset(str(_kinds_only(tmp_path)))
    game = Game(rs, 2, seed=1)
    board = render_view(game.view(0), rs, played=True)
    assert "  bag: [tile gold x4, tile god x4, tile sun x4]" in board, board


def _kinds_only(tmp_path):
    """The ruleset above with tiles told by kind alone (`display: [kind]`), so alike ones read alike."""
    path = tmp_path / "kinds.yaml"
    path.write_text(RULESET.replace("ORDER", "order: nobody").replace("start: bag", "start: bag\n    display: [kind]"))
    return path


def test_play_shows_the_bag_by_kind(tmp_path):
    """`philtre play` shows the bag as counts of each kind before each decision, never in its real order."""
    result = philtre("play", _kinds_only(tmp_path), "--seed", "2", stdin="1\n2\n1\n")
    boards = [line for line in result.stdout.splitlines() if line.startswith("  bag: ")]
    assert boards and boards[0] == "  bag: [tile gold x4, tile god x4, tile sun x4]", result.stdout
    assert all(line.count("tile gold") <= 1 and line.count("tile sun") <= 1 for line in boards), boards


@pytest.mark.parametrize("order", ["visible: nobody, order: nobody", "grid: true, order: nobody"])
def test_a_bag_that_hides_nothing_is_refused(tmp_path, order):
    """`order: nobody` on a zone nobody sees, or on a grid, hides nothing: R008, at the key."""
    path = tmp_path / "bad.yaml"
    path.write_text(RULESET.replace("ORDER", order).replace("start: bag", "start: row"))
    with pytest.raises(PhiltreError) as caught:
        load_ruleset(str(path))
    assert "R008" in str(caught.value) and "'order: nobody'" in str(caught.value)


def test_a_seats_zone_nobody_sees_made_a_bag_is_told_the_seats_own_bag_first(tmp_path):
    """A Dominion trial's deck `{each: player, visible: nobody, order: nobody}`: R008's hint offered only the public
    bag, which shows every seat each draw (L043); a seat's own bag, `visible: owner`, is what a deck-builder means."""
    path = tmp_path / "bad.yaml"
    hidden_hand = "{each: player, visible: nobody, order: nobody}"
    path.write_text(RULESET.replace("ORDER", "order: nobody").replace("{each: player, visible: owner}", hidden_hand))
    with pytest.raises(PhiltreError) as caught:
        load_ruleset(str(path))
    [d] = caught.value.diagnostics
    own, public = "{each: player, visible: owner, order: nobody}", "{each: player, order: nobody} (visible: everyone"
    assert d.code == "R008" and own in d.hint and public in d.hint and d.hint.index(own) < d.hint.index(public), d.hint


def test_a_pettingzoo_observation_and_text_do_not_follow_the_bags_order(tmp_path):
    """The PettingZoo adapter's observation (from the seat's view) and its text (play's board) are the same whatever
    order the bag lies in; without `order: nobody` the text follows it."""
    pytest.importorskip("pettingzoo")
    from philtre.adapters.pettingzoo import env

    for order, alike in (("order: nobody", True), ("", False)):
        path = tmp_path / f"zoo{int(alike)}.yaml"
        path.write_text(RULESET.replace("ORDER", order))
        e = env(str(path), 2, render_mode="ansi")
        e.reset(seed=5)
        agent = e.possible_agents[e.game.pending()[0]]
        before, text = e.observe(agent)["observation"].copy(), e.render()
        e.game.state.zones["bag"][0].reverse()  # (the same tiles, lying the other way up)
        assert (e.render() == text) == alike
        assert (before == e.observe(agent)["observation"]).all()


def test_a_look_at_a_bag_shows_its_order_to_the_seats_that_look_alone(tmp_path):
    """`reveal: {what: bag, to: 0}`: seat 0 reads the bag in the order it lies (a look tells which lies on top); the
    other seat, who sees what the bag holds anyway, reads the same components in id order."""
    path = tmp_path / "look.yaml"
    path.write_text(RULESET.replace("ORDER", "order: nobody").replace("  - shuffle: bag\n",
                                                                      "  - shuffle: bag\n  - reveal: {what: bag, to: 0}\n"))
    game = Game(load_ruleset(str(path)), 2, seed=1, record=True)
    real = ids(game.state.zones["bag"][0])
    looks = [next(e for e in game.recorder.for_player(seat) if e.get("event") == "reveal") for seat in (0, 1)]
    assert ids(looks[0]["components"]) == real != sorted(real) == ids(looks[1]["components"])


def test_a_bags_order_in_other_words_is_told_of_the_values_it_takes(tmp_path):
    """`order: hidden` is V001 whose hint means nobody and says nothing of `owner`, which `order` does not take."""
    path = tmp_path / "hidden.yaml"
    path.write_text(RULESET.replace("ORDER", "order: hidden"))
    with pytest.raises(PhiltreError) as caught:
        load_ruleset(str(path))
    (found,) = [d for d in caught.value.diagnostics if d.code == "V001"]
    assert found.hint == "did you mean 'nobody'? nobody: no seat sees it", str(found)
