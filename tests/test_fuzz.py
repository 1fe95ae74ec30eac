"""Fuzzing: broken rulesets and broken expressions are answered with findings, never a crash.

Hypothesis generates random bytes, mutated YAML text, mutated ruleset structures and
random expressions (from the language's own words) put in every kind of place. Each is
validated fully (YAML, schema, compilation, layouts, lints), and if it compiles, played
once per player count. Every problem must come back as a PhiltreError (a finding); any
other exception is a bug.

The shipped games and variants are mutated too and played to their end (records that must
replay); reshaped (a choice added, a `when` added, a statement dropped or doubled), they are
played by the engine's compiled fast path (``play_out``) and by the API loop, which must end
alike; their rulebook examples (scenarios.yaml) are mutated, loaded and run; records are mutated and replayed, random command lines are run, and files are
checked under Windows line endings and with Unicode oddities.

CI runs a few dozen examples per test, the same ones every run. For a long run, set
PHILTRE_FUZZ_EXAMPLES (examples per test) and the examples become random, e.g.:

    PHILTRE_FUZZ_EXAMPLES=5000 python -m pytest tests/test_fuzz.py -x
"""

from __future__ import annotations

import copy
import functools
import json
import os
import random
import tempfile
from pathlib import Path

import yaml
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from philtre.dsl import ast
from philtre.dsl.errors import Loc, PhiltreError
from philtre.dsl.parser import parse
from philtre.dsl.validate import check_file
from philtre.dsl.values import is_whole
from philtre.dsl.yamlpos import load_text
from philtre.interpreter.replay import replayed
from philtre.interpreter.smoke import play_one

LONG_RUN = "PHILTRE_FUZZ_EXAMPLES" in os.environ
EXAMPLES = int(os.environ.get("PHILTRE_FUZZ_EXAMPLES", "30"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=not LONG_RUN, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much])

VALID = """\
game: fuzz
players: 2..3
step_limit: 3000
components:
  card: {attributes: {suit: [red, blue], rank: [1, 2, 3, 4, 5]}, start: deck}
  chip: {each: player, start: "pile[owner]"}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
  pile: {each: player}
  table: {copies: 2}
variables:
  dealer: 0
  seen: {initial: [], each: player, visible: owner}
dice:
  d6: [{pips: 1}, {pips: 2}, {pips: 3}, {pips: 4}, {pips: 5}, {pips: 6}]
define:
  total(z): sum(c.rank for c in z if c is card)
  best: max([total(pile[p]) for p in players] + [0])  # (piles: face up, so the loop that reads it tells nothing)
actions:
  play:
    choose: {card: "hand[me]", to: table}
    if: count(to) < 3 or card.rank > 2
    do:
      - move: card -> to
      - set: {"seen[me]": "seen[me] + [card.rank]"}
  pass:
    do: []
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, count: 3}
  - roll: d6
  - turns: dealer
    until: all(count(hand[p]) == 0 for p in players) or best > 12
    do:
      - decide: [play, pass]
        when: count(hand[current]) > 0
  - for: p in players
    do:
      - score: {player: p, add: "total(pile[p]) + d6.pips"}
winners: {highest: ["score[p]", "-p"]}
"""

WORDS = ["deck", "hand", "pile", "table", "dealer", "seen", "d6", "total", "best", "players", "player_count", "score",
         "round_number", "components", "dice", "game_over", "winners", "me", "current", "p", "c", "x", "card", "chip",
         "rank", "suit", "pips", "owner", "id", "type", "__class__", "__import__", "sum", "count", "min", "max", "any",
         "all", "first", "last", "distinct", "sorted", "abs", "range", "left", "right", "seats_from", "round_score",
         "take", "subsets", "zone_of", "index", "and", "or", "not", "in", "is", "if", "else", "for", "true", "false",
         "none", "0", "1", "2", "13", "99999", "1.5", "'red'", '"blue"', "(", ")", "[", "]", "{", "}", ",", ":", ".",
         "+", "-", "*", "/", "//", "%", "==", "!=", "<", "<=", ">", ">=", "->", "$", "#", "\\", "'", '"']

expressions = st.lists(st.sampled_from(WORDS), min_size=1, max_size=25).map(" ".join)
raw_expressions = st.text(alphabet=st.sampled_from(list("abcdehkprst_0123456789 ()[]{},.:+-*/%<>=!'\"\\#$\n\t")), max_size=60)

PLACES = {  # where an expression goes in VALID (the text it replaces)
    "condition": "count(to) < 3 or card.rank > 2",
    "choices": '"hand[me]"',
    "when": "count(hand[current]) > 0",
    "until": "all(count(hand[p]) == 0 for p in players) or best > 12",
    "points": '"total(pile[p]) + d6.pips"',
    "definition": "max([total(pile[p]) for p in players] + [0])",
    "deal count": "count: 3}",
    "winners key": '"-p"',
    "set value": '"seen[me] + [card.rank]"',
    "move": "card -> to",
    "copies": 'start: "pile[owner]"',
}

_folder = tempfile.TemporaryDirectory(prefix="philtre-fuzz-")


