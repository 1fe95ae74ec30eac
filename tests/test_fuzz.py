"""Fuzzing: broken rulesets and broken expressions are answered with findings, never a crash.

Hypothesis generates random bytes, mutated YAML text, mutated ruleset structures and
random expressions (from the language's own words) put in every kind of place. Each is
validated fully (YAML, schema, compilation, layouts, lints), and if it compiles, played
once per player count. Every problem must come back as a PhiltreError (a finding); any
other exception is a bug.

CI runs a few dozen examples per test, the same ones every run. For a long run, set
PHILTRE_FUZZ_EXAMPLES (examples per test) and the examples become random, e.g.:

    PHILTRE_FUZZ_EXAMPLES=5000 python -m pytest tests/test_fuzz.py -x
"""

from __future__ import annotations

import json
import os
import tempfile

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from philtre.dsl.errors import PhiltreError
from philtre.dsl.validate import check_file
from philtre.dsl.yamlpos import load_text
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
  best: max([total(hand[p]) for p in players] + [0])
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
    "definition": "max([total(hand[p]) for p in players] + [0])",
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
