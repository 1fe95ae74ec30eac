"""What a seat types at `philtre play`'s prompt, matched to one of the legal options: an option's number, an option
as listed or its words, bare values in their places, a placement 'x y rot', a value after its argument's name, a list;
else a message that says why the line names none or several, and what to type."""

from __future__ import annotations

import re
from collections import Counter


class NumberReading:
    """How a number typed alone that is both an option's number and another option's value is read, once the seat has
    answered the question once: as the option's number (it typed the number again), or as the value of that action's
    argument (it typed name=value). Asked at every such decision, a seat choosing a column of seven typed each twice."""

    def __init__(self):
        self.as_numbers = False
        self.as_value: tuple | None = None  # (action, argument name) whose values bare numbers name

    def learn(self, asked: str, text: str, found, options=()) -> str | None:
        """After the question about the number ``asked``, the answer ``text`` chose ``found`` among ``options``: what is
        read so from now on, said once; None where the answer was no such choice."""
        if text == asked:
            self.as_numbers, self.as_value = True, None
            valued = _valued(int(asked), options) if options else None  # raise(n=2), not add(d=bomb) typed for `2`
            return (f"(from now on a number alone is an option's number; for a value, write it with its name, "
                    f"{f'{valued[1]}={asked}' if valued else _value_form(found, asked)})")
        if len(found.args) == 1 and type(found.args[0][1]) is int and str(found.args[0][1]) == asked and "=" in text:
            self.as_numbers, self.as_value = False, (found.action, found.args[0][0])
            return (f"(from now on a number alone is read as {found.args[0][0]}= where an option of {found.action} has "
                    f"that value; {asked}. is option {asked})")
        return None


def _value_form(option, number: str) -> str:
    """`name=value` for a one-argument option, or `name=N` where the option read has more or other arguments."""
    return f"{option.args[0][0]}={number}" if len(option.args) == 1 else f"name={number}"


SAID_BACK = 120  # characters of a typed line said back in a message (an option written out whole is said whole)
NUMBER = re.compile(r"[-+]?\d+")  # a whole number as a word of a position: -2, 0, +1
NUMBERISH = re.compile(r"[-+\d]*\d[-+\d]*")  # digits and signs: a number meant, maybe mistyped (--2, 1-)
FRACTION = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")  # 2.5, 1e400: a number, no whole one


class Refused(str):
    """A message refusing a line, which says how the next line is read: ``refines``, the line of a position whose
    options play asked a word to tell apart (`2 0`), which a line of words alone typed next is read with."""

    def __new__(cls, text: str, refines: str | None = None):
        said = super().__new__(cls, text)
        said.refines = refines
        return said


def match_choice(text: str, options, single_zones=(), again: bool = False, reading: NumberReading | None = None,
                 forbidden=None, refining: str | None = None):
    """The option ``text`` names, or a message saying why none or several match; options written as listed, a zone of
    ``single_zones`` by its bare name; ``again``: ``text`` is the line just refused, typed again (a number asked about
    is then the option's number); ``reading``: how the seat said such a number is read; ``forbidden``: text -> why the
    rules rule out the option it names ('' if none: _forbidding); ``refining``: the position typed before, whose
    options play asked a word to tell apart (a Refused's ``refines``), which ``text`` adds words to where it is words
    alone (a trial's `green`, typed as asked after `2 0`, was read alone and matched 7 options anywhere). Where an
    action labels its choices (`label:`, in ``single_zones.chosen_labels``), a line naming no option as listed is read
    again with the values as the records keep them (`rob h=4` for rob(h=ore 10)); the message said is the one of the
    options as listed."""
    if refining is not None and _adds_words(text, options):
        found = match_choice(f"{refining} {text}", options, single_zones, False, reading, forbidden)
        return Refused(found, getattr(found, "refines", None) or refining) if isinstance(found, str) else found
    found = _as_listed(text, options, single_zones, again, reading, forbidden)
    if isinstance(found, str) and getattr(single_zones, "chosen_labels", None):
        valued = _as_listed(text, options, single_zones.but(chosen_labels={}), again, reading, forbidden)
        return found if isinstance(valued, str) else valued
    return found


def _adds_words(text: str, options) -> bool:
    """Whether ``text``, typed after play asked for a word to tell apart the options at a position, adds words to that
    position: words, not an option's number, a new position (two numbers or more), an option written out, nor an
    action none of whose options places a piece (`pass`)."""
    words = text.replace(",", " ").split()
    return (bool(_words(text)) and _option_number(text) is None and "(" not in text and "[" not in text
            and sum(bool(NUMBER.fullmatch(w)) for w in words) < 2 and not _names_unplaced_action(words, options))


def _as_listed(text: str, options, single_zones=(), again: bool = False, reading: NumberReading | None = None,
               forbidden=None):
    """match_choice, the options written as ``single_zones`` lists them."""
    words = text.replace(",", " ").split()
    if not _words(text):  # spaces, '(' or ',' alone name nothing (and, no word to match, would match every option)
        return _wordless(text, options, single_zones)
    number = _option_number(text)
    if number is not None:
        return _by_number(number, text.strip() == number and not again, options, single_zones, reading, forbidden)
    position = _typed_position(text, options, single_zones)
    if position is not None:  # (3, 2) or [3, 2] as 3 2; d3 90 as 3 2 90 where the board names its cells
        return _by_position(position[0], options, single_zones, forbidden, position[1])
    if not _places(options) or "(" in text or _names_unplaced_action(words, options):  # an option as listed, bid(q=7, f=3), or its words: bid q=7 f=3
        return _by_label(text, options, single_zones, forbidden)
    if "=" in text and sum(bool(NUMBER.fullmatch(w)) for w in words) not in (2, 3):  # words of a piece, no position: i=4 form=2
        return _by_label(text, options, single_zones, forbidden)
    if not any(NUMBERISH.fullmatch(w) or _fraction(w, options, single_zones) for w in words):  # `pass`, `place`, `foo`: words alone, read as on any board
        return _by_label(text, options, single_zones, forbidden)
    return _by_position(words, options, single_zones, forbidden)


BRACKETED = re.compile(r"\s*[(\[]\s*([-+]?\d+)\s*,?\s*([-+]?\d+)\s*(?:,?\s*([-+]?\d+)\s*)?[)\]]\s*")  # (3, 2), [3, 2, 90]
BRACKETED_AMONG = re.compile(r"(?<!\w)[(\[]\s*([-+]?\d+)\s*,?\s*([-+]?\d+)\s*(?:,?\s*([-+]?\d+)\s*)?[)\]]")  # [3, 2] red


def _typed_position(text: str, options, single_zones=()) -> tuple | None:
    """The words of a position typed as 'x y rot' reads it, for one typed otherwise: x y (and rot) in brackets, (3, 2)
    or [3, 2], as the options write a position less its names (a trial's `(3, 2)` matched the options holding a 3 and
    a 2 in either order), alone or beside words (`(3, 2) red`, read as `3 2 red`); a cell named by a board's labels
    followed by more words, d3 90 (d3 alone is read as the options' words, which hold it); None for another line, and
    where an option is written so ([1, 2], a list). With which of three numbers may be the piece's (_by_position's
    ``piece_at``): none where the line wrote the position so, but the third beside a bracketed x y (`red (2, 0) 1`)."""
    if not _places(options):
        return None
    bracketed = BRACKETED.fullmatch(text)
    if bracketed is not None:
        return None if _written_as(text, options, single_zones) else ([n for n in bracketed.groups() if n is not None], ())
    inside = BRACKETED_AMONG.search(text)  # `(2, 0) green`, `[2, 0] blue pips=4`: read as `2 0 green` (a trial's named
    # the options at (0, 2) too, as the words 2 and 0 in either order)
    before, after = (text[:inside.start()], text[inside.end():]) if inside is not None else ("", "")
    if (inside is not None and _words(before + after) and not before.rstrip().endswith("=")  # (at=[1, 0]: _position_as_list)
            and not _written_as(inside.group(0), options, single_zones)):
        numbers = [n for n in inside.groups() if n is not None]  # (first: the position's x y, then the words)
        return [*numbers, *before.replace(",", " ").split(), *after.replace(",", " ").split()], (2,) if len(numbers) == 2 else ()
    labels = getattr(single_zones, "labels", None)
    words = text.split()
    if labels is None or len(words) < 2:
        return None
    cells = [labels.read(w) for w in words]
    if sum(cell is not None for cell in cells) != 1 or not any(NUMBER.fullmatch(w) for w in words):
        return None
    return [part for w, cell in zip(words, cells) for part in ([str(cell[0]), str(cell[1])] if cell else [w])], ()


def _wordless(text: str, options, single_zones=()):
    """For a line with no word: the one option with an argument written so (`[]` for pick(which=[]), the empty choice
    of a subset), else what to type."""
    exact = _written_as(text, options, single_zones) if text.strip() else []
    return exact[0] if len(exact) == 1 else _type_a_number(options, single_zones)


def _option_number(text: str):
    """The digits of a line that is an option's number as the list writes it, 2, 2. or (2) (brackets, commas and a
    full stop aside), or None: '2)' was read as a word of the labels and chose an option whose value is 2."""
    words = _words(text)
    if len(words) != 1:
        return None
    digits = words[0][:-1] if words[0].endswith(".") else words[0]
    return digits if digits.isdecimal() else None


def _by_number(number: str, bare: bool, options, single_zones=(), reading: NumberReading | None = None, forbidden=None):
    """The option numbered ``number``; or, for a number that is no option's, or ``bare`` (digits alone) and the value of
    another option, bid(n=4) for `4` where option 4 is bid(n=3), a message that says so (a bid is final: not guessed),
    unless the seat said how it reads such a number (``reading``)."""
    n = _whole(number)
    valued = _valued(n, options) if n is not None else None
    if n is None or not 1 <= n <= len(options):
        printed = _printed_on_one(number, options, single_zones)
        if printed is not None:  # a rank typed alone, `9` of the one card of rank 9, taken as a word is: said back
            return _unless_forbidden(number, printed, options, single_zones, forbidden)
        held = _holding(n, options, several=True) if valued is None and n is not None else []
        if len(held) == 1:  # no option's number: the value of one option's argument beside others names it too
            valued = held[0]
        elif 1 < len(held) <= HELD_NAMED:
            return _held_by_several(number, held, options, single_zones)
        indexed = _zone_indexed(n, options, single_zones) if valued is None and n is not None else None
        if indexed is not None:  # `9` where sow(house=pit[9]) is an option: the zone's index, not the option's number
            option, text = indexed
            return (f"{_said_back(number)} is no option's number; {option.label(None, single_zones)} is option "
                    f"{_number_of(option, options)}: type {_number_of(option, options)}, or {text}")
        if valued is None:
            return (_attribute_named(number, n, options, single_zones) or _a_word_of(number, options, single_zones)
                    or _no_such_number(number, options, single_zones, forbidden))
        option, name, value = valued
        if bare and reading is not None and reading.as_value == (option.action, name):
            return option
        return (f"{_said_back(number)} is no option's number; {option.label(None, single_zones)} is option "
                f"{_number_of(option, options)}: type {_number_of(option, options)}, or {name}={value}")
    numbered = options[n - 1]
    if bare and valued is None and not (reading is not None and reading.as_numbers):
        unvalued = _no_such_amount(number, n, numbered, options, single_zones, reading, forbidden)
        if unvalued:
            return unvalued
    if not bare or valued is None or valued[0] == numbered or (reading is not None and reading.as_numbers):
        return numbered
    option, name, value = valued
    if reading is not None and reading.as_value == (option.action, option.args[0][0]):
        return option
    if not _values_listed(option.action, options):  # play(slot=0..4) beside clues: `2` is the second option listed
        return numbered
    return (f"{_said_back(number)} is option {n}, {numbered.label(None, single_zones)}, and the value of "
            f"{option.label(None, single_zones)}, option {_number_of(option, options)}: type {n} again for option {n}, "
            f"or {name}={value}")


def _amounts(options):
    """(action, name, values) where every option that holds a number (_holds_number) is of one action whose only
    argument, of the same name in each, is a whole number (bids listed raise(n=9) to raise(n=18), a pass beside them,
    or a bluffing game's add(d=flower), which holds none): a list of amounts, where a number typed alone may be meant as one;
    else None."""
    valued = [option for option in options if option.args and _holds_number(option)]  # (add(d=flower) set aside)
    if not valued or len({(o.action, o.args[0][0]) for o in valued}) != 1:
        return None
    if any(len(o.args) != 1 or type(o.args[0][1]) is not int for o in valued):
        return None
    return valued[0].action, valued[0].args[0][0], [o.args[0][1] for o in valued]


def _no_such_amount(number: str, n: int, numbered, options, single_zones=(), reading=None, forbidden=None) -> str:
    """For a number typed alone that is ``numbered``'s number and no option's value, in a list of one action's amounts
    (_amounts), where it is less than each of them (a bid under the least allowed) or the value of an option the rules
    forbid now (the action's if: why is said): that it is that option's number, and no option has it as a value now,
    to type it again for that option; '' where it is neither, or the options are no such list (3 beside build(x=0..2)
    is option 3). A trial's bid of 5, under the least bid allowed, was taken as option 5, a bid of 13. Where
    the seat said numbers alone are values (``reading``), the number is refused, with how to type the option."""
    amounts = _amounts(options)
    if amounts is None:
        return ""
    action, name, values = amounts
    why = forbidden(number) if forbidden is not None else ""
    if not why and n >= min(values):  # (3 past build(x=0..2): an option's number, as a list numbers it; 5 below bids 9..)
        return ""
    held = f"{action}'s {name} is one of {_values_said(values)}"
    valued = f"no option has {name}={number} now ({held}){f'; {why}' if why else ''}"
    if reading is not None and reading.as_value == (action, name):
        return (f"{_said_back(number)} is read as {name}={number}, as you said, and {valued}: for option {n}, "
                f"{numbered.label(None, single_zones)}, type {n}.")
    return (f"{_said_back(number)} is option {n}, {numbered.label(None, single_zones)}, but as an amount, {valued}: "
            f"type {n} again for option {n}, or an amount with its name, {name}={values[0]}")


def _printed_on_one(number: str, options, single_zones=()):
    """For a number that is no option's number: the one option a component of whose arguments has it as an attribute's
    value, a word (rank '9') or a whole number (n=24), as its label shows it, where no other option holds it (as an
    attribute, an argument's value, a word of its label); else None. A trial's ranks 9 and 10, typed as its K was,
    were refused as no option's number. Not where options place pieces (a number there is a position's)."""
    from philtre.dsl.values import Component

    if _places(options):
        return None
    def printed(option) -> bool:
        words = _label_words(option.label(None, single_zones))
        components = [c for _, value in option.args for c in (value if isinstance(value, list) else [value])
                      if isinstance(c, Component)]
        return any((number in words or f"{k}={number}" in words) and str(v) == number and type(v) in (int, str)
                   for c in components for k, v in c.items() if k not in ("type", "id", "owner"))

    found = [option for option in options if printed(option)]
    n = _whole(number)
    if len(found) != 1 or any(option is not found[0] for option, _, _ in _holding(n, options, several=True)):
        return None
    if any(option is not found[0] and _number_held(number, option, single_zones) for option in options):
        return None
    return found[0]


