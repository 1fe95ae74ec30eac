"""The shipped variants of Poison, the house-rule examples, and the commands that use them.

The CLI is run as a user runs it (``python -m philtre ...`` in a subprocess); the
properties of the variants' games are checked through the API over random games, with
expectations written from the variants' own rules (POISON-FR-1, POISON-FR-2), not read
back from the ruleset.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import yaml

from philtre.dsl import load_ruleset
from philtre.interpreter import Game

ROOT = Path(__file__).resolve().parent.parent
VARIANTS = ROOT / "rulesets" / "poison" / "variants"
HOUSE_RULES = ROOT / "examples" / "house-rules"
ORIGIN = re.compile(r"^(?P<text>.*?)  # (?P<path>[^ ]+):(?P<line>\d+):(?P<col>\d+)$")


def philtre(*args, cwd=ROOT) -> subprocess.CompletedProcess:
    """Run ``python -m philtre ARGS``; never a traceback."""
    result = subprocess.run([sys.executable, "-m", "philtre", *map(str, args)], cwd=cwd,
                            capture_output=True, text=True, timeout=300)
    assert "Traceback" not in result.stdout + result.stderr, f"traceback from philtre {args}:\n{result.stderr}"
    return result


def philtre_many(*commands) -> list[subprocess.CompletedProcess]:
    """Several independent ``philtre`` runs at once (they are subprocesses: threads suffice)."""
    with ThreadPoolExecutor(max_workers=8) as pool:
        return list(pool.map(lambda args: philtre(*args), commands))


def position(text: str, needle: str) -> tuple[int, int]:
    """1-based (line, column) of the first ``needle`` in ``text``."""
    at = text.index(needle)
    return text.count("\n", 0, at) + 1, at - (text.rfind("\n", 0, at) + 1) + 1


@pytest.fixture(scope="module")
def draw_pile():
    return load_ruleset("poison", ["draw-pile"])


@pytest.fixture(scope="module")
def two_deals():
    return load_ruleset("poison", ["two-deals-each"])


# -- philtre variants / show / diff ------------------------------------------------------------

def test_variants_lists_the_shipped_variants_with_their_descriptions():
    result = philtre("variants", "poison")
    assert result.returncode == 0, result.stderr
    rows = {line.split()[0]: line for line in result.stdout.splitlines()[1:] if line.strip()}
    assert set(rows) == {"draw-pile", "two-deals-each"}
    for name, row in rows.items():
        description = yaml.safe_load((VARIANTS / f"{name}.yaml").read_text())["description"]
        assert description in row
    assert re.search(r"\s3\s", rows["two-deals-each"]), "two-deals-each is for 3 players only"
    assert "3..6" in rows["draw-pile"]


def test_variants_columns_line_up_under_the_header_when_the_names_are_short(tmp_path):
    (tmp_path / "ruleset.yaml").write_text((ROOT / "rulesets" / "poison" / "ruleset.yaml").read_text())
    (tmp_path / "variants").mkdir()
    (tmp_path / "variants" / "hot.yaml").write_text("extends: ..\ndescription: Hotter\ndefine:\n  limit: 15\n")
    result = philtre("variants", tmp_path)
    assert result.returncode == 0, result.stderr
    header, row = result.stdout.splitlines()[:2]
    assert row.index("3..6") == header.index("players") and row.index("Hotter") == header.index("description"), result.stdout


def test_variants_and_games_print_json_for_machines():
    """DESIGN.md: results on stdout, --json for machines; `games` and `variants` had only a table."""
    variants = json.loads(philtre("variants", "poison", "--json").stdout)
    assert {v["variant"]: (v["min_players"], v["max_players"]) for v in variants} == {"draw-pile": (3, 6), "two-deals-each": (3, 3)}
    assert json.loads(philtre("variants", "pok", "--json").stdout) == []
    games = {g["game"]: g for g in json.loads(philtre("games", "--json").stdout)}
    assert set(games) == {"hue", "poison", "poisons", "pok"}
    assert (games["poison"]["min_players"], games["poison"]["max_players"], games["poison"]["title"]) == (3, 6, "Reiner Knizia's Poison")


def test_show_with_two_deals_each_differs_only_in_players_and_the_rounds_repeat():
    base, variant = philtre_many(("show", "poison"), ("show", "poison", "--variant", "two-deals-each"))
    assert base.returncode == 0 and variant.returncode == 0, base.stderr + variant.stderr
    a, b = base.stdout.splitlines(), variant.stdout.splitlines()
    # first, the variant's own description, as a comment (the resolved description is the base's)
    assert b.pop(0) == "# + two-deals-each: With 3 players each player deals twice, 6 rounds (French edition, POISON-FR-1)"
    assert len(a) == len(b)
    changed = [i for i, (x, y) in enumerate(zip(a, b)) if x != y]
    assert len(changed) == 2, [(a[i], b[i]) for i in changed]
    players, repeat = changed
    assert (a[players], b[players]) == ("players: 3..6", "players: 3")
    assert a[repeat].strip() == "repeat: player_count"
    assert b[repeat].strip() == "repeat: 2 * player_count"
    assert a[repeat - 1].strip() == "- name: rounds"  # the repeat of the `rounds` statement


def test_show_origins_puts_a_key_whose_value_is_a_block_on_the_keys_own_line(tmp_path):
    """Spades trial: `components:  # ruleset.yaml:21:3` where `components:` is on line 20 (21:3 was its first entry's,
    the value's position): a key whose value is printed below it is annotated with the key's own position; a value on
    the key's line keeps the value's."""
    from philtre.dsl.describe import dump_with_origins

    text = (VARIANTS.parent / "ruleset.yaml").read_text(encoding="utf-8")
    path = tmp_path / "ruleset.yaml"
    path.write_text(text, encoding="utf-8")
    shown = dump_with_origins(load_ruleset(str(path)).source).splitlines()
    for key in ("components", "zones", "actions", "flow"):
        [line] = [line for line in shown if line.startswith(f"{key}:  # ")]
        assert line == f"{key}:  # {path}:{position(text, chr(10) + key + ':')[0] + 1}:1", line
    [players] = [line for line in shown if line.startswith("players:")]
    assert players.endswith(f"{path}:{':'.join(map(str, position(text, '3..6')))}"), players


def test_show_origins_points_the_changed_lines_at_the_variant_file():
    plain, annotated = philtre_many(("show", "poison", "--variant", "two-deals-each"),
                                    ("show", "poison", "--variant", "two-deals-each", "--origins"))
    assert annotated.returncode == 0, annotated.stderr
    variant_text = (VARIANTS / "two-deals-each.yaml").read_text()
    lines = annotated.stdout.splitlines()
    assert len(lines) == len(plain.stdout.splitlines())
    origin_of, text_of, block_at = {}, [], None
    for i, line in enumerate(lines):
        indent = len(line) - len(line.lstrip())
        if block_at is not None and indent > block_at:  # a block scalar's text: its origin is on its key's line
            text_of.append(line)
            continue
        m = ORIGIN.match(line)
        assert m, f"line {i + 1} has no origin: {line!r}"
        text_of.append(m["text"])
        origin_of[i] = (Path(m["path"]).name, int(m["line"]), int(m["col"]))
        block_at = indent if m["text"].endswith((": >", ": |", ": |-")) else None
    # without the annotations it is the plain output
    assert text_of == plain.stdout.splitlines()
    players = text_of.index("players: 3")
    repeat = next(i for i, t in enumerate(text_of) if t.strip() == "repeat: 2 * player_count")
    assert origin_of[players] == ("two-deals-each.yaml", *position(variant_text, "3\n"))
    assert origin_of[repeat] == ("two-deals-each.yaml", *position(variant_text, "2 * player_count"))
    from_variant = {i for i, o in origin_of.items() if o[0] == "two-deals-each.yaml"}
    # only what the variant wrote points at it (its `name: rounds` selector may, too), and the first line, its own
    # description, at where the variant writes it
    assert text_of[0].startswith("# + two-deals-each: With 3 players")
    assert origin_of[0] == ("two-deals-each.yaml", *position(variant_text, "With 3 players"))
    assert from_variant - {players, repeat} <= {repeat - 1, 0}
    assert all(o[0] == "ruleset.yaml" for i, o in origin_of.items() if i not in from_variant)


def test_diff_draw_pile_says_what_changes():
    result = philtre("diff", "poison", "--variant", "draw-pile")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "draw-pile" in out.splitlines()[0]
    changes = [line for line in out.splitlines() if line.lstrip().startswith("- ")]
    assert len(changes) == 4, out

    def one(pattern):
        found = [c for c in changes if re.search(pattern, c)]
        assert len(found) == 1, f"{pattern!r} in:\n{out}"
        assert "draw-pile.yaml:" in found[0], "each change says where the variant wrote it"
        return found[0]

    one(r"define\.deal_order")
    assert "'draw'" in one(r"inserts .*play.*draw.* after 'place'")
    assert re.search(r"count = 5\b", one(r"\['deal'\].*count"))
    until = one(r"\['turns'\]\.until")
    assert "count(deck) == 0" in until


def test_diff_of_an_overlay_that_changes_only_its_description_says_no_rule_differs(tmp_path):
    """A house rule that only wrote a description got '0 change(s)' and nothing else, as if diff had missed it."""
    overlay = tmp_path / "described.yaml"
    overlay.write_text("extends: poison\ndescription: My table's way of playing\n", encoding="utf-8")
    result = philtre("diff", "poison", "--variant", overlay)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[1:] == [
        f"  {overlay}: My table's way of playing",
        "  no rule differs from poison's: it plays the same games (an overlay's description and scenarios are not rules)"], result.stdout


def test_diff_and_compare_see_components_written_in_another_order(tmp_path):
    """Poison's components replaced by the same ones in another order: diff said 'it plays the same games'
    and compare 'changes no rule of the base: every difference is 0', then printed differences (the cards'
    ids, so the deals, follow the order)."""
    overlay = tmp_path / "reordered.yaml"
    overlay.write_text("extends: poison\ncomponents:\n  $replace:\n"
                       "    poison: {attributes: {value: 4, points: 2}, copies: 8, start: deck}\n"
                       "    potion:\n      attributes: {color: [blue, red, purple], value: [1, 2, 4, 5, 7], points: 1}\n"
                       "      copies: 2 if value == 4 else 3\n      start: deck\n", encoding="utf-8")
    result = philtre("diff", "poison", "--variant", overlay)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[1:] == [
        f"  - reorders components from potion, poison to poison, potion ({overlay}:4:5): "
        "the games follow the order of components"], result.stdout
    compared = philtre("compare", "poison", "--variant", overlay, "-p", "4", "-n", "20", "--no-db")
    assert "changes no rule" not in compared.stdout + compared.stderr, compared.stdout


def test_diff_tells_false_from_0(tmp_path):
    """`dealer: false` over `dealer: 0` was 'no rule differs: it plays the same games' (Python's False == 0),
    though the overlay merge applies it as the change it is."""
    overlay = tmp_path / "falsy.yaml"
    overlay.write_text("extends: poison\nvariables:\n  dealer: false\n", encoding="utf-8")
    result = philtre("diff", "poison", "--variant", overlay)
    assert result.stdout.splitlines()[1:] == [f"  - changes variables.dealer from 0 to false ({overlay}:3:11)"], result.stdout


@pytest.mark.parametrize("game", ["poison", "pok", "poisons", "hue"])
def test_what_show_prints_reads_back_as_the_same_rules(game, tmp_path):
    """`philtre show GAME --variant V > mine.yaml` is how a house rule becomes a ruleset of its own: show wrote
    a folded expression without its final line break, so mine.yaml had another content hash than the rules
    it printed (compare and --resume took it for other rules)."""
    from philtre.dsl.describe import dump_with_origins

    folder = ROOT / "rulesets" / game / "variants"
    for variants in [[], *([v.stem] for v in sorted(folder.glob("*.yaml")))]:
        rules = load_ruleset(game, variants)
        mine = tmp_path / f"{'-'.join([game, *variants])}.yaml"
        mine.write_text(dump_with_origins(rules.source, origins=False), encoding="utf-8")
        assert load_ruleset(str(mine)).content_hash == rules.content_hash, (game, variants)


SILENCED = """\
philtre: 1
game: silenced
players: 2
components:
  card: {attributes: {n: 1..4}, start: deck}
zones:
  deck: {}
  pile: {each: player}   # points counted as taken  # philtre: ignore[L007]
define:
  spare: 1   # philtre: ignore[L001]
  unused: 2
actions:
  take:
    choose: {card: deck}
    do:
      - score: {player: me, add: card.n}
      - move: card -> pile[me]
flow:
  - shuffle: deck  # philtre: ignore[L059]
    when: 1 > 2   # philtre: ignore[L003]
  - turns: 0
    until: count(deck) == 0
    do:
      - decide: take
"""


def test_what_show_prints_keeps_the_suppressions_and_validates_as_the_original(tmp_path):
    """New users' `philtre show GAME > mine.yaml` (as house-rules.md has it) lost every `# philtre: ignore[...]`
    comment: a ruleset that validated clean gave warnings the original silenced (a pile counted as taken, L007; a
    definition kept on purpose, L001). Shown, with an overlay's own comment too, it gives the same findings."""
    from philtre.dsl.validate import check_file

    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "ruleset.yaml").write_text(SILENCED, encoding="utf-8")
    (tmp_path / "game" / "variants").mkdir()
    (tmp_path / "game" / "variants" / "more.yaml").write_text(
        "extends: ../ruleset.yaml\ndefine:\n  extra: 3   # philtre: ignore[L001]\n", encoding="utf-8")

    def said(path, variants=()) -> list:
        """The findings of validating ``path``, without where they are (the printed file has other lines)."""
        return sorted((f.diagnostic.code, f.diagnostic.message) for f in check_file(str(path), variants=variants).findings)

    original = said(tmp_path / "game" / "ruleset.yaml", ["more"])
    assert [code for code, _ in original] == ["L001"], original  # (`unused`, silenced nowhere)
    for variants in ([], ["more"]):
        shown = philtre("show", "game", *(a for v in variants for a in ("--variant", v)), cwd=tmp_path)
        assert shown.returncode == 0, shown.stderr
        mine = tmp_path / f"mine-{len(variants)}.yaml"
        mine.write_text(shown.stdout, encoding="utf-8")
        assert said(mine) == original, shown.stdout
    assert "  pile: {each: player}  # philtre: ignore[L007]\n" in shown.stdout and "  extra: 3  # philtre: ignore[L001]\n" in shown.stdout


def test_a_block_text_in_a_list_reads_back_as_written(tmp_path):
    """A list item written as a block (`- >` or `- |`) lost its final line break in `show`, and a text of several
    lines became a quoted one-liner: the ruleset read back had another content hash."""
    from philtre.dsl.describe import dump_with_origins

    text = ("philtre: 1\ngame: blocks\nplayers: 2\nvariables:\n  x: 0\nflow:\n  - set: {x: 1}\n"
            "winners:\n  highest:\n    - >\n      score[p]\n    - |\n      x +\n      p\n    - |-\n      x\n      + p\n")
    (tmp_path / "blocks.yaml").write_text(text)
    rules = load_ruleset(str(tmp_path / "blocks.yaml"))
    shown = dump_with_origins(rules.source, origins=False)
    assert "  highest:\n    - >\n      score[p]\n    - |\n      x +\n      p\n    - |-\n      x\n      + p\n" in shown
    (tmp_path / "shown.yaml").write_text(shown)
    assert load_ruleset(str(tmp_path / "shown.yaml")).content_hash == rules.content_hash


def test_diff_marks_a_long_value_it_cuts_short():
    """A long expression was cut mid-name ('... else [hand[left to ...'), as if it ended there; it is cut at a word's
    end, about 80 characters long, '...' there; `--full` prints it whole."""
    result = philtre("diff", "poison", "--variant", "draw-pile")
    line = next(c for c in result.stdout.splitlines() if "define.deal_order" in c)
    old = re.search(r"from (.*) to ", line)[1]
    assert old.endswith(" ...") and 70 <= len(old) <= 80, line  # (a definition is told bare, as its expression)
    full = philtre("diff", "poison", "--variant", "draw-pile", "--full")
    whole = re.search(r"from (.*) to ", next(c for c in full.stdout.splitlines() if "define.deal_order" in c))[1]
    assert "..." not in whole and whole.startswith(old[:-4] + " ") and len(whole) > 80, (old, whole)


@pytest.mark.parametrize("value, width, shown", [
    ("[p for p in players if count(x[p]) == 1]", 20, "'[p for p in ...'"),  # it was '[p for p in play... (never closed)
    ("it's 'quoted' here, and more", 18, "it's 'quoted' ..."),  # (a plain scalar: no quote to close)
    ("it's 'quoted' here, and more", 16, "it's ..."),  # (a word keeps its quotes: not `'quoted...`)
    # (a " in it keeps single quotes, each ' doubled: no half of a '' escape left to close it)
    ("[x, 'it''s', \"y\", 'more words here']", 15, "'[x, ...'"),
    ("[x, 'it''s', y, 'more words here']", 15, "\"[x, ...\""),  # (single quotes alone: in double quotes, as written)
    ("['red', 'blue', 'green', 'yellow']", 22, "\"['red', 'blue', ...\""),  # (cut at an item's end)
])
def test_a_quoted_value_cut_short_keeps_its_closing_quote(value, width, shown):
    """`philtre diff` cut a long quoted value and its closing quote with it: `from '[p ... pla... to '[]'`."""
    from philtre.dsl.describe import _short

    assert _short(value, width) == shown


def test_diff_cuts_a_long_value_around_its_change_when_the_start_is_all_alike():
    """Both sides were cut at their first 80 characters, `from '[0, 1, ... 20, ...' to '[0, 1, ... 20, ...'`: a
    change that read as none. Each is cut around the first difference, '...' at either end it was cut."""
    from philtre.dsl.describe import describe_changes

    items = ", ".join(map(str, range(26)))
    said = describe_changes({"define": {"items": f"[{items}]"}}, {"define": {"items": f"[{items}, 26]"}})
    assert said == ["changes define.items from ... 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25] "
                    "to ... 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26]"], said
    sums = " + ".join(f"f({i})" for i in range(40))
    said = describe_changes({"define": {"s": sums}}, {"define": {"s": sums.replace("f(20)", "g(20)")}})
    assert said == ["changes define.s from ... + f(18) + f(19) + f(20) + f(21) + f(22) + f(23) + f(24) + f(25) + f(26) ... "
                    "to ... + f(18) + f(19) + g(20) + f(21) + f(22) + f(23) + f(24) + f(25) + f(26) ..."], said


def test_a_value_cut_around_its_change_keeps_no_half_escape():
    """A double-quoted value cut after its first characters starts after a whole escape, not between its halves."""
    from philtre.dsl.describe import _around

    text = '"' + "a" * 30 + "\\\\" * 2 + "b" * 60 + '"'  # two escaped backslashes, 4 characters: a cut between halves escapes a b
    shown = _around(text, 54, 40)  # 20 characters before it: after the third backslash
    assert shown.startswith('"...') and shown.endswith('..."') and len(shown) <= 40
    assert (len(shown[4:]) - len(shown[4:].lstrip("\\"))) % 2 == 0, shown


def test_diff_prints_a_value_with_single_quotes_inside_a_statement_or_map_as_show_does(tmp_path):
    """docs/house-rules.md: diff prints values as show does, single quotes inside double quotes; inside an inserted
    statement or an added map it printed YAML's doubled quotes, `set: {word: '''c'''}`."""
    (tmp_path / "ruleset.yaml").write_text("philtre: 1\ngame: q\nplayers: 1\nvariables:\n  word: a\nactions:\n  go:\n"
                                           "    do:\n      - name: first\n        set: {word: \"'b'\"}\n"
                                           "flow:\n  - decide: go\n    player: 0\n", encoding="utf-8")
    (tmp_path / "v.yaml").write_text("extends: ruleset.yaml\ndefine:\n  colours: \"['red', 'blue']\"\nactions:\n  go:\n"
                                     "    do:\n      - $after: first\n        name: second\n        when: word == 'b'\n"
                                     "        set: {word: \"'c'\"}\n", encoding="utf-8")
    result = philtre("diff", tmp_path / "ruleset.yaml", "--variant", tmp_path / "v.yaml")
    assert result.returncode == 0, result.stderr
    assert ("inserts actions.go.do['second'] after 'first': {name: second, when: word == 'b', "
            "set: {word: \"'c'\"}}") in result.stdout, result.stdout
    assert "adds define = {colours: \"['red', 'blue']\"}" in result.stdout, result.stdout
    assert "''" not in result.stdout
    from philtre.dsl.describe import _scalar

    value = {"b": ["a, b", "it's", "[x]", "08", "yes", None], 2: "'q'"}  # (a bare text in a list ends at a comma)
    assert yaml.safe_load(_scalar(value)) == value, _scalar(value)


def test_diff_of_an_overlay_that_replaces_a_list_without_names_shows_what_went(tmp_path):
    """A base list without named items is replaced whole: diff said only 'inserts flow['nope'] at the start'."""
    base = tmp_path / "base"
    base.mkdir()
    (base / "ruleset.yaml").write_text((ROOT / "examples" / "tutorial" / "ruleset.yaml").read_text())
    (tmp_path / "v.yaml").write_text("extends: base\nflow:\n  - name: nope\n    deal: {from: deck, to: hand, count: 1}\n")
    result = philtre("diff", base, "--variant", tmp_path / "v.yaml")
    assert result.returncode == 0, result.stderr
    assert "inserts" not in result.stdout
    assert "replaces the 'repeat' at flow[#1] (was {repeat: 3, do: [{round: " in result.stdout, result.stdout  # (a deal in its place)


def test_diff_of_an_insertion_before_unnamed_statements_reports_only_the_insertion(tmp_path):
    """An unnamed statement after an inserted one was compared with the statement the insertion shifted
    into its place: diff said the base's named statement there was removed ('removes ...name (was filling)')."""
    (tmp_path / "v.yaml").write_text("extends: poison\nflow:\n  - $after: gather\n    name: note\n    set: {dealer: dealer}\n")
    result = philtre("diff", "poison", "--variant", tmp_path / "v.yaml")
    assert result.returncode == 0, result.stderr
    changes = [line for line in result.stdout.splitlines() if line.lstrip().startswith("- ")]
    assert len(changes) == 1 and "inserts" in changes[0] and "['note'] after 'gather'" in changes[0], result.stdout


def test_diff_of_a_removed_statement_says_what_it_was(tmp_path):
    """'removes actions.play.do['overflow']' left the reader to look the rule up in the base; a removed key said '(was ...)'."""
    (tmp_path / "no-overflow.yaml").write_text("extends: poison\nactions:\n  play:\n    do:\n      - name: overflow\n"
                                              "        $remove: true\n")
    result = philtre("diff", "poison", "--variant", tmp_path / "no-overflow.yaml")
    assert result.returncode == 0, result.stderr
    assert ("removes actions.play.do['overflow'] (was {name: overflow, when: total(into) + card.value > limit, "
            "move: 'into -> taken[me]'}, written at ") in result.stdout, result.stdout


def test_diff_of_a_removal_says_where_the_base_wrote_what_went(tmp_path):
    """Every other change says file:line:col; a removal said none, and the overlay keeps nothing of what it removed."""
    base = tmp_path / "base"
    base.mkdir()
    text = (ROOT / "examples" / "tutorial" / "ruleset.yaml").read_text(encoding="utf-8").replace("define:\n", "define:\n  spare: 3\n", 1)
    (base / "ruleset.yaml").write_text(text, encoding="utf-8")
    (tmp_path / "v.yaml").write_text("extends: base\ndefine:\n  spare: {$remove: true}\n", encoding="utf-8")
    result = philtre("diff", base, "--variant", tmp_path / "v.yaml")
    line = text.splitlines().index("  spare: 3") + 1
    assert re.search(rf"removes define\.spare \(was 3, written at \S*ruleset\.yaml:{line}:10\)", result.stdout), result.stdout
    (tmp_path / "w.yaml").write_text("extends: poison\nactions:\n  play:\n    do:\n      - name: overflow\n        $remove: true\n")
    result = philtre("diff", "poison", "--variant", tmp_path / "w.yaml")
    statement = next(i for i, line in enumerate((ROOT / "rulesets" / "poison" / "ruleset.yaml").read_text(encoding="utf-8").splitlines(), 1)
                     if "- name: overflow" in line)
    assert re.search(rf"removes actions\.play\.do\['overflow'\] \(was .*, written at \S*ruleset\.yaml:{statement}:9\)", result.stdout), result.stdout


def test_diff_of_a_list_of_values_says_where_the_overlay_wrote_it(tmp_path):
    """Every change says file:line:col, but a list of values changed whole (a component's
    attribute values) was told with no place at all."""
    (tmp_path / "sevens.yaml").write_text("extends: poison\ncomponents:\n  potion:\n    attributes:\n"
                                          "      value: [1, 2, 4, 5, 6]\n")
    result = philtre("diff", "poison", "--variant", tmp_path / "sevens.yaml")
    assert result.returncode == 0, result.stderr
    assert "changes components.potion.attributes.value from [1, 2, 4, 5, 7] to [1, 2, 4, 5, 6] (" in result.stdout
    assert "sevens.yaml:5:14)" in result.stdout, result.stdout


# -- philtre simulate / replay -----------------------------------------------------------------

SIM_RUNS = [("draw-pile", n) for n in (3, 4, 5, 6)] + [("two-deals-each", 3)]


@pytest.fixture(scope="module")
def simulations(tmp_path_factory):
    """Each (variant, players) of SIM_RUNS simulated twice (20 games, seed 3); the first run records its games."""
    root = tmp_path_factory.mktemp("sim")
    commands, keys = [], []
    for variant, n in SIM_RUNS:
        for run in (1, 2):
            record = ("--record", root / f"{variant}-{n}") if run == 1 else ()
            # a results file of its own: the two runs of a pair are the same run (one key) and play at once
            db = ("--db", root / f"{variant}-{n}-{run}.sqlite")
            commands.append(("simulate", "poison", "--variant", variant, "--players", n, "--games", 20, "--seed", 3, *record, *db))
            keys.append((variant, n, run))
    return {"root": root, **dict(zip(keys, philtre_many(*commands)))}


@pytest.mark.parametrize("variant,n", SIM_RUNS)
def test_simulate_variant_runs_and_is_reproducible(simulations, variant, n):
    first, second = simulations[(variant, n, 1)], simulations[(variant, n, 2)]
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    assert f"{n} players" in first.stdout and variant in first.stdout
    rounds = float(re.search(r"([\d.]+) rounds", first.stdout).group(1))
    assert rounds == (2 * n if variant == "two-deals-each" else n)
    root = simulations["root"]
    one = sorted((root / f"{variant}-{n}").glob("*.jsonl"))
    assert len(one) == 20
    header = json.loads(one[0].read_text().splitlines()[0])
    assert header["ruleset"]["variants"] == [variant] and header["players"] == n


def test_two_deals_each_refuses_four_players():
    result = philtre("simulate", "poison", "--variant", "two-deals-each", "--players", 4, "--games", 2)
    assert result.returncode == 1
    assert result.stdout == ""
    assert "4" in result.stderr and "3" in result.stderr


def test_recorded_variant_games_replay(simulations):
    from philtre.interpreter.replay import replay

    root = simulations["root"]
    # the command on one record of each variant, the API on the rest
    firsts = [root / "draw-pile-6" / "game-00001.jsonl", root / "two-deals-each-3" / "game-00001.jsonl"]
    for result in philtre_many(*[("replay", path) for path in firsts]):
        assert result.returncode == 0, result.stderr
        assert "all events match" in result.stdout
    for variant, n in SIM_RUNS:
        for path in sorted((root / f"{variant}-{n}").glob("*.jsonl"))[1:3]:
            assert replay(str(path)) > 0


# -- the variants' games, through the API ------------------------------------------------------

def hands(game):
    return [len(h) for h in game.state.zones["hand"]]


def play_recorded(ruleset, n, seed, on_decision=None):
    """A random game with a record; ``on_decision(game, new_events)`` after each decision."""
    game = Game(ruleset, n, seed=seed, record=True)
    rng = random.Random(seed)
    seen = len(game.recorder.events)
    steps = 0
    while not game.finished:
        for p in game.pending():
            before = (game.state.round, len(game.state.zones["deck"][0]), hands(game), p)
            options = game.options(p)
            game.apply(p, options[rng.randrange(len(options))])
            events = game.recorder.events[seen:]
            seen = len(game.recorder.events)
            if on_decision is not None:
                on_decision(game, before, events)
            steps += 1
            assert steps < 5000
    return game


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_draw_pile_hands_of_five_and_rounds_end_when_pile_and_hands_are_empty(draw_pile, n):
    """POISON-FR-2: hands of 5; after playing, draw at once while the pile lasts; the round
    ends when the pile is empty and every hand is played out (so all 50 cards are played)."""
    for seed in range(3):
        per_round = []
        ends = []

        def check(game, before, events):
            rnd, deck, sizes, player = before
            assert max(sizes) <= 5 and max(hands(game)) <= 5
            if deck > 0:
                assert sizes == [5] * n, f"seat hands {sizes} with {deck} cards in the pile"
            if len(per_round) < rnd:
                per_round.append(0)
            per_round[rnd - 1] += 1
            round_ends = [e for e in events if e["event"] == "round_end"]
            if round_ends:
                # the decision that ended the round played the last card anywhere
                assert deck == 0 and sum(sizes) == 1 and sizes[player] == 1, before
                ends.append(round_ends[0]["round"])
            else:
                assert game.state.round == rnd
                assert len(game.state.zones["deck"][0]) + sum(hands(game)) > 0

        game = play_recorded(draw_pile, n, 100 * n + seed, check)
        assert ends == list(range(1, n + 1))
        assert per_round == [50] * n  # every card of the deck is played each round
        assert sum(e.get("event") == "round_end" for e in game.recorder.events) == n


def test_two_deals_each_six_rounds_dealers_rotate_twice(two_deals):
    """POISON-FR-1: with 3 players each player deals twice: 6 rounds, dealers 0, 1, 2, 0, 1, 2."""
    for seed in range(3):
        dealers = {}  # round -> the dealer at its first decision
        game = Game(two_deals, 3, seed=seed, record=True)
        rng = random.Random(seed)
        while not game.finished:
            dealers.setdefault(game.state.round, game.state.vars["dealer"])
            for p in game.pending():
                options = game.options(p)
                game.apply(p, options[rng.randrange(len(options))])
        assert sum(e.get("event") == "round_end" for e in game.recorder.events) == 6
        assert [e["round"] for e in game.recorder.events if e.get("event") == "round_end"] == [1, 2, 3, 4, 5, 6]
        assert [dealers[r] for r in sorted(dealers)] == [0, 1, 2, 0, 1, 2]


# -- the house-rule examples -------------------------------------------------------------------

HOUSE = sorted(HOUSE_RULES.glob("*.yaml"))


def test_every_house_rule_validates():
    assert len(HOUSE) >= 4
    result = philtre("validate", *HOUSE)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout == ""
    for path in HOUSE:
        base = yaml.safe_load(path.read_text())["extends"]
        assert load_ruleset(base, [str(path)]).content_hash != load_ruleset(base).content_hash


def test_every_house_rule_has_a_diff():
    results = philtre_many(*[("diff", yaml.safe_load(p.read_text())["extends"], "--variant", p) for p in HOUSE])
    for path, result in zip(HOUSE, results):
        assert result.returncode == 0, result.stderr
        assert re.search(r": [1-9]\d* change\(s\)", result.stdout.splitlines()[0]), result.stdout
        assert path.name in result.stdout  # each change says where the house rule wrote it


def test_pok_first_to_four_ends_at_four():
    rs = load_ruleset("pok", [str(HOUSE_RULES / "pok-first-to-four.yaml")])
    tops = []
    for seed in range(30):
        n = 3 + seed % 5
        game = Game(rs, n, seed=seed)
        rng = random.Random(seed)
        while not game.finished:
            for p in game.pending():
                options = game.options(p)
                game.apply(p, options[rng.randrange(len(options))])
        tops.append(max(game.scores))
    assert max(tops) == 4, tops  # nobody ever hands over a fifth counter
    assert tops.count(4) >= 20  # (the rest are stalemates, at fewer than four)


def _scenario_overlay(tmp_path, extends, scenarios: str) -> str:
    path = tmp_path / "check.yaml"
    path.write_text(f"extends: {extends}\nscenarios:\n{scenarios}")
    return str(path)


OVERFLOW_SCENARIOS = """\
  - name: a cauldron holds 15 without overflowing
    players: 4
    given:
      zones:
        cauldron[0]: [{color: blue, value: 7}, {color: blue, value: 4}]
        hand[1]: [{color: blue, value: 4}, {color: red, value: 1}]
        hand[2]: [{color: blue, value: 1}, {color: red, value: 2}]
    steps:
      - {player: 1, action: play, args: {card: {color: blue, value: 4}, into: "cauldron[0]"}}
    expect:
      - count(taken[1]) == 0
      - total(cauldron[0]) == 15
  - name: the sixteenth point overflows
    players: 4
    given:
      zones:
        cauldron[0]: [{color: blue, value: 7}, {color: blue, value: 4}]
        hand[1]: [{color: blue, value: 4}, {color: red, value: 1}]
        hand[2]: [{color: blue, value: 1}, {color: red, value: 2}]
    steps:
      - {player: 1, action: play, args: {card: {color: blue, value: 4}, into: "cauldron[0]"}}
      - {player: 2, action: play, args: {card: {color: blue, value: 1}, into: "cauldron[0]"}}
    expect:
      - count(taken[2]) == 3 and total(cauldron[0]) == 1
"""


def test_poison_overflow_15_lets_a_cauldron_reach_15(tmp_path):
    from philtre.interpreter.scenarios import run_scenarios

    house = HOUSE_RULES / "poison-overflow-15.yaml"
    rs = load_ruleset("poison", [_scenario_overlay(tmp_path, house, OVERFLOW_SCENARIOS)])
    results = run_scenarios(rs)
    assert [r.passed for r in results] == [True, True], [r.failures for r in results]
    # the same play on the base overflows at once (POISON-4: past 13)
    base = load_ruleset("poison", [_scenario_overlay(tmp_path, "poison", OVERFLOW_SCENARIOS)])
    assert not run_scenarios(base)[0].passed
    # and in random games no cauldron ever holds more than 15
    rs = load_ruleset("poison", [str(house)])
    highest = 0
    for seed in range(4):
        game = Game(rs, 4, seed=seed)
        rng = random.Random(seed)
        while not game.finished:
            for p in game.pending():
                options = game.options(p)
                game.apply(p, options[rng.randrange(len(options))])
                totals = [sum(c["value"] for c in k) for k in game.state.zones["cauldron"]]
                assert max(totals) <= 15
                highest = max(highest, *totals)
    assert highest > 13


def test_poison_toxic_poison_counts_three(tmp_path):
    from philtre.interpreter.scenarios import run_scenarios

    scenario = """\
  - name: two poison cards taken
    players: 3
    given:
      zones:
        taken[0]: [{type: poison}, {type: poison}]
    expect:
      - points(0) == {points}
"""
    house = HOUSE_RULES / "poison-toxic.yaml"
    rs = load_ruleset("poison", [_scenario_overlay(tmp_path, house, scenario.replace("{points}", "6"))])
    assert [r.passed for r in run_scenarios(rs)] == [True]
    base = load_ruleset("poison", [_scenario_overlay(tmp_path, "poison", scenario.replace("{points}", "4"))])
    assert [r.passed for r in run_scenarios(base)] == [True]
    comps = Game(load_ruleset("poison", [str(house)]), 3, seed=1).state.components
    poisons = [c for c in comps if c["type"] == "poison"]
    assert len(poisons) == 8 and all(c["points"] == 3 and c["value"] == 4 for c in poisons)
    assert all(c["points"] == 1 for c in comps if c["type"] == "potion")


def test_pok_fourth_die_rolls_four_dice():
    rs = load_ruleset("pok", [str(HOUSE_RULES / "pok-fourth-die.yaml")])
    assert set(rs.dice) == {"die1", "die2", "die3", "die4"}
    assert sorted(map(str, rs.dice["die4"].faces)) == sorted(map(str, rs.dice["die2"].faces))
    game = Game(rs, 4, seed=2, record=True)
    rng = random.Random(2)
    while not game.finished and game.state.round < 5:
        for p in game.pending():
            options = game.options(p)
            game.apply(p, options[rng.randrange(len(options))])
    rolls = [e for e in game.recorder.events if e.get("event") == "roll"]
    assert rolls and all(set(e["dice"]) == {"die1", "die2", "die3", "die4"} for e in rolls)


def test_a_combination_skips_a_variants_scenarios_for_player_counts_it_does_not_take():
    # the advanced rules' scenarios are for four and five players; with three-players the
    # game is for three: they are not run, and the combination's own tests still pass
    result = philtre("test", "poisons", "--variant", "three-players", "--variant", "advanced")
    assert result.returncode == 0, result.stdout + result.stderr
    assert re.search(r"\n4 passed, 0 failed, (\d+) skipped\n", result.stdout), result.stdout
    assert "skipped (for 4 players; three-players + advanced is for 3)" in result.stdout


def test_a_single_variants_scenario_for_a_count_it_does_not_take_fails(tmp_path):
    from philtre.interpreter.scenarios import run_scenarios

    wrong = _scenario_overlay(tmp_path, "three-players", "  - name: four\n    players: 4\n    expect: ['true']\n")
    results = run_scenarios(load_ruleset("poisons", [wrong]))
    assert [r.skipped for r in results] == [""]
    assert f"{wrong}:4:14: R001" in results[0].failures[0], "said at the scenario's players:"
    # and validating such a file says so before any test runs
    alone = tmp_path / "three.yaml"
    alone.write_text("extends: poisons\nplayers: 3\nscenarios:\n  - name: four\n    players: 4\n    expect: ['true']\n")
    result = philtre("validate", alone)
    assert result.returncode == 1, result.stdout + result.stderr
    assert f"{alone}:5:14: R001 scenario 'four' is for 4 players; poisons + {alone} is for 3 players" in result.stdout, result.stdout


THREE_PLAYERS_ADVANCED = str(Path(__file__).parent / "data" / "poisons-three-players-advanced.yaml")


def test_the_three_player_rules_with_the_advanced_rules_keep_both_rulebooks_counts_and_scoring():
    """POISONS-9's "3 player game can also be played with the advanced rules" (with POISONS-5, POISONS-6): the
    combination's own scenarios (tests/data/poisons-three-players-advanced.yaml, applied after three-players) all run,
    for 3 players, and pass: four drinks a round (3 plain and the poison, a special in place of a plain from round 2),
    one effect per later round, each goblet one drink from each opponent, and a Double and a Love potion pair scored
    across main and extra goblets."""
    from philtre.interpreter.scenarios import run_scenarios

    results = run_scenarios(load_ruleset("poisons", ["three-players", THREE_PLAYERS_ADVANCED]))
    ours = [r for r in results if "poisons-three-players-advanced.yaml" in str(r.loc)]
    assert len(ours) == 5 and not any(r.skipped for r in ours), [(r.name, r.skipped) for r in ours]
    assert all(not r.failures for r in results if not r.skipped), [(r.name, r.failures) for r in results if r.failures]


def test_one_variant_may_be_given_as_a_string():
    """`variants="advanced"` was read letter by letter ("no variant or overlay file 'a'"), where the adapters take it."""
    from philtre.dsl import load_ruleset

    assert load_ruleset("poisons", variants="advanced").variants == load_ruleset("poisons", variants=["advanced"]).variants == ("advanced",)
