"""Broken rulesets: every mistake is reported as ``path:line:col: CODE message`` at the exact place.

Each case is the small valid ruleset ``MINIMAL`` with one thing broken. The cases are
also kept as files in tests/data/broken/ (for people and for the CLI tests); they are
generated from the strings here, and ``test_data_files_are_up_to_date`` keeps them in
step. After changing a case, regenerate them with::

    python tests/test_errors.py

The expected position is computed from the broken text itself (the character a
``needle`` points at), so it is the exact line and column of the offending character.
"""

from __future__ import annotations

import functools
import os
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.errors import PhiltreError

DATA = Path(__file__).resolve().parent / "data" / "broken"

MINIMAL = """\
game: mini
players: 2..4
components:
  card:
    attributes: {value: [1, 2, 3]}
    copies: 2
    start: deck
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
  pile: {visible: everyone}
define:
  total(z): sum(c.value for c in z)
actions:
  play:
    choose: {card: "hand[me]"}
    if: card.value > 0
    do:
      - move: card -> pile
      - score: {player: me, add: card.value}
flow:
  - shuffle: deck
  - deal: {from: deck, to: hand, count: 1}
  - turns: 0
    until: all(count(hand[p]) == 0 for p in players)
    do:
      - decide: play
winners: {highest: "score[p]"}
"""
WITH_A_GRID = MINIMAL.replace("  pile: {visible: everyone}\n", "  pile: {visible: everyone}\n  board: {grid: true}\n")  # (a grid zone, board)

IF = "    if: card.value > 0\n"
DICE = "dice:\n  d1: [{pips: 1}, {pips: 2}]\n  d2: [{pips: 1}, {pips: 2}]\n"


def breaking(old: str, new: str, base: str = MINIMAL) -> str:
    """``base`` with the one occurrence of ``old`` replaced by ``new``."""
    assert base.count(old) == 1, f"{old!r} must occur exactly once"
    return base.replace(old, new)


def with_then(statements: str) -> str:
    """MINIMAL with its action given a `then:` of ``statements`` (YAML lines, each indented as an item of it)."""
    return breaking("      - score: {player: me, add: card.value}\n", "      - score: {player: me, add: card.value}\n    then:\n" + statements)


def after_shuffle(statement: str) -> str:
    """MINIMAL with ``statement`` (its lines, indented as the flow's items) right after the flow's shuffle."""
    return breaking("  - shuffle: deck\n", "  - shuffle: deck\n" + statement)


def setting_after_shuffle(declared: str, key: str, value: str) -> str:
    """MINIMAL with the variable ``declared`` (`run: {initial: [0, 0]}`) and `set: {"KEY": VALUE}` after its shuffle."""
    return breaking("  - shuffle: deck\n", f"  - shuffle: deck\n  - set: {{\"{key}\": {value}}}\n",
                    MINIMAL.replace("define:", f"variables:\n  {declared}\ndefine:"))


def with_variable(declared: str, base: str = MINIMAL) -> str:
    """``base`` with the variable ``declared`` (`buys: 1`)."""
    return breaking("define:", f"variables:\n  {declared}\ndefine:", base)


def position(text: str, needle: str, nth: int = 1, offset: int = 0) -> tuple[int, int]:
    """1-based (line, column) of character ``offset`` of the ``nth`` occurrence of ``needle``."""
    at = -1
    for _ in range(nth):
        at = text.index(needle, at + 1)
    at += offset
    line = text.count("\n", 0, at) + 1
    col = at - (text.rfind("\n", 0, at) + 1) + 1
    return line, col


@dataclass
class Case:
    description: str
    text: str | bytes
    code: str | tuple  # a code, or the codes any of which is right
    needle: str  # the offending character is character `offset` of the `nth` occurrence
    nth: int = 1
    offset: int = 0
    hint: str | None = None  # text the hint must contain
    message: str | None = None  # text the message must contain
    not_in_message: str | None = None

    def file_text(self) -> bytes:
        """The data file: a comment saying what is broken, then the broken ruleset."""
        head = f"# broken: {self.description}\n".encode() if self.text else b""
        body = self.text if isinstance(self.text, bytes) else self.text.encode("utf-8")
        return head + body

    def where(self) -> tuple[int, int]:
        return position(self.file_text().decode("latin-1"), self.needle, self.nth, self.offset)