def _attribute_named(number: str, n, options, single_zones=()) -> str:
    """For a number that is no option's number, and an attribute's value of one option's component (a card's printed
    number, `24` for play(card=card n=24)): which option that is and how to type it; '' where none or several hold it."""
    held = _attribute_holding(n, options, single_zones)
    if len(held) != 1:
        return ""
    (option, component, word), = held
    at = _number_of(option, options)
    return (f"{_said_back(number)} is no option's number; {component['type']} {word} is option {at}, "
            f"{option.label(None, single_zones)}: type {at}, or {word}")


def _a_word_of(number: str, options, single_zones=()) -> str:
    """For a number that is no option's number, and a word of some options' labels (_number_held): which they are, and
    how to type the one meant; '' where it is none's. A trial's `10` for advance(move=[4, 10]), a
    trial's `36` for a pawn in track[36], and a trial's `8`, the card of all 4 options, were told only
    that the number was no option's. Where options put a piece at a position, a number is a word of many of them, x=0,
    and the position's form is what to type (_type_a_number)."""
    if _places(options):
        return ""
    held = [option for option in options if _number_held(number, option, single_zones)]
    if not held:
        return ""
    said = f"{_said_back(number)} is no option's number"
    if len(held) == 1:
        at, typed = _number_of(held[0], options), _zone_word(number, held[0], single_zones)
        return f"{said}; {held[0].label(None, single_zones)} is option {at}: type {at}{f', or {typed}' if typed else ''}"
    counted = f"all {len(held)} options" if len(held) == len(options) else f"{len(held)} options"
    return (f"{said}, and a word of {counted}: write it with more of the one meant{_telling_apart(held, single_zones, options)}, "
            f"or type its number: {_listing(held, options, single_zones)}")


def _number_held(number: str, option, single_zones=()) -> bool:
    """Whether the number ``number`` (digits) is a word of ``option``'s label, a list's item or a value shown bare
    (move=[4, 10], card 8 diamonds), or the index of a zone it names (track[36] of a pawn in track[36])."""
    words = _label_words(option.label(None, single_zones))
    return number in words or _zone_word(number, option, single_zones) is not None


def _zone_word(number: str, option, single_zones=()):
    """The word of ``option``'s label that is the zone of index ``number`` of a family (track[36] for 36), or None."""
    return next((w for w in _words(option.label(None, single_zones)) if w.endswith(f"[{number}]")
                 and ZONE_WORD.fullmatch(w)), None)


ZONE_WORD = re.compile(r"(?:\w+=)?\w+\[\d+\]")  # a zone of a family as a label writes it, track[36] (or at=track[36])


def _attribute_holding(n, options, single_zones=()) -> list:
    """(option, component, 'name=n') of each option that has ``n`` as a whole-number attribute of a component argument,
    as its label writes it (n=24 of card n=24): the number as a seat reads it on the card."""
    from philtre.dsl.values import Component

    found = []
    for option in options:
        words = _label_words(option.label(None, single_zones))
        for _, value in option.args:
            if isinstance(value, Component):
                found += [(option, value, f"{k}={n}") for k, v in value.items()
                          if k not in ("type", "id", "owner") and type(v) is int and v == n and f"{k}={n}" in words]
    return found


def number_note(text: str, found, options, single_zones=()) -> str:
    """For a number taken as ``found``, the option of that number, where it is also an attribute's value of another
    option's component (`7`, option 7, where card n=7 is option 1): a note that says so, and how to type that one
    (a number alone is the option's number: docs/playing.md); else ''."""
    n = _whole(text.strip()) if text.strip().isdecimal() else None
    if n is None or not 1 <= n <= len(options) or options[n - 1] is not found:
        return ""
    held = [(o, c, w) for o, c, w in _attribute_holding(n, options, single_zones) if o is not found]
    if len(held) != 1:
        return ""
    (option, component, word), = held
    return (f"  ({text.strip()} is option {text.strip()}'s number; {component['type']} {word} is option "
            f"{_number_of(option, options)}: for it, type {word})")


def _values_listed(action: str, options) -> bool:
    """Whether every option that holds a number (_holds_number) is of ``action`` (bids listed 1. bid(n=0) to 14.
    bid(n=13), a pass beside them, or a bluffing game's raise(n=1..5) beside add(d=flower) and add(d=bomb), whose words hold
    none): a list of that action's values, the only numbers listed, where a number typed may be meant as one (a bluffing
    trial's `3` was taken as option 3, raise(n=1), and its `2` laid the bomb); where other actions' options hold
    numbers too (a trial game's play(slot=0..4) beside clues to a seat, a trial game's reserve_blind(lv=1) beside cards of a
    cost), a number is read as the list numbers them, not asked each turn."""
    return all(option.action == action or not _holds_number(option) for option in options if option.args)


def _holds_number(option) -> bool:
    """Whether ``option``'s arguments hold a whole number a seat may type: an argument, an item of a list or a map, or
    an attribute of a component (a card's cost), not its owner; a word, a zone, a component of words hold none."""
    return any(_a_number_in(value) for _, value in option.args)


def _a_number_in(value) -> bool:
    from philtre.dsl.values import Component

    if type(value) is int:
        return True
    if isinstance(value, Component):
        return any(_a_number_in(v) for k, v in value.items() if k not in ("type", "id", "owner"))
    if isinstance(value, dict):
        return any(_a_number_in(v) for v in value.values())
    if isinstance(value, (list, tuple)):
        return any(_a_number_in(v) for v in value)
    return False


def _valued(n: int, options):
    """(option, name, text) of the one option whose only argument is the whole number ``n`` (bid(n=4), play(slot=4)),
    or None where no option's is or several are: then the number names no option but by its place in the list."""
    found = _holding(n, options)
    return found[0] if len(found) == 1 else None


def _holding(n: int, options, several: bool = False) -> list:
    """(option, name, text) of each option whose only argument is the whole number ``n``; ``several``: of each argument
    that is ``n`` of any option, beside others too (advance(pawn=..., n=6))."""
    found = [(option, at) for option in options for at, (_, value) in enumerate(option.args)
             if (several or len(option.args) == 1) and type(value) is int and value == n]
    return [(option, *option.argument_texts()[at]) for option, at in found]


HELD_NAMED = 4  # the most options a number that is no option's number is named the value of; past that, what to type


def _held_by_several(number: str, held: list, options, single_zones=()) -> str:
    """For a number that is no option's number, and the value of an argument of several options: which they are."""
    numbers = [str(_number_of(option, options)) for option, _, _ in held]
    named = ", ".join(f"{at}. {option.label(None, single_zones)}" for at, (option, _, _) in zip(numbers, held))
    return (f"{_said_back(number)} is no option's number; it is the value of an argument of options {named}: "
            f"type {', '.join(numbers[:-1])} or {numbers[-1]}")


def _zone_indexed(n: int, options, single_zones=()):
    """(option, text) of the one option whose only argument is the zone of index ``n`` of a family (pit[9] for 9), the
    text as the option writes it; None where no option's is or several are."""
    from philtre.dsl.values import Zone

    found = [option for option in options if len(option.args) == 1 and type(option.args[0][1]) is Zone
             and option.args[0][1].key[1] == n]
    if len(found) != 1:
        return None
    (_, text), = found[0].argument_texts(None, single_zones)
    return found[0], text


def _no_such_number(number: str, options, single_zones=(), forbidden=None) -> str:
    """For a number that is no option's: that it is not one of them, why where it is the value of one the rules rule out
    (``forbidden``: `0` where the action's if refuses n=0 now), and what to type (a bare `choose 1..2` said neither)."""
    why = forbidden(number) if forbidden is not None else ""
    said = f"{_said_back(number)} is not one of this turn's {len(options)} options" + (f", and {why}" if why else "")
    return f"{said}: {_type_a_number(options, single_zones)}"


def _forbidding(game, seat: int, options, single_zones=()):
    """text -> why the rules rule out the option it names at this decision of ``seat`` ('' if it names none: ruled_out)."""
    return _Forbidding(game, seat, options, single_zones)


class _Forbidding:
    """What the rules rule out at one decision of a seat: called with a line, why they rule out the option it names
    ('' if it names none: ruled_out); ``holding``, why they rule out each option that has the line's words."""

    def __init__(self, game, seat: int, options, single_zones=()):
        self.game, self.seat, self.options, self.single_zones = game, seat, options, single_zones

    def __call__(self, text: str) -> str:
        from .ruled_out import ruled_out

        why = ruled_out(self.game, self.seat, text, self.options, self.single_zones)
        if not why and getattr(self.single_zones, "chosen_labels", None):  # (a labelled value typed as records keep it: match_choice)
            why = ruled_out(self.game, self.seat, text, self.options, self.single_zones.but(chosen_labels={}), written=self.single_zones)
        return why

    def action(self, text: str) -> str:
        """Why no option of the action ``text`` names is legal now ('' where it names none: action_ruled_out)."""
        from .ruled_out import action_ruled_out

        return action_ruled_out(self.game, self.seat, text, self.options)

    def placed(self, words: list) -> str:
        """Why the rules rule out the placement at the position ``words`` ('x y rot' or 'x y'), '' if none is there."""
        from .ruled_out import ruled_out

        return ruled_out(self.game, self.seat, " ".join(words), self.options, self.single_zones, placed=True)

    def holding(self, text: str, action: str) -> list:
        """Why the rules forbid each option of another action than ``action``, outside the legal ones, that has every
        word of ``text`` (forbidden_holding)."""
        from .ruled_out import forbidden_holding

        return forbidden_holding(self.game, self.seat, text, self.options, action, self.single_zones)


def _said_back(text: str) -> str:
    """What was typed, quoted as a message says it back: its first SAID_BACK characters (a pasted page is not printed back)."""
    return repr(text) if len(text) <= SAID_BACK else f"{text[:SAID_BACK]!r}..."


def _type_a_number(options, single_zones=()) -> str:
    """What to type, for a line that names no option."""
    how = _position_hint(options, "as ", single_zones) if _places(options) else f"an option as listed, e.g. {options[-1].label(None, single_zones)}"
    return f"type {_a_number_of(options)}, 1..{_count(options)}, or {how}"


def _a_number_of(options) -> str:
    """What a number typed picks: an option's, or a line's where lines of amounts list the options (Listed)."""
    return "an option's number" if _count(options) == len(options) else "a line's number"


def _position_hint(options, as_: str = "", single_zones=()) -> str:
    """How to type a placement: 'x y rot' ('x y' where every option is at rot 0; a cell's name and rot, 'd3', where the
    board names its cells: ``single_zones.labels``), and what else tells the options apart (a word of the piece, q= and
    dir=), with an example from a legal option of this decision (the last, which the list of the first SHOWN leaves out)."""
    placing = [o for o in options if any(_a_position(v) for _, v in o.args)]  # (a pass or a step listed too tells none apart)
    apart = _telling_arguments(placing)
    pieces = [name for name, kind in apart if kind == "component"]
    named = [f"{name}=" for name, kind in apart if kind != "component"]
    words = " and ".join(filter(None, ["a word of the piece" if pieces else "", ", ".join(named)]))
    last = placing[-1]
    at = next(v for _, v in last.args if _a_position(v))
    unturned = _all_at_rot_zero(options)  # (the options are listed without their rot: 'x y' is enough)
    labels = getattr(single_zones, "labels", None)
    cell = labels.cell(at["x"], at["y"]) if labels is not None else None
    example = " ".join([*([cell] if cell else [str(at["x"]), str(at["y"])]), *([] if unturned else [str(at["rot"])]),
                        *(f"{n}={_short_value(v)}" for n, v in last.args if f"{n}=" in named)])
    form = f"a cell by its name{'' if unturned else ' and rot'}" if cell else f"a position {as_}'x y{'' if unturned else ' rot'}'"
    return f"{form}{f' and {words}' if words else ''} (e.g. '{example}')"


def _telling_arguments(options) -> list:
    """(name, 'component' or 'value') of each argument besides the position whose values differ among ``options``: what
    a position typed needs beside it to name one."""
    first = dict(options[0].args)
    differ = {name for option in options for name, value in option.args if name not in first or value != first[name]}
    return [(name, "component" if _is_component(value) else "value") for name, value in options[0].args
            if name in differ and not _a_position(value)]


def _is_component(value) -> bool:
    """Whether ``value`` is a component (a piece placed), or a list of them."""
    from philtre.dsl.values import Component

    return isinstance(value, Component) or (isinstance(value, list) and any(isinstance(v, Component) for v in value))


def _short_value(value) -> str:
    """A value as an option's label writes it."""
    from .options import _short

    return _short(value)


def _a_position(value) -> bool:
    """Whether an argument's value is a position on a grid, {x, y, rot}."""
    return isinstance(value, dict) and {"x", "y", "rot"} <= set(value)


def _by_position(words: list, options, single_zones=(), forbidden=None, piece_at: tuple = (0, 2)):
    """The placement at the position 'x y rot' among ``words`` ('x y' where the options there have one rot), the
    others words of its label (a piece's: i=4, standard); ``forbidden``: why the rules rule out a placement there;
    ``piece_at``: which of three numbers typed on grids whose pieces never turn, the first and the last, may be read as
    the piece's (_number_of_the_piece); none where the third was put in for the one rot of the cell (_by_cell), where
    the rules' reasons are sought for the position as typed (ruled_out), or where the line wrote its position so."""
    typo = next((w for w in words if NUMBERISH.fullmatch(w) and not NUMBER.fullmatch(w)), None)
    if typo is not None:
        return f"{_said_back(typo)} is not a number: type an option's number, or {_position_hint(options, 'as ', single_zones)}"
    fraction = next((w for w in words if _fraction(w, options, single_zones)), None)
    if fraction is not None:  # (a trial's `2.5 0` was told it "has 1 number, not a position")
        whole = "two whole numbers, x y" if _all_at_rot_zero(options) else "whole numbers, x y and rot"
        return (f"{_said_back(fraction)} is no whole number: a position is {whole}; type an option's number, or "
                f"{_position_hint(options, 'as ', single_zones)}")
    numbers = [_whole(w) for w in words if NUMBER.fullmatch(w)]
    others = {w for w in _words(" ".join(words)) if not NUMBER.fullmatch(w)}
    if None in numbers:
        return f"that number is too long: type an option's number, or {_position_hint(options, 'as ', single_zones)}"
    if len(numbers) == 2:
        return _by_cell(numbers, words, options, single_zones, forbidden)
    if len(numbers) != 3:
        how_many = f"has {len(numbers)} number{'' if len(numbers) == 1 else 's'}, not a position" if numbers else "is no position"
        return f"{_said_back(' '.join(words))} {how_many}: type an option's number, or {_position_hint(options, 'as ', single_zones)}"
    x, y, rot = numbers
    there = _at_position(options, x, y, rot)
    matches = _with_words(others, there, single_zones)
    if piece_at and _never_turns(single_zones):  # `red 1 2 0`: the die's 1, then x y, where no rot tells anything
        read = _number_of_the_piece(words, matches, options, single_zones, forbidden, piece_at)
        if read is not None:
            return read
    read_as = _read_as(words, options, single_zones, piece_at) if piece_at and _never_turns(single_zones) else ""
    if not there:
        return (f"no legal option at {_cell_said(x, y, single_zones)} rot={rot}"
                f"{_placement_forbidden(words, forbidden) or _off_board(x, y, single_zones) or _other_turns(options, x, y, single_zones)}{read_as}")
    if not matches:  # (the position has options, the words none of them: they are not "no legal option there")
        typed = [w for w in words if not NUMBER.fullmatch(w)]  # (as typed: 'L5', not the 'l5' words are matched as)
        return (f"none of the {len(there)} options at {_cell_said(x, y, single_zones)} rot={rot} has the word{'s' if len(typed) > 1 else ''} "
                f"{_said_back(' '.join(typed))}{_telling_apart(there, single_zones) if len(there) > 1 else ''}"
                f"{_placement_forbidden(words, forbidden)}{read_as}: type a number: {_listing(there, options, single_zones)}")
    if len(matches) > 1:  # (the next line, words alone, is read with this one: Refused.refines)
        return Refused(f"{len(matches)} options are at that position; add a word that tells them apart{_telling_apart(matches, single_zones)}: "
                       f"typed alone, it is read with {_cell_said(x, y, single_zones)}{'' if _all_at_rot_zero(options) else f' rot={rot}'}; "
                       f"or type a number: {_listing(matches, options, single_zones)}", " ".join(words))
    return matches[0]


