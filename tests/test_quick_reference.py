"""docs/quick-reference.md, the cheat sheet, keeps up with the engine.

- every builtin (``BUILTINS``), statement kind (``STATEMENTS``) and key of the schemas (a ruleset's, a component
  type's, a zone's, an action's, a scenario's and its ``given``'s) has a row;
- every example of its tables compiles in the small game its introduction describes (``SHEET_GAME``): expressions
  and builtins as values in an action, statements in an action's ``do`` (or the flow, for the flow's own kinds),
  keys merged into the game, scenario keys in a scenario of it;
- each gotcha holds as the sheet writes it;
- every link into language.md names a heading there, and the sheet is linked from README.md and from the top of
  language.md and writing-a-ruleset.md.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from philtre.dsl.builtins import BUILTINS
from philtre.dsl.statements import FLOW_ONLY_KINDS, STATEMENTS
from philtre.dsl.validate import check_file

ROOT = Path(__file__).resolve().parents[1]
SHEET = ROOT / "docs" / "quick-reference.md"
LANGUAGE = ROOT / "docs" / "language.md"
SCHEMAS = ROOT / "schemas"

# The game the sheet's introduction describes: every example reads its names.
SHEET_GAME = """\
philtre: 1
game: quickref
players: 2..4
components:
  card: {attributes: {suit: [red, blue], rank: 1..8}, start: deck}
  tile: {attributes: {color: [red, blue]}, derive: {cells: "[color, color]"}, start: supply}
zones:
  deck: {visible: nobody}
  discard: {visible: everyone}
  table: {visible: everyone}
  supply: {visible: everyone}
  hand: {each: player, visible: owner}
  won: {each: player}
  board: {grid: {resolution: 1}, visible: everyone}
variables:
  dealer: 0
  led: null
  total: 0
  passed: {initial: false, each: player}
  edges: {initial: [[1, 2], [2, 3]]}
dice:
  d6: [{pips: 1}, {pips: 2}, {pips: 3}, {pips: 4}, {pips: 5}, {pips: 6}]
define:
  points(p): sum(c.rank for c in won[p])
  pot: count(table)
show: [pot]
blocks:
  refill(z):
    - deal: {from: deck, to: "[z]", count: 1}
actions:
  play:
    choose: {card: "hand[me]"}
    do:
      - move: card -> table
  pass: {}
flow:
  - round:
      - shuffle: deck
      - deal: {from: deck, to: hand, count: 3}
      - turns: dealer
        until: count(deck) == 0
        do:
          - decide: [play, pass]
            name: turn
teams: "[[p for p in players if p % 2 == t] for t in range(2)]"
"""

ROW = re.compile(r"^\| \[(?P<label>[^\]]+)\]\((?P<link>[^)]+)\)(?P<flow> \(flow\))? \| (?P<syntax>.*?) \| `(?P<example>[^`]+)` \|$")


def sheet() -> str:
    return SHEET.read_text(encoding="utf-8")


def rows() -> dict[str, list[dict]]:
    """The rows of each `## ` section's table: label (the backticks taken off), link, flow (a flow-only statement), example."""
    found: dict[str, list[dict]] = {}
    section = ""
    for line in sheet().splitlines():
        if line.startswith("## "):
            section = line[3:].strip()
        m = ROW.match(line)
        if m:
            found.setdefault(section, []).append({**m.groupdict(), "label": m["label"].strip("`"), "line": line})
    return found


def slugs(text: str):
    """The anchors of a page's headings, as GitHub makes them (code blocks left out; a repeated one gets -1, -2...)."""
    seen: dict[str, int] = {}
    fenced = False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
            continue
        m = None if fenced else re.match(r"^#{1,6} (.+?)\s*$", line)
        if m:
            slug = re.sub(r"[^\w\- ]", "", m.group(1).lower()).replace(" ", "-")
            seen[slug] = seen.get(slug, -1) + 1
            yield slug if seen[slug] == 0 else f"{slug}-{seen[slug]}"


def written(tmp_path: Path, game: dict, scenarios: list | None = None) -> Path:
    """A new folder holding the game, and its scenarios.yaml if any."""
    folder = tmp_path / f"game{len(list(tmp_path.iterdir()))}"
    folder.mkdir()
    (folder / "ruleset.yaml").write_text(yaml.safe_dump(game, sort_keys=False), encoding="utf-8")
    if scenarios is not None:
        (folder / "scenarios.yaml").write_text(yaml.safe_dump({"scenarios": scenarios}, sort_keys=False), encoding="utf-8")
    return folder


