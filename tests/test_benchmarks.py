"""The speed baselines in benchmarks/: the hand-written references play the same games as philtre.

A reference that played a shorter or simpler game would flatter neither side: each is
checked against its own invariants (and a rulebook example where there is one), and the
games of fixed length take as many decisions as philtre's. Nothing here times anything.
"""

import dis
import gc
import json
import pathlib
import random
import subprocess
import sys

import pytest

from benchmarks import agents_speed, bytecodes, layout_bound, run
from benchmarks.reference import hue, poison, poisons, pok
from philtre.dsl import load_ruleset
from philtre.interpreter import Game

REFERENCES = {"poison": (poison, (3, 4, 5, 6)), "pok": (pok, (3, 5, 7)),
              "poisons": (poisons, (4, 6, 8)), "hue": (hue, (2, 3, 4, 5))}


@pytest.fixture(scope="module", autouse=True)
def earlier_tests_objects_frozen():
    """The benchmark collects garbage before each timing: what earlier tests of the run left is
    frozen, so each collection walks only the benchmark's own objects (in the whole suite, about
    a third of a second a collection otherwise: half a minute for the test of every game)."""
    gc.collect()
    gc.freeze()
    yield
    gc.unfreeze()


def philtre_decisions(name: str, players: int, seed: int = 1) -> int:
    """Decisions of one uniformly random philtre game."""
    game = Game(load_ruleset(name), players, seed=seed)
    rng = random.Random(seed)
    while not game.finished:
        for p in game.pending():
            options = game.options(p)
            game.apply(p, options[rng.randrange(len(options))])
    return game.decisions


@pytest.mark.parametrize("playout", ["play", "play_listing"])
@pytest.mark.parametrize("name", sorted(REFERENCES))
def test_a_reference_keeps_its_invariants_at_every_player_count(name, playout):
    module, counts = REFERENCES[name]
    for players in counts:
        rng = random.Random(players)
        for _ in range(3):
            scores, decisions = getattr(module, playout)(players, rng, module.check_invariants)
            assert len(scores) == players and all(isinstance(s, int) and s >= 0 for s in scores)
            assert decisions > 0


FIXED_LENGTH = [("poison", 3), ("poison", 4), ("poison", 6), ("poisons", 4), ("poisons", 6), ("poisons", 8),
                ("hue", 2), ("hue", 3), ("hue", 4), ("hue", 5)]


@pytest.mark.parametrize("playout", ["play", "play_listing"])
@pytest.mark.parametrize("name, players", FIXED_LENGTH)
def test_a_fixed_length_game_takes_as_many_decisions_as_in_philtre(name, players, playout):
    module, _ = REFERENCES[name]
    rng = random.Random(7)
    for _ in range(2):
        assert getattr(module, playout)(players, rng)[1] == philtre_decisions(name, players)


def test_the_poison_reference_scores_the_rulebook_example():
    # POISON-7: Sara, Richard, Charles, James score 7, 2, 17 and 15
    taken = [3, 2, 0, 1, 0, 6, 2, 0, 2, 5, 6, 2, 6, 1, 6, 4]
    assert poison.score_round(taken, 4) == [7, 2, 17, 15]


@pytest.mark.parametrize("players", [3, 5, 7])
def test_the_listing_pok_reference_plays_whole_rounds_to_a_fifth_counter_or_a_stalemate(players):
    rng = random.Random(players)
    for _ in range(20):
        scores, decisions = pok.play_listing(players, rng, pok.check_invariants)
        assert decisions % players == 0
        assert max(scores) == 5 or (players >= 4 and scores == [4] * players), scores
        assert all(0 <= s <= 5 for s in scores)


def test_the_listing_poisons_reference_scores_within_the_game_s_bounds():
    for players in (4, 6, 8):
        rng = random.Random(players)
        for _ in range(5):
            scores, _ = poisons.play_listing(players, rng, poisons.check_invariants)
            assert all(0 <= s <= 14 for s in scores), scores  # at most 5 + 4 + 3 + 2


def test_the_listing_pok_and_poisons_references_offer_identical_components_once():
    from benchmarks.reference import first_of_each

    assert first_of_each([2, 0, 2, 1, 0, 1]) == [0, 1, 3]  # POK: a disc, a square, a triangle
    assert first_of_each([poisons.PLAIN, poisons.PLAIN, poisons.POISON]) == [0, 2]
    assert first_of_each([poisons.PLAIN]) == [0]