def _fraction(word: str, options, single_zones=()) -> bool:
    """Whether ``word`` is a number that is no whole number, 2.5 or 1e400, and no word of an option's label."""
    return (FRACTION.fullmatch(word) is not None and not NUMBER.fullmatch(word)
            and not any(word.lower() in _label_words(o.label(None, single_zones)) for o in options))


def _never_turns(single_zones=()) -> bool:
    """Whether every grid of the ruleset is one whose pieces never turn (`turns: false`): a rot typed there tells
    nothing, always 0."""
    boards, still = getattr(single_zones, "boards", {}), getattr(single_zones, "still", frozenset())
    return bool(boards) and set(boards) <= still


def _number_of_the_piece(words: list, matches: list, options, single_zones=(), forbidden=None, piece_at: tuple = (0, 2)):
    """For three numbers typed on grids whose pieces never turn, where the first or the last is a number the piece (or
    another argument) holds, pips=1 of die red pips=1, and the other two a position where such options lie: the line
    read so where 'x y rot' cannot be meant (a rot other than 0: `2 0 4` as `2 0 pips=4`); else the readings, to choose
    between (a move is final): `red 1 2 0` was read as x=1 y=2 rot=0 by a trial, and refused, where it meant
    `red pips=1 2 0`; `1 1 0` may mean x=1 y=1. ``matches``: what 'x y rot' names; ``piece_at``: which of the
    numbers, the first (0) or the last (2), may be the piece's. None where no number is read so."""
    at = [i for i, w in enumerate(words) if NUMBER.fullmatch(w)]
    readings = []  # (the words read so, the number as the option holds it: pips=1, x, y, the options so named)
    for piece, x, y in ((at[0], at[1], at[2]), (at[2], at[0], at[1])):
        if at.index(piece) not in piece_at:
            continue
        number = str(_whole(words[piece]))
        others = {w for w in _words(" ".join(words[:piece] + words[piece + 1:])) if not NUMBER.fullmatch(w)}
        held = [o for o in _with_words(others, _at_position(options, _whole(words[x]), _whole(words[y]), None), single_zones)
                if _named_number(number, o, single_zones)]
        if held:
            named = _named_number(number, held[0], single_zones)
            readings.append(([*words[:piece], named, *words[piece + 1:]], named, words[x], words[y], held))
    if not readings:
        return None
    if _whole(words[at[2]]) != 0 and len(readings) == 1:  # (no rot but 0 is offered: 'x y rot' names nothing)
        return _by_position(readings[0][0], options, single_zones, forbidden)
    said, x, y, rot = _said_back(" ".join(words)), words[at[0]], words[at[1]], words[at[2]]
    ways = [f"as {named} at x={px} y={py}" for _, named, px, py, _ in readings]
    forms = [" ".join(read) for read, *_ in readings]
    named = list(dict.fromkeys(o for *_, held in readings for o in held))
    if matches:
        ways.insert(0, f"as x={x} y={y} rot={rot}")
        forms.insert(0, " ".join(w for i, w in enumerate(words) if i != at[2]))
        said = f"{said} reads {len(ways)} ways where pieces never turn:"
        named = list(dict.fromkeys(matches + named))
    else:
        why = _placement_forbidden(words, forbidden) or _off_board(_whole(x), _whole(y), single_zones)
        said = f"{said}: no legal option at {_cell_said(_whole(x), _whole(y), single_zones)} rot={rot}{why}; read"
    return (f"{said} {', or '.join(ways)}: type {' or '.join(forms)}, or {_a_number_of(options)}: "
            f"{_listing(named, options, single_zones)}")


def _named_number(number: str, option, single_zones=()) -> str:
    """The number ``number`` as ``option`` holds it beside its position, with its name, pips=1 of die red pips=1, or
    n=6 of an argument n; '' where it holds none such."""
    for (name, value), (_, shown) in zip(option.args, option.argument_texts(None, single_zones)):
        if _a_position(value):
            continue
        if type(value) is int and str(value) == number:
            return f"{name}={number}"
        named = next((w for w in _words(shown) if "=" in w and w.partition("=")[2] == number), None)
        if named is not None:
            return named
    return ""


def _read_as(words: list, options, single_zones=(), piece_at: tuple = (0, 2)) -> str:
    """For three numbers read as 'x y rot' on grids whose pieces never turn, where an option holds the first or the
    last as a number of its piece: how they were read, and how to write that number; else ''."""
    at = [i for i, w in enumerate(words) if NUMBER.fullmatch(w)]
    for piece in (at[i] for i in piece_at):
        named = next((n for o in options if (n := _named_number(str(_whole(words[piece])), o, single_zones))), "")
        if named:
            return (f" (read as x={words[at[0]]} y={words[at[1]]} rot={words[at[2]]}; for {named.partition('=')[0]} "
                    f"{words[piece]}, write {named})")
    return ""


def _cell_said(x: int, y: int, single_zones=()) -> str:
    """Cell (x, y) as a message says it: x=3 y=2, or d3 where the board names its cells (``single_zones.labels``)."""
    labels = getattr(single_zones, "labels", None)
    return (labels.cell(x, y) if labels is not None else None) or f"x={x} y={y}"


def _at_position(options, x: int, y: int, rot) -> list:
    """Those of ``options`` with a position argument at (x, y) turned ``rot`` (at any turn where ``rot`` is None)."""
    return [o for o in options if any(isinstance(v, dict) and v.get("x") == x and v.get("y") == y
                                      and (rot is None or v.get("rot") == rot) for _, v in o.args)]


def _with_words(typed: set, options, single_zones=()) -> list:
    """Those of ``options`` whose label has each word of ``typed`` (a position's other words: a piece's, i=4)."""
    return [o for o in options if typed <= _label_words(o.label(None, single_zones))]


def placed_holding(words: list, options, single_zones=()) -> list:
    """Those of ``options`` at the position 'x y rot' (or 'x y', at any rot) of ``words`` that have its other words;
    [] where ``words`` give no such position."""
    numbers = [_whole(w) for w in words if NUMBER.fullmatch(w)]
    if len(numbers) not in (2, 3) or None in numbers:
        return []
    others = {w for w in _words(" ".join(words)) if not NUMBER.fullmatch(w)}
    return _with_words(others, _at_position(options, *numbers[:2], numbers[2] if len(numbers) == 3 else None), single_zones)


def _by_cell(numbers: list, words: list, options, single_zones=(), forbidden=None):
    """The placement at 'x y' typed without its rot: at the one rot the options at that cell have (a piece that looks
    the same turned, or a grid whose pieces never turn, is offered at rot 0 alone), else what to add (and why the
    rules rule out a placement there: ``forbidden``)."""
    x, y = numbers
    rots = _rots_at(options, x, y)
    if len(rots) == 1:
        after = [i for i, w in enumerate(words) if NUMBER.fullmatch(w)][1] + 1  # (the rot goes after the y)
        return _by_position([*words[:after], str(rots[0]), *words[after:]], options, single_zones, forbidden, piece_at=())
    typed = _said_back(" ".join(words))
    if not rots:
        return f"{typed}: no legal option at {_cell_said(x, y, single_zones)}{_placement_forbidden(words, forbidden) or _off_board(x, y, single_zones)}"
    return (f"{typed} gives no rot, and the options at {_cell_said(x, y, single_zones)} have rot {', '.join(map(str, rots))}: add the rot: "
            f"{x} {y} {rots[0]}")


def _placement_forbidden(words: list, forbidden=None) -> str:
    """': the rules forbid build(at=...) now (the if of build, line 12: ...)' where the position ``words`` names one
    placement the action's choice takes and its `if` rules out here; else '' (a bare 'no legal option' read as off
    the board, or a mistyped position)."""
    placed = getattr(forbidden, "placed", None)
    why = placed(words) if placed is not None else ""
    return f": {why}" if why else ""


def _rots_at(options, x: int, y: int) -> list:
    """The turns (rot) of the options' positions at (x, y), least first."""
    return sorted({v.get("rot") for o in options for _, v in o.args
                   if isinstance(v, dict) and v.get("x") == x and v.get("y") == y and isinstance(v.get("rot"), int)})


def _off_board(x: int, y: int, single_zones=()) -> str:
    """': that cell is off the board (...)' where (x, y) lies off every grid, each of fixed size
    (``single_zones.boards``), with their sizes; else ''."""
    boards = getattr(single_zones, "boards", None)
    if not boards or None in boards.values() or any(0 <= x < w and 0 <= y < h for w, h in boards.values()):
        return ""
    sizes = [f"{name} is {w} wide and {h} high, x 0..{w - 1} and y 0..{h - 1}" for name, (w, h) in boards.items()]
    return f": that cell is off the board ({'; '.join(sizes)})"


def _other_turns(options, x: int, y: int, single_zones=()) -> str:
    """What to say of the turns that have options at (x, y), where the one typed has none: placements() lists a piece
    that looks the same turned at its least rot alone, so '0 0 180' of a square finds nothing where '0 0 0' does; on
    grids whose pieces never turn (`turns: false`), that rot is always 0."""
    rots = _rots_at(options, x, y)
    if not rots:
        return ""
    if _never_turns(single_zones):  # (with a grid that turns beside it, the option's grid is not known here)
        grids = " and ".join(sorted(single_zones.boards))
        return f" (pieces on {grids} never turn, `turns: false`: rot is always 0; type {x} {y})"
    return (f" (at x={x} y={y}: rot {', '.join(map(str, rots))}; a piece that looks the same turned is offered at the "
            "least rot that gives it)")


def _by_label(text: str, options, single_zones=(), forbidden=None):
    """The option written as ``text``: its label, or one of its arguments as listed, which=[d1, d3] or [d1, d3] (spaces,
    case and, for what older versions listed, quotes aside); else the options of which ``text`` has some words (blue rank=6)."""
    exact = _written_as(text, options, single_zones)
    others = _also_a_word(text, exact, options, single_zones) if exact else []  # `red` of paint(colour=red): take(card=card red) too
    if len(exact) == 1:
        return _whole_and_word(text, exact[0], others, options, single_zones) if others else _unless_forbidden(text, exact[0], options, single_zones, forbidden)
    if not exact and (listed := _position_as_list(text, options)):  # at=[1, 0]: matched by its words, 51 placements
        return listed
    if not exact:  # [d3, d1] for which=[d1, d3]: word matching offered [d1, d2, d3] too
        reordered = _reordered(text, options, single_zones)
        free = [option for option, any_order in reordered if any_order]
        if len(free) == 1:
            return free[0]
        if free:
            return _order_tells_apart(text, free, options, single_zones)
        if reordered:  # [1, 5] for bid(b=[5, 1]): a list whose order is its meaning, typed whole (not [1, 5, 2] either)
            return _in_another_order(text, [option for option, _ in reordered], options, single_zones)
    named, typed = _named_values(text), set(_words(text))
    if exact:
        matches = [option for option in options if any(option is o for o in exact + others)]
    else:
        matches = _of_action_typed(typed, [option for option in options if _has_words(text, typed, option, single_zones)])
    # each list typed after its argument's name is that argument's whole, as one list typed alone is: a=[...] b=[n3]
    # is the option whose b holds just n3, not one whose b holds n3 and more; the words alone where no option so holds them
    matches = [option for option in matches if _lists_held(named, option, single_zones)] or matches
    counted = [option for option in matches if _items_counted(named, option, single_zones)]
    if matches and not counted:  # b=[card k=2, card k=2]: each option's b has the words, none holds that card twice
        return _no_list_so(text, named, matches, options, single_zones)
    matches = counted
    if len(matches) > 1:  # `d1 d2`: reroll(which=[d1, d2]), not the rerolls that hold them and more
        matches = _sets_typed(text, matches, single_zones) or matches
    if len(matches) > 1:  # `man 0 1`: put(..., to=[0, 1]), not to=[-1, 1] with its 0 read in the man's (seat 0)
        matches = _lists_spelt(text, matches, single_zones) or matches
    if len(matches) == 1:
        return _unless_forbidden(text, matches[0], options, single_zones, forbidden)
    if matches:
        return _several_match(matches, options, single_zones)
    swapped = [option for option in options if _has_words(text, typed, option, single_zones, ordered=False)
               and _no_more_values(text, option, single_zones)]
    if swapped:  # `1 5` for bid(q=5, f=1), the bid of one 5 not legal now: five 1s is not taken for it
        return _in_another_order(text, swapped, options, single_zones)
    indexed = _by_zone_index(text, options, single_zones)
    if len(indexed) == 1:  # `forward 36` for forward(pawn=pawn in track[36])
        return _unless_forbidden(text, indexed[0], options, single_zones, forbidden)
    if indexed:
        return _several_match(indexed, options, single_zones)
    return _not_an_option(text, options, single_zones, forbidden)


def _by_zone_index(text: str, options, single_zones=()) -> list:
    """Those of ``options`` that the line names where each number typed that is no word of the option's label is read
    as the index of a zone its label names, `forward 36` as `forward track[36]` (a piece in track[36]), as a number
    alone is (_a_word_of); [] where the line types no such number. Tried only where the words named no option."""
    numbers = {w for w in _words(text) if w.isdecimal()}
    found = []
    for option in options if numbers else ():
        read = text
        for number in numbers:
            zone = _zone_word(number, option, single_zones)
            if zone is not None and number not in _typable_words(option, single_zones):
                read = re.sub(rf"(?<![\w\[=]){number}(?![\w\]])", zone.partition("=")[2] or zone, read)
        if read != text and _has_words(read, set(_words(read)), option, single_zones):
            found.append(option)
    return _of_action_typed(set(_words(text)), found) if found else []
def _position_as_list(text: str, options) -> str:
    """For a list typed after the name of an argument that is a position in each option having it (at=[1, 0]): that
    it is a position, not a list, and how to type one ('1 0 0'); '' for another line. A trial's `at=[1,0]` was
    matched by its words, 1 and 0, and answered that the rules forbid the 51 placements at x=1 or y=1 (and at x=0 y=1,
    which it does not name by any reading)."""
    for name, typed, _, _ in _named_values(text):
        values = [v for option in options for n, v in option.args if n.lower() == name.lower()]
        if not typed.startswith("[") or not values or not all(_a_position(v) for v in values):
            continue
        unturned = _all_at_rot_zero(options)
        numbers = [w for w in _words(typed) if NUMBER.fullmatch(w)]
        form = ""
        if len(numbers) == len(_words(typed)) and 2 <= len(numbers) <= 3 - unturned:
            x, y, rot = numbers[0], numbers[1], numbers[2] if len(numbers) == 3 else "0"
            form = (f"'{x} {y}' for x={x} y={y}" if unturned else f"'{x} {y} {rot}' for x={x} y={y} rot={rot}") + ", or "
        return (f"{_said_back(text)} is not among this turn's options: {name} is a position on the board (x, y"
                f"{'' if unturned else ' and rot'}), not a list: type {form}{_position_hint(options, 'as ')}")
    return ""