def errors_of(tmp_path: Path, game: dict, scenarios: list | None = None) -> list[str]:
    """The errors (not the lints) of the game, with its scenarios if any."""
    return [f"{f.diagnostic.code} {f.diagnostic.message}" for f in check_file(str(written(tmp_path, game, scenarios)),
                                                                                 lints=False).errors]


def compiles(tmp_path: Path, examples: list, build) -> None:
    """Every example, built into a game by ``build(game, examples) -> (game, scenarios)``, compiles: all at once, then,
    where that fails, one at a time to name those that do not."""
    if not errors_of(tmp_path, *build(yaml.safe_load(SHEET_GAME), examples)):
        return
    wrong = {}
    for example in examples:
        found = errors_of(tmp_path, *build(yaml.safe_load(SHEET_GAME), [example]))
        if found:
            wrong[example["line"]] = found
    assert not wrong, "examples of docs/quick-reference.md that do not compile:\n" + "\n".join(
        f"{line}\n    {errors}" for line, errors in wrong.items())
    pytest.fail("the examples compile one by one, not all together: two of them clash (a name twice?)")


def test_the_sheets_game_is_clean(tmp_path):
    assert errors_of(tmp_path, yaml.safe_load(SHEET_GAME)) == []


def test_the_tables_were_read():
    sections = rows()
    assert len([r for rs in sections.values() for r in rs]) > 100, sorted(sections)
    lines = [line for line in sheet().splitlines() if line.startswith("| [")]
    read = {r["line"] for rs in sections.values() for r in rs}
    assert not [line for line in lines if line not in read], "rows of the sheet not written `| [label](link) | syntax | `example` |`"


MERGED = {"components", "zones", "variables", "dice", "define", "blocks", "actions"}


def with_keys(game: dict, examples: list) -> tuple[dict, None]:
    """The game with each example's keys: maps merged into its own, other values in place of its own."""
    for example in examples:
        for key, value in yaml.safe_load(example["example"]).items():
            if key in MERGED:
                game[key] = {**game.get(key, {}), **value}
            else:
                game[key] = value
    return game, None


@pytest.mark.parametrize("section", ["Top-level keys", "Components", "Zones", "Actions"])
def test_the_keys_examples_compile(tmp_path, section):
    examples = rows()[section]
    assert examples
    compiles(tmp_path, examples, with_keys)


def with_values(game: dict, examples: list) -> tuple[dict, None]:
    """The game with each example an expression named by a `let` in the action `play` (`me` and `card` bound)."""
    lets = [{"let": {f"example{i}": example["example"]}} for i, example in enumerate(examples)]
    game["actions"]["play"]["do"] = lets + game["actions"]["play"]["do"]
    return game, None


def test_the_expressions_and_builtins_examples_compile(tmp_path):
    examples = [r for section, rs in rows().items() if section == "Expressions" or section.startswith("Builtins")
                for r in rs]
    compiles(tmp_path, examples, with_values)


def with_statements(game: dict, examples: list) -> tuple[dict, None]:
    """The game with each example statement in the action `play`'s `do`, a flow-only one at the end of the flow."""
    for example in examples:
        [statement] = yaml.safe_load(example["example"])
        if example["flow"]:
            game["flow"].append(statement)
        else:
            game["actions"]["play"]["do"].append(statement)
    return game, None


def test_the_statements_examples_compile(tmp_path):
    examples = rows()["Statements"]
    for example in examples:
        [statement] = yaml.safe_load(example["example"])
        kind = example["label"]
        assert kind in statement, f"the example of '{kind}' is no {kind} statement: {example['example']}"
        assert bool(example["flow"]) == (kind in FLOW_ONLY_KINDS), f"'{kind}' is marked (flow) wrongly"
    compiles(tmp_path, examples, with_statements)


def with_scenarios(game: dict, examples: list) -> tuple[dict, list]:
    """The game and one scenario an example: two players, `expect: [true]`, then the example's keys."""
    scenarios = []
    for i, example in enumerate(examples):
        scenario = {"name": f"example {i}", "players": 2, "expect": ["true"]}
        scenario.update(yaml.safe_load(example["example"]))
        scenarios.append(scenario)
    return game, scenarios


def test_the_scenarios_examples_compile(tmp_path):
    examples = rows()["Scenarios"]
    for example in examples:
        key = example["label"].split(".")[0]
        assert key in yaml.safe_load(example["example"]), f"the example of '{example['label']}' does not give {key}"
    compiles(tmp_path, examples, with_scenarios)