def answered(text) -> None:
    """Validate ``text`` (str or bytes) as a ruleset file, then play it if it compiled: findings only, never a crash."""
    path = os.path.join(_folder.name, "ruleset.yaml")
    with open(path, "wb") as handle:
        handle.write(text if isinstance(text, bytes) else text.encode("utf-8"))
    report = check_file(path)  # anything but a PhiltreError inside escapes and fails the test
    for f in report.findings:
        assert f.diagnostic.code[:1].isalpha() and f.diagnostic.message
    if report.ruleset is not None and not report.errors:
        for n in range(report.ruleset.min_players, report.ruleset.max_players + 1):
            error = play_one(report.ruleset, n, seed=n, coverage=__import__("collections").Counter())
            assert error is None or isinstance(error, PhiltreError)


def put(place: str, expression: str) -> str:
    """VALID with the expression at ``place`` (quoted for YAML, so that YAML does not get in the way)."""
    old = PLACES[place]
    quoted = json.dumps(expression)
    if place == "deal count":
        return VALID.replace(old, f"count: {quoted}}}")
    if place == "move":
        return VALID.replace(f"move: {old}", f"move: {quoted}")
    if place == "copies":
        return VALID.replace(old, f"{old}, copies: {quoted}")
    return VALID.replace(old, quoted)


def test_the_valid_ruleset_is_valid():
    path = os.path.join(_folder.name, "valid.yaml")
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(VALID)
    report = check_file(path)
    assert [str(f.diagnostic) for f in report.findings] == []
    answered(VALID)


@FUZZ
@given(st.sampled_from(sorted(PLACES)), expressions)
def test_random_expressions_in_every_place(place, expression):
    answered(put(place, expression))


@FUZZ
@given(st.sampled_from(sorted(PLACES)), raw_expressions)
def test_random_characters_as_expressions(place, expression):
    answered(put(place, expression))


@FUZZ
@given(st.binary(max_size=400))
def test_random_bytes(data):
    answered(data)


@FUZZ
@given(st.lists(st.tuples(st.integers(0, len(VALID)), st.integers(0, 12), st.text(alphabet="{}[]:,-|>&*!#'\" \n\tab01", max_size=6)),
                min_size=1, max_size=6))
def test_mutated_yaml_text(edits):
    text = VALID
    for at, cut, insert in edits:
        at = min(at, len(text))
        text = text[:at] + insert + text[at + cut:]
    answered(text)


@FUZZ
@given(st.lists(st.tuples(st.integers(0, 200), st.integers(0, 200)), min_size=1, max_size=4))
def test_shuffled_and_duplicated_lines(moves):
    lines = VALID.splitlines(keepends=True)
    for a, b in moves:
        a, b = a % len(lines), b % len(lines)
        if a % 2:
            lines[a], lines[b] = lines[b], lines[a]
        else:
            lines.insert(b, lines[a])
    answered("".join(lines))


scalars = st.one_of(st.none(), st.booleans(), st.integers(-10**20, 10**20), st.floats(allow_nan=True),
                    st.sampled_from(WORDS), expressions, st.text(max_size=10))
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                        st.dictionaries(st.sampled_from(WORDS + ["do", "when", "name"]), inner, max_size=4)),
                      max_leaves=12)


@FUZZ
@given(st.lists(st.tuples(st.lists(st.integers(0, 30), min_size=1, max_size=5), values), min_size=1, max_size=4))
def test_mutated_ruleset_structures(replacements):
    data = yaml.safe_load(VALID)
    for path, value in replacements:
        node, parent, key = data, None, None
        for step in path:  # walk down to some node, then replace it
            children = list(node.items()) if isinstance(node, dict) else list(enumerate(node)) if isinstance(node, list) else []
            if not children:
                break
            parent, (key, node) = node, children[step % len(children)]
            if step % 3 == 0:
                break
        if parent is not None:
            parent[key] = value
    try:
        text = yaml.safe_dump(data, allow_unicode=True)
    except (yaml.YAMLError, ValueError):  # hypothesis made something YAML cannot write
        return
    answered(text)


OVERLAY = """\
extends: ruleset.yaml
description: a fuzzed house rule
players: 3
define:
  best: max([total(pile[p]) for p in players] + [1])
actions:
  play:
    if: count(to) < 4
"""


@FUZZ
@given(st.lists(st.tuples(st.integers(0, len(OVERLAY)), st.integers(0, 8), st.text(alphabet="{}[]:,-$|&*#'\" \nab01", max_size=5)),
                max_size=5))
def test_mutated_overlays(edits):
    text = OVERLAY
    for at, cut, insert in edits:
        at = min(at, len(text))
        text = text[:at] + insert + text[at + cut:]
    with open(os.path.join(_folder.name, "ruleset.yaml"), "w", encoding="utf-8") as handle:
        handle.write(VALID)
    path = os.path.join(_folder.name, "overlay.yaml")
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)
    report = check_file(path)
    if not edits:
        assert [str(f.diagnostic) for f in report.findings] == []


@FUZZ
@given(st.text(max_size=300))
def test_random_text_as_yaml(text):
    try:
        load_text(text, "fuzz.yaml")
    except PhiltreError:
        pass


# -- the shipped games, their overlays, records, the command line ------------------------------

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = {p.parent.name: p for p in sorted((ROOT / "rulesets").glob("*/ruleset.yaml"))}
SHIPPED_OVERLAYS = sorted((ROOT / "rulesets").glob("*/variants/*.yaml"))
STEP_CAP = 20_000  # a mutated game that runs away stops here (R200), soon
SLOW = settings(FUZZ, max_examples=EXAMPLES if LONG_RUN else 8)  # tests that play whole shipped games


def _children(node) -> list:
    return list(node.items()) if isinstance(node, dict) else list(enumerate(node)) if isinstance(node, list) else []