CASES = {
    # -- YAML ---------------------------------------------------------------------------
    "yaml_unclosed_bracket": Case(
        "a flow list is never closed",
        breaking("attributes: {value: [1, 2, 3]}", "attributes: {value: [1, 2, 3}"),
        "Y001", "3}", offset=1, message="']'"),
    "yaml_unclosed_quote": Case(
        "a quoted expression is never closed: reported where the quote opens, not at the file's end",
        breaking('winners: {highest: "score[p]"}', 'winners: {highest: "score[p]}'),
        "Y001", '"score[p]}', message="never closed"),
    "yaml_tab_indentation": Case(
        "a tab indents a key",
        breaking("    copies: 2", "\tcopies: 2"),
        "Y001", "\t", message="tab", hint="a tab is not indentation in YAML: indent with spaces"),
    "yaml_tab_after_a_plain_value": Case(
        "a tab indents a key after a bare value: the hint was 'scanning a plain scalar that starts at line 7, column 13'",
        breaking("    copies: 2\n", "    copies: 2\n\tdisplay: value\n"),
        "Y001", "\t", message="tab", hint="a tab is not indentation in YAML: indent with spaces"),
    "key_starting_with_a_written_tab": Case(
        "a key written after the two characters \\t, as code writes a tab (a Parcheesi trial): the message doubled the "
        "backslash, and said nothing of tabs",
        breaking("flow:\n", "\\tpass: {}\nflow:\n"),
        "V001", "\\tpass", message="('\\tpass' was unexpected)",
        hint="\\t here is a backslash and a t, not a tab; and a tab is not indentation in YAML: indent with spaces"),
    "yaml_duplicate_key": Case(
        "the zone 'deck' is declared twice",
        breaking("  pile: {visible: everyone}\n", "  pile: {visible: everyone}\n  deck: {visible: everyone}\n"),
        "Y008", "deck: {visible: everyone}", message="line 10"),
    "yaml_key_without_its_colon": Case(
        "an action's name written without its ':' (a Tichu trial): YAML reads on into the next line for it, and was "
        "reported there, past the key, with no hint",
        breaking("actions:\n  play:\n", "actions:\n  pass: {}\n  play\n"),
        "Y001", "play\n", message="could not find expected ':'", hint="a key is followed by ':' (write 'play:')"),
    "yaml_first_key_without_its_colon": Case(
        "the first action's name written without its ':': YAML reads it as the text of 'actions', and said to quote "
        "an expression at the next line's ': '",
        breaking("  play:\n", "  play\n"),
        "Y001", "play\n", hint="a key is followed by ':' (write 'play:')"),
    "yaml_key_without_its_colon_before_a_comment": Case(
        "an action's name written without its ':', a comment after it: YAML stops at the next line's key",
        breaking("  play:\n", "  play  # the only action\n"),
        "Y001", "play  #", hint="a key is followed by ':' (write 'play:')"),
    "yaml_key_and_value_without_the_colon": Case(
        "a loop's `turns 0` written without its ':', more keys after it (a Ra trial): the hint said to write 'turns 0:'",
        breaking("  - turns: 0\n    until:", "  - name: t\n    turns 0\n    until:"),
        "Y001", "turns 0", nth=3, hint="a key is followed by ':' (write 'turns: 0')"),
    "yaml_key_and_value_without_the_colon_first_in_its_item": Case(
        "`- turns 0` then `until:` (a Ra trial): reported at the next line's ':' with a hint to quote the whole expression",
        breaking("  - turns: 0\n    until:", "  - turns 0\n    until:"),
        "Y001", "turns 0", nth=2, hint="a key is followed by ':' (write 'turns: 0')"),
    "yaml_block_set_with_plus_equals": Case(
        "`n += 1` after another key of a block-style `set:` (an Incan Gold trial): the hint said to write 'n += 1:', "
        "where { } gets V001's `n: n + 1`",
        after_shuffle("  - set:\n      m: m + 1\n      n += 1\n"),
        "Y001", "n += 1", nth=3, hint="a key and its value are written key: value, the new value in full (n: n + 1), not with '+='"),
    "yaml_list_item_without_its_key": Case(
        "the 'do:' above a loop's statements is left out, so a '- ' item stands where a key should",
        breaking("    do:\n      - decide: play\n", "    - decide: play\n"),
        "Y001", "- decide", hint="a key such as 'do:' may be missing above it"),
    "yaml_list_item_without_its_key_under_a_value": Case(
        "the 'do:' above a loop's statements is left out, the statements indented under the key before it "
        "(the hint said to quote the whole expression)",
        breaking("    do:\n      - decide: play\n", "      - decide: play\n"),
        "Y001", ": play\n", hint="indented more than 'until:' on line 26 (column 5), so YAML reads it as the rest of that value: "
        "a key such as 'do:' may be missing above this list"),
    "yaml_colon_in_a_description": Case(
        "a ': ' inside a description not quoted: the hint said to quote the whole expression, and a description is text",
        breaking("game: mini\n", "game: mini\ndescription: A race; ends when blocked: a shared win\n"),
        "Y001", ": a shared", hint="a ': ' inside a text that is not quoted: quote the text, "
        "description: \"A race; ends when blocked: a shared win\""),
    "yaml_key_indented_more": Case(
        "a zone indented more than the zones before it",
        breaking("  pile: {visible: everyone}", "    pile: {visible: everyone}"),
        "Y001", "pile:", hint="indented more than line"),
    "yaml_key_indented_more_than_a_key_with_a_value": Case(
        "a statement's second key indented one space more than its first, which has a value: YAML reads it as the rest of that value",
        breaking("  - turns: 0\n    until:", "  - turns: 0\n     until:"),
        "Y001", ": all(count", hint="indented more than 'turns:' on line 25 (column 5), so YAML reads it as the rest of that value"),
    "yaml_key_indented_more_than_a_definition_with_a_value": Case(
        "a definition's head dedented to the column of 'define:', the next one left indented: YAML reads it as the rest "
        "of the first one's value (the hint said to quote the expression, as if a ': ' were inside it)",
        breaking("define:\n  total(z): sum(c.value for c in z)\n", "define:\ntotal(z): sum(c.value for c in z)\n  limit: 3\n"),
        "Y001", ": 3", hint="indented more than 'total(z):' on line 14 (column 1), so YAML reads it as the rest of that value"),
    "yaml_quoted_value_then_more": Case(
        "an expression that starts with a quoted word: YAML reads the quoted text, then finds more",
        breaking(IF, '    if: "card" is card and card.value > 0\n'),
        "Y001", ' is card', offset=1, hint="quote the whole expression"),
    "yaml_value_that_starts_with_a_list_of_lists": Case(
        "an expression that starts with '[[' is not quoted: YAML reads a list and stops inside it (the hint spoke of "
        "{ } and pointed past the value)",
        breaking(IF, "    if: [[c.value] for c in hand[me]] != []\n"),
        "Y001", "[[c.value]", hint="""YAML reads a value that starts with '[' as a list: quote the whole expression """
        """(if: "[[c.value] for c in hand[me]] != []")"""),
    "yaml_key_indented_less": Case(
        "an action indented one space less than the action before it, still more than 'actions:' (YAML said only "
        "'did not find expected key')",
        breaking("actions:\n  play:\n", "actions:\n  pass: {}\n play:\n"),
        "Y001", "play:", hint="indented less than 'pass:' on line 16 (column 3) and more than 'actions:' on line 15"),
    "yaml_key_indented_less_than_a_list_items_key": Case(
        "a statement's second key indented less than its first, after the '- ' (the hint said it was indented more)",
        breaking("  - turns: 0\n    until:", "  - turns: 0\n   until:"),
        "Y001", "until:", hint="indented less than 'turns:' on line 25 (column 5) and more than 'flow:' on line 22"),
    "yaml_key_in_the_column_of_list_items": Case(
        "the second key of a statement in the column of the statements' '- '",
        breaking("    until: all(", "  until: all("),
        "Y001", "until:", hint="start a new item with '- '"),
    "yaml_two_documents": Case(
        "a second YAML document after '---' (two rulesets pasted into one file)",
        MINIMAL + "---\ngame: other\n",
        "Y001", "---\ngame: other", hint="a file holds one YAML document"),
    "yaml_python_tag": Case(
        "a Python object tag, which a safe loader must refuse",
        breaking("game: mini", "game: !!python/object/apply:os.system ['echo pwned']"),
        "Y002", "!!python"),
    "yaml_bang_for_not": Case(
        "a condition negated with '!', which YAML reads as a tag: the hint names the language's 'not'",
        breaking(IF, "    if: !(card.value == 1)\n"),
        "Y002", "!(card", hint="the language's negation is not"),
    "empty_file": Case("an empty file", "", "Y003", "", message="empty"),
    "top_level_list": Case(
        "a list at the top level",
        "- game: mini\n- players: 2..4\n",
        "Y003", "- game", message="mapping", not_in_message="Seq"),
    "not_utf8": Case(
        "a Latin-1 byte, not UTF-8",
        breaking("game: mini\n", "game: mini\ntitle: Caf\xe9\n").encode("latin-1"),
        "Y004", "\xe9", message="UTF-8"),
    # -- JSON Schema ----------------------------------------------------------------------
    "schema_unknown_top_level_key": Case(
        "an unknown top-level key",
        MINIMAL + "rules: see the rulebook\n",
        "V001", "rules:", message="rules"),
    "schema_bad_visibility": Case(
        "'visible' is not everyone, owner, others or nobody",
        breaking("pile: {visible: everyone}", "pile: {visible: someone}"),
        "V001", "someone", message="everyone, owner, others, nobody"),
    "schema_misspelt_required_key": Case(
        "a misspelt required key of a statement: the misspelling is the mistake, not a missing 'from'",
        breaking("deal: {from: deck,", "deal: {form: deck,"),
        "V001", "form:", hint="did you mean 'from'?", message="'form'"),
    "schema_misspelt_required_top_level_key": Case(
        "a misspelt required top-level key, reported at the key written, not at the file's first line",
        breaking("players: 2..4", "player: 2..4"),
        "V001", "player:", hint="did you mean 'players'?", message="'player'"),
    "schema_expression_split_at_comma": Case(
        "an unquoted expression with a comma inside { }: YAML makes a key of its rest",
        breaking("add: card.value}", "add: max(card.value, 1)}"),
        "V001", "1)}", hint='quote it whole, add: "max(card.value, 1)"'),
    "schema_expression_split_at_comma_in_choose": Case(
        "the same in a choose, whose keys are parameter names (the hint made a name of the rest: '_1_')",
        breaking('choose: {card: "hand[me]"}', "choose: {card: take(pile, 1)}"),
        "V001", "1)}", hint='quote it whole, card: "take(pile, 1)"', not_in_message="_1_"),
    "schema_expression_split_at_nested_commas": Case(
        "an unquoted expression with two commas, one inside a call it passes (an Oware trial: the hint quoted 'f(1, f(2' "
        "and a second finding said the rest '3))' was empty)",
        breaking("add: card.value}", "add: max(card.value, min(2,  3))}"),
        "V001", "min(2,", hint='quote it whole, add: "max(card.value, min(2,  3))"'),
    "max_of_a_number_and_a_list": Case(
        "max() of a number and a list, meant as a floor for the list (a Cribbage trial: validated clean, then every game "
        "stopped naming '>', which the rules never wrote)",
        breaking("add: card.value}", 'add: "max(0, [c.value for c in hand[me]])"}'),
        "E120", "[c.value for", offset=1, message="max() compares its arguments", hint="max([0] + [c.value for c in hand[me]])"),
    "schema_key_dedented_to_the_entries_level": Case(
        "an action's 'do:' dedented to the level of the actions: YAML reads an action named 'do'",
        breaking("    do:\n      - move: card -> pile", "  do:\n      - move: card -> pile"),
        "V001", "do:\n      - move", hint="indent it under the entry it belongs to"),
    "schema_entries_dedented_under_an_empty_key": Case(
        "the definitions written in the column of 'define:', which is left empty: the hint guessed a top-level key",
        breaking("define:\n  total(z): sum(c.value for c in z)\n", "define:\ntotal(z): sum(c.value for c in z)\n"),
        "V001", "total(z):", hint="'define:' on line 13 just above it has no value: indent 'total(z)' under it"),
    "schema_top_level_key_indented_under_another": Case(
        "'flow:' indented under 'actions:': an action named 'flow', and the flow 'required' with no word of where it went",
        breaking("flow:\n", "  flow:\n"),
        "V002", "game: mini", hint="'flow:' on line 22 is indented under 'actions:', so it is read as an entry named 'flow'"),
    "owner_of_a_zone": Case(
        "`h.owner` of a zone of a family (a Kalah trial): 'a zone has no attributes', nothing said of index(h)",
        breaking(IF, "    if: hand[me].owner == me\n"),
        "E153", "owner == me", hint="owner_of(hand[me]) is the seat a per-seat zone belongs to, copy_of(hand[me]) its copy "
        "number (r of line[p][r]), index(hand[me]) its index among the zones of its name"),
    "unknown_key_of_a_deal": Case(
        "`at: bottom` in a deal (a Kalah trial): 'at' was unexpected, with nothing said of the keys a deal takes",
        breaking("count: 1}", "count: 1, at: bottom}"),
        "V001", "at: bottom}", hint="'deal' takes the keys from, to and count"),
    "unknown_key_of_a_statement": Case(
        "a key no statement takes beside a shuffle: the keys a shuffle takes are listed",
        breaking("  - shuffle: deck\n", "  - shuffle: deck\n    face_down: true\n"),
        "V001", "face_down", hint="a shuffle statement takes the keys shuffle, when, else and name"),
    "unknown_key_of_an_action": Case(
        "a key no action takes: the keys an action takes are listed",
        breaking(IF, IF + "    limit: 3\n"),
        "V001", "limit", hint="'play' takes the keys description, choose, takes, secret, label, if, do and then"),
    "schema_top_level_key_indented_under_another_with_its_entries": Case(
        "'define:' and its entry indented under 'zones:': a zone named 'define' whose keys are unknown",
        breaking("define:\n  total(z): sum(c.value for c in z)\n", "  define:\n    limit: 3\n"),
        "V001", "limit: 3", hint="'define:' on line 13 is indented under 'zones:'"),
    "schema_players_with_a_dash": Case(
        "players written 3-6: the message quoted the schema's regular expression",
        breaking("players: 2..4", "players: 2-4"),
        "V001", "2-4", hint="did you mean '2..4'?", not_in_message="[0-9]"),
    "schema_enum_in_capitals": Case(
        "a visibility in capitals",
        breaking("pile: {visible: everyone}", "pile: {visible: Everyone}"),
        "V001", "Everyone", hint="did you mean 'everyone'?"),
    "schema_expression_read_as_a_mapping": Case(
        "an expression that starts with '{', unquoted: YAML reads a mapping",
        breaking("      - score: {player: me, add: card.value}", "      - score: {player: me, add: {'a': 1, 'b': 2}}"),
        "V001", "{'a'", hint="quote the whole expression"),
    "schema_const_misspelt": Case(
        "each: plyer (the message was \"'player' was expected\", not naming what was written)",
        breaking("  hand: {each: player, visible: owner}", "  hand: {each: plyer, visible: owner}"),
        "V001", "plyer,", message="'plyer' is not one of: player, team", hint="did you mean 'player'?"),
    "unknown_statement_kind": Case(
        "a misspelt statement kind",
        breaking("- shuffle: deck", "- shufle: deck"),
        ("V001", "S002"), "shufle", hint="did you mean 'shuffle'?"),
    "else_as_an_item_of_its_own": Case(
        "'else:' written as a list item of its own after the statement whose 'when:' it answers ('statement has no kind')",
        breaking("      - score: {player: me, add: card.value}\n",
                 "      - when: card.value > 1\n        score: {player: me, add: card.value}\n      - else:\n          - score: {player: me, add: 1}\n"),
        "S002", "else:", nth=2, hint="write it in that item, indented as its when:, without '-'", message="'else'"),
    "else_as_an_item_with_its_statement_beside_it": Case(
        "'- else:' as an item, its statement in the same item beside it: 'expected a list, got nothing', with no word of where else goes",
        breaking("      - score: {player: me, add: card.value}\n",
                 "      - when: card.value > 1\n        score: {player: me, add: card.value}\n      - else:\n        score: {player: me, add: 1}\n"),
        "V001", "else:", nth=2, offset=5, hint="else: belongs to the statement whose when: it answers", message="got nothing"),
    "else_left_empty": Case(
        "'else:' with its statements at its own level, as keys of the statement: the list goes under it",
        breaking("      - score: {player: me, add: card.value}\n",
                 "      - when: card.value > 1\n        score: {player: me, add: card.value}\n        else:\n      - score: {player: me, add: 1}\n"),
        "V001", "else:", nth=2, offset=5, hint="else: takes a list of statements, indented under it", message="got nothing"),
    "when_as_an_item_of_its_own": Case(
        "'when:' written as a list item of its own above the statement it guards",
        breaking("      - score: {player: me, add: card.value}\n",
                 "      - when: card.value > 1\n      - score: {player: me, add: card.value}\n"),
        "S002", "when:", nth=2, hint="in the same item, indented as when:, without '-'", message="'when'"),
    "for_over_a_number": Case(
        "a loop over a number of seats (it pointed at the loop variable, and said only 'a list or a zone')",
        breaking("  - shuffle: deck\n", "  - for: i in player_count\n    do:\n      - shuffle: deck\n"),
        "E123", "player_count\n", hint="range(N) is the whole numbers 0..N-1"),
    "choose_a_number": Case(
        "choices that are a number",
        breaking('choose: {card: "hand[me]"}', 'choose: {card: "hand[me]", n: "count(hand[me])"}'),
        "E125", '"count(hand', hint="range(N) is the whole numbers 0..N-1"),
    "choose_one_branch_no_list": Case(
        "choices that are a list in one branch and one value in the other (a Patchwork trial's flip: it validated, then "
        "every game that reached the other branch stopped with R100)",
        breaking('choose: {card: "hand[me]"}', 'choose: {card: "hand[me]", flip: "[false, true] if card.value > 1 else false"}'),
        "E125", 'false"}', hint="write it as a list of its one choice: [false]", message="but this branch is true or false"),
    "choose_a_variable_number": Case(
        "choices that are a variable only ever holding a whole number (it validated: a variable is any while the rules "
        "compile, and the check was not made again with its type)",
        breaking('choose: {card: "hand[me]"}', 'choose: {card: "hand[me]", n: "buys"}', with_variable("buys: 1")),
        "E125", '"buys"', message="but this is a whole number", hint="'buys' always holds a whole number"),
    "choose_a_bid_set_from_the_choice": Case(
        "choices that are one number, bid + 1, where the choice is what bid is set to (a Skull trial: bid's type came from "
        "the choice's, which came from bid's; it validated and the first game stopped with R100)",
        breaking("      - move: card -> pile\n", "      - move: card -> pile\n      - set: {bid: n}\n",
                 breaking('choose: {card: "hand[me]"}', 'choose: {card: "hand[me]", n: "bid + 1"}', with_variable("bid: 0"))),
        "E125", '"bid + 1', message="but this is a number", hint="range(bid + 1, N)"),
    "a_number_added_to_a_seat_or_none": Case(
        "a condition that adds a number to a variable declared none and set to a seat or none (a Skull trial's bidder: "
        "null; it stayed of unknown type, validated, and the first game stopped with R100)",
        breaking(IF, "    if: count(hand[me]) + bidder\n",
                 breaking("      - move: card -> pile\n", "      - move: card -> pile\n      - set: {bidder: me}\n",
                          with_then("      - set: {bidder: none}\n").replace("define:", "variables:\n  bidder: null\ndefine:"))),
        "E120", "+ bidder", message="but this is a whole number",
        hint="'bidder' holds none or a player: it starts as none, and every set of it gives a player or none"),
    "an_attribute_of_a_list_a_definition_gives": Case(
        "a definition reading .x of what another gives, a list: the last node reachable from a variable's value (a Tsuro "
        "trial's on_border(last(ahead(p, links))); a placement's x made it pass, and a game stopped with R100)",
        breaking(IF, "    if: not on_border(last(ahead([[[0, 1], [1, 1]]])))\n",
                 breaking("  total(z): sum(c.value for c in z)\n",
                          "  total(z): sum(c.value for c in z)\n  ahead(ls): reachable(ls, pos)\n  on_border(q): q.x == 0\n",
                          with_variable("pos: null", WITH_A_GRID))),
        "E153", "x == 0", message="a list of whole numbers has no attributes (.x)",
        hint="when on_border() is given a list of whole numbers for 'q'"),
    # -- names inside expressions -----------------------------------------------------------
    "name_in_plain_scalar": Case(
        "a misspelt zone in a plain scalar",
        breaking("- move: card -> pile", "- move: card -> pille"),
        "E150", "pille", hint="did you mean 'pile'?", message="'pille'"),
    "name_in_double_quoted_scalar": Case(
        "a misspelt zone in a double-quoted scalar",
        breaking('choose: {card: "hand[me]"}', 'choose: {card: "hnad[me]"}'),
        "E150", "hnad", hint="did you mean 'hand'?"),
    "name_in_double_quoted_scalar_with_escapes": Case(
        "a misspelt zone in a double-quoted scalar, after escaped quotes",
        breaking(IF, '    if: "card.value > 0 and \\"a\\" != \'b\' and count(hnad[me]) > 0"\n'),
        "E150", "hnad", hint="did you mean 'hand'?"),
    "indexed_name_spelt_like_a_definition_with_parameters": Case(
        "an indexed name spelt like a definition with parameters: a zone or a list is meant, not the call (Splendor's hand, hand_size(p))",
        breaking(IF, "    if: count(tota[me]) > 0\n"),
        "E150", "tota", nth=2, hint="declare it under zones: (tota: {each: player}, a zone per seat)"),
    "bare_name_spelt_like_a_definition_with_parameters": Case(
        "a bare name spelt like a definition with parameters: it is offered as it is called",
        breaking(IF, "    if: tota > 0\n"),
        "E150", "tota", nth=2, hint="did you mean total(z)?"),
    "loop_name_read_outside_its_loop_with_an_attribute": Case(
        "a comprehension's name read after it with an attribute: where it is bound, not how to quote a word (Azul's t.colour)",
        breaking(IF, "    if: any(c.value > 1 for c in hand[me]) and c.value > 0\n"),
        "E150", "c.value > 0", hint="'c' is bound only inside its loop (the [... for c in ...] on line 18)"),
    "unknown_name_with_an_attribute_is_not_told_to_quote_it": Case(
        "an unknown name whose attribute is read: no word is meant, so no quoting is offered",
        breaking(IF, "    if: gem.value > 0\n"),
        "E150", "gem.value", hint="action 'play' sees its parameters (card), me and the ruleset's names"),
    "name_in_double_quoted_scalar_with_newline_escape": Case(
        "a misspelt zone in a double-quoted scalar after a \\n escape (as a JSON writer would emit)",
        breaking(IF, '    if: "card.value > 0\\nand count(hnad[me]) > 0"\n'),
        "E150", "hnad", hint="did you mean 'hand'?"),
    "name_in_single_quoted_scalar": Case(
        "a misspelt zone in a single-quoted scalar, after doubled quotes",
        breaking(IF, "    if: 'card.value > 0 and ''a'' != \"b\" and count(hnad[me]) > 0'\n"),
        "E150", "hnad", hint="did you mean 'hand'?"),
    "name_in_folded_block": Case(
        "a misspelt zone on the second line of a folded block scalar (>)",
        breaking(IF, "    if: >\n      card.value > 0\n      and count(hnad[me]) > 0\n"),
        "E150", "hnad", hint="did you mean 'hand'?"),
    "name_in_literal_block": Case(
        "a misspelt zone in a literal block scalar (|), after a blank line and extra indentation",
        breaking(IF, "    if: |\n      card.value > 0\n\n        and   count(hnad[me]) > 0\n"),
        "E150", "hnad", hint="did you mean 'hand'?"),
    "name_in_for_collection": Case(
        "a misspelt name after 'in' of a for statement",
        breaking("  - shuffle: deck\n", "  - for: p in playrs\n    do:\n      - shuffle: deck\n"),
        "E150", "playrs", hint="did you mean 'players'?"),
    # -- other languages' words: the hint gives ours, not a ruleset name or "quote it" ---------
    "python_none": Case(
        "Python's None for none (the hint said to quote it, as if the word 'None' were meant)",
        breaking(IF, "    if: first(pile) == None\n"),
        "E150", "== None", offset=3, hint="write none", not_in_message="quote"),
    "python_false": Case(
        "Python's False for false (the hint suggested a zone: did you mean 'pile'?)",
        breaking(IF, "    if: card.value > 0 or False\n"),
        "E150", "or False", offset=3, hint="write false"),
    "roll_names_a_die_twice_in_a_list": Case(
        "a roll's list of dice written out names a die twice: S034 at load, not R100 at the roll (a Yahtzee trial)",
        breaking("  - shuffle: deck\n", "  - shuffle: deck\n  - roll: [d1, d2, d1]\n", MINIMAL.replace("define:", DICE + "define:")),
        "S034", "d1]", hint="one roll rolls a die once: name each die once"),
    "roll_names_a_die_twice_in_an_expression": Case(
        "a roll's dice, a list written out in an expression, names a die twice: S034 at the second name",
        breaking("  - shuffle: deck\n", "  - shuffle: deck\n  - roll: {dice: \"['d2', 'd2']\"}\n",
                 MINIMAL.replace("define:", DICE + "define:")),
        "S034", "'d2']", message="roll names the die 'd2' twice"),
    "decide_does_not_hand_a_value_its_action_takes": Case(
        "an action takes a value (takes:) that the decide offering it does not hand (with:): S035 at the decide",
        breaking(IF, "    takes: [limit]\n    if: card.value > limit\n"),
        "S035", "decide: play", message="decide 'play' offers action 'play', which takes 'limit', but does not hand it",
        hint="give it under with: (limit: ...)"),
    "decide_hands_a_value_no_action_takes": Case(
        "a decide hands a value (with:) that none of its actions takes: S035 at the name",
        breaking("      - decide: play\n", "      - decide: play\n        with: {limit: 1}\n"),
        "S035", "limit: 1", message="hands 'limit', which none of its actions (play) takes", hint="takes:"),
    "action_takes_its_own_choice": Case(
        "an action takes a name it chooses too: S036 at the name taken",
        breaking(IF, "    takes: [card]\n" + IF),
        "S036", "card]", message="action 'play' takes 'card', which is also its choice"),
    "label_of_no_choice": Case(
        "an action's label: names no choice of its choose: S043 at the name",
        breaking(IF, "    label: {crad: \"'a card'\"}\n" + IF),
        "S043", "crad", message="action 'play' has no choice 'crad' to label", hint="did you mean 'card'"),
    "label_of_a_component": Case(
        "an action's label: of a choice of components, which read as their type's display: says: S043 at the name",
        breaking(IF, "    label: {card: \"'a card'\"}\n" + IF),
        "S043", "card: \"'a", message="'card' is chosen among components", hint="display:"),
    "label_reads_the_game": Case(
        "an action's label: reads a zone, which a game changes (a record's decision is labelled long after): E155",
        breaking(IF, "    label: {n: \"text(n + count(deck))\"}\n" + IF,
                 MINIMAL.replace('choose: {card: "hand[me]"}', 'choose: {card: "hand[me]", n: "range(3)"}')),
        "E155", "deck)", message="the label of 'n' reads 'deck', which a game changes"),
    "label_reads_another_choice": Case(
        "an action's label: reads another choice of the action, listed before it: E150 said it was chosen later",
        breaking(IF, "    label: {n: \"text(n + m)\"}\n" + IF,
                 MINIMAL.replace('choose: {card: "hand[me]"}', 'choose: {card: "hand[me]", m: "range(2)", n: "range(3)"}')),
        "E150", "m)", message="unknown name 'm'", hint="a label reads only its own choice ('n')"),
    "label_is_no_word": Case(
        "an action's label: gives a number, not a word: E120 at the label",
        breaking(IF, "    label: {n: \"n + 1\"}\n" + IF,
                 MINIMAL.replace('choose: {card: "hand[me]"}', 'choose: {card: "hand[me]", n: "range(3)"}')),
        "E120", "n + 1", offset=2, message="the label of 'n' must be a word"),
    "python_len": Case(
        "Python's len() for count()",
        breaking(IF, "    if: len(hand[me]) > 0\n"),
        "E141", "len(hand", hint="write count(...)"),
    "move_to_a_shared_family": Case(
        "a move to a family of copies shared by the seats (a 6 nimmt trial: `row: {copies: 4}`): the hint offered "
        "row[me] and row[p], seat indexes, where its zones are row[0] to row[3]",
        breaking("      - move: card -> pile\n", "      - move: card -> row\n",
                 MINIMAL.replace("  pile: {visible: everyone}\n", "  pile: {visible: everyone}\n  row: {copies: 4}\n")),
        "E120", "row\n", hint="name one of the 'row' zones by its index, row[0] to row[3] (its copies are shared, not one per seat)"),
    "python_str": Case(
        "Python's str() for text() (a Santorini trial: 'unknown function' with no hint)",
        breaking(IF, "    if: str(count(hand[me])) != '0'\n"),
        "E141", "str(count", hint="write text(...)"),
    "python_filter": Case(
        "Python's filter() for a list comprehension with if",
        breaking(IF, "    if: count(filter(hand[me])) > 0\n"),
        "E141", "filter(hand", hint="write [x for x in xs if TEST]"),
    "python_print": Case(
        "Python's print() for the say statement",
        breaking(IF, "    if: print(count(hand[me])) != 0\n"),
        "E141", "print(count", hint="write say: WORDS, a statement of its own"),
    "others_called_as_a_builtin": Case(
        "others, every seat but me, called as the docs' bluffing example calls its own definition: was 'did you mean over?'",
        breaking(IF, "    if: count(others(me)) > 0\n"),
        "E141", "others(me)", hint="write [q for q in seats_from(left(p)) if q != p] for every seat but p"),
    "ceil_for_rounding_up": Case(
        "ceil() to round a half up (Liar's Dice: half the bid, rounded up): no hint said how to write it",
        breaking(IF, "    if: card.value >= ceil(count(hand[me]) / 2)\n"),
        "E141", "ceil(count", hint="write -(-a // b) for a / b rounded up; (a + b - 1) // b does it too where a and b are whole"),
    "javascript_length": Case(
        "JavaScript's .length for count()",
        breaking(IF, "    if: hand[me].length > 0\n"),
        "E153", "].length", offset=2, hint="count(x)"),
    "python_method_call": Case(
        "a method call: values have no methods",
        breaking(IF, "    if: hand[me].count() > 0\n"),
        "E102", "count() >", offset=5, hint="count(x), not x.count()"),
    "filter_without_a_comprehension": Case(
        "a list filtered as Python's comprehension is, without its brackets and for (it said only 'expected else, or')",
        breaking('    choose: {card: "hand[me]"}\n', '    choose: {card: "hand[me]", to: "players if p != me"}\n'),
        "E102", "me\"}", offset=1, hint="write a comprehension: [p for p in players if p != me]"),
    "conditional_without_else_says_the_words_quoted": Case(
        "`x * -1 if c` with no else (an Uno trial): 'expected else, or' read as a sentence cut short; the words are quoted",
        breaking(IF, "    if: card.value * -1 if card.value > 1\n"),
        "E102", "> 1\n", offset=2, message="expression ends too early; expected 'else' or 'or'"),
    "conditional_without_else_in_a_comprehension": Case(
        "`sum(100 if C for q in t if F)` (a Spades trial's nil bonus): 'expected else or or' and no hint; the conditional "
        "wants its else, or C goes into the comprehension's filter",
        breaking("      - score: {player: me, add: card.value}\n",
                 "      - score: {player: me, add: \"sum(2 if c.value == 1 for c in hand[me] if c.value > 0)\"}\n"),
        "E102", "for c in", nth=2, message="unexpected 'for'; expected 'else' or 'or'",
        hint="a conditional `A if C` needs its `else B`: sum(2 if c.value == 1 else 0 for c in hand[me] if c.value > 0); "
             "or keep the items where it holds with the comprehension's filter: sum(2 for c in hand[me] if c.value > 0 and "
             "c.value == 1)"),
    "slice_from_the_start": Case(
        "`path[:-1]`, Python's slice (an Incan Gold trial): a bare 'unexpected ':''; there are none, and what to write",
        breaking(IF, "    if: count(hand[me][:-1]) > 0\n"),
        "E102", ":-1]) >", hint="there are no slices: write take(hand[me], count(hand[me]) - 1); take(xs, n) gives the first n "
        "items, take_last(xs, n) the last n, [xs[i] for i in range(a, b)] those from a to b - 1, last(xs) the last"),
    "slice_of_the_last_items": Case(
        "`hand[me][-2:]`, Python's slice of the last items (a Jaipur trial counted them from the end by hand): take_last",
        breaking(IF, "    if: count(hand[me][-2:]) > 0\n"),
        "E102", ":]) >", hint="there are no slices: write take_last(hand[me], 2); take(xs, n)"),
    "slice_between_two_bounds": Case(
        "`hand[me][1:3]`, Python's slice: the hint wrote a comprehension over range with the slice's own bounds",
        breaking(IF, "    if: count(hand[me][1:3]) > 0\n"),
        "E102", ":3]) >", hint="there are no slices: write [hand[me][i] for i in range(1, 3)]"),
    "one_letter_name_beside_a_loop_variable": Case(
        "a one-letter name mistyped inside a loop over p (the hint said to quote it, as a word)",
        breaking("  - shuffle: deck\n", "  - for: p in players\n    do:\n      - score: {player: q, add: 1}\n  - shuffle: deck\n"),
        "E150", "q,", hint="did you mean 'p'?"),
    "number_as_a_word": Case(
        "a number written as a word where one is wanted (the hint said to quote it, which would be a word still)",
        breaking("    copies: 2\n", "    copies: three\n"),
        "E150", "three", hint="copies is a number: write 3"),
    # -- syntax and types ------------------------------------------------------------------
    "words_after_a_value": Case(
        "a remark after a number, without the # of a comment (the hint was a list of a dozen tokens)",
        breaking("    copies: 2\n", "    copies: 2 of each\n"),
        "E102", "of each", hint="no operator before 'of'"),
    "key_in_place_of_a_required_one": Case(
        "score's 'player' written as 'seat' (it said only \"'player' is required here\", not a word of the key written)",
        breaking("      - score: {player: me, add: card.value}\n", "      - score: {seat: me, add: card.value}\n"),
        "V001", "seat: me", message="'seat' was unexpected", hint="'player' is missing: did you mean it?"),
    "when_on_an_action": Case(
        "an action's condition written when:, as a statement's is (no hint said the action's word is if:)",
        breaking(IF, "    when: card.value > 0\n"),
        "V001", "when: card", message="'when' was unexpected", hint="an action's condition is if:"),
    "if_on_a_statement": Case(
        "a statement's condition written if:, as an action's is (no hint said the statement's word is when:)",
        breaking("  - shuffle: deck\n", "  - shuffle: deck\n    if: count(deck) > 0\n"),
        "V001", "if: count", message="'if' was unexpected", hint="a statement's condition is when:"),
    "while_on_a_loop": Case(
        "a loop written with while:, as Python's is (the hint was 'did you mean when?', which runs the loop no fewer times)",
        breaking("    until: all(", "    while: all("),
        "V001", "while: all", message="'while' was unexpected", hint="for while: x, write until: not (x)"),
    "effects_under_effects": Case(
        "an action's effects under effects:, not do: (no hint)",
        breaking("    do:\n      - move: card -> pile\n", "    effects:\n      - move: card -> pile\n"),
        "V001", "effects:\n", message="'effects' was unexpected", hint="the statements it runs go under do:"),
    "current_in_an_action": Case(
        "current read in an action (the hint was 'it exists in actions (me) and inside turns (current)')",
        breaking("      - move: card -> pile\n", "      - move: card -> pile\n      - score: {player: current, add: 1}\n"),
        "E150", "current, add", hint="in an action the deciding seat is me"),
    "me_in_the_flow": Case(
        "me named as a decide's player in the flow",
        breaking("      - decide: play\n", "      - decide: play\n        player: me\n"),
        "E150", "me\n", hint="inside turns, the seat whose turn it is is current"),
    "all_for_every_seat": Case(
        "every seat written all, as a word of English (the hint said to quote it, a word then)",
        breaking("  - shuffle: deck\n", "  - shuffle: deck\n  - for: p in all\n    do:\n      - score: {player: p, add: 1}\n"),
        "E150", "all\n", hint="write players", not_in_message="quote"),
    "do_without_dashes": Case(
        "an action's effects under do: without their dashes (it said only 'expected a list, got a mapping')",
        breaking("    do:\n      - move: card -> pile\n      - score:", "    do:\n      move: card -> pile\n      score:"),
        "V001", "move: card", hint="do: takes a list of statements, each on its own line starting with '- '"),
    "then_without_dashes": Case(
        "an action's then: written as a mapping, without dashes (it said only 'expected a list, got a mapping')",
        breaking("      - score: {player: me, add: card.value}\n",
                 "      - score: {player: me, add: card.value}\n    then:\n      decide: play\n      player: me\n"),
        "V001", "decide: play\n      player", hint="then: takes a list of statements, each on its own line starting with '- '"),
    "choose_as_a_list": Case(
        "choose: written as a list (it said only 'expected a mapping, got a list')",
        breaking('    choose: {card: "hand[me]"}\n', '    choose: [card, "hand[me]"]\n'),
        "V001", "[card,", hint="choose: maps each parameter's name to what it is chosen from"),
    "round_with_do": Case(
        "a round's statements under do:, as every other loop writes them (it said only 'expected a list, got a mapping')",
        breaking("  - shuffle: deck\n", "  - round:\n      do:\n        - shuffle: deck\n"),
        "V001", "do:\n        - shuffle", hint="round: takes its list of statements directly, with no do: key"),
    "two_keys_in_place_of_the_required_ones": Case(
        "score's player and add written seat and points (it said only \"'player' is required here\")",
        breaking("      - score: {player: me, add: card.value}\n", "      - score: {seat: me, points: card.value}\n"),
        "V001", "seat: me", message="'seat' was unexpected",
        hint="'player' and 'add' are missing: did you mean them for 'seat' and 'points'?"),
    "score_set_as_a_variable": Case(
        "a seat's score set as a variable: S015 said only \"unknown variable 'score'\", not how a score changes",
        breaking("      - score: {player: me, add: card.value}\n", "      - set: {\"score[me]\": \"score[me] + card.value\"}\n"),
        "S015", "\"score[me]\":", message="unknown variable 'score'",
        hint="a score changes only by score: {player: SEAT, add: POINTS} or {player: SEAT, set: TOTAL}: score: {player: me, add: \"card.value\"}"),
    "score_set_to_a_total_as_a_variable": Case(
        "a seat's score made equal to a total by set: the hint writes the score statement's set",
        breaking("      - score: {player: me, add: card.value}\n", "      - set: {\"score[me]\": \"total(pile)\"}\n"),
        "S015", "\"score[me]\":",
        hint="to make it equal a value: score: {player: me, set: \"total(pile)\"}"),
    "score_given_a_value_to_take": Case(
        "score: {player: me, to: ...}: V001 listed the keys score takes, not how to make a score equal a value",
        breaking("      - score: {player: me, add: card.value}\n", "      - score: {player: me, to: \"total(pile)\"}\n"),
        "V001", "to: \"total", message="'to' was unexpected",
        hint="a score changes only by score: {player: SEAT, add: POINTS} or {player: SEAT, set: TOTAL}; to make it equal "
        "a value: score: {player: me, set: \"total(pile)\"}"),
    "score_given_points_and_a_total": Case(
        "score: {player: me, set: ..., add: ...}: both, where a score takes one",
        breaking("      - score: {player: me, add: card.value}\n", "      - score: {player: me, set: \"total(pile)\", add: 1}\n"),
        "V001", "add: 1}", message="'add' was unexpected", hint="give one of add (points added to the total) and set"),
    "score_set_with_a_floor": Case(
        "score: {player: me, set: ..., floor: 0}: a floor goes with add; set gives the total itself",
        breaking("      - score: {player: me, add: card.value}\n", "      - score: {player: me, set: \"total(pile)\", floor: 0}\n"),
        "V001", "floor: 0}", nth=2, message="'floor' was unexpected", hint="set: \"max(FLOOR, total(pile))\""),
    "set_key_with_words_after_its_bracket": Case(
        "set: {\"held[me] += 1\": ...}: the words after ']' were dropped, and it set held[me] without a word",
        breaking("define:\n", "variables:\n  held: {initial: 0, each: player}\ndefine:\n", breaking(
            "      - move: card -> pile\n", "      - move: card -> pile\n      - set: {\"held[me] += 1\": \"held[me] + 1\"}\n")),
        "S015", "\"held[me] += 1\"", nth=2, hint='write "held[me]": its value'),
    "set_key_without_its_closing_bracket": Case(
        "set: {\"held[left(me)\": 0}: the key was read as held[left(me)] without a word",
        breaking("define:\n", "variables:\n  held: {initial: 0, each: player}\ndefine:\n", breaking(
            "      - move: card -> pile\n", "      - move: card -> pile\n      - set: {\"held[left(me)\": 0}\n")),
        "S015", "\"held[left", nth=2, hint='write "held[left(me)]": its value'),
    "number_in_a_zone": Case(
        "a number looked for in a zone, which holds components (always false, silently: No Thanks!'s runs scored every card)",
        breaking(IF, "    if: card.value - 1 not in pile\n"),
        "E124", "card.value - 1 not", message="always true", hint="card.value - 1 not in [c.ATTRIBUTE for c in pile]"),
    "less_or_equal_written_backwards": Case(
        "x =< 0 for x <= 0 (the hint said 'compare with ==')",
        breaking(IF, "    if: card.value =< 3\n"),
        "E101", "=< 3", hint="write <="),
    "definition_named_as_a_zone": Case(
        "a definition named as a zone already is (it said only 'already declared', not where or as what)",
        breaking("define:\n", "define:\n  pile: 3\n"),
        "E132", "pile: 3", message="'pile' is already declared as a zone, at ", hint="rename the definition"),
    "title_read_as_a_list": Case(
        "title: [Mini, Game] (the hint said an expression is text: a title is no expression)",
        breaking("game: mini\n", "game: mini\ntitle: [Mini, Game]\n"),
        "V001", "[Mini", nth=2, hint="quote the title", not_in_message="expression"),
    "attribute_range_written_with_a_dash": Case(
        "value: 1-3 (one word), then used as a number: L020 says so, but lints wait for the errors to be fixed",
        breaking("    attributes: {value: [1, 2, 3]}\n", "    attributes: {value: 1-3}\n"),
        "E120", "card.value}", hint="'1-3' is one word; write the range 1..3"),
    "attribute_range_written_with_a_dash_summed_in_a_definition": Case(
        "value: 1-3 summed in a definition, sum(c.value for c in z): E120 'this holds words' said nothing of the range",
        breaking("    attributes: {value: [1, 2, 3]}\n", "    attributes: {value: 1-3}\n",
                 MINIMAL.replace("    if: card.value > 0\n", "    if: total(pile) >= 0\n").replace("add: card.value}", "add: 1}")),
        "E120", "c.value for c in z)\n", hint="'.value' is declared as '1-3', one word; write the range 1..3"),
    "rotate_of_an_unknown_zone": Case(
        "rotate of a misspelt zone: the family spelt like it is named",
        after_shuffle("  - rotate: hnad\n"),
        "E150", "hnad", message="unknown name 'hnad'", hint="did you mean 'hand'"),
    "rotate_of_a_zone_no_seat_owns": Case(
        "rotate: pile, a single zone: rotate passes a family of one zone per seat",
        after_shuffle("  - rotate: pile\n"),
        "E120", "pile\n  - deal", message="'pile' is one zone", hint="each: player"),
    "rotate_by_a_fraction": Case(
        "rotate by half a seat: a number of seats is whole",
        after_shuffle("  - rotate: hand\n    by: 0.5\n"),
        "E120", "0.5", message="'by' must be a whole number"),
    "rotate_by_a_word": Case(
        "rotate by: \"'left'\" (a 7 Wonders trial's draft): 'must be a whole number, but this is a word', no word of how to write it",
        after_shuffle("  - rotate: hand\n    by: \"'left'\"\n"),
        "E120", "'left'", nth=2, message="'by' must be a whole number, but this is a word",
        hint="by: 1 (to the left) or by: -1 (to the right)"),
    "zone_of_a_family_indexed_twice": Case(
        "move: card -> side[me][flag], a zone per seat per flag: 'must be a zone, but this is a component', no word of why",
        breaking("      - move: card -> pile\n", "      - move: card -> hand[me][0]\n"),
        "E120", "hand[me][0]", hint="hand[...] is already one zone, and a second [...] takes one of its components; for N "
        "zones a seat, declare hand: {each: player, copies: N}, seat p's k-th being hand[p][k]"),
    "zones_a_seat_of_an_expression": Case(
        "hand: {each: player, copies: \"2 * player_count\"}: N zones a seat are found at p * N + r before the game",
        breaking("  hand: {each: player, visible: owner}\n", "  hand: {each: player, copies: \"2 * player_count\", visible: owner}\n"),
        "R012", "\"2 * player_count", nth=2, message="'hand' is N zones a seat (each: player, copies: N): N is a whole number",
        hint="write the most zones a seat may need (copies: 5)"),
    "zones_a_seat_named_by_a_definitions_words": Case(
        "coll: {each: player, copies: colours}, colours a definition listing words (a Coloretto trial): the hint said to "
        "count the seats into one shared family read coll[r * player_count + p], no fit for named copies",
        breaking("  hand: {each: player, visible: owner}\n", "  hand: {each: player, visible: owner}\n"
                 "  coll: {each: player, copies: colours}\n",
                 breaking("define:\n", "define:\n  colours: \"[c for c in ['red', 'blue', 'green'] if c != 'green' or "
                          "player_count > 2]\"\n")),
        "R012", "colours}", nth=2, message="'coll' is N zones a seat (each: player, copies: N): N is a whole number or a list of "
        "words written in the file, not an expression",
        hint="name the copies by their words, written out: copies: [red, blue, green] (read coll[p]['red'], or by a "
        "component's word attribute); named copies are fixed: a word that some player counts leave out is a zone nothing "
        "goes to, and a number of zones that follows the player count is written as the most a seat may need (copies: 3)"),
    "named_copies_one_of_which_is_a_number": Case(
        "pile: {copies: [red, 2]}: a family of named copies whose second name is a number, which play could not show",
        breaking("  pile: {visible: everyone}\n", "  pile: {visible: everyone}\n  piles: {copies: [red, 2]}\n"),
        "R012", "[red, 2]", nth=2, message="'piles' names its copies by words, but 2 is no word",
        hint="or the number of numbered copies (copies: 2)"),
    "named_copies_read_by_a_word_none_of_them": Case(
        "piles['green'] of piles: {copies: [red, blue]}: it would fail at every evaluation",
        breaking(IF, "    if: count(piles['green']) == 0\n",
                 MINIMAL.replace("  pile: {visible: everyone}\n", "  pile: {visible: everyone}\n  piles: {copies: [red, blue]}\n")),
        "E121", "'green'", nth=2, message="'green' is none of the copies of 'piles': red, blue",
        hint="write one of them: piles[red]"),
    "zone_of_a_family_indexed_twice_counted": Case(
        "count(column[me][k]), a zone per seat per k: E123 'needs a collection, got a component', no word of why",
        breaking(IF, "    if: count(hand[me][0]) > 0\n"),
        "E123", "hand[me][0]", hint="hand[...] is already one zone, and a second [...] takes one of its components"),
    "colon_in_a_when_after_the_item_s_first_key": Case(
        "when: a: b as an item's second key was told it is indented more than the first, in the same column",
        breaking("  - shuffle: deck\n", "  - name: mix\n    when: total: 3\n    shuffle: deck\n"),
        "Y001", ": 3\n", hint="a ': ' inside a value that is not quoted", not_in_message="indented"),
    "choice_among_zones_read_as_a_component": Case(
        "a card chosen from 'hand', every seat's hand, so a zone, then read as a card (no hint said why it is a zone)",
        breaking('    choose: {card: "hand[me]"}\n', "    choose: {card: hand}\n"),
        "E153", "value > 0", hint="to choose a component, choose from one zone"),
    "zone_read_as_a_component_in_a_comprehension": Case(
        "an attribute of a zone, looped over in a comprehension",
        breaking(IF, "    if: card.value > 0 and all(z.value > 0 for z in hand)\n"),
        "E153", "value > 0 for", hint="first(z).value, or c.value for c in z", not_in_message="chosen"),
    "loop_variable_outside_its_loop": Case(
        "a seat's zone read with p in the flow, where no loop binds p (the hint said to quote it: 'p')",
        breaking("  - shuffle: deck\n", "  - shuffle: deck\n  - move: hand[p] -> pile\n"),
        "E150", "p] -> pile", hint="'p' is bound only inside a loop over it: put the statement in for: p in players",
        not_in_message="quote"),
    "pass_number_of_a_repeat_without_as": Case(
        "a repeat's pass read as i where the repeat has no as: (a Euchre trial was told to loop over the seats)",
        breaking("  - shuffle: deck\n", "  - shuffle: deck\n  - repeat: 2\n    do:\n      - move: hand[left(0, i)] -> pile\n"),
        "E150", "i)] -> pile", hint="the repeat on line 24 around it names no pass: give it as: i ('i' is then its pass, 0, 1, ...)"),
    "loop_variable_in_a_definition": Case(
        "a definition reading the p of the loops it is used in",
        breaking("  total(z): sum(c.value for c in z)\n", "  total(z): sum(c.value for c in z)\n  mine: count(hand[p])\n"),
        "E150", "p])", hint="a definition sees its parameters, not the loops where it is used"),
    "count_as_a_condition": Case(
        "a count where a condition goes, as if a number meant true (the hint was empty)",
        breaking("      - score: {player: me, add: card.value}\n", "      - score: {player: me, add: card.value}\n        when: count(pile)\n"),
        "E120", "count(pile)\n", hint="a number is not true or false: compare it"),
    "current_read_by_a_shown_definition_with_no_turns": Case(
        "a shown definition reading current in a flow of for: p in players loops, which binds no current (a Yahtzee "
        "trial's board said at every decision that it could not be worked out; validate passed it)",
        breaking("  - turns: 0\n    until: all(count(hand[p]) == 0 for p in players)\n    do:\n      - decide: play\n",
                 "  - for: p in players\n    do:\n      - decide: play\n        player: p\n",
                 breaking("actions:", "show: [held]\nactions:",
                          breaking("define:\n", "define:\n  held: count(hand[current])\n"))),
        "E150", "held]", message="'held' reads current, which nothing binds here",
        hint="the loop's name (p in for: p in players)"),
    "zone_as_a_condition_in_and": Case(
        "a zone as one side of 'and', as if an empty zone meant false",
        breaking(IF, "    if: card.value > 0 and pile\n"),
        "E120", "pile\n", hint="count(...) > 0 says it is not empty"),
    "number_variable_as_a_condition": Case(
        "a variable declared a number and only ever set to numbers, as an action's condition (a bug bash: `if: buys` "
        "passed validate, as a variable's type was not known before the game)",
        breaking(IF, "    if: buys\n", with_variable("buys: 1", breaking("      - move: card -> pile\n",
                                                                        "      - move: card -> pile\n      - set: {buys: buys - 1}\n"))),
        "E120", "buys\n", message="the condition must be true or false, but this is a whole number",
        hint="compare it, as in buys > 0; 'buys' always holds a whole number: it starts as one, and every set of it gives one"),
    "per_seat_number_as_an_until": Case(
        "one seat's entry of a per-seat variable of numbers as a loop's until",
        breaking("    until: all(count(hand[p]) == 0 for p in players)\n", "    until: chips[current]\n",
                 with_variable("chips: {initial: 3, each: player}")),
        "E120", "chips[current]", message="'until' must be true or false, but this is a whole number",
        hint="'chips' (each seat's) always holds a whole number"),
    "word_variable_in_not": Case(
        "a variable declared a word, negated as if it were true or false",
        breaking(IF, "    if: card.value > 0 and not trump\n", with_variable("trump: spades")),
        "E120", "trump\n", message="expected true or false here, got a word", hint="'trump' always holds a word"),
    "definition_written_with_equals": Case(
        "a definition written name = value, the next one name: value (the hint said to quote the expression)",
        breaking("  total(z): sum(c.value for c in z)\n", "  limit = 3\n  total(z): sum(c.value for c in z)\n"),
        "Y001", ": sum(c", hint="line 14 is written 'limit = ...': a key and its value are written limit: value"),
    "decide_an_action_called": Case(
        "an action named with a call's parentheses (the hint was \"did you mean 'play__'?\")",
        breaking("      - decide: play\n", "      - decide: play()\n"),
        "V001", "play()", hint="did you mean 'play'?"),
    "decide_between_actions_written_as_text": Case(
        "two actions to decide between written 'play, pass' (the hint was \"did you mean 'play__pass'?\", no action's name)",
        breaking("      - decide: play\n", "      - decide: play, pass\n"),
        "V001", "play, pass\n", hint="several names are written as a list: [play, pass]"),
    "decide_between_actions_written_with_or": Case(
        "two actions to decide between written 'play or pass' (the hint was \"did you mean 'play_or_pass'?\")",
        breaking("      - decide: play\n", "      - decide: play or pass\n"),
        "V001", "play or pass\n", hint="several names are written as a list: [play, pass]"),
    "component_in_a_list_of_zones": Case(
        "a card looked for in 'hand', the list of every seat's hand, whose items are zones: never true, and said nowhere",
        breaking(IF, "    if: card in hand\n"),
        "E124", "hand\n", message="never true", hint="any(card in z for z in hand)"),
    "component_in_a_family_of_copies": Case(
        "a card looked for in 'track', a family of copies (a Sorry! trial's 60 squares): the hint's track[me] was square "
        "number me, which validates and is silently wrong",
        breaking(IF, "    if: card not in track\n", breaking("  pile: {visible: everyone}\n", "  pile: {visible: everyone}\n  track: {copies: 3}\n")),
        "E124", "track\n", message="always true",
        hint="card not in track[i] looks in one zone; not any(card in z for z in track) (or zone_of(card) not in track)"),
    "players_quoted": Case(
        "a player count in quotes, which YAML reads as text (it said only that '3' is not a number of players)",
        breaking("players: 2..4\n", 'players: "3"\n'),
        "V001", '"3"', hint="a number is written without quotes: 3"),
    "ranking_key_a_list": Case(
        "winners ranked by the list of every score, not by seat p's (it said only 'a list of numbers')",
        breaking('winners: {highest: "score[p]"}', "winners: {highest: score}"),
        "E120", "score}", hint="ranking key is the value of one seat, p: score[p], not score"),
    "ranking_key_a_per_seat_variable": Case(
        "winners ranked lowest by a per-seat variable read whole: the hint named score[p], and the type 'values known "
        "only at run time', for a declared list of whole numbers (a Crazy Eights trial's lowest: penalty)",
        breaking('winners: {highest: "score[p]"}', "winners: {lowest: penalty}",
                 MINIMAL.replace("define:", "variables:\n  penalty: {initial: 0, each: player}\ndefine:")),
        "E120", "penalty}", message="this is a list of whole numbers", hint="p: penalty[p], not penalty"),
    # -- `secret` where the action's list of hidden choices does not go (a For Sale trial hiding a sale)
    "secret_on_a_statement": Case(
        "secret: true on a move of the action (it said did you mean 'score'?)",
        breaking("      - move: card -> pile\n", "      - move: card -> pile\n        secret: true\n"),
        "V001", "secret: true\n", hint="secret is a key of the action, not of a statement: beside play's choose, secret: [card]",
        not_in_message="score"),
    "secret_true_on_the_action": Case(
        "secret: true on the action, where it lists the choices to hide (it said only 'expected a list')",
        breaking(IF, "    secret: true\n" + IF),
        "V001", "true\n", hint="by their names in choose: secret: [card]"),
    # -- Python's unpacking of pairs, `for i, o in owner` (a Can't Stop trial's): a for binds one name
    "comprehension_unpacking_a_pair": Case(
        "a comprehension binding two names, for i, c in z (it said a comprehension given to a call is its only argument)",
        breaking("sum(c.value for c in z)", "sum(c.value for i, c in z)"),
        "E102", ", c in z", nth=2, hint="a for binds one name, and there are no tuples to unpack: loop over the indices, "
        "for i in range(count(z)), and read z[i]", not_in_message="only argument"),
    "comprehension_unpacking_a_bracketed_pair": Case(
        "a comprehension binding a pair in brackets, for [i, c] in z, as an edge list is read (a trial's: it said only "
        "'expected a name', where for i, c in z has the hint)",
        breaking("sum(c.value for c in z)", "sum(c.value for [i, c] in z)"),
        "E102", "[i, c] in z", nth=2, hint="a for binds one name, and there are no tuples to unpack: loop over the indices, "
        "for i in range(count(z)), and read z[i]"),
    "comprehension_unpacking_a_parenthesised_pair": Case(
        "a comprehension binding a pair in parentheses, for (i, c) in z",
        breaking("sum(c.value for c in z)", "sum(c.value for (i, c) in z)"),
        "E102", "(i, c) in z", nth=2, hint="for i in range(count(z)), and read z[i]"),
    "for_statement_unpacking_a_bracketed_pair": Case(
        "a for: statement binding a pair in brackets, for: [i, p] in players",
        breaking("  - shuffle: deck\n", "  - for: \"[i, p] in players\"\n    do:\n      - shuffle: deck\n"),
        "V001", '"[i, p] in', hint="for i in range(count(players)), and read players[i]"),
    "for_statement_unpacking_a_pair": Case(
        "a for: statement binding two names, for: i, p in players",
        breaking("  - shuffle: deck\n", "  - for: i, p in players\n    do:\n      - shuffle: deck\n"),
        "V001", "i, p in", nth=2, hint="for i in range(count(players)), and read players[i]"),
    "deal_count_all": Case(
        "a deal of count all, to deal every component (the hint said only that count is a number)",
        breaking("to: hand, count: 1", "to: hand, count: all"),
        "E150", "all}", hint="leave it out to deal them all"),
    "set_written_as_an_assignment": Case(
        "set: x = 1, as an assignment is written in other languages (it said only 'expected a mapping')",
        breaking("      - score: {player: me, add: card.value}\n", "      - set: flag = card.value\n",
                 MINIMAL.replace("define:", "variables:\n  flag: 0\ndefine:")),
        "V001", "flag = card", hint="set: {flag: card.value}"),
    "set_written_as_an_assignment_of_a_word": Case(
        "set: x = 'word': the hint's fix, set: {x: 'word'}, was itself an error (YAML strips the quotes: the name word)",
        breaking("      - score: {player: me, add: card.value}\n", "      - set: flag = 'won'\n",
                 MINIMAL.replace("define:", "variables:\n  flag: ''\ndefine:")),
        "V001", "flag = 'won'", hint="""set: {flag: "'won'"}"""),
    "set_written_as_an_assignment_to_a_seat": Case(
        "set: x[me] = f(a, b): the hint's fix left the key's brackets and the value's commas bare, which YAML refuses",
        breaking("      - score: {player: me, add: card.value}\n", "      - set: bid[me] = max(1, card.value)\n",
                 MINIMAL.replace("define:", "variables:\n  bid: {initial: 0, each: player}\ndefine:")),
        "V001", "bid[me] =", hint='set: {"bid[me]": "max(1, card.value)"}'),
    "let_written_as_an_assignment": Case(
        "let: x = 1, as set's was (it said only 'expected a mapping, got the text')",
        breaking("      - score: {player: me, add: card.value}\n",
                 "      - let: worth = card.value\n      - score: {player: me, add: worth}\n"),
        "V001", "worth = card", hint="let: {worth: card.value}"),
    "start_indexing_an_attribute_a_zone_is_named_like": Case(
        "a start indexing an attribute, the zone spelt like it meant (a Jaipur trial's good[good], the zone goods): R002 as "
        "the components were made said 'cannot look up diamonds in diamonds'; E122 at validate names the zone",
        breaking("    start: deck\n", "    start: \"value[value]\"\n",
                 MINIMAL.replace("  pile: {visible: everyone}\n", "  pile: {visible: everyone}\n  values: {copies: 4}\n")),
        "E122", "value[value]", message="'value' is an attribute of 'card' (1, 2 and 3): its value cannot be indexed",
        hint="did you mean the zone 'values'?"),
    "winners_given_one_seat": Case(
        "winners given the first seat that passes (a Battle Line trial): E120 had no hint; winners is a list, of one seat "
        "too, and the comprehension inside first() lists every seat that passes",
        breaking('winners: {highest: "score[p]"}', 'winners: "first(p for p in players if score[p] > 0)"'),
        "E120", "first(p for", message="winners must be a list of players, but this is a player",
        hint="write a list, of one seat too: [first(p for p in players if score[p] > 0)] or, for every seat that passes, "
             "[p for p in players if score[p] > 0]"),
    "winners_written_as_a_bare_ranking": Case(
        "winners given the ranking's word alone, without its key (the hint said to quote the word)",
        breaking('winners: {highest: "score[p]"}', "winners: lowest"),
        "E150", "lowest", hint="winners: {lowest: \"score[p]\"}", not_in_message="quote"),
    "winners_written_as_a_bare_ranking_a_definition_is_named": Case(
        "winners given the ranking's word alone where a definition has that name (For Sale's lowest property): E120 "
        "'must be a list of players' said nothing of the mapping",
        breaking('winners: {highest: "score[p]"}', "winners: lowest",
                 breaking("define:\n", "define:\n  lowest: first(c for c in pile if c.value == 1)\n")),
        "E120", "lowest\n", hint="to rank the seats, write winners: {lowest: \"score[p]\"}"),
    "winners_written_as_a_bare_ranking_a_definition_with_parameters_is_named": Case(
        "winners given the ranking's word alone where a definition of that name takes parameters: the hint said to write "
        "highest(p, s), which led to three more errors, and nothing of the mapping",
        breaking('winners: {highest: "score[p]"}', "winners: highest",
                 breaking("define:\n", "define:\n  highest(p, s): score[p] + s\n")),
        "E140", "highest\n", hint="to rank the seats, write winners: {highest: \"score[p]\"}", not_in_message="write highest(p, s)"),
    "turns_given_a_word": Case(
        "turns given a word for the first seat (turns: first): the hint said to quote it, and a word is no seat either",
        breaking("  - turns: 0\n", "  - turns: first\n"),
        "E150", "first\n", hint="turns needs a seat, the one that plays first: turns: 0"),
    "builtin_name_as_a_word": Case(
        "a builtin's name written bare as a word (left, beside a definition lowest): the hint said did you mean 'lowest'?, "
        "where the word beside it got how to quote it",
        breaking('    choose: {card: "hand[me]"}\n', '    choose: {card: "hand[me]", side: "[left, middle]"}\n',
                 breaking("define:\n", "define:\n  lowest: 0\n")),
        "E150", "left, middle", hint="'left' is a builtin that takes arguments, left(p, k=1); to give the word 'left', quote it: 'left'"),
    "turns_next_given_a_list_of_seats": Case(
        "turns' next given the list of seats that may play next: the hint said to put the statement in a loop over players",
        breaking("  - turns: 0\n", "  - turns: 0\n    next: \"[p for p in seats_from(left(current)) if p != 1]\"\n"),
        "E120", "\"[p for p in seats", offset=2, message="'next' must be a player, but this is a list of players",
        hint="next is the one seat that plays after each turn: the first of these, "
        "next: \"first([p for p in seats_from(left(current)) if p != 1] + [current])\" (current where none passes: next is "
        "read after the last turn too)"),
    "turns_given_the_seats_that_play": Case(
        "turns given players: to say which seats play: S003 said only that turns does not take it, not of next",
        breaking("  - turns: 0\n", "  - turns: 0\n    players: \"[p for p in players if p != 1]\"\n"),
        "S003", "players: \"[p", message="'turns' does not take 'players'",
        hint="to pass over some seats, give next: the seat after each turn, as next: "),
    "builtin_name_where_a_number_goes": Case(
        "a builtin's name alone where a number goes (copies: max): its arguments are missing, and no word goes there",
        breaking("    copies: 2\n", "    copies: max\n"),
        "E150", "max\n", hint="'max' is a builtin that takes arguments, max(xs) or max(a, b, ...): call it with them"),
    "turns_given_a_quoted_word": Case(
        "turns given a quoted word for the first seat: 'must be a player, but this is a word', with no hint",
        breaking("  - turns: 0\n", "  - turns: \"'first'\"\n"),
        "E120", "'first'", hint="turns needs a seat, the one that plays first: turns: 0"),
    "action_parameter_renamed": Case(
        "an action's choice renamed (choose: {c: ...}) while its if and do still read the old name: the hint said to "
        "quote it as a word, not which names the action has",
        breaking('choose: {chosen: "hand[me]"}', 'choose: {c: "hand[me]"}',
                 MINIMAL.replace('choose: {card: "hand[me]"}', 'choose: {chosen: "hand[me]"}').replace("card.value", "chosen.value")
                 .replace("card -> pile", "chosen -> pile")),
        "E150", "chosen.value > 0", hint="action 'play' sees its parameters (c), me and the ruleset's names"),
    "list_minus_a_list": Case(
        "every seat but me written players - [me]: the hint said that players' number is player_count",
        breaking(IF, "    if: count(players - [me]) > 0\n"),
        "E124", "players - [me]", nth=2, hint="keep the others: [q for q in players if q != me]"),
    "negative_index_of_a_zone": Case(
        "the top card written deck[-1]: it validated, and failed in every game (R100 index -1 is out of range)",
        breaking("  - shuffle: deck\n", "  - shuffle: deck\n  - move: deck[-1] -> pile\n"),
        "E121", "-1]", nth=2, hint="the last one is last(deck)"),
    "index_past_a_family_of_copies": Case(
        "a house past the twelve of a family of copies: 12, in a definition: validate said only L019, and every game "
        "stopped with R100 at the statement that called it (a Kalah trial)",
        breaking("  pile: {visible: everyone}\n", "  pile: {visible: everyone}\n  house: {copies: 12}\n",
                 MINIMAL.replace("  total(z): sum(c.value for c in z)\n", "  total(z): sum(c.value for c in z) + count(house[12])\n")),
        "E121", "12])", message="index 12 is out of range of 'house', whose zones are house[0]..house[11] with any player "
        "count the game takes", hint="the last is house[11]"),
    "index_past_a_family_of_one_zone_per_seat": Case(
        "seat 4's hand in a game of 2 to 4 players, seats 0 to 3: it validated, and failed in every game",
        breaking("  - shuffle: deck\n", "  - shuffle: deck\n  - move: hand[4] -> pile\n"),
        "E121", "4] -> pile", message="index 4 is out of range of 'hand', whose zones are hand[0]..hand[3]"),
    "negative_index_of_a_variable": Case(
        "the last item of a list variable written xs[-1]: the variable's kind is known only when the game runs, so it "
        "validated, and failed in every game (R100 index -1 is out of range)",
        breaking(IF, "    if: xs[-1] > 0\n", MINIMAL.replace("define:", "variables:\n  xs: {initial: [1, 2, 3]}\ndefine:")),
        "E121", "xs[-1] > 0", offset=3, message="a list or a zone has no negative index", hint="the last one is last(xs)"),
    "definition_named_in_derive": Case(
        "a definition without parameters named in a component's derive that reads a zone, empty while the components "
        "are made (one that reads no more than derive is read: a Patchwork trial's map of shapes)",
        breaking("    copies: 2\n", "    copies: 2\n    derive: {word: \"names[value]\"}\n",
                 MINIMAL.replace("define:\n", "define:\n  names: \"['', 'one', 'two', 'three'] if count(pile) == 0 else []\"\n")),
        "E150", "names[value]", message="'names' reads the zone 'pile', which a component's derive cannot read",
        hint="a derived attribute reads the component's attributes, owner, player_count, players, the attributes derived"),
    "derived_attribute_in_start": Case(
        "a derived attribute read by the type's start: the hint said to quote it, giving the word 'half'",
        breaking("    copies: 2\n    start: deck\n", "    copies: 2\n    derive: {half: value % 2}\n    start: \"deck if half == 0 else pile\"\n"),
        "E150", "half == 0", message="unknown name 'half'",
        hint="'half' is a derived attribute, and start reads the declared attributes only, not what derive computes"),
    "derived_attribute_in_copies": Case(
        "a derived attribute read by the type's copies: the hint said to quote it",
        breaking("    copies: 2\n", "    copies: \"2 if half == 0 else 1\"\n    derive: {half: value % 2}\n"),
        "E150", "half == 0", message="unknown name 'half'",
        hint="'half' is a derived attribute, and copies reads the declared attributes only"),
    "move_onto_a_named_grid": Case(
        "a move onto a grid zone written by its name: it validated, and every game stopped with R100 at the move",
        breaking("  - shuffle: deck\n", "  - shuffle: deck\n  - move: last(deck) -> board\n", WITH_A_GRID),
        "E120", "last(deck) -> board", message="'board' is a grid: pieces reach a grid only by place, at x, y and rot, not by move",
        hint="place: {piece: ..., to: board, at: \"{'x': 0, 'y': 0, 'rot': 0}\"}"),
    "deal_from_a_named_grid": Case(
        "a deal from a grid zone written by its name: refused when the game ran",
        breaking("  - deal: {from: deck, to: hand, count: 1}\n", "  - deal: {from: board, to: hand, count: 1}\n", WITH_A_GRID),
        "E120", "board, to", message="'board' is a grid: a grid is not dealt from: a piece leaves it by move"),
    "shuffle_of_a_named_grid": Case(
        "a shuffle of a grid zone written by its name: refused when the game ran",
        breaking("  - shuffle: deck\n", "  - shuffle: board\n", WITH_A_GRID),
        "E120", "board\n", message="'board' is a grid: a grid cannot be shuffled"),
    "shape_attribute_on_a_piece_with_cells": Case(
        "a plain attribute named shape on a piece with cells: it validated, and every game stopped with R100 where the "
        "grid read the shape as the piece's offsets",
        breaking("    copies: 2\n", "    copies: 2\n    derive: {cells: \"[value]\"}\n",
                 MINIMAL.replace("{value: [1, 2, 3]}", "{value: [1, 2, 3], shape: [square, round]}")),
        "R005", "shape: [square", message="'shape' is a reserved attribute name on a piece with cells",
        hint="derive: {shape: \"[[0, 0], [1, 0]]\"}"),
    "type_attribute": Case(
        "an attribute named type (a trial's cards each had an auction type): R005 said the name is reserved, not what "
        "it is for nor what to do",
        MINIMAL.replace("{value: [1, 2, 3]}", "{value: [1, 2, 3], type: [open, sealed]}"),
        "R005", "type: [open", message="'type' is a reserved attribute name",
        hint="every component's `type` is the component type's name (`c.type == 'card'`, or `c is card`): rename the "
             "attribute, e.g. kind"),
    "owner_attribute_in_a_list": Case(
        "an item of `list` with an attribute named owner: the hint says what owner is",
        MINIMAL.replace("    attributes: {value: [1, 2, 3]}\n", "    list:\n      - {value: 1, owner: red}\n"),
        "R005", "owner: red", message="'owner' is a reserved attribute name",
        hint="the seat a component of an `each: player` type belongs to"),
    "cells_attribute_in_a_ruleset_with_a_grid": Case(
        "a plain attribute named cells in a ruleset with a grid: a piece's cells are a list, an attribute one value",
        WITH_A_GRID.replace("{value: [1, 2, 3]}", "{value: [1, 2, 3], cells: [red, blue]}"),
        "R005", "cells: [red", message="'cells' is a reserved attribute name in a ruleset with a grid",
        hint="derive the cells"),
    "look_shown_to_a_word": Case(
        "a look shown to a word, not seats (a Go Fish trial's `to: rank`): validate said nothing, and the game stopped "
        "with R100 at the reveal",
        breaking("      - move: card -> pile\n", "      - reveal: {what: card, to: \"'all'\"}\n      - move: card -> pile\n"),
        "E120", "'all'", message="the seats a look is shown to must be a seat or a list of seats, but this is a word",
        hint="to: players"),
    "derived_cells_no_list_in_a_ruleset_with_a_grid": Case(
        "a Checkers trial's cells derived as one word in a ruleset with a grid: validate said nothing, and play stopped "
        "with R100 at the first place, far from the derive",
        breaking("    copies: 2\n", "    copies: 2\n    derive: {cells: \"'b' if value == 1 else 'w'\"}\n", WITH_A_GRID),
        "E120", "'b' if", message="derived attribute 'cells' must be a list, but this is a word",
        hint="\"['b' if value == 1 else 'w']\" for a piece of one cell"),
    "component_indexed_by_a_computed_attribute_name": Case(
        "a component indexed by an attribute's name held in a loop variable: E122 said only that it cannot be indexed",
        breaking("  total(z): sum(c.value for c in z)\n", "  total(z): sum(c[k] for c in pile for k in ['value'])\n"),
        "E122", "c[k]", message="a component cannot be indexed",
        hint="an attribute is read by its name, written out (c.value): a name computed as the game runs cannot pick one; "
             "write one clause per attribute (c.value), a definition per attribute, or derive a map attribute of them, "
             "derive: {by_name: \"{'value': value}\"}, and index that: c.by_name[k]"),
    "component_indexed_by_a_written_attribute_name": Case(
        "a component indexed by an attribute's name written out: the hint writes it as the attribute it is",
        breaking("  total(z): sum(c.value for c in z)\n", "  total(z): sum(c['value'] for c in pile)\n"),
        "E122", "c['value']", message="a component cannot be indexed", hint="an attribute is read by its name: c.value"),
    "dice_indexed_by_a_dies_name": Case(
        "dice indexed by a die's name: E121 did not say that dice lists the faces in the order the dice are declared",
        breaking(IF, "    if: dice['d2'].pips > 0\n", MINIMAL.replace("define:", DICE + "define:")),
        "E121", "'d2']", message="a list is indexed by a whole number, not a word",
        hint="dice lists every die's face in the order the dice are declared: index it by the die's position "
             "(dice[0] is d1's face), or read a die by its name (d1.pips)"),
    "list_indexed_by_a_word_attribute": Case(
        "a list of zones indexed by a component's word attribute (exp[me][card.colour], a Lost Cities trial): E121 had no "
        "hint; it says to name the family's copies by the attribute's values, or derive its place among them",
        breaking("    if: card.value > 0\n", "    if: count(row[card.suit]) > 0\n",
                 MINIMAL.replace("{value: [1, 2, 3]}", "{value: [1, 2, 3], suit: [red, blue]}")
                 .replace("  pile: {visible: everyone}\n", "  pile: {visible: everyone}\n  row: {copies: 2}\n")),
        "E121", "card.suit]", message="a list is indexed by a whole number, not a word",
        hint="name the family's copies by the suit values (copies: [red, blue]), and row[card.suit] reads as written; or "
             "derive on the component type the place of each one's suit among them (derive: {suit_index: "
             "\"index(['red', 'blue'], suit)\"}), then index by that: row[card.suit_index]"),
    "definition_reading_me_used_in_the_flow": Case(
        "a definition that reads me used in the flow's until, where nothing binds me: it passed validate and failed in "
        "every game (R100)",
        breaking("    until: all(count(hand[p]) == 0 for p in players)\n", "    until: not holding\n",
                 MINIMAL.replace("define:\n", "define:\n  holding: count(hand[me]) > 0\n")),
        "E150", "holding\n", message="'holding' reads me", hint="give the definition the seat as a parameter"),
    "statement_to_end_the_game": Case(
        "a 'stop:' to end the game early, as other languages have (it was an unknown key with no hint)",
        breaking("      - decide: play\n", "      - decide: play\n      - when: count(pile) > 3\n        stop: true\n"),
        "V001", "stop: true", hint="to end the game at once, write end_game: {}, with a when: beside it for the condition; "
                                   "no statement leaves a loop: a loop ends by its until"),
    "end_game_given_a_value": Case(
        "end_game: true (end_game takes nothing: the hint was that no statement ends the game, from before end_game was one)",
        breaking("      - decide: play\n", "      - decide: play\n      - end_game: true\n"),
        "V001", "true\n", message="expected a mapping, got true",
        hint="end_game takes nothing: write end_game: {}, with a when: beside it for the condition that ends the game"),
    "end_game_written_bare": Case(
        "end_game written as a word among the statements, without its {}",
        breaking("      - decide: play\n", "      - decide: play\n      - end_game\n"),
        "V001", "end_game\n", hint="end_game takes nothing: write end_game: {}"),
    "statement_without_its_colon": Case(
        "a shuffle written without the colon after its key (it said only 'expected a mapping, got the text')",
        breaking("  - shuffle: deck\n", "  - shuffle deck\n"),
        "V001", "shuffle deck", hint="the colon after 'shuffle' is missing: shuffle: deck"),
    "set_without_its_colon_written_as_an_assignment": Case(
        "a set written without its colon, its value as an assignment (x = 1): both slips said at once",
        breaking("      - score: {player: me, add: card.value}\n", "      - set flag = card.value\n",
                 MINIMAL.replace("define:", "variables:\n  flag: 0\ndefine:")),
        "V001", "set flag", hint="the colon after 'set' is missing, and set takes a mapping of name: value: set: {flag: card.value}"),
    "break_as_a_statement": Case(
        "Python's break as a statement",
        breaking("      - decide: play\n", "      - decide: play\n      - break\n"),
        "V001", "break\n", hint="to end the game at once, write end_game: {}"),
    "top_level_key_misspelt_and_flow_missing": Case(
        "a misspelt top-level key beside a missing flow: not taken for the flow (the one-key-for-the-other hint is for small mappings)",
        MINIMAL[:MINIMAL.index("flow:")].replace("components:", "componets:") + MINIMAL[MINIMAL.index("winners:"):],
        "V002", "game: mini", message="'flow' is required here"),
    "python_keyword_argument": Case(
        "Python's key= in a call, for the seat with the best card (the hint said 'compare with ==')",
        breaking(IF, "    if: max([c.value for c in hand[me]], key=card.value) > 0\n"),
        "E101", "=card", hint="a call takes no keyword arguments: for the seat (or item) with the highest value, pair each with its value, max_by([f(p), p] for p in players)"),
    "lambda_for_a_key": Case(
        "another language's lambda as max_by's key (Spades trial: the hint said to write >=)",
        breaking(IF, "    if: max_by(players, p => score[p]) == me\n"),
        "E101", "=> score", hint="there are no lambdas (functions written inline): pair each item with its key, "
                                 "max_by([score[p], p] for p in players)"),
    "expression_syntax_error": Case(
        "two comparison operators in a row",
        breaking(IF, "    if: card.value > > 0\n"),
        "E102", "> > 0", offset=2, message="expected"),
    "expression_operator_twice": Case(
        "'and' written twice (a Tichu trial): lark reads the second as a name and stopped at 'pile', blamed for want of "
        "an operator before it; the mistake is the second 'and'",
        breaking(IF, "    if: card.value > 0 and and not count(pile) > 0\n"),
        "E102", "and not", message="'and' twice: a value is expected after 'and'", hint="remove one"),
    "expression_operator_twice_at_the_end": Case(
        "'and' written twice, nothing after it: the second 'and' was an unknown name to quote (E150)",
        breaking(IF, "    if: card.value > 0 and and\n"),
        "E102", "and\n", message="'and' twice", hint="remove one"),
    "expression_operator_after_another": Case(
        "'or' right after 'and'",
        breaking(IF, "    if: card.value > 0 and or count(pile) > 0\n"),
        "E102", "or count", message="'or' right after 'and': a value is expected after 'and'"),
    "attribute_read_of_a_map_variable": Case(
        "a map variable's key read with a dot (a Tichu trial: `top.h`, top holding {t: .., h: ..}): E152 had no hint",
        breaking("define:\n", "variables:\n  top: {initial: {t: 1, h: 2}}\ndefine:\n", breaking(IF, "    if: top.h > 0\n")),
        "E152", "h > 0", hint="a map's keys are read with brackets: top['h']"),
    "attribute_misspelt_of_a_component": Case(
        "a component's attribute misspelt: spelt alike, and no map's brackets (a component is no map)",
        breaking(IF, "    if: card.vlaue > 0\n"),
        "E152", "vlaue", hint="did you mean 'value'?"),
    "expression_unclosed_parenthesis": Case(
        "a parenthesis never closed: the finding is at the end, the hint names the '(' left open",
        breaking(IF, "    if: (card.value > 0 and count(pile) >= 0\n"),
        "E102", "= 0\n", offset=2, hint="the '(' at line 18, column 9 is not closed"),
    "expression_bracket_closed_by_parenthesis": Case(
        "a bracket closed by a parenthesis",
        breaking(IF, "    if: count([c for c in pile) > 0\n"),
        "E102", "pile)", offset=4, hint="the '[' at line 18, column 15 is not closed"),
    "expression_bracket_unclosed_before_a_folded_line": Case(
        "a ']' missing in a folded expression ([-1, 1 then `if ...]` on the next line, a Checkers trial): the parser "
        "stops at the last ']', expecting an else; the hint names the '[' open there, and where",
        breaking("  total(z): sum(c.value for c in z)\n",
                 "  total(z): sum(c.value for c in z)\n  near(z): >\n    [[c, d] for c in z for d in [-1, 1\n     if c.value > d]\n"),
        "E102", "]\n", hint="the '[' at line 16, column 33 is open here, and a bracket of the expression is never closed: "
        "is its ']' missing before this?"),
    "expression_extra_parenthesis": Case(
        "one closing parenthesis too many; the message says 'the end of the expression', not lark's $end",
        breaking(IF, "    if: count(pile)) >= 0\n"),
        "E102", "))", offset=1, message="expected the end of the expression", hint="closes no '('"),
    "expression_swallows_the_next_key": Case(
        "the 'do:' after a block condition is left out: the statements become part of the condition's text",
        breaking("    if: card.value > 0\n    do:\n      - move", "    if: >\n      card.value > 0\n      - move"),
        "E102", ": card -> pile", hint="is a key such as 'do:' missing above this line?"),
    "expression_unclosed_string": Case(
        "a string never closed",
        breaking(IF, "    if: card.value > 0 or \"a\" == \"b\n"),
        "E101", "\"b", hint="never closed"),
    "expression_bad_character": Case(
        "a character the language does not have",
        breaking(IF, "    if: card.value $ 0\n"),
        "E101", "$"),
    "type_count_of_a_number": Case(
        "count() of a number",
        breaking(IF, "    if: count(3) > 0\n"),
        "E123", "count(3)", offset=6, message="collection"),
    "type_number_plus_zones": Case(
        "a number added to a list of zones",
        breaking(IF, "    if: 3 + hand > 0\n"),
        "E124", "+ hand"),
    "type_attribute_plus_zones": Case(
        "a whole-number attribute (value: [1, 2, 3]) added to a list of zones",
        breaking(IF, "    if: card.value + hand > 0\n"),
        "E124", "+ hand"),
    "type_component_equals_number": Case(
        "a component compared with a number (card.value was meant): it passed, and the condition was never true",
        breaking(IF, "    if: card == 3\n"),
        "E124", "== 3", message="never equal", hint="attributes"),
    "type_zone_equals_number": Case(
        "a zone compared with a number (count() was meant)",
        breaking(IF, "    if: pile != 0\n"),
        "E124", "!= 0", message="never equal", hint="count(x)"),
    "type_zone_equals_empty_list": Case(
        "a loop until a zone equals the empty list (count() was meant): it validated, and the loop ran to the step limit",
        breaking("    until: all(count(hand[p]) == 0 for p in players)\n", "    until: pile == []\n"),
        "E124", "== []", message="'==' compares a zone with a list, which are never equal", hint="count(pile) == 0"),
    "type_empty_list_differs_from_zone": Case(
        "the empty list compared with a zone by '!=': always true",
        breaking(IF, "    if: \"[] != pile\"\n"),
        "E124", "!= pile", message="a zone with a list", hint="count(pile) != 0"),
    "type_zone_equals_list_of_components": Case(
        "a seat's zone compared with a list of its components: a zone equals only itself",
        breaking(IF, "    if: hand[me] == [card]\n"),
        "E124", "== [card]", message="a zone with a list", hint="[c for c in hand[me]] == [card]"),
    "type_zone_equals_list_of_numbers": Case(
        "a zone compared with a list of numbers: the hint compared the list of its components with the numbers, which "
        "validated and was never true (components are no numbers)",
        breaking(IF, "    if: pile == [1, 2]\n"),
        "E124", "== [1, 2]", message="a zone with a list", hint="[c.value for c in pile] == [1, 2]"),
    "type_components_equal_list_of_numbers": Case(
        "a list of components compared with a list of numbers written out: it validated, and was never true, "
        "where card == 4 is E124",
        breaking(IF, "    if: \"[c for c in pile] != [1, 2]\"\n"),
        "E124", "!= [1, 2]", message="'!=' compares a list of components with a list of numbers, which are never equal",
        hint="[c.value for c in pile] != [1, 2]"),
    "type_die_equals_number": Case(
        "a die compared with a number (d6.pips was meant): a die is the face it shows, a record, so it was never true",
        breaking(IF, "    if: d6 == 1\n", MINIMAL.replace("define:", "dice:\n  d6: [{pips: 1}, {pips: 2}]\ndefine:")),
        "E124", "== 1", message="never equal", hint="d6.pips == 1"),
    "type_chosen_word_equals_die": Case(
        "a word chosen among words compared with a die named like it (row == d1): it validated, and was never true, "
        "where 'd1' == d1 written out is E124",
        breaking('    choose: {card: "hand[me]"}\n    if: card.value > 0\n',
                 '    choose: {card: "hand[me]", row: "[\'d1\', \'d2\']"}\n    if: row == d1\n',
                 MINIMAL.replace("define:", DICE + "define:")),
        "E124", "== d1\n", message="'==' compares a record (a die's face, say) with a word, which are never equal",
        hint="d1 is the die, the face it shows: to give the word, quote it: row == 'd1'; a face is compared by one of its "
        "attributes (d1.pips)"),
    "type_number_equals_word": Case(
        "a number compared with a word, both written out: it validated, and the comparison was never true",
        breaking(IF, "    if: card.value > 0 and 1 == \"1\"\n"),
        "E124", "== \"1\"", message="a number with a word", hint="both as numbers"),
    "dice_bare_faces": Case(
        "a die's faces written as bare numbers: six 'expected a mapping', and no word of how a face is written",
        MINIMAL.replace("define:", "dice:\n  d6: [1, 2, 3, 4, 5, 6]\ndefine:"),
        "V001", "1, 2, 3, 4", message="expected a mapping", hint="d6: [{pips: 1}, ...], then d6.pips in rules"),
    "dice_long_form_bare_faces": Case(
        "a quiet die's faces written as bare numbers: the hint of the short form's, said at the first face",
        MINIMAL.replace("define:", "dice:\n  d6: {faces: [1, 2, 3], quiet: true}\ndefine:"),
        "V001", "1, 2, 3], quiet", message="expected a mapping", hint="d6: [{pips: 1}, ...], then d6.pips in rules"),
    "dice_written_as_a_mapping_per_seat": Case(
        "a die kept by each seat, written in its long form with each: and visible: (it said only 'expected a list, got a "
        "mapping'; the long form takes faces and quiet alone)",
        MINIMAL.replace("define:", "dice:\n  d6: {faces: [{pips: 1}, {pips: 2}], each: player, visible: owner}\ndefine:"),
        "V001", "each: player, visible: owner}", nth=2, message="unknown key ('each', 'visible' were unexpected)",
        hint="dice are always public (a die takes no each: or visible:; d6: {faces: [...], quiet: true} only leaves it off "
             "play's board): to keep rolls hidden, make the die of components in zones visible: owner, as docs/language.md "
             "in philtre's source shows under dice"),
    "dice_written_as_a_mapping_with_copies": Case(
        "several identical dice written as one die with copies: the hint spoke of hidden dice and visible: owner",
        MINIMAL.replace("define:", "dice:\n  d6: {faces: [{pips: 1}, {pips: 2}], copies: 6}\ndefine:"),
        "V001", "copies: 6", message="unknown key ('copies' was unexpected)",
        hint="a die takes no copies: declare one entry per die, the faces written "
             "once with a YAML anchor and repeated by an alias (d6: &faces [...], then d6_2: *faces"),
    "type_key_written_as_a_mapping_inside_attributes": Case(
        "the type's derive written inside attributes: the hint took it for an expression split at ': '",
        breaking("attributes: {value: [1, 2, 3]}", "attributes: {value: [1, 2, 3], derive: {double: value * 2}}"),
        "V001", "{double", hint="'derive' is written inside attributes, so it is an attribute of 'card' here: "
                                "the type's derive goes one level up, beside attributes"),
    "scenario_rest_given_a_number": Case(
        "a scenario's rest: given a number (it said only 'expected a text, got the number 3')",
        MINIMAL + "scenarios:\n  - name: one card left\n    players: 2\n    given:\n      rest: 3\n"
                  "      zones: {deck: [{value: 1}]}\n    expect: [count(deck) == 1]\n",
        "V001", "3\n      zones", message="expected a text",
        hint="rest names the zone where the components left out of the given zones go"),
    "scenario_shuffles_pattern_of_no_value": Case(
        "a scenario's shuffles item orders the deck by a value no card has (it could only fail when run)",
        MINIMAL + "scenarios:\n  - name: a 4 on top\n    players: 2\n    shuffles:\n"
                  "      - deck: [{others: true}, {value: 4}]\n    expect: [count(deck) == 6]\n",
        "T009", "4}]", message="no component has value 4"),
    "scenario_shuffles_a_grid": Case(
        "a scenario's shuffles item orders a grid, which no shuffle shuffles",
        WITH_A_GRID + "scenarios:\n  - name: a board ordered\n    players: 2\n    shuffles:\n"
                      "      - board: [{others: true}]\n    expect: [count(deck) == 6]\n",
        "T030", "board: [", message="board is a grid: no shuffle shuffles it"),
    "scenario_expectation_of_a_number_variable": Case(
        "an expectation reading a variable that holds a number (For Sale trial, expect: [coins[0]]): validate said "
        "nothing, and the scenario failed T015 when run; a rule's when: reading it was E120 already",
        with_variable("pot: 0") + "scenarios:\n  - name: a number as a condition\n    players: 2\n    expect: [pot]\n",
        "E120", "pot]", message="an expectation must be true or false, but this is a whole number",
        hint="'pot' always holds a whole number: it starts as one, and every set of it gives one"),
    "scenario_given_a_word_for_a_number_variable": Case(
        "a scenario's given.variables gives a per-seat variable that holds numbers a word (Citadels trial, gold: [two, "
        "2, 2, 2]): validate and test passed it",
        with_variable("gold: {initial: 2, each: player}") + "scenarios:\n  - name: a word for gold\n    players: 2\n"
        "    given:\n      variables: {gold: [two, 2]}\n    expect: [\"true\"]\n",
        "T004", "two, 2]", message="'gold' holds a number per seat (its initial value is one, and every rule that sets "
        "it gives one): seat 0's value 'two' is a word", hint="give it a number, as its initial value 2 is"),
    "scenario_given_a_number_in_a_list_of_words": Case(
        "a scenario's given.variables gives a number among a list of words, the variable's kind",
        with_variable("named: {initial: [a, b]}") + "scenarios:\n  - name: a number among words\n    players: 2\n"
        "    given:\n      variables: {named: [a, 3]}\n    expect: [\"true\"]\n",
        "T004", "3]}\n    expect", message="'named' holds a list of words (its initial value is one, and every rule that sets it "
        "gives one): an item of it, 3, is a number"),
    "scenario_given_a_list_in_quotes": Case(
        "a scenario's given.variables gives a list variable its list quoted, as an expression (a trial's board, "
        "xs: \"[4, 4, 0]\"): validate passed it, and the scenario failed far from the given",
        with_variable("named: {initial: [1, 2]}") + "scenarios:\n  - name: a list in quotes\n    players: 2\n"
        "    given:\n      variables: {named: \"[1, 3]\"}\n    expect: [\"true\"]\n",
        "T004", "named: \"[1, 3]", message="'named' holds a list of numbers (its initial value is one, and every rule that "
        "sets it gives one): '[1, 3]' is a word",
        hint="given values are YAML data, not expressions: write the list without quotes, named: [1, 3]"),
    "scenario_given_a_list_in_quotes_of_items_of_no_one_kind": Case(
        "the same where the list's items are of no one kind: the variable starts as a list all the same",
        with_variable("named: {initial: [1, a]}") + "scenarios:\n  - name: a list in quotes\n    players: 2\n"
        "    given:\n      variables: {named: \"[1, b]\"}\n    expect: [\"true\"]\n",
        "T004", "named: \"[1, b]", message="'named' starts as a list (its initial value): '[1, b]' is a word",
        hint="given values are YAML data, not expressions: write the list without quotes, named: [1, b]"),
    "scenario_invariant_of_a_number_variable": Case(
        "an invariant reading a per-seat variable that holds numbers: the same as an expectation",
        with_variable("bid: {initial: 0, each: player}") + "scenarios:\n  - name: a number as a condition\n"
        "    players: 2\n    always: [\"bid[0]\"]\n    expect: [\"true\"]\n",
        "E120", "bid[0]\"]", message="an invariant must be true or false, but this is a whole number",
        hint="'bid' (each seat's) always holds a whole number"),
    "turns_of_every_seat": Case(
        "turns given every seat instead of the first (turns: players): the hint says what turns takes",
        breaking("  - turns: 0\n", "  - turns: players\n"),
        "E120", "players\n    until", hint="the seat that plays first: turns: 0 goes round the table from seat 0"),
    "score_for_every_seat": Case(
        "points given to every seat at once (player: players): the hint says how each seat gets them",
        breaking("      - score: {player: me, add: card.value}\n", "      - score: {player: players, add: card.value}\n"),
        "E120", "players, add", hint="for each seat in turn, put the statement in for: p in players"),
    "two_statements_in_one_item": Case(
        "a move and a score written in one item: 'move does not take score', with no word of how to write both",
        breaking("      - move: card -> pile\n", "      - move: card -> pile\n        score: {player: me, add: 1}\n"),
        "S003", "score: {player: me, add: 1}", hint="one item is one statement: write score: as an item of its own ('- score: ...')"),
    "round_for_round_number": Case(
        "'round' (a statement's word) for the round's number: it was 'quote it' as a word, sending the author the wrong way",
        breaking(IF, "    if: card.value > 0 and round > 1\n"),
        "E150", "round >", hint="write round_number"),
    "zone_count_as_an_attribute": Case(
        "pile.count for how many cards a zone holds: '.length' got the hint, '.count' did not",
        breaking(IF, "    if: card.value > 0 and pile.count > 0\n"),
        "E153", "count > 0", hint="count(x) is how many items x holds"),
    "is_for_a_seat": Case(
        "'is not' between two seats (seat is not me): it read as a component type named 'me'",
        breaking(IF, "    if: card.value > 0 and 0 is not me\n"),
        "E154", "me\n", hint="'is' tests a component's type; to compare two values write !="),
    "is_for_an_attribute_value": Case(
        "'is' given a value of an attribute (card is sword, with suit: [cup, sword]): 'unknown component type' with no hint",
        breaking(IF, "    if: card is sword\n", base=breaking("{value: [1, 2, 3]}", "{value: [1, 2, 3], suit: [cup, sword]}")),
        "E154", "sword\n", hint="'sword' is a value of card's attribute 'suit': write card.suit == 'sword'"),
    "list_compared_with_a_number": Case(
        "every seat's scores compared with a number (score >= 3): one item, or max(...), was meant",
        breaking(IF, "    if: score >= 3\n"),
        "E124", "if: score >=", offset=4, hint="compare one of its items (score[0]), or max(...)"),
    "zone_plus_a_list_of_zones": Case(
        "a zone added to a list of zones (components and zones in one list): the zone in brackets was meant",
        breaking(IF, "    if: count(hand[me] + [pile]) > 0\n"),
        "E124", "+ [pile]) > 0", hint="[hand[me]] + [pile]"),
    "zone_plus_a_number": Case(
        "a zone plus a number: '+' joins a zone's components to a zone's or a list's, and a number is neither",
        breaking(IF, "    if: count(hand[me] + 1) > 0\n"),
        "E124", "hand[me] + 1", message="'+' needs numbers, got a zone"),
    "two_lists_compared": Case(
        "two lists compared with '>': the hint said to compare an item (score[p]) whatever the lists were",
        breaking(IF, "    if: \"[card.value, 1] > [2, 1]\"\n"),
        "E124", "[card.value, 1] >", offset=1, hint="lists have no '>'; max, min and sorted order them item by item"),
    "zone_empty_as_an_attribute": Case(
        "pile.empty for an empty zone",
        breaking(IF, "    if: card.value > 0 and pile.empty\n"),
        "E153", "empty\n", hint="count(x) == 0 says x is empty"),
    "definition_in_derive": Case(
        "a definition called in a component's derive that reads the scores, through another it uses: the game they "
        "read does not exist while the components are made (one that reads no more than derive is called: Reversi's colour(p))",
        breaking("    copies: 2\n", "    copies: 2\n    derive: {double: twice(value)}\n",
                 MINIMAL.replace("define:\n", "define:\n  twice(v): v * 2 + lead\n  lead: max(score)\n")),
        "E141", "twice(value)", message="'twice' reads 'score' (through 'lead', which it uses), which a component's derive",
        hint="and definitions that read no more, given what they need as arguments"),
    "unique_for_distinct": Case(
        "unique(...), another language's word for distinct(...)",
        breaking(IF, "    if: count(unique(c.value for c in pile)) > 0\n"),
        "E141", "count(unique(", offset=6, hint="write distinct(...)"),
    "derive_written_as_a_yaml_list_of_lists": Case(
        "a derive written as a YAML list of lists (a shape's cells): a flat list got the quoting hint, this one none",
        breaking("    copies: 2\n", "    copies: 2\n    derive:\n      shape: [[0, 0], [1, 0]]\n"),
        "V001", "[[0, 0]", hint='write the list as one, quoted: "[[0, 0], [1, 0]]"'),
    "choose_written_as_a_yaml_list_of_true_and_false": Case(
        "a choice among true and false written as a YAML list: a Euchre trial got no hint (the items were YAML's booleans)",
        breaking('choose: {card: "hand[me]"}', "choose: {solo: [false, true]}"),
        "V001", "[false, true]", hint='write the list as one, quoted: "[false, true]"'),
    "derive_written_as_a_yaml_list_of_words": Case(
        "a derived attribute written as a YAML list of words (a Mastermind trial's colours, then a definition, which may "
        "now be YAML data): the hint wrote the list as it was, whose bare words are names (E150); it writes them as words",
        breaking("    copies: 2\n", "    copies: 2\n    derive:\n      colours: [red, blue]\n"),
        "V001", "[red, blue]", hint="write the list as one, its words quoted: \"['red', 'blue']\""),
    "choose_written_as_a_yaml_list_of_zones": Case(
        "a choice among zones written as a YAML list: the zones' names are names, written bare",
        breaking('choose: {card: "hand[me]"}', "choose: {into: [deck, pile]}"),
        "V001", "[deck, pile]", hint='write the list as one, quoted: "[deck, pile]"'),
    "set_with_an_equals_sign": Case(
        "set: {x = 1}: YAML makes one key 'x = 1' with no value",
        breaking("      - score: {player: me, add: card.value}\n", "      - set: {flag = 1}\n",
                 MINIMAL.replace("define:", "variables:\n  flag: 0\ndefine:")),
        "V001", "flag = 1", hint="a key and its value are written key: value (flag: 1), not with '='"),
    "set_with_an_equals_sign_and_a_word": Case(
        "set: {x = 'word'}: the hint's key: value, x: 'word', was itself an error (YAML strips the quotes)",
        breaking("      - score: {player: me, add: card.value}\n", "      - set: {flag = 'won'}\n",
                 MINIMAL.replace("define:", "variables:\n  flag: ''\ndefine:")),
        "V001", "flag = 'won'", hint="""a key and its value are written key: value (flag: "'won'"), not with '='"""),
    "statement_of_a_kind_another_engine_has": Case(
        "a draw statement, as another engine has, among an action's effects (a Battle Line trial): 'unknown key' said nothing of statements; "
        "it is no statement kind, and the hint says how a card is drawn",
        breaking("      - score: {player: me, add: card.value}\n", "      - draw: hand[me]\n"),
        "V001", "draw: hand", message="'draw' is not a statement kind",
        hint="components change zones by move (move: last(deck) -> hand[me] draws the top card of deck) or by deal"),
    "statement_of_no_kind": Case(
        "a statement of no kind among statements, no word of moving components: the statement kinds are listed",
        breaking("      - score: {player: me, add: card.value}\n", "      - ponder: pile\n"),
        "V001", "ponder: pile", message="'ponder' is not a statement kind",
        hint="the statement kinds are deal, decide, do, end_game, for, let, move, place, repeat, reveal, roll, rotate, round, "
             "run, say, score, set, set_aside, shuffle, simultaneous, tell, turns and until"),
    "move_to_a_seat_s_list_of_zones": Case(
        "a move onto one seat's list of zones of a family of N zones a seat (a Battle Line trial's side[f]): the hint "
        "says to index again, the seat first",
        breaking("      - move: card -> pile\n", "      - move: card -> side[1]\n",
                 MINIMAL.replace("  pile: {visible: everyone}\n", "  pile: {visible: everyone}\n  side: {each: player, copies: 3}\n")),
        "E120", "side[1]", message="the destination must be a zone, but this is a list of zones",
        hint="'side' holds 3 zones a seat: side[1] is seat 1's list of them; index again for one zone, the seat first: side[me][1]"),
    "let_with_an_equals_sign": Case(
        "let: {from = placement(piece)} (a Checkers trial): the key is no name, and its hint was did you mean "
        "'from___placement_piece_'; it says how to write it, as set: {x = 1}'s does",
        breaking("      - score: {player: me, add: card.value}\n", "      - let: {v = card.value}\n"),
        "V001", "v = card.value", hint="a key and its value are written key: value (v: card.value), not with '='"),
    "show_sorted_one_name_bare": Case(
        "show_sorted: value, one name written bare where a list of names goes (a bug bash): V001 'expected a list' said "
        "nothing of the brackets; the hint writes them",
        breaking("  hand: {each: player, visible: owner}\n", "  hand: {each: player, visible: owner, show_sorted: value}\n"),
        "V001", "value}", hint="a list, even of one name: show_sorted: [value]"),
    "show_sorted_true": Case(
        "show_sorted: true, the natural first guess for a 'sorted?' key (a Belote trial): V001 'expected a list, got "
        "true' said nothing of what it takes; the hint writes a list of attributes and names the components' attributes",
        breaking("  hand: {each: player, visible: owner}\n", "  hand: {each: player, visible: owner, show_sorted: true}\n"),
        "V001", "true}", message="expected a list, got true",
        hint="show_sorted lists the attributes to sort the zone's components by, first to last: show_sorted: [value]; "
             "the components' attributes are value"),
    "set_value_split_at_its_comma": Case(
        "set: {flag: max(flag, 1)} unquoted (a Bridge trial's left(x, 1)): YAML split the value at its comma, and the "
        "key '1)' left without a value was told to be none, '1): none'; the hint quotes the expression whole",
        breaking("      - score: {player: me, add: card.value}\n", "      - set: {flag: max(flag, 1)}\n",
                 MINIMAL.replace("define:", "variables:\n  flag: 0\ndefine:")),
        "V001", "flag, 1)}", nth=2, offset=6, hint="YAML split an expression at ', ' inside { }: quote it whole, flag: \"max(flag, 1)\""),
    "set_with_plus_equals": Case(
        "set: {x += 1} (a Dominion trial): the hint wrote {x +: 1}, a variable named 'x +' (S015), and the finding was at "
        "the '}' after it; the new value is written whole, told at the key",
        breaking("      - score: {player: me, add: card.value}\n", "      - set: {flag += 1}\n",
                 MINIMAL.replace("define:", "variables:\n  flag: 0\ndefine:")),
        "V001", "flag += 1", hint="a key and its value are written key: value, the new value in full (flag: flag + 1), not with '+='"),
    "set_with_times_equals_as_text": Case(
        "set: x *= a + 1 (without its { }): the hint wrote set: {x *: ...}; the new value is written whole, in brackets",
        breaking("      - score: {player: me, add: card.value}\n", "      - set: flag *= card.value + 1\n",
                 MINIMAL.replace("define:", "variables:\n  flag: 0\ndefine:")),
        "V001", "flag *=", hint="set takes a mapping of name: value: set: {flag: flag * (card.value + 1)}"),
    "action_name_used_as_a_word": Case(
        "an action's name written bare as the word it stands for (set: {act: play}): the hint said \"did you mean 'dice'?\"",
        breaking("      - score: {player: me, add: card.value}\n", "      - set: {act: play}\n",
                 MINIMAL.replace("define:", "variables:\n  act: ''\ndefine:")),
        "E150", "play}\n", hint="""'play' is an action, not a value; to give the word 'play', quote it: "'play'\""""),
    "statement_name_used_as_a_word": Case(
        "a statement's name read as a value in an expression: said what it is, not a 'did you mean'",
        breaking("  - shuffle: deck\n", "  - name: mixing\n    shuffle: deck\n  - when: count(deck) > 0 and mixing\n    shuffle: deck\n"),
        "E150", "mixing\n", nth=2, hint="'mixing' is a statement's name, not a value; to give the word 'mixing', quote it: 'mixing'"),
    "die_misspelt_where_a_face_is_read": Case(
        "d3.pips with dice d1 and d2: the hint said to quote it ('d3'.pips), and offered neither die",
        breaking(IF, "    if: card.value > 0 and d3.pips > 0\n", MINIMAL.replace("define:", DICE + "define:")),
        "E150", "d3.pips > 0", hint="no die is named 'd3': the dice are d1 and d2", not_in_message="quote"),
    "roll_unknown_die_lists_the_dice": Case(
        "roll: d3 with dice d1 and d2: the dice were not named",
        breaking("  - shuffle: deck\n", "  - shuffle: deck\n  - roll: d3\n", MINIMAL.replace("define:", DICE + "define:")),
        "S013", "d3\n", hint="the dice are d1 and d2"),
    "roll_a_parameter_naming_dice": Case(
        "roll: which, where which is the action's parameter chosen among lists of the names of dice: S013 said only 'unknown die'",
        breaking("flow:\n", "  reroll:\n    choose: {which: \"[['d1'], ['d1', 'd2']]\"}\n    do:\n      - roll: which\nflow:\n",
                 MINIMAL.replace("define:", DICE + "define:")),
        "S013", "which\nflow", hint="'which' is a parameter of the action 'reroll', not a die: to roll the dice it names, "
        "write roll: {dice: which}"),
    "roll_an_expression_naming_dice": Case(
        "roll: written with a list comprehension naming dice: S013 said 'unknown die' with no word of roll: {dice: ...}",
        breaking("  - shuffle: deck\n", "  - shuffle: deck\n  - roll: \"[n for n in ['d1', 'd2'] if n != 'd2']\"\n",
                 MINIMAL.replace("define:", DICE + "define:")),
        "S013", "\"[n for", hint="this is an expression, not a die: to roll the dice it names, "
        "write roll: {dice: \"[n for n in ['d1', 'd2'] if n != 'd2']\"}"),
    "set_one_item_of_a_list_variable": Case(
        "\"run[1]\" where run is one list: S015 said only that it is one value, not how to set one of its items",
        setting_after_shuffle("run: {initial: [0, 0, 0]}", "run[1]", '"run[1] + 1"'),
        "S015", '"run[1]":', hint='set: {run: "put(run, 1, run[1] + 1)"}',
        message="'run' is one variable holding a list, not one per player: only a per-player variable takes an index"),
    "set_one_item_of_a_number_variable": Case(
        "\"pot[0]\" where pot is one number: it is said to be one value (a list or a map held is one variable holding it)",
        setting_after_shuffle("pot: {initial: 0}", "pot[0]", "1"),
        "S015", '"pot[0]":', message="'pot' is one value, not one per player"),
    "set_one_item_of_a_list_of_lists": Case(
        "\"grid[1][0]\" where grid is one list of lists: S015's hint wrote put(grid, 1][0, ...), which is no expression",
        setting_after_shuffle("grid: {initial: [[0, 0], [0, 0]]}", "grid[1][0]", '"grid[1][0] + 1"'),
        "S015", '"grid[1][0]":', hint='set: {grid: "put(grid, 1, put(grid[1], 0, grid[1][0] + 1))"}'),
    "set_one_item_of_a_seats_value": Case(
        "\"tally[me][k]\" where tally holds one map per seat: E102 said this ']' closes no '[' before it, of a ']' that "
        "closes one",
        breaking("      - move: card -> pile\n", "      - move: card -> pile\n      - set: {\"tally[me][card.value]\": 1}\n",
                 MINIMAL.replace("define:", "variables:\n  tally: {initial: {}, each: player}\ndefine:")),
        "S015", '"tally[me][card.value]":', message="'tally[me][card.value]' sets an item of one seat's value",
        hint='set: {"tally[me]": "put(tally[me], card.value, 1)"}'),
    "set_one_item_of_a_seats_list_of_lists": Case(
        "\"grid[players[0]][1][0]\" where grid holds a list of lists per seat: the seat's own brackets kept, both puts written",
        setting_after_shuffle("grid: {initial: [[0, 0], [0, 0]], each: player}", "grid[players[0]][1][0]", "1"),
        "S015", '"grid[players[0]][1][0]":',
        hint='set: {"grid[players[0]]": "put(grid[players[0]], 1, put(grid[players[0]][1], 0, 1))"}'),
    "list_times_a_number": Case(
        "[none] * 11, as other languages repeat a list: E124 said only that '*' needs numbers",
        breaking("define:\n", "define:\n  blank: \"[none] * 11\"\n"),
        "E124", "\"[none] *", offset=2, hint="[none for i in range(11)]"),
    "map_plus_a_map": Case(
        "a map plus a map of one key (tally[me] + {card.value: 1}): E124 said '+' needs numbers, though it also joins lists",
        breaking("      - score: {player: me, add: card.value}\n", "      - set: {\"tally[me]\": \"tally[me] + {card.value: 1}\"}\n",
                 MINIMAL.replace("define:", "variables:\n  tally: {initial: {}, each: player}\ndefine:")),
        "E124", "{card.value: 1}\"", offset=1, hint="joins two lists or two words, not maps; to set a key of a map, write put(tally[me], card.value, 1)"),
    "list_of_zones_indexed_by_one_of_them": Case(
        "row[r] where r was chosen among row, a zone already: E121 did not say to write r",
        breaking("flow:\n", "  place:\n    choose: {r: row}\n    do:\n      - move: first(deck) -> row[r]\nflow:\n",
                 MINIMAL.replace("  pile: {visible: everyone}\n", "  pile: {visible: everyone}\n  row: {copies: 3, visible: everyone}\n")),
        "E121", "r]\nflow", hint="'r' is a zone already: write r, not row[r]"),
    "arity_builtin": Case(
        "count() with two arguments",
        breaking(IF, "    if: count(hand[me], 2) > 0\n"),
        "E140", "count(hand", message="got 2"),
    "arity_definition": Case(
        "a one-parameter definition called with two arguments",
        breaking(IF, "    if: total(pile, 2) > 0\n"),
        "E140", "total(pile", message="got 2"),
    "choice_reading_a_later_parameter": Case(
        "a choose collection reading a parameter listed after it: E150 said 'did you mean ...?' of another name",
        breaking('    choose: {card: "hand[me]"}\n', '    choose: {card: "[c for c in hand[me] if c != other]", other: "hand[me]"}\n'),
        "E150", "other]", hint="'other' is chosen later: choose picks its parameters in the order they are listed"),
    "arity_definition_without_parameters": Case(
        "a definition without parameters called with one: E140 said 'takes 0 argument(s) (), got 1'",
        breaking("  total(z): sum(c.value for c in z)\n", "  total(z): sum(c.value for c in z)\n  limit: 3\n",
                 breaking(IF, "    if: count(hand[me]) < limit(3)\n")),
        "E140", "limit(3)", message="'limit' has no parameters, and is called with 1 argument", hint="read it by its name alone: limit"),
    "definition_calls_itself": Case(
        "a definition that calls itself",
        breaking("  total(z): sum(c.value for c in z)", "  total(z): sum(c.value for c in z) + total(z)"),
        "E130", "sum(c.value", message="total -> total",
        hint="unroll it: a definition doing one step, called nested as deep as the largest case needs"),
    "definition_searching_a_group_by_itself": Case(
        "a definition walking links by calling itself, to tell whether a piece holds its group together: a trial's "
        "rule tested each piece with reachable() over the links without it, and E130 named reachable but not cut_nodes",
        breaking("  total(z): sum(c.value for c in z)", "  total(z): sum(c.value for c in z)\n"
                 "  joined(a, b, links): a == b or any(joined(l[1], b, links) for l in links if l[0] == a)"),
        "E130", "a == b", message="joined -> joined", hint="are cut_nodes(edges), one search for every piece"),
    "definition_looking_ahead_by_itself": Case(
        "a move's look-ahead written as a definition calling itself on the position after a move (a trial's rule that a "
        "move is legal only if the rest of the turn can still be played): E130 named no way to write it",
        breaking("  total(z): sum(c.value for c in z)", "  total(z): sum(c.value for c in z)\n"
                 "  ahead(m, ds): count(ds) == 0 or any(ahead(put(m, s, 0), remove(ds, ds[0])) for s in range(count(m)))"),
        "E130", "count(ds) ==", message="ahead -> ahead", hint="a definition a depth (language.md, Legality that looks ahead)"),
    "definitions_call_each_other": Case(
        "two definitions that call each other",
        breaking("  total(z): sum(c.value for c in z)\n",
                 "  total(z): sum(c.value for c in z) + twice(z)\n  twice(z): 2 * total(z)\n"),
        "E130", "sum(c.value", message="total -> twice -> total"),
    "definition_parameter_twice": Case(
        "a definition that names a parameter twice",
        breaking("  total(z): sum(c.value for c in z)", "  total(z, z): sum(c.value for c in z)"),
        "E131", "total(z, z)", message="different names"),
    "definition_parameter_keyword": Case(
        "a definition whose parameter is a word of the language",
        breaking("  total(z): sum(c.value for c in z)", "  total(none): sum(c.value for c in pile)"),
        "E131", "total(none)", message="word of the language"),
    "definition_named_like_a_component_type": Case(
        "a definition with the name of a component type (the type would become a value)",
        breaking("define:\n", "define:\n  card: 3\n"),
        "E132", "card: 3", message="component type, at ", hint="rename the definition"),
    "definition_named_like_a_builtin": Case(
        "a definition with the name of a builtin (a call could mean either)",
        breaking("define:\n", "define:\n  count(z): 3\n"),
        "E132", "count(z): 3", message="name of the language"),
    # -- statements ----------------------------------------------------------------------------
    "decide_unknown_action": Case(
        "decide names an action that does not exist",
        breaking("- decide: play", "- decide: ply"),
        "S019", "ply", hint="did you mean 'play'?"),
    "decide_a_seat": Case(
        "decide given the seat (me) instead of an action: the hint says where the seat goes, and lists the actions",
        breaking("    do:\n      - decide: play", "    do:\n      - decide: me"),
        "S019", "decide: me", offset=8, hint="'decide' names actions (the actions: play); the seats deciding go in player: SEAT"),
    "decide_otherwise_unknown_action": Case(
        "a decide's fallback (otherwise) names an action that does not exist",
        breaking("      - decide: play\n", "      - decide: play\n        otherwise: pas\n"),
        "S019", "pas\n", hint="'otherwise' names the actions offered where the decision's list no option (the actions: play)"),
    "decide_otherwise_names_an_action_of_the_decision": Case(
        "an action both in a decide's list and in its fallback (otherwise): offered either way",
        breaking("      - decide: play\n", "      - decide: play\n        otherwise: [play]\n"),
        "S031", "play]", message="both an action of this decision and its fallback", hint="name it once"),
    "decide_until_chosen_unknown_action": Case(
        "a decide asked until the seat chooses to stop (until_chosen) names a stopping action that does not exist",
        breaking("      - decide: play\n", "      - decide: play\n        until_chosen: stp\n"),
        "S019", "stp\n", hint="'until_chosen' names the decision's actions whose choice ends its asking again"),
    "decide_until_chosen_not_offered": Case(
        "a decide's stopping action (until_chosen) is none of its actions: the seat would be asked forever",
        breaking("      - decide: play\n", "      - decide: play\n        until_chosen: [play, mulligan]\n",
                 breaking("actions:\n", "actions:\n  mulligan: {}\n")),
        "S032", "mulligan]", message="would be asked forever", hint="name one of its actions (play)"),
    "until_chosen_on_a_simultaneous_step": Case(
        "until_chosen (asking one seat again) on a simultaneous step",
        breaking("      - decide: play\n", "      - simultaneous: play\n        until_chosen: play\n"),
        "S003", "until_chosen: play", message="'simultaneous' does not take 'until_chosen'",
        hint="a simultaneous step asks each seat once, and an until loop around it asks them again"),
    "then_on_an_action_of_a_simultaneous_step": Case(
        "a simultaneous step names an action with a then: (a follow-up of the flow), which its seats, choosing at once, "
        "cannot run",
        breaking("      - decide: play\n", "      - simultaneous: play\n", with_then("      - shuffle: deck\n")),
        "S033", "simultaneous: play", message="action 'play' has a then: (a follow-up of the flow)",
        hint="write the follow-up in the flow after the step"),
    "then_decides_without_a_player": Case(
        "a decide in an action's then: without player: (no current there: the seat that took the action is me)",
        with_then("      - decide: play\n"), "S020", "decide: play", hint="in an action's then:, player: me asks the seat that took the action"),
    "until_on_a_decide_asked_once": Case(
        "until (ending an asking again) on a decide without until_chosen: it is asked once, with no asking to end",
        breaking("      - decide: play\n", "      - decide: play\n        until: count(deck) == 0\n"),
        "S003", "until: count", message="'decide' takes 'until' only beside 'until_chosen'",
        hint="guard it with when:, or put it in an until loop"),
    "remove_from_what_is_no_list": Case(
        "remove(xs, x), a copy of a list less one item, given a number where the list goes",
        breaking("  - shuffle: deck\n", "  - shuffle: deck\n    when: count(remove(3, 1)) > 0\n"),
        "E120", "3, 1)", message="remove() needs a list (or a zone) first, but this is a whole number"),
    "otherwise_on_a_statement_that_decides_nothing": Case(
        "otherwise (a decision's fallback) on a statement that is no decide or simultaneous",
        breaking("  - shuffle: deck\n", "  - shuffle: deck\n    otherwise: play\n"),
        "S003", "otherwise: play", message="'shuffle' does not take 'otherwise'",
        hint="'otherwise' belongs to decide and simultaneous: the action a deciding seat takes where it has no option"),
    "a_key_of_another_kind_of_statement": Case(
        "a key another kind of statement takes (next:, turns' own) on a repeat: the hint names whose it is",
        breaking("  - shuffle: deck\n", "  - repeat: 2\n    next: 0\n    do: [{shuffle: deck}]\n"),
        "S003", "next: 0", message="'repeat' does not take 'next'", hint="'next' belongs to turns, not to repeat"),
    "empty_flow": Case(
        "a flow with no statement in it",
        MINIMAL[:MINIMAL.index("flow:")] + "flow: []\n" + MINIMAL[MINIMAL.index("winners:"):],
        "S030", "flow: []", message="no flow"),
    "roll_dice_without_brackets": Case(
        "several dice rolled without the brackets of a list",
        breaking("  - shuffle: deck\n", "  - roll: d6, d8\n  - shuffle: deck\n") + "dice:\n  d6: [{n: 1}, {n: 2}]\n  d8: [{n: 1}, {n: 3}]\n",
        "S013", "d6, d8", hint="roll: [d6, d8]"),
    "start_unknown_zone": Case(
        "a component type starts in a zone that does not exist",
        breaking("start: deck", "start: dekc"),
        "R006", "dekc", hint="did you mean 'deck'?"),
    "grid_width_without_height": Case(
        "a grid given a width but no height: a board of fixed size has both (a width alone would be half an edge)",
        breaking("  pile: {visible: everyone}\n", "  pile: {visible: everyone}\n  board: {grid: {resolution: 1, width: 8}}\n"),
        "R014", "8}}", message="has a width but no height", hint="width: 8, height: 8"),
    "hex_grid_of_resolution_three": Case(
        "a hex grid split into sub-cells: a hexagonal cell is one sub-cell, so its resolution is 1",
        breaking("  pile: {visible: everyone}\n", "  pile: {visible: everyone}\n  board: {grid: {cells: hex, resolution: 3}}\n"),
        "R017", "3}}", message="the hex grid 'board' has resolution 3", hint="write resolution: 1, or leave it out"),
    "hex_grid_whose_pieces_turn": Case(
        "a hex grid whose pieces are said to turn: a hexagon turns by sixths, which a placement's rot cannot say",
        breaking("  pile: {visible: everyone}\n", "  pile: {visible: everyone}\n  board: {grid: {cells: hex, turns: true}}\n"),
        "R017", "true}}", message="the pieces on the hex grid 'board' never turn", hint="leave turns out"),
    "grid_of_unknown_cells": Case(
        "a grid whose cells are neither square nor hex",
        breaking("  pile: {visible: everyone}\n", "  pile: {visible: everyone}\n  board: {grid: {cells: triangle}}\n"),
        "V001", "triangle", message="triangle"),
    "component_list_beside_several_values": Case(
        "a type written item by item with list, its attributes giving a colour two values: which item would take which?",
        breaking("    attributes: {value: [1, 2, 3]}\n", "    attributes: {colour: [red, blue]}\n    list: [{value: 1}, {value: 2}]\n"),
        "R015", "[red", message="'colour' of 'card' lists 2 values beside list", hint="give each item its own 'colour'"),
    "show_reads_a_hidden_hand": Case(
        "play's board is to show a definition that reads the hands, which only their owners see: every seat would learn them",
        breaking("  total(z): sum(c.value for c in z)\n", "  total(z): sum(c.value for c in z)\n  held: total(hand[0])\n")
        + "show: [held]\n",
        "R016", "held]", message="the shown definition 'held' reads what 'hand' holds, which only its owner sees",
        hint="leave 'held' out of `show`"),
    "show_of_a_seat_reads_another_seats_hand": Case(
        "a shown definition reading me, worked out for each seat's board, that reads the hand of the seat on its left, "
        "which only that seat sees: its own hand, hand[me], it may read",
        breaking("  total(z): sum(c.value for c in z)\n",
                 "  total(z): sum(c.value for c in z)\n  lead: total(hand[me]) - total(hand[left(me)])\n")
        + "show: [lead]\n",
        "R016", "lead]", message="the shown definition 'lead' reads what 'hand' holds, which only its owner sees: the board "
        "shows each seat its own value", hint="its own copy of a zone or variable `visible: owner` (hand[me], chips[me])"),
    "show_unknown_name": Case(
        "play's board is to show a definition misspelt",
        breaking("  total(z): sum(c.value for c in z)\n", "  total(z): sum(c.value for c in z)\n  played: total(pile)\n")
        + "show: [plaeyd]\n",
        "R016", "plaeyd", message="'plaeyd' is no definition", hint="did you mean 'played'?"),
    "show_definition_with_parameters": Case(
        "play's board is to show a definition with parameters, which has no one value",
        MINIMAL + "show: [total]\n",
        "R016", "total]", message="'total' takes parameters (z)", hint="define one without parameters that calls it"),
    "component_list_item_not_a_mapping": Case(
        "an item of a component type's list that is a bare value, not a mapping of attributes: reported at that item",
        breaking("    attributes: {value: [1, 2, 3]}\n", "    list:\n      - {value: 1}\n      - 2\n"),
        "V001", "2\n    copies", message="expected a mapping"),
    "component_list_not_a_list": Case(
        "a component type's list written as one mapping, not a list of them",
        breaking("    attributes: {value: [1, 2, 3]}\n", "    list: {value: 1}\n"),
        "V001", "{value: 1}", message="expected a list"),
    "grid_width_zero": Case(
        "a grid of fixed size 0 cells wide",
        breaking("  pile: {visible: everyone}\n", "  pile: {visible: everyone}\n  board: {grid: {resolution: 1, width: 0, height: 8}}\n"),
        "V001", "0, height", message="less than the minimum of 1"),
    "grid_height_too_large": Case(
        "a grid of fixed size 1000 cells high (at most 100 a side)",
        breaking("  pile: {visible: everyone}\n", "  pile: {visible: everyone}\n  board: {grid: {width: 8, height: 1000}}\n"),
        "V001", "1000}", message="greater than the maximum of 100"),
    # -- a zone used but not declared: the hint said "to give the word 'discard', quote it", and a word is no zone
    "zone_not_declared_as_destination": Case(
        "a move to a zone the ruleset never declares",
        breaking("      - move: card -> pile\n", "      - move: card -> discard\n"),
        "E150", "discard", hint="no zone is named 'discard': declare it under zones: (discard: {visible: nobody}", not_in_message="quote"),
    "zone_misspelt_as_destination": Case(
        "a move to a misspelt zone: the hint still names the zone meant",
        breaking("      - move: card -> pile\n", "      - move: card -> plie\n"),
        "E150", "plie", hint="did you mean 'pile'?"),
    "zone_not_declared_shuffled": Case(
        "a shuffle of a zone the ruleset never declares",
        breaking("  - shuffle: deck\n", "  - shuffle: stock\n  - shuffle: deck\n"),
        "E150", "stock", hint="declare it under zones:", not_in_message="quote"),
    "zones_not_declared_dealt_to": Case(
        "a deal to zones the ruleset never declares",
        breaking("to: hand, count: 1", "to: seats, count: 1"),
        "E150", "seats", hint="no zones are named 'seats': declare them under zones: (seats: {each: player}", not_in_message="quote"),
    "zone_not_declared_counted": Case(
        "a zone the ruleset never declares, counted (as a scenario kept from `philtre new` counts a pile the game lacks)",
        breaking(IF, "    if: count(discard) >= 0\n"),
        "E150", "discard", hint="no zone is named 'discard': declare it under zones:", not_in_message="quote"),
    "zone_not_declared_looped_over": Case(
        "a zone the ruleset never declares, as a comprehension's collection",
        breaking(IF, "    if: all(c.value > 0 for c in stock)\n"),
        "E150", "stock)", hint="no zone is named 'stock': declare it under zones:", not_in_message="quote"),
    # -- a misspelt `players` walked or counted: the hint sent the commonest typo to declare a zone named 'player'
    "players_misspelt_looped_over": Case(
        "`players` written 'player' as a comprehension's collection (as `- for: p in player` is told)",
        breaking("for p in players)", "for p in player)"),
        "E150", "player)", hint="did you mean 'players'?", not_in_message="declare"),
    "players_misspelt_counted": Case(
        "`players` misspelt as what count() counts",
        breaking(IF, "    if: count(playres) > 0\n"),
        "E150", "playres", hint="did you mean 'players'?", not_in_message="declare"),
    "define_given_a_list_of_zones": Case(
        "a definition over one zone's cards given the whole family of zones",
        breaking(IF, "    if: total(hand) > 0\n"),
        "E153", "value for c in z", hint="when total() is given a list of zones for 'z'"),
    "string_unknown_escape": Case(
        "a string with a backslash escape Python does not know (it warned and kept the backslash)",
        breaking(IF, "    if: card.value > 0 and '\\q' != 'x'\n"),
        "E101", "\\q", message="unknown escape '\\q'", hint="\\\\ for a backslash"),
    "string_truncated_escape": Case(
        "a string whose \\x escape lacks a digit (an internal error with Python's SyntaxError before)",
        breaking(IF, "    if: card.value > 0 and '\\x4' != 'x'\n"),
        "E101", "\\x4", message="unknown escape '\\x4'"),
    "string_control_character_escape": Case(
        "a string whose escapes make terminal control characters: `philtre play` printed the variable set to it raw",
        breaking(IF, "    if: card.value > 0 and '\\x1b]0;owned\\a' != 'x'\n"),
        "E101", "\\x1b", message="control character (U+001B)"),
    "string_lone_surrogate_escape": Case(
        "a string holding half of a character (an internal error when `philtre play` printed it)",
        breaking(IF, "    if: card.value > 0 and 'ok\\ud83d' != 'x'\n"),
        "E101", "\\ud83d", message="lone surrogate (U+D83D)", hint="write the whole one"),
    "zone_not_declared_looked_in": Case(
        "a zone the ruleset never declares, on the right of in",
        breaking(IF, "    if: not (card in stock)\n"),
        "E150", "stock)", hint="no zone is named 'stock': declare it under zones:", not_in_message="quote"),
    "zone_not_declared_indexed": Case(
        "a zone per seat the ruleset never declares, indexed by a seat",
        breaking(IF, "    if: count(stash[me]) >= 0\n"),
        "E150", "stash", hint="declare it under zones: (stash: {each: player}, a zone per seat)", not_in_message="quote"),
    # -- a declared value written bare, '/' where a whole number is due ------------------------
    "declared_value_unquoted": Case(
        "an attribute's declared value written bare (it said did you mean 'players'?, a name spelt like it)",
        breaking(IF, "    if: card.suit == spades\n",
                 MINIMAL.replace("attributes: {value: [1, 2, 3]}", "attributes: {value: [1, 2, 3], suit: [spades, hearts]}")),
        "E150", "spades\n", hint="write 'spades' (with quotes) for the value spades", message="'spades'"),
    "declared_value_unquoted_alone": Case(
        "a variable's declared word set bare, the YAML value the word alone (YAML's quotes alone would not make it one)",
        breaking("      - move: card -> pile\n", "      - move: card -> pile\n      - set: {trump: diamonds}\n",
                 MINIMAL.replace("define:", "variables:\n  trump: none\n  suits: {initial: [clubs, diamonds]}\ndefine:")),
        "E150", "diamonds}", hint="write \"'diamonds'\" (with both quotes: YAML takes the outer ones) for the value diamonds"),
    "division_for_a_deal_count": Case(
        "'/' in a deal's count, a whole number (it gave no hint)",
        breaking("count: 1}", "count: player_count / 2}"),
        "E120", "/ 2}", hint="'/' gives a fraction; use '//' for whole-number division"),
    "division_inside_a_builtin_argument": Case(
        "'/' inside range()'s argument, a whole number (it gave no hint)",
        breaking(IF, "    if: card.value in range(player_count / 2 + 3)\n"),
        "E120", "+ 3)", hint="'/' gives a fraction; use '//' for whole-number division"),
    "division_in_a_definition_used_as_a_count": Case(
        "a definition made by '/' used as a loop's count: the '/' is in the definition",
        breaking("  - shuffle: deck\n", "  - repeat: half\n    do:\n      - shuffle: deck\n",
                 MINIMAL.replace("define:\n", "define:\n  half: player_count / 2\n")),
        "E120", "half\n", hint="divides with '/', which gives a fraction; use '//' for whole-number division"),
    "division_in_a_definition_says_where_it_is_written": Case(
        "each use of a definition made by '/' said only that '/' gives a fraction, not where the '/' is written",
        breaking("  - shuffle: deck\n", "  - repeat: half\n    do:\n      - shuffle: deck\n",
                 MINIMAL.replace("define:\n", "define:\n  half: player_count / 2\n")),
        "E120", "half\n", hint="says_where_it_is_written.yaml:14:9, divides with '/'"),
    # -- words a newcomer brings from elsewhere: the hint gives the form that works --------------
    "visible_none_means_nobody": Case(
        "`visible: none`: spelt like 'owner', so the hint said 'did you mean owner?', the opposite of what was meant",
        breaking("  deck: {visible: nobody}", "  deck: {visible: none}"),
        "V001", "none}", hint="did you mean 'nobody'?"),
    "visible_public_means_everyone": Case(
        "`visible: public` is the word for everyone",
        breaking("  pile: {visible: everyone}", "  pile: {visible: public}"),
        "V001", "public}", hint="did you mean 'everyone'?"),
    "visible_contents_means_a_bag": Case(
        "`visible: contents` (contents seen, order hidden, as three trials asked for a bag) is the key order: nobody",
        breaking("  pile: {visible: everyone}", "  pile: {visible: contents}"),
        "V001", "contents}", hint="write order: nobody beside visible: everyone"),
    "a_bags_order_hidden_means_nobody_alone": Case(
        "`order: hidden`: the hint said 'owner: only the seat it belongs to does' of a key that takes no owner",
        breaking("  pile: {visible: everyone}", "  pile: {order: hidden}"),
        "V001", "hidden}", hint="did you mean 'nobody'? nobody: no seat sees it"),
    "order_nobody_on_a_zone_nobody_sees": Case(
        "`order: nobody` on a zone nobody sees hides nothing more: R008 at the key, naming the bag's form",
        breaking("  deck: {visible: nobody}", "  deck: {visible: nobody, order: nobody}"),
        "R008", "nobody}", hint="write {order: nobody}"),
    "visible_private_means_owner": Case(
        "`visible: private` on a seat's hand is the word for owner",
        breaking("  hand: {each: player, visible: owner}", "  hand: {each: player, visible: private}"),
        "V001", "private}", hint="did you mean 'owner'?"),
    "index_with_commas": Case(
        "`grid[p, r]`, Python's tuple index: a list of lists is indexed one level at a time",
        breaking("    if: card.value > 0\n", "    if: grid[me, card.value] > 0\n",
                 MINIMAL.replace("define:\n", "variables:\n  grid: {initial: [0, 0, 0, 0], each: player}\ndefine:\n")),
        "E102", ", card.value]", hint="index one level at a time: grid[me][card.value]"),
    "sorted_with_a_key": Case(
        "`sorted(players, key=...)`: sorted has no key; the hint for max's key (the highest) was given",
        breaking("  total(z): sum(c.value for c in z)\n",
                 "  total(z): sum(c.value for c in z)\n  order: sorted(players, key=first_card)\n"),
        "E101", "=first_card", hint="sorted_by([f(p), p] for p in players)"),
    "set_quoted_key_with_equals": Case(
        "`set: {\"bid[me]\" = 2}`: YAML stops at the '=' after a quoted key; the hint was about quoting",
        breaking("      - move: card -> pile\n", '      - move: card -> pile\n      - set: {"bid[me]" = card.value}\n',
                 MINIMAL.replace("define:\n", "variables:\n  bid: {initial: 0, each: player}\ndefine:\n")),
        "Y001", "= card.value}", hint="""a key and its value are written key: value ({"bid[me]": card.value}), not with '='"""),
    "set_quoted_key_with_minus_equals": Case(
        "`set: {\"bid[me]\" -= 1}`: YAML stops at the '-'; the hint was a made-up example about quoting",
        breaking("      - move: card -> pile\n", '      - move: card -> pile\n      - set: {"bid[me]" -= 1}\n',
                 MINIMAL.replace("define:\n", "variables:\n  bid: {initial: 0, each: player}\ndefine:\n")),
        "Y001", "-= 1}", nth=2, hint="""({"bid[me]": "bid[me] - 1"}), not with '-='"""),
    "set_bare_key_with_equals": Case(
        "`set: {delay[0] = -1}`: YAML stops at the '[' of a bare key; the hint was a made-up example about quoting",
        breaking("      - move: card -> pile\n", '      - move: card -> pile\n      - set: {bid[me] = bid[0] + 1}\n',
                 MINIMAL.replace("define:\n", "variables:\n  bid: {initial: 0, each: player}\ndefine:\n")),
        "Y001", "[me] = bid", hint="""a key and its value are written key: value ({"bid[me]": "bid[0] + 1"}), not with '='"""),
    "set_bare_bracketed_key_and_expression": Case(
        "`set: {bid[me]: bid[me] + 1}` (a Coup trial): the hint quoted the key alone, `{\"bid[me]\": bid[me] + 1}`, "
        "which YAML stops in again; key and value are quoted at once",
        breaking("      - move: card -> pile\n", '      - move: card -> pile\n      - set: {bid[me]: bid[me] + 1}\n',
                 MINIMAL.replace("define:\n", "variables:\n  bid: {initial: 0, each: player}\ndefine:\n")),
        "Y001", "[me]: bid", nth=2, hint="""is quoted: {"bid[me]": "bid[me] + 1"}"""),
    "start_with_me": Case(
        "`start: hand[me]`: no seat decides while the components are made; the hint was about actions and turns",
        breaking("    start: deck\n", "    each: player\n    start: hand[me]\n"),
        "E150", "me]\n", hint='the seat a component belongs to is owner, start: "hand[owner]"'),
    "start_with_me_of_a_shared_component": Case(
        "`start: hand[me]` for a component with no owner: owner comes with each: player",
        breaking("    start: deck\n", "    start: hand[me]\n"),
        "E150", "me]\n", hint='a component type with each: player (one set per seat) has owner'),
    "copies_as_a_mapping": Case(
        "copies by an attribute's value written as a mapping of the values: the hint writes the expression",
        breaking("    copies: 2\n", "    copies: {1: 3, 2: 2, 3: 1}\n"),
        "V001", "{1: 3", hint='copies: "3 if value == 1 else 2 if value == 2 else 1"'),
}

