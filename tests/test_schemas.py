"""The JSON Schemas in schemas/: well formed, and they accept what philtre ships and writes.

- every schema is a valid draft-07 schema with its canonical ``$id``;
- every shipped ruleset validates against ruleset.schema.json, both through
  ``philtre.dsl.schema.schema_diagnostics`` and through plain jsonschema with a
  ``referencing`` registry (as an editor or another tool would check it);
- every line of the records of real games (the full record and each player's filtered
  record) validates against record.schema.json, and the record schema rejects lines that
  are not records.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft7Validator
from referencing import Registry, Resource

from philtre.dsl import load_ruleset
from philtre.dsl.schema import schema_diagnostics
from philtre.dsl.yamlpos import load_file
from philtre.interpreter.simulate import play_game

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = ROOT / "schemas"
SCHEMA_FILES = sorted(SCHEMAS.glob("*.json"))
RULESET_FILES = sorted(ROOT.glob("rulesets/*/ruleset.yaml"))
SCENARIO_FILES = sorted(ROOT.glob("rulesets/*/scenarios.yaml"))
ID_BASE = "https://philtre.dev/schemas/"


def plain(value):
    """Map/Seq from yamlpos -> plain dicts and lists with string keys, as JSON would have them."""
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


def _schema(name: str) -> dict:
    return json.loads((SCHEMAS / name).read_text(encoding="utf-8"))


def _registry() -> Registry:
    """Every schema of schemas/ under its $id, so that relative $refs between them resolve offline."""
    return Registry().with_resources(
        (_schema(p.name)["$id"], Resource.from_contents(_schema(p.name))) for p in SCHEMA_FILES
    )


def _validator(name: str) -> Draft7Validator:
    return Draft7Validator(_schema(name), registry=_registry())


def _errors(validator: Draft7Validator, instance) -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path)) or '<root>'}: {e.message}" for e in validator.iter_errors(instance)]


# -- the schemas themselves -------------------------------------------------------------

def test_the_expected_schemas_are_there():
    names = {p.name for p in SCHEMA_FILES}
    assert {"ruleset.schema.json", "scenario.schema.json", "record.schema.json"} <= names


@pytest.mark.parametrize("path", SCHEMA_FILES, ids=lambda p: p.name)
def test_schema_is_valid_draft7(path):
    schema = json.loads(path.read_text(encoding="utf-8"))
    Draft7Validator.check_schema(schema)
    assert schema.get("$schema") == "http://json-schema.org/draft-07/schema#"
    assert schema.get("$id") == ID_BASE + path.name


@pytest.mark.parametrize("path", SCHEMA_FILES, ids=lambda p: p.name)
def test_every_ref_resolves(path):
    """A $ref to a missing definition or file only fails when validation reaches it: resolve them all now."""
    schema = _schema(path.name)
    resolver = _registry().resolver(base_uri=schema["$id"])

    def refs(node):
        if isinstance(node, dict):
            if isinstance(node.get("$ref"), str):
                yield node["$ref"]
            for value in node.values():
                yield from refs(value)
        elif isinstance(node, list):
            for value in node:
                yield from refs(value)

    for ref in refs(schema):
        resolver.lookup(ref)  # raises if unresolvable


# -- shipped rulesets against ruleset.schema.json ---------------------------------------

def test_there_are_shipped_rulesets():
    assert {p.parent.name for p in RULESET_FILES} >= {"poison", "pok"}


@pytest.mark.parametrize("path", RULESET_FILES, ids=lambda p: p.parent.name)
def test_shipped_ruleset_has_no_schema_diagnostics(path):
    data = load_file(str(path))
    assert [str(d) for d in schema_diagnostics(data, "ruleset")] == []


@pytest.mark.parametrize("path", RULESET_FILES, ids=lambda p: p.parent.name)
def test_shipped_ruleset_validates_with_plain_jsonschema(path):
    data = plain(load_file(str(path)))
    assert _errors(_validator("ruleset.schema.json"), data) == []


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=lambda p: p.parent.name)
def test_shipped_scenarios_validate_against_scenario_schema(path):
    data = plain(load_file(str(path)))
    assert isinstance(data.get("scenarios"), list) and data["scenarios"]
    validator = _validator("scenario.schema.json")
    for i, scenario in enumerate(data["scenarios"]):
        assert _errors(validator, scenario) == [], f"{path.name}: scenario {i} ({scenario.get('name')})"


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=lambda p: p.parent.name)
def test_shipped_scenario_files_validate_as_a_whole(path):
    if not (SCHEMAS / "scenario-file.schema.json").exists():
        pytest.skip("no scenario-file schema")
    data = load_file(str(path))
    assert [str(d) for d in schema_diagnostics(data, "scenario-file")] == []
    assert _errors(_validator("scenario-file.schema.json"), plain(data)) == []


MODELINE = "# yaml-language-server: $schema="
# every YAML file shipped or given as an example, and the schema its modeline must name
SHIPPED_YAML = sorted([*ROOT.glob("rulesets/*/*.yaml"), *ROOT.glob("rulesets/*/variants/*.yaml"), *ROOT.glob("examples/**/*.yaml")])


def _schema_for(path: Path) -> str:
    """The schema an editor should check ``path`` with: a ruleset's, a scenarios file's, or an overlay's."""
    return {"ruleset.yaml": "ruleset.schema.json", "scenarios.yaml": "scenario-file.schema.json"}.get(path.name, "overlay.schema.json")