def _texts(node) -> list:
    """Every string in a YAML structure, keys too: what an edit may put elsewhere."""
    if isinstance(node, dict):
        return [t for k, v in node.items() for t in [str(k), *_texts(v)]]
    if isinstance(node, list):
        return [t for v in node for t in _texts(v)]
    return [node] if isinstance(node, str) else []


# (where: steps down the tree, what to do there, a value): edits that often leave a ruleset valid, so that it is played
EDITS = st.tuples(st.lists(st.integers(0, 40), min_size=1, max_size=7),
                  st.sampled_from(["number", "number", "borrow", "borrow", "delete", "duplicate", "swap", "value"]),
                  st.one_of(st.integers(-3, 12), values))


def edited(data, edits):
    """``data`` (parsed YAML) changed by ``edits`` in place: numbers nudged, texts taken from elsewhere in the
    file, list items deleted, duplicated or swapped, keys deleted, any value put anywhere."""
    texts = _texts(data) or ["x"]
    for path, kind, value in edits:
        parent, key, node = None, None, data
        for step in path:
            children = _children(node)
            if not children or (parent is not None and step % 4 == 0):
                break
            parent, (key, node) = node, children[step % len(children)]
        if parent is None:
            continue
        if kind == "number" and type(node) is int:
            parent[key] = node + value if isinstance(value, int) else node + 1
        elif kind == "borrow" and isinstance(node, str):
            parent[key] = texts[(value if isinstance(value, int) else len(node)) % len(texts)]
        elif kind == "delete":
            del parent[key]
        elif kind == "duplicate" and isinstance(parent, list):
            parent.insert(key, copy.deepcopy(node))
        elif kind == "swap" and isinstance(parent, list) and len(parent) > 1:
            other = (key + (value if isinstance(value, int) else 1)) % len(parent)
            parent[key], parent[other] = parent[other], parent[key]
        elif kind == "value":
            parent[key] = value
    return data


def dumped(data):
    """YAML text of ``data``, or None where hypothesis made something YAML cannot write."""
    try:
        return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    except (yaml.YAMLError, ValueError):
        return None


def played_to_the_end(ruleset, path: str, seed: int) -> None:
    """Every allowed player count played to its end by random decisions (or stopped by a finding), with a
    record that replays event for event, and every seat's view and record: a crash anywhere fails the test."""
    from philtre.interpreter.game import Game

    for n in range(ruleset.min_players, ruleset.max_players + 1):
        rng = random.Random(seed + n)
        try:
            game = Game(ruleset, n, seed=seed + n, record=True)
            while not game.finished:
                for p in game.pending():
                    game.apply(p, rng.choice(game.options(p)))
            for seat in [None, *range(n)]:
                game.recorder.for_player(seat)
                if seat is not None:
                    game.view(seat)
        except PhiltreError as exc:
            if getattr(exc, "recorder", None) is None:
                event("a game stopped by a finding")
                continue
            # stopped at a rule: its record, up to the failure, replays to the same failure
            event("a game stopped at a rule, its record replayed to the failure")
            record = os.path.join(_folder.name, "failed.jsonl")
            exc.recorder.write(record)
            again = replayed(record, ruleset)
            assert again.failure is not None and again.failure.first == exc.first, (str(exc), str(again.failure))
            continue
        event("a game played to its end and replayed")
        record = os.path.join(_folder.name, "game.jsonl")
        game.recorder.write(record)
        again = replayed(record, ruleset)  # a finished game replays: a PhiltreError here is a bug too
        assert again.scores == game.scores and again.winners == game.winners


def edited_shipped(game: str, edits, name: str):
    """The shipped ``game`` edited by ``edits`` and written as ``name`` in the test's folder, its step limit capped; None
    where YAML cannot hold the result."""
    data = edited(yaml.safe_load(SHIPPED[game].read_text(encoding="utf-8")), edits)
    if isinstance(data, dict):
        data["step_limit"] = STEP_CAP if not is_whole(data.get("step_limit"), 1, STEP_CAP) else data["step_limit"]
    text = dumped(data)
    if text is None:
        return None
    path = os.path.join(_folder.name, name)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)
    return path


@SLOW
@given(st.sampled_from(sorted(SHIPPED)), st.lists(EDITS, min_size=1, max_size=3), st.integers(0, 2**32))
def test_mutated_shipped_rulesets_play_to_their_end(game, edits, seed):
    path = edited_shipped(game, edits, "shipped.yaml")
    if path is None:
        return
    report = check_file(path)
    event("compiled" if report.ruleset is not None and not report.errors else "refused")
    if report.ruleset is not None and not report.errors:
        played_to_the_end(report.ruleset, path, seed)


def key_renamed(data, path, key) -> None:
    """The key of a mapping inside ``data`` (found by ``path``, as ``edited`` walks) renamed ``key``: a number, a word."""
    node = data
    for step in path:
        children = [child for _, child in _children(node) if isinstance(child, (dict, list))]
        if not children:
            break
        node = children[step % len(children)]
    if isinstance(node, dict) and node:
        old = list(node)[path[-1] % len(node)]
        node[key] = node.pop(old)


@SLOW
@given(st.sampled_from(sorted(SHIPPED)), st.lists(EDITS, min_size=1, max_size=3),
       st.lists(st.tuples(st.lists(st.integers(0, 40), min_size=1, max_size=7), st.one_of(st.integers(-3, 12), st.sampled_from(WORDS))), max_size=2))