RUNAWAY = breaking(
    "flow:\n  - shuffle: deck\n",
    "step_limit: 1000\nvariables:\n  x: 0\nflow:\n  - until: false\n    do:\n      - set: {x: 1}\n  - shuffle: deck\n",
)


def data_path(name: str) -> Path:
    return DATA / f"{name}.yaml"


def write_data_files() -> None:
    DATA.mkdir(parents=True, exist_ok=True)
    for name, case in CASES.items():
        data_path(name).write_bytes(case.file_text())
    data_path("runtime_until_never_ends").write_bytes(b"# broken: an 'until' loop that never ends\n" + RUNAWAY.encode())


def diagnostics_of(path: Path) -> list:
    with pytest.raises(PhiltreError) as info:
        load_ruleset(str(path))
    diagnostics = info.value.diagnostics
    assert diagnostics, "a PhiltreError must carry at least one diagnostic"
    return diagnostics


@functools.cache
def data_file_diagnostics(name: str) -> tuple:
    """The diagnostics of the data file of case ``name``, found once a process: test_broken_ruleset and both
    line-ending tests read every file's."""
    return tuple(diagnostics_of(data_path(name)))


# -- the minimal ruleset is valid and plays -------------------------------------------------

def test_minimal_ruleset_is_valid(tmp_path):
    from philtre.interpreter.simulate import play_game

    path = tmp_path / "ruleset.yaml"
    path.write_text(MINIMAL, encoding="utf-8")
    ruleset = load_ruleset(str(path))
    game = play_game(ruleset, 3, 1, ["random"] * 3)
    assert game.finished and len(game.winners) >= 1


