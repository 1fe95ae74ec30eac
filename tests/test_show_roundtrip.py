"""`philtre show` prints YAML that reads back as the same ruleset, whatever its texts hold.

`philtre show GAME --variant V > mine.yaml` is how a house rule becomes a ruleset of its own, so what
show prints must load, with every text as it was and the same content hash (what compare and
--resume go by). Hypothesis writes a small ruleset whose description, one attribute value and one
expression are arbitrary texts: leading and trailing spaces, blank lines, kept final line breaks,
tabs, line and paragraph separators (U+2028, U+2029), lines of more than 10,000 characters, words
YAML reads as something else (yes, null, ~, 0o17). U+0085 is no such text: the loader refuses it in
any text (a control character), so show never meets one.
"""

from __future__ import annotations

import math

import pytest
import yaml
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from philtre.dsl import load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.interpreter.cli import main

ROUNDTRIP = settings(max_examples=100, deadline=None, derandomize=True, database=None,
                     suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

RULESET = """\
philtre: 1
game: roundtrip
title: Round trip
description: {description}
players: 2..3
components:
  card:
    attributes: {{rank: [1, 2, 3, 4, 5, 6], label: [plain, {label}]}}
    start: deck
zones:
  deck: {{visible: nobody}}
  hand: {{each: player, visible: owner}}
  table: {{each: player}}
define:
  played(p): first(table[p])
  best: {best}
actions:
  play:
    choose: {{card: "hand[me]"}}
    do:
      - move: card -> table[me]
flow:
  - shuffle: deck
  - deal: {{from: deck, to: hand, count: 2}}
  - simultaneous: play
  - for: p in players
    do:
      - when: played(p).rank == best
        score: {{player: p, add: 1}}
winners: {{highest: "score[p]"}}
"""

# the pieces texts are made of: what YAML's block and plain scalars treat specially, and ordinary characters
SHORT_PIECES = st.one_of(
    st.sampled_from([" ", "  ", "\t", "\n", "\n\n", " \n", "\u2028", "\u2029", "#", ": ", "- ", "'", '"', "\\",
                     "|", ">", "---", "...", "é", "\U0001F600", "\ufeff", "yes", "no", "null", "~", "0o17", "1e3",
                     "08", "true", "1_000", "\u202e", "\u2066", "\u200b", "\u00ad", "\U000E0041"]),
    st.text(st.characters(blacklist_categories=("Cc", "Cs"), blacklist_characters="\x85"), max_size=8),
)
# and lines longer than PyYAML's widest (10,000), with and without spaces to wrap at (an expression holds 4,000 at most)
PIECES = st.one_of(SHORT_PIECES, st.sampled_from(["x" * 10_001, "word " * 2_100, " ".join(["word"] * 2_100)]))
TEXTS = st.lists(PIECES, max_size=8).map("".join)
# an expression's text: its tokens with any whitespace the language skips between them, and a string literal
BEST = ["max(", "played(p).rank", "for", "p", "in", "players)", "if", None, "!=", "''", "else", "0"]
WHITESPACE = st.lists(st.sampled_from([" ", "\t", "\n", "\n\n"]), max_size=3).map("".join)


def string_literal(text: str) -> str:
    """``text`` as a string of the expression language, without what one cannot hold (a quote, backslash, line break)."""
    return '"' + "".join(c for c in text if c not in '"\\\n') + '"'


LITERAL = st.lists(SHORT_PIECES, max_size=8).map("".join).map(string_literal)


@st.composite
def expressions(draw) -> str:
    """The define `best`, with arbitrary whitespace around (and between) its tokens and a string literal in it."""
    tokens = [draw(LITERAL) if token is None else token for token in BEST]
    gaps = [draw(WHITESPACE.filter(bool) if needs_gap else WHITESPACE) for needs_gap in _gaps(tokens)]
    return "".join(gap + token for gap, token in zip(gaps, tokens)) + draw(WHITESPACE)


def _gaps(tokens) -> list[bool]:
    """Which gaps before a token must hold whitespace (between two words, which would otherwise run together)."""
    return [i > 0 and tokens[i - 1][-1:].isalnum() and token[:1].isalnum() for i, token in enumerate(tokens)]


def quoted(text: str) -> str:
    """``text`` as a YAML double-quoted scalar with every character escaped that needs it (nothing left to guess)."""
    return yaml.safe_dump(text, default_style='"', width=math.inf).removesuffix("\n")


def shown(ruleset: str, *options: str) -> str:
    """What `philtre show RULESET` prints."""
    result = CliRunner().invoke(main, ["show", ruleset, *options])
    assert result.exit_code == 0, result.output
    return result.output


def write_ruleset(folder, description: str, label: str, best: str) -> str:
    """A small valid ruleset holding the three texts, in ``folder``; its path."""
    path = folder / "ruleset.yaml"
    path.write_text(RULESET.format(description=quoted(description), label=quoted(label), best=quoted(best)),
                    encoding="utf-8")
    return str(path)


def assert_reads_back(tmp_path, description: str, label: str, best: str) -> None:
    """show's output, with and without --origins, loads as the same texts with the same content hash."""
    original = load_ruleset(write_ruleset(tmp_path, description, label, best))
    assert (original.source["description"], original.source["components"]["card"]["attributes"]["label"][1],
            original.source["define"]["best"]) == (description, label, best)
    for options in [(), ("--origins",)]:
        mine = tmp_path / f"shown{''.join(options)}.yaml"
        mine.write_text(shown(str(tmp_path / "ruleset.yaml"), *options), encoding="utf-8")
        try:
            again = load_ruleset(str(mine))
        except PhiltreError as exc:
            pytest.fail(f"show {' '.join(options)} printed YAML that does not load: {exc}\n{mine.read_text()}")
        source = again.source
        assert source["description"] == description, options
        assert source["components"]["card"]["attributes"]["label"][1] == label, options
        assert source["define"]["best"] == best, options
        assert again.content_hash == original.content_hash, options


@ROUNDTRIP
@given(description=TEXTS.filter(str.strip), label=TEXTS.filter(lambda t: t.strip() and t != "plain"),
       best=expressions())
def test_what_show_prints_reads_back_as_the_same_ruleset(tmp_path_factory, description, label, best):
    assert_reads_back(tmp_path_factory.mktemp("show"), description, label, best)


BEST_PLAIN = "max(played(p).rank for p in players)"


@pytest.mark.parametrize("description, label, best", [
    ("two\nlines", "x", " max(played(p).rank\nfor p in players)"),  # a first line that starts with a space
    ("two\nlines", "x", " max(played(p).rank\n for p in players)"),  # every line starts with a space
    ("two\nlines", "x", BEST_PLAIN + "\n\n"),                        # kept trailing line breaks
    ("\n", "\n\n", BEST_PLAIN + " \n"),                              # only line breaks; a space before the last
    ("a\u2028b\nc", "d\u2029e\nf", BEST_PLAIN),                      # separators inside a text of several lines
    ("a\u2028b", "d\u2029e", BEST_PLAIN),                            # and in a text of one line
    ("word " * 2600, " ".join(["word"] * 2600), BEST_PLAIN),         # more than 10,000 characters, nested too
    ("\tindented\nby a tab", "\n\nblank lines first", "\tmax(played(p).rank\nfor p in players)"),
    ("trailing  \nspaces  ", "   \n  only spaces\n   ", BEST_PLAIN + "\n   \n"),
    ("to be continued...", "x" * 10_001 + "...", BEST_PLAIN),        # a text's own "...", not YAML's end marker
])
def test_the_texts_the_audit_found_read_back(tmp_path, description, label, best):
    """The cases of the audit (finding 4): each printed an unreadable file, or one with another content hash."""
    assert_reads_back(tmp_path, description, label, best)


LONG_NAMES = """\
game: long-names
players: 2
components:
  card:
    attributes:
      ? {a}
      : [1, 2]
    start: deck
zones:
  ? {z}
  : {{visible: nobody}}
  deck: {{visible: nobody}}
variables:
  ? {v}
  : 0
dice:
  die:
    - ? {f}
      : 1
define:
  ? {d}(x)
  : x + 1
actions:
  pass: {{}}
flow:
  - set:
      ? {v}
      : {d}(1)
  - decide: pass
    player: 0
"""


def plain_rules(ruleset) -> dict:
    """A loaded ruleset's rules as plain data, to compare two of them."""
    from philtre.dsl.yamlpos import plain

    return plain(ruleset.source)


@pytest.mark.parametrize("length", [1022, 1024, 1025, 1100])
def test_keys_longer_than_yaml_reads_on_one_line_read_back(tmp_path, length):
    """A key of more than 1024 characters written `key: value` does not load: show writes it as `? key`, then `: value`
    (here an attribute's name, a zone's, a variable's, the first key of a die's face, a definition's head, a set's)."""
    names = {letter: letter * length for letter in "azvfd"}
    path = tmp_path / "ruleset.yaml"
    path.write_text(LONG_NAMES.format(**names), encoding="utf-8")
    original = load_ruleset(str(path))
    assert names["z"] in original.source["zones"] and names["f"] in original.source["dice"]["die"][0]
    for options in [(), ("--origins",)]:
        mine = tmp_path / f"shown{''.join(options)}.yaml"
        mine.write_text(shown(str(path), *options), encoding="utf-8")
        try:
            again = load_ruleset(str(mine))
        except PhiltreError as exc:
            pytest.fail(f"show {' '.join(options)} printed YAML that does not load: {str(exc)[:300]}")
        assert plain_rules(again) == plain_rules(original), options
        assert again.content_hash == original.content_hash, options

ACCENTED = RULESET.format(description='"Crème brûlée, 😀 and\\ta tab"', label='"été"', best=quoted(BEST_PLAIN))


def test_show_prints_letters_beyond_ascii_as_written_and_control_characters_escaped(tmp_path):
    """A one-line text was printed with every letter beyond ASCII escaped ("\\xE9" for é): unreadable in any language
    but English. A tab, a control character, stays escaped."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(ACCENTED.replace("title: Round trip", "title: Café 😀"), encoding="utf-8")
    printed = shown(str(path))
    assert "title: Café 😀\n" in printed
    assert "label: [plain, été]\n" in printed
    assert '"Crème brûlée, ' in printed and "\\ta tab" in printed and "\t" not in printed
    assert "\\x" not in printed.lower() and "\\u" not in printed.lower()


INVISIBLE = ["\u202e", "\u2067", "\u200f", "\u200b", "\u00ad", "\U000E0041"]  # bidi overrides, isolates, marks; a tag


@pytest.mark.parametrize("char", INVISIBLE)
def test_show_escapes_bidi_and_other_invisible_format_characters(tmp_path, char):
    """A title holding U+202E printed raw: the terminal showed the rest of the line reversed ('exe.gnp' read as 'png.exe'),
    in a one-line text, a key, a text of several lines (a block) alike. Each is printed as its escape, which reads back."""
    escape = f"\\u{ord(char):04X}" if ord(char) <= 0xFFFF else f"\\U{ord(char):08X}"
    text = RULESET.format(description=quoted(f"two\nlines {char}here"), label=quoted(f"a{char}b"), best=quoted(BEST_PLAIN))
    text = text.replace("title: Round trip", f"title: {quoted('Round ' + char + 'trip')}")
    text = text.replace("players: 2..3\n", f"players: 2..3\nvariables:\n  m: {{initial: {{{quoted(char + 'key')}: 1}}}}\n")
    path = tmp_path / "ruleset.yaml"
    path.write_text(text, encoding="utf-8")
    printed = shown(str(path))
    assert char not in printed
    assert f'title: "Round {escape}trip"\n' in printed and f'label: [plain, "a{escape}b"]\n' in printed, printed
    assert f'initial: {{"{escape}key": 1}}\n' in printed and f'description: "two\\nlines {escape}here"\n' in printed, printed
    mine = tmp_path / "shown.yaml"
    mine.write_text(printed, encoding="utf-8")
    assert load_ruleset(str(mine)).content_hash == load_ruleset(str(path)).content_hash


def test_diff_prints_letters_beyond_ascii_as_written(tmp_path):
    path = tmp_path / "ruleset.yaml"
    path.write_text(ACCENTED, encoding="utf-8")
    (tmp_path / "v.yaml").write_text(f"extends: {path}\ntitle: Très bien\ncomponents:\n  card:\n    attributes:\n"
                                     "      label: [plain, hiver]\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["diff", str(path), "--variant", str(tmp_path / "v.yaml")])
    assert result.exit_code == 0, result.output
    assert "Très bien" in result.output and "été" in result.output and "hiver" in result.output
    assert "\\x" not in result.output.lower()


# a trial's board as numbers: a list of 26 counts a seat, a longer list, a table, a word kept in its quotes
LISTED = """\
philtre: 1
game: listed
players: 2
variables:
  men: {initial: [0, 0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0], each: player}
  long: {initial: [LONG]}
  rows: {initial: [[1, 2, 3], [4, 5, 6]]}
  said: {initial: [a, 'none']}
flow:
  - set: {said: "[first(men[0]), count(long)]"}
winners: "[0]"
"""


def test_show_prints_a_list_or_map_of_values_on_one_line_where_it_fits(tmp_path):
    """A trial's 26-number initial took 28 lines of 159 (`- 0` a line), where `diff` and its author wrote it on one."""
    path = tmp_path / "listed.yaml"
    path.write_text(LISTED.replace("LONG", ", ".join(["'a much longer word'"] * 8)), encoding="utf-8")
    printed = shown(str(path))
    lines = printed.splitlines()
    assert "    initial: [0, 0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0]" in lines, printed
    assert "  - set: {said: '[first(men[0]), count(long)]'}" in lines, printed  # a map of values too
    assert lines.count("      - a much longer word") == 8, printed  # past 100 characters: an item a line
    assert "      - [1, 2, 3]" in lines and "      - [4, 5, 6]" in lines, printed  # a table: a row a line
    assert "      - 'none'" in lines, printed  # a word kept in its quotes (L018): as written, an item a line
    assert "variables:" in lines and "flow:" in lines, printed  # a section keeps an entry a line
    assert max(map(len, lines)) <= 100, printed
    mine = tmp_path / "shown.yaml"
    mine.write_text(printed, encoding="utf-8")
    assert load_ruleset(str(mine)).content_hash == load_ruleset(str(path)).content_hash
    with_origins = shown(str(path), "--origins")
    assert f"    initial: [0, 0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0]  # {path}:5:" \
        in with_origins, with_origins
