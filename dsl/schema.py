"""JSON Schema checks of ruleset and overlay files, reported at the exact YAML node.

Only the most relevant error per place is reported (jsonschema's ``best_match`` over
each branch), so a mistake inside a `oneOf` gives one message, not a wall of them. A file
that the checks generated from the schemas pass (schema_code.py) is valid without
importing jsonschema.
"""

from __future__ import annotations

import copy
import json
import re
from functools import lru_cache

from .errors import Diagnostic, Loc, did_you_mean, few_listed, printable
from .schema_code import known_valid, without_own_checks
from .shipped import read_shipped
from .yamlpos import Map, ScalarLoc, Seq


@lru_cache(maxsize=None)
def load_schema(kind: str) -> dict:
    """The shipped JSON Schema for 'ruleset', 'overlay', 'scenario' or 'record', as philtre checks it (without_own_checks)."""
    return without_own_checks(json.loads(read_shipped("philtre.schemas", f"{kind}.schema.json")))


SCHEMA_KINDS = ("ruleset", "overlay", "scenario", "scenario-file", "record")


@lru_cache(maxsize=None)
def _registry():
    """Every shipped schema under its $id, so relative $refs between them resolve offline."""
    from referencing import Registry, Resource

    resources_ = []
    for kind in SCHEMA_KINDS:
        try:
            schema = load_schema(kind)
        except FileNotFoundError:
            continue
        resources_.append((schema["$id"], Resource.from_contents(schema)))
    return Registry().with_resources(resources_)


@lru_cache(maxsize=None)
def _validator(kind: str):
    from jsonschema import Draft7Validator

    return Draft7Validator(load_schema(kind), registry=_registry())