def test_a_die_of_bare_faces_is_one_finding_not_one_per_face():
    assert [d.code for d in diagnostics_of(data_path("dice_bare_faces"))] == ["V001"]


def test_me_in_the_heuristic_is_one_finding_per_name_saying_the_seat_there_is_p(tmp_path):
    """An Oh Hell trial: `heuristic: score[me] + count(deck)` was told four times for four `me`s, each time that me is
    bound in an action and current in turns, not that the heuristic's seat is p; so was a winners key."""
    text = MINIMAL.replace('winners: {highest: "score[p]"}\n', 'winners: {highest: "score[me]"}\n'
                           'heuristic: score[me] + count(hand[me]) - me + current\n')
    path = tmp_path / "ruleset.yaml"
    path.write_text(text, encoding="utf-8")
    found = [(d.loc.line, d.loc.col, d.message, d.hint) for d in diagnostics_of(path)]
    written = "write score[p] + count(hand[p]) - p + p"
    assert found == [
        (*position(text, 'score[me]"}', offset=6), "'me' is not bound here", "a winners key is worked out for each seat in turn, and that "
                                                             "seat is p; no seat is deciding while it is read: write score[p]"),
        (*position(text, "me] + count"), "'me' is not bound here", "the heuristic rates each seat in turn, and that seat is "
                                                                  f"p; no seat is deciding while it is read: {written}"),
        (*position(text, "current\n"), "'current' is not bound here", "the heuristic rates each seat in turn, and that "
                                                                      f"seat is p; no seat is deciding while it is read: {written}")], found