def test_mutated_scenarios_are_answered_with_findings_and_results(game, edits, renames):
    """A shipped game's rulebook examples (scenarios.yaml) edited: loading them is a finding or a ruleset, and running
    them gives results (a scenario failing is a result): never a crash (a step's `args: {0: ...}` crashed validate)."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter.scenarios import run_scenarios

    folder = Path(_folder.name) / "scenarios"
    folder.mkdir(exist_ok=True)
    (folder / "ruleset.yaml").write_text(SHIPPED[game].read_text(encoding="utf-8"), encoding="utf-8")
    data = edited(yaml.safe_load((SHIPPED[game].parent / "scenarios.yaml").read_text(encoding="utf-8")), edits)
    for path, key in renames:
        key_renamed(data, path, key)
    if isinstance(data, dict) and isinstance(data.get("scenarios"), list):
        data["scenarios"] = data["scenarios"][:6]  # (a few: each one plays a game)
    text = dumped(data)
    if text is None:
        return
    (folder / "scenarios.yaml").write_text(text, encoding="utf-8")
    try:
        ruleset = load_ruleset(str(folder))
    except PhiltreError:
        event("refused")
        return
    event("loaded")
    results = run_scenarios(ruleset)
    assert all(isinstance(str(result), str) for result in results)


def exchanged_unseen(game, seat, rng):
    """A copy of ``game`` with two components ``seat`` cannot see (face down, in zones it does not see into, told apart
    by their attributes) exchanged, each taking the other's place; None where there are no two such."""
    copy = game.copy()
    S, specs = copy.state, copy.ruleset.zones
    spots = [(zone, i) for name, family in S.zones.items() if not specs[name].grid for zone in family
             if not specs[name].sees_contents(zone.key[1], seat) for i, c in enumerate(zone) if c.ident not in S.revealed]
    rng.shuffle(spots)
    for (one, i), (other, j) in zip(spots, spots[1:]):
        a, b = one[i], other[j]
        if a.signature != b.signature:
            one[i], other[j] = b, a
            S.where[a.ident], S.where[b.ident] = other.key, one.key
            return copy
    return None


@SLOW
@given(st.sampled_from(sorted(SHIPPED)), st.lists(EDITS, min_size=0, max_size=2), st.integers(0, 2**32))
def test_what_a_seat_cannot_see_exchanged_leaves_its_view_the_same(game, edits, seed):
    """Hidden information stays hidden: two games that differ only in which hidden card lies where give every seat
    that cannot see them the same view, at random points of random games of mutated shipped rulesets."""
    from philtre.interpreter.game import Game

    path = edited_shipped(game, edits, "unseen.yaml")
    report = check_file(path, lints=False) if path is not None else None
    if report is None or report.ruleset is None or report.errors:
        return
    rng = random.Random(seed)
    n = rng.randint(report.ruleset.min_players, report.ruleset.max_players)
    try:
        played = Game(report.ruleset, n, seed=seed)
        for _ in range(rng.randrange(40)):
            if played.finished:
                break
            for p in played.pending():
                played.apply(p, rng.choice(played.options(p)))
    except PhiltreError:
        return
    for seat in [None, *range(n)]:
        other = exchanged_unseen(played, seat, rng)
        if other is not None:
            event("two hidden components exchanged")
            assert other.view(seat) == played.view(seat), f"seat {seat} sees which hidden component lies where"


@SLOW
@given(st.sampled_from(SHIPPED_OVERLAYS), st.one_of(
    st.lists(EDITS, min_size=1, max_size=3),
    st.lists(st.tuples(st.integers(0, 3000), st.integers(0, 8), st.text(alphabet="{}[]:,-$|&*#'\" \nab01", max_size=5)),
             min_size=1, max_size=4)))
def test_mutated_shipped_overlays(overlay, edits):
    """A shipped variant edited as a tree or as text, kept on its shipped game (`extends:` by name), checked and played."""
    text = overlay.read_text(encoding="utf-8")
    if isinstance(edits[0][0], list):  # edits of the tree
        data = edited(yaml.safe_load(text), edits)
        if isinstance(data, dict):
            data["step_limit"] = STEP_CAP
        text = dumped(data)
        if text is None:
            return
    else:  # edits of the text
        text = f"step_limit: {STEP_CAP}\n" + text
        for at, cut, insert in edits:
            at = min(at, len(text))
            text = text[:at] + insert + text[at + cut:]
    path = os.path.join(_folder.name, overlay.name)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)
    report = check_file(path)
    event("compiled" if report.ruleset is not None and not report.errors else "refused")
    if report.ruleset is not None and not report.errors:
        played_to_the_end(report.ruleset, path, len(text))


# -- the engine's fast path against its plain one, on mutated rulesets --------------------------

def _walked(data) -> tuple:
    """(every statement, every block): the statements (dicts) of a ruleset tree's flow and actions' bodies, nested
    blocks included, and the lists of statements they stand in."""
    statements, blocks = [], []
    stack = [data.get("flow"), *(a.get("do") for a in (data.get("actions") or {}).values() if isinstance(a, dict))]
    while stack:
        node = stack.pop()
        if isinstance(node, list):
            if node and all(isinstance(item, dict) for item in node):
                blocks.append(node)
            stack.extend(node)
        elif isinstance(node, dict):
            statements.append(node)
            stack.extend(value for value in node.values() if isinstance(value, list))
    return statements, blocks