def _plain(value):
    """Map/Seq -> dict/list (jsonschema wants JSON-like data; keys become strings)."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def node_at(data, path):
    """Follow a JSON path (keys and indexes) through Map/Seq; return (parent, key)."""
    parent, key = None, None
    node = data
    for step in path:
        parent, key = node, step
        if isinstance(node, dict):
            match = next((k for k in node if str(k) == str(step)), None)
            node = node.get(match) if match is not None else None
            key = match if match is not None else step
        elif isinstance(node, list) and isinstance(step, int) and step < len(node):
            node = node[step]
        else:
            break
    return parent, key


def location(data, path, key_itself: bool = False, where: Loc | None = None) -> Loc:
    """Where the node at ``path`` was written; ``where`` is the place of ``data`` itself when it carries none."""
    parent, key = node_at(data, list(path))
    if isinstance(parent, Map):
        return parent.key_loc(key) if key_itself else parent.loc_of(key)
    if isinstance(parent, Seq) and isinstance(key, int):
        return parent.loc_of(key)
    return getattr(data, "loc", where or Loc("<unknown>"))


SCHEMA_TYPE_WORDS = {"string": "a text", "number": "a number", "integer": "a whole number", "boolean": "true/false",
                     "object": "a mapping", "array": "a list", "null": "nothing"}


def _what(value) -> str:
    """A YAML value in an author's words: 'nothing (the value is empty)', 'a list', 'the text \'abc\''."""
    if value is None:
        return "nothing (the value is empty)"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the text {value[:40]!r}"
    return "a mapping" if isinstance(value, dict) else "a list" if isinstance(value, list) else type(value).__name__


# The schemas' patterns end with `$(?!\n)`, not `$`: Python's `$` (jsonschema's re.search) also matches before a
# final line break, so "hand\n" would pass as a name; ECMA-262's `$` (an editor's) matches only at the end, where
# (?!\n) holds anyway. Both then read each pattern alike.
NAME_PATTERN = "^[A-Za-z_][A-Za-z0-9_]*$(?!\\n)"  # the schemas' identifier: a name expressions can use
NAME_WORDS = "a name is letters a-z or A-Z, digits and _, not starting with a digit"


def _names_listed_hint(text) -> str:
    """Where ``text`` is several names one after the other ('roll, hold', 'roll or hold'), how a list of them is written;
    else "" (the hint was "did you mean 'roll__hold'?", a name nothing declares)."""
    import re

    words = [w for w in re.split(r"\s*,\s*|\s+(?:or|and)\s+|\s+", str(text).strip()) if w]
    if len(words) > 1 and all(re.match(NAME_PATTERN, w) for w in words):
        return f"several names are written as a list: [{', '.join(words)}]"
    return ""


def _as_name(text: str) -> str:
    """A name close to ``text`` that NAME_PATTERN takes: 'take-two' -> 'take_two', '2nd' -> '_2nd', 'play()' -> 'play'."""
    import re

    called = re.fullmatch(r"\s*([A-Za-z_][A-Za-z0-9_]*)\s*\(.*\)\s*", text)  # `decide: play()`: a call's name, not 'play__'
    name = called.group(1) if called else re.sub(r"[^A-Za-z0-9_]", "_", text.strip())
    return name if name[:1].isalpha() or name[:1] == "_" else "_" + name


def _split_expression_hint(value) -> str:
    """For a one-pair mapping where an expression was due: YAML split the expression at ': '; say how to quote it."""
    if not (isinstance(value, dict) and len(value) == 1):
        return ""
    key, rest = next(iter(value.items()))
    if isinstance(rest, (dict, list)) or rest is None:
        return ""
    import re

    # `- pot: 0` in an expect, `chips[0]: 11`: a name (or a seat's entry) YAML took for a key, where a comparison was meant
    if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*(\[[A-Za-z0-9_]+\])?", str(key)) and not isinstance(rest, bool):
        return f"YAML reads ': ' as a key and its value: a comparison is written with ==, {key} == {rest}"
    text = f"{key}: {rest}".replace("'", "''")
    return f"YAML reads ': ' as a key and its value: quote the whole expression, '{text}'"


PLAIN_TEXT_KEYS = ("title", "description", "name")  # keys whose value is text, not an expression
EXTENDS_ONE = ("extends names one base: a game, a variant of it or an overlay's path (extends: GAME); to apply two "
               "overlays, let one extend the other, or give --variant twice")


def _list_expression_hint(value, names=frozenset()) -> str:
    """For a YAML list of plain items (or of such lists: a shape's cells) where an expression was due: say to write the
    list as an expression, quoted; a list of bare words none of ``names`` (nor the language's) is written as words
    (`[red, blue]` as "['red', 'blue']": a bare word in an expression is a name, E150)."""
    if isinstance(value, list) and value and all(_a_word_not_a_name(item, names) for item in value):
        return "an expression is text: write the list as one, its words quoted: \"[" + ", ".join(f"'{item}'" for item in value) + ']"'
    text = _as_list_text(value) if isinstance(value, list) else None
    return f'an expression is text: write the list as one, quoted: "{text}"' if text else ""


def _a_word_not_a_name(item, names) -> bool:
    """Whether a YAML item is a bare word that is no name the ruleset declares (``names``) or the language has."""
    import re

    from .builtins import BUILTINS
    from .compiler import CONTEXT_NAMES

    return (isinstance(item, str) and re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", item) is not None
            and item not in names and item not in BUILTINS and item not in CONTEXT_NAMES
            and item.lower() not in ("me", "current", "true", "false", "none", "not", "and", "or", "in", "is", "if", "else", "for"))


def _declared_names(plain) -> frozenset:
    """The names a ruleset's data declares (definitions, variables, zones, dice, component types, actions), which an
    expression reads bare."""
    if not isinstance(plain, dict):
        return frozenset()
    names = set()
    for section in ("define", "variables", "zones", "dice", "components", "actions"):
        entries = plain.get(section)
        if isinstance(entries, dict):
            names |= {str(key).split("(")[0].strip() for key in entries}
    return frozenset(names)


def _as_list_text(value, depth: int = 0) -> str | None:
    """``[[0, 0], [1, 0]]`` as the expression text that writes it; None for anything else than plain items and lists."""
    if isinstance(value, list) and depth < 4:
        items = [_as_list_text(v, depth + 1) for v in value]
        return None if None in items else "[" + ", ".join(items) + "]"
    if isinstance(value, bool):  # (`choose: {solo: [false, true]}`: YAML's true and false, the language's words)
        return "true" if value else "false"
    if isinstance(value, (str, int, float)):
        return str(value)
    return None


def _at_path(plain, path):
    """The value at ``path`` (keys and indexes) in plain data, or None."""
    for step in path:
        try:
            plain = plain[step]
        except (KeyError, IndexError, TypeError):
            return None
    return plain


def _node_at_path(data, path):
    """The node (a Map, with its places) at ``path`` in loaded data, or None."""
    node = data
    for step in path:
        if isinstance(node, dict):
            node = next((node[k] for k in node if str(k) == str(step)), None)
        elif isinstance(node, list) and isinstance(step, int) and step < len(node):
            node = node[step]
        else:
            return None
    return node


def _written_order(plain, path) -> tuple:
    """Where ``path`` lies in the file's order: the position of each of its keys and indexes among its siblings."""
    order = []
    for step in path:
        if isinstance(plain, dict) and step in plain:
            order.append(list(plain).index(step))
        elif isinstance(plain, list) and isinstance(step, int) and step < len(plain):
            order.append(step)
        else:
            break
        plain = plain[step]
    return tuple(order)


def _mapping_expression_hint(value) -> str:
    """For a YAML mapping of several pairs where an expression was due (it started with '{'): say to quote it."""
    if not isinstance(value, dict) or len(value) < 2:
        return ""
    return "YAML reads a value that starts with '{' as a mapping: quote the whole expression, \"{...}\""


def _split_rest(instance, extra) -> list:
    """The keys YAML made of the rest of an expression split at ', ' inside { }, ``extra`` first: those after the key
    whose value opens a bracket, until the brackets close (``{y: f(1, f(2, 3))}``: 'f(2' and '3))'), or []."""
    keys = list(instance) if isinstance(instance, dict) else []
    if extra not in keys or keys.index(extra) == 0:
        return []
    value = instance[keys[keys.index(extra) - 1]]
    if not isinstance(value, str):
        return []
    rest, depth = [], _open_brackets(value)
    for key in keys[keys.index(extra):]:
        if depth <= 0 or not isinstance(key, str):
            break
        rest.append(key)
        depth += _open_brackets(key) + (_open_brackets(instance[key]) if isinstance(instance[key], str) else 0)
    return rest


def _open_brackets(text: str) -> int:
    """How many more brackets ``text`` opens than it closes."""
    return sum(map(text.count, "([{")) - sum(map(text.count, ")]}"))


def _comma_split_hint(instance, extra: str) -> str:
    """For an unknown key that is the rest of an expression YAML split at ', ' inside { }: how to quote it, or ''.

    ``{player: p, add: points(p, 1)}`` reads as the keys player, add (``points(p``) and ``1)``.
    """
    rest = _split_rest(instance, extra)
    if not rest:
        return ""
    keys = list(instance)
    before = keys[keys.index(extra) - 1]
    whole = _written_whole(instance, before, rest) or ", ".join(
        [instance[before]] + [key if instance[key] is None else f"{key}: {instance[key]}" for key in rest])
    return f"YAML split an expression at ', ' inside {{ }}: quote it whole, {before}: \"{whole}\""


def _written_whole(instance, before, rest) -> str:
    """The split expression as its source line writes it, from the value of ``before`` to the end of the last of
    ``rest`` (its value too), or '' where the places are not known or span lines."""
    if not isinstance(instance, Map):
        return ""
    last = rest[-1]
    start = instance.loc_of(before)
    end = instance.key_loc(last) if instance[last] is None else instance.loc_of(last)  # (the rest's last key, or its value)
    if not (isinstance(start, ScalarLoc) and isinstance(end, ScalarLoc) and start.line == end.line and start.col <= end.col):
        return ""
    from .report import source_line

    line = source_line(start.path, start.line) or ""
    written = line[start.col - 1:end.col - 1 + len(end.raw)]
    return written if written.startswith(start.raw) and written.endswith(end.raw) else ""


LOOP_PATTERN = "^\\s*[A-Za-z_][A-Za-z0-9_]*\\s+in\\s"  # a `for:` statement's loop: name in collection
DEFINE_PATTERN = "^\\s*[A-Za-z_][A-Za-z0-9_]*\\s*(\\(.*\\))?\\s*$"  # a definition's head: name or name(a, b)
RANGE_PATTERN = "^[0-9]+\\.\\.[0-9]+$(?!\\n)"  # players: low..high
DEPTH_PATTERN = "[^A-Za-z0-9_\\s]"  # a move's `at` as an expression: anything but a bare word (a word is top or bottom)
MOVE_PLACES = ("top", "bottom")  # a move's `at` as a word: where in the zone what it moves goes
DEPTH_HINT = ("at: bottom puts what moves under what the zone holds; at: 15, or an expression such as (depth) or "
              "count(deck) - 15, that many from the bottom; a name is written in parentheses, a bare word being a place")
# the schemas' other patterns, in an author's words (a regular expression tells an author nothing)
PATTERN_WORDS = {
    RANGE_PATTERN: "a number of players, a range low..high such as 3..6, or a list such as [2, 4]",
    DEPTH_PATTERN: "a move's 'at' is top, bottom, or a depth from the bottom: a whole number or an expression",
    "^[a-z][a-z0-9-]*$(?!\\n)": "lowercase letters a-z, digits and dashes, starting with a letter",
    "->": "a move is written 'what -> where'",
    DEFINE_PATTERN: "a definition is named 'name' or 'name(a, b)', a name being letters a-z or A-Z, digits and _",
    LOOP_PATTERN: "a loop is written 'name in collection'",
    "^[A-Za-z0-9]+$(?!\\n)": "a board's column or row is named by letters a-z or A-Z and digits (a, h, 10, aa)",
}


def _pattern_hint(error) -> str:
    """A 'did you mean' for a range written with a dash or 'to' (3-6, 3 to 6) where low..high is due, else ''."""
    import re

    found = re.fullmatch(r"\s*(\d+)\s*(?:-|–|to|\.\.\.|\.)\s*(\d+)\s*", str(error.instance))
    if error.validator_value == RANGE_PATTERN and found:
        return f"did you mean '{found.group(1)}..{found.group(2)}'?"
    listed = re.fullmatch(r"\s*\[?\s*(\d+(?:\s*[,;/ ]\s*\d+)+)\s*\]?\s*", str(error.instance))
    if error.validator_value == RANGE_PATTERN and listed:  # `players: "2,4"`: several counts, written as text
        return f"several counts are a list: players: [{', '.join(re.split(r'[^0-9]+', listed.group(1)))}]"
    if error.validator_value == RANGE_PATTERN and re.fullmatch(r"\s*[0-9]+\s*", str(error.instance)):
        return f"a number is written without quotes: {error.instance.strip()}"  # `players: "3"`: quoted, YAML made it text
    if error.validator_value == DEPTH_PATTERN:
        return did_you_mean(str(error.instance), MOVE_PLACES) or DEPTH_HINT
    unpacked = re.match(r"\s*[\[(]?\s*([A-Za-z_]\w*)\s*,(.*)", str(error.instance))
    if error.validator_value == LOOP_PATTERN and unpacked:  # `for: i, o in owner` (or `[i, o] in`): Python's unpacking
        from .parser import _unpacking_hint

        return _unpacking_hint(unpacked[1], unpacked[2])
    head = re.fullmatch(r"\s*([^\s(]+)\s*(\(.*\))?\s*", str(error.instance))
    if error.validator_value == DEFINE_PATTERN and head and _as_name(head.group(1)) != head.group(1):
        return f"did you mean '{_as_name(head.group(1))}{head.group(2) or ''}'?"  # a name with a letter beyond a-z, a dash
    return ""


# other words for who sees a zone or a variable (`visible: none`, spelt like 'owner', meant as 'nobody'): the value meant
_NOBODY = "nobody: no seat sees it; owner: only the seat it belongs to does"
_OWNER = "owner: only the seat it belongs to sees it; nobody: no seat does"
VISIBILITY_WORDS = {
    **dict.fromkeys(("none", "no one", "no-one", "noone", "no_one", "hidden", "secret", "face down", "face-down"), ("nobody", _NOBODY)),
    **dict.fromkeys(("private", "mine", "own", "owned"), ("owner", _OWNER)),
    **dict.fromkeys(("all", "public", "everybody", "anyone", "anybody", "every one", "open", "shown", "face up", "face-up"),
                    ("everyone", "everyone: every seat sees it")),
}


# a zone's contents seen, not their order, written as a visibility (`visible: contents`): a bag is a key of its own
BAG_WORDS = ("contents", "bag", "unordered", "shuffled", "order")
BAG_HINT = "for contents every seat sees but not their order (a bag), write order: nobody beside visible: everyone"


def _visibility_word_hint(word: str, allowed) -> str:
    """For a visibility written in other words (`none`, `private`, `public`): the value meant, where it is allowed, said
    of the values allowed only (a bag's `order` takes no `owner`); for a zone's `visible: contents`, the bag's key; or ''."""
    if word.strip().lower() in BAG_WORDS and "others" in allowed:  # (only a zone's `visible` takes others)
        return BAG_HINT
    meant = VISIBILITY_WORDS.get(word.strip().lower())
    if meant is None or meant[0] not in allowed:
        return ""
    said = "; ".join(part for part in meant[1].split("; ") if part.split(":")[0] in allowed)
    return f"did you mean '{meant[0]}'? {said}"


def _written(value, quoted: bool = True) -> str:
    """A value the schema wants, as a ruleset writes it: true and false in YAML's words, not Python's True; a text
    without a quote of its own in single quotes, a backslash as written (repr doubled it: '\\\\tpass'), a line break
    as \\n."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if quoted and isinstance(value, str) and "'" not in value:
        return f"'{printable(value)}'"
    return repr(value) if quoted else str(value)


def _unexpected(error) -> list:
    """The keys an additionalProperties error found that its schema does not take, in the order written."""
    return [k for k in error.instance if k not in error.schema.get("properties", {})]


def _written_tab_hint(key) -> str:
    """For a key that starts with the two characters \\t, a tab as code writes it (`\\tpass:`, meant indented): YAML
    reads them as written; else ''."""
    if not isinstance(key, str) or not key.lstrip(" ").startswith("\\t"):
        return ""
    from .yamlpos import TAB_HINT

    return f"\\t here is a backslash and a t, not a tab; and {TAB_HINT}"


def _message(error) -> str:
    if error.validator == "pattern" and error.validator_value == NAME_PATTERN and isinstance(error.instance, str):
        return f"{_written(error.instance)} is not a name: {NAME_WORDS}"
    if error.validator == "pattern" and error.validator_value in PATTERN_WORDS:
        return f"{_written(error.instance)} is not written as expected: {PATTERN_WORDS[error.validator_value]}"
    if error.validator == "additionalProperties" and _unexpected(error):  # (jsonschema's repr doubles a backslash: '\\tpass')
        extras = sorted(_unexpected(error), key=str)
        return f"unknown key ({', '.join(_written(k) for k in extras)} {'was' if len(extras) == 1 else 'were'} unexpected)"
    if error.validator == "const":
        return f"expected {_written(error.validator_value)}, got {_what(error.instance)}"
    if error.validator == "enum":
        return f"{error.instance!r} is not one of: {', '.join(_written(v, quoted=False) for v in error.validator_value)}"
    if error.validator == "required":
        return error.message.replace("is a required property", "is required here")
    if error.validator == "minItems":
        return f"expected at least {error.validator_value} item(s), got {len(error.instance)}" if error.instance else "expected at least one item, got an empty list"
    if error.validator == "uniqueItems" and isinstance(error.instance, list):  # (`secret: [a, a]`: once is enough)
        twice = next((v for i, v in enumerate(error.instance) if v in error.instance[:i]), None)
        return f"{_written(twice)} is listed twice"
    if error.validator == "minProperties" and not error.instance:
        return "expected at least one key, got an empty mapping"
    if error.validator == "type":
        wanted = error.validator_value if isinstance(error.validator_value, list) else [error.validator_value]
        words = [SCHEMA_TYPE_WORDS.get(t, t) for t in wanted]
        expected = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]
        return f"expected {expected}, got {_what(error.instance)}"
    return error.message if len(error.message) < 160 else error.message[:157] + "..."


DIRECTIVES = ("replace", "after", "before", "remove")  # an overlay's $-directives, written without their $


# keys that other languages' statements use to end a game or a loop early (end_game itself: written without its `{}`)
ENDING_WORDS = frozenset({"stop", "end", "end_game", "endgame", "game_over", "exit", "break", "return", "halt", "quit", "finish"})


def _ending_hint(word, path) -> str:
    """For `stop: true`, `- break`, `- end_game` among statements: end_game: {} ends the game at once; no statement
    leaves a loop."""
    said = str(word).strip().lower()
    if said not in ENDING_WORDS or not any(k in ("flow", "do", "else", "round") for k in path[:-1]):
        return ""
    if said == "end_game":
        return "end_game takes nothing: write end_game: {}, with a when: beside it for the condition that ends the game"
    return ("to end the game at once, write end_game: {}, with a when: beside it for the condition; no statement leaves "
            "a loop: a loop ends by its until")


# keys another engine writes for a statement that moves components (a draw, a discard): here move: or deal: does it
MOVING_WORDS = frozenset({"draw", "draws", "draw_card", "draw_cards", "take", "pick", "pick_up", "pickup", "fetch", "give",
                          "discard", "transfer", "put", "send", "push", "pop", "play", "add", "remove", "refill", "replenish"})


def _no_statement_kind(plain, path) -> tuple | None:
    """(message, hint) for an unknown key (at ``path``) of an item among statements that holds no statement kind at all
    (`- draw: hand[me]`): it is no statement kind; the hint, where none said more, how components move, for a word of
    moving them, else the kinds there are. None for any other key."""
    from .statements import KIND_PRECEDENCE, STATEMENTS  # (statements imports this module)

    if len(path) < 3 or not isinstance(path[-2], int) or not _lists_statements(path[:-2]):
        return None
    node = _at_path(plain, path[:-1])
    if not isinstance(node, dict) or any(key in STATEMENTS for key in node):
        return None
    word = str(path[-1])
    if word.strip().lower() in MOVING_WORDS:
        hint = ("components change zones by move (move: last(deck) -> hand[me] draws the top card of deck) or by deal "
                "(deal: {from: deck, to: hand, count: 7} deals to every seat)")
    else:
        hint = f"the statement kinds are {few_listed(sorted(KIND_PRECEDENCE), most=len(KIND_PRECEDENCE))}"
    return f"'{word}' is not a statement kind", hint


# keys that other languages use to run a named list of statements (a procedure, a macro), among statements or at the top
CALLING_WORDS = frozenset({"call", "use", "include", "invoke", "perform", "execute", "exec", "gosub", "macro", "apply_block"})
BLOCK_SECTION_WORDS = frozenset({"macros", "procedures", "subroutines", "routines", "functions", "templates", "snippets",
                                 "block", "procs", "subs"})


def _calling_hint(word, path) -> str:
    """For `call: refill(...)` among statements, or `macros:` at the top: blocks: holds named lists of statements,
    and run: NAME(ARGUMENTS) runs one."""
    said = str(word).strip().lower()
    if said in BLOCK_SECTION_WORDS and len(path) == 1:
        return ("named lists of statements go under blocks: (refill(z, n): [...]), run with run: refill(hand[me], 1); "
                "named expressions go under define:")
    if said in CALLING_WORDS and any(k in ("flow", "do", "else", "round", "blocks") for k in path[:-1]):
        return "a block of statements is run with run: NAME(ARGUMENTS), the block written under blocks:"
    return ""


EXPECT_ITEM_KEYS = ("options", "pending", "at")  # the keys of an expect item that is a map (scenario.schema.json)
# the keys of a step that takes a decision: none of them stands beside a step `expect:`, which takes none
DECISION_STEP_KEYS = ("player", "action", "args", "illegal")


def _expectation_step(error):
    """For an expectation written as a step (`steps: [{pending: 0, at: take}]`, `steps: [{options: {player: 0, count:
    6}}]`): (its key, the hint to write it in a step `expect:`, which checks it at that point, or in the scenario's
    `expect`), or None; the keys it lacks are no misspelling of the ones it has. For a step `expect:` beside a
    decision's keys (`{player: 0, action: play, expect: [...]}`): (the first such key, the hint to give the decision
    a step of its own)."""
    path = list(error.absolute_path)
    if len(path) < 2 or path[-2] != "steps" or not isinstance(path[-1], int) or not isinstance(error.instance, dict):
        return None
    if "expect" in error.instance:
        beside = [key for key in error.instance if key in DECISION_STEP_KEYS]
        if not beside or error.validator != "additionalProperties":
            return None
        decision = {key: error.instance[key] for key in beside}
        written = _flow(decision) if "player" in decision and "action" in decision else "{player: SEAT, action: NAME}"
        return beside[0], (f"a step `expect:` checks expectations at this point and takes no decision: give the "
                           f"decision a step of its own, - {written}, before it or after it")
    if "action" in error.instance:
        return None
    key = next((key for key in EXPECT_ITEM_KEYS if key in error.instance and key != "at"), None)
    if key is None:
        return None
    item = {k: v for k, v in error.instance.items() if k in EXPECT_ITEM_KEYS}
    return key, (f"`{key}` is an expectation, not a step: to check it at this point of the steps, write the step "
                 f"- expect: [{_flow(item)}]; to check it after the steps, move it to the scenario's expect:")


SCORE_SET_KEYS = ("to", "value")  # keys a score statement is given a value to take by, for its `set`


def _expect_seat_hint(error, path, plain) -> str:
    """For a seat written as an expression in `expect` (`options: {player: "last(kings).owner"}`, `pending: leader`,
    `pending: [leader]`): the seat is a number written out; a seat known only as the game runs is checked with
    `deciding == [EXPR]` (a trial's first player was shuffled, another's seat was worked out by its rules). Never "a
    list, even of one name": `pending: [leader]` is refused too. Else ''."""
    if error.validator != "type" or "expect" not in path:
        return ""
    if path[-2:] == ["options", "player"]:
        seat = str(error.instance).strip() if isinstance(error.instance, str) and error.instance.strip() else "SEAT"
        return (f"the seat of an options item is a number written out, player: 0; for a seat known only as the game "
                f"runs, check who decides in expect: - {yaml_quoted(f'deciding == [{seat}]')}")
    at = path.index("pending", len(path) - 2) if "pending" in path[-2:] else -1
    if at < 0 or not isinstance(error.instance, str):
        return ""
    written = _at_path(plain, path[: at + 1])
    seats = ", ".join(str(seat).strip() for seat in (written if isinstance(written, list) else [written])) or "SEAT"
    return (f"pending lists seat numbers, pending: 0 or pending: [0, 2]; for a seat worked out by the rules, check who "
            f"decides in expect: - {yaml_quoted(f'deciding == [{seats}]')}")


# a scenario's keys naming one thing of the ruleset, no expression: (what it names, its example)
SCENARIO_NAME_KEYS = {"at": "one decision statement (its name:, or the kind of one without a name)",
                      "action": "one action"}


def _scenario_name_hint(error, path, kind: str) -> str:
    """For a list where a scenario's `at:` or `action:` names one statement or action (`at: [play]`): it names one,
    written bare; not "write the list as an expression", which it is not (the quoted list would name nothing). Else ''."""
    if (error.validator != "type" or not kind.startswith("scenario") or not path or path[-1] not in SCENARIO_NAME_KEYS
            or not isinstance(error.instance, list)):
        return ""
    names = [str(item) for item in error.instance if isinstance(item, (str, int)) and not isinstance(item, bool)]
    example = names[0] if names else "NAME"
    return f"{path[-1]} names {SCENARIO_NAME_KEYS[path[-1]]}, written bare: {path[-1]}: {flow_text(example)}"


def _score_set(error):
    """For a score statement given a value to take (`score: {player: p, set: N}`): (that key, the hint), or None."""
    path = list(error.absolute_path)
    if len(path) < 2 or path[-1] != "score" or not isinstance(path[-2], int) or not isinstance(error.instance, dict):
        return None
    if "set" in error.instance:  # add or floor beside it
        key = next((k for k in error.instance if k in ("add", "floor")), None)
        return (key, score_form_hint(error.instance)) if key is not None else None
    key = next((k for k in error.instance if k in SCORE_SET_KEYS), None)
    if key is None:
        return None
    return key, score_set_hint(str(error.instance.get("player", "p")), error.instance[key])


def score_form_hint(spec) -> str:
    """How a score statement is written, for one written otherwise (S016, and V001 at add or floor beside set): add
    changes the total by points, set makes it a value, one of them; a floor goes with add."""
    if isinstance(spec, dict) and "set" in spec and "floor" in spec:
        return f"set makes the total the value it gives: for a total never below a floor, set: \"max(FLOOR, {spec['set']})\""
    if isinstance(spec, dict) and "set" in spec and "add" in spec:
        return "give one of add (points added to the total) and set (the total made a value), not both"
    return "add points to the total, or set it to a value: one of add and set"


def score_set_hint(seat: str, value) -> str:
    """How to make seat ``seat``'s score equal ``value`` (an expression's text), a `score` statement's set; where the
    value is the score plus points (`score[me] + 1`), add the points."""
    text, seat = str(value).strip(), seat.strip()
    plus = re.fullmatch(r"score\[\s*" + re.escape(seat) + r"\s*\]\s*\+\s*(.+)", text, re.S)
    changes = "a score changes only by score: {player: SEAT, add: POINTS} or {player: SEAT, set: TOTAL}"
    if plus and not re.search(r"[-<>=!]|\b(if|and|or|not)\b", plus[1]):  # (a lower operator after it: not the points alone)
        return f"{changes}: score: {{player: {seat}, add: {_quoted_unless_number(plus[1].strip())}}}"
    return f"{changes}; to make it equal a value: score: {{player: {seat}, set: {_quoted_unless_number(text)}}}"


def _quoted_unless_number(text: str) -> str:
    """An expression's text as a flow mapping's value: a number bare, anything else in double quotes."""
    return text if re.fullmatch(r"\d+(\.\d+)?", text) else f'"{text}"'


def _misspelt_required(error):
    """For a required key that is missing beside an unknown key spelt like it, or beside the only unknown key when
    it is the only one missing: (the unknown key, the hint), or None.

    ``{form: deck, to: hand}`` is a misspelt 'from', not a deal that lacks one: the author
    is told about the key they wrote, at that key, with the word they meant.
    """
    from .errors import did_you_mean

    if error.validator != "required" or not isinstance(error.instance, dict):
        return None
    known = error.schema.get("properties", {})
    if not known or error.schema.get("additionalProperties", True) is not False:
        return None
    missing = [k for k in error.validator_value if k not in error.instance]
    extras = [k for k in error.instance if k not in known]
    for extra in extras:
        hint = did_you_mean(str(extra), missing)
        if hint:
            return extra, hint
    # `score: {seat: p, add: 1}`: the one key written in place of the one missing, in a small mapping (a statement's);
    # not at the top, where a misspelt `componets:` says nothing of a missing `flow:`
    if len(extras) == 1 and len(missing) == 1 and list(error.absolute_path) and len(known) <= 8:
        return extras[0], f"the keys here are {', '.join(sorted(map(str, known)))}; '{missing[0]}' is missing: did you mean it?"
    if 1 < len(extras) == len(missing) <= 3 and list(error.absolute_path) and len(known) <= 8:  # `{seat: p, points: 1}`
        wrote, lacks = " and ".join(repr(str(e)) for e in extras), " and ".join(repr(m) for m in missing)
        return extras[0], f"the keys here are {', '.join(sorted(map(str, known)))}; {lacks} are missing: did you mean them for {wrote}?"
    return None


def _top_key_indented(data, kind: str, path: list, where) -> str:
    """The hint for a finding inside an entry named like a top-level key (`define:` indented under `actions:`:
    an action named 'define', whose keys are then unknown or of the wrong kind), else ''."""
    entry = path[1] if len(path) >= 2 else None
    if not isinstance(entry, str) or entry == path[0] or entry not in load_schema(kind).get("properties", {}):
        return ""
    line = location(data, path[:2], True, where).line
    return (f"'{entry}:' on line {line} is indented under '{path[0]}:', so it is read as an entry named '{entry}': "
            "write it at the left margin, as the top-level key it is")


def _empty_key_before(mapping, key):
    """The key written just before ``key`` in ``mapping`` when its value is empty (YAML's null), else None."""
    keys = list(mapping) if isinstance(mapping, dict) else []
    at = keys.index(key) if key in keys else 0
    return keys[at - 1] if at > 0 and mapping[keys[at - 1]] is None else None


def _assigned(key) -> bool:
    """Whether a key reads as an assignment written with '=' (`held = true`), not a comparison."""
    text = str(key)
    return text.count("=") == 1 and not any(op in text for op in ("<=", ">=", "!="))


def _assignment_hint(word: str, text: str) -> str:
    """For `set: leader = winner`, as an assignment is written elsewhere: the mapping of name: value it stands for."""
    return f"{word} takes a mapping of name: value: {word}: {{{as_key_and_value(text)}}}"


# the operators an assignment may be written with as in Python (`n += 1`), longest first: `//=` is not `/=`
_AUGMENTED = ("**", "//", "+", "-", "*", "/", "%")
_ONE_TERM = re.compile(r"-?[\w.\[\]]+")  # a value needing no brackets after an operator: 1, score[p], card.value


def _assignment_parts(assignment: str) -> tuple:
    """`name = value` or `name += value` split: (name, the operator before '=' or '', value), each stripped."""
    left, _, right = str(assignment).partition("=")
    left, right = left.strip(), right.strip()
    op = next((op for op in _AUGMENTED if left.endswith(op)), "")
    return left[: len(left) - len(op)].strip(), op, right


def as_key_and_value(assignment: str) -> str:
    """`name = value` as the `name: value` of a YAML flow mapping that YAML reads back as written: the hint's fix must
    work as written (`act = 'tax'` is `act: "'tax'"`; bare, YAML would strip the quotes and leave the name tax).
    `name += value` (and -=, *=, /=, //=, %=) is written with its new value in full: `name: name + value`."""
    name, op, value = _assignment_parts(assignment)
    if op:
        value = f"{name} {op} {value if _ONE_TERM.fullmatch(value) else f'({value})'}"
    return f"{flow_text(name, as_key=True)}: {flow_text(value)}"


def equals_hint(assignment: str, braced: bool = False) -> str:
    """The hint for a key written with '=' (`held = true`, `n += 1`): how it is written as key: value; ``braced``:
    shown as a flow mapping, `{...}`."""
    written = as_key_and_value(assignment)
    written = f"{{{written}}}" if braced else written
    op = _assignment_parts(assignment)[1]
    if op:  # `n +: 1` would be a variable named 'n +' (S015): the new value is written whole
        return f"a key and its value are written key: value, the new value in full ({written}), not with '{op}='"
    return f"a key and its value are written key: value ({written}), not with '='"


def flow_text(text: str, as_key: bool = False) -> str:
    """``text`` as a key or value inside a YAML flow mapping: bare where YAML reads it back as this text (or as the
    number or true/false it spells), else quoted, in double quotes unless it holds one."""
    import yaml  # (loaded already: the file being checked was read with it)

    try:
        loaded = yaml.safe_load(f"{{{text}: 0}}" if as_key else f"{{k: {text}}}")
    except yaml.YAMLError:
        loaded = None
    read = (next(iter(loaded)) if as_key else loaded.get("k")) if isinstance(loaded, dict) and len(loaded) == 1 else None
    if text and (read == text or text in ("true", "false") or (type(read) in (int, float) and str(read) == text)):
        return text
    return yaml_quoted(text)


def yaml_quoted(text: str) -> str:
    """``text`` as a quoted YAML text that reads back as it: in double quotes unless it holds one (or a backslash,
    which they would read as an escape), else in single quotes."""
    if '"' not in text and "\\" not in text:
        return f'"{text}"'
    return "'" + text.replace("'", "''") + "'"


STATEMENT_LISTS = ("flow", "do", "else", "round")  # the keys whose value is a list of statements


def _statement_keys() -> dict:
    """The keys a statement is written with (shuffle, move, deal, set, roll, ...) and their schemas, from the ruleset schema."""
    return load_schema("ruleset")["definitions"]["statement"]["properties"]


def _lists_statements(path) -> bool:
    """Whether the value at ``path`` is a list of statements: the flow, a do:, else: or round:, or a block (blocks: NAME)."""
    return path[-1] in STATEMENT_LISTS or (len(path) == 2 and path[0] == "blocks")


def _statement_as_text_hint(error, path) -> str:
    """For a statement written as text where its mapping goes: `set: x = 1` (an assignment), or `- shuffle deck`
    and `- set x = 1` (the colon after the statement's key left out): how to write it; else ''."""
    if error.validator != "type" or not isinstance(error.instance, str) or not path:
        return ""
    if path[-1] in ("set", "let") and _assigned(error.instance):
        return _assignment_hint(path[-1], error.instance)
    if len(path) < 2 or not isinstance(path[-1], int) or not _lists_statements(path[:-1]):
        return ""
    word, _, rest = error.instance.strip().partition(" ")
    if word not in _statement_keys():
        return ""
    if word in ("set", "let") and _assigned(rest):  # `- set x = 1`: both slips at once
        return f"the colon after '{word}' is missing, and " + _assignment_hint(word, rest)
    if _statement_keys()[word].get("type") == "object":  # `- deal deck`: `deal: deck` would be the next error
        return f"a statement is a mapping: the colon after '{word}' is missing, and {word} takes a mapping: {word}: {{...}}"
    written = f"{word}: {rest.strip()}" if rest.strip() else f"{word}: ..."
    return f"a statement is a mapping: the colon after '{word}' is missing: {written}"


# a key written where its twin belongs: (the key written, the key the mapping takes) -> what to write instead
_TWIN_KEYS = {
    ("when", "if"): "an action's condition is if:, a statement's is when:",
    ("if", "when"): "a statement's condition is when:, an action's is if:",
    ("while", "until"): "a loop runs until: a condition holds; for while: x, write until: not (x)",
    ("loop", "until"): "a loop is written turns:, until:, repeat:, for: or round:",
    **{(word, "do"): "the statements it runs go under do:" for word in ("effects", "effect", "then", "steps", "body", "statements")},
}


def keys_taken_hint(owner: str, keys) -> str:
    """The keys ``owner`` takes, listed: `deal takes from, to and count`."""
    return f"{owner} takes the keys {few_listed(keys, most=len(keys))}" if keys else ""


def _keys_of_hint(plain, path, known) -> str:
    """For an unknown key (at ``path``) that no near spelling explains: the keys its mapping takes (``known``, from
    the schema), a statement's by its kind; '' at a file's top level."""
    if len(path) >= 2 and isinstance(path[-2], int) and _lists_statements(path[:-2]):
        from .statements import statement_keys_hint  # (statements imports this module; the compiler needs it anyway)

        return statement_keys_hint(_at_path(plain, path[:-1]))
    owner = path[-2] if len(path) >= 2 else None
    return keys_taken_hint(f"'{owner}'", list(known)) if isinstance(owner, str) else ""


def _twin_key_hint(extra, known) -> str:
    """For a key that belongs to another kind of mapping (`when:` on an action, which takes `if:`): what to write; else ''."""
    return next((hint for (written, meant), hint in _TWIN_KEYS.items() if extra == written and meant in known), "")


def _shape_hint(error, path) -> str:
    """For a block or a choice written in the other shape: `round: {do: [...]}` (a round's statements are its value
    itself), a `do:` (or an action's `then:`) whose statements lack their dashes, `choose: [card, hand[me]]` (a mapping); a die written as a
    mapping (a list of faces); a type's `derive:` mapping written inside its attributes."""
    if error.validator == "additionalProperties" and len(path) == 3 and path[0] == "dice" and isinstance(error.instance, dict):
        return _die_as_mapping_hint(path[1], error.instance)  # (`d6: {faces: [...], each: player}`: at the key it takes not)
    if error.validator != "type" or not path:
        return ""
    if path[-1] == "round" and isinstance(error.instance, dict) and "do" in error.instance:
        return "round: takes its list of statements directly, with no do: key"
    if path[-1] in ("do", "then", "else") and isinstance(error.instance, dict):
        return f"{path[-1]}: takes a list of statements, each on its own line starting with '- '"
    if path[-1] == "choose" and isinstance(error.instance, list):
        return "choose: maps each parameter's name to what it is chosen from: choose: {card: \"hand[me]\"}"
    if (len(path) == 4 and path[0] == "components" and path[2] == "attributes"
            and path[3] in component_type_keys()):
        # `attributes: {suit: 0..4, derive: {colour: ...}}`: the type's derive, one level too deep (L023 for a scalar)
        return (f"'{path[3]}' is written inside attributes, so it is an attribute of '{path[1]}' here: "
                f"the type's {path[3]} goes one level up, beside attributes")
    if (_expects(error.schema, "array") and not _expects(error.schema.get("items"), "object")
            and isinstance(error.instance, str) and NAME_ALONE.fullmatch(error.instance)):
        return f"a list, even of one name: {path[-1]}: [{error.instance}]"  # `show_sorted: rank`, `show: pot`
    if (_expects(error.schema, "array") and not _expects(error.schema.get("items"), "object")
            and isinstance(error.instance, dict) and error.instance and isinstance(path[-1], str)):
        return _names_as_mapping_hint(path[-1], error.instance)  # `show: {my_chips: chips[0]}`
    return ""


def _show_sorted_hint(error, path, plain) -> str:
    """For a zone's `show_sorted` given a scalar (`show_sorted: true`, the natural first guess for a "sorted?" key): it
    takes the attributes to sort by, the component types' own and derived ones named; else ''."""
    if error.validator != "type" or len(path) != 3 or path[0] != "zones" or path[2] != "show_sorted" \
            or isinstance(error.instance, (str, list, dict)):  # (a name alone, a mapping: _shape_hint's)
        return ""
    types = plain.get("components") if isinstance(plain, dict) else None
    names = list(dict.fromkeys(str(name) for spec in (types.values() if isinstance(types, dict) else ())
                               if isinstance(spec, dict) for key in ("attributes", "derive")
                               if isinstance(spec.get(key), dict) for name in spec[key]))
    example = ", ".join(names[:2]) or "rank"
    listed = f"; the components' attributes are {few_listed(names, most=8)}" if names else ""
    return f"show_sorted lists the attributes to sort the zone's components by, first to last: show_sorted: [{example}]{listed}"


def _names_as_mapping_hint(key: str, written: dict) -> str:
    """For a list of names written as a mapping (`show: {pot_now: pot}`): the list of its keys; a key's value (an
    expression) goes elsewhere, for show: a definition of that name under define:."""
    names = ", ".join(str(name) for name in written)
    where = (f"define each under define: ({next(iter(written))}: {_written(next(iter(written.values())), quoted=False)}) "
             "and list its name here" if key == "show" else "each name's value goes where the name is declared")
    return f"a list of names, not a mapping: {key}: [{names}]; {where}"


def _empty_list_hint(error, path, plain, kind: str) -> str:
    """For `KEY: []` where a list must hold an item: leave the key out where the mapping holding it does without it
    (a scenario's expect beside a step marked illegal: true, a ruleset's show); else ''."""
    if error.validator != "minItems" or error.instance or not path or not isinstance(path[-1], str):
        return ""
    holder = _at_path(plain, path[:-1])
    if not isinstance(holder, dict) or _needs_key(plain, path, kind):
        return ""
    if path[-1] == "expect" and kind.startswith("scenario"):  # (its V002 is the scenarios' check, not the schema's)
        return _empty_expect_hint(holder)
    return f"{path[-1]}: [] lists nothing: give it at least one item, or leave the key out"


def _empty_expect_hint(scenario: dict) -> str:
    """For a scenario's `expect: []`: leave it out where a step is marked illegal: true, or a step `expect:` checks a
    point of the steps (each is a check of its own); else what to list."""
    steps = scenario.get("steps")
    if isinstance(steps, list) and any(isinstance(step, dict) and step.get("illegal") is True for step in steps):
        return "expect: [] lists nothing: leave expect out, since a step marked illegal: true is a check of its own"
    if isinstance(steps, list) and any(isinstance(step, dict) and "expect" in step for step in steps):
        return "expect: [] lists nothing: leave expect out, since a step expect: [...] checks the steps already"
    return ("expect: [] lists nothing: list what must hold after the steps (expect: [count(pile) == 1]), or mark a step "
            "the rules refuse illegal: true and leave expect out")


def _needs_key(plain, path, kind: str) -> bool:
    """Whether the schema of ``kind`` finds more wrong with the mapping at ``path[:-1]`` once its key ``path[-1]`` is
    left out (a required key, or one required by a condition): checked by validating again, since `required` may sit
    behind a $ref or an if/then; only when an empty list was found, so off any hot path."""
    without = copy.deepcopy(plain)
    del _at_path(without, path[:-1])[path[-1]]
    return bool(_errors_at(without, path[:-1], kind) - _errors_at(plain, path[:-1], kind))


def _errors_at(plain, path, kind: str) -> set:
    """The messages of the schema's errors found at ``path`` itself in ``plain``."""
    return {e.message for e in _validator(kind).iter_errors(plain) if list(e.absolute_path) == list(path)}


NAME_ALONE = re.compile(r"[A-Za-z_]\w*")  # a bare name, where a list of names was meant


def _expects(schema, kind: str) -> bool:
    """Whether ``schema``'s own `type` is ``kind`` (or lists it)."""
    types = schema.get("type", []) if isinstance(schema, dict) else []
    return kind in (types if isinstance(types, list) else [types])


ACTION_NAME_KEYS = ("decide", "simultaneous", "otherwise", "until_chosen")  # a statement's keys naming actions


def _action_names_hint(error, path, plain) -> str:
    """For a statement's key naming actions given something else (`until_chosen: 3`): it takes an action's name or a
    list of names, written with the ruleset's own where it has some."""
    key = path[-1] if path and isinstance(path[-1], str) else path[-2] if len(path) > 1 else None
    if error.validator != "type" or key not in ACTION_NAME_KEYS:
        return ""
    actions = plain.get("actions") if isinstance(plain, dict) else None
    names = [str(name) for name in actions][:2] if isinstance(actions, dict) and actions else ["pass", "play"]
    return f"{key}: takes an action's name or a list of names: {key}: {names[0]}, or {key}: [{', '.join(names)}]"


def _secret_hint(error, path, plain, key_itself: bool) -> str:
    """For `secret` written where an action's list of hidden choices does not go: `secret: true` on the action, or
    `secret:` on a statement (a trial's `move: card -> table[me]` with `secret: true`, hiding a sale, was told
    "did you mean 'score'?"): a key of the action listing the choices only the deciding seat is told, written with the
    action's own choices (those of the first action that chooses, where the statement is in no action)."""
    if not path or path[-1] != "secret":
        return ""
    on_action = len(path) == 3 and path[0] == "actions"
    if (on_action and error.validator != "type") or (not on_action and not key_itself):
        return ""
    actions = plain.get("actions") if isinstance(plain, dict) else None
    actions = actions if isinstance(actions, dict) else {}
    named = path[1] if len(path) > 1 and path[0] == "actions" and path[1] in actions else None
    choosing = [name for name, spec in actions.items() if isinstance(spec, dict) and isinstance(spec.get("choose"), dict)]
    action = named if named is not None else choosing[0] if choosing else None
    spec = actions.get(action) if action is not None else None
    chosen = [str(k) for k in spec["choose"]] if isinstance(spec, dict) and isinstance(spec.get("choose"), dict) else []
    written = f"secret: [{', '.join(chosen) or 'c'}]"
    if on_action:
        return f"secret lists the choices only the deciding seat is told, by their names in choose: {written}"
    beside = f"beside {action}'s choose" if action is not None else "beside its choose"
    return (f"secret is a key of the action, not of a statement: {beside}, {written} lists the choices only the "
            f"deciding seat is told")


PLACEMENT_KEYS = ("x", "y", "rot")


def _placement_said(error, path) -> tuple | None:
    """(message, hint) for a `place`'s `at:` that is neither an expression nor a mapping of x, y and rot (`at: {}`,
    `at: {x: 1}`, `at: [1, 2]`, `at: 5`), where the schema's choice of the two would say only "expected a text"; None
    for anything else (a mapping missing a key or with one too many, V002 or V001 at it, says more)."""
    if error.validator != "type" or len(path) < 2 or path[-2:] != ["place", "at"] or isinstance(error.instance, str):
        return None
    value = error.instance
    got = _placement_mapping_said(value) if isinstance(value, dict) else _what(value)
    return (f"place's at takes a placement: a mapping {{x: X, y: Y, rot: ROT}} (each an expression) or an expression in "
            f"quotes that gives one; got {got}",
            "write at: {x: 0, y: 0, rot: 0}, rot the turn clockwise, 0, 90, 180 or 270; or at: at, a placement an action "
            "chose from placements(GRID, PIECE); rot may be left out on a grid of turns: false")


def _placement_mapping_said(value: dict) -> str:
    """What is wrong with an `at:` mapping in words: the keys it lacks and those no placement has (`{x: a, z: b}`)."""
    from .errors import few_listed

    if not value:
        return "an empty mapping"
    # (rot is not asked for: a grid of turns: false needs none, and S021 tells where one is due)
    missing = [key for key in PLACEMENT_KEYS[:2] if key not in value]
    stray = [str(key) for key in value if key not in PLACEMENT_KEYS]
    said = ([f"without {few_listed(missing)}"] if missing else []) + (
        [f"with {few_listed(stray)}, {'no key' if len(stray) == 1 else 'no keys'} of a placement"] if stray else [])
    return "a mapping " + " and ".join(said) if said else "a mapping"


def component_type_keys() -> list:
    """The keys a component type takes beside its attributes (copies, start, each, back, derive, display), from the schema."""
    return [key for key in load_schema("ruleset")["definitions"]["componentType"]["properties"] if key != "attributes"]


def _die_as_mapping_hint(die, written: dict) -> str:
    """For a die's long form given a key it takes not (`d6: {faces: [...], each: player, visible: owner}`): a die is
    public and one of its kind; a die only its owner sees is made of components, as docs/language.md shows; else ''."""
    hidden = [k for k in ("each", "visible") if k in written]
    if "copies" in written and not hidden:  # several identical dice: one entry each, the faces written once
        return (f"a die takes no copies: declare one entry per die, the faces written once with a YAML anchor and "
                f"repeated by an alias ({die}: &faces [...], then {die}_2: *faces, and so on, as examples/dice-reroll in "
                "philtre's source does)")
    if not hidden:
        return ""
    return (f"dice are always public (a die takes no {' or '.join(k + ':' for k in hidden)}; {die}: {{faces: [...], "
            "quiet: true} only leaves it off play's board): to keep rolls hidden, make the die of components in zones "
            "visible: owner, as docs/language.md in philtre's source shows under dice (a die only its owner sees)")


def _copies_mapping_hint(error, path, plain) -> str:
    """For a component type's copies written as a mapping of an attribute's values (`copies: {a: 3, b: 1}`): the
    expression that says it, `copies: "3 if kind == 'a' else 1"`; else ''."""
    if error.validator != "type" or len(path) != 3 or path[0] != "components" or path[2] != "copies" \
            or not isinstance(error.instance, dict) or not error.instance:
        return ""
    attributes = _at_path(plain, path[:2] + ["attributes"])
    keys = [str(k) for k in error.instance]
    attribute = next((name for name, values in (attributes.items() if isinstance(attributes, dict) else ())
                      if set(keys) <= {str(v) for v in _attribute_values(values)}), None)
    if attribute is None:
        return ("copies takes a whole number, or an expression of the attributes where the copies differ: "
                "copies: \"3 if colour == 'red' else 1\"")
    declared = {str(v): v for v in _attribute_values(attributes[attribute])}  # (a key `1` is the value 1, not the word '1')
    pairs = [(declared[str(k)], n) for k, n in error.instance.items()]
    covered = len(pairs) == len(declared)
    branches = pairs[:-1] if covered else pairs  # (the values left out get 1, as with no copies at all)
    last = pairs[-1][1] if covered else 1
    chain = " else ".join(f"{n} if {attribute} == {_value_text(v)}" for v, n in branches)
    return f"copies takes a whole number, or an expression of the attributes: copies: \"{chain} else {last}\""


def _expression_hint(value, names=frozenset()) -> str:
    """For a list or mapping where an expression (text) was due: how to quote it as one (``names``: the ruleset's, for
    _list_expression_hint); else ''."""
    return _split_expression_hint(value) or _list_expression_hint(value, names) or _mapping_expression_hint(value)


def _data_value_hint(error, path) -> str:
    """For a list or mapping where YAML data holds one value (a variable's short form, a component's attribute, a die
    face's): how such data is written, not "quote it as an expression" (the value would be that text); else ''."""
    if not isinstance(error.instance, (list, dict)):
        return ""
    kind = "a list" if isinstance(error.instance, list) else "a map"
    if error.validator == "type" and len(path) == 2 and path[0] == "variables":
        return f"{kind} is an initial value of the long form: {path[1]}: {{initial: {_flow(error.instance)}}}"
    if error.validator == "additionalProperties" and len(path) == 2 and path[0] == "variables" \
            and not set(error.instance) & set(error.schema.get("properties", {})):  # (not a long form's misspelt key)
        return f"a map is an initial value of the long form: {path[1]}: {{initial: {_flow(error.instance)}}}"
    if error.validator != "type":
        return ""
    if len(path) in (4, 5) and path[0] == "components" and path[2] == "attributes":
        return (f"an attribute's values are data, each a word, a number, true/false or null: {kind} held by each "
                f"component is derived, derive: {{{path[3]}: \"{'[...]' if kind == 'a list' else '{...}'}\"}}")
    if len(path) == 5 and path[0] == "components" and path[2] == "list":
        return (f"an item of list is one component, each attribute one value (a word, a number, true/false or null): "
                f"write an item for each value, or derive {kind} a component holds, derive: "
                f"{{{path[4]}: \"{'[...]' if kind == 'a list' else '{...}'}\"}}")
    if len(path) == 4 and path[0] == "dice":
        return "a face's attributes are data, each a word, a number, true/false or null"
    return ""


def _attribute_values(values) -> list:
    """An attribute's values as written: a list, a range low..high, or one value."""
    import re

    if isinstance(values, list):
        return values
    found = re.fullmatch(r"\s*(-?\d+)\s*\.\.\s*(-?\d+)\s*", str(values))
    if found and int(found[2]) - int(found[1]) < 10_000:
        return list(range(int(found[1]), int(found[2]) + 1))
    return [values]


def _value_text(value) -> str:
    """An attribute's value as an expression writes it: a number bare, true or false, a word quoted."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else f"'{value}'"


def _given_rest_hint(error, path) -> str:
    """For a scenario's `given: {rest: 3}`: rest names a zone (where the components the given zones leave out go)."""
    if error.validator != "type" or len(path) < 2 or path[-2:] != ["given", "rest"]:
        return ""
    from .scenarios import REST_OUT_OF_PLAY

    said = "rest names the zone where the components left out of the given zones go, as an expression: rest: box, rest: \"discard[0]\""
    return f"{said}; {REST_OUT_OF_PLAY}" if error.instance is None else said  # (`rest: null`, meant as out of play)


def _placement_range_hint(error, path, plain) -> str:
    """For a range written as a given component's cell (`at: {x: 4, y: 0..8}`, read as a line of pieces, a trial): a
    range `lo..hi` stands for one component per value of an attribute; a placement is one cell, each item one piece
    (each placement is read, checked and told as one cell: spelling ranges out there would make one item several
    pieces for every T006 and T007 of it)."""
    from .loader import RANGE_VALUE

    if (error.validator != "type" or len(path) < 4 or path[-1] not in ("x", "y") or path[-2] != "at"
            or not isinstance(error.instance, str) or RANGE_VALUE.fullmatch(error.instance) is None):
        return ""
    entry = _at_path(plain, path[:-2])
    low, high = (int(end) for end in RANGE_VALUE.fullmatch(error.instance).groups())
    if not isinstance(entry, dict) or low > high:
        return "a range lo..hi is for a component's attributes; a placement is one cell: list one item a placement"

    def item(value) -> str:
        at = {**entry["at"], path[-1]: value}
        said = [f"{k}: {v}" for k, v in entry.items() if k != "at"] + ["at: {" + ", ".join(f"{k}: {v}" for k, v in at.items()) + "}"]
        return "{" + ", ".join(said) + "}"

    more = f", ... ({high - low + 1} items)" if high - low > 1 else ""
    return (f"a range lo..hi is for a component's attributes, one component per value; a placement is one cell: list "
            f"one item a placement: {item(low)}{f', {item(low + 1)}' if high > low else ''}{more}")


def _given_empty_hint(error, path) -> str:
    """For a scenario's `given: {empty: 3}` (or `empty: [3]`): empty names zones, each an expression."""
    at_key = path[-2:] == ["given", "empty"] or (path[-3:-1] == ["given", "empty"] and isinstance(path[-1], int))
    if error.validator != "type" or not at_key:
        return ""
    return ("empty names zones to give empty, as expressions: a zone family's name (every zone of it that `zones` does "
            "not give) or a zone, alone or in a list: empty: [NAME], empty: [NAME, \"OTHER[0]\"]")


def _empty_else_hint(statement) -> str:
    """For an `else:` with nothing under it: its statements go in a list indented under it, in the item of its `when:`."""
    if isinstance(statement, dict) and "when" not in statement:  # `- else:` as an item, the statement after it in that item
        return ("else: belongs to the statement whose when: it answers: write it in that item, without '-', "
                "and its statements as a list indented under it")
    return "else: takes a list of statements, indented under it"


def _bare_face(error, path) -> bool:
    """Whether ``error`` is a die's face written as a bare value (a number or a word) where a mapping goes."""
    return (error.validator == "type" and len(path) in (3, 4) and path[0] == "dice" and isinstance(path[-1], int)
            and path[2:-1] in ([], ["faces"])  # (`d6: [1, ...]`, or its long form's `faces: [1, ...]`)
            and isinstance(error.instance, (int, float, str)) and not isinstance(error.instance, bool))


def _bare_scripted_face(error, path) -> bool:
    """Whether ``error`` is a face of a scenario's `rolls` item or `given.dice` written as a bare value (a number or a
    word) where the mapping of the face's attributes goes."""
    scripted = len(path) >= 3 and ((path[-3] == "rolls" and isinstance(path[-2], int)) or list(path[-3:-1]) == ["given", "dice"])
    return (error.validator == "type" and scripted and isinstance(error.instance, (int, float, str))
            and not isinstance(error.instance, bool))


def _scripted_face_diagnostic(data, plain, path, where, dice) -> Diagnostic:
    """V001 at the first die of a `rolls` item (or of `given.dice`) given a bare value: a face is written by its
    attributes, as the ruleset's `dice:` writes it (``dice``, as written); the hint writes the whole item so, each die
    bare given as the face of its own whose attribute has that value, or else its first face (a trial's `{red: none}`
    was hinted `{red: {side: none}}`, an attribute and a value no face of that die had: T005 when followed)."""
    faces = _at_path(plain, path)
    first = next(die for die, value in faces.items() if _bare(value))
    given_dice = path[-1] == "dice"
    written = ", ".join(f"{die}: {_face_for(dice, die, value)}" if _bare(value) else f"{die}: {_flow(value)}"
                        for die, value in faces.items())
    what = "given.dice" if given_dice else "an item of rolls"
    aside = (f"; a die set aside (out of the game, as after set_aside) is given null: {{{first}: null}}"
             if given_dice and isinstance(faces[first], str) and faces[first].lower() == "none" else "")
    return Diagnostic(location(data, [*path, first], False, where), "V001", f"expected a mapping, got {_what(faces[first])}",
                      f"{what} gives each die's face by its attributes, as the ruleset's dice do: {{{written}}}{aside}")


def _face_for(dice, die, value) -> str:
    """The face of ``die`` (of the ruleset's `dice:` as written) a bare ``value`` stands for, as a flow mapping: the
    first face with an attribute of that value, or else its first face; where its faces are not known, a mapping of
    its attributes to write (no attribute invented)."""
    spec = dice.get(die) if isinstance(dice, dict) else None
    faces = spec.get("faces") if isinstance(spec, dict) else spec
    faces = [f for f in faces if isinstance(f, dict)] if isinstance(faces, list) else []
    if not faces:
        return "{ATTRIBUTE: VALUE, ...}"
    face = next((f for f in faces if any(v == value and k != "sides" for k, v in f.items())), faces[0])
    return _flow({k: v for k, v in face.items() if k != "sides"})


def _flow(value) -> str:
    """A YAML value as a flow mapping or list writes it (`{pips: 3}`)."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(map(_flow, value)) + "]"
    return "null" if value is None else str(value).lower() if isinstance(value, bool) else str(value)


def _bare(value) -> bool:
    """Whether ``value`` is a number or a word (a face written bare), not true or false."""
    return isinstance(value, (int, float, str)) and not isinstance(value, bool)


def schema_diagnostics(data, kind: str, where: Loc | None = None, defaulted=(), dice=None) -> list[Diagnostic]:
    """Every schema finding in ``data``, one per place, in the file's order; ``where``: the place of a scalar ``data``;
    ``defaulted``: the keys of `given` a scenarios file's defaults give (a scenario's null there cannot take one out);
    ``dice``: the ruleset's `dice:` as written, whose faces a scripted face's hint writes (a ruleset's own, if None)."""
    plain = _plain(data)
    if known_valid(kind, plain):  # a valid file needs no jsonschema (schema_code.py)
        return []
    from jsonschema.exceptions import best_match

    errors = list(_validator(kind).iter_errors(plain))
    by_place: dict = {}
    for error in errors:
        by_place.setdefault(tuple(error.absolute_path), []).append(error)
    out, split_keys, bare_dice, told = [], set(), set(), set()
    # jsonschema yields a mapping's unexpected keys in a set's order (it follows the hash seed): with places shared
    # through YAML aliases, the first written must win the same way in every run
    for path, group in sorted(by_place.items(), key=lambda kv: (len(kv[0]), _written_order(plain, kv[0]))):
        if any(path[: len(p)] == p and p != path for p in by_place if len(p) < len(path) and False):
            continue
        if any(path[: len(p)] == p for p in split_keys):
            continue  # the value of a key that is the rest of a split expression: the split is the finding
        error = best_match(group)
        while error.context:  # descend into oneOf/anyOf to the most specific cause
            error = best_match(error.context)
        full_path = list(error.absolute_path)
        key_itself = False
        misspelt = _expectation_step(error) or _score_set(error) or _misspelt_required(error)
        if misspelt:
            extra, hint = misspelt
            loc = location(data, full_path + [extra], True, where)
            out.append(Diagnostic(loc, "V001", f"unknown key ('{extra}' was unexpected)", hint))
            continue
        if error.validator == "additionalProperties":
            extra = _unexpected(error)
            if extra:
                full_path, key_itself = full_path + [extra[0]], True
        loc = location(data, full_path, key_itself, where)
        code = "V001" if error.validator != "required" else "V002"
        hint = ""
        if error.validator == "pattern" and error.validator_value == NAME_PATTERN and str(error.instance).strip():
            hint = (_written_tab_hint(error.instance) or _names_listed_hint(error.instance)
                    # `let: {from = placement(piece)}`: YAML made one key of it, as of `set: {held = true}` below
                    or (equals_hint(error.instance) if _assigned(error.instance) else f"did you mean '{_as_name(error.instance)}'?"))
            node = _node_at_path(data, full_path)
            split = _comma_split_hint(node, error.instance) if isinstance(node, dict) and error.instance in node else ""
            if split:  # a name that is not one: the key YAML made of the rest of an expression (each key of it, once)
                hint, loc = split, location(data, full_path + [error.instance], True, where)
                split_keys.update(tuple(full_path + [key]) for key in _split_rest(node, error.instance))
        if error.validator == "pattern" and error.validator_value != NAME_PATTERN:
            hint = _pattern_hint(error)
        if error.validator == "pattern" and "propertyNames" in error.schema_path:
            loc = location(data, full_path + [error.instance], True, where)  # a key badly named: where it is written
        if error.validator in ("enum", "const") and isinstance(error.instance, str):
            from .errors import did_you_mean

            allowed = error.validator_value if error.validator == "enum" else [error.validator_value]
            hint = _visibility_word_hint(error.instance, allowed) or did_you_mean(error.instance.lower(), [str(v) for v in allowed])
        if error.validator == "type" and "string" in (error.validator_value if isinstance(error.validator_value, list) else [error.validator_value]):
            hint = _expression_hint(error.instance, _declared_names(plain))
            if full_path and full_path[-1] in PLAIN_TEXT_KEYS and isinstance(error.instance, (list, dict)):  # `title: [No, Thanks]`
                hint = f"YAML reads what starts with '{'[' if isinstance(error.instance, list) else '{'}' as a list or mapping: quote the {full_path[-1]}"
            if full_path == ["extends"] and isinstance(error.instance, (list, dict)):  # `extends: [a, b]`: no expression
                hint = EXTENDS_ONE
        if error.validator == "type" and full_path and str(full_path[-1]) in error.schema.get("properties", {}):
            # `do:` dedented to the actions' level: an action named 'do', whose value is no action
            loc = location(data, full_path, True, where)
            hint = (f"'{full_path[-1]}' is a key of each entry here, written as an entry: "
                    "indent it under the entry it belongs to")
        if key_itself:
            from .errors import did_you_mean

            known = error.schema.get("properties", {})
            hint = (_written_tab_hint(full_path[-1]) or _ending_hint(full_path[-1], full_path) or _calling_hint(full_path[-1], full_path)
                    or _twin_key_hint(full_path[-1], known) or did_you_mean(str(full_path[-1]), known))
            empty = _empty_key_before(error.instance, full_path[-1])
            if empty is not None:  # `define:` left empty, its entries written in its column: the indentation is the mistake
                line = location(data, full_path[:-1] + [empty], True, where).line
                told.add(location(data, full_path[:-1] + [empty], False, where))  # its "got nothing" says it again
                hint = f"'{empty}:' on line {line} just above it has no value: indent '{full_path[-1]}' under it"
            types = error.schema.get("type", [])
            if not hint and "string" in (types if isinstance(types, list) else [types]):  # an expression, or a mapping (`expect`)
                hint = _split_expression_hint(error.instance) or _mapping_expression_hint(error.instance)
            if not hint and str(full_path[-1]) in DIRECTIVES:  # merged from an overlay, then checked as a ruleset
                hint = f"an overlay's directives start with $: ${full_path[-1]}"
            if not hint:
                node = _node_at_path(data, full_path[:-1])
                hint = _comma_split_hint(node, str(full_path[-1]))
                split_keys.update(tuple(full_path[:-1] + [key]) for key in (_split_rest(node, str(full_path[-1])) if hint else []))
        if error.validator == "required" and not full_path:  # a top-level key missing: written indented under another?
            hint = hint or next((_top_key_indented(data, kind, [key, wanted], where) for wanted in error.validator_value
                                 if wanted not in error.instance for key, value in error.instance.items()
                                 if isinstance(value, dict) and wanted in value), "")
        hint = _statement_as_text_hint(error, full_path) or hint
        if error.validator == "type" and isinstance(error.instance, str) and _ending_hint(error.instance, full_path):  # `- break`
            hint = _ending_hint(error.instance, full_path)
        if error.validator in ("type", "maxProperties") and full_path and full_path[-1] == "end_game":  # `end_game: true`
            hint = _ending_hint("end_game", full_path) or hint
        hint = (_placement_range_hint(error, full_path, plain) or _secret_hint(error, full_path, plain, key_itself) or _expect_seat_hint(error, full_path, plain) or _scenario_name_hint(error, full_path, kind) or _shape_hint(error, full_path) or _show_sorted_hint(error, full_path, plain) or _action_names_hint(error, full_path, plain) or _given_rest_hint(error, full_path) or _given_empty_hint(error, full_path)
                or _empty_list_hint(error, full_path, plain, kind)
                or _copies_mapping_hint(error, full_path, plain) or hint)
        if not hint or hint == _expression_hint(error.instance, _declared_names(plain)):  # (not where a hint of its own says more)
            hint = _data_value_hint(error, list(error.absolute_path)) or hint
        if error.validator == "type" and error.instance is None and full_path and full_path[-1] == "else":
            hint = _empty_else_hint(_at_path(plain, full_path[:-1]))
        if (error.validator == "type" and error.instance is None and len(full_path) >= 2 and full_path[-2] == "given"
                and full_path[-1] in defaulted):
            # `at: null` to take out the `at` the file's defaults give: YAML's null is no value, and a default stays
            hint = (f"a scenario cannot take out what defaults give: give {full_path[-1]} a value of its own, or leave "
                    f"{full_path[-1]} out of defaults and give it in the scenarios that need it, or write `defaults: false` "
                    "in the scenario to take none of them")
        if error.validator == "type" and error.instance is None and len(full_path) == 2 and full_path[0] == "actions":
            hint = f"an action with nothing to choose or do is written {full_path[1]}: {{}}"  # (`pass:` left empty)
        split = ""
        if error.validator == "type" and error.instance is None and full_path:
            # `set: {x: left(x, 1)}`, `choose: {q: range(1, n), f: range(1, 7)}`: the key `1)` or `7)` is what YAML split
            # off the expression at its comma, told there (a mapping's second such key is not told as a bad name)
            split = _comma_split_hint(_node_at_path(data, full_path[:-1]), str(full_path[-1]))
            if split:
                hint, loc = split, location(data, full_path, True, where)
        if (error.validator == "type" and error.instance is None and len(full_path) >= 2 and full_path[-2] in ("set", "let")
                and not split):
            # `set: {gift: null}`: YAML's null is no value at all, where `initial: null` is data, the value none
            hint = (f"YAML reads null, ~ and an empty value as no value at all; an expression's nothing is none: "
                    f"{full_path[-1]}: none")
        if error.validator == "type" and error.instance is None and full_path and _assigned(full_path[-1]):
            # `set: {held = true}`: YAML made one key of it
            hint, loc = equals_hint(full_path[-1]), location(data, full_path, True, where)  # at the key, not the '}' after it
        if _bare_scripted_face(error, full_path):  # `rolls: [{d1: 1, d2: 6}]`: said once per item, at its first die
            if tuple(full_path[:-1]) not in bare_dice:
                bare_dice.add(tuple(full_path[:-1]))
                out.append(_scripted_face_diagnostic(data, plain, full_path[:-1], where,
                                                     dice if dice is not None else plain.get("dice") if isinstance(plain, dict) else None))
            continue
        if _bare_face(error, full_path):  # `d6: [1, 2, 3, 4, 5, 6]`: said once per die, not once per face
            if tuple(full_path[:2]) in bare_dice:
                continue
            bare_dice.add(tuple(full_path[:2]))
            attribute = "side" if isinstance(error.instance, str) else "pips"
            hint = (f"a face is a mapping of attributes: {full_path[1]}: [{{{attribute}: {error.instance}}}, ...], "
                    f"then {full_path[1]}.{attribute} in rules")
        placement = _placement_said(error, full_path)
        if placement:  # (`at: {}`: "expected a text" said only one of the two things at: takes)
            out.append(Diagnostic(loc, code, *placement))
            continue
        hint = hint or _top_key_indented(data, kind, full_path, where)
        if key_itself and not hint:  # (the last word: any hint above says more than the list)
            hint = _keys_of_hint(plain, full_path, error.schema.get("properties", {}))
        kindless = _no_statement_kind(plain, full_path) if key_itself else None
        if kindless is not None:  # `- draw: hand[me]`: no statement of any kind, not a key too many of one
            out.append(Diagnostic(loc, code, kindless[0], hint or kindless[1]))
            continue
        out.append(Diagnostic(loc, code, _message(error), hint))
    # one diagnostic per location keeps the output readable; found shallowest first (so that a
    # finding can stand for those inside it), they are reported in the order of the file
    seen, unique = {(loc.line, loc.col) for loc in told}, []
    for d in out:
        if (d.loc.line, d.loc.col) not in seen:
            seen.add((d.loc.line, d.loc.col))
            unique.append(d)
    return sorted(unique, key=lambda d: (d.loc.line or 0, d.loc.col or 0))
