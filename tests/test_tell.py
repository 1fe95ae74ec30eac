"""`tell:` a fact about a zone's hidden components made public (language.md, tell): "go fish" tells every seat the
asked hand holds none of the rank. A Go Fish trial found nothing in philtre knew it: the search agents' samples dealt a
5 back into the hand that had just said it held none. The fact is checked true (R100 if not), recorded without a face
the seat does not see, printed by play, replayed, and kept by each seat's memory, so the samples honour it."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.interpreter import Game
from philtre.interpreter.determinize import InfoSet
from philtre.interpreter.render import event_text
from philtre.interpreter.replay import replayed
from philtre.interpreter.simulate import play_game
from test_cli import philtre
from test_hidden_counts import record_errors
from test_lints import findings, where

FISH = (Path(__file__).resolve().parent / "data" / "tell_fish.yaml").read_text(encoding="utf-8")
TOLD = """          - tell: {what: "hand[left(me)]", none: c.rank == rank}\n"""


def _ruleset(tmp_path, text: str = FISH):
    path = tmp_path / "fish.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def _game(tmp_path, text: str = FISH, seed: int = 1):
    return play_game(load_ruleset(str(_ruleset(tmp_path, text))), 2, seed, ["random"] * 2, record=True)


def _tells(events) -> list:
    return [e for e in events if e.get("event") == "tell"]


def test_the_record_and_every_seats_record_hold_the_tell_and_no_hidden_face(tmp_path):
    game = _game(tmp_path)
    told = _tells(game.recorder.events)
    assert told, "seed 1 asks for a rank the other hand lacks"
    comps = game.state.components
    for event in told:
        rank, asked = event["values"]["rank"], event["zone"]["index"]
        assert event["none"] == "c.rank == rank" and set(event["values"]) == {"rank"}
        assert event["not_in"] == [c["id"] for c in comps if c["rank"] == rank]  # every card of the rank, ruled out
        assert all("id" in c and c["rank"] != rank for c in event["components"])  # the full record shows the hand
        at = game.recorder.events.index(event)
        for seat in (0, 1, None):
            seen = game.recorder.for_player(seat)[at]  # (a seat's record: the same events, some parts hidden)
            assert {k: v for k, v in seen.items() if k != "components"} == {k: v for k, v in event.items() if k != "components"}
            shown = seen["components"]
            assert len(shown) == len(event["components"])
            assert (shown == event["components"]) if seat == asked else all(c == {"hidden": True} for c in shown), (seat, shown)
    assert record_errors(game) == []  # the full record and each seat's, as record.schema.json describes them
    assert event_text(told[0], game.ruleset) == \
        f"hand[{told[0]['zone']['index']}] holds none for which c.rank == rank (rank = {told[0]['values']['rank']})"


def test_play_prints_the_fact(tmp_path):
    result = philtre("play", _ruleset(tmp_path), "-p", "2", "--seat", "0", "--seed", "1", stdin="1\n" * 40, timeout=120)
    assert result.returncode == 0, result.stderr
    assert re.search(r"^      hand\[1\] holds none for which c\.rank == rank \(rank = \d\)$", result.stdout, re.M), result.stdout


def test_a_record_with_tells_replays_and_a_changed_tell_does_not(tmp_path):
    """Replay plays the game again and finds the same tells; one ruling out a card fewer is not what the rules told."""
    game = _game(tmp_path)
    events = [json.loads(line) for line in game.recorder.lines()]
    (tmp_path / "game.jsonl").write_text("".join(json.dumps(e) + "\n" for e in events), encoding="utf-8")
    assert replayed(str(tmp_path / "game.jsonl")).recorder.events == game.recorder.events
    first = next(e for e in events if e.get("event") == "tell")
    first["not_in"] = first["not_in"][1:]
    (tmp_path / "changed.jsonl").write_text("".join(json.dumps(e) + "\n" for e in events), encoding="utf-8")
    with pytest.raises(PhiltreError):
        replayed(str(tmp_path / "changed.jsonl"))


def _after_tells(ruleset, seeds) -> list:
    """(game, rank) for each game of ``seeds`` just after seat 0 was told hand[1] holds none of the rank it asked for
    (each seat choosing at random, the game stopped at seat 1's next decision)."""
    out = []
    for seed in seeds:
        game, rng = Game(ruleset, 2, seed=seed, record=True), random.Random(seed)
        while not game.finished:
            [seat] = game.pending()
            options = game.options(seat)
            option = options[rng.randrange(len(options))]
            before = len(game.state.zones["hand"][1])
            game.apply(seat, option)
            if seat == 0 and len(game.state.zones["hand"][1]) == before and not game.finished:  # (none handed over)
                out.append((game, dict(option.args)["rank"]))
                break
    return out


def _rank_in_sampled_hand(game, rank, samples: int = 60) -> int:
    """How many of seat 0's samples put a card of ``rank`` in hand[1]."""
    info, rng = InfoSet(game, 0), random.Random(0)
    return sum(any(c["rank"] == rank for c in info.sample(rng).state.zones["hand"][1]) for _ in range(samples))


def test_samples_never_deal_a_told_rank_back_into_the_hand_that_lacks_it():
    """Seat 0 asked seat 1 for a rank and was told seat 1 holds none: no sample of seat 0's puts one there; without the
    tell (a say instead), samples do, the same games played the same way."""
    told = _after_tells(load_ruleset_text(FISH), range(8))
    untold = _after_tells(load_ruleset_text(FISH.replace(TOLD, """          - say: "'go fish'"\n""")), range(8))
    assert len(told) == len(untold) >= 5
    for game, rank in told:
        assert not any(c["rank"] == rank for c in game.state.zones["hand"][1])  # (the truth: the tell held)
        assert _rank_in_sampled_hand(game, rank) == 0
    assert sum(_rank_in_sampled_hand(game, rank) for game, rank in untold) > 0


def load_ruleset_text(text: str):
    """A ruleset compiled from ``text`` (written next to the test data, so that its messages name a file)."""
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fish.yaml"
        path.write_text(text, encoding="utf-8")
        return load_ruleset(str(path))


def test_a_false_tell_stops_the_game_with_r100(tmp_path):
    """The rules must not lie: a tell that the hand holds none, where it holds some, fails at the rule."""
    text = FISH.replace("          - reveal: got\n", "          - reveal: got\n" + TOLD.replace("          ", "          ", 1))
    with pytest.raises(PhiltreError) as info:
        _game(tmp_path, text)
    [d] = info.value.diagnostics
    assert d.code == "R100" and "tell's none: is false: hand[" in d.message and "the rules must tell only what is so" in d.message, str(d)


@pytest.mark.parametrize("told, key, code", [("tell: {what: 'hand[0]', nothing: c.rank == 1}", "nothing", "V001"),
                                             ("tell: {what: 'hand[0]', none: c.rank == 1, all: c.rank == 2}", None, "V001"),
                                             ("tell: {none: c.rank == 1}", "what", "V002")])
def test_a_tell_with_wrong_keys_is_v001(tmp_path, told, key, code):
    """The schema checks tell's keys: what, and one of none and all."""
    text = FISH.replace("  - shuffle: deck\n", f"  - shuffle: deck\n  - {told}\n")
    with pytest.raises(PhiltreError) as info:
        load_ruleset(str(_ruleset(tmp_path, text)))
    codes = [d.code for d in info.value.diagnostics]
    assert codes and set(codes) == {code}, [str(d) for d in info.value.diagnostics]
    if key:
        assert any(f"'{key}'" in d.message for d in info.value.diagnostics), [str(d) for d in info.value.diagnostics]


@pytest.mark.parametrize("told", ["tell: {what: 'hand[0]', none: c.rank}", "tell: {what: 'hand[0][0]', all: c.rank == 1}"])
def test_a_test_that_is_not_true_or_false_or_a_what_that_is_no_zone_is_e120(tmp_path, told):
    text = FISH.replace("  - shuffle: deck\n", f"  - shuffle: deck\n  - {told}\n")
    with pytest.raises(PhiltreError) as info:
        load_ruleset(str(_ruleset(tmp_path, text)))
    assert [d.code for d in info.value.diagnostics] == ["E120"], [str(d) for d in info.value.diagnostics]


def test_a_tell_in_the_else_answers_the_when_that_reads_the_hidden_hand(tmp_path):
    """`when: count(got) > 0` reads the other seat's hand: a tell in its else tells the table the answer, as a say
    does, so the hidden-information lint (L031) has nothing to say; a say-less, tell-less else gets it."""
    assert [d.code for d in findings(tmp_path, FISH)] == []
    silent = FISH.replace(TOLD, "")
    assert "L031" in [d.code for d in findings(tmp_path, silent)]


def test_a_test_reading_a_hidden_zone_is_l030(tmp_path):
    """The ids a tell rules out are told every seat: a test reading what some seat does not see (the deck's top card)
    would tell it, as a say's text would."""
    text = FISH.replace("none: c.rank == rank}", "none: c.rank == last(deck).rank}")
    found = findings(tmp_path, text)
    assert [(d.code, (d.loc.line, d.loc.col)) for d in found] == [("L030", where(text, "c.rank == last(deck)"))], [str(d) for d in found]
    assert found[0].message.startswith("this tell's test reads what 'deck' holds, which nobody sees: every seat is told "
                                       "which components the fact rules out"), str(found[0])
    assert "or tell only what every seat sees" in found[0].hint


def test_a_tell_in_the_else_answers_a_when_that_decides_whether_a_seat_is_asked(tmp_path):
    """A `when` reading seat 0's hand decides whether seat 0 is asked: every seat learns its answer (L027), unless the
    else tells it (the hand holds no 1)."""
    guarded = """  - when: any(c.rank == 1 for c in hand[0])
    do:
      - decide: ask
        player: 0
    else:
      - tell: {what: "hand[0]", none: c.rank == 1}
"""
    text = FISH.replace("  - turns: 0\n", guarded + "  - turns: 0\n")
    assert [d.code for d in findings(tmp_path, text)] == []
    untold = text.replace("""    else:\n      - tell: {what: "hand[0]", none: c.rank == 1}\n""", "")
    assert [d.code for d in findings(tmp_path, untold)] == ["L027"]


def test_a_seats_memory_of_tells_holds_the_truth_and_rules_out_cards():
    """Memory with tells is sound (every component's true zone among those it may lie in, for every seat at every
    decision), and tells rule something out: at some decision a seat knows a card is not in the other hand."""
    from test_determinize import decision_points

    from philtre.interpreter.knowledge import Knowledge

    ruleset, ruled_out = load_ruleset_text(FISH), 0
    for seed in range(6):
        for game, seat in decision_points(ruleset, 2, seed, every=1):
            known = Knowledge.from_record(ruleset, 2, game.recorder.for_player(seat))
            for cid, key in enumerate(game.state.where):
                assert key in known.where[cid], f"seat {seat} rules out the true place of component {cid}"
            untold = Knowledge.from_record(ruleset, 2, [e for e in game.recorder.for_player(seat) if e.get("event") != "tell"])
            ruled_out += sum(zones != other for zones, other in zip(known.where, untold.where))
    assert ruled_out > 0


def test_all_tells_every_component_passes_and_rules_out_those_that_fail(tmp_path):
    """`all:` every component of the zone passes the test: recorded with the ids of those that fail it, printed, and a
    zone holding one that fails is R100."""
    text = FISH.replace("  - turns: 0\n", "  - tell: {what: \"hand[0]\", all: c.rank >= 1}\n  - turns: 0\n")
    game = _game(tmp_path, text)
    [first] = _tells(game.recorder.events)[:1]
    assert (first["all"], first["not_in"], first["values"]) == ("c.rank >= 1", [], {})
    assert event_text(first, game.ruleset) == "hand[0] holds only components for which c.rank >= 1"
    with pytest.raises(PhiltreError) as info:
        _game(tmp_path, text.replace("all: c.rank >= 1", "all: c.rank == 5 - c.rank"))
    [d] = info.value.diagnostics
    assert d.code == "R100" and "tell's all: is false: hand[0] holds " in d.message, str(d)


WORDED = TOLD.replace("none: c.rank == rank}", "none: c.rank == rank, text: \"['seat', left(me), 'has no', rank, '- go fish']\"}")


def test_a_tells_text_is_what_the_table_is_told_in_its_record_and_in_play(tmp_path):
    """A Coup trial: the table was told `hand[1] holds none for which c.role == role (role = duke)`, the rule's
    expression and its names, and a `say` beside the tell told the fact twice. `text:` words it, as a say's words."""
    text = FISH.replace(TOLD, WORDED)
    game = _game(tmp_path, text)
    told = _tells(game.recorder.events)
    assert told
    for event in told:
        seat, rank = event["zone"]["index"], event["values"]["rank"]
        assert event["text"] == f"seat {seat} has no {rank} - go fish" and event["none"] == "c.rank == rank"
        assert event_text(event, game.ruleset) == event["text"]
    assert record_errors(game) == []  # a record with a tell's text is one record.schema.json describes
    assert all("text" not in e for e in _tells(_game(tmp_path).recorder.events))  # (none written: none recorded)
    result = philtre("play", _ruleset(tmp_path, text), "-p", "2", "--seat", "0", "--seed", "1", stdin="1\n" * 40, timeout=120)
    assert result.returncode == 0, result.stderr
    assert re.search(r"^      seat 1 has no \d - go fish$", result.stdout, re.M), result.stdout
    assert "holds none for which" not in result.stdout


def test_a_tells_text_reading_a_hidden_zone_is_l030_and_one_that_is_no_words_is_e120(tmp_path):
    hidden = FISH.replace(TOLD, WORDED.replace("'- go fish'", "last(deck).rank"))
    found = findings(tmp_path, hidden)
    assert [d.code for d in found] == ["L030"], [str(d) for d in found]
    assert found[0].message.startswith("this tell's text reads what 'deck' holds, which nobody sees: every seat is told "
                                       "what is said"), str(found[0])
    component = FISH.replace(TOLD, TOLD.replace("none: c.rank == rank}", "none: c.rank == rank, text: last(deck)}"))
    with pytest.raises(PhiltreError) as info:
        load_ruleset(str(_ruleset(tmp_path, component)))
    assert [d.code for d in info.value.diagnostics] == ["E120"], [str(d) for d in info.value.diagnostics]