def reshaped(data, shapes):
    """``data`` (a shipped ruleset's tree) with statements and actions given other shapes, which the compiled fast paths
    treat apart: a choice no effect reads, a `when` on a statement, a statement dropped or written twice."""
    for kind, at in shapes:
        if kind == "choice":
            actions = [a for a in (data.get("actions") or {}).values() if isinstance(a, dict) and isinstance(a.get("choose"), dict)]
            if actions:
                actions[at % len(actions)]["choose"][f"extra{at}"] = "[0, 1, 2]"
        elif kind in ("when", "when not"):
            statements = [stmt for stmt in _walked(data)[0] if "when" not in stmt]
            if statements:
                statements[at % len(statements)]["when"] = "round_number != 2" if kind == "when" else "player_count > 1"
        else:
            blocks = _walked(data)[1]
            if blocks:
                block = blocks[at % len(blocks)]
                if kind == "drop":
                    del block[at % len(block)]
                else:
                    block.insert(at % len(block), copy.deepcopy(block[at % len(block)]))
    return data


def _end_of(game, error) -> tuple:
    """What a game ends with: its failure's text, places, faces, scores, winners, steps, work left, decisions, variables."""
    if game is None:
        return (str(error),)
    S = game.state
    return (str(error) if error is not None else None, {kind: [[c.ident for c in z] for z in family] for kind, family in S.zones.items()},
            sorted(S.revealed), S.scores, game.winners, S.round_scores, S.flow.steps, game._work_left, game.decisions, repr(S.vars))


def played_both_ways(ruleset, n: int, seed: int) -> tuple:
    """(play_out's end, the API loop's, a recorded API loop's): the same picks, options[int(random() * len(options))]."""
    from philtre.interpreter.game import Game

    ends = []
    for way in ("play_out", "loop", "recorded"):
        draw, game, error = random.Random(seed).random, None, None
        try:
            game = Game(ruleset, n, seed=seed, record=way == "recorded")
            if way == "play_out":
                game.play_out(random=draw)
            while not game.finished:
                for p in game.pending():
                    options = game.options(p)
                    game.apply(p, options[int(draw() * len(options))])
        except PhiltreError as exc:
            error = exc
        ends.append(_end_of(game, error))
    return tuple(ends)


@SLOW
@given(st.sampled_from(sorted(SHIPPED)), st.lists(st.tuples(st.sampled_from(["choice", "choice", "when", "when not", "drop", "twice"]),
                                                            st.integers(0, 1000)), min_size=1, max_size=3), st.integers(0, 2**32))
def test_mutated_shipped_rulesets_are_played_by_play_out_as_by_the_api_loop(game, shapes, seed):
    """A random playout by the engine (``play_out``, the compiled runners of a game neither recorded nor counted) ends
    as the API loop's and a recorded game's with the same picks, or fails as they fail: for rulesets of other shapes
    than the shipped ones (a differential fuzz of such rulesets found three shapes that failed with a Python error)."""
    data = reshaped(yaml.safe_load(SHIPPED[game].read_text(encoding="utf-8")), shapes)
    data["step_limit"] = STEP_CAP
    path = os.path.join(_folder.name, "reshaped.yaml")
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(yaml.safe_dump(data, allow_unicode=True, sort_keys=False))
    report = check_file(path)
    event("compiled" if report.ruleset is not None and not report.errors else "refused")
    if report.ruleset is None or report.errors:
        return
    for n in sorted({report.ruleset.min_players, report.ruleset.max_players}):
        out, loop, recorded = played_both_ways(report.ruleset, n, seed + n)
        assert out == loop, f"play_out and the API loop differ: {game} {shapes} x{n} seed {seed + n}"
        assert recorded == loop, f"a recorded game and the API loop differ: {game} {shapes} x{n} seed {seed + n}"


# -- the compiler's shortcuts against the shapes they do not take, on rewritten rulesets -------------

def _scoped(node, scope: frozenset):
    """Each node of an expression's tree with the local names in scope there: a definition's parameters (``scope``)
    and the variables of the comprehensions around it (a clause's own iterable sees only the clauses before it)."""
    yield node, scope
    if isinstance(node, ast.Comprehension):
        inner = scope
        for clause in node.clauses:
            yield from _scoped(clause.iterable, inner)
            inner = inner | {clause.var}
            for condition in clause.conditions:
                yield from _scoped(condition, inner)
        yield from _scoped(node.element, inner)
        return
    for value in node.field_values():
        for item in (value if isinstance(value, tuple) else (value,)):
            for child in (item if isinstance(item, tuple) else (item,)):
                if isinstance(child, ast.Node):
                    yield from _scoped(child, scope)


def _replaced(value, target, new):
    """``value`` (a node, or a tuple of them) with the node ``target`` replaced by ``new``."""
    if value is target:
        return new
    if isinstance(value, tuple):
        return tuple(_replaced(item, target, new) for item in value)
    if isinstance(value, ast.Node):
        return type(value)(**{field: _replaced(v, target, new) for field, v in zip(value._fields, value.field_values())})
    return value