def labels(*sections: str) -> set[str]:
    found = rows()
    return {r["label"] for s in found if s.startswith(sections) for r in found[s]}


@pytest.mark.parametrize("name", sorted(BUILTINS))
def test_every_builtin_has_a_row(name):
    assert name in labels("Builtins"), f"docs/quick-reference.md has no row for the builtin {name}()"


@pytest.mark.parametrize("kind", sorted(STATEMENTS))
def test_every_statement_kind_has_a_row(kind):
    assert kind in labels("Statements"), f"docs/quick-reference.md has no row for the statement '{kind}'"


def schema_keys() -> list[tuple[str, str]]:
    """(section of the sheet, key) for every key of the schemas a ruleset and a scenario are written with."""
    ruleset = json.loads((SCHEMAS / "ruleset.schema.json").read_text(encoding="utf-8"))
    scenario = json.loads((SCHEMAS / "scenario.schema.json").read_text(encoding="utf-8"))
    kinds = ruleset["definitions"]
    keys = [("Top-level keys", k) for k in ruleset["properties"]]
    keys += [(section, k) for section, kind in (("Components", "componentType"), ("Zones", "zone"), ("Actions", "action"))
             for k in kinds[kind]["properties"]]
    keys += [("Scenarios", k) for k in scenario["properties"] if k != "given"]
    keys += [("Scenarios", f"given.{k}") for k in scenario["properties"]["given"]["properties"]]
    keys += [("Scenarios", f"steps.{k}") for k in scenario["definitions"]["step"]["properties"]
             if k not in ("player", "action", "args")]
    return keys


@pytest.mark.parametrize("section, key", schema_keys())
def test_every_key_of_the_schemas_has_a_row(section, key):
    assert key in labels(section), f"docs/quick-reference.md's '{section}' has no row for the key '{key}'"


def test_every_link_names_a_heading():
    anchors = set(slugs(LANGUAGE.read_text(encoding="utf-8")))
    own = set(slugs(sheet()))
    links = re.findall(r"\]\(([^)]*)\)", sheet())
    broken = [link for link in links if link.startswith("language.md#") and link.split("#", 1)[1] not in anchors]
    broken += [link for link in links if link.startswith("#") and link[1:] not in own]
    assert not broken, f"links of docs/quick-reference.md to no heading: {broken}"


@pytest.mark.parametrize("page, link, lines", [("README.md", "docs/quick-reference.md", None),
                                               ("docs/language.md", "quick-reference.md", 12),
                                               ("docs/writing-a-ruleset.md", "quick-reference.md", 12)])
def test_the_sheet_is_linked(page, link, lines):
    text = (ROOT / page).read_text(encoding="utf-8")
    if lines:
        text = "\n".join(text.splitlines()[:lines])
    assert f"]({link})" in text, f"{page} does not link the quick reference{' in its first lines' if lines else ''}"


# -- the gotchas: each, as the sheet writes it, holds ---------------------------------------
# (the sheet's words; a change to the sheet's game; the codes it then gets, errors and the lints named: [] for none)

def _in(where: list, *statements):
    """A change adding the statements to the list at ``where`` in the game."""
    def change(game):
        for key in where:
            game = game[key]
        game.extend(statements)
    return change