def test_the_listing_hue_reference_lists_two_placements_for_each_legal_triple():
    # HUE-4: after every card, the placements listed are the legal triples found from the
    # covered cells by overlap and touching, each twice (turned by 180 degrees)
    rng = random.Random(5)
    hands, board, _ = hue.setup(4, rng.random)
    cells, legal = board[3], board[4]
    for turn in range(20):
        found = hue.listed_placements(legal)
        assert len(found) == len(set(found)) == 2 * len(legal)
        assert {hue.triple(x, y, rot) for x, y, rot in found} == hue.slow_legal(set(cells))
        assert sorted({rot for _, _, rot in found}) == [0, 90, 180, 270]
        hand = hands[turn % 4]
        card = hand.pop(int(rng.random() * len(hand)))
        x, y, rot = found[int(rng.random() * len(found))]
        hue.place(board, card, hue.triple(x, y, rot), rot // 180)


def test_the_listing_poison_reference_lists_the_legal_moves():
    # POISON-3: poison goes anywhere; a potion to the cauldron of its colour, else to a
    # colourless one only while no cauldron has its colour. Cauldrons: blue, none, red.
    blue, red, purple, poison_card = 0 * 8 + 1, 1 * 8 + 2, 2 * 8 + 5, poison.POISON * 8 + 4
    hand = [red, poison_card, purple, blue, red]
    moves = poison.legal_moves(hand, [0, -1, 1])
    assert moves == [(0, 2), (1, 0), (1, 1), (1, 2), (2, 1), (3, 0)]  # the second red once


def test_the_hue_reference_scores_a_hand_scored_board():
    hue.example()


def test_a_reference_refuses_a_player_count_its_game_does_not_have():
    with pytest.raises(ValueError):
        poisons.play(3, random.Random(1))


def test_the_benchmark_measures_every_shipped_game_against_its_reference():
    rows = run.bench_playouts(games=1, budget=0.01, reps=1)  # one timing a contender: the figures are not checked
    assert {r["game"] for r in rows} == set(REFERENCES)
    for row in rows:
        assert row["philtre"]["decisions"] > 0 and row["reference"]["decisions"] > 0
        assert row["ratio"] > 0
    table = run.playout_table(rows)
    assert all(name in table for name in REFERENCES)
    assert "ratio to fast" in table and "ratio to listing" in table and " - " not in table
    # every case is measured against the listing reference too, which plays as many decisions
    # as philtre in the games of fixed length (POK's length depends on the dice)
    assert all("listing" in r and r["listing_ratio"] > 0 for r in rows)
    for r in rows:
        if r["game"] != "pok":
            assert r["listing"]["decisions"] == r["philtre"]["decisions"] == r["reference"]["decisions"], r


def test_the_benchmark_can_time_one_game_only():
    rows = run.bench_playouts(games=1, budget=0.01, only=("pok",), reps=1)
    assert {r["game"] for r in rows} == {"pok"} and len(rows) == 3


def test_the_documented_command_runs_end_to_end(capsys, monkeypatch):
    """`python -m benchmarks.run` (shortened: --quick, one game, one game per measurement, one cold load a ruleset
    and one round of the CLI's commands) prints every section as JSON; the figures themselves are not checked."""
    import json

    monkeypatch.setattr(run, "REPS", 1)
    bench_cli = run.bench_cli
    monkeypatch.setattr(run, "bench_cli", lambda: bench_cli(reps=1))
    assert run.main(["--quick", "--games", "1", "--game", "pok", "--repeat", "2", "--json"]) == 0
    results = json.loads(capsys.readouterr().out)
    assert [r["game"] for r in results["playouts"]] == ["pok"] * 3
    assert all(len(r[who]["seconds"]) == 2 for r in results["playouts"] for who in ("philtre", "reference", "listing"))
    assert all(r["reference"]["games_per_s"] > 0 and r["listing"]["games_per_s"] > 0 and r["listing_ratio"] > 0
               for r in results["playouts"])
    assert {r["ruleset"] for r in results["loads"]} >= {"poison", "pok", "poisons", "hue"}
    assert results["cli"]["help_s"] > 0 and results["cli"]["validate_s"] > 0 and results["cli"]["validate_first_s"] > 0
    assert results["memory"]["bytes_per_state"] > 0
    assert results["floor"]["us_per_decision"] > 0 and results["floor"]["listing_poison_us_per_decision"] > 0
    assert results["hue_placements"]["legal_placements"] > 0


@pytest.mark.parametrize("flags", [["--repeat", "0"], ["--repeat", "x"], ["--games", "0"], ["--budget", "-1"]])
def test_the_benchmark_refuses_a_bad_flag_with_exit_code_2(flags, capsys):
    with pytest.raises(SystemExit) as refused:
        run.parse_args(flags)
    assert refused.value.code == 2
    assert flags[0] in capsys.readouterr().err


def test_the_floor_game_offers_one_option_a_decision_for_a_thousand_decisions():
    """benchmarks/floor.yaml measures the engine's bookkeeping: nothing to choose, one effect a decision."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game

    game = Game(load_ruleset(run.FLOOR), run.FLOOR_PLAYERS, seed=1)
    while not game.finished:
        (seat,) = game.pending()
        (option,) = game.options(seat)
        game.apply(seat, option)
    assert game.decisions == 1000 and game.state.vars["ticks"] == 1000


@pytest.mark.parametrize("name, players", [("poison", 4), ("pok", 5), ("poisons", 4), ("hue", 2)])
def test_the_benchmark_plays_the_games_of_the_api_loop_with_the_references_pick(name, players, monkeypatch):
    """run.philtre_playouts lets the engine play each game out (Game.play_out): the games, one after the other with
    one generator, are those the loop of pending(), options() and apply() plays, picking int(random() * n)."""
    ruleset = load_ruleset(name)
    draw = random.Random(run.SEED).random
    ends = []
    for i in range(4):
        game = Game(ruleset, players, seed=run.SEED + i)
        while not game.finished:
            for p in game.pending():
                options = game.options(p)
                game.apply(p, options[int(draw() * len(options))])
        ends.append((game.decisions, game.scores, game.state.flow.steps))
    played = []
    play_out = Game.play_out
    monkeypatch.setattr(Game, "play_out", lambda self, **picks: play_out(self, **picks) or played.append(
        (self.decisions, self.scores, self.state.flow.steps)))
    assert run.philtre_playouts(ruleset, players, 4) == sum(d for d, _, _ in ends)
    assert played == ends


def _whole_state(game) -> tuple:
    """What a game's state holds that a playout changes: scores, every zone's components, the face-up ones, the variables."""
    S = game.state
    zones = {(name, i): [c.ident for c in zone] for name, family in S.zones.items() for i, zone in enumerate(family)}
    return S.scores, S.round_scores, zones, sorted(S.revealed), S.vars, S.where, S.dice


@pytest.mark.parametrize("layout", ["philtre's", "kinds"])
@pytest.mark.parametrize("name", sorted(layout_bound.PLAYOUTS))
def test_the_layout_bound_plays_the_games_philtre_plays(name, layout):
    # the hand-written playouts bound what a compiler could reach in their layout only if they play the same games
    by_hand, _, counts = layout_bound.PLAYOUTS[name]
    playout = by_hand if layout == "philtre's" else lambda game, random_: layout_bound.in_kinds(name, game, random_)
    ruleset = load_ruleset(name)
    for players in counts:
        for seed in range(8):
            engine = Game(ruleset, players, seed=seed)
            engine.play_out(random=random.Random(seed).random)
            game = Game(ruleset, players, seed=seed)
            assert playout(game, random.Random(seed).random) == engine.decisions
            assert _whole_state(game) == _whole_state(engine)


@pytest.mark.parametrize("name", sorted(layout_bound.PLAYOUTS))
def test_the_layout_without_idents_plays_the_same_games_as_far_as_kinds_tell(name):
    # what the idents cost is a bound only if the games are the same: the same decisions, scores and round scores
    tables_of, playout = layout_bound.KINDS[name]
    ruleset = load_ruleset(name)
    for players in layout_bound.PLAYOUTS[name][2]:
        for seed in range(8):
            engine = Game(ruleset, players, seed=seed)
            engine.play_out(random=random.Random(seed).random)
            K = layout_bound.laid_out(name, Game(ruleset, players, seed=seed), layout_bound.Anonymous)
            assert playout(K, random.Random(seed).random) == engine.decisions
            assert (K.S.scores, K.S.round_scores) == (engine.state.scores, engine.state.round_scores)


def test_the_layout_bound_prints_its_table(capsys):
    assert layout_bound.main(["--games", "2", "--reps", "1"]) == 0
    table = capsys.readouterr().out.splitlines()
    assert table[0].startswith("| game | players | philtre games/s |") and len(table) == 2 + 6


def _straight(a):
    """Straight-line code: each instruction runs once a call."""
    b = a + 1
    return b * 2


def _summed(n):
    """A loop of n passes."""
    total = 0
    for i in range(n):
        total += i
    return total


def test_the_bytecode_tally_counts_each_instruction_run_and_the_lines_read():
    tally = bytecodes.traced([lambda: _straight(1), lambda: _straight(2)])
    run_once = [i for i in dis.get_instructions(_straight) if i.opname != "RESUME"]  # (a call's event, not a bytecode's)
    assert tally.ran[_straight.__code__] == 2 * len(run_once) and tally.calls[_straight.__code__] == 2
    assert tally.lines[_straight.__code__] == 2  # a short function's one line, in each game
    names = [i.opname for i in dis.get_instructions(_summed)]
    a_pass = names.index("JUMP_BACKWARD") - names.index("FOR_ITER") + 1
    longer, shorter = (bytecodes.traced([lambda n=n: _summed(n)]).ran[_summed.__code__] for n in (7, 3))
    assert longer - shorter == 4 * a_pass


def test_the_bytecode_profile_prints_each_contender(capsys):
    assert bytecodes.main(["pok", "3", "--games", "1", "--top", "3"]) == 0
    sections = capsys.readouterr().out.strip().split("\n\n")
    assert [s.split(":")[0] for s in sections] == ["philtre", "by hand", "listing"]
    assert all(len(s.splitlines()) == 2 + 3 for s in sections)
    assert "<philtre" in sections[0]  # generated code is where philtre's bytecodes run


def test_the_bytecode_profile_refuses_a_player_count_its_game_does_not_have(capsys):
    with pytest.raises(SystemExit) as exit_:
        bytecodes.main(["hue", "9"])
    assert exit_.value.code == 2 and "hue is for 2 to 5 players, not 9" in capsys.readouterr().err


def test_the_agents_speed_benchmark_prints_each_search_agent_against_random(capsys):
    """benchmarks.agents_speed: a row a game, random's seconds a game and each search agent's, with its cost in random
    games; a bad agent, or random alone, is refused with exit code 2."""
    assert agents_speed.main(["--game", "pok", "--games", "1", "--reps", "1", "--agents", "greedy:1,ismcts:2"]) == 0
    table = capsys.readouterr().out.splitlines()
    assert table[0] == "| game | players | random s/game | greedy:1 s/game | x random | ismcts:2 s/game | x random |"
    assert len(table) == 3 and table[2].startswith("| pok | 3 | ")
    assert agents_speed.main(["--game", "pok", "--games", "1", "--reps", "1", "--agents", "greedy:1", "--json"]) == 0
    row, = json.loads(capsys.readouterr().out)["rows"]
    assert row["random_games"]["greedy:1"] == row["seconds"]["greedy:1"] / row["seconds"]["random"] > 0
    for bad in (["--agents", "minimax"], ["--agents", "random"], ["--games", "0"]):
        with pytest.raises(SystemExit) as exit_:
            agents_speed.main(bad)
        assert exit_.value.code == 2


def test_a_benchmark_piped_to_a_reader_that_stops_early_ends_quietly():
    """`python -m benchmarks.bytecodes pok 3 | head -1`: exit 1 and no traceback once the reader has gone."""
    script = "from benchmarks import run_script\ndef main():\n    while True: print('a line of figures', flush=True)\nrun_script(main)"
    root = pathlib.Path(__file__).resolve().parent.parent
    child = subprocess.Popen([sys.executable, "-c", script], cwd=root, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert child.stdout.readline() == b"a line of figures\n"
    child.stdout.close()
    assert child.wait(timeout=60) == 1
    assert child.stderr.read() == b""