def rewritten(data, rewrites):
    """``data`` (a shipped ruleset's tree) with definitions rewritten to mean the same in another shape, which the
    compiler's shortcuts treat apart: a part of a body moved into a definition of its own, given the local names it
    reads (``extract``), or a definition's body moved into another that it calls (``route``)."""
    defines = data.get("define") or {}
    for k, (kind, at) in enumerate(rewrites):
        bodies = [key for key, body in defines.items() if isinstance(body, str)]
        if not bodies:
            return data
        key = bodies[at % len(bodies)]
        name, _, params = key.partition("(")
        params = [p.strip() for p in params.rstrip(")").split(",") if p.strip()]
        tree = parse(defines[key], Loc("<fuzz>"))
        if kind == "route":
            defines[key] = f"via{k}({', '.join(params)})"
            defines[f"via{k}{key[len(name):]}"] = ast.text(tree)
            continue
        parts = [(node, scope) for node, scope in _scoped(tree, frozenset(params))
                 if not isinstance(node, (ast.Const, ast.Name))]
        if not parts:
            continue
        node, scope = parts[at % len(parts)]
        reads = sorted({n.name for n, bound in _scoped(node, frozenset()) if isinstance(n, ast.Name) and n.name in scope - bound})
        defines[f"part{k}({', '.join(reads)})" if reads else f"part{k}"] = ast.text(node)
        call = ast.Call(pos=0, func=f"part{k}", args=tuple(ast.Name(pos=0, name=r) for r in reads)) if reads else ast.Name(pos=0, name=f"part{k}")
        defines[key] = ast.text(_replaced(tree, node, call))
    return data


def played_by_the_loop(ruleset, n: int, seed: int) -> tuple:
    """(every decision's options, the end): a game played by the API loop with the picks options[int(random() * len)]."""
    from philtre.interpreter.game import Game

    draw, listed, game, error = random.Random(seed).random, [], None, None
    try:
        game = Game(ruleset, n, seed=seed)
        while not game.finished:
            for p in game.pending():
                options = game.options(p)
                listed.append(repr(options))
                game.apply(p, options[int(draw() * len(options))])
    except PhiltreError as exc:
        error = exc
    return listed, _end_of(game, error)[:5] + (game and game.decisions,)


@SLOW
@given(st.sampled_from(sorted(SHIPPED)), st.lists(st.tuples(st.sampled_from(["extract", "extract", "route"]), st.integers(0, 1000)),
                                                  min_size=1, max_size=3), st.integers(0, 2**32))
def test_rewritten_shipped_rulesets_play_the_shipped_games(game, rewrites, seed):
    """A shipped game whose definitions are rewritten to mean the same in other shapes lists the same options at
    every decision and ends alike (places, faces, scores, winners, decisions) with the same picks: the compiler's
    shortcuts (memo reads, folds, values kept across a loop's passes, bodies written out) give what the shapes they
    do not take give. (Not the work charged: the shapes charge their own.) A fuzz of such rewrites found a
    definition's function reading its caller's table of kept values (a NameError) and a body written out over several
    lines cut (a SyntaxError on load)."""
    data = yaml.safe_load(SHIPPED[game].read_text(encoding="utf-8"))
    shipped = check_file(str(SHIPPED[game])).ruleset
    path = os.path.join(_folder.name, "rewritten.yaml")
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(yaml.safe_dump(rewritten(data, rewrites), allow_unicode=True, sort_keys=False))
    report = check_file(path)
    assert report.ruleset is not None and not report.errors, [str(f.diagnostic) for f in report.errors]
    for n in sorted({shipped.min_players, shipped.max_players}):
        assert played_by_the_loop(report.ruleset, n, seed + n) == played_by_the_loop(shipped, n, seed + n), \
            f"{game} {rewrites} x{n} seed {seed + n}"


# -- records given to `philtre replay` ----------------------------------------------------------

