"""The documentation keeps up with the code.

- every builtin (``philtre.dsl.builtins.BUILTINS``) and every statement kind
  (``philtre.dsl.statements.STATEMENTS``) has a ``### name`` heading in docs/language.md;
- every diagnostic code used in dsl/ or interpreter/ is in the table of docs/language.md,
  and the table lists no code the code no longer uses;
- the tutorial's game (examples/tutorial/) validates, its scenarios pass, it plays, and the
  final file shown in docs/writing-a-ruleset.md is that file;
- what a page quotes a command or the engine printing is what they print today (validating.md's
  formats, records.md's events, language.md's step counts, the tutorial's simulate, house-rules.md's show).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import philtre.dsl
import philtre.interpreter
from philtre.dsl import load_ruleset
from philtre.dsl.builtins import BUILTINS
from philtre.dsl.statements import FLOW_ONLY_KINDS, STATEMENTS
from philtre.interpreter.scenarios import run_scenarios
from philtre.interpreter.simulate import simulate

ROOT = Path(__file__).resolve().parents[1]
LANGUAGE = ROOT / "docs" / "language.md"
TUTORIAL_DOC = ROOT / "docs" / "writing-a-ruleset.md"
TUTORIAL = ROOT / "examples" / "tutorial"

CODE_IN_SOURCE = re.compile(r"""["']([A-Z][0-9]{3})["']""")
CODE_IN_TABLE = re.compile(r"^\|\s*`?([A-Z][0-9]{3})`?\s*\|", re.M)


def headings(text: str) -> set[str]:
    return {m.group(1).strip() for m in re.finditer(r"^### (.+)$", text, re.M)}


def source_codes() -> dict[str, list[str]]:
    """Every diagnostic code written in the source of philtre.dsl and philtre.interpreter -> files using it."""
    found: dict[str, list[str]] = {}
    for package in (philtre.dsl, philtre.interpreter):
        folder = Path(package.__file__).parent
        for path in sorted(folder.glob("*.py")):
            for code in CODE_IN_SOURCE.findall(path.read_text(encoding="utf-8")):
                found.setdefault(code, []).append(f"{folder.name}/{path.name}")
    return found


@pytest.fixture(scope="module")
def language() -> str:
    return LANGUAGE.read_text(encoding="utf-8")


@pytest.mark.parametrize("name", sorted(BUILTINS))
def test_every_builtin_has_a_heading(language, name):
    assert name in headings(language), f"docs/language.md has no '### {name}' heading for the builtin {name}()"


@pytest.mark.parametrize("kind", sorted(STATEMENTS))
def test_every_statement_kind_has_a_heading(language, kind):
    assert kind in headings(language), f"docs/language.md has no '### {kind}' heading for the statement '{kind}'"


def test_the_lists_of_what_an_action_may_run_name_every_kind_it_may(language):
    """A Cribbage trial read `actions` -> `do`'s list, which lacked `say` (and `run`), where the list of the kinds had it:
    each list names every kind an action's `do` may hold (STATEMENTS but FLOW_ONLY_KINDS, S004), and no other."""
    may = set(STATEMENTS) - set(FLOW_ONLY_KINDS)
    action_do = language.split("- **`do`**: the effects, a list of statements:", 1)[1].split("belong to the flow", 1)[0]
    kinds = language.split("The kinds are listed in `dsl/statements.py`", 1)[1].split("the others only in the flow", 1)[0]
    listed = set(re.findall(r"`(\w+)`", action_do.split("(a move that wins", 1)[0]))
    assert listed == may, f"`do` of actions: missing {sorted(may - listed)}, not allowed {sorted(listed - may)}"
    effects = set(re.findall(r"`(\w+)`", kinds.split("effects (", 1)[1].split("decisions", 1)[0])) - set(FLOW_ONLY_KINDS)
    assert effects == may, f"the kinds: missing {sorted(may - effects)}, not allowed {sorted(effects - may)}"


def test_every_diagnostic_code_is_in_the_table(language):
    codes = source_codes()
    assert codes, "no diagnostic codes found in the source: the pattern is out of date"
    documented = set(CODE_IN_TABLE.findall(language))
    missing = {code: files for code, files in sorted(codes.items()) if code not in documented}
    assert not missing, f"diagnostic codes missing from the table in docs/language.md: {missing}"


def test_the_table_lists_only_codes_in_use(language):
    stale = set(CODE_IN_TABLE.findall(language)) - set(source_codes())
    assert not stale, f"docs/language.md lists codes no longer used in dsl/ or interpreter/: {sorted(stale)}"


def test_the_table_lists_each_code_once(language):
    rows = CODE_IN_TABLE.findall(language)
    twice = sorted({c for c in rows if rows.count(c) > 1})
    assert not twice, f"codes listed more than once: {twice}"


@pytest.fixture(scope="module")
def tutorial():
    return load_ruleset(str(TUTORIAL / "ruleset.yaml"))


def test_the_tutorial_validates(tutorial):
    assert tutorial.name == "high-card"
    assert (tutorial.min_players, tutorial.max_players) == (2, 4)


def test_the_tutorial_scenarios_pass(tutorial):
    results = run_scenarios(tutorial)
    assert results, "examples/tutorial/scenarios.yaml holds no scenario"
    failures = {r.name: r.failures for r in results if not r.passed}
    assert not failures, failures


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_tutorial_plays(tutorial, players):
    summary = simulate(tutorial, players=players, games=10, seed=1)
    assert summary["games"] == 10
    assert abs(sum(seat["win_share"] for seat in summary["seats"]) - 1) < 1e-3
    assert summary["decisions_mean"] == 9 * players  # three rounds of three tricks


def test_the_tutorial_doc_shows_the_example_file():
    doc = TUTORIAL_DOC.read_text(encoding="utf-8")
    blocks = re.findall(r"```yaml\n(.*?)```", doc, re.S)
    shown = (TUTORIAL / "ruleset.yaml").read_text(encoding="utf-8")
    scenarios = (TUTORIAL / "scenarios.yaml").read_text(encoding="utf-8")
    assert shown in blocks, "docs/writing-a-ruleset.md must show examples/tutorial/ruleset.yaml in full"
    assert scenarios in blocks, "docs/writing-a-ruleset.md must show examples/tutorial/scenarios.yaml in full"


def test_the_tutorial_warns_that_components_gathers_every_type_and_its_filtered_move_loads(tmp_path):
    """A Cribbage trial copied `move: components -> deck` and shuffled its first-dealer token into the deck: the page
    warns, and the filtered move it writes loads in the tutorial's game and gathers the cards alone."""
    doc = TUTORIAL_DOC.read_text(encoding="utf-8")
    [move] = re.findall(r'`(move: "\[c for c in components if c is card\] -> deck")`', doc)
    text = (TUTORIAL / "ruleset.yaml").read_text(encoding="utf-8").replace("move: components -> deck", move)
    (tmp_path / "ruleset.yaml").write_text(text, encoding="utf-8")
    assert simulate(load_ruleset(str(tmp_path / "ruleset.yaml")), players=2, games=2, seed=1)["games"] == 2


def test_the_tutorials_scenario_near_the_end_of_the_deck_passes_and_needs_its_rest(tmp_path):
    """writing-a-ruleset.md's scenario giving the deck one card passes on the tutorial; without `rest:` it is T010,
    the message the page quotes (an Arboretum trial's user found `rest:` only through T010's hint)."""
    import textwrap

    doc = TUTORIAL_DOC.read_text(encoding="utf-8")
    [block] = [textwrap.dedent(b) for b in re.findall(r"  ```yaml\n(.*?)  ```", doc, re.S) if "the last card of the deck" in b]
    folder = tmp_path / "tutorial"
    folder.mkdir()
    (folder / "ruleset.yaml").write_text((TUTORIAL / "ruleset.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    (folder / "scenarios.yaml").write_text("scenarios:\n" + block, encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(folder)))
    assert result.passed, result.failures
    (folder / "scenarios.yaml").write_text("scenarios:\n" + block.replace("rest: discard", "# no rest"), encoding="utf-8")
    [result] = run_scenarios(load_ruleset(str(folder)))
    [failure] = result.failures
    assert "T010 deck would keep 9 component(s) not listed" in failure and "T010 deck would keep 9 component(s) not listed" in doc, failure


def test_every_lint_is_explained_in_the_validating_guide():
    from philtre.dsl.lints import LINTS

    guide = (ROOT / "docs" / "validating.md").read_text(encoding="utf-8")
    explained = set(CODE_IN_TABLE.findall(guide))
    assert set(LINTS) <= explained, f"docs/validating.md has no row for {sorted(set(LINTS) - explained)}"


def test_playing_md_names_every_lint_play_warns_of_before_the_deal():
    """play warns of the hidden-information lints before the deal; playing.md's list of them had fallen behind (it named
    L059, added with it, but not L043, L044 or L050), so a player warned of one found no word of it there."""
    from philtre.dsl.lints import HIDDEN_INFORMATION

    guide = (ROOT / "docs" / "playing.md").read_text(encoding="utf-8")
    section = guide.split("## Before the deal", 1)[1].split("\n## ", 1)[0]
    listed = section.split("findings of the lints", 1)[1].split("(", 1)[0]
    assert set(re.findall(r"`(L[0-9]{3})`", listed)) == set(HIDDEN_INFORMATION), listed


def test_the_type_table_uses_the_words_of_the_messages(language):
    """Each type's row in 'Types and static checks' names it as the messages do (E120, E122, E124, ...)."""
    from philtre.dsl.compiler import a_type, show_type

    table = language[language.index("### Types and static checks"):language.index("Where a kind of value is required")]
    rows = {cells[0]: cells[1] for cells in (
        [c.strip() for c in line.strip("|").split("|")] for line in table.splitlines() if line.startswith("| ")
    ) if cells[0] not in ("type", "list of T")}
    assert len(rows) == 11, f"the type table was not read: {sorted(rows)}"
    for t, written in rows.items():
        words = {show_type(t), a_type(t).removeprefix("an ").removeprefix("a ")}
        missing = [w for w in sorted(words) if w not in written]
        assert not missing, f"the type {t} is written in messages as {missing}, but the table says '{written}'"


# -- the examples of language.md that show a value are checked ------------------------------
# A line of a plain code block written `EXPRESSION   # VALUE` (optionally `# VALUE with N
# players`), where VALUE is a number, a list of numbers, true, false or none, and a phrase
# "`EXPRESSION` is `VALUE`" in the text, are evaluated in a small game and must give VALUE,
# of the same kind (`6 / 3` is the whole number 2, not 2.0).

LITERAL = re.compile(r"^(-?\d+(\.\d+)?|\[[\[\]\d, .\-]*\]|true|false|none)$")

EXAMPLES_GAME = """\
game: examples
players: 1..8
components:
  card: {attributes: {rank: [1, 2, 3]}, start: deck}
zones:
  deck: {}
  hand: {each: player}
  cauldron: {copies: 3}
  line: {each: player, copies: 5}
  pile: {copies: [red, blue]}
variables:
  dealer: 0
actions:
  wait: {}
teams: "[[p for p in players if p % 2 == t] for t in range(2)]"
"""


def code_blocks(text: str) -> list[tuple[str, list[str]]]:
    """(language, lines) of every fenced block, in order."""
    blocks, lines, lang = [], None, ""
    for line in text.splitlines():
        if line.startswith("```"):
            if lines is None:
                lines, lang = [], line[3:].strip()
            else:
                blocks.append((lang, lines))
                lines = None
        elif lines is not None:
            lines.append(line)
    return blocks


def value_examples(text: str) -> list[tuple[str, str, int]]:
    """(expression, value, players) of every example of language.md that shows a plain value."""
    found = []
    for lang, lines in code_blocks(text):
        if lang:  # yaml, json, text: not expressions
            continue
        for line in lines:
            m = re.match(r"^(?P<expr>\S.*?)\s+# (?P<value>.+?)\s*$", line)
            if not m:
                continue
            value, players = m["value"], 4
            with_players = re.match(r"^(.*) with (\d+) players$", value)
            if with_players:
                value, players = with_players[1], int(with_players[2])
            if LITERAL.match(value):
                found.append((m["expr"], value, players))
    found += [(expr, value, 4) for expr, value in re.findall(r"`([^`\n]+)` is `([^`\n]+)`", text) if LITERAL.match(value)]
    return found


def same(a, b) -> bool:
    """Equal and of the same kind, item by item (True is not 1, 2.0 is not 2)."""
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return type(a) is type(b) and a == b


def test_the_examples_that_show_a_value_give_it(language, tmp_path):
    import json

    from philtre.interpreter import Game

    examples = value_examples(language)
    assert len(examples) >= 20, f"only {len(examples)} examples found: the pattern is out of date"
    for players in sorted({n for _, _, n in examples}):
        mine = [(e, v) for e, v, n in examples if n == players]
        names = "".join(f"  got{i}: 0\n  want{i}: 0\n" for i in range(len(mine)))
        sets = "".join(f"  - set: {{got{i}: {json.dumps(e)}, want{i}: {json.dumps(v)}}}\n" for i, (e, v) in enumerate(mine))
        path = tmp_path / f"examples{players}.yaml"
        path.write_text(EXAMPLES_GAME.replace("  dealer: 0\n", "  dealer: 0\n" + names)
                        + "flow:\n" + sets + "  - decide: wait\n    player: 0\n", encoding="utf-8")
        values = Game(load_ruleset(str(path)), players).state.vars
        wrong = [f"{e} gives {values[f'got{i}']!r}, not {v}" for i, (e, v) in enumerate(mine) if not same(values[f"got{i}"], values[f"want{i}"])]
        assert not wrong, f"docs/language.md examples with {players} players: {wrong}"


def test_every_layer_letter_of_the_table_is_explained(language):
    """The paragraph above the table names the layer of each first letter the codes use (**B** ...)."""
    table = language[language.index("## Diagnostic codes"):]
    intro = table[: table.index("| code |")]
    letters = {code[0] for code in CODE_IN_TABLE.findall(language)}
    missing = sorted(letter for letter in letters if f"**{letter}**" not in intro)
    assert not missing, f"docs/language.md does not say which layer the letters {missing} are"


def test_the_validating_guide_lists_each_lint_once_and_no_other():
    """Its table is the lints' own: a row twice (merges of parallel work) or a row for a lint that is gone misleads."""
    from philtre.dsl.lints import LINTS

    guide = (ROOT / "docs" / "validating.md").read_text(encoding="utf-8")
    rows = CODE_IN_TABLE.findall(guide)
    twice = sorted({c for c in rows if rows.count(c) > 1})
    assert not twice, f"docs/validating.md lists codes more than once: {twice}"
    assert not set(rows) - set(LINTS), f"docs/validating.md lists codes that are no lint: {sorted(set(rows) - set(LINTS))}"


CODE_IN_PROSE = re.compile(r"\b([A-Z][0-9]{3})\b")


def test_every_code_the_documents_mention_is_in_use():
    """A code named in any guide (`R011`, `L014`) is one the source raises: no guide keeps a renamed or removed code."""
    used = set(source_codes())
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), *sorted((ROOT / "examples").glob("*/README.md"))]:
        text = path.read_text(encoding="utf-8")
        unknown = sorted(set(CODE_IN_PROSE.findall(text)) - used)
        assert not unknown, f"{path.relative_to(ROOT)} mentions codes no source uses: {unknown}"


@pytest.mark.parametrize("doc, index", [("README.md", 0), ("docs/agents.md", 1)])
def test_a_python_example_of_the_docs_runs_as_written(doc, index, tmp_path):
    """A reader copies the block into a file and runs it: agents.md's named a ruleset, a seed and Game it never made."""
    import subprocess
    import sys

    block = re.findall(r"```python\n(.*?)```", (ROOT / doc).read_text(encoding="utf-8"), re.S)[index]
    result = subprocess.run([sys.executable, "-c", block], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr


def test_readme_reads_a_component_argument_as_it_says():
    """A Santorini trial read `w.id` of an option's component, as README's "every attribute included" let one think:
    README says how its id and attributes are read, and they are read so."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game

    text = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert 'card = dict(option.args)["card"]`, then `card["id"]`, `card["type"]`, `card["rank"]` (it has no `.id`' in text
    game = Game(load_ruleset(str(ROOT / "examples" / "tutorial")), 3, seed=1)
    option = game.options(game.pending()[0])[0]
    card = dict(option.args)["card"]
    assert isinstance(card, dict) and card["type"] == "card" and type(card["id"]) is int and card["rank"] in range(1, 9)
    assert not hasattr(card, "id") and not hasattr(card, "rank")


def test_simulation_md_lists_every_measure_compare_stops_on():
    """--stop-on's measures were 'win0, length, drama, ...': `ties` for shared wins was found only by a usage error."""
    from philtre.interpreter.compare import measure_names

    text = (ROOT / "docs" / "simulation.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"`([a-z_]+[0-9]?)`", text))
    missing = [name for name in measure_names(2) if name not in listed]
    assert not missing, f"docs/simulation.md does not list the --stop-on measures {missing}"


def test_simulation_md_names_every_field_of_compares_json(tmp_path):
    """`compare --json` was documented by a few of its fields in passing (`base.variants`, a row's `games`): a program
    reading `looks`, `clear` or a row's `p` had only the code to go by."""
    import json
    import subprocess
    import sys

    text = (ROOT / "docs" / "simulation.md").read_text(encoding="utf-8")
    lead = "`--json` prints the comparison as one JSON object"
    assert lead in text, "docs/simulation.md no longer says what compare's --json prints"
    said = text.split(lead, 1)[1].split("\n\n", 1)[0]
    named = {a or b for a, b in re.findall(r'`([a-z_]+)`|"([a-z_]+)"', said)}
    result = subprocess.run([sys.executable, "-m", "philtre", "compare", "poison", "--variant", "draw-pile", "-p", "4",
                             "-n", "40", "--batch", "20", "--no-db", "--json"], cwd=tmp_path, capture_output=True, text=True,
                            timeout=300)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    [arm] = report["arms"]
    fields = {*report, *arm, *arm["differences"][0], *report["looks"][0]}
    assert not fields - named, f"docs/simulation.md does not name compare's JSON fields {sorted(fields - named)}"


def test_house_rules_md_names_every_field_of_the_json_of_games_and_variants(tmp_path):
    """`philtre games --json` and `philtre variants --json`, which README offers, had their fields written nowhere."""
    import json
    import subprocess
    import sys

    text = (ROOT / "docs" / "house-rules.md").read_text(encoding="utf-8")
    for written, command in (("games --json", ["games", "--json"]),
                             ("variants GAME --json", ["variants", "poisons", "--json"])):
        result = subprocess.run([sys.executable, "-m", "philtre", *command], cwd=tmp_path, capture_output=True, text=True,
                                timeout=300)
        assert result.returncode == 0, result.stderr
        fields = ", ".join(f'"{field}"' for field in json.loads(result.stdout)[0])
        said = text.split(f"`philtre {written}`", 1)[-1].split(".", 1)[0]
        assert "{" + fields + "}" in " ".join(said.split()), \
            f"docs/house-rules.md does not list the fields of `philtre {written}`: {fields}"


def test_the_record_header_of_records_md_is_the_tutorials():
    """records.md shows the header of a tutorial game: its content hash went stale when the hashing changed, and a
    record carrying it would fail replay (P003)."""
    import json

    from philtre.interpreter import Game

    text = (ROOT / "docs" / "records.md").read_text(encoding="utf-8")
    shown = json.loads(re.search(r"## The header\n\n```json\n(.*?)\n```", text, re.S).group(1))
    game = Game(load_ruleset(str(TUTORIAL)), 2, seed=1, record=True, agents=["random", "random"])
    header = game.recorder.events[0]
    assert shown["ruleset"]["hash"] == header["ruleset"]["hash"]
    assert {k: v for k, v in shown.items() if k != "ruleset"} == {k: v for k, v in header.items() if k != "ruleset"}


def test_the_tutorials_simulate_output_is_what_the_command_prints(tmp_path):
    """writing-a-ruleset.md shows `philtre simulate examples/tutorial --players 3 --games 100` with its output: the
    table, the measures and the run's key (which follows the ruleset's content hash) must be what it prints."""
    import subprocess
    import sys

    text = TUTORIAL_DOC.read_text(encoding="utf-8")
    command = "$ philtre simulate examples/tutorial --players 3 --games 100\n"
    shown = text[text.index(command) + len(command):].split("\n```", 1)[0].splitlines()
    result = subprocess.run([sys.executable, "-m", "philtre", "simulate", str(TUTORIAL), "--players", "3", "--games", "100"],
                            cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    printed = result.stdout.splitlines() + [line for line in result.stderr.splitlines() if " games in " in line]
    assert printed == shown


def test_house_rules_md_shows_what_show_prints_of_the_limit():
    """house-rules.md shows `philtre show poison | grep -n 13`: the lines must be what show prints (a description
    reworded in the ruleset left the guide quoting the old one)."""
    from philtre.dsl.describe import dump_with_origins
    from philtre.interpreter.cli_rulesets import _without_scenarios  # (as `philtre show` prints the rules)

    text = (ROOT / "docs" / "house-rules.md").read_text(encoding="utf-8")
    shown = text.split("philtre show poison | grep -n 13\n```\n\n```\n", 1)[1].split("\n```", 1)[0].splitlines()
    printed = dump_with_origins(_without_scenarios(load_ruleset("poison").source), origins=False).splitlines()
    assert shown == [f"{n}:{line}" for n, line in enumerate(printed, 1) if "13" in line]


def test_house_rules_md_shows_what_diff_prints_of_the_file_it_shows(tmp_path):
    """house-rules.md has the reader save `overflow-15.yaml` and run `philtre diff poison --variant overflow-15.yaml`:
    the output it quotes must be what diff prints of that file (it cited line 6 of a file of five lines)."""
    import subprocess
    import sys

    text = (ROOT / "docs" / "house-rules.md").read_text(encoding="utf-8")
    saved = text.split("Save this as\n`overflow-15.yaml`", 1)[1].split("```yaml\n", 1)[1].split("```", 1)[0]
    (tmp_path / "overflow-15.yaml").write_text(saved, encoding="utf-8")
    command = "philtre diff poison --variant overflow-15.yaml\n```\n\n```\n"
    shown = text.split(command, 1)[1].split("\n```", 1)[0].splitlines()
    result = subprocess.run([sys.executable, "-m", "philtre", "diff", "poison", "--variant", "overflow-15.yaml"],
                            cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == shown


def test_validating_md_shows_what_validate_prints_of_a_typo(tmp_path):
    """validating.md shows a misspelt `hand` in the game `philtre new mygame` makes, in the text (with --source),
    json and github formats: its line, column and JSON layout were of no file a reader could make."""
    import json
    import subprocess
    import sys

    def philtre(*args):
        return subprocess.run([sys.executable, "-m", "philtre", *args], cwd=tmp_path, capture_output=True, text=True,
                              timeout=300)

    assert philtre("new", "mygame").returncode == 0
    ruleset = tmp_path / "mygame" / "ruleset.yaml"
    text = ruleset.read_text(encoding="utf-8")
    assert text.count('choose: {card: "hand[me]"}') == 1, "the game of `philtre new` no longer chooses from hand[me]"
    ruleset.write_text(text.replace('choose: {card: "hand[me]"}', 'choose: {card: "hnad[me]"}'), encoding="utf-8")
    guide = (ROOT / "docs" / "validating.md").read_text(encoding="utf-8")
    shown_text = guide.split("checked with `philtre validate mygame --source`):\n\n```text\n", 1)[1].split("```", 1)[0]
    assert philtre("validate", "mygame", "--source").stdout == shown_text
    shown_json = guide.split("`--format json` prints one JSON list of findings:\n\n```json\n", 1)[1].split("```", 1)[0]
    printed_json = philtre("validate", "mygame", "--format", "json").stdout
    assert printed_json == shown_json and json.loads(printed_json)
    shown_github = guide.split("annotations on the pull request's lines:\n\n```text\n", 1)[1].splitlines()[0]
    assert philtre("validate", "mygame", "--format", "github").stdout.splitlines() == [shown_github]


TUTORIAL_EVENTS = ("shuffle", "deal", "decision", "move", "set", "score", "round_end", "end")


def test_records_md_shows_events_of_the_game_it_names():
    """records.md quotes the events of one tutorial game (seed 1, played by play_out with random.Random(1)): its
    `round_end` and `end` lines were of no game (seat 0 had lost the first trick, yet scored 3 of the round's 3)."""
    import json
    import random

    from philtre.interpreter import Game

    text = (ROOT / "docs" / "records.md").read_text(encoding="utf-8")
    assert "`game.play_out(random=random.Random(1).random)`" in text, "records.md no longer says how its game was played"
    game = Game(load_ruleset(str(TUTORIAL)), 2, seed=1, record=True, agents=["random", "random"])
    game.play_out(random=random.Random(1).random)
    events = game.recorder.events
    quoted = [json.loads(block) for block in re.findall(r"```json\n(.*?)\n```", text, re.S) if '"event"' in block
              and "\n{" not in block]
    quoted = [event for event in quoted if event["event"] in TUTORIAL_EVENTS]
    assert len(quoted) == len(TUTORIAL_EVENTS), f"the quoted events were not read: {[e['event'] for e in quoted]}"
    missing = [event for event in quoted if event not in events]
    assert not missing, f"records.md quotes events its game has not: {missing}"
    seat_block = text.split("as seat 1 sees it:", 1)[1].split("```json\n", 1)[1].split("\n```", 1)[0]
    seen = [json.loads(line) for line in seat_block.splitlines()]
    assert seen == game.recorder.for_player(1)[1:1 + len(seen)]


def test_language_md_says_what_a_whole_per_seat_set_shows_in_a_record(tmp_path):
    """language.md (variables) said a per-seat variable `set` whole is shown to nobody, not even the seat's own entry;
    records.md and the record show each seat its own entry since 2026-12-05. The value it quotes is seat 0's."""
    import json

    from philtre.interpreter import Game

    text = " ".join(LANGUAGE.read_text(encoding="utf-8").split())
    said = re.search(r"`set` at once shows each seat its own entry in its record, the others' hidden \(`(\[.*?\])` to seat 0\)",
                     text)
    assert said, "language.md no longer says what a whole per-seat set shows in a record"
    path = tmp_path / "whole.yaml"
    path.write_text("philtre: 1\ngame: whole\nplayers: 2\nvariables:\n  chips: {initial: 0, each: player, visible: owner}\n"
                    "actions:\n  go: {}\nflow:\n  - set: {chips: \"[3 + p for p in players]\"}\n  - decide: go\n    player: 0\n",
                    encoding="utf-8")
    game = Game(load_ruleset(str(path)), 2, seed=1, record=True)
    (event,) = [e for e in game.recorder.for_player(0) if e.get("event") == "set"]
    assert event["value"] == json.loads(said.group(1)), event


def test_language_md_counts_the_steps_the_engine_counts(tmp_path):
    """'The step limit' counts the steps of three small flows: `repeat: 2` of one `set` was said to take five, of one
    `decide` seven, where the engine (and the rule the page gives) counts six and eight."""
    from philtre.interpreter import Game

    language = LANGUAGE.read_text(encoding="utf-8").replace("\n", " ")
    numbers = {"four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9}
    m = re.search(r"a flow of three `set`s takes (\w+) steps; `repeat: 2` of one `set` takes (\w+),.*? of one `decide` (\w+)",
                  language)
    assert m, "language.md no longer counts the steps of its three flows"
    flows = {
        "three sets": "  - set: {x: 1}\n  - set: {x: 2}\n  - set: {x: 3}\n",
        "repeat of a set": "  - repeat: 2\n    do:\n      - set: {x: 1}\n",
        "repeat of a decide": "  - repeat: 2\n    do:\n      - decide: wait\n        player: 0\n",
    }
    counted = {}
    for name, flow in flows.items():
        path = tmp_path / f"{name.replace(' ', '-')}.yaml"
        path.write_text(f"game: steps\nplayers: 1\nvariables: {{x: 0}}\nactions: {{wait: {{}}}}\nflow:\n{flow}", encoding="utf-8")
        game = Game(load_ruleset(str(path)), 1)
        while not game.finished:
            for seat in game.pending():
                game.apply(seat, game.options(seat)[0])
        counted[name] = game.state.flow.steps
    assert counted == dict(zip(flows, (numbers[word] for word in m.groups()))), counted


IF_OF_NAMED_PARTS = """\
philtre: 1
game: named-parts
players: 2
components:
  card: {attributes: {suit: [clubs, hearts]}, start: deck}
zones:
  deck: {}
  hand: {each: player, visible: owner}
variables:
  led: clubs
actions:
  play:
    choose: {card: "hand[me]"}
    do:
      - move: card -> deck
flow:
  - deal: {from: deck, to: "[hand[0]]", count: 2}
  - decide: play
    player: 0
"""


def test_the_if_of_named_definitions_that_language_md_shows_makes_play_name_the_one_that_fails(tmp_path):
    """A Belote trial wrote its card-play rule as one chained definition, and play's refusal named only it; the remedy
    was in playing.md alone. language.md's `if` shows it, with a link: its two lines, put in a game, do what it says."""
    import yaml

    from philtre.interpreter import Game
    from philtre.interpreter.cli_play import _forbidding, match_choice

    text = LANGUAGE.read_text(encoding="utf-8")
    entry = text[text.index("- **`if`**: the condition that makes"):text.index("- **`do`**: the effects")]
    assert "(playing.md#what-play-says-back-and-what-it-refuses)" in entry, entry
    heading = "## What play says back, and what it refuses"
    assert heading in (ROOT / "docs" / "playing.md").read_text(encoding="utf-8")
    [block] = re.findall(r"```yaml\n(.*?)```", entry, re.S)
    define_line, if_line = [line.strip() for line in block.strip().splitlines()]
    define = {**yaml.safe_load(define_line), "trumps_when_due(p, c)": "true"}
    written = IF_OF_NAMED_PARTS.replace("actions:", "define:\n" + "".join(
        f"  {name}: {yaml.safe_dump(body, default_style=chr(34)).strip()}\n" for name, body in define.items()) + "actions:")
    written = written.replace('    do:\n', f"    if: {yaml.safe_load(if_line)['if']}\n    do:\n")
    (tmp_path / "ruleset.yaml").write_text(written, encoding="utf-8")
    game = Game(load_ruleset(str(tmp_path)), 2, seed=1)
    options = game.options(0)
    assert [o.label() for o in options] == ["play(card=card clubs)"], written
    said = match_choice("hearts", options, forbidden=_forbidding(game, 0, options))
    line = written.splitlines().index(f"    if: {yaml.safe_load(if_line)['if']}") + 1
    assert f"the rules forbid play(card=card hearts) now (the if of play, line {line}: follows_suit(me, card) is false)" in said, said