def _sets_typed(text: str, matches: list, single_zones=()) -> list:
    """The one of ``matches`` with a list argument that is a set (_any_order) whose items are just the words typed, the
    action's and the argument's names aside (`d2 d1` or `which d1 d2`: reroll(which=[d1, d2])), or whose items the
    words typed name one each (`keep c`: keep(which=[card c n=4]), not the 47 other sets that hold the c too, a
    trial); [] where none or several are."""
    typed = Counter(_words(text))
    found = []
    for option in matches:
        for (name, value), (_, shown) in zip(option.args, option.argument_texts(None, single_zones)):
            names = {option.action.lower(), name.lower(), f"{name.lower()}="}
            items = Counter(w for w in typed.elements() if w not in names)
            # (no word but the names, `reroll`, is no empty set typed: it matches every option of the action)
            if isinstance(value, list) and _any_order(option, name, value, single_zones) and items and (
                    items == Counter(_words(shown)) or _named_one_each(list(items.elements()), _shown_items(shown))):
                found.append(option)
                break
    return found if len(found) == 1 else []


def _shown_items(shown: str) -> list:
    """The items of a list argument as listed, `[card a n=1, card c n=4]` -> card a n=1, card c n=4
    (split at its own commas, as _list_items); [] for what is no list."""
    from philtre.dsl.parser import bracket_parts

    shown = shown.strip()
    if not (shown.startswith("[") and shown.endswith("]")) or shown == "[]":
        return []
    return [item.strip() for item in bracket_parts(shown, 0)[0]]


def _named_one_each(words: list, items: list) -> bool:
    """Whether ``words`` name ``items`` one each: as many words as items, and each item given a word of its own label
    (_label_words) that no other item is given (`b c` of [card b n=1, card c n=4]; `b` of [card b n=1, card b n=1]
    names one item, not two)."""
    from .scenarios import _one_each  # (a scenario's listed items given options one each: the same matching)

    if not items or len(words) != len(items):
        return False
    held = [_label_words(item) for item in items]
    return _one_each([[k for k, item_words in enumerate(held) if word in item_words] for word in words])


def _items_form(i: int, matches, single_zones=()):
    """``matches[i]``'s list argument that is a set (_any_order) typed as its items, a word each (`c`, or `a b b c`
    for the whole hand), where that names it alone of ``matches`` (_sets_typed); else None. Each item by its first
    word that the items of every option's list do not all share (`c`, not `card`), else its first word."""
    option = matches[i]
    for (name, value), (_, shown) in zip(option.args, option.argument_texts(None, single_zones)):
        if not (isinstance(value, list) and _any_order(option, name, value, single_zones)):
            continue
        every = [set(_words(item)) for o in matches for (n, _), (_, t) in zip(o.args, o.argument_texts(None, single_zones))
                 if n == name for item in _shown_items(t)]
        common = set.intersection(*every) if every else set()
        items = [_words(item) for item in _shown_items(shown)]
        form = " ".join(next((w for w in words if w not in common and not w.endswith("=")), words[0]) for words in items if words)
        if form and _sets_typed(form, matches, single_zones) == [option]:
            return _in_listed_case(form, shown)
    return None


# a list typed bare, in brackets, outside a value named (to=[0, 1] is _lists_held's): [0, 1] of `man [0, 1]`
BARE_LIST = re.compile(r"(?<![=\w\]])\[[^\[\]]*\]")


def _lists_spelt(text: str, matches: list, single_zones=()) -> list:
    """Those of ``matches`` that the line names by a list argument's value spelt whole: a list typed in brackets,
    `man [0, 1]`, or two numbers or more typed one after another, `man 0 1`, the list's items in order (a list of
    numbers is typed so: language.md's `place`), and with them those that hold each number typed as a value of theirs,
    in order (`1 5`, where bid(q=1, f=5) is listed beside bid(b=[1, 5]), still names both); [] where no option's list
    is spelt. A trial's `man 0 1` (its piece's kind) named to=[-1, 1] too, its 0 read as the word 0 of the piece's `(seat 0)`."""
    runs = _typed_runs(text)
    spelt = [option for option in matches if runs and any(
        isinstance(value, list) and _list_items(_squeezed(shown)) in runs
        for (_, value), (_, shown) in zip(option.args, option.argument_texts(None, single_zones)))]
    if not spelt:
        return []
    numbers = [w for run in runs for w in run if NUMBER.fullmatch(w)]
    return [option for option in matches if any(option is s for s in spelt) or _values_in_order(numbers, option, single_zones)]


def _typed_runs(text: str) -> list:
    """The lists ``text`` types bare (_lists_spelt), each as its items, squeezed: each in brackets, and each run of two
    numbers or more typed one after another outside them."""
    for _, _, start, end in reversed(_named_values(text)):  # (a list after its argument's name is that argument's)
        text = f"{text[:start]} | {text[end:]}"
    runs = [_list_items(_squeezed(found[0])) for found in BARE_LIST.finditer(text)]
    run = []
    for word in [*BARE_LIST.sub(" | ", text).replace(",", " ").split(), "|"]:
        if NUMBER.fullmatch(word):
            run.append(word)
            continue
        if len(run) >= 2:
            runs.append(run)
        run = []
    return runs


def _values_in_order(numbers: list, option, single_zones=()) -> bool:
    """Whether each of ``numbers`` is a value of ``option`` (a slot's: _slots), in the order of its values, none read
    as another word of its label."""
    texts = [t for _, t in _slots(option, single_zones)]
    return all(n in texts for n in numbers) and _in_order(numbers, texts)


def _unless_forbidden(text: str, option, options, single_zones=(), forbidden=None):
    """``option``, the one legal option ``text`` names without its action's name; or, where an option of another action
    the rules forbid now has the same words (`baths`: sell(card=card baths blue) legal, build(card=card baths blue) not,
    for want of stone), that the rules forbid that one and how to type this one: taken at once, a trial's
    card meant to be built was sold (a move is final)."""
    holding = getattr(forbidden, "holding", None)
    if holding is None or option.action.lower() in _words(text) or _squeezed(text) == _squeezed(option.label(None, single_zones)):
        return option
    why = holding(text, option.action)
    if not why:
        return option
    number, label = _number_of(option, options), option.label(None, single_zones)
    short = f"{option.action} {text.strip()}"
    typed = f"{short}, " if _by_label(short, options, single_zones) is option else ""
    return (f"{_said_back(text)} names {label}, option {number}, but {'; '.join(why)}: for {label}, "
            f"type {typed}the option whole, or its number, {number}")


def _also_a_word(text: str, exact: list, options, single_zones=()) -> list:
    """The options other than ``exact`` (those ``text`` writes out whole) that have ``text`` as a word, where it is a
    word, the value of one argument (`red` of paint(colour=red)), not a list or text written out nor an option as
    listed: take(card=card red) for `red`, which a move taken at once would have passed over (a move is final,
    and play's own hint offers such words to tell options apart)."""
    words, value = _form_words(text), re.sub(r"^\w+\s*=\s*", "", text.strip())  # (name=value, or the value)
    if (len(words) != 1 or len(_words(value)) != 1 or value[:1] in "[{'\""
            or any(_squeezed(text) == _squeezed(option.label(None, single_zones)) for option in exact)):
        return []
    return [option for option in options if not any(option is e for e in exact) and _holds_word(words[0], option, single_zones)]


def _whole_and_word(text: str, option, others: list, options, single_zones=()) -> str:
    """For a word that is the value of ``option``'s argument and a word of ``others`` (_also_a_word): that it is both,
    how to type that option, and them all, to type the one meant."""
    number = _number_of(option, options)
    matches = [o for o in options if o is option or any(o is other for other in others)]
    forms = [f"{n}={t}" for n, t in option.argument_texts(None, single_zones)
             if _squeezed(t) == _squeezed(text) and _squeezed(f"{n}={t}") != _squeezed(text)]
    named = next((form for form in forms if _written_as(form, options, single_zones) == [option]
                  and not any(_holds_word(_form_words(form)[0], o, single_zones) for o in others)), None)
    counted = "another option" if len(others) == 1 else f"{len(others)} other options"
    return (f"{_said_back(text)} is the value of {option.label(None, single_zones)}, option {number}, and a word of "
            f"{counted}: type {f'{named} or ' if named else ''}{number} for it, or write more of the one meant"
            f"{_telling_apart(matches, single_zones, options)}, or its number: {_listing(matches, options, single_zones)}")


def _holds_word(word: str, option, single_zones=()) -> bool:
    """Whether ``option`` has ``word`` (lower case) among the words of its label as listed now (not as older versions
    listed it: x=none is no word of pick(x='none')), a word name=value of its own argument only as that argument's."""
    if "=" in word and not _words_named_as_typed({word}, option, single_zones):
        return False
    return word in _label_words(option.label(None, single_zones), before=False)


def _lists_held(named: list, option, single_zones=()) -> bool:
    """Whether each list typed after the name of one of ``option``'s arguments (``named``: _named_values) holds just
    the items of that argument's list: in its order, or in any where play takes it so (_any_order), [n4, n3] for a
    set [n3, n4]; False where none of them is a list of its arguments (then nothing is held whole)."""
    arguments = {n.lower(): (value, t) for (n, value), (_, t) in zip(option.args, option.argument_texts(None, single_zones))}
    held = False
    for name, typed, _, _ in named:
        if name.lower() not in arguments or not typed.startswith("["):
            continue
        value, shown = arguments[name.lower()]
        if not isinstance(value, list):
            return False
        items, own = _item_lists(_squeezed(typed), _squeezed(shown))
        if _any_order(option, name, value, single_zones):
            items, own = sorted(items), sorted(own)
        if items != own:
            return False
        held = True
    return held


def _items_counted(named: list, option, single_zones=()) -> bool:
    """Whether no list typed after the name of one of ``option``'s list arguments (``named``: _named_values) holds an
    item of that list more times than the list does: words are matched as a set, so b=[card k=2, card k=2] matched a b
    that holds one such card. A list typed in part (b=[k=2]: no item whole) is left to its words."""
    arguments = {n.lower(): t for n, t in option.argument_texts(None, single_zones)}
    for name, typed, _, _ in named:
        shown, squeezed = arguments.get(name.lower(), ""), _squeezed(typed)
        if not (shown.startswith("[") and squeezed.startswith("[") and squeezed.endswith("]")):
            continue
        items, own = map(Counter, _item_lists(squeezed, _squeezed(shown)))
        if set(items) <= set(own) and items - own:
            return False
    return True


def _no_list_so(text: str, named: list, matches: list, options, single_zones=()) -> str:
    """For lists typed after an argument's name whose words ``matches`` have, but that none of them holds (an item
    typed more times than it holds it): that no option's argument is such a list, with that argument's values in those
    options; or, where each list is some option's, that no option has them together; and those options, to type."""
    said = f"{_said_back(text)} is not among this turn's options"
    lists = [(n, t.strip()) for n, t, _, _ in named if _squeezed(t).startswith("[")]
    alone = next(((n, t) for n, t in lists if not any(_is_list_of(n, t, o, single_zones) for o in options)), None)
    if alone is None:
        together = " and that ".join(dict.fromkeys(n for n, _ in lists))
        return (f"{said}: each list is some option's, but no option has that {together} together; where the words match: "
                f"{_listing(matches, options, single_zones)}")
    name, typed = alone
    values = list(dict.fromkeys(t for m in matches for n, t in m.argument_texts(None, single_zones) if n.lower() == name.lower()))
    more = f", ... ({len(values) - SAID_MATCHES} more)" if len(values) > SAID_MATCHES else ""
    return (f"{said}: no option's {name} is {_said_back(typed)}; where the other words match, {name} is "
            f"{' or '.join(values[:SAID_MATCHES])}{more}: type one as listed, or its number: {_listing(matches, options, single_zones)}")


def _is_list_of(name: str, typed: str, option, single_zones=()) -> bool:
    """Whether ``option``'s argument ``name`` is a list of the items ``typed`` lists, in any order."""
    shown = next((t for n, t in option.argument_texts(None, single_zones) if n.lower() == name.lower()), "")
    items, own = _item_lists(_squeezed(typed), _squeezed(shown))
    return shown.startswith("[") and Counter(own) == Counter(items)


# a name typed with '=' before a value, name=[...], name='...' or l=card star: the name, and the value after it
# (\b: a name is sought from a word's start alone; from each letter of a long line, the search took its square)
NAME_TYPED = re.compile(r"\b(\w+)\s*=\s*")
# what may end a value typed after an argument's name: a parenthesis, or a name typed with '='
VALUE_END = re.compile(r"[()]|\b(\w+)\s*=")


def _has_words(text: str, typed: set, option, single_zones=(), ordered: bool = True) -> bool:
    """Whether each word of ``text`` (``typed``) is a word of ``option``'s label (_typable_words), and each value typed
    after the name of one of its arguments (_named_values), b=[3, 4] or l=card star rank=2, words of that argument's:
    `b=[3, 4]` took pick(a=[3, 4], b=[1, 2]), its words all there; where ``ordered``, the values typed bare, and those
    typed after an argument's name, in the order of the option's (_in_order): `1 5` took bid(q=5, f=1)."""
    named = _named_values(text, option)
    arguments = {n.lower(): n for n, _ in option.args} if named else {}
    slots = _slots(option, single_zones) if ordered else []
    rest, at, bare, skip = [], 0, [], 0
    for name, value, start, end in named:
        if name.lower() in arguments:  # (another name, colors=[2,1,4], is an attribute's: a word of the label, as before)
            if not set(_words(value)) <= _typable_words(option, single_zones, arguments[name.lower()]):
                return False
            if slots and not _in_order(_words(value), [t for n, t in slots if _slot_of(n) == name.lower()]):
                return False
            rest.append(text[at:start])
            at = end
        bare.append(text[skip:start])  # (the words of any named value are no bare values: colors=[2,1,4] neither)
        skip = end
    if rest:  # (the words outside this option's named values: read again only where some were)
        rest.append(text[at:])
        typed = set(_words(" ".join(rest)))
    if slots and not _in_order([w for w in _words(" ".join([*bare, text[skip:]])) if "=" not in w], [t for _, t in slots],
                               _spare(option, single_zones, slots)):
        return False
    if any("=" in word for word in typed) and not _words_named_as_typed(typed, option, single_zones):
        return False
    return typed <= _typable_words(option, single_zones) and _repeats_held(" ".join([*bare, text[skip:]]), option, single_zones)


def _typable_words(option, single_zones=(), name=None) -> set:
    """The words a typed word may be of ``option``'s label, or of its argument ``name``'s text (_label_words); of a
    piece's placement, `at x=5 y=6`, only its words whole, x=5: a number typed bare is a value of the option, never
    where a piece lies (`6 5` is go(piece=bug at x=5 y=6, to=[6, 5]), not the same piece's move to [6, 6])."""
    def text(wording) -> str:
        return option.label(None, wording) if name is None else dict(option.argument_texts(None, wording))[name]

    placed = text(single_zones)
    return (_label_words(text(_unplaced(single_zones))) | set(_words(placed)) | set(_words(_unquoted(placed)))
            | (_none_written(option, single_zones) if name is None else set()) | _bare_attributes(option, single_zones, name))