@functools.lru_cache(maxsize=None)
def recorded_game() -> tuple:
    """(record file, its events): a 2-player game of VALID, written once; its ruleset has a file of its own."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter.game import Game

    ruleset_path = os.path.join(_folder.name, "recorded.yaml")
    with open(ruleset_path, "w", encoding="utf-8") as handle:
        handle.write(VALID)
    rng = random.Random(5)
    game = Game(load_ruleset(ruleset_path), 2, seed=5, record=True)
    while not game.finished:
        for p in game.pending():
            game.apply(p, rng.choice(game.options(p)))
    return tuple(json.dumps(e) for e in game.recorder.events)


json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70), st.floats(), st.text(max_size=8),
              st.sampled_from(["decision", "play", "pass", "hand", "deck", "table", "card", "random", "sha256:0", "poison"])),
    lambda inner: st.one_of(st.lists(inner, max_size=3),
                            st.dictionaries(st.sampled_from(["event", "player", "action", "args", "card", "to", "zone", "index",
                                                             "id", "type", "components", "hidden", "source"]), inner, max_size=3)),
    max_leaves=6)
# (which line, what to do, where in it, a value): lines changed, dropped, doubled, moved, or garbled as text
RECORD_EDITS = st.tuples(st.integers(0, 10**6), st.sampled_from(["set", "set", "set", "delete", "drop", "double", "move", "text"]),
                         st.lists(st.integers(0, 40), max_size=4), json_values)


def _edit_json(node, path, kind, value):
    """``node`` with the value at ``path`` (steps down the tree) replaced by ``value`` or deleted."""
    parent, key = None, None
    for step in path:
        children = _children(node)
        if not children:
            break
        parent, (key, node) = node, children[step % len(children)]
    if parent is None:
        return value if kind == "set" else node
    if kind == "delete":
        del parent[key]
    else:
        parent[key] = value
    return None


@FUZZ
@given(st.lists(RECORD_EDITS, min_size=1, max_size=3))
def test_mutated_records_are_replayed_or_refused_at_a_line(edits):
    lines = list(recorded_game())
    for at, kind, path, value in edits:
        i = at % len(lines)
        if kind in ("set", "delete"):
            try:
                line = json.loads(lines[i])
            except ValueError:  # garbled by an earlier edit: it stays so
                continue
            whole = _edit_json(line, path, kind, value)
            lines[i] = json.dumps(line if whole is None else whole)
        elif kind == "drop":
            del lines[i]
        elif kind == "double":
            lines.insert(i, lines[i])
        elif kind == "move":
            lines.insert(sum(path) % len(lines), lines.pop(i))
        else:
            cut = sum(path) % (len(lines[i]) + 1)
            lines[i] = lines[i][:cut] + (value if isinstance(value, str) else json.dumps(value)) + lines[i][cut + len(path):]
        if not lines:
            lines = [""]
    path = os.path.join(_folder.name, "mutated.jsonl")
    with open(path, "w", encoding="utf-8", errors="surrogatepass") as handle:
        handle.write("\n".join(lines) + "\n")
    try:
        replayed(path)
        event("replayed")
    except PhiltreError as exc:
        d = exc.first
        event(f"refused: {d.code}")
        assert d.code[:1].isalpha() and d.message, str(d)
        assert d.loc.path == path or d.code in ("F001", "F002", "P003", "R001") or d.loc.path.endswith(".yaml"), str(d)


# -- the command line ---------------------------------------------------------------------------

def _cli_files() -> dict:
    """Files the command line is given: a small valid ruleset, an overlay of it, broken and hostile files, a record."""
    folder = os.path.join(_folder.name, "cli")
    os.makedirs(os.path.join(folder, "variants"), exist_ok=True)
    files = {"ruleset.yaml": VALID, "variants/house.yaml": OVERLAY.replace("extends: ruleset.yaml", "extends: ../ruleset.yaml"),
             "broken.yaml": put("condition", "count(to) <"), "empty.yaml": "", "list.yaml": "- 1\n"}
    for name, text in files.items():
        with open(os.path.join(folder, name), "w", encoding="utf-8") as handle:
            handle.write(text)
    with open(os.path.join(folder, "game.jsonl"), "w", encoding="utf-8") as handle:
        handle.write("\n".join(recorded_game()) + "\n")
    return {name: os.path.join(folder, name) for name in [*files, "game.jsonl"]} | {"folder": folder}


CLI_RULESETS = ["ruleset.yaml", "ruleset.yaml", "folder", "broken.yaml", "empty.yaml", "list.yaml", "variants/house.yaml",
                "poison", "pok", "game.jsonl", "no-such-game", "", ".", "/dev/null", "/", "-"]
CLI_VALUES = {
    "--variant": ["house", "variants/house.yaml", "draw-pile", "nope", "", ",", "house,house"],
    "-p": ["2", "3", "4", "0", "65", "x"], "--seed": ["0", "1", "-1", "9223372036854775807", "9223372036854775808", "x"],
    "--agents": ["random", "greedy", "greedy:1", "random,greedy", "random,random,random,random", "ismcts:0", "ismcts:x", "", ",", "nobody"],
    "--db": ["runs.sqlite", "", "/", "."], "--csv": ["out.csv", "", "/"], "--record": ["records", "", "/dev/null"],
    "--stop-on": ["win0", "length", "drama", "never", "win9", "x", ""], "--alpha": ["0.05", "0", "x", "nan"],
    "--format": ["text", "json", "github", "x"], "--smoke": ["0", "1", "-1", "x"], "--ignore": ["L", "", "C002"],
    "-k": ["", "a", "\x00"], "--seat": ["0", "1", "5", "-1", "x"],
}
CLI_OPTIONS = {
    "validate": ["--format", "--source", "--no-source", "--smoke", "--seed", "--ignore", "--no-lint", "--exit-zero", "--variant"],
    "test": ["--variant", "-k", "--json"], "show": ["--variant", "--origins"], "diff": ["--variant", "--full"], "games": ["--json"],
    "variants": ["--json"], "play": ["-p", "--seat", "--seed", "--variant"], "replay": ["--seat", "--onlooker"],
    "simulate": ["-p", "--seed", "--variant", "--agents", "--db", "--no-db", "--resume", "--json", "--csv", "--coverage", "--record"],
    "compare": ["-p", "--seed", "--variant", "--agents", "--stop-on", "--alpha", "--no-db", "--json"], "new": ["--force"],
}


@st.composite
def command_lines(draw):
    files = _cli_files()
    command = draw(st.sampled_from(sorted(CLI_OPTIONS) + ["nope"]))
    args = [command]
    for _ in range(draw(st.sampled_from([0, 1, 1, 1, 2] if command in ("games", "variants") else [1, 1, 1, 1, 1, 2]))):
        name = draw(st.sampled_from(CLI_RULESETS if command != "new" else ["game", "ruleset.yaml", "", "/", "a/b"]))
        args.append(files.get(name, name))
    for option in draw(st.lists(st.sampled_from(CLI_OPTIONS.get(command) or ["--json"]), max_size=4)):
        args.append(option)
        if option in CLI_VALUES:
            args.append(draw(st.sampled_from(CLI_VALUES[option])))
    if command in ("compare", "diff") and "--variant" not in args and draw(st.booleans()):
        args += ["--variant", draw(st.sampled_from(CLI_VALUES["--variant"]))]  # required there
    if command in ("simulate", "compare", "play") and "-p" not in args and draw(st.booleans()):
        args += ["-p", draw(st.sampled_from(["2", "3", "4"]))]  # without it, most of these stop at a usage error
    if command in ("simulate", "compare"):  # a few games, played here
        args += ["-n", "2", "--workers", "1"] + (["--batch", "2"] if command == "compare" else [])
    return args


@SLOW
@given(command_lines(), st.text(alphabet="0123 x\n", max_size=20))
def test_random_command_lines_exit_0_1_or_2_with_a_message_never_a_traceback(args, typed):
    from click.testing import CliRunner

    from philtre.interpreter.cli import main

    here = os.getcwd()
    with tempfile.TemporaryDirectory(dir=_folder.name) as folder:  # what the command writes (a results database) goes there
        os.chdir(folder)
        try:
            result = CliRunner().invoke(main, args, input=typed)
        finally:
            os.chdir(here)
    event(f"{args[0]}: exit {result.exit_code}")
    shown = result.stdout + result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit), (args, repr(result.exception))
    assert result.exit_code in (0, 1, 2), (args, result.exit_code, shown[-500:])
    assert "Traceback" not in shown and "internal error" not in shown, (args, shown[-500:])


# -- deep, long and odd text --------------------------------------------------------------------

WRAPPERS = ["(%s)", "[%s]", "not %s", "-%s", "%s + 1", "1 - %s", "count(%s)", "{%s: 1}", "[x for x in %s]", "%s if true else 0",
            "sum(%s)", "%s.rank", "%s[0]", "max(%s, 1)", "[%s, %s]", "%s and %s", "%s * %s"]


@FUZZ
@given(st.sampled_from(sorted(PLACES)), st.lists(st.sampled_from(WRAPPERS), max_size=400), expressions, st.integers(0, 1500))
def test_deeply_nested_and_long_expressions(place, wrappers, core, repeat):
    """Expressions nested hundreds deep, or as long as the limit allows: an E100 finding in moments, never a crash."""
    expression = core
    for wrapper in wrappers:
        expression = wrapper.replace("%s", expression) if len(expression) < 5000 else expression
    if repeat % 3 == 0:
        expression = " + ".join([core] * repeat)[:4100]
    answered(put(place, expression))


ODD = ["\ufeff", "\x00", "\ud800", "\udfff", "\u202e", "\u2066", "\u200b", "\u200d", "\u00a0", "\u3000", "\r\n", "\r", "\x85",
       "\u2028", "\u2029", "\t", "\x1b", "\x7f", "\x9b", "\u0301", "\uff11", "\u0665", "\U0001F600", "\ufffd", "\\e", "\\x00",
       "\\u2028", "\\ud800", "\\t", "\\N", "é", "ǅ", "ﬁ", "İ"]


@FUZZ
@given(st.lists(st.tuples(st.integers(0, len(VALID)), st.integers(0, 3), st.sampled_from(ODD)), min_size=1, max_size=4),
       st.sampled_from(sorted(PLACES)), st.lists(st.sampled_from(ODD + WORDS), max_size=6))
def test_unicode_oddities_in_yaml_and_expressions(edits, place, words):
    """BOMs, NULs, lone surrogates, bidi and zero-width marks, line separators, other scripts' digits, escapes of
    all of these: put in the file anywhere, and in an expression. Each gets a finding or is read as written."""
    text = put(place, " ".join(words)) if words else VALID
    for at, cut, insert in edits:
        at = min(at, len(text))
        text = text[:at] + insert + text[at + cut:]
    answered(text.encode("utf-8", "surrogatepass"))


@FUZZ
@given(st.lists(st.tuples(st.integers(0, len(VALID)), st.integers(0, 12), st.text(alphabet="{}[]:,-|>&*!#'\" \n\tab01", max_size=6)),
                max_size=4), st.sampled_from(sorted(PLACES)), st.lists(st.sampled_from(WORDS), min_size=1, max_size=8),
       st.sampled_from([">", "|-", "'", '"', ""]))
def test_windows_line_endings_and_a_bom_change_no_finding_s_place(edits, place, words, style):
    """The same file saved with "\\r\\n", with a lone "\\r" or with a BOM gets the same findings at the same places,
    an expression written over several lines (folded, literal, quoted or plain) included."""
    expression = " ".join(words)
    old = PLACES[place]
    line = next(line for line in VALID.splitlines() if old in line)
    indent = "\n" + " " * (len(line) - len(line.lstrip()) + 4)
    pieces = [" ".join(words[i:i + 2]).replace("\\", "").replace(style or "#", "") for i in range(0, len(words), 2)]
    written = style + indent.join(pieces) + (style if style in "'\"" else "") if style in ("'", '"', "") else style + indent + indent.join(pieces)
    text = VALID.replace(old, written, 1) if place not in ("deal count", "move", "copies") else put(place, expression)
    for at, cut, insert in edits:
        at = min(at, len(text))
        text = text[:at] + insert + text[at + cut:]
    text = text.replace("\r", "")

    def places(variant: str) -> list:
        path = os.path.join(_folder.name, "endings.yaml")
        with open(path, "wb") as handle:
            handle.write(variant.encode("utf-8"))
        return [(f.diagnostic.code, f.diagnostic.loc.line, f.diagnostic.loc.col) for f in check_file(path).findings]

    want = places(text)
    assert places(text.replace("\n", "\r\n")) == want
    assert places(text.replace("\n", "\r")) == want
    assert places("\ufeff" + text) == want
