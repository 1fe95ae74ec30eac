"""L058: an action's `label:` that reads two different values of its choice alike, where validate can work them out.

A trial's table of routes held a double route (two routes joining the same two cities in the same colour), labelled
`"{a}-{b} {colour}"`: play listed two options alike and told them apart only by their raw values (`[e=1]`), and
nothing warned the author before play. Where the values are known without a game (a list, a table, a range of fixed
definitions, the components' attributes) the labels are worked out at validate; a choice the game decides is left alone.
"""

from __future__ import annotations

from click.testing import CliRunner

from test_option_labels import SPACES, TRACKS

from philtre.dsl.validate import check_file
from philtre.interpreter.cli import main

# play's two tracks of one route (test_option_labels), as a table of routes written as YAML data: routes 1 and 2 join
# the same two cities in the same colour
ROUTES = TRACKS.replace("""  NAMES: "['north', 'ridge', 'ridge', 'south']"\n""", """\
  ROUTES:
    - {a: Alder, b: Birch, colour: red}
    - {a: Birch, b: Cedar, colour: grey}
    - {a: Birch, b: Cedar, colour: grey}
    - {a: Cedar, b: Alder, colour: blue}
""").replace('label: {e: "NAMES[e]"}', "label: {e: \"ROUTES[e].a + '-' + ROUTES[e].b + ' ' + ROUTES[e].colour\"}")

LABEL = "    label: {e: \"ROUTES[e].a + '-' + ROUTES[e].b + ' ' + ROUTES[e].colour\"}\n"


def findings(tmp_path, text: str, name: str = "ruleset.yaml") -> list:
    """The diagnostics of validating ``text`` as a ruleset file ``name``."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return [f.diagnostic for f in check_file(str(path)).findings]


def changed(old: str, new: str, base: str = ROUTES) -> str:
    assert base.count(old) == 1, old
    return base.replace(old, new)


def where(needle: str, text: str = ROUTES) -> tuple[int, int]:
    """1-based line and column of ``needle`` in ``text``."""
    at = text.index(needle)
    return text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at)


def test_two_values_of_a_table_labelled_alike_are_l058_naming_both_and_the_text(tmp_path):
    assert ROUTES != TRACKS and "NAMES" not in ROUTES
    [d] = findings(tmp_path, ROUTES)
    assert d.code == "L058", str(d)
    assert (d.loc.line, d.loc.col) == where('"ROUTES[e].a'), str(d)
    assert "e=1" in d.message and "e=2" in d.message and "'Birch-Cedar grey'" in d.message, str(d)
    assert "claim" in d.message and "tells them apart" in d.hint and "ignore[L058]" in d.hint, str(d)


def test_validate_says_it_with_file_line_and_column_and_fails(tmp_path):
    path = tmp_path / "ruleset.yaml"
    path.write_text(ROUTES, encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert result.exit_code == 1, result.output
    line, col = where('"ROUTES[e].a')
    assert f"{path}:{line}:{col}: L058 " in result.output, result.output


def test_a_label_telling_each_value_apart_is_silent(tmp_path):
    one_to_one = changed(LABEL, "    label: {e: \"ROUTES[e].a + '-' + ROUTES[e].b + ' ' + ROUTES[e].colour + ' ' + text(e)\"}\n")
    assert findings(tmp_path, one_to_one) == []
    assert findings(tmp_path, changed("    - {a: Birch, b: Cedar, colour: grey}\n    - {a: Birch, b: Cedar, colour: grey}\n",
                                      "    - {a: Birch, b: Cedar, colour: grey}\n    - {a: Birch, b: Cedar, colour: pink}\n")) == []


def test_the_same_value_listed_twice_is_one_option_and_no_finding(tmp_path):
    assert findings(tmp_path, changed('"range(4)"', '"[0, 1, 1, 3]"')) == []


def test_a_choice_the_game_decides_is_left_alone(tmp_path):
    """The routes still open are known only in play: the lint does not guess them (a table read alike stays silent)."""
    open_routes = changed("  taken: {initial: -1}\n", "  taken: {initial: -1}\n  open: {initial: [0, 1, 2, 3]}\n")
    assert findings(tmp_path, changed('"range(4)"', '"[r for r in open if r != taken]"', open_routes)) == []


def test_a_choice_among_the_components_attributes_is_worked_out(tmp_path):
    """play's board of deeds (test_option_labels), its spaces chosen among the deeds' and two deeds named alike."""
    spaces = changed('"[1, 2]"', '"[d.space for d in components]"', SPACES)
    [d] = [d for d in findings(tmp_path, changed("brown-b", "brown-a", spaces)) if d.code == "L058"]
    assert "s=1" in d.message and "s=2" in d.message and "'brown-a'" in d.message, str(d)
    assert [d for d in findings(tmp_path, spaces) if d.code == "L058"] == []


def test_the_comment_silences_it_even_written_into_a_file_validated_before(tmp_path):
    # (one process validating a file, then the file with the comment added, as an editor's server does: the lines
    # read for the comments are the file's new ones)
    assert [d.code for d in findings(tmp_path, ROUTES)] == ["L058"]
    assert findings(tmp_path, changed(LABEL, LABEL.rstrip("\n") + "  # philtre: ignore[L058]\n")) == []


def test_a_choice_of_more_than_a_thousand_values_is_not_labelled(tmp_path):
    """validate stays quick: a choice of 1,000 values is labelled (and said), one of 1,001 is not (validating.md)."""
    halves = changed(LABEL, '    label: {e: "text(e // 2)"}\n')
    [d] = [d for d in findings(tmp_path, changed('"range(4)"', '"range(1000)"', halves)) if d.code == "L058"]
    assert "e=0 and e=1" in d.message, str(d)
    assert [d for d in findings(tmp_path, changed('"range(4)"', '"range(1001)"', halves), "more.yaml") if d.code == "L058"] == []