@pytest.mark.parametrize("heuristic", ["score[p] + (3 if p == current and count(deck) > 0 else 0)",
                                       "score[p] - (1 if current != p else 0)"])
def test_current_compared_with_p_in_the_heuristic_is_no_rewrite_to_p_compared_with_itself(tmp_path, heuristic):
    """A trial's `p == current` in the heuristic was told to write `p == p` (always true): the heuristic knows no deciding
    seat nor whose turn it is; the hint says so, and names a variable the action sets to compare p with."""
    text = MINIMAL.replace('winners: {highest: "score[p]"}\n', f'winners: {{highest: "score[p]"}}\nheuristic: {heuristic}\n')
    path = tmp_path / "ruleset.yaml"
    path.write_text(text, encoding="utf-8")
    found = [(d.code, d.loc.line, d.loc.col, d.hint) for d in diagnostics_of(path)]
    assert found == [("E150", *position(text, "current"), "the heuristic rates each seat in turn, and that seat is p; no seat "
                      "is deciding while it is read, nor whose turn it is, so comparing p with current tells no seat apart: "
                      "set a variable in the action (placer under variables:, then set: {placer: me}) and compare p with it, "
                      "p == placer")], found
    assert not re.search(r"\bp [=!]= p\b", found[0][3])


def test_an_unknown_name_is_one_finding_per_expression_but_one_per_expression_it_is_in(tmp_path):
    """`foo + foo` is told once, at the first; the same name in another expression is told there too."""
    text = MINIMAL.replace("    if: card.value > 0\n", "    if: foo > 0 and foo < 3\n").replace(
        "add: card.value}", "add: foo}")
    path = tmp_path / "ruleset.yaml"
    path.write_text(text, encoding="utf-8")
    found = [(d.code, d.loc.line, d.loc.col, d.message) for d in diagnostics_of(path)]
    assert found == [("E150", *position(text, "foo > 0"), "unknown name 'foo'"),
                     ("E150", *position(text, "foo}"), "unknown name 'foo'")], found