def _bare_attributes(option, single_zones=(), name=None) -> set:
    """The words attribute=value of each attribute that a component of ``option`` (of its argument ``name``) shows
    bare, a word without its name (kind=wild of card=wild wild): typed so, as rank=8 is where the label writes it."""
    from philtre.dsl.values import Component, shown_attributes

    display = getattr(single_zones, "display", None)
    components = [c for n, value in option.args if name is None or n == name
                  for c in (value if isinstance(value, list) else [value]) if isinstance(c, Component)]
    return {f"{key}={value}".lower() for c in components for key, value in shown_attributes(c, display)
            if isinstance(value, str) and _words(value) == [value.lower()]}


def _none_written(option, single_zones=()) -> set:
    """The words name=none of ``option``'s arguments that are none, which its label leaves out: `a=none b=none` is
    pick(), as `a=none` alone is (a whole argument, _whole_forms), and as the record writes it."""
    texts = option.argument_texts(None, single_zones)
    return {word for (_, value), (n, t) in zip(option.args, texts) if value is None for word in _words(f"{n}={t}")}


def _unplaced(single_zones=()):
    """``single_zones`` without where the pieces lie (options.placed_wording): an option as if its pieces lay nowhere."""
    return single_zones.but(placed={}) if getattr(single_zones, "placed", None) else single_zones


def _slot_of(slot: str) -> str:
    """The argument a slot (_slots) is of, lower case: l of l.rank, a component's attribute value."""
    return slot.partition(".")[0].lower()


def _repeats_held(text: str, option, single_zones=()) -> bool:
    """Whether each value typed bare more than once in ``text`` (outside a list, a map or quotes: a list's items are
    matched as a list's) is held as often by ``option``'s label: `h 0 0` names a line whose x and y are both 0, not
    each line with a 0 in it (a set of the words typed had counted the 0 once)."""
    values = [w for w in _words(_outside_brackets(text)) if "=" not in w]
    repeated = {word: n for word, n in Counter(values).items() if n > 1}
    if not repeated:
        return True
    held = _held_counts(option, single_zones)
    return all(held[word] >= n for word, n in repeated.items())


def _held_counts(option, single_zones=()) -> Counter:
    """How often ``option``'s label holds each word a bare value typed may be (_label_counts), as listed now and as
    older versions listed it (the most of each); a placement's words left out (a bare value is none of them:
    _typable_words)."""
    label = option.label(None, _unplaced(single_zones))
    return _label_counts(label) | _label_counts(_unquoted(label))


def _label_counts(label: str) -> Counter:
    """How often each word a typed word may be is held by the label, counted as the label shows its words: once for
    each word it is or is a value of (x=0 y=0 holds 0 twice, line=line holds line once); a part of a word joined by
    '_' is no word shown (play_wild(card=wild wild4) holds wild once: `wild wild` is the card wild of kind wild)."""
    counts = Counter()
    for word in _words(label):
        counts.update({word, *(part for part in word.split("=") if part)})
    return counts


def _outside_brackets(text: str) -> str:
    """``text`` without the lists, maps and quoted texts typed in it (each a space), in one pass: a line pasted with
    thousands of brackets costs no more than its length."""
    kept, depth, quote = [], 0, ""
    for ch in text:
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch in "[{":
            depth += 1
        elif ch in "]}" and depth:
            depth -= 1
        elif not depth:
            kept.append(ch)
            continue
        kept.append(" ")
    return "".join(kept)


def _words_named_as_typed(typed: set, option, single_zones=()) -> bool:
    """Whether each word typed as name=value whose name is one of ``option``'s arguments is a word of that argument's
    value: `x=0` took slide(piece=man at x=0 y=0 rot=0, x=1), the piece's placement holding the word x=0."""
    arguments = {n.lower(): t for n, t in option.argument_texts(None, single_zones)}
    for word in typed:
        name, _, value = word.partition("=")
        if value and name in arguments and value not in _label_words(arguments[name]):
            return False
    return True


def _slots(option, single_zones=()) -> list:
    """(argument name, text) of each value of ``option`` whose place is its meaning, in order: each argument that is a
    number or a word, each attribute value a component argument shows (_attribute_slots), and each item of a list
    argument of them all that play does not take in another order (_any_order): `1 5` is bid(q=1, f=5), never
    bid(q=5, f=1), `[1, 5]` is not [5, 1], and `green 8 4` is play(card=card green rank=8, stone=4)."""
    slots = []
    for (name, value), (_, text) in zip(option.args, option.argument_texts(None, single_zones)):
        slots += SLOTS[_kind(value)](option, name, value, text, single_zones)
    return slots


def _kind(value) -> str:
    """What an argument's value is, as its place in a typed line reads it: a component, a list (a zone too, a list of
    components), a plain number or word (_plain), or other (a position, a map: matched by its words alone)."""
    from philtre.dsl.values import Component

    if isinstance(value, Component):
        return "component"
    if isinstance(value, list):
        return "list"
    return "plain" if _plain(value) else "other"


def _attribute_slots(option, name: str, component, text: str, single_zones=()) -> list:
    """(name.attribute, text) of each attribute value that the argument ``name``'s ``component`` shows as one number or
    word, in the order its label shows them: a component's values are typed bare as a plain argument's are, in their
    place (the card's rank 4 of `purple 4 4` is not the stone's 4, nor is any 4 typed before the card's colour)."""
    from philtre.dsl.values import attribute_text, shown_attributes

    slots = []
    for key, value in shown_attributes(component, getattr(single_zones, "display", None)):
        text = attribute_text(value)
        if _plain(value) and _words(text) == [text.lower()]:
            slots.append((f"{name}.{key}", text.lower()))
    return slots


def _item_slots(option, name: str, value: list, text: str, single_zones=()) -> list:
    """(name, item) of each item of a list argument of numbers and words whose order is its meaning (_any_order), in
    order; none for a list of components, a set, or one whose items are not one word each."""
    items = _list_items(_squeezed(text))
    if (value and all(_plain(item) for item in value) and all(_words(item) == [item] for item in items)
            and not _any_order(option, name, value, single_zones)):
        return [(name, item) for item in items]
    return []


def _value_slot(option, name: str, value, text: str, single_zones=()) -> list:
    """(name, text) of a plain argument written as one word; none for one of several ('two words' is matched by its
    words, in any order)."""
    return [(name, text.lower())] if _words(text) == [text.lower()] else []


def _no_slots(option, name: str, value, text: str, single_zones=()) -> list:
    """No slot: a position or a map is matched by its words, in any order."""
    return []


# kind of an argument's value (_kind) -> its slots (_slots), each (option, name, value, text, single_zones) -> list
SLOTS = {"component": _attribute_slots, "list": _item_slots, "plain": _value_slot, "other": _no_slots}


def _plain(value) -> bool:
    """Whether ``value`` is a number, a word, true, false or none: not a component, zone, list or map."""
    return value is None or type(value) in (int, float, str, bool)


def _any_order(option, name: str, value: list, single_zones=()) -> bool:
    """Whether play takes the list ``value`` of ``option``'s argument ``name`` typed in another order: a list of
    components, or one chosen among subsets (a set: [d3, d1] is which=[d1, d3]); a list of numbers or words chosen
    otherwise is ordered, its order its meaning (a bid [5, 1], five 1s, is not [1, 5])."""
    from philtre.dsl.values import Component

    if (option.action, name) in getattr(single_zones, "unordered", ()):
        return True
    return bool(value) and all(isinstance(item, Component) for item in value)


def _in_order(words: list, slots: list, spare: Counter | None = None) -> bool:
    """Whether those of ``words`` that are some slot's text (a value of the option) come in the order of ``slots``,
    each slot taken once; a word no slot holds is another's (a card's, the action's) and has no place; a word ``spare``
    holds (the label shows it outside the slots too, as many times) may be that other word instead: `wild wild yellow`
    is play(card=wild wild, named=yellow), its type's name and its kind's value one word."""
    states = {(0, ())}  # (the next slot free, the words passed over so far), each way the words read so far are placed
    for word in words:
        if word not in slots:
            continue
        following = set()
        for at, passed in states:
            place = next((i for i in range(at, len(slots)) if slots[i] == word), None)
            if place is not None:  # (the earliest slot: a later one leaves fewer for the words after it)
                following.add((place + 1, passed))
            if spare and passed.count(word) < spare[word]:
                following.add((at, tuple(sorted((*passed, word)))))
        if not following:
            return False
        states = following
    return True


def _spare(option, single_zones=(), slots=()) -> Counter:
    """How often ``option``'s label shows each word of its ``slots`` outside them (a component's type named as one of
    its values: the card wild of kind wild): the times a typed word may be read as that other word (_in_order)."""
    texts = Counter(t for _, t in slots)
    held = _held_counts(option, single_zones)
    return Counter({word: held[word] - n for word, n in texts.items() if held[word] > n})


def _typed_values(text: str, option, single_zones=()):
    """The values of ``option``'s slots (_slots) as ``text`` gives them in the order typed, slot by slot (a list typed
    after its argument's name to that argument's slots, the values typed bare to the others in order), or None where it
    gives not each once."""
    slots = _slots(option, single_zones)
    given, bare, skip = {}, [], 0
    texts = {t for _, t in slots}
    for name, value, start, end in _named_values(text, option):
        own = [i for i, (n, _) in enumerate(slots) if _slot_of(n) == name.lower()]
        bare.append(text[skip:start])
        skip = end
        if own:
            words = [w for w in _words(value) if "=" not in w and w in texts]
            if len(words) != len(own):
                return None
            given.update(zip(own, words))
    words = [w for w in _words(" ".join([*bare, text[skip:]])) if "=" not in w and w in texts]
    rest = [i for i in range(len(slots)) if i not in given]
    if len(words) != len(rest):
        return None
    given.update(zip(rest, words))
    if sorted(given.values()) != sorted(t for _, t in slots):
        return None
    return [(slots[i][0], given[i]) for i in range(len(slots))]


def _no_more_values(text: str, option, single_zones=()) -> bool:
    """Whether ``text`` types no value of ``option`` more often than the option holds it (`5 5` is no five 1s reordered)."""
    texts = [t for _, t in _slots(option, single_zones)]
    typed = Counter(w for w in _words(text) if w in texts)
    return not typed - Counter(texts)


def _as_written(text: str, option, single_zones=()):
    """``option`` with its values in the order ``text`` types them, as play lists an option (`1 5` for bid(q=5, f=1):
    bid(q=1, f=5)), or None where ``text`` does not give each of them once."""
    values = _typed_values(text, option, single_zones)
    slots = _slots(option, single_zones)
    # a number in a word's place (`4 purple 4`: the card's colour 4) writes no option: none is said
    if values is None or any(bool(NUMBER.fullmatch(t)) != bool(NUMBER.fullmatch(own)) for (_, t), (_, own) in zip(values, slots)):
        return None
    from .options import written_out

    texts = [(name, AS_TYPED[_kind(value)](name, value, shown, values, single_zones))
             for (name, value), (_, shown) in zip(option.args, option.argument_texts(None, single_zones)) if value is not None]
    return written_out(option.action, texts)  # (an argument that is none left out, as the label leaves it)


def _component_as_typed(name: str, component, shown: str, values: list, single_zones=()) -> str:
    """The text ``shown`` of the argument ``name``'s ``component`` with the attribute values ``values`` (_typed_values)
    gives it in the order typed: card green rank=4 where `green 4 8` was typed for card green rank=8, stone=4."""
    from philtre.dsl.values import attribute_text, named_values

    display = getattr(single_zones, "display", None)
    typed = {n.partition(".")[2]: t for n, t in values if n.startswith(f"{name}.")}
    retyped = {k: (v if k not in typed else typed[k] if isinstance(v, str) else _Typed(typed[k])) for k, v in component.items()}
    return shown.replace(named_values(component, attribute_text, display), named_values(retyped, attribute_text, display), 1)


def _items_as_typed(name: str, value: list, shown: str, values: list, single_zones=()) -> str:
    """The list argument ``name`` with the items ``values`` (_typed_values) gives it, in the order typed; as shown where
    it has no slot."""
    own = [typed for n, typed in values if n == name]
    return f"[{', '.join(own)}]" if own else shown


def _value_as_typed(name: str, value, shown: str, values: list, single_zones=()) -> str:
    """The plain argument ``name`` as ``values`` (_typed_values) gives it; as shown where it has no slot."""
    return next((typed for n, typed in values if n == name), shown)


def _shown_as_typed(name: str, value, shown: str, values: list, single_zones=()) -> str:
    """An argument without slots (a position, a map), as shown: nothing typed moves it."""
    return shown


class _Typed:
    """A value typed for an attribute that is not a word (a number): written with its name, as the label writes it."""

    __slots__ = ("text",)

    def __init__(self, text: str):
        self.text = text

    def __str__(self) -> str:
        return self.text


# kind of an argument's value (_kind) -> its text as typed (_as_written), each (name, value, shown, values, single_zones) -> str
AS_TYPED = {"component": _component_as_typed, "list": _items_as_typed, "plain": _value_as_typed, "other": _shown_as_typed}


def _in_another_order(text: str, swapped: list, options, single_zones=()) -> str:
    """For values typed that legal options hold only in another order, where their order is their meaning: that the
    line is not among this turn's options, the option it writes in the order typed, and those options, to type."""
    written = _as_written(text, swapped[0], single_zones)
    said = f"{_said_back(text)} is not among this turn's options"
    if written is not None and _squeezed(written) != _squeezed(text):  # (bid(b=[1, 5]) typed whole is not said twice)
        said += f" (in the order typed it is {written}, not a legal option now)"
    holds = "1 option holds" if len(swapped) == 1 else f"{len(swapped)} options hold"
    return (f"{said}; {holds} these values in another order, not taken for it: a value's place is its meaning; to play "
            f"one, type it as listed, or its number: {_listing(swapped, options, single_zones)}")


def _named_values(text: str, option=None) -> list:
    """(name, value, start, end) of each value typed after a name in ``text``, from the name's start to the value's
    end, as the listing writes one: a list, map or quoted text to its close, b=[3, 4], x='two words'; and after the name
    of one of ``option``'s arguments, a position to its ')', at=(x=0, y=0), and a component's words up to the next of
    its arguments' names or a ')' they did not open: l=card star rank=2 of give(l=card star rank=2, r=card moon rank=3)
    is l's whole (a value of one word, a=3, is one word of a label, `a=3`, matched whole)."""
    from philtre.dsl.parser import bracket_parts
    from philtre.dsl.values import Component

    arguments = {n.lower(): value for n, value in option.args} if option is not None else {}
    found, at = [], 0
    while (named := NAME_TYPED.search(text, at)) is not None:
        start, name = named.end(), named[1].lower()
        if text[start:start + 1] in ("[", "{", "'", '"') or (text[start:start + 1] == "(" and name in arguments):
            close = text.find(text[start], start + 1) if text[start] in "'\"" else bracket_parts(text, start)[1]
            end = len(text) if close is None or close < 0 else close + 1  # (left open: the rest of the line)
        elif isinstance(arguments.get(name), Component):
            end = start + len(text[start:_value_end(text, start, set(arguments))].rstrip(", "))
        else:
            at = start
            continue
        found.append((named[1], text[start:end], named.start(1), end))
        at = max(end, start)
    return found


def _value_end(text: str, start: int, names: set) -> int:
    """Where the value typed at ``start`` ends: at the next of ``names`` typed with '=' or a ')' it did not open, outside
    its brackets, parentheses and quotes (a position (x=2, y=2) or a list [a, b] is read whole), else at the line's end."""
    depth = 0
    for mark in VALUE_END.finditer(_outside_brackets(text), start):
        if mark[0] == "(":
            depth += 1
        elif mark[0] == ")" and depth:
            depth -= 1
        elif not depth and (mark[0] == ")" or mark[1].lower() in names):
            return mark.start()
    return len(text)