PLAY = ["actions", "play", "do"]
GOTCHAS = [
    ("`none` there is the word (`L018`)", lambda g: g["variables"].update(led="none"), ["L018"]),
    ("A `move`'s `at:` is `top`, `bottom` or a depth",
     _in(PLAY, {"move": "card -> discard", "at": "top"}, {"move": "card -> discard", "at": "bottom"}), []),
    ('`at: "0 if card.rank > 4 else count(discard)"`',
     _in(PLAY, {"move": "card -> discard", "at": "0 if card.rank > 4 else count(discard)"}), []),
    ("""`"'bottom' if card.rank > 4 else 'top'"` (`E120`)""",
     _in(PLAY, {"move": "card -> discard", "at": "'bottom' if card.rank > 4 else 'top'"}), ["E120"]),
    ('`reveal: "[table, won]"`', _in(PLAY, {"reveal": "[table, won]"}), []),
    ("the YAML list `[table, won]` (`V001`)", _in(PLAY, {"reveal": ["table", "won"]}), ["V001"]),
    ("`show_sorted: [suit, rank]`, not `true` (`V001`)", lambda g: g["zones"]["hand"].update(show_sorted=True), ["V001"]),
    ("""`derive: {order: "index(['J', 'Q', 'K', 'A'], rank)"}`""",
     lambda g: g["components"].update(face={"attributes": {"rank": ["J", "Q", "K", "A"]}, "start": "discard",
                                            "derive": {"order": "index(['J', 'Q', 'K', 'A'], rank)"}}), []),
    ("`[7, 8, J]` as two numbers and a word, which `>` or `+` cannot mix (`L037`)",
     lambda g: (g["components"].update(face={"attributes": {"rank": [7, 8, "J"]}, "start": "discard"}),
                g["define"].update(high="[f for f in discard if f is face and f.rank > 7]")), ["L037"]),
    ("`{x: 0}` is keyed by the value of a name `x`", _in(PLAY, {"let": {"at": "{x: 0}"}}), ["E150"]),
    ("""`say: "'go'"`, `why: "'a high card'"`""",
     _in(PLAY, {"say": "'go'"}, {"score": {"player": "me", "add": 1, "why": "'a high card'"}}), []),
    ("`why: a high card` is `E102`", _in(PLAY, {"score": {"player": "me", "add": 1, "why": "a high card"}}), ["E102"]),
    ("`for [a, b] in edges` is `E102`", lambda g: g["define"].update(ends="[a for [a, b] in edges]"), ["E102"]),
    ("`for e in edges`, then `e[0]` and `e[1]`", lambda g: g["define"].update(ends="[e[0] + e[1] for e in edges]"), []),
    ("`round:` takes its statements directly, with no `do:`",
     _in(["flow"], {"round": None, "do": [{"shuffle": "deck"}]}), ["V001"]),
    ("`{decide: play, player: dealer}` (`S020` without it)", _in(["flow"], {"decide": "play"}), ["S020"]),
    ('`move: "[c for c in components if c is card] -> deck"`',
     _in(PLAY, {"move": "[c for c in components if c is card] -> deck"}), []),
    ("cannot call itself (`E130`)", lambda g: g["define"].update({"deep(n)": "deep(n - 1) if n > 0 else 0"}), ["E130"]),
    ("nor a block run itself (`S028`)", lambda g: g["blocks"].update({"again": [{"run": "again"}]}), ["S028"]),
]


@pytest.mark.parametrize("words, change, codes", GOTCHAS, ids=[words[:40] for words, _, _ in GOTCHAS])
def test_a_gotcha_holds_as_the_sheet_writes_it(tmp_path, words, change, codes):
    assert words in " ".join(sheet().split()), f"docs/quick-reference.md no longer says {words}"
    game = yaml.safe_load(SHEET_GAME)
    change(game)
    found = {f.diagnostic.code for f in check_file(str(written(tmp_path, game))).findings}
    assert sorted(code for code in found if not code.startswith("L") or code in codes) == codes, sorted(found)


def test_given_values_are_data_and_step_args_expressions(tmp_path):
    """A word given bare in `given` and quoted in a step's `args` is the word; quoted in `given`, it is another. A hand
    given `{others: true}` grows; given a typed pattern with copies, it keeps its count."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter.scenarios import run_scenarios

    text = " ".join(sheet().split())
    assert "`variables: {led: red}`, but `args: {suit: \"'red'\"}`; `led: \"'red'\"` in `given` is a word" in text
    assert "`[{rank: 8}, {type: card, copies: 2}]`" in text
    game = yaml.safe_load(SHEET_GAME)
    game["actions"]["lead"] = {"choose": {"suit": "['red', 'blue']"}, "do": [{"set": {"led": "suit"}}]}
    game["flow"][0]["round"][2]["do"][0]["decide"].append("lead")
    hand = {"given data": ({"variables": {"led": "red"}}, "led == 'red'"),
            "given quoted": ({"variables": {"led": "'red'"}}, "led == 'red'"),
            "others grow": ({"zones": {"hand[0]": [{"rank": 8}, {"others": True}]}}, "count(hand[0]) == 4"),
            "the rest as dealt": ({"zones": {"hand[0]": [{"rank": 8}, {"type": "card", "copies": 2}]}},
                                  "count(hand[0]) == 3")}
    scenarios = [{"name": name, "players": 2, "given": given, "expect": [expect]} for name, (given, expect) in hand.items()]
    scenarios.append({"name": "args", "players": 2, "steps": [{"player": 0, "action": "lead", "args": {"suit": "'red'"}}],
                      "expect": ["led == 'red'"]})
    results = {r.name: r.passed for r in run_scenarios(load_ruleset(str(written(tmp_path, game, scenarios))))}
    assert results == {"given data": True, "given quoted": False, "others grow": True, "the rest as dealt": True,
                       "args": True}
