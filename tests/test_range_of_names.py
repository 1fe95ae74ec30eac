"""An attribute's range whose end names another attribute (`b: "a..6"`, each pair once) is one word: a range's ends are
numbers. A trial met R002 about '+' between a whole number and a word, with no hint; the hint, and L020 where nothing
fails, write the widest range and the `copies` that keeps the pairs."""

from __future__ import annotations

from philtre.dsl.validate import check_file

HINT = 'write b: 0..6, and keep the combinations wanted with copies: "1 if a <= b else 0"'


def ruleset(derive: str = "", define: str = "") -> str:
    return ("philtre: 1\ngame: range-word\nplayers: 2\ncomponents:\n  tile:\n    attributes: {a: 0..6, b: \"a..6\"}\n"
            f"{derive}    start: pile\nzones:\n  pile: {{visible: nobody}}\n{define}flow:\n  - shuffle: pile\n"
            + ("  - when: heavy > 3\n    shuffle: pile\n" if define else ""))


def findings(tmp_path, text: str) -> list:
    path = tmp_path / "ruleset.yaml"
    path.write_text(text, encoding="utf-8")
    return [str(f.diagnostic) for f in check_file(str(path)).findings]


def test_a_derive_failing_on_it_names_the_attribute_and_writes_the_range_and_copies(tmp_path):
    [said] = findings(tmp_path, ruleset(derive="    derive: {pips: a + b}\n"))
    assert "R002 'pips' of tile a=0 a..6 failed before the game started" in said
    assert f"'b' (at {tmp_path / 'ruleset.yaml'}:6:27) is the one word 'a..6', not a range: a range's ends are numbers" in said
    assert HINT in said, said


def test_l020_says_it_at_the_attribute_where_nothing_fails(tmp_path):
    [said] = findings(tmp_path, ruleset())
    assert said.startswith(f"{tmp_path / 'ruleset.yaml'}:6:30: L020 the attribute 'b' of 'tile' is the one word 'a..6'"), said
    assert HINT in said, said


def test_a_rule_using_it_as_a_number_says_so_in_its_hint(tmp_path):
    said = findings(tmp_path, ruleset(define="define:\n  heavy: max(t.b + 1 for t in pile)\n"))
    assert any("E124 cannot add a word and a whole number" in s and "'.b' is declared as 'a..6', one word" in s
               and HINT in s for s in said), said


def test_a_range_of_numbers_is_no_finding(tmp_path):
    assert findings(tmp_path, ruleset().replace('"a..6"', "0..6")) == []