def _written_as(text: str, options, single_zones=()) -> list:
    """The options ``text`` writes out whole: as listed, or one argument as listed (name=value or the value); where
    none, those it writes with its quotes left out (play listed `pick(x=two words)` where it now lists `'two words'`)."""
    typed, words = _squeezed(text), _form_words(text)
    forms = [(option, _whole_forms(option, single_zones)) for option in options]
    # (its words as the form's: spaces aside is not words joined, `1 5` is not bid(q=15, f=6))
    found = [option for option, whole in forms if whole.get(typed) == words]
    if found:
        return found
    unquoted = _unquoted(typed)
    return [option for option, whole in forms if words in [w for form, w in whole.items() if _unquoted(form) == unquoted]]


# a list typed as an argument, squeezed: [d3,d1], which=[d3,d1] or reroll(which=[d3,d1]); action, name, list
TYPED_LIST = re.compile(r"(?:(\w+)\()?(?:(\w+)=)?(\[.*\])(\)?)")


def _reordered(text: str, options, single_zones=()) -> list:
    """(option, whether play takes it so: _any_order) of each option with a list argument that holds exactly the items
    of the list ``text`` writes, in another order (which=[d1, d3] for `[d3, d1]`): as T013 of `philtre test` says, a
    list is matched in the option's order, but where no option lists them so, the player meant the one that holds
    them, if its list is a set (of components, or chosen among subsets): [1, 5] is not bid(b=[5, 1])."""
    from philtre.dsl.parser import bracket_parts

    typed = TYPED_LIST.fullmatch(_squeezed(text))
    if typed is None or bool(typed[1]) != bool(typed[4]):  # (an action's bracket left open or one too many)
        return []
    if bracket_parts(typed[3], 0)[1] != len(typed[3]) - 1:  # two lists, pick(b=[1,2],a=[3,4]): each is its argument's
        return []
    action, name, typed_list = typed[1], typed[2], typed[3]
    items = sorted(_list_items(typed_list))
    found = []
    for option in options:
        if action is not None and option.action.lower() != action:
            continue
        held = [_any_order(option, n, value, single_zones) for (n, value), (_, t) in
                zip(option.args, option.argument_texts(None, single_zones))
                if (name is None or n.lower() == name) and t.startswith("[")
                and sorted(_item_lists(typed_list, _squeezed(t))[1]) == items]
        if held:
            found.append((option, any(held)))
    return found


def _list_items(text: str) -> list:
    """The items of a list written out and squeezed, `[d1,d3]` -> d1, d3: split at its own commas, not those inside an
    item's brackets, braces or quotes (`card colors=[2,1,4]`, `{a:1,b:2}`, `'a,b'`)."""
    from philtre.dsl.parser import bracket_parts

    return [] if text == "[]" else bracket_parts(text, 0)[0]


# a component's owner as its text ends, squeezed: `coin value=1 (seat 0)` -> (seat0)
OWNER_SHOWN = re.compile(r"\(seat\d+\)$")


def _item_lists(typed: str, shown: str) -> tuple:
    """The items of the list ``typed`` and of the argument's list ``shown`` (both squeezed); where no typed item names
    its owner, the shown items without theirs: each item listed `coin value=1 (seat 0)` is typed `coin value=1`, as
    the player's own coins are in every list they pick from."""
    items, own = _list_items(typed), _list_items(shown)
    if not any(OWNER_SHOWN.search(item) for item in items):
        own = [OWNER_SHOWN.sub("", item) for item in own]
    return items, own


def _order_tells_apart(text: str, reordered: list, options, single_zones=()) -> str:
    """For a list whose items several options hold, each in its own order: that the order tells them apart (the words
    of `philtre test`'s T013), and those options to type."""
    return (f"{_said_back(text)} has the items of {len(reordered)} legal options' lists in other orders: a list matches "
            f"in the option's order; type one as listed, or its number: {_listing(reordered, options, single_zones)}")


def _whole_forms(option, single_zones=()) -> dict:
    """The texts, squeezed, that write ``option`` or one of its arguments out whole (its label, name=value, value), each
    with its words (_form_words)."""
    from .options import written_out

    arguments = option.argument_texts(None, single_zones)
    # its label, and the label with every argument, none too, as play listed it before 2026-12-06 (pick(x=none))
    texts = [option.label(None, single_zones), written_out(option.action, arguments)]
    texts += [f"{n}={t}" for n, t in arguments] + [t for _, t in arguments]
    return {_squeezed(t): _form_words(t) for t in texts}


def _form_words(text: str) -> list:
    """The words of a text that writes an option out, spaces around '=' aside (`which = [d1]` writes which=[d1])."""
    return _words(re.sub(r"\s*=\s*", "=", text))


def _squeezed(text: str) -> str:
    """A text without its spaces, in lower case: what is compared of an option typed out whole."""
    return "".join(text.split()).lower()


def _unquoted(text: str) -> str:
    """A text without its quotes."""
    return text.replace("'", "").replace('"', "")


SAID_MATCHES = 8  # options listed when a typed line matches several


def _listing(matches: list, options, single_zones=()) -> str:
    """The first SAID_MATCHES of ``matches`` with their numbers, and how many more there are; where a line of amounts
    holds some of them (Listed), that line once, as listed (`1. bid(n=63..100)`, not `1. bid(n=63); 1. bid(n=64); ...`)."""
    shown = _numbered(matches, options)
    listing = "; ".join(f"{at}. {m.label(None, single_zones)}" for at, m in shown[:SAID_MATCHES])
    more = len(shown) - SAID_MATCHES
    return listing + (f"; ... and {more} more" if more > 0 else "")


def _numbered(matches: list, options) -> list:
    """(number, line) of each of ``matches`` as listed: its number, or its line's once (Listed)."""
    lines = getattr(options, "line_of", None)
    return list({id(line): (at, line) for at, line in (lines[id(m)] for m in matches)}.values()) if lines else \
        [(_number_of(m, options), m) for m in matches]


def _several_match(matches: list, options, single_zones=()) -> str:
    """For a line that names several options: how many, the words that tell them apart, and them, with their numbers:
    in the line's text, up to SAID_MATCHES; more, a line each under it, up to SHOWN (a word typed to find an option
    among 85, a piece's kind, that named more than 8 could not list them), and how many more."""
    said = f"{len(matches)} options match; write more of one{_telling_apart(matches, single_zones, options)}, or type its number"
    shown = _numbered(matches, options)
    if len(shown) <= SAID_MATCHES:
        return f"{said}: {_listing(matches, options, single_zones)}"
    more = f"\n  ... and {len(shown) - SHOWN} more: type more of their words" if len(shown) > SHOWN else ""
    return f"{said}:\n" + "\n".join(f"  {at:>3}. {m.label(None, single_zones)}" for at, m in shown[:SHOWN]) + more


SAID_OPTIONS = 8  # this many options or fewer are listed again when a line names none of them


def _values_said(values: list) -> str:
    """The values an argument has, as a message lists them: `63..100` for more than SAID_MATCHES whole numbers counting
    up by one (a trial's bids were said `63, 64, ... (30 more)`), else the first SAID_MATCHES and how many more."""
    numbers = [int(v) if type(v) is str and NUMBER.fullmatch(v) else v for v in values]  # (as listed: 63, or '63')
    if len(values) > SAID_MATCHES and all(type(v) is int for v in numbers) and numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"{numbers[0]}..{numbers[-1]}"
    more = f", ... ({len(values) - SAID_MATCHES} more)" if len(values) > SAID_MATCHES else ""
    return f"{', '.join(str(v) for v in values[:SAID_MATCHES])}{more}"


def _amount_refused(text: str, options, single_zones=()) -> str:
    """For a line that types an amount of an action of one whole-number argument, with the action's name or the
    argument's (`bid 200`, `n=200`, `bid(n=200)`), where no option has it and the action's amounts count up by one:
    the run, in one short line, `'bid 200': n is one of 63..100 now` (by the amounts' labels where the action gives
    some, `n is one of one..ten now`); else ''."""
    words = _words(text)
    for action in dict.fromkeys(option.action for option in options):
        mine = [option for option in options if option.action == action]
        if len(mine) < 2 or any(len(o.args) != 1 or type(o.args[0][1]) is not int for o in mine):
            continue
        name = mine[0].args[0][0]
        values = [o.args[0][1] for o in mine]
        amounts = [w.split("=", 1)[1] if w.startswith(f"{name.lower()}=") else w for w in words if w != action.lower()]
        if (len(amounts) != 1 or not NUMBER.fullmatch(amounts[0]) or len(amounts) == len(words) and "=" not in words[0]
                or values != list(range(values[0], values[-1] + 1)) or int(amounts[0]) in values):
            continue
        return run_refused(text, name, amount_text(action, name, values[0], single_zones),
                           amount_text(action, name, values[-1], single_zones))
    return ""


def run_refused(typed: str, name: str, low, high) -> str:
    """An amount ``typed`` refused where ``name``'s amounts run ``low``..``high`` (numbers, or their labels), in one short line."""
    return f"{_said_back(typed)}: {name} is one of {low}..{high} now"


def _not_an_option(text: str, options, single_zones=(), forbidden=None) -> str:
    """For a line naming no option: that it is not among this turn's options (a card in hand that the rules do not let
    be played now, the Countess's kind, is not one), and why, where the rules rule out an option it names (``forbidden``:
    a value the action's if refuses here read as a mistyped one), the options again where they are few, and what to type."""
    why = forbidden(text) if forbidden is not None else ""
    why = why or (forbidden.action(text) if hasattr(forbidden, "action") else "")  # `buy`, no buy allowed now
    short = "" if why or len(options) <= SAID_OPTIONS else _amount_refused(text, options, single_zones)
    if short:  # `bid 200` where bids run 63..100: the run, not the first 8 bids listed (a trial)
        return short
    # (a forbidden action's arguments are no option's now: that is the rule's doing, said after, not a mistyped name)
    said = f"{_said_back(text)} is not among this turn's options{'' if why else _unknown_names(text, options, single_zones)}"
    if why:
        said = f"{said}: {why}"
    else:
        said += (_unknown_values(text, options, single_zones) or _unlisted_numbers(text, options, single_zones)
                 or _parts_typed(text, options, single_zones)
                 or _unmatched_words(text, options, single_zones, _spelt_near(text, options, single_zones)))
    if len(options) > SAID_OPTIONS:
        # (the options as many as listed, or, where a line stands for a run of amounts, how many lines list them)
        allowed = f"the {len(options)} the rules allow now" + ("" if _count(options) == len(options) else f", listed as {_count(options)} lines")
        named = _action_named(text, options)
        if named:  # `step 7 16` where walls are listed too: the step options, not an example of a wall
            return (f"{said} ({allowed}); the {named[0].action} options are: {_listing(named, options, single_zones)} "
                    f"(type {_a_number_of(options)}, or an option as listed)")
        return f"{said} ({allowed}): {_type_a_number(options, single_zones)}"
    listing = "; ".join(f"{i}. {o.label(None, single_zones)}" for i, o in enumerate(options, 1))
    if len(options) == 1:
        return f"{said}; the only one is {listing} (type 1, or the option as listed)"
    if why:  # (not ", which are:" after the rule's words)
        return f"{said}; this turn's options are: {listing} (type an option's number, 1..{len(options)}, or an option as listed)"
    # (not "the rules allow only 1. ...; 2. ...": read as "only one", where there are several)
    return f"{said}, which are: {listing} (type an option's number, 1..{len(options)}, or an option as listed)"


def _of_action_typed(typed: set, options) -> list:
    """Those of ``options`` whose action's name is a word of ``typed`` whole, where some are (`play blue` is play's,
    not play_x's, whose name holds play as a part); else all of them."""
    named = [option for option in options if option.action.lower() in typed]
    return named or options


def _action_named(text: str, options) -> list:
    """The options of the action the line's first word names (`step` of `step 7 16`), where that is not all of them."""
    words = _words(text)
    named = [option for option in options if words and option.action.lower() == words[0].lower()]
    return named if len(named) < len(options) else []


TYPED_NAME = re.compile(r"\b(\w+)\s*=")  # a name typed before a value: b of b=[3, 4], zz of zz=3
CALLED_NAME = re.compile(r"[(,]\s*(\w+)\s*=")  # an argument's name in a call written out: card of play(card=...)
SAID_NAMES = 3  # names no option has, said back


def _typed_names(text: str) -> list:
    """The argument names a line types, lower case: in a call written out, play(card=card red value=9), those after
    its '(' or a ',' (value=9 is the component's text, no argument); else each name typed before a value."""
    return [name.lower() for name in (CALLED_NAME if "(" in text else TYPED_NAME).findall(text)]


def _unknown_names(text: str, options, single_zones=()) -> str:
    """For names typed before a value that no option has, as an argument's or an attribute's (zz=[3, 4]): ' (no option
    has an argument zz; pick's are a, b)', each action's argument names; else ''."""
    typed = _typed_names(text)
    if not typed:
        return ""
    names: dict = {}  # action -> its argument names, in the options' order
    known = set()
    for option in options:
        names.setdefault(option.action, [n for n, _ in option.args])
        known.update(n.lower() for n, _ in option.args)
        known.update(w.split("=")[0] for w in [*_words(option.label(None, single_zones)), *_bare_attributes(option, single_zones)]
                     if "=" in w)
    unknown = list(dict.fromkeys(name for name in typed if name not in known))
    if not unknown:
        return ""
    each = "; ".join(f"{action}'s are {', '.join(args)}" if args else f"{action} has none" for action, args in names.items())
    more = ", ..." if len(unknown) > SAID_NAMES else ""  # (a pasted page is not said back name by name)
    return f" (no option has an argument {', '.join(unknown[:SAID_NAMES])}{more}; {each})"


# a value of one word typed after a name: colour=green, src=factory[0] (a list, map or quoted text is read elsewhere)
TYPED_WORD = re.compile(r"""\b(\w+)\s*=\s*([^\s,()\[\]{}:'"=]+(?:\[\d+\])?)""")


def _typed_words(text: str, options) -> list:
    """(name, value) of each value typed after a name: a word (colour=green), or, in a call written out, an argument's
    whole value, up to the next argument's name or its ')': card red value=3 of play(card=card red value=3, f=0), said
    back whole (a trial was told `no option has card=card`)."""
    names = {n.lower() for option in options for n, _ in option.args} if "(" in text else set()
    found, end = [], 0
    for typed in TYPED_WORD.finditer(text):
        if typed.start() < end:  # a word of the argument's value before (value=3 of the card's words)
            continue
        name, value, end = typed[1], typed[2], typed.end()
        if name.lower() in names:
            end = _value_end(text, typed.start(2), names)
            value = text[typed.start(2):end].rstrip(", ")
        found.append((name, value))
    return found


def _unknown_values(text: str, options, single_zones=()) -> str:
    """For the first value typed after an argument's name that no option of the action typed (of any, where none is)
    has there: ' (no option has colour=green now; colour is one of yellow, black, blue)', the values it has, in the
    options' order, in those that have the other values typed so, where some have (src=factory[0]'s colours); else
    '' (a trial was told only that its line was not among 84 options); where each value typed is some option's, only
    not together, that (_apart: a trial was told that no option has a value two listed options have)."""
    named, typed = _action_named(text, options) or options, _typed_words(text, options)
    for name, value in typed:
        everywhere = [t for option in named for t in _value_texts(option, name, single_zones)]
        if not everywhere or _among(value, everywhere):
            continue
        others = [(n, v) for n, v in typed if n.lower() != name.lower()]
        fitting = [o for o in named if all(_holds(o, n, v, single_zones) for n, v in others)]
        shown = [t for option in fitting for t in _value_texts(option, name, single_zones)] or everywhere
        where = f"where {' '.join(f'{n}={v}' for n, v in others)}, " if fitting and others else ""
        return f" (no option has {name}={value} now; {where}{name} is one of {_values_said(_texts_said(shown))})"
    return _apart(typed, named, single_zones)