@pytest.mark.parametrize("written, quoted", [("score: {player: me, add: 1, why: thirty-one}", "\"'thirty-one'\""),
                                             ("score: {player: me, add: 1, why: \"[thirty-one, 2]\"}", "'thirty-one'")])
def test_a_hyphenated_word_not_quoted_is_one_finding_quoting_the_whole_word(tmp_path, written, quoted):
    """A Cribbage trial's `peg(me, 2, thirty-one)` got E150 at 'thirty' and at 'one', each told to quote its half: two
    unknown names joined by '-' with no space are the word meant, told once, at the first, quoted whole; `a - b` is not."""
    text = MINIMAL.replace("      - score: {player: me, add: card.value}\n", f"      - {written}\n")
    path = tmp_path / "ruleset.yaml"
    path.write_text(text, encoding="utf-8")
    found = [(d.code, d.loc.line, d.loc.col, d.message, d.hint) for d in diagnostics_of(path)]
    assert found == [("E150", *position(text, "thirty"), "unknown name 'thirty'", "'thirty-one' reads as 'thirty' minus "
                      f"'one', two names nothing declares; to give the word 'thirty-one', quote it: {quoted}")], found
    path.write_text(text.replace("thirty-one", "thirty - one"), encoding="utf-8")
    assert [d.message for d in diagnostics_of(path)] == ["unknown name 'thirty'", "unknown name 'one'"]


