"""`philtre diff` on rules written over several lines: a sentence shows an expression on one line, as the rules read
it (a Yahtzee trial's diff printed a folded `>` definition as `"... and (\\n  not joker(p)\\n  or ..."`)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from philtre.dsl.describe import describe_changes

ROOT = Path(__file__).resolve().parent.parent
# a definition as a folded block gives it: its more-indented lines keep their line breaks, and a final one
FOLDED = "not filled(p, b) and (\n  not joker(p)\n  or b == face_box\n)\n"


def test_a_folded_expression_is_told_on_one_line_its_breaks_as_the_rules_read_them():
    """Each line break, with the indentation after it, reads as one space, or as nothing beside a bracket."""
    changes = describe_changes({"define": {"allowed": FOLDED}}, {"define": {"allowed": "not filled(p, b)"}})
    assert changes == ["changes define.allowed from not filled(p, b) and (not joker(p) or b == face_box) to not filled(p, b)"]


def test_a_list_or_a_definition_told_whole_shows_its_expressions_on_one_line():
    """Inside a list or statement told whole, each text is joined as well."""
    was = [{"shuffle": "deck"}]
    added = describe_changes({"flow": was}, {"flow": [*was, {"score": {"player": 0, "add": "count(\n  hand[0]\n) +\n  1\n"}}]})
    assert added == ["inserts flow[#2] after #1: {score: {player: 0, add: 'count(hand[0]) + 1'}}"]
    values = describe_changes({"define": {"v": [1]}}, {"define": {"v": [1, "a +\n  b\n"]}})
    assert values == ["changes define.v from [1] to [1, a + b]"]
    removed = describe_changes({"define": {"far": "a +\n  b\n"}}, {"define": {}})
    assert removed == ["removes define.far (was a + b)"]


def test_a_change_of_line_breaks_alone_still_shows_two_texts_that_differ():
    """Joined, the two would read the same: each is shown with its line breaks, escaped, so the sentence says what
    changed."""
    changes = describe_changes({"define": {"x": "a and\n  b\n"}}, {"define": {"x": "a and b"}})
    assert changes == ['changes define.x from "a and\\n  b" to a and b']


def test_the_command_tells_an_overlay_s_folded_definition_on_one_line(tmp_path):
    """As a user runs it, on a shipped game's definition replaced by a folded one."""
    (tmp_path / "longer.yaml").write_text("extends: poison\ndefine:\n  limit: >\n    13 +\n      2\n", encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "philtre", "diff", "poison", "--variant", "longer.yaml"], cwd=tmp_path,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "  - changes define.limit from 13 to 13 + 2 (longer.yaml:3:10)" in result.stdout, result.stdout


def test_a_statement_told_whole_keeps_its_keys_in_the_order_written():
    """A trial's block `repeat: ...` with its `do:` was told `[{do: [{do: [...], when: ...}, ...` (keys sorted), and the
    cut line lost the word `repeat`: the kind word stays where the author wrote it, first."""
    fill = [{"repeat": "max(0, 12 - count(row))", "do": [{"when": "count(deck) == 0", "do": [{"move": "discard -> deck"}]},
                                                         {"move": "last(deck) -> row"}]}]
    [added] = describe_changes({"blocks": {}}, {"blocks": {"fill_row": fill}})
    assert added.startswith("adds blocks.fill_row = [{repeat: 'max(0, 12 - count(row))', do: [{when: count(deck) == 0, do: "), added


def test_a_definition_is_told_by_its_expression_not_by_the_kind_yaml_reads_it_as():
    """A Canasta trial's overlay wrote `target: "5000"` over `target: 5000`, and `frozen(p): "true"`: diff said the
    target changed to '5000' and printed the new body as the word 'true'. One expression is no change; a body is
    printed bare, as the base's expressions are."""
    base = {"define": {"target": 5000, "frozen(p)": "not opened(p)", "cap": 20}}
    new = {"define": {"target": "5000", "frozen(p)": "true", "cap": "21", "open": False}}
    assert describe_changes(base, new) == ["changes define.frozen(p) from not opened(p) to true",
                                           "changes define.cap from 20 to 21", "adds define.open = false"]
    assert describe_changes({"define": {"on": True}}, {"define": {"on": "true"}}) == []
    # outside `define`, a value keeps its kind: a variable's initial "5000" is a text, not the number
    assert describe_changes({"variables": {"v": {"initial": 5000}}}, {"variables": {"v": {"initial": "5000"}}}) == [
        "changes variables.v.initial from 5000 to '5000'"]