def _apart(typed: list, named, single_zones=()) -> str:
    """For values typed after two or more arguments' names, each some option's, that no option has together: ' (no
    option has a=1 with b=30; where a=1, b is one of 10, 20)', the values each other argument typed takes with the
    first (of the options listed, so nothing hidden); else ''."""
    args = list({n.lower(): (n, v) for n, v in reversed(typed)
                 if any(_value_texts(o, n, single_zones) for o in named)}.values())[::-1]  # (the first typed of each)
    if len(args) < 2 or any(all(_holds(o, n, v, single_zones) for n, v in args) for o in named):
        return ""
    (name, value), rest = args[0], args[1:]
    with_it = [o for o in named if _holds(o, name, value, single_zones)]
    taken = [(n, _texts_said([t for o in with_it for t in _value_texts(o, n, single_zones)])) for n, _ in rest]
    listed = "; ".join(f"{n} is one of {_values_said(said)}" for n, said in taken if said)
    where = f"; where {name}={value}, {listed}" if listed else ""
    return f" (no option has {name}={value} with {' '.join(f'{n}={v}' for n, v in rest)}{where})"


def _among(value: str, texts: list) -> bool:
    """Whether ``value`` typed is one of ``texts`` (_value_texts: a text, or a value and its label), either way."""
    return value.lower() in (w.lower() for t in texts for w in (t if isinstance(t, tuple) else (t,)))


def _holds(option, name: str, value: str, single_zones=()) -> bool:
    """Whether ``option``'s argument ``name`` is ``value`` as typed."""
    return _among(value, _value_texts(option, name, single_zones))


def _texts_said(texts: list) -> list:
    """_value_texts' texts as a message says them, once each: `1 (wool 2)` for a value and its label."""
    return [f"{t[0]} ({t[1]})" if isinstance(t, tuple) else t for t in dict.fromkeys(texts)]


def _value_texts(option, name: str, single_zones=()) -> list:
    """The text of ``option``'s argument ``name`` as listed; for a value its action's `label:` labels, (the value as the
    records keep it, its label): typed either way, said both ways (`h is one of 1 (wool 2), ...`), as a refusal of
    `h=7` written in labels alone read as if the value typed were another kind of word."""
    listed = [t for n, t in option.argument_texts(None, single_zones) if n.lower() == name.lower()]
    if not listed or not getattr(single_zones, "chosen_labels", None):
        return listed
    plain = [t for n, t in option.argument_texts(None, single_zones.but(chosen_labels={})) if n.lower() == name.lower()]
    return [t if t == v else (v, t) for t, v in zip(listed, plain)]


def _unlisted_numbers(text: str, options, single_zones=()) -> str:
    """For a line of whole numbers alone where an action chooses among lists of that many numbers (a cell as [x, y]) and
    no option holds them: ' (no option has to=[0, 0] now; build's to is one of [1, 0], [0, 1]: type a list's numbers
    in order, 1 0, or to=[1, 0])'; else '' (a trial's `0 0` was told nothing of the form)."""
    words = text.replace(",", " ").split()
    if len(words) < 2 or not all(NUMBER.fullmatch(w) for w in words):
        return ""
    lists: dict = {}  # (action, argument) -> its lists of len(words) numbers, as listed
    for option in options:
        for (name, value), (_, shown) in zip(option.args, option.argument_texts(None, single_zones)):
            if isinstance(value, list) and len(value) == len(words) and all(type(v) is int for v in value):
                lists.setdefault((option.action, name), []).append((value, shown))
    if not lists:
        return ""
    (action, name), held = next(iter(lists.items()))
    shown = list(dict.fromkeys(t for _, t in held))
    more = f", ... ({len(shown) - SAID_MATCHES} more)" if len(shown) > SAID_MATCHES else ""
    example = " ".join(map(str, held[-1][0]))
    return (f" (no option has {name}=[{', '.join(words)}] now; {action}'s {name} is one of {', '.join(shown[:SAID_MATCHES])}"
            f"{more}: type a list's numbers in order, {example}, or {name}={shown[-1]})")


# a word: what lies between spaces, commas, brackets, a map's colons and quotes; a zone's index stays with its name (hand[2])
WORD = re.compile(r"""[^\s(),\[\]{}:'"]+(?:(?<=\w)\[\d+\])?""")


def _unmatched_words(text: str, options, single_zones=(), near: str = "") -> str:
    """" ('floor' matches no option's value or name)" for the words typed bare that no option's label holds, where some
    other word does (a line of one word, or of none that matches, is said back whole already); else '' (a trial's
    `factory[1] black floor` was told only that it was not among 84 options); with ``near``, the line spelt so that it
    names an option or several (_spelt_near), asked about: "; did you mean 'raise 3'?"."""
    known = set().union(*(_label_words(option.label(None, single_zones)) for option in options))
    words = WORD.findall(text)  # as typed: matched lower-cased, said back as typed (a trial's K was told 'k')
    unmatched = list(dict.fromkeys(w for w in words if "=" not in w and w.lower() not in known))
    meant = f"did you mean '{near}'?" if near else ""
    if not unmatched or len(unmatched) == len({w.lower() for w in words}):
        return f" ({meant})" if meant else ""
    said = ", ".join(f"'{w}'" for w in unmatched[:SAID_NAMES]) + (", ..." if len(unmatched) > SAID_NAMES else "")
    return f" ({said} {'matches' if len(unmatched) == 1 else 'match'} no option's value or name now{f'; {meant}' if meant else ''})"


WORD_PARTS = re.compile(r"[^\W_]+")  # the parts of a word joined by a mark: 4 and chars of 4-chars


def _parts_typed(text: str, options, single_zones=()) -> str:
    """For words typed bare that no option's label holds, each a part of a word of some labels joined by a mark (a
    hyphen: chars of 4-chars, which a word typed is matched whole against, as docs/playing.md says): " ('chars' is
    part of 2-chars, 4-chars, 7-chars, 9-chars: type the whole word)", the words holding every such part typed, as
    listed; else '' (a trial's `chars`, four tiles listed with it, was told only that it was not among the options)."""
    known = set().union(*(_label_words(option.label(None, single_zones)) for option in options))
    listed = list(dict.fromkeys(w.rpartition("=")[2] for option in options for w in WORD.findall(option.label(None, single_zones))))
    parted = {w: [p.lower() for p in WORD_PARTS.findall(w)] for w in listed}
    parts = [w for w in dict.fromkeys(WORD.findall(text)) if "=" not in w and w.lower() not in known
             and any(w.lower() in held and len(held) > 1 for held in parted.values())]
    if not parts:
        return ""
    holding = [w for w, held in parted.items() if len(held) > 1 and all(p.lower() in held for p in parts)]
    holding = holding or [w for w, held in parted.items() if len(held) > 1 and parts[0].lower() in held]
    parts = [p for p in parts if any(p.lower() in parted[w] for w in holding)]
    said = ", ".join(f"'{p}'" for p in parts)
    more = ", ..." if len(holding) > SAID_PARTS else ""
    return (f" ({said} {'is part' if len(parts) == 1 else 'are parts'} of {', '.join(holding[:SAID_PARTS])}{more}: "
            f"type the whole word)")


SAID_PARTS = 6  # words said to hold a part typed


NEAR = 0.75  # how alike a word typed and a word of the options must be to be asked about (rasie, raise: 0.8)


def _spelt_near(text: str, options, single_zones=()) -> str:
    """The line with each word typed bare that no option's label holds, of letters, spelt as the one word of the
    options' labels most like it (an action's name, a value: difflib), where the line so spelt names an option or
    several: `raise 3` for `rasie 3` (a bluffing trial's misspelt action got no "did you mean", where validate and the CLI
    give one); else ''. Worked out only for a line refused."""

    from difflib import get_close_matches

    known = sorted(set().union(*(_label_words(option.label(None, single_zones)) for option in options)))
    spelt, changed = text, False
    for word in dict.fromkeys(WORD.findall(text)):
        if "=" in word or word.lower() in known or not word.isalpha():
            continue
        near = get_close_matches(word.lower(), [k for k in known if k.isalpha()], n=1, cutoff=NEAR)
        if near:
            spelt, changed = re.sub(rf"(?<!\w){re.escape(word)}(?!\w)", near[0], spelt), True
    if not changed:
        return ""
    found = match_choice(spelt, options, single_zones)  # an option, or several to tell apart (`raise` of raise(n=1..3))
    return spelt.strip() if not isinstance(found, str) or SEVERAL.match(found) else ""


SEVERAL = re.compile(r"\d+ options match;")  # match_choice's answer to a line that names several options


def _words(text: str) -> list:
    """The words of a line or a label, lower case: d1 and d3 of [d1, d3], a and 2 of {a: 2}, two and words of 'two words'."""
    return WORD.findall(text.lower())


TELLING_WORDS = 6  # words offered that tell matching options apart


def _telling_apart(matches, single_zones=(), options=None) -> str:
    """For each matching option, words of its label that it alone of them has (one, else two), so the player is told
    what to add: with the ``options`` listed, `: Q (option 2), 7 x (option 1)`, each with the number of the option
    it picks (a trial read `(q; or type the whole argument: ...)` as a stray `q;`); else ' (Q, 7 x)'.
    Words are written in the case the listing shows them; a number, which typed alone is an option's number, with the
    word after it (or before) or as its attribute's `rank=8`. A piece's word was asked for where the options differed in
    another argument (flip), and a word several of them share (card=standard_card, five of six) settled nothing."""
    # (a word name=value of another argument's value, a piece's x=0 beside an argument x, would be read as the
    # argument's if typed: never offered)
    labels = [[w for w in _words(option.label(None, single_zones)) if not w.endswith("=") and not NUMBER.fullmatch(w)
               and ("=" not in w or _words_named_as_typed({w}, option, single_zones))] for option in matches]
    shared = set.intersection(*(set(words) for words in labels))
    # (what each option's label lets be typed, and how often: a word offered is one that, typed, the others lack; `wild`
    # of play(card=wild wild) was offered where play(card=wild wild4) has it too, as card=wild's value)
    typable = [_label_words(option.label(None, single_zones)) for option in matches]
    held = [_held_counts(option, single_zones) for option in matches]
    telling, whole = [], []  # (an argument typed whole, which=[d1, d2], is said apart: among words it read as one)
    sets: list = []  # (and so is a set typed as its items, a word each: `E Y`)
    for i, words in enumerate(labels):
        own = [w for w in words if w not in shared]
        phrase, alone = _telling_phrase(own, (typable[i], held[i]), [(typable[j], held[j]) for j in range(len(labels)) if j != i])
        said = telling
        if phrase is None or not alone:  # (a number of its own, 7 of card 7 x, names it alone: 7 x)
            phrase, alone = next(((form, True) for form in _number_forms(i, matches, single_zones)), (phrase, alone))
        if phrase is not None and _repeats_a_value(phrase):  # (n=1 x6, a hand whole: unreadable, and no item named)
            phrase = None
        if phrase is None and (items := _items_form(i, matches, single_zones)) is not None:
            # (a set's items a word each, `c`, not the list whole, which=[card c n=4]: a trial)
            phrase, said, alone = items, sets, True
        if phrase is None:  # (no word at all: which=[], typed so)
            phrase, said, alone = _own_argument(i, matches, single_zones), whole, True
            if phrase is not None and not _words_named_as_typed(set(_words(phrase)), matches[i], single_zones):
                phrase = None
        if phrase is not None:
            phrase = _in_listed_case(phrase, matches[i].label(None, single_zones))
            phrase += f" (option {_listed_number(matches[i], options)})" if options is not None and alone else ""
            if phrase not in said:
                said.append(phrase)
    if len(telling) + len(whole) + len(sets) < 2:
        return ""
    more = f" and {len(telling) - TELLING_WORDS} more" if len(telling) > TELLING_WORDS else ""
    listed = f"{', '.join(telling[:TELLING_WORDS])}{more}"
    cut = f" and {len(whole) - TELLING_WORDS} more" if len(whole) > TELLING_WORDS else ""  # (81 lists were one line)
    written = f"type the whole {'list' if '[' in whole[0] else 'argument'}: {' or '.join(whole[:TELLING_WORDS])}{cut}" if whole else ""
    if sets:  # (as many as the words offered: each names one option)
        more = f" and {len(sets) - TELLING_WORDS} more" if len(sets) > TELLING_WORDS else ""
        items = f"type the items of one, a word each: {' or '.join(sets[:TELLING_WORDS])}{more}"
        written = f"{written}; or {items}" if written else items
    if options is not None:
        return f": {listed}{'; or ' if telling and written else ''}{written}"
    if not written:
        return f" ({listed})"
    return f" ({listed}; or {written})" if telling else f" ({written})"


def _repeats_a_value(phrase: str) -> bool:
    """Whether ``phrase`` writes a name=value word more than once (`value=1 value=1 value=1`): told apart by how many
    items have an attribute's value, which names none of them."""
    valued = [w for w in phrase.split() if "=" in w]
    return len(valued) != len(set(valued))


def _number_forms(i: int, matches, single_zones=()) -> list:
    """Ways to type a number of ``matches[i]``'s label that no other of them has, naming it alone of them: with the
    word after it, or before it, as listed (`7 x` of card 7 x: `7` alone is an option's number), or after the name
    of the attribute that has it (`n=7`)."""
    option = matches[i]
    words = _words(option.label(None, single_zones))
    others = [set(_words(o.label(None, single_zones))) for j, o in enumerate(matches) if j != i]
    forms = []
    for k, word in enumerate(words):
        if not NUMBER.fullmatch(word) or any(word in other for other in others):
            continue
        forms += [f"{word} {words[k + 1]}"] if k + 1 < len(words) and _plain_word(words[k + 1]) else []
        forms += [f"{words[k - 1]} {word}"] if k and _plain_word(words[k - 1]) else []
        forms += [f"{attribute}={word}" for _, value in option.args if isinstance(value, dict)
                  for attribute, v in value.items() if attribute not in ("id", "type", "owner") and str(v).lower() == word]
    return [form for form in forms if _names_alone(form, i, matches, single_zones)]


def _plain_word(word: str) -> bool:
    """Whether a word of a label may go beside a number to type it: neither a number nor a name=value."""
    return "=" not in word and not NUMBER.fullmatch(word)


def _names_alone(text: str, i: int, matches, single_zones=()) -> bool:
    """Whether ``text``, typed, names ``matches[i]`` and none other of them."""
    typed = set(_words(text))
    return all(_has_words(text, typed, option, single_zones) == (j == i) for j, option in enumerate(matches))


def _in_listed_case(phrase: str, label: str) -> str:
    """``phrase``, words of ``label`` lower case (as they are matched), in the case the label shows them: Q, not q."""
    cased = {word.lower(): word for word in reversed(WORD.findall(label))}  # (the first of a spelling, where several)
    return " ".join(cased.get(word, word) for word in phrase.split(" "))