def test_a_bare_attribute_name_is_said_to_be_read_of_the_component_chosen(tmp_path):
    """An Oh Hell trial: `set: {led: suit}` where the action chose `card` was told to quote it ('suit'), not card.suit;
    the word is offered second where it is the whole value, and not where a number is compared."""
    text = MINIMAL.replace("zones:\n", "variables:\n  led: null\nzones:\n").replace(
        "      - move: card -> pile\n", "      - set: {led: value}\n      - move: card -> pile\n").replace(
        "    if: card.value > 0\n", "    if: all(value > 0 for c in hand[me])\n")
    path = tmp_path / "ruleset.yaml"
    path.write_text(text, encoding="utf-8")
    found = [(d.message, d.hint) for d in diagnostics_of(path)]
    assert found == [("unknown name 'value'", "'value' is an attribute, read of a component: c.value or card.value"),
                     ("unknown name 'value'", "'value' is an attribute, read of a component: card.value; to give the "
                                              "word 'value', quote it: \"'value'\"")], found


def test_a_map_key_written_bare_is_told_to_quote_the_key_whatever_it_is_spelt_like(tmp_path):
    """A Pentago trial: `{x: a + q, y: q, rot: 0}` got "the one-letter names here: a, q" for x and y (in a bigger ruleset
    "did you mean 'q'?"), and only rot was told to quote it: a map's key is an expression, and a word is quoted. The
    keys written as the hint says load."""
    text = MINIMAL.replace("  total(z): sum(c.value for c in z)\n",
                           '  total(z): sum(c.value for c in z)\n  turned(a, q): "{x: a + q, y: q, hnd: 0}"\n')
    path = tmp_path / "ruleset.yaml"
    path.write_text(text, encoding="utf-8")
    found = [(d.code, d.loc.line, d.loc.col, d.message, d.hint) for d in diagnostics_of(path)]
    assert found == [("E150", *position(text, key), f"unknown name '{key[0]}'" if len(key) == 2 else "unknown name 'hnd'",
                      f"a map's keys are expressions, as its values are: to give the key '{key[:-1]}', quote it: "
                      f"{{'{key[:-1]}': ...}}") for key in ("x:", "y:", "hnd:")], found
    path.write_text(text.replace("{x: a + q, y: q, hnd: 0}", "{'x': a + q, 'y': q, 'hnd': 0}"), encoding="utf-8")
    load_ruleset(str(path))


def test_a_word_compared_with_numbers_is_told_to_compare_with_a_number_not_to_quote_it(tmp_path):
    """A Crazy Eights trial: `card.rank == eight` was told to quote it ('eight'), and `card.rank == 'eight'` is L010, a
    number never being that word. Compared with a side that holds numbers, either way round, a number's word is told
    the number, another word to compare with a number (in an action, after what the action sees)."""
    text = MINIMAL.replace("    if: card.value > 0\n", "    if: card.value == two or three < card.value\n").replace(
        "add: card.value}", "add: \"card.value if card.value != ace else 0\"}")
    path = tmp_path / "ruleset.yaml"
    path.write_text(text, encoding="utf-8")
    found = [(d.loc.line, d.loc.col, d.message, d.hint) for d in diagnostics_of(path)]
    assert found == [
        (*position(text, "two"), "unknown name 'two'", "value holds numbers: compare with one, card.value == 2"),
        (*position(text, "three"), "unknown name 'three'", "value holds numbers: compare with one, 3 < card.value"),
        (*position(text, "ace"), "unknown name 'ace'", "action 'play' sees its parameters (card), me and the ruleset's "
                                                       "names; value holds numbers: compare with one (card.value != 3), "
                                                       "not with a word")], found


def test_a_list_of_words_written_as_the_hint_says_compiles(tmp_path):
    """A Mastermind trial (a definition then, which may now be YAML data; a derived attribute here): `colours: [red,
    blue]` was told to write "[red, blue]", which gave E150 for each bare word, whose hint said to write "red" (with
    quotes), Y001 inside YAML's double quotes. The hint now writes the words quoted, and the file written so loads."""
    [told] = diagnostics_of(data_path("derive_written_as_a_yaml_list_of_words"))
    written = told.hint.split("quoted: ", 1)[1]
    path = tmp_path / "ruleset.yaml"
    path.write_text(CASES["derive_written_as_a_yaml_list_of_words"].text.replace("[red, blue]", written), encoding="utf-8")
    assert load_ruleset(str(path)).actions


def test_an_expression_split_at_nested_commas_is_one_finding():
    """Each key YAML made of the split expression's rest is part of the one finding, not one finding more."""
    assert [d.code for d in diagnostics_of(data_path("schema_expression_split_at_nested_commas"))] == ["V001"]


def test_two_expressions_split_at_commas_in_one_mapping_are_each_told_to_be_quoted(tmp_path):
    """A Liar's Dice trial: choose: {q: range(1, n), f: range(1, 7)} unquoted; the second expression's rest, the key
    '7)' without a value, said 'expected a text, got nothing' with no hint where the first was told to quote it."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(breaking('choose: {card: "hand[me]"}', "choose: {card: take(pile, 1), n: range(1, 7)}"), encoding="utf-8")
    hints = [(d.code, d.hint) for d in diagnostics_of(path)]
    assert hints == [("V001", "YAML split an expression at ', ' inside { }: quote it whole, card: \"take(pile, 1)\""),
                     ("V001", "YAML split an expression at ', ' inside { }: quote it whole, n: \"range(1, 7)\"")], hints


@pytest.mark.parametrize("text, said, at", [
    ("a and and not b", "'and' twice", 6), ("a and and b", "'and' twice", 6), ("x in in y", "'in' twice", 5),
    ("a not in in b", "'in' twice", 9), ("a + // b", "'//' right after '+'", 4), ("a == == b", "'==' twice", 5),
    ("a * - * b", "'*' right after '-'", 6),
    ("a ** * 2", "'*' right after '**'", 5), ("a***2", "'*' right after '**'", 3),  # (`**` is a power: one token)
    ("a <> b", "write != for 'not equal'", 3),  # another language's operator, said so
    ("a == 'and and' x", "no operator before 'x'", 15),  # (operators in a string are no operators)
])
def test_an_operator_written_twice_is_found_at_the_second(text, said, at):
    """A binary operator right after another is the second one's E102, however far lark read before it stopped."""
    from philtre.dsl.parser import parse
    from philtre.dsl.yamlpos import ScalarLoc

    with pytest.raises(PhiltreError) as caught:
        parse(text, ScalarLoc("r.yaml", 1, 1, text))
    found = caught.value.first
    assert (found.code, found.loc.col) == ("E102", at + 1) and said in str(caught.value), str(caught.value)


@pytest.mark.parametrize("text", ["a and not b", "a - - b", "a - -b", "a not in b", "a or not not b", "x is not none"])
def test_an_operator_that_starts_a_value_may_follow_another(text):
    """`not` and `-` start a value: after another operator they are no operator written twice."""
    from philtre.dsl.errors import Loc
    from philtre.dsl.parser import parse

    parse(text, Loc("r.yaml", 1, 1))


@pytest.mark.parametrize("read, hint", [
    ("card.vlaue", "did you mean 'value'?; the attributes are id, type and value"),  # a component: no map's brackets
    # a 6 nimmt trial: `last(r).num` for `.n` said no name; its start is one, too short for the spelling's likeness
    ("card.valueof", "did you mean 'value'?; the attributes are id, type and value"),
    ("card.colour", "the attributes are id, type and value"),
    ("any.vlaue", "did you mean 'value'? if it holds a map, its keys are read with brackets: any['vlaue']"),
    ("{any: 1}.h", "a map's keys are read with brackets: {any: 1}['h']"),  # (a key computed: the keys not known)
    ("{'h': 1}.k", "its keys are h"),  # (a map of keys written out: read by them, .h, and a key it lacks is said so)
    ("(any + 1).h", "a map's keys are read with brackets: (any + 1)['h']"),
    ("[m.h for m in many]", "a map's keys are read with brackets: m['h']"),
])
def test_an_attribute_nothing_declares_is_read_with_brackets_where_its_base_may_be_a_map(tmp_path, read, hint):
    """E152's hint writes the map's key read with brackets where the base is or may be a map, and only there."""
    text = breaking("define:\n", "variables:\n  any: null\n  many: {initial: [{h: 1}]}\ndefine:\n",
                    breaking(IF, f"    if: \"count({read}) > 0\"\n"))
    path = tmp_path / "r.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(PhiltreError) as caught:
        load_ruleset(str(path))
    assert caught.value.first.code == "E152" and caught.value.first.hint == hint, caught.value.first


GRID_READ = """\
game: tiles
players: 1
components:
  tile: {copies: 2, start: hand, derive: {cells: "['a', 'b']"}}
zones: {hand: {}, board: {grid: {resolution: 1}}}
define:
  near(cs): "count([c for c in cs if c.x == 0]) > 0"
actions:
  put:
    choose: {t: hand, at: "placements(board, t)"}
    if: READ
    do:
      - place: {piece: t, to: board, at: at}
flow:
  - decide: put
    player: 0
"""


@pytest.mark.parametrize("read, message, hint", [
    ("count([c for c in piece_cells(board, t, at) if c.terrain == 'a']) > 0",
     "a record {x, y, value} has no field 'terrain'", "its fields are x, y, value"),
    ("count([c for c in piece_cells(board, t, at) if c.vlaue == 'a']) > 0",
     "a record {x, y, value} has no field 'vlaue'", "did you mean 'value'?; its fields are x, y, value"),
    ("at.ovrlap == 0", "a record {x, y, rot, overlap, touching} has no field 'ovrlap'", "did you mean 'overlap'?; "),
    ("placement(t).z == 0", "a record {x, y, rot} has no field 'z'", "its fields are x, y, rot"),
    ("count([r for r in regions(board) if r.count > 1]) > 0", "a record {value, size, marked} has no field 'count'", "its fields are"),
])
def test_a_field_a_grid_s_record_lacks_names_its_fields(tmp_path, read, message, hint):
    """Kingdomino trial: `c.terrain` of a cell of piece_cells was E152 "no component or die face has an attribute
    'terrain'", which did not say the record's fields are x, y, value."""
    path = tmp_path / "r.yaml"
    path.write_text(GRID_READ.replace("READ", f'"{read}"'), encoding="utf-8")
    with pytest.raises(PhiltreError) as caught:
        load_ruleset(str(path))
    found = caught.value.first
    assert found.code == "E152" and found.message == message and found.hint.startswith(hint), found


def test_a_definition_given_two_kinds_of_record_names_each_one_s_fields(tmp_path):
    """A bug bash: a definition compiled for regions' records was kept for placements' too (both types are "record"),
    so its E152 named the regions' fields {value, size, marked} only, never those of the record the other call reads."""
    path = tmp_path / "r.yaml"
    text = GRID_READ.replace("define:\n", "define:\n  far(r): r.area + count(hand)\n")
    path.write_text(text.replace("READ", '"far(first(regions(board))) + far(first(placements(board, t))) > 0"'), encoding="utf-8")
    found = {d.message for d in diagnostics_of(path) if d.code == "E152"}
    assert {"a record {value, size, marked} has no field 'area'",
            "a record {x, y, rot, overlap, touching} has no field 'area'"} <= found, found


def test_a_definition_s_field_a_record_lacks_is_said_once_not_also_as_no_component_s(tmp_path):
    """A Santorini trial: `a.z` in a definition given a placement was two E152 at one place, the body compiled for any
    type ("no component or die face has an attribute 'z'") and for the record ("a record {x, y, rot} has no field")."""
    path = tmp_path / "r.yaml"
    text = GRID_READ.replace("define:\n", "define:\n  far(a): a.z + count(hand)\n")
    path.write_text(text.replace("READ", '"far(placement(t)) > 0"'), encoding="utf-8")
    found = [d.message for d in diagnostics_of(path) if d.code == "E152"]
    assert found == ["a record {x, y, rot} has no field 'z'"], found


def test_a_field_of_either_of_two_kinds_of_record_names_no_one_s_fields_alone(tmp_path):
    """`(a region if ... else a placement).area`: the value is a record of either kind, so E152 names the fields of
    every record a grid builtin gives, not the regions' alone (as if it were one of them)."""
    path = tmp_path / "r.yaml"
    path.write_text(GRID_READ.replace("READ", '"(first(regions(board)) if count(hand) > 0 else at).area > 0"'), encoding="utf-8")
    found = diagnostics_of(path)[0]
    assert found.code == "E152" and found.message == "no component or die face has an attribute 'area'", found
    assert "regions {value, size, marked}" in found.hint and "placements {x, y, rot, overlap, touching}" in found.hint, found


def test_a_field_a_value_of_a_type_not_known_lacks_names_the_grid_records_fields(tmp_path):
    """Kingdomino trial: `c.z` of a list of piece_cells' cells passed to a definition hinted only `c['z']`, a map's
    key, pointing away from `c.x`: in a ruleset with a grid the hint names the fields of the records grids give."""
    path = tmp_path / "r.yaml"
    path.write_text(GRID_READ.replace("c.x == 0", "c.z == 0").replace("READ", '"near(piece_cells(board, t, at))"'),
                    encoding="utf-8")
    with pytest.raises(PhiltreError) as caught:
        load_ruleset(str(path))
    found = caught.value.first
    assert found.code == "E152" and found.hint == (
        "if it is a record a grid builtin gives, one of its fields: piece_cells {x, y, value}, placements {x, y, rot, "
        "overlap, touching}, placement {x, y, rot}, regions {value, size, marked}; if a map, its keys are read with "
        "brackets: c['z']"), found


def test_a_scenarios_key_without_its_colon_is_told_at_the_key(tmp_path):
    """A key left without its ':' in any YAML file philtre reads (here a scenario's `given`) is Y001 at the key."""
    import shutil

    from philtre.dsl import resolve_ruleset_path
    from philtre.dsl.validate import check_file

    folder = tmp_path / "poison"
    shutil.copytree(Path(resolve_ruleset_path("poison")).parent, folder)
    scenarios = folder / "scenarios.yaml"
    text = scenarios.read_text(encoding="utf-8").replace("    given:\n", "    given\n", 1)
    scenarios.write_text(text, encoding="utf-8")
    found = [f.diagnostic for f in check_file(str(folder)).findings]
    assert [(d.code, d.loc.line, d.loc.col, d.hint) for d in found] == [
        ("Y001", *position(text, "given\n"), "a key is followed by ':' (write 'given:')")], [str(d) for d in found]


def test_max_of_a_number_and_a_list_known_only_in_play_names_max_not_the_comparison(tmp_path):
    """Where the kinds are known only in play, the failure names max() and the list beside the number, not Python's '>'."""
    from philtre.interpreter.simulate import play_game

    path = tmp_path / "ruleset.yaml"
    path.write_text("philtre: 1\ngame: mixed\nplayers: 2\nvariables:\n  seq: {initial: null}\n"
                    "flow:\n  - set: {seq: \"[1, 2]\"}\n  - score: {player: 0, add: \"max(0, seq)\"}\n", encoding="utf-8")
    with pytest.raises(PhiltreError) as failed:
        play_game(load_ruleset(str(path)), 2, 1, ["random"] * 2)
    assert "max() compares its arguments with each other" in str(failed.value) and "'>'" not in str(failed.value)


def test_data_files_are_up_to_date():
    expected = {f"{name}.yaml": case.file_text() for name, case in CASES.items()}
    expected["runtime_until_never_ends.yaml"] = b"# broken: an 'until' loop that never ends\n" + RUNAWAY.encode()
    actual = {p.name: p.read_bytes() for p in DATA.glob("*.yaml")}
    stale = sorted(n for n in expected if actual.get(n) != expected[n])
    extra = sorted(set(actual) - set(expected))
    assert not stale and not extra, f"regenerate with `python tests/test_errors.py` (stale: {stale}, unknown: {extra})"


# -- every broken file: one exact diagnostic first -----------------------------------------

@pytest.mark.parametrize("name", list(CASES))
def test_broken_ruleset(name):
    case = CASES[name]
    path = data_path(name)
    first = data_file_diagnostics(name)[0]
    line, col = case.where() if case.text else (1, 1)
    codes = case.code if isinstance(case.code, tuple) else (case.code,)
    got = f"{first.loc.line}:{first.loc.col}: {first.code}"
    assert first.loc.path == str(path), str(first)
    assert got in [f"{line}:{col}: {c}" for c in codes], f"expected {line}:{col}: {'/'.join(codes)}, got {first}"
    # the printed form is the contract: path:line:col: CODE message
    assert str(first).startswith(f"{first.loc}: {first.code} {first.message}")
    assert str(first.loc).endswith(f"{path.name}:{line}:{col}")
    assert first.message
    if case.hint is not None:
        assert case.hint in first.hint, f"hint {first.hint!r} lacks {case.hint!r} ({first})"
    if case.message is not None:
        assert case.message.lower() in first.message.lower(), str(first)
    if case.not_in_message is not None:
        assert case.not_in_message not in first.message, str(first)


@pytest.mark.parametrize("newline", ["\r\n", "\r"], ids=["crlf", "cr"])
def test_a_file_saved_with_windows_line_endings_gets_the_same_findings(tmp_path, newline):
    """YAML reads "\r\n" and a lone "\r" as one line break; a place inside an expression written over several
    lines (a folded block, a quoted text) was found by walking its source with "\n" only, so on a file saved on
    Windows the finding pointed at the line above, or at the expression's start."""
    differ = []
    for name in CASES:
        text = data_path(name).read_bytes()
        other = tmp_path / f"{name}.yaml"
        other.write_bytes(text.replace(b"\r\n", b"\n").replace(b"\n", newline.encode()))
        want = [(d.code, d.loc.line, d.loc.col) for d in data_file_diagnostics(name)]
        got = [(d.code, d.loc.line, d.loc.col) for d in diagnostics_of(other)]
        if got != want:
            differ.append(f"{name}: {want[:1]} != {got[:1]}")
    assert not differ, "\n".join(differ)


@pytest.mark.parametrize("condition, said, hint, at", [
    ("sorted(c.value for c in hand[me]) <= [2, 3]", "'<=' compares numbers or words, got a list of whole numbers on each side",
     "a <= b is min(a, b) == a", "sorted"),
    ("score > [card.value]", "'>' compares numbers or words, got a list of numbers and a list of whole numbers",
     "a > b is max(a, b) == a and a != b", "score"),
    ("card.value >= score", "'>=' compares numbers or words, got a list of numbers", "compare one of its items (score[0])", "score"),
])
def test_an_order_between_lists_is_one_finding_that_says_what_is_ordered(tmp_path, condition, said, hint, at):
    """A Hanamikoji trial's `sorted(..) <= [2, 3]`: E124 said "'<=' compares numbers" (words compare too), once for each
    side: two findings for one comparison. Now one, at the first side, naming both."""
    path = tmp_path / "ruleset.yaml"
    text = breaking(IF, f'    if: "{condition}"\n')
    path.write_text(text, encoding="utf-8")
    found = diagnostics_of(path)
    assert [(d.code, d.message) for d in found] == [("E124", said)], [str(d) for d in found]
    assert hint in found[0].hint, found[0].hint
    line = text[:text.index(condition)].count("\n") + 1
    assert (found[0].loc.line, found[0].loc.col) == (line, 10 + condition.index(at)), "at the first side not ordered"


@pytest.mark.parametrize("choices, hint", [
    ('"(others or [none]) if card.value > 1 else [none]"', "write others if count(others) > 0 else [none]"),
    ('"others or [none]"', "write others if count(others) > 0 else [none]"),
    ('"(others and [none]) if card.value > 1 else [none]"', "write [none] if count(others) > 0 else others"),
], ids=["an or in a branch", "an or", "an and in a branch"])
def test_choices_written_as_an_or_of_lists_are_told_to_test_the_count_not_to_add_brackets(tmp_path, choices, hint):
    """A Love Letter trial wrote Python's "these seats, or [none] if there are none", `targets(me) or [none]`, in one
    branch of the choices: beside the two good E120s at the lists, E125 said to write the branch (true or false) as a
    list of its one choice, in brackets. `or` and `and` give true or false, never a side: the hint writes the count."""
    path = tmp_path / "ruleset.yaml"
    text = breaking('choose: {card: "hand[me]"}', f'choose: {{card: "hand[me]", target: {choices}}}')
    path.write_text(text.replace("define:\n", "define:\n  others: \"[p for p in players if p != me]\"\n"), encoding="utf-8")
    [found] = [d for d in diagnostics_of(path) if d.code == "E125"]
    assert hint in found.hint and "never one of its sides" in found.hint, str(found)
    assert "brackets" not in found.hint, str(found)


def test_an_expression_split_at_a_comma_is_one_finding():
    """The rest of the split expression is a key without a value: not also 'expected a text, got nothing'."""
    for name in ("schema_expression_split_at_comma", "schema_expression_split_at_comma_in_choose"):
        assert [d.code for d in diagnostics_of(data_path(name))] == ["V001"], name


def test_recursion_is_reported_once():
    assert [d.code for d in diagnostics_of(data_path("definitions_call_each_other"))] == ["E130"]


def test_unknown_start_zone_reports_only_its_cause():
    """One mistake, one diagnostic: the component type with a bad start zone is not also 'no components'."""
    assert [d.code for d in diagnostics_of(data_path("start_unknown_zone"))] == ["R006"]