@pytest.mark.parametrize("path", SHIPPED_YAML, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_shipped_yaml_file_names_its_schema_for_editors(path):
    """An editor checks a file only when its first line says which schema: the modeline, pointing at the right one."""
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith(MODELINE), f"{path.relative_to(ROOT)} has no '{MODELINE}...' first line"
    target = (path.parent / first.removeprefix(MODELINE).strip()).resolve()
    assert target == SCHEMAS / _schema_for(path)


def test_ruleset_schema_rejects_what_it_should():
    """Guard against a schema that accepts anything."""
    base = plain(load_file(str(RULESET_FILES[0])))
    validator = _validator("ruleset.schema.json")
    assert _errors(validator, dict(base, rules=3))
    zones = dict(base["zones"])
    first = next(iter(zones))
    zones[first] = dict(zones[first] or {}, visible="someone")
    assert _errors(validator, dict(base, zones=zones))
    assert _errors(validator, {k: v for k, v in base.items() if k != "flow"})


# -- records against record.schema.json -------------------------------------------------

GAMES = [("poison", 3, 11), ("poison", 6, 13), ("pok", 3, 21), ("pok", 4, 22), ("pok", 7, 23), ("poisons", 4, 31), ("hue", 2, 41), ("hue", 5, 42)]


@pytest.fixture(scope="module")
def record_validator():
    return _validator("record.schema.json")


@pytest.fixture(scope="module", params=GAMES, ids=lambda g: f"{g[0]}-{g[1]}p")
def recorded_game(request):
    name, players, seed = request.param
    ruleset = load_ruleset(name)
    game = play_game(ruleset, players, seed, ["random"] * players, record=True)
    assert game.finished
    return game


def test_full_record_validates(recorded_game, record_validator):
    lines = recorded_game.recorder.lines()
    assert len(lines) > 2
    header = json.loads(lines[0])
    assert "philtre_record" in header
    kinds = set()
    for number, line in enumerate(lines, 1):
        event = json.loads(line)
        assert _errors(record_validator, event) == [], f"line {number}: {line[:200]}"
        kinds.add(event.get("event", "header"))
    assert {"header", "decision", "move", "end"} <= kinds


def test_full_record_validates_through_schema_diagnostics(recorded_game):
    for number, line in enumerate(recorded_game.recorder.lines(), 1):
        assert [str(d) for d in schema_diagnostics(json.loads(line), "record")] == [], f"line {number}"


def test_every_players_record_validates(recorded_game, record_validator):
    seats = list(range(recorded_game.state.nplayers)) + [None]  # None: an onlooker
    unique = {}  # most lines are the same for every seat: check each distinct line once
    for seat in seats:
        events = recorded_game.recorder.for_player(seat)
        assert len(events) == len(recorded_game.recorder.events)
        for number, event in enumerate(events, 1):
            unique.setdefault(json.dumps(event, sort_keys=True), (seat, number))
    for text, (seat, number) in unique.items():
        event = json.loads(text)  # as it would be written and read back
        assert _errors(record_validator, event) == [], f"seat {seat}, line {number}: {text[:200]}"


def test_filtered_records_hide_something_in_poison(record_validator):
    """Poison hands are private: a player's record holds hidden components, and they still validate."""
    ruleset = load_ruleset("poison")
    game = play_game(ruleset, 3, 5, ["random"] * 3, record=True)
    text = json.dumps(game.recorder.for_player(0))
    assert '{"hidden": true}' in text
    assert '{"hidden": true}' not in json.dumps(game.recorder.events)


def test_all_event_kinds_are_covered_by_shipped_games():
    """Between them, the shipped games write every event kind the schema lists, and no other; `failed`, written only
    by a game a rule stops, is checked against the schema in tests/test_cli.py, `gather`, written only by a game
    hiding a count (no shipped game does), in tests/test_hidden_counts.py, `set_aside`, written only by a game that
    takes a die out (no shipped game does), in tests/test_dice.py, `say`, written only by a game that says
    something (no shipped game does), in tests/test_say.py, `tell`, written only by a game that tells a fact of a
    zone (no shipped game does), in tests/test_tell.py, and `cut`, written only for a game a run cuts off
    (simulate --max-decisions), in tests/test_max_decisions.py."""
    schema = _schema("record.schema.json")
    listed = set(schema["definitions"]["event"]["properties"]["event"]["enum"])
    seen = set()
    for name, players, seed in GAMES:
        game = play_game(load_ruleset(name), players, seed, ["random"] * players, record=True)
        seen |= {e.get("event") for e in game.recorder.events[1:]}
    assert seen <= listed
    apart = {"failed", "gather", "set_aside", "say", "tell", "cut"}
    assert listed - seen == apart, f"no shipped game writes {sorted(listed - seen - apart)}"


RECORD_HEADER = {
    "philtre_record": 1,
    "ruleset": {"name": "poison", "source": "poison", "variants": [], "hash": "sha256:0123456789abcdef"},
    "players": 3, "seed": 7, "agents": ["random", "random", "random"],
}
ZONE = {"zone": "hand", "index": 0}
CARD = {"type": "potion", "id": 3, "color": "red", "value": 4, "points": 1}

GOOD_LINES = [
    RECORD_HEADER,
    {"event": "shuffle", "zone": {"zone": "deck", "index": 0}, "order": [2, 0, 1]},
    {"event": "shuffle", "zone": {"zone": "deck", "index": 0}, "order": None},
    {"event": "deal", "from": {"zone": "deck", "index": 0}, "to": [dict(ZONE, components=[CARD, {"hidden": True}])]},
    {"event": "decision", "player": 0, "action": "play", "args": {"card": CARD, "into": {"zone": "cauldron", "index": 2}}},
    {"event": "decision", "player": 1, "action": "play", "args": {"card": {"hidden": True}, "seat": 2, "word": "x"}},
    {"event": "decision", "player": 2, "action": "pass", "args": {
        "cards": [{"type": "potion", "hidden": True}, {"zone": "hand", "index": 1}, 3],
        "face": {"symbol": "disc", "count": 1}}},
    {"event": "move", "from": ZONE, "to": {"zone": "taken", "index": 0}, "components": [{"hidden": True}]},
    {"event": "move", "from": ZONE, "to": {"zone": "vault", "index": 0}, "components": [CARD, {"hidden": True, "count": None}]},
    {"event": "reveal", "zone": ZONE, "components": [CARD]},
    {"event": "reveal", "zone": ZONE, "to": [1], "components": [{"hidden": True}]},  # a look another seat took
    {"event": "reveal", "variable": "tent", "value": [3, 5]},  # a variable's value shown to all
    {"event": "reveal", "variable": "tent", "index": 1, "to": [0], "value": {"hidden": True}},
    {"event": "roll", "dice": {"die1": {"symbol": "disc", "count": 1}}},
    {"event": "set", "variable": "dealer", "value": 1},
    {"event": "set", "variable": "bid", "index": 2, "value": {"hidden": True}},
    {"event": "set", "variable": "note", "value": {"hidden": False, "value": {"hidden": True}}},  # a map of the rules'
    {"event": "decision", "player": 0, "action": "pick", "args": {"m": {"hidden": False, "value": {"hidden": True}}}},
    {"event": "score", "player": 0, "points": -2.5, "total": 3},
    {"event": "round_end", "round": 1, "points": [1, 0, 2], "totals": [1, 0, 2]},
    {"event": "end", "scores": [1, 0, 2], "winners": [1]},
]

BAD_LINES = [
    {},
    {"event": "explode"},
    dict(RECORD_HEADER, players=0),
    dict(RECORD_HEADER, extra=1),
    {k: v for k, v in RECORD_HEADER.items() if k != "seed"},
    dict(RECORD_HEADER, ruleset={"name": "poison"}),
    {"event": "shuffle", "zone": "deck", "order": [1]},
    {"event": "shuffle", "zone": {"zone": "deck", "index": 0}, "order": {"hidden": True}},
    {"event": "deal", "from": ZONE, "to": [ZONE]},
    {"event": "move", "from": ZONE, "to": ZONE, "components": [{"type": "potion"}]},
    {"event": "move", "from": ZONE, "to": ZONE, "components": [{"hidden": False}]},
    {"event": "move", "from": ZONE, "to": ZONE, "components": [{"hidden": True, "count": 3}]},
    {"event": "move", "from": ZONE, "to": ZONE, "components": [dict(CARD, id="3")]},
    {"event": "decision", "player": -1, "action": "play", "args": {}},
    {"event": "decision", "player": 0, "action": "play", "args": {"into": {"zone": "cauldron"}}},
    {"event": "decision", "player": 0, "action": "pass", "args": {"cards": [{"type": "potion", "hidden": False}]}},
    {"event": "decision", "player": 0, "action": "pass", "args": {"card": {"hidden": True, "color": "red"}}},
    {"event": "decision", "player": 0, "action": "pass", "args": {"m": {"hidden": False, "value": 3}}},
    {"event": "decision", "player": 0, "action": "pass", "args": {"cards": [{"zone": "hand"}]}},
    {"event": "reveal", "zone": ZONE, "components": [{"hidden": True}]},
    {"event": "reveal", "variable": "tent"},
    {"event": "reveal", "variable": "tent", "zone": ZONE, "value": 3},
    {"event": "score", "player": 0, "points": True, "total": 1},
    {"event": "end", "scores": [1, 2], "winners": [0, 0]},
    {"event": "round_end", "round": 0, "points": [], "totals": []},
]


@pytest.mark.parametrize("line", GOOD_LINES, ids=lambda e: e.get("event", "header"))
def test_record_schema_accepts(line, record_validator):
    assert _errors(record_validator, line) == []


@pytest.mark.parametrize("line", BAD_LINES, ids=lambda e: json.dumps(e)[:60])
def test_record_schema_rejects(line, record_validator):
    assert _errors(record_validator, line) != []


def test_a_map_value_in_a_record_has_keys_in_the_language_words():
    """Keys of a map kept in a variable: a component by type and id, a zone by name and index, true/none as written."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game
    from philtre.interpreter.records import plain_json

    game = Game(load_ruleset("poison"), 4, seed=1)
    card, cauldron = game.state.zones["hand"][1][0], game.state.zones["cauldron"][2]
    assert plain_json({card: 1, cauldron: [card], True: 2, None: 3, 7: 4, "word": 5}) == {
        f"{card['type']}#{card['id']}": 1, "cauldron[2]": [dict(card)], "true": 2, "none": 3, "7": 4, "word": 5}


# -- patterns: Python reads them as an editor does ------------------------------------------

def _patterns(value):
    """Every `pattern` in a schema, wherever it is."""
    if isinstance(value, dict):
        if isinstance(value.get("pattern"), str):
            yield value["pattern"]
        for item in value.values():
            yield from _patterns(item)
    elif isinstance(value, list):
        for item in value:
            yield from _patterns(item)


def _ecma(pattern: str) -> str:
    """``pattern`` for Python's re with ECMA-262's `$` (an editor's): the end of the text, never before a final line break."""
    out, i, in_class = [], 0, False
    while i < len(pattern):
        char = pattern[i]
        if char == "\\":
            out.append(pattern[i:i + 2])
            i += 2
            continue
        in_class = (in_class and char != "]") or (not in_class and char == "[")
        out.append("\\Z" if char == "$" and not in_class else char)
        i += 1
    return "".join(out)


ALL_PATTERNS = sorted({p for path in SCHEMA_FILES for p in _patterns(_schema(path.name))})
WRITTEN = ["hand", "poison", "3..6", "sha256:0af3", "R001", "a -> b", "p in players", "total(z)", "", "x y"]


@pytest.mark.parametrize("pattern", ALL_PATTERNS)
def test_every_pattern_reads_alike_in_python_and_in_an_editor(pattern):
    """jsonschema matches with Python's re.search, whose `$` also matches before a final "\\n": "hand\\n" was a name."""
    import re

    for text in WRITTEN:
        for written in (text, text + "\n", text + "\n\n", "\n" + text):
            assert bool(re.search(pattern, written)) == bool(re.search(_ecma(pattern), written)), (pattern, written)


NAMED = """\
game: mini
players: 2..4
components:
  card: {attributes: {value: [1, 2]}, start: deck}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
variables:
  round_count: 0
actions:
  play:
    choose: {card: "hand[me]"}
    do:
      - move: card -> deck
flow:
  - deal: {from: deck, to: hand, count: 1}
  - decide: play
    player: 0
"""


@pytest.mark.parametrize("old, new", [
    ("  hand: {each", '  "hand\\n": {each'),                  # a zone
    ("  play:\n", '  "play\\n":\n'),                            # an action
    ("{value: [1, 2]}", '{"value\\n": [1, 2]}'),                # an attribute
    ("  round_count: 0", '  "round_count\\n": 0'),              # a variable
    ("game: mini", 'game: "mini\\n"'),                          # the game
    ("players: 2..4", 'players: "2..4\\n"'),                    # a range of players
    ("  - decide: play\n", '  - decide: "play\\n"\n'),          # an action named where it is decided
])
def test_a_name_ending_in_a_line_break_is_refused_where_it_is_written(tmp_path, old, new):
    from philtre.dsl.errors import PhiltreError

    assert NAMED.count(old) == 1
    path = tmp_path / "ruleset.yaml"
    text = NAMED.replace(old, new)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(PhiltreError) as info:
        load_ruleset(str(path))
    first = info.value.diagnostics[0]
    line = text.count("\n", 0, text.index(new.strip())) + 1
    assert (first.code, first.loc.line) == ("V001", line), str(first)
    assert "\\n'" in first.message and "is not" in first.message, str(first)


# -- what philtre reports itself (S002, S003, S030), an editor flags too ---------------------

# a value each key of a statement takes, so that only which keys are together decides
STATEMENT_VALUES = {
    "move": "a -> b", "rotate": "hand", "by": 1, "shuffle": "deck", "deal": {"from": "deck", "to": "hands"}, "roll": "d6", "set_aside": "d6", "set": {"x": 1},
    "let": {"x": 1}, "score": {"player": 0, "add": 1}, "reveal": "hand", "place": {"piece": "c", "to": "g", "at": "a"}, "say": "'go'",
    "tell": {"what": "hand", "none": "c.rank == 1"},
    "run": "refill(hand, 1)", "do": [], "for": "p in players", "repeat": 2, "until": "true", "turns": "players", "round": [], "end_game": {},
    "decide": "play", "simultaneous": "play", "when": "true", "else": [], "name": "n", "as": "i", "player": 0, "players": "players",
    "until_chosen": "stop",
}


def _philtre_refuses(keys) -> bool:
    """Whether the compiler reports S002 or S003 for a statement of these keys (dsl/statements.py's rules)."""
    from philtre.dsl.statements import COMMON_KEYS, KIND_PRECEDENCE, STATEMENTS

    kinds = [k for k in keys if k in STATEMENTS]
    if not kinds:
        return True  # S002
    kind = min(kinds, key=KIND_PRECEDENCE.index)
    allowed = {kind, *STATEMENTS[kind][1], *COMMON_KEYS}
    return (any(k not in allowed for k in keys) or ("else" in keys and "when" not in keys)  # S003
            or (kind == "decide" and "until" in keys and "until_chosen" not in keys))  # (until ends an asking again)


def test_the_editor_schema_flags_every_statement_philtre_refuses_as_s002_or_s003():
    """Every statement of up to three keys: the schema an editor uses flags it exactly when philtre reports it."""
    from itertools import combinations

    from philtre.dsl.statements import STATEMENTS

    assert set(STATEMENTS) | {"when", "else", "name", "as", "player", "players", "by", "until_chosen"} == set(STATEMENT_VALUES)
    statement = Draft7Validator({"$ref": ID_BASE + "ruleset.schema.json#/definitions/statement"}, registry=_registry())
    wrong = []
    for size in (1, 2, 3):
        for keys in combinations(sorted(STATEMENT_VALUES), size):
            flagged = not statement.is_valid({k: STATEMENT_VALUES[k] for k in keys})
            if flagged != _philtre_refuses(keys):
                wrong.append((keys, "flagged" if flagged else "not flagged"))
    assert not wrong


def test_the_editor_schema_flags_an_empty_flow():
    base = plain(load_file(str(RULESET_FILES[0])))
    assert _errors(_validator("ruleset.schema.json"), dict(base, flow=[]))


@pytest.mark.parametrize("old, new, code", [
    ("  - decide: play\n    player: 0\n", "  - name: lonely\n", "S002"),
    ("      - move: card -> deck\n", "      - move: card -> deck\n        do: []\n", "S003"),
    ("  - decide: play\n    player: 0\n", "  - decide: play\n    player: 0\n    else: []\n", "S003"),
    ("flow:\n  - deal: {from: deck, to: hand, count: 1}\n  - decide: play\n    player: 0\n", "flow: []\n", "S030"),
])
def test_philtre_still_reports_them_with_its_own_code(tmp_path, old, new, code):
    """The editor-only parts of the schema are left out of philtre's schema check: the finding keeps its code and words."""
    from philtre.dsl.errors import PhiltreError

    assert NAMED.count(old) == 1
    path = tmp_path / "ruleset.yaml"
    path.write_text(NAMED.replace(old, new), encoding="utf-8")
    with pytest.raises(PhiltreError) as info:
        load_ruleset(str(path))
    assert [d.code for d in info.value.diagnostics] == [code], [str(d) for d in info.value.diagnostics]


def test_the_overlay_schema_takes_at_most_64_players_as_the_ruleset_schema_does():
    overlay = _validator("overlay.schema.json")
    assert not _errors(overlay, {"extends": "poison", "players": 64})
    assert _errors(overlay, {"extends": "poison", "players": 65})