def _listed_number(option, options) -> int:
    """The number ``option`` is listed with: its line's where a line of amounts holds it (Listed), else its own."""
    lines = getattr(options, "line_of", None)
    return lines[id(option)][0] if lines else _number_of(option, options)


def _telling_phrase(own: list, mine: tuple, others: list):
    """Words of ``own`` that typed name this option and none of ``others`` ((typable words, _held_counts) of each): a
    word they lack, else one it shows more often, typed as often (wild wild: `wild` was offered, which named the others
    too), else two such together (i=0 form=0); else its first own word, one to add (d2 of [d1, d2, d3], where others
    hold d2 beside more dice); None where it has none. With whether it names this option alone."""
    def lacked(form, typable, held) -> bool:
        return any(w not in typable or (n > 1 and held[w] < n) for w, n in form)

    shown = mine[1]
    pairs = [(a, b) for k, a in enumerate(own) for b in own[k + 1:]]
    forms = ([[(w, 1)] for w in own] + [[(w, shown[w])] for w in own if shown[w] > 1]
             + [[(a, 1), (b, 1)] for a, b in pairs] + [[(a, max(shown[a], 1)), (b, max(shown[b], 1))] for a, b in pairs])
    form = next((form for form in forms if all(lacked(form, *other) for other in others)), None)
    if form is None:
        return (own[0] if own else None), False
    return " ".join(w for w, n in form for _ in range(n)), True


def _own_argument(i: int, matches, single_zones=()):
    """An argument of ``matches[i]`` written whole, name=value, that no other of them has (which=[]), or None."""
    written = [{f"{n}={t}" for n, t in option.argument_texts(None, single_zones)} for option in matches]
    others = set().union(*(w for j, w in enumerate(written) if j != i))
    return next((w for w in sorted(written[i]) if w not in others), None)


def _label_words(label: str, before: bool = True) -> set:
    """The words a typed word may be of an option's label: each word (card=card, rank=6), and the parts of one joined by
    '=' or '_' (card, standard): an argument that is a component, card=card blue rank=6, is then reached by blue rank=6;
    and, where ``before``, those of the label without its quotes, as older versions listed it (x=two words)."""
    words = set()
    for word in _words(label) + (_words(_unquoted(label)) if before else []):
        words.add(word)
        words.update(part for part in re.split(r"[=_]", word) if part)
        words.update(part for part in word.split("=") if part)  # (a value whole: big_card of card=big_card)
    return words


def _places(options) -> bool:
    """Whether any of the options puts a piece at a position {x, y, rot} (then one can be typed as 'x y rot'): not only
    the first, as a decision may list its pass or its pawn steps before its placements."""
    return any(_a_position(v) for option in options for _, v in option.args)


def _names_unplaced_action(words: list, options) -> bool:
    """Whether the line's first word names an action none of whose options places a piece (`step 7 16`): its numbers
    are then that action's words, not a position."""
    named = _action_named(" ".join(words), options)
    return bool(named) and not _places(named)


def _whole(word: str):
    """The whole number a word of digits writes, or None when it is too long for Python to read as one."""
    try:
        return int(word)
    except ValueError:
        return None


def _all_at_rot_zero(options) -> bool:
    """Whether every position among ``options`` is at rot 0 (a piece that looks the same turned, a grid whose pieces
    never turn), and there is one: then play writes the positions without their rot."""
    if not _places(options):
        return False
    return all(value["rot"] == 0 for option in options for _, value in option.args if _a_position(value))


AMOUNTS_LISTED = 16  # options alike but for one whole number counting up by one, this many or more, listed as one line
SHOWN = 40  # lines of options listed at once; the rest are reached by number or by typing a position


class Amounts:
    """A line of play's listing that stands for a run of options of one action alike but for one whole-number argument,
    ``name``, whose values count up by one, `bid(n=63..100)`: a trial's bids were 38 lines, a sealed bid's 101, and
    the board scrolled away as the seat had to decide how much to bid; or, where the options would take more than SHOWN
    lines, whose values go up with gaps, `bid(n=20..300, 40 values)` (a trial's 40 bids, each its line, pushed its pass
    past the lines listed). Its number asks for the amount. Where the action labels the argument (`label:`), the
    amounts are written by their labels, first and last, `bid(n=one..ten)`, in the prompt and refusals too (a trial's
    numbered bids said nothing of what each meant); ``single_zones``: the listing's Wording, which holds the labels."""

    def __init__(self, options: list, name: str, single_zones=()):
        self.options, self.name, self.action = options, name, options[0].action
        self.words = single_zones
        self.by_value = {self.value(option): option for option in options}
        self.low, self.high = self.value(options[0]), self.value(options[-1])
        self.gaps = len(options) != self.high - self.low + 1  # (values that go up: without gaps, they count up by one)

    def value(self, option) -> int:
        return dict(option.args)[self.name]

    def text(self, amount: int) -> str:
        """An amount as the options write it: its label where the action gives one (three for 3), else the number."""
        return amount_text(self.action, self.name, amount, self.words)

    def run(self) -> str:
        """The amounts as the line writes them: `63..100`, or `20..300, 40 values` where they go up with gaps; by their
        labels where they have some, `one..ten`."""
        return f"{self.text(self.low)}..{self.text(self.high)}" + (f", {len(self.options)} values" if self.gaps else "")

    def label(self, seen=None, single_zones=()) -> str:
        """The line as listed, `bid(n=63..100)`: the first option's label, its amount written as the run."""
        from .options import written_out

        first = self.options[0]
        texts = [(n, self.run() if n == self.name else t)
                 for (n, t), (_, v) in zip(first.argument_texts(seen, single_zones), first.args) if v is not None]
        return written_out(self.action, texts)

    def asking(self) -> str:
        """The prompt once the line's number is typed: `n for bid (63..100)`."""
        return f"{self.name} for {self.action} ({self.run()})"

    def hint(self, number: int) -> str:
        """How to type one of its amounts, with an amount of the run: `(type bid 70 or n=70)`, or its number then the
        amount where the action has other arguments (several such lines may share the name)."""
        if len(self.options[0].args) == 1:
            return f"(type {self.example()})"
        return f"(type {number}, then the {self.name})"

    def example(self) -> str:
        """Two ways to type an amount of the run: `bid 70 or n=70`; where it has a label that names it when typed,
        that label first, `bid three or n=3`."""
        option = self.options[(len(self.options) - 1) // 3]  # (a third of the way up)
        amount, labelled = self.value(option), self.by_label(option)
        return f"{labelled or f'{self.action} {amount}'} or {self.name}={amount}"

    def by_label(self, option) -> str | None:
        """``option`` typed by its amount's label, `bid 3D`, where the action labels the amount and those words name
        that option; else None."""
        amount = self.value(option)
        text = self.text(amount)
        typed = f"{self.action} {text}"
        return typed if text != str(amount) and match_choice(typed, self.options, self.words) is option else None

    def amount(self, n: int):
        """The option of amount ``n``, or None where the run has none."""
        return self.by_value.get(n)

    def refused(self, typed: str) -> str:
        """For an amount ``typed`` that the run does not hold: the run, in one short line; where its values go up with
        gaps, the nearest below and above the amount typed too."""
        if not self.gaps:
            return run_refused(typed, self.name, self.text(self.low), self.text(self.high))
        n = int(typed)
        near = [v for v in (max((v for v in self.by_value if v < n), default=None),
                            min((v for v in self.by_value if v > n), default=None)) if v is not None]
        return (f"{_said_back(typed)}: {self.name} is one of {len(self.options)} values from {self.text(self.low)} to "
                f"{self.text(self.high)} now; the nearest: {' and '.join(map(self.text, near))}")


def amount_text(action: str, name: str, amount: int, single_zones=()) -> str:
    """A whole number chosen for ``name`` of ``action`` as play writes it: its label where the action gives one (the
    Wording ``single_zones`` holds them: options.value_labels), else the number."""
    from .options import _labelled

    labels = getattr(single_zones, "chosen_labels", None)
    return (labels and _labelled(labels, action, name, amount)) or str(amount)


def listing(options, single_zones=()) -> list:
    """The lines play lists the options with, in their order: each option, but for a run of AMOUNTS_LISTED or more
    alike but for one whole-number argument counting up by one, one Amounts line; and where that leaves more than SHOWN
    lines, for such a run whose values go up with gaps too (a trial's 40 bids, each its line, pushed its one pass past
    the lines listed); every other listing is the options'. ``single_zones``: the Wording the options are written
    with, whose labels write a run's amounts."""
    if len(options) < AMOUNTS_LISTED:
        return list(options)
    lines = _folded(options, single_zones=single_zones)
    return _folded(options, gaps=True, single_zones=single_zones) if len(lines) > SHOWN else lines


def _folded(options, gaps: bool = False, single_zones=()) -> list:
    """``options`` listed with each run of AMOUNTS_LISTED or more one Amounts line: runs counting up by one, or, with
    ``gaps``, going up."""
    lines, i = [], 0
    while i < len(options):
        end, name = _amount_run(options, i, gaps)
        if end - i >= AMOUNTS_LISTED:
            lines.append(Amounts(options[i:end], name, single_zones))
            i = end
        else:
            lines.append(options[i])
            i += 1
    return lines


def _amount_run(options, start: int, gaps: bool = False) -> tuple:
    """(end, name): the longest run of ``options`` from ``start`` of one action, alike but for the whole-number
    argument ``name``, counting up by one (with ``gaps``: going up); (start + 1, None) where there is none."""
    first = options[start]
    best = (start + 1, None)
    for at, (name, value) in enumerate(first.args):
        if type(value) is not int:
            continue
        end = start + 1
        while end < len(options) and _next_amount(options[end - 1], options[end], at, gaps):
            end += 1
        if end > best[0]:
            best = (end, name)
    return best


def _next_amount(before, option, at: int, gaps: bool = False) -> bool:
    """Whether ``option`` is ``before`` with its argument ``at``, a whole number, one more (with ``gaps``: more)."""
    if option.action != before.action or len(option.args) != len(before.args):
        return False
    for i, ((name, value), (was_name, was)) in enumerate(zip(option.args, before.args)):
        if name != was_name:
            return False
        if i == at:
            if type(value) is not int or not (value > was if gaps else value == was + 1):
                return False
        elif type(value) is not type(was) or value != was:
            return False
    return True


class Listed(list):
    """Options as play reads what is typed against them, where the listing has lines of amounts: each option's number is
    the number of its line (a line of amounts asks for the amount), and there are ``listed`` lines."""

    def __init__(self, options, lines: list):
        super().__init__(options)
        self.listed = len(lines)
        self.line_of = {id(o): (i, line) for i, line in enumerate(lines, 1) for o in (line.options if isinstance(line, Amounts) else [line])}
        self.numbers = {key: i for key, (i, _) in self.line_of.items()}


def _number_of(option, options) -> int:
    """The number ``option`` is listed with among ``options``: its place, or its line's (Listed)."""
    numbers = getattr(options, "numbers", None)
    return options.index(option) + 1 if numbers is None else numbers[id(option)]


def _count(options) -> int:
    """How many numbers the listing of ``options`` has: the options', or its lines' (Listed)."""
    return getattr(options, "listed", len(options))


def read_listed(text: str, lines: list, options, single_zones=(), again: bool = False, reading: NumberReading | None = None,
                forbidden=None, refining: str | None = None):
    """What ``text`` names where the options are listed as ``lines`` (listing): an option, a line of amounts (Amounts:
    its number typed, or its words without an amount, `bid`), or a message; numbers are the lines' numbers, words are
    read as match_choice reads them."""
    if len(lines) == len(options):
        return match_choice(text, options, single_zones, again, reading, forbidden, refining)
    number = _option_number(text)
    if number is not None:
        return _by_line_number(number, lines, options, single_zones)
    ranges = [line for line in lines if isinstance(line, Amounts)]
    named = [line for line in ranges if _words(text) and set(_words(text)) <= set(_words(line.label(None, single_zones)))
             | {line.action.lower()}]
    if len(named) == 1:  # `bid`, or the line as listed: its amount is asked
        return named[0]
    return match_choice(text, Listed(options, lines), single_zones, again, None, forbidden, refining)


def _by_line_number(number: str, lines: list, options, single_zones=()):
    """The line numbered ``number``, else what to type: an amount of a line of amounts is typed with its name."""
    n = _whole(number)
    if n is not None and 1 <= n <= len(lines):
        return lines[n - 1]
    for at, line in enumerate(lines, 1):
        if isinstance(line, Amounts) and n is not None and line.amount(n) is not None:
            option = line.amount(n)
            typed = f"{line.name}={n}, or {at}, then {n}" if len(option.args) == 1 else f"{at}, then {n}"
            labelled = line.by_label(option)  # (`bid 3D`, as the line's typing hint gives it)
            typed = f"{labelled}, {typed}" if labelled else typed
            return (f"{_said_back(number)} is no option's number; {option.label(None, single_zones)} is of line {at}, "
                    f"{line.label(None, single_zones)}: type {typed}")
    last = lines[-1].label(None, single_zones)
    return (f"{_said_back(number)} is not one of this turn's {len(lines)} lines: type a line's number, 1..{len(lines)}, "
            f"or an option as listed, e.g. {last}")


BOARD_WORDS = ("board", "?")  # typed alone, where no option's words hold them: the board and the options again
HELP_WORDS = ("help",)  # what may be typed
PAGE_WORDS = ("more", "all")  # the next SHOWN lines of options, and every line


def command_typed(text: str, options, single_zones=()) -> str | None:
    """'board', 'help', 'more' or 'all' where ``text`` is one of BOARD_WORDS, HELP_WORDS or PAGE_WORDS alone and no
    option's label holds it as a word (an action or a zone so named is still chosen by it); else None."""
    word = text.strip().lower()
    kind = "board" if word in BOARD_WORDS else "help" if word in HELP_WORDS else word if word in PAGE_WORDS else None
    if kind is None or any(word in _label_words(option.label(None, single_zones)) for option in options):
        return None
    return kind


def help_text(lines: list, options, single_zones=()) -> list:
    """What may be typed at the prompt, a line each (`help`)."""
    example = next((line for line in reversed(lines) if not isinstance(line, Amounts)), lines[-1]).label(None, single_zones)
    said = ["what you may type:",
            f"  an option's number, 1..{len(lines)}, the option as listed, or some of its words: {example}"]
    for at, line in enumerate(lines, 1):
        if isinstance(line, Amounts):
            said.append(f"  for {at}. {line.label(None, single_zones)}: {at}, then the {line.name} asked for"
                        f"{'' if len(line.options[0].args) > 1 else f'; or the amount with words of the line, {line.example()}'}")
    if _places(options):
        said.append(f"  a position: {_position_hint(options)}")
    said += [f"  {' or '.join(BOARD_WORDS)}: the board and the options again (the first {SHOWN} lines)",
             f"  more: the next {SHOWN} lines of options, past those listed; all: every line ({len(lines)})", "  help: this",
             "  quit, exit, Ctrl-D or Ctrl-C: leave the game (its seed is said, to play it again)"]
    return said


LEAVE_WORDS = ("quit", "exit")  # typed alone, where no option's words hold them: leave the game, as Ctrl-D does
LEAVING = "quit, exit or Ctrl-D leaves the game"  # said with the first line refused at a decision


def leaving_typed(text: str, options, single_zones=()) -> bool:
    """Whether ``text`` is one of LEAVE_WORDS alone and no option's label holds it as a word (an action `quit` is still
    chosen by it)."""
    word = text.strip().lower()
    return word in LEAVE_WORDS and not any(word in _label_words(option.label(None, single_zones)) for option in options)