def test_components_with_no_zone_declared_to_start_in_are_r006_not_an_internal_error(tmp_path):
    """A component type without `start:` begins in the first zone declared; with no zone at all (a base of
    none, an overlay adding a component) loading stopped with an internal error, exit code 2."""
    path = tmp_path / "ruleset.yaml"
    path.write_text("philtre: 1\ngame: x\nplayers: 2\ncomponents:\n  chip: {attributes: {v: [1]}}\n"
                    "variables: {a: 1}\nflow:\n  - set: {a: 2}\nwinners: {highest: \"score[p]\"}\n", encoding="utf-8")
    assert [(d.code, d.loc.line, d.loc.col) for d in diagnostics_of(path)] == [("R006", 5, 3)]


def test_several_mistakes_are_all_reported_in_file_order(tmp_path):
    text = breaking(IF, "    if: count(hnad[me]) > 0\n")
    text = breaking("- decide: play", "- decide: ply", text)
    text = breaking("- move: card -> pile", "- move: card -> pille", text)
    path = tmp_path / "ruleset.yaml"
    path.write_text(text, encoding="utf-8")
    found = [(d.loc.line, d.loc.col, d.code) for d in diagnostics_of(path)]
    assert found == [
        position(text, "hnad") + ("E150",),
        position(text, "pille") + ("E150",),
        position(text, "ply") + ("S019",),
    ]


@pytest.mark.parametrize("target", ["flag", "'scores[me]'"])
def test_a_set_of_an_unknown_variable_still_reports_its_values_mistake(tmp_path, target):
    """Validation went on past an unknown variable (S015) but said "expressions ok" of a value that does not parse."""
    text = breaking("      - score: {player: me, add: card.value}\n", f'      - set: {{{target}: "1 +* 2"}}\n')
    if target != "flag":  # a variable of one value set as if it had one per seat
        text = breaking("define:\n", "variables: {scores: 0}\ndefine:\n", text)
    path = tmp_path / "ruleset.yaml"
    path.write_text(text, encoding="utf-8")
    found = [(d.loc.line, d.loc.col, d.code) for d in diagnostics_of(path)]
    assert found == [position(text, target) + ("S015",), position(text, "*") + ("E102",)]


@pytest.mark.parametrize("declared, set_to", [
    ("{initial: []}", "kept + [card]"),   # the components taken so far: revealed as they are
    ("{initial: null}", "card"),
    ("0", "card"),                        # declared a number, given a component
])
def test_a_variable_that_holds_components_may_be_revealed(tmp_path, declared, set_to):
    """A reveal of a variable is E120 only where it holds no components: one a set gives components is revealed."""
    text = breaking("define:\n", f"variables:\n  kept: {declared}\ndefine:\n")
    text = breaking("      - move: card -> pile\n", f'      - set: {{kept: "{set_to}"}}\n      - move: card -> pile\n', text)
    text = breaking("winners:", "  - reveal: kept\nwinners:", text)
    path = tmp_path / "ruleset.yaml"
    path.write_text(text, encoding="utf-8")
    load_ruleset(str(path))


def test_a_missing_file_is_an_error_not_a_traceback(tmp_path):
    with pytest.raises(PhiltreError) as info:
        load_ruleset(str(tmp_path / "nothing.yaml"))
    assert info.value.first.code == "F001"


def test_a_path_that_names_no_ruleset_points_at_one_spelt_alike(tmp_path, monkeypatch):
    """A misspelt file, folder or game name beside one that is there was 'no such file', or listed only the
    shipped games; a folder without ruleset.yaml did not say which YAML files it holds."""
    (tmp_path / "follow").mkdir()
    (tmp_path / "follow" / "ruleset.yaml").write_text(MINIMAL, encoding="utf-8")
    (tmp_path / "drafts").mkdir()
    (tmp_path / "drafts" / "follow.yaml").write_text(MINIMAL, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    cases = [("folow", "F002", "did you mean 'follow'?"),
             (os.path.join("follow", "rulset.yaml"), "F001", f"did you mean '{os.path.join('follow', 'ruleset.yaml')}'?"),
             (str(tmp_path / "follow" / "ruleset.yml"), "F001", f"did you mean '{tmp_path / 'follow' / 'ruleset.yaml'}'?"),
             ("drafts", "F001", "it holds follow.yaml: give the path of one file, a ruleset or a house rule")]
    for path, code, hint in cases:
        with pytest.raises(PhiltreError) as info:
            load_ruleset(path)
        assert (info.value.first.code, info.value.first.hint) == (code, hint), str(info.value)


def test_a_folder_that_cannot_be_listed_is_f001_without_a_hint(tmp_path, monkeypatch):
    """The hint lists a folder's YAML files: a folder that cannot be read is still F001, not an internal error."""
    def refuse(path):
        raise PermissionError(13, "Permission denied", path)

    monkeypatch.setattr(os, "listdir", refuse)
    with pytest.raises(PhiltreError) as info:
        load_ruleset(str(tmp_path))
    assert (info.value.first.code, info.value.first.hint) == ("F001", ""), str(info.value)


def test_a_path_that_is_there_but_no_ruleset_file_says_what_it_is(tmp_path):
    """/dev/zero and a folder without ruleset.yaml were both 'F001 no such file', though they exist."""
    cases = [(str(tmp_path), "a folder without a ruleset.yaml in it")]
    if Path("/dev/zero").exists():
        cases.append(("/dev/zero", "not a regular file"))
    for path, message in cases:
        with pytest.raises(PhiltreError) as info:
            load_ruleset(path)
        assert (info.value.first.code, info.value.first.message) == ("F001", message)


def test_a_pipe_named_like_a_ruleset_is_not_offered_as_its_own_spelling(tmp_path):
    """A named pipe is never read (it may never end); the hint offered the path itself: "did you mean 'f.yaml'?"."""
    pipe = tmp_path / "f.yaml"
    os.mkfifo(pipe)
    with pytest.raises(PhiltreError) as info:
        load_ruleset(str(pipe))
    d = info.value.first
    assert (d.code, d.message, d.hint) == ("F001", "not a regular file", ""), str(d)


def test_a_bare_folder_name_without_a_ruleset_is_f001_not_an_unknown_game(tmp_path, monkeypatch):
    """`philtre validate emptydir` (no slash) read as a shipped game's name: F002 'no shipped game'."""
    (tmp_path / "emptydir").mkdir()
    monkeypatch.chdir(tmp_path)
    for name in ("emptydir", "."):
        with pytest.raises(PhiltreError) as info:
            load_ruleset(name)
        assert (info.value.first.code, info.value.first.message) == ("F001", "a folder without a ruleset.yaml in it")


def test_an_unknown_game_name_suggests_a_shipped_one():
    with pytest.raises(PhiltreError) as info:
        load_ruleset("poisn")
    assert info.value.first.code == "F002"
    assert "poison" in info.value.first.hint


# -- a runaway ruleset stops with R200 naming the loop -------------------------------------

def test_until_that_never_ends_stops_at_the_step_limit():
    from philtre.interpreter.game import Game

    path = data_path("runtime_until_never_ends")
    ruleset = load_ruleset(str(path))  # statically fine: the loop is only endless at run time
    assert ruleset.step_limit == 1000
    with pytest.raises(PhiltreError) as info:
        Game(ruleset, 2)
    first = info.value.first
    line, col = position(path.read_text(encoding="utf-8"), "until: false")
    assert (first.loc.path, first.loc.line, first.loc.col, first.code) == (str(path), line, col, "R200")
    assert "1,000" in first.message or "1000" in first.message
    assert "until" in first.message


def test_a_step_limit_reached_outside_any_loop_names_the_statement_not_a_loop_condition(tmp_path):
    from philtre.interpreter.game import Game

    text = breaking("flow:\n", "step_limit: 1\nflow:\n")
    path = tmp_path / "tiny.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(PhiltreError) as info:
        Game(load_ruleset(str(path)), 2)
    first = info.value.first
    assert (first.loc.line, first.loc.col, first.code) == (*position(text, "deal:"), "R200")
    assert "rule 'deal'" in first.message and "no loop" in first.message
    assert "until" not in first.message + first.hint and "step_limit" in first.hint


@pytest.mark.parametrize("condition, nested", [
    (" + ".join(["1"] * 49) + " > 0", False),  # a chain: one level per operator (and one for '>')
    (" + ".join(["1"] * 50) + " > 0", True),
    ("(" * 60 + "1" + ")" * 60 + " > 0", False),  # parentheses are no level
    ("-" * 50 + "1 > 0", True),
])
def test_an_expression_nests_at_most_50_levels_as_language_md_says(tmp_path, condition, nested):
    path = tmp_path / "deep.yaml"
    path.write_text(breaking(IF, f"    if: {condition}\n"), encoding="utf-8")
    if not nested:
        load_ruleset(str(path))
        return
    with pytest.raises(PhiltreError) as info:
        load_ruleset(str(path))
    assert info.value.first.code == "E100" and "more than 50 levels" in info.value.first.message


@pytest.mark.parametrize("text", ["-" * 3990 + "1", "c" + ".a" * 1995, "hand" + "[0]" * 1330, "(" * 1995 + "1" + ")" * 1995],
                         ids=["minus signs", "attributes", "indexes", "parentheses"])
def test_reading_an_expression_takes_work_in_proportion_to_its_length(text):
    """Each node of the parse tree looked for its position by walking down to its first token, so a chain
    took its length at every link: 3,990 minus signs took 15 million Python steps (seconds) to be refused,
    and a 2 MB file of such lines hours. Counted in steps, as the machine's speed is no measure."""
    import sys

    from philtre.dsl.errors import Loc
    from philtre.dsl.parser import parse

    steps = 0

    def count(frame, event, arg):
        nonlocal steps
        steps += 1
        return count

    sys.settrace(count)
    try:
        parse(text, Loc("x.yaml"))
    except PhiltreError:
        pass
    finally:
        sys.settrace(None)
    assert steps < 400 * len(text), f"{steps:,} steps for {len(text):,} characters"


# -- copies and start are computed before the game: R002 at the expression, in words ---------

@pytest.mark.parametrize("copies, message", [
    ('"x"', "can use only the component's attributes, player_count and players, not a zone, a variable"),
    ('"1 // (value - 1)"', "failed before the game started: division by zero"),
    ('"value - 2"', "must be a whole number 0..10000, got -1"),
])
def test_copies_that_fail_when_a_game_starts_are_r002_at_the_expression(tmp_path, copies, message):
    from philtre.interpreter.game import Game

    text = breaking("    copies: 2\n", f"    copies: {copies}\n") + "variables:\n  x: 2\n"
    path = tmp_path / "copies.yaml"
    path.write_text(text, encoding="utf-8")
    ruleset = load_ruleset(str(path))  # of a kind the checker cannot rule out
    with pytest.raises(PhiltreError) as info:
        Game(ruleset, 2)
    first = info.value.first
    assert (first.loc.line, first.loc.col, first.code) == (*position(text, copies), "R002")
    assert message in first.message
    assert "Error" not in first.message and "_Counts" not in first.message


@pytest.mark.parametrize("derived", ['"1 if count(deck) > 0 else 2"', '"count(hand[0])"'])
def test_a_derived_attribute_that_reads_a_zone_is_r002_as_a_variable_is(tmp_path, derived):
    """The zones are all empty while the components are made: `count(deck)` in a derive quietly gave 0 for every
    card and validated, where a variable there is refused (R002)."""
    from philtre.dsl.validate import check_file
    from philtre.interpreter.game import Game

    text = breaking("    copies: 2\n", f"    copies: 2\n    derive: {{kind: {derived}}}\n")
    path = tmp_path / "derive.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(PhiltreError) as info:
        Game(load_ruleset(str(path)), 2)
    first = info.value.first
    assert (first.loc.line, first.loc.col, first.code) == (*position(text, derived), "R002")
    assert ("it can use only the component's attributes, owner, player_count, players and the attributes derived before "
            "it, not a zone") in first.message
    assert [f.diagnostic.code for f in check_file(str(path)).findings] == ["R002"]


def test_a_derive_reading_a_maps_field_named_like_the_attribute_it_derives_is_no_e152(tmp_path):
    """`cost: spec.cost` in a derive, spec a map, was E152 "no component or die face has an attribute 'cost'": the
    type's derived attributes were not known while its derives compiled, though `{'cost': 5}.cost` in the flow is
    accepted; a field nothing declares is still E152."""
    from philtre.interpreter.game import Game

    text = breaking("    copies: 2\n", "    copies: 2\n    derive:\n      spec: \"{'price': value * 2}\"\n"
                                       "      price: spec.price\n")
    path = tmp_path / "derive.yaml"
    path.write_text(text, encoding="utf-8")
    game = Game(load_ruleset(str(path)), 2, seed=1)
    deck = game.state.zones["deck"][0]
    assert deck and all(c.plain["price"] == c.plain["value"] * 2 for c in deck), deck
    path.write_text(text.replace("spec.price\n", "spec.prize\n"), encoding="utf-8")
    with pytest.raises(PhiltreError) as info:
        load_ruleset(str(path))
    assert info.value.first.code == "E152" and "did you mean 'price'?" in str(info.value.first), info.value.first


@pytest.mark.parametrize("where", ["derive", "derive_through_another", "copies", "start"])
def test_an_attribute_written_as_a_dashed_range_is_named_where_a_layout_expression_fails_on_it(tmp_path, where):
    """`n: 1-3` is the one word '1-3' (L020 says so), but a derive reading it as a number failed first with R002
    ('%' needs numbers, got '1-3'), which stops validation before the lints: the fix, 1..3, was never shown."""
    from philtre.dsl.validate import check_file

    written = {"derive": '    copies: 2\n    derive: {odd: "n % 2"}\n',
               "derive_through_another": '    copies: 2\n    derive: {m: n, odd: "m % 2"}\n',
               "copies": '    copies: "n % 2 + 1"\n',
               "start": '    copies: 2\n    start: "[deck, pile][n % 2]"\n'}[where]
    text = breaking("    attributes: {value: [1, 2, 3]}\n    copies: 2\n    start: deck\n",
                    "    attributes: {value: [1, 2, 3], n: 1-3}\n" + written + ("" if where == "start" else "    start: deck\n"))
    path = tmp_path / "dashed.yaml"
    path.write_text(text, encoding="utf-8")
    findings = check_file(str(path)).findings
    assert [f.diagnostic.code for f in findings] == ["R002"], [str(f.diagnostic) for f in findings]
    assert "'n' is declared as the one word '1-3', not a range of numbers: write 1..3" in findings[0].diagnostic.hint


if __name__ == "__main__":
    write_data_files()
    print(f"wrote {len(CASES) + 1} files to {DATA}")


def test_a_definition_refused_for_a_name_of_the_language_is_one_finding_not_also_unknown_function_at_each_call(tmp_path):
    """`dice(p)` (dice is a name of the language) was E132 at the definition and E141 'unknown function' at every call:
    the author, who had defined it, was sent looking for a missing definition."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(breaking("  total(z): sum(c.value for c in z)\n",
                             "  total(z): sum(c.value for c in z)\n  dice(z): count(z)\n").replace(IF, "    if: dice(pile) >= 0\n"),
                    encoding="utf-8")
    assert [(d.code, d.message) for d in diagnostics_of(path)] == [
        ("E132", "'dice' is a name of the language; choose another name for this definition")]


def test_a_definition_named_as_a_builtin_and_read_bare_is_one_finding_naming_the_builtin(tmp_path):
    """A definition named like a builtin the engine analyses by name (ANALYSED_BY_NAME) read E132 at the definition and
    E150 "'take_last' is a builtin that takes arguments ... quote it" at its use: the E132 alone."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(breaking("  total(z): sum(c.value for c in z)\n",
                             "  total(z): sum(c.value for c in z)\n  take_last: count(pile)\n").replace(IF, "    if: take_last >= 0\n"),
                    encoding="utf-8")
    found = diagnostics_of(path)
    assert [(d.code, d.message) for d in found] == [
        ("E132", "'take_last' is a name of the language; choose another name for this definition")]
    assert found[0].hint.startswith("philtre's builtin take_last(xs, n)") and "'take_last_of'" in found[0].hint


def test_a_definition_named_as_a_builtin_added_later_hides_it(tmp_path):
    """A Skat ruleset's own `run_length` definition, written before the grid builtin of that name came, read E132 at the
    definition: a builtin no analysis reads by name is hidden by the definition (L047 says so), and the ruleset loads."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(breaking("  total(z): sum(c.value for c in z)\n",
                             "  total(z): sum(c.value for c in z)\n  run_length: count(pile)\n").replace(IF, "    if: run_length >= 0\n"),
                    encoding="utf-8")
    from philtre.dsl.validate import check_file

    load_ruleset(str(path))  # (no error)
    codes = [f.diagnostic.code for f in check_file(str(path)).findings]
    assert "L047" in codes and all(code.startswith("L") for code in codes), codes


@pytest.mark.parametrize("definition, use, kind", [
    ("card(p): p + 1", "card(0) + card(1)", "a component type"),  # (each call had E141 'unknown function')
    ("card: 3", "card + 1", "a component type"),  # (each use had E151 'is a component type')
    ("pile(p): p", "pile(0)", "a zone"),
    ("total(a, b): a + b", "total(1, 2)", "a definition"),  # (each call had E140 for the first total's one argument)
])
def test_a_definition_refused_for_a_name_already_declared_is_one_finding_not_also_one_at_each_use(tmp_path, definition, use, kind):
    """A definition named like a component type was E132 at the definition and E141 'unknown function' at every call,
    with nothing pointing back at the E132 (1 error shown as 3): as for a name of the language, the E132 alone (in the
    flow, where no choice is named `card`)."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(breaking("  total(z): sum(c.value for c in z)\n", f"  total(z): sum(c.value for c in z)\n  {definition}\n")
                    .replace("  - shuffle: deck\n", f"  - shuffle: deck\n  - score: {{player: 0, add: '{use}'}}\n"), encoding="utf-8")
    assert [(d.code, kind in d.message) for d in diagnostics_of(path)] == [("E132", True)]


_FLOW_START = "  - shuffle: deck\n"


@pytest.mark.parametrize("old, new", [
    (_FLOW_START, "  - shuffle deck\n"),  # the flow
    ("      - move: card -> pile\n", "      - shuffle deck\n      - move: card -> pile\n"),  # an action's do
    ("flow:\n", "blocks:\n  mix:\n    - shuffle deck\nflow:\n  - run: mix\n"),  # a block (it said only 'expected a mapping')
    (_FLOW_START, _FLOW_START + "  - when: true\n    do:\n      - shuffle deck\n"),
    (_FLOW_START, _FLOW_START + "  - when: true\n    do: [{shuffle: deck}]\n    else:\n      - shuffle deck\n"),
    (_FLOW_START, _FLOW_START + "  - for: p in players\n    do:\n      - shuffle deck\n"),
    (_FLOW_START, _FLOW_START + "  - repeat: 2\n    do:\n      - shuffle deck\n"),
    (_FLOW_START, _FLOW_START + "  - round:\n      - shuffle deck\n"),
])
def test_a_statement_without_its_colon_is_said_so_in_every_list_of_statements(tmp_path, old, new):
    """`- shuffle deck` had the hint that its colon is missing in the flow and in an action, but inside blocks: only
    'expected a mapping, got the text': each place that lists statements gives it."""
    text = breaking(old, new)
    path = tmp_path / "ruleset.yaml"
    path.write_text(text, encoding="utf-8")
    [finding] = diagnostics_of(path)
    assert (finding.code, finding.hint, (finding.loc.line, finding.loc.col)) == (
        "V001", "a statement is a mapping: the colon after 'shuffle' is missing: shuffle: deck", position(text, "shuffle deck"))


@pytest.mark.parametrize("word", ["true", "false", "none"])
def test_a_finding_at_true_false_or_none_points_at_the_word(tmp_path, word):
    """`card.value > 0 and 1 + WORD > 1`: the error is at WORD's column, not at the expression's start (the parse
    tree kept no position for the three words, so a finding at one pointed at column 0 of its expression)."""
    path = tmp_path / "ruleset.yaml"
    condition = f"card.value > 0 and 1 + {word} > 1"
    path.write_text(MINIMAL.replace(IF, f"    if: {condition}\n"), encoding="utf-8")
    [finding] = diagnostics_of(path)
    assert (finding.loc.line, finding.loc.col) == (17, 9 + condition.index(word)), finding


@pytest.mark.parametrize("typed, names, hint", [
    ("x", ["nx", "n", "hand"], ""),  # Kalah's `x` was "did you mean 'n'?": one letter alike makes anything close
    ("x", ["xs", "n"], "did you mean 'xs'?"),
    ("pt", ["p", "pot"], "did you mean 'pot'?"),
    ("hnad", ["hand", "deck"], "did you mean 'hand'?"),  # a longer name as before
])
def test_a_short_name_is_offered_only_names_it_starts(typed, names, hint):
    from philtre.dsl.errors import did_you_mean

    assert did_you_mean(typed, names) == hint


@pytest.mark.parametrize("definitions, use", [
    ("  bump(s): s + 1\n  strength(c): 10 + bump(c.suit)\n", "strength(first(deck))"),  # (a Leduc trial: 3 errors)
    ("  bump: first(deck).suit + 1\n  strength: 10 + bump\n", "strength"),
    ("", "(first(deck).suit + 1) * 2"),  # (and E124 '*' needs numbers, got a word)
])
def test_a_word_added_to_a_number_is_one_error_not_more_where_its_sum_is_used(tmp_path, definitions, use):
    """`bump(s): s + 1` given a word was E124 in its body, then E124 at `10 + bump(...)` and E120 at the score that
    adds it up, both at lines that are right: the failed `+` gave a word, a guess (a number may be meant), which its
    readers were checked against. It gives a value known only at run time: the `+`'s error alone."""
    text = (breaking("  total(z): sum(c.value for c in z)\n", f"  total(z): sum(c.value for c in z)\n{definitions}",
                     MINIMAL.replace("{value: [1, 2, 3]}", "{value: [1, 2, 3], suit: [red, blue]}"))
            .replace(_FLOW_START, f"{_FLOW_START}  - score: {{player: 0, add: '{use}'}}\n"))
    path = tmp_path / "ruleset.yaml"
    path.write_text(text, encoding="utf-8")
    assert [(d.code, (d.loc.line, d.loc.col)) for d in diagnostics_of(path)] == [("E124", position(text, "+ 1"))]




@pytest.mark.parametrize("key, ranked", [
    ("first(hand[p]).suit", "first(hand[p]).order"),
    ("max(c.suit for c in hand[p])", "max(c.order for c in hand[p])"),  # (a showdown's best card: its hint was empty)
])
def test_a_winners_key_of_words_is_told_to_rank_by_their_declared_order(tmp_path, key, ranked):
    """`winners: {highest: "first(hand[p]).suit"}`, or the best of a hand's suits: a key is a number (E120); the hint
    derives the place of each word in the declared order, which words do not compare in (a Leduc trial's showdown by
    rank, J, Q, K), and ranks by it in the key as written."""
    text = breaking('winners: {highest: "score[p]"}', f'winners: {{highest: "{key}"}}',
                    MINIMAL.replace("{value: [1, 2, 3]}", "{value: [1, 2, 3], suit: [spades, hearts]}"))
    path = tmp_path / "ruleset.yaml"
    path.write_text(text, encoding="utf-8")
    [finding] = diagnostics_of(path)
    assert (finding.code, finding.hint) == ("E120", "words would rank alphabetically: to rank by suit in its declared order, "
                                            "derive: {order: \"index(['spades', 'hearts'], suit)\"} under card, then rank by "
                                            f"{ranked}")


@pytest.mark.parametrize("written", ['>\n    count(deck) > 2   # more than two\n', '"count(deck) > 2  # more than two"\n'])
def test_a_comment_inside_a_folded_or_quoted_expression_is_told_it_does_not_end_the_value(tmp_path, written):
    """A Canasta trial wrote a trailing `# comment` on a line of a folded `if: >`, as YAML is commented elsewhere: E101
    at the `#`, right, but saying nothing of why (YAML keeps a comment's text inside a block or quoted value)."""
    text = breaking("define:\n", f"define:\n  big: {written}")
    path = tmp_path / "ruleset.yaml"
    path.write_text(text, encoding="utf-8")
    found = [d for d in diagnostics_of(path) if d.code == "E101"]
    assert [(d.loc.line, d.loc.col) for d in found] == [position(text, "# more")]
    assert "a YAML comment does not end a folded (>), literal (|) or quoted value" in found[0].hint
    assert "put the comment on a line of its own above the key" in found[0].hint
