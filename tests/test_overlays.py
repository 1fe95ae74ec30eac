"""The overlay mechanism (DESIGN.md, language point 9; the merge rules in dsl/overlays.py)
on a small synthetic ruleset written to a temporary folder.

Every overlay here is a file next to the base; expectations are written from the merge
rules, and errors are checked for their code and for the exact place in the overlay.
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from philtre.dsl import PhiltreError, load_ruleset
from philtre.dsl.validate import check_file, overlay_base as check_overlay_base
from philtre.interpreter import Game
from philtre.interpreter.scenarios import run_scenarios

BASE = """\
philtre: 1
game: mini
title: Mini
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
variables:
  dealer: 0
define:
  limit: 10
  bonus: 1
  spare: 99
  total(z): sum(c.value for c in z)
actions:
  play:
    choose: {card: "hand[me]"}
    do:
      - name: check
        when: total(pile) + card.value > limit
        move: pile -> deck
      - name: place
        move: card -> pile
flow:
  - name: rounds
    repeat: 2
    do:
      - round:
          - name: gather
            move: components -> deck
          - shuffle: deck
          - name: deal
            deal: {from: deck, to: "[hand[p] for p in players]"}
          - name: turns
            turns: left(dealer)
            until: all(count(hand[p]) == 0 for p in players)
            do:
              - decide: play
          - name: scoring
            for: p in players
            do:
              - score: {player: p, add: bonus}
      - name: pass-deal
        set: {dealer: left(dealer)}
winners: {highest: "score[p]"}
scenarios:
  - name: base scenario
    players: 2
    expect:
      - count(deck) == 0
"""


@pytest.fixture
def base(tmp_path) -> Path:
    path = tmp_path / "ruleset.yaml"
    path.write_text(BASE)
    return path


def write(base: Path, name: str, text: str) -> Path:
    """An overlay file beside the base (``name`` may include a sub-folder)."""
    path = base.parent / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text))
    return path


def load(base: Path, *overlays):
    return load_ruleset(str(base), [str(o) for o in overlays])


def failure(base: Path, *overlays):
    """The first diagnostic of loading ``base`` with ``overlays`` (which must fail)."""
    with pytest.raises(PhiltreError) as info:
        load(base, *overlays)
    return info.value.first


def poison_failure(tmp_path, overlay: str):
    """The first diagnostic of loading the shipped Poison with ``overlay`` (the text of house.yaml), which must fail."""
    house = tmp_path / "house.yaml"
    house.write_text(overlay, encoding="utf-8")
    with pytest.raises(PhiltreError) as info:
        load_ruleset("poison", [str(house)])
    return info.value.first


def position(text: str, needle: str, nth: int = 0) -> tuple[int, int]:
    """1-based (line, column) of the ``nth`` occurrence of ``needle`` in ``text``."""
    at = -1
    for _ in range(nth + 1):
        at = text.index(needle, at + 1)
    return text.count("\n", 0, at) + 1, at - (text.rfind("\n", 0, at) + 1) + 1


def at(diagnostic, path: Path, needle: str, nth: int = 0) -> None:
    """The diagnostic points into ``path`` at ``needle``."""
    assert os.path.samefile(diagnostic.loc.path, path), str(diagnostic)
    assert (diagnostic.loc.line, diagnostic.loc.col) == position(path.read_text(), needle, nth), str(diagnostic)


def named(value, name):
    """The statement named ``name`` anywhere in a nested structure of lists and maps."""
    found = []
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            if v.get("name") == name:
                found.append(v)
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
    assert len(found) == 1, f"{len(found)} items named {name!r}"
    return found[0]


def names(items) -> list:
    return [i.get("name") for i in items]


def round_block(source) -> list:
    return named(source, "rounds")["do"][0]["round"]


def play(rs, n=2, seed=0):
    game = Game(rs, n, seed=seed)
    rng = random.Random(seed)
    while not game.finished:
        for p in game.pending():
            options = game.options(p)
            game.apply(p, options[rng.randrange(len(options))])
    return game


# -- the base -----------------------------------------------------------------------------------

def test_the_base_validates_and_plays(base):
    rs = load(base)
    assert rs.name == "mini" and (rs.min_players, rs.max_players) == (2, 4)
    assert [r.passed for r in run_scenarios(rs)] == [True]
    assert play(rs, 3).scores == [2, 2, 2]


# -- merging --------------------------------------------------------------------------------------

def test_map_merge_keeps_untouched_keys(base):
    overlay = write(base, "v.yaml", """\
        extends: ruleset.yaml
        define:
          limit: 12
        components:
          card:
            copies: 3
        zones:
          pile: {count: nobody}
        """)
    rs = load(base, overlay)
    define = rs.source["define"]
    assert define["limit"] == 12
    assert list(define) == ["limit", "bonus", "spare", "total(z)"]
    assert define["total(z)"] == "sum(c.value for c in z)"
    assert dict(rs.source["components"]["card"]) == {"attributes": {"value": [1, 2, 3]}, "copies": 3, "start": "deck"}
    assert dict(rs.source["zones"]["pile"]) == {"visible": "everyone", "count": "nobody"}
    assert list(rs.source["zones"]) == ["deck", "hand", "pile"]
    assert len(Game(rs, 2, seed=0).state.components) == 9


def test_a_scalar_replaces(base):
    overlay = write(base, "v.yaml", """\
        extends: ruleset.yaml
        players: 3
        title: Mini for three
        """)
    rs = load(base, overlay)
    assert (rs.min_players, rs.max_players) == (3, 3)
    assert rs.title == "Mini for three"
    with pytest.raises(PhiltreError) as info:
        Game(rs, 2)
    assert info.value.first.code == "R001"


def test_an_unnamed_list_replaces(base):
    overlay = write(base, "v.yaml", """\
        extends: ruleset.yaml
        components:
          card:
            attributes: {value: [5, 6]}
        """)
    rs = load(base, overlay)
    assert rs.source["components"]["card"]["attributes"]["value"] == [5, 6]
    values = sorted(c["value"] for c in Game(rs, 2, seed=0).state.components)
    assert values == [5, 5, 6, 6]


def test_a_named_statement_deep_in_the_flow_is_patched_by_name_alone(base):
    overlay = write(base, "v.yaml", """\
        extends: ruleset.yaml
        flow:
          - name: deal
            deal: {count: 1}
          - name: turns
            until: all(count(hand[p]) < 1 for p in players)
        """)
    rs = load(base, overlay)
    block = round_block(rs.source)
    assert names(block) == ["gather", None, "deal", "turns", "scoring"]
    assert dict(block[2]["deal"]) == {"from": "deck", "to": "[hand[p] for p in players]", "count": 1}
    assert block[3]["until"] == "all(count(hand[p]) < 1 for p in players)"
    assert block[3]["turns"] == "left(dealer)" and block[3]["do"] == [{"decide": "play"}]
    assert names(rs.source["flow"]) == ["rounds"]
    game = play(rs, 3)
    assert game.decisions == 2 * 3  # one card each, two rounds
    # the base is untouched by the overlay
    assert named(load(base).source, "deal")["deal"].get("count") is None


def test_after_and_before_insert_at_the_right_place(base):
    overlay = write(base, "v.yaml", """\
        extends: ruleset.yaml
        flow:
          - $after: gather
            name: reset
            set: {dealer: 0}
          - $before: rounds
            name: intro
            set: {dealer: 1}
          - $after: pass-deal
            name: coda
            set: {dealer: 0}
        actions:
          play:
            do:
              - $before: place
                name: log
                set: {dealer: me}
        """)
    rs = load(base, overlay)
    assert names(rs.source["flow"]) == ["intro", "rounds"]
    assert names(named(rs.source, "rounds")["do"]) == [None, "pass-deal", "coda"]
    assert names(round_block(rs.source)) == ["gather", "reset", None, "deal", "turns", "scoring"]
    assert names(rs.source["actions"]["play"]["do"]) == ["check", "log", "place"]
    inserted = named(rs.source, "reset")
    assert dict(inserted) == {"name": "reset", "set": {"dealer": 0}}  # no $after left over


def test_remove_true_removes_a_named_item(base):
    overlay = write(base, "v.yaml", """\
        extends: ruleset.yaml
        actions:
          play:
            do:
              - name: check
                $remove: true
        flow:
          - name: pass-deal
            $remove: true
        """)
    rs = load(base, overlay)
    assert names(rs.source["actions"]["play"]["do"]) == ["place"]
    assert names(named(rs.source, "rounds")["do"]) == [None]
    game = play(rs, 3)
    assert game.state.vars["dealer"] == 0               # the deal never passes
    assert len(game.state.zones["pile"][0]) == 6        # the pile never goes back to the deck
    assert play(load(base), 3).state.vars["dealer"] == 2


@pytest.mark.parametrize("directive, value", [("$remove", "1"), ("$remove", "false"), ("$replace", "yes please")])
def test_remove_and_replace_take_only_true(base, directive, value):
    overlay = write(base, "v.yaml", f"""\
        extends: ruleset.yaml
        flow:
          - name: pass-deal
            {directive}: {value}
        """)
    with pytest.raises(PhiltreError) as info:
        load(base, overlay)
    d = info.value.first
    assert (d.code, d.loc.line, d.loc.col) == ("O009", 4, 5 + len(directive) + 2), str(d)
    assert f"takes true, not {value if value != 'yes please' else repr(value)}" in d.message


@pytest.mark.parametrize("value", ["false", "1"])
def test_remove_of_a_mapping_value_takes_only_true(base, value):
    """`spare: {$remove: false}` removed the definition anyway, and the errors then pointed into the base."""
    overlay = write(base, "v.yaml", f"""\
        extends: ruleset.yaml
        define:
          spare: {{$remove: {value}}}
        """)
    with pytest.raises(PhiltreError) as info:
        load(base, overlay)
    d = info.value.first
    assert (d.code, d.loc.path, d.loc.line, d.loc.col) == ("O009", str(overlay), 3, 20), str(d)
    assert f"$remove takes true, not {value}" in d.message


@pytest.mark.parametrize("value, beside, col", [
    ("{$replace: {visible: everyone}, count: nobody}", "count", 41),
    ("{$remove: true, visible: everyone}", "visible", 25),
])
def test_a_key_beside_replace_or_remove_is_refused_not_ignored(base, value, beside, col):
    """`deck: {$replace: {...}, count: nobody}` dropped `count` without a word."""
    overlay = write(base, "v.yaml", f"""\
        extends: ruleset.yaml
        zones:
          deck: {value}
        """)
    with pytest.raises(PhiltreError) as info:
        load(base, overlay)
    d = info.value.first
    assert (d.code, d.loc.path, d.loc.line, d.loc.col) == ("O012", str(overlay), 3, col), str(d)
    assert f"'{beside}' beside" in d.message and "would be ignored" in d.message


def test_replace_true_replaces_a_named_item(base):
    overlay = write(base, "v.yaml", """\
        extends: ruleset.yaml
        flow:
          - name: scoring
            $replace: true
            for: p in [0]
            do:
              - score: {player: p, add: 5}
        """)
    rs = load(base, overlay)
    scoring = named(rs.source, "scoring")
    assert dict(scoring) == {"name": "scoring", "for": "p in [0]", "do": [{"score": {"player": "p", "add": 5}}]}
    assert play(rs, 3).scores == [10, 0, 0]


def test_remove_as_a_map_value_removes_the_key(base):
    overlay = write(base, "v.yaml", """\
        extends: ruleset.yaml
        define:
          spare: {$remove: true}
        zones:
          hand: {visible: {$remove: true}}
        """)
    rs = load(base, overlay)
    assert "spare" not in rs.source["define"]
    assert list(rs.source["define"]) == ["limit", "bonus", "total(z)"]
    assert dict(rs.source["zones"]["hand"]) == {"each": "player"}


def test_replace_as_a_map_value_replaces_the_map(base):
    overlay = write(base, "v.yaml", """\
        extends: ruleset.yaml
        winners: {$replace: {lowest: "score[p]"}}
        zones:
          hand: {$replace: {each: player}}
        """)
    rs = load(base, overlay)
    assert dict(rs.source["winners"]) == {"lowest": "score[p]"}  # not merged with `highest`
    assert dict(rs.source["zones"]["hand"]) == {"each": "player"}
    assert rs.winners.order == "lowest"


# -- errors point into the overlay ---------------------------------------------------------------

def test_naming_a_statement_that_does_not_exist_is_o005_with_a_hint(base):
    overlay = write(base, "v.yaml", """\
        extends: ruleset.yaml
        flow:
          - name: rounds
            repeat: 3
          - name: turnz
            until: true
        """)
    d = failure(base, overlay)
    assert d.code == "O005"
    line, col = position(overlay.read_text(), "turnz")
    assert os.path.samefile(d.loc.path, overlay) and d.loc.line == line
    assert d.loc.col in (col, position(overlay.read_text(), "name: turnz")[1])  # the name or its key
    assert "turnz" in d.message
    assert "did you mean 'turns'" in d.hint


def test_anchoring_on_a_missing_name_is_o005_with_a_hint(base):
    overlay = write(base, "v.yaml", """\
        extends: ruleset.yaml
        actions:
          play:
            do:
              - $after: plase
                name: draw
                move: last(deck) -> hand[me]
        """)
    d = failure(base, overlay)
    assert d.code == "O005"
    assert os.path.samefile(d.loc.path, overlay) and d.loc.line == position(overlay.read_text(), "plase")[0]
    assert "did you mean 'place'" in d.hint


def test_removing_a_missing_key_is_o005_with_a_hint(base):
    overlay = write(base, "v.yaml", """\
        extends: ruleset.yaml
        define:
          sapre: {$remove: true}
        """)
    d = failure(base, overlay)
    assert d.code == "O005"
    at(d, overlay, "sapre")
    assert "did you mean 'spare'" in d.hint


@pytest.mark.parametrize("item", [["name: check", "$remove: true"],
                                  ["name: check", "$replace: true", "move: pile -> deck"],
                                  ["$after: check", "name: draw", "move: last(deck) -> hand[me]"]])
def test_patching_by_name_a_list_the_base_names_nothing_in_is_o005_not_a_schema_error(base, item):
    # the base's action names none of its effects: the overlay's list replaced it, directives and all, and the schema
    # then called `$remove` an unknown key of a statement ("did you mean 'move'?"), with no word of the missing name
    base.write_text(BASE.replace("      - name: check\n        when", "      - when").replace("      - name: place\n        move", "      - move"))
    overlay = base.parent / "v.yaml"
    overlay.write_text("extends: ruleset.yaml\nactions:\n  play:\n    do:\n      - " + "\n        ".join(item) + "\n")
    d = failure(base, overlay)
    assert d.code == "O005" and "'check'" in d.message, str(d)
    assert d.loc.line == 5 and "name" in d.hint and "$replace" in d.hint


EVERY_MISTAKE = """\
    extends: ruleset.yaml
    define:
      sapre: {$remove: true}
    flow:
      - name: scorng
        for: p in players
      - name: rounds
        repeat: 3
    actions:
      play:
        do:
          - $after: plase
            name: draw
            move: last(deck) -> hand[me]
          - {move: card -> pile}
    """
NESTED_MISTAKE = """\
    extends: ruleset.yaml
    flow:
      - name: deal
        deal: {cont: {$remove: true}}
      - name: pass-del
        set: {dealer: 0}
    """


@pytest.mark.parametrize("text, expected", [
    (EVERY_MISTAKE, [("O005", "sapre"), ("O005", "scorng"), ("O005", "plase"), ("O006", "{move: card")]),
    (NESTED_MISTAKE, [("O005", "cont"), ("O005", "pass-del")]),
], ids=["keys-and-items", "inside-a-named-item"])
def test_every_mistake_of_an_overlay_is_reported_at_once(base, text, expected):
    """An overlay with several independent mistakes was reported one at a time: fix one, run again, find the next."""
    overlay = write(base, "v.yaml", text)
    with pytest.raises(PhiltreError) as info:
        load(base, overlay)
    assert all(os.path.samefile(d.loc.path, overlay) for d in info.value.diagnostics), info.value.diagnostics
    text = overlay.read_text()
    assert [(d.code, d.loc.line) for d in info.value.diagnostics] == [(code, position(text, needle)[0]) for code, needle in expected]


@pytest.mark.parametrize("section, name, used_at", [
    ("define", "bonus", "add: bonus"), ("zones", "pile", "total(pile)"), ("variables", "dealer", "left(dealer)"),
    ("actions", "play", "decide: play"),
])
def test_a_name_an_overlay_removes_but_the_base_still_uses_is_said_so(base, section, name, used_at):
    """Removing a zone the base's rules read was "unknown name 'pile' (to give the word 'pile', quote it: 'pile')"
    at the base: the hint sent the author the wrong way, and nothing pointed at the overlay."""
    overlay = write(base, "v.yaml", f"""\
        extends: ruleset.yaml
        {section}:
          {name}: {{$remove: true}}
        """)
    with pytest.raises(PhiltreError) as info:
        load(base, overlay)
    assert position(BASE, used_at)[0] in [d.loc.line for d in info.value.diagnostics], info.value.diagnostics
    for d in info.value.diagnostics:
        assert os.path.samefile(d.loc.path, base), d
        assert d.hint == f"'{name}' is removed by the overlay at {overlay}:3:3, and this still uses it", d


@pytest.mark.parametrize("how", ["--variant", "validate"])
def test_a_variant_that_extends_its_own_games_name_is_told_the_path_to_write(base, how):
    """A variant of one's own game written as the shipped ones are (`extends: poison`), `extends: mini`, was
    "O002 cannot find 'mini'": a game that is not shipped is found by its path, and nothing said so."""
    overlay = write(base, "variants/short.yaml", """\
        extends: mini
        define: {limit: 5}
        """)
    if how == "--variant":
        d = failure(base, "short")
        code, path, hint = d.code, d.loc.path, d.hint
    else:
        result = subprocess.run([sys.executable, "-m", "philtre", "validate", "--format", "json", str(overlay)],
                                cwd=base.parent, capture_output=True, text=True, timeout=60)
        assert result.returncode == 1, result.stderr
        [found] = json.loads(result.stdout)
        code, path, hint = found["code"], found["path"], found["hint"]
    assert code == "O002" and os.path.samefile(path, overlay), (code, path)
    assert hint == "'mini' is the game of ../ruleset.yaml, which is not shipped: write extends: ../ruleset.yaml", hint
    overlay.write_text("extends: ../ruleset.yaml\ndefine: {limit: 5}\n", encoding="utf-8")
    assert load(base, "short").source["define"]["limit"] == 5


def test_o005_on_the_command_line(base):
    overlay = write(base, "v.yaml", """\
        extends: ruleset.yaml
        flow:
          - name: dael
            deal: {count: 1}
        """)
    result = subprocess.run([sys.executable, "-m", "philtre", "validate", str(overlay)], cwd=base.parent,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    line, _ = position(overlay.read_text(), "dael")
    assert result.stdout.startswith(f"v.yaml:{line}:"), result.stdout
    assert "O005" in result.stdout and "did you mean 'deal'" in result.stdout


def test_an_unknown_top_level_key_is_reported_at_the_overlay_line(base):
    overlay = write(base, "v.yaml", """\
        extends: ruleset.yaml
        define:
          limit: 3
        zonez:
          hand: {visible: everyone}
        """)
    d = failure(base, overlay)
    assert d.code.startswith("V")
    assert os.path.samefile(d.loc.path, overlay)
    assert d.loc.line == position(overlay.read_text(), "zonez")[0]
    assert "zonez" in d.message


def test_an_unknown_nested_key_is_reported_at_the_overlay_line(base):
    overlay = write(base, "v.yaml", """\
        extends: ruleset.yaml
        define:
          limit: 3
        zones:
          hand:
            visble: owner
        """)
    d = failure(base, overlay)
    assert d.code.startswith("V")
    assert os.path.samefile(d.loc.path, overlay)
    assert d.loc.line == position(overlay.read_text(), "visble")[0]
    assert "visble" in d.message


def test_a_bad_expression_in_the_overlay_is_reported_at_its_exact_character(base):
    overlay = write(base, "v.yaml", """\
        extends: ruleset.yaml
        define:
          limit: 10 + bogus
        """)
    d = failure(base, overlay)
    at(d, overlay, "bogus")
    assert "bogus" in d.message and "did you mean 'bonus'" in d.hint
    overlay = write(base, "w.yaml", """\
        extends: ruleset.yaml
        flow:
          - name: turns
            until: all(count(hnd[p]) == 0 for p in players)
        """)
    d = failure(base, overlay)
    at(d, overlay, "hnd")
    assert "hnd" in d.message


# -- chains and combinations ---------------------------------------------------------------------

def test_a_chain_a_extends_b_extends_base(base):
    inner = write(base, "variants/b.yaml", """\
        extends: ../ruleset.yaml
        define:
          limit: 12
          bonus: 2
        """)
    outer = write(base, "house/a.yaml", """\
        extends: ../variants/b.yaml
        define:
          bonus: 3
        flow:
          - name: rounds
            repeat: 3
        """)
    rs = load(base, outer)
    assert rs.source["define"]["limit"] == 12                # B's change
    assert named(rs.source, "rounds")["repeat"] == 3         # A's change
    assert rs.source["define"]["bonus"] == 3                 # A is applied after B
    assert play(rs, 2).scores == [9, 9]
    # a shipped variant (in the base's variants/ folder) can be extended by name
    by_name = write(base, "house/c.yaml", """\
        extends: b
        flow:
          - name: rounds
            repeat: 1
        """)
    rs = load(base, by_name)
    assert rs.source["define"]["limit"] == 12 and named(rs.source, "rounds")["repeat"] == 1


def test_two_variants_changing_the_same_place_is_o010_naming_both(base):
    first = write(base, "first.yaml", """\
        extends: ruleset.yaml
        define:
          limit: 12
        """)
    second = write(base, "second.yaml", """\
        extends: ruleset.yaml
        define:
          limit: 14
        """)
    d = failure(base, first, second)
    assert d.code == "O010"
    assert "'first'" in d.message and "'second'" in d.message
    assert "define.limit" in d.message
    at(d, second, "14")
    assert "first.yaml:3:" in d.hint


def test_two_variants_changing_different_places_combine(base):
    first = write(base, "first.yaml", """\
        extends: ruleset.yaml
        define:
          limit: 12
        """)
    second = write(base, "second.yaml", """\
        extends: ruleset.yaml
        flow:
          - name: rounds
            repeat: 3
        """)
    for order in ((first, second), (second, first)):
        rs = load(base, *order)
        assert rs.source["define"]["limit"] == 12 and named(rs.source, "rounds")["repeat"] == 3
    assert load(base, first, second).content_hash == load(base, second, first).content_hash


def test_a_variant_setting_what_the_base_has_conflicts_with_one_changing_it_in_either_order(base):
    """Poisons' really-wild says `players: 4..8`, as the base does, and three-players changes it: in one order the
    restated value was no change, and the two combined silently into a three-player really-wild."""
    restating = write(base, "restating.yaml", """\
        extends: ruleset.yaml
        players: 2..4
        """)
    changing = write(base, "changing.yaml", """\
        extends: ruleset.yaml
        players: 3
        """)
    for order in ((restating, changing), (changing, restating)):
        d = failure(base, *order)
        assert d.code == "O010" and "players" in d.message, str(d)


BARE = """\
philtre: 1
game: bare
players: 2
actions:
  go: {}
flow:
  - turns: 0
    until: turn_number >= 4
    do:
      - decide: go
"""

RETREAT = """\
variables:
  moves: 0
actions:
  go: {}
  retreat:
    do:
      - set: {moves: moves + 1}
"""


def bare_base(tmp_path, sections: str = "") -> Path:
    """A base with no `variables:`, `zones:` or `define:` section (``sections`` replaces its `actions:`)."""
    path = tmp_path / "bare.yaml"
    path.write_text(BARE.replace("actions:\n  go: {}\n", sections) if sections else BARE)
    return path


@pytest.mark.parametrize("section, first, second", [
    ("variables", "a: 1", "b: 2"),
    ("define", "a: 1", "b: 2"),
    ("zones", "a: {visible: everyone}", "b: {visible: everyone}"),
])
def test_variants_adding_different_entries_to_a_section_the_base_lacks_combine(tmp_path, section, first, second):
    """A trial's two variants each adding its own variable met O010 (naming the other's variable) until the base
    wrote `variables: {}`: a section the base lacks is an empty one."""
    base = bare_base(tmp_path)
    one = write(base, "one.yaml", f"extends: bare.yaml\n{section}:\n  {first}\n")
    two = write(base, "two.yaml", f"extends: bare.yaml\n{section}:\n  {second}\n")
    for order in ((one, two), (two, one)):
        assert set(load(base, *order).source[section]) == {"a", "b"}


def test_variants_setting_one_entry_of_a_section_the_base_lacks_still_conflict(tmp_path):
    base = bare_base(tmp_path)
    one = write(base, "one.yaml", "extends: bare.yaml\nvariables:\n  a: 1\n  b: 1\n")
    two = write(base, "two.yaml", "extends: bare.yaml\nvariables:\n  a: 2\n")
    d = failure(base, one, two)
    assert d.code == "O010" and "both change variables.a" in d.message and "variables.b" not in d.message, str(d)
    at(d, two, "2")
    assert "one.yaml:3:" in d.hint


def test_o010_names_the_key_both_variants_set(tmp_path):
    base = bare_base(tmp_path, RETREAT)
    one = write(base, "one.yaml", "extends: bare.yaml\nactions:\n  retreat:\n    then:\n      - decide: go\n")
    two = write(base, "two.yaml", "extends: bare.yaml\nactions:\n  retreat:\n    then:\n      - set: {moves: 0}\n")
    d = failure(base, one, two)
    assert d.code == "O010" and "both change actions.retreat.then" in d.message, str(d)
    at(d, two, "- set")


def test_o010_names_the_place_one_variant_writes_whole_and_the_key_the_other_changes_in_it(tmp_path):
    base = bare_base(tmp_path, RETREAT)
    whole = write(base, "whole.yaml", "extends: bare.yaml\nactions:\n  retreat:\n    $replace:\n      do:\n"
                                      "        - set: {moves: 2}\n")
    part = write(base, "part.yaml", "extends: bare.yaml\nactions:\n  retreat:\n    then:\n      - decide: go\n")
    for order in ((whole, part), (part, whole)):
        d = failure(base, *order)
        assert d.code == "O010", str(d)
        assert "both change actions.retreat ('part' changes actions.retreat.then in it)" in d.message, str(d)


def test_a_variant_setting_what_an_earlier_variant_set_does_not_conflict_in_either_order(base):
    """Two variants saying the same thing agree: neither order is a contradiction."""
    first = write(base, "first.yaml", """\
        extends: ruleset.yaml
        define:
          limit: 12
        """)
    second = write(base, "second.yaml", """\
        extends: ruleset.yaml
        define:
          limit: 12
          bonus: 1
        """)
    for order in ((first, second), (second, first)):
        assert load(base, *order).source["define"]["limit"] == 12


@pytest.mark.parametrize("written", ["true", "1.0"])
def test_a_value_of_another_kind_equal_to_python_is_a_change(base, written):
    """`bonus: true` over `bonus: 1` was dropped as the same value (Python's True == 1): the variant did nothing."""
    changing = write(base, "changing.yaml", f"""\
        extends: ruleset.yaml
        define:
          bonus: {written}
        """)
    if written == "true":
        d = failure(base, changing)
        assert d.code == "E120" and "true or false" in d.message, str(d)
    else:
        assert type(load(base, changing).source["define"]["bonus"]) is float


def test_two_variants_changing_different_keys_of_one_named_statement_combine(base):
    """The `name:` that selects a statement is not a change: two variants that patch
    different keys of the same statement do not conflict."""
    first = write(base, "first.yaml", """\
        extends: ruleset.yaml
        flow:
          - name: turns
            turns: dealer
        """)
    second = write(base, "second.yaml", """\
        extends: ruleset.yaml
        flow:
          - name: turns
            until: count(hand[0]) == 0
        """)
    rs = load(base, first, second)
    turns = named(rs.source, "turns")
    assert turns["turns"] == "dealer" and turns["until"] == "count(hand[0]) == 0"


def test_a_variant_given_with_its_own_base_overlay_does_not_conflict_with_it(base):
    """`--variant b --variant a` where a extends b (and overrides b) is `--variant a`:
    a's change is the sanctioned way to change b, whatever the order on the command line."""
    inner = write(base, "b.yaml", """\
        extends: ruleset.yaml
        define:
          limit: 12
        """)
    outer = write(base, "a.yaml", """\
        extends: b.yaml
        define:
          limit: 11
        """)
    assert load(base, outer).source["define"]["limit"] == 11
    assert load(base, outer, inner).source["define"]["limit"] == 11
    assert load(base, inner, outer).source["define"]["limit"] == 11


def test_extending_another_ruleset_is_o004(base):
    other = base.parent / "other" / "ruleset.yaml"
    other.parent.mkdir()
    other.write_text(BASE.replace("game: mini", "game: other"))
    overlay = write(base, "v.yaml", """\
        extends: other/ruleset.yaml
        define:
          limit: 12
        """)
    d = failure(base, overlay)
    assert d.code == "O004"
    at(d, overlay, "other/ruleset.yaml")
    assert load(other, overlay).source["define"]["limit"] == 12  # fine on its own base
    shipped = write(base, "w.yaml", """\
        extends: poison
        define:
          limit: 12
        """)
    d = failure(base, shipped)
    assert d.code == "O004"
    at(d, shipped, "poison")


def test_an_overlay_of_one_shipped_game_applied_to_another_is_told_the_shipped_name(tmp_path):
    """The hint named the shipped ruleset file by a relative path (../../…/rulesets/poison/ruleset.yaml), not `poison`."""
    overlay = tmp_path / "house.yaml"
    overlay.write_text("extends: poisons\ndefine:\n  x: 1\n")
    with pytest.raises(PhiltreError) as info:
        load_ruleset("poison", [str(overlay)])
    d = info.value.first
    assert d.code == "O004" and d.hint == "to extend that file instead, write extends: poison"


def test_a_copy_of_a_shipped_game_takes_its_own_variants(tmp_path):
    """A source checkout beside an installed philtre (or a game's folder copied): its variants say `extends: poison`, and
    applied to the copy they were O004, the copy not being the installed file; they extend the copy they lie in."""
    import shutil

    from philtre.dsl.loader import resolve_ruleset_path

    copy = tmp_path / "poison"
    shutil.copytree(Path(resolve_ruleset_path("poison")).parent, copy)
    text = (copy / "ruleset.yaml").read_text(encoding="utf-8")
    (copy / "ruleset.yaml").write_text(text.replace("limit: 13", "limit: 15"), encoding="utf-8")  # (a copy is changed)
    ruleset = load_ruleset(str(copy), ["draw-pile"])
    assert ruleset.source["define"]["limit"] == 15 and "draw" in str(ruleset.source["actions"]["play"]["do"])
    # a copy given another game's name is another game: its variants are told to extend it by path
    (copy / "ruleset.yaml").write_text(text.replace("game: poison", "game: mine"), encoding="utf-8")
    with pytest.raises(PhiltreError) as info:
        load_ruleset(str(copy), ["draw-pile"])
    assert info.value.first.code == "O004", info.value


def test_circular_extends_is_o003(base):
    x = write(base, "x.yaml", """\
        extends: y.yaml
        define:
          limit: 1
        """)
    write(base, "y.yaml", """\
        extends: x.yaml
        define:
          limit: 2
        """)
    d = failure(base, x)
    assert d.code == "O003"
    # at the extends that closes the circle (it was line 1, column 1 of x.yaml), naming the files
    assert (d.loc.path, d.loc.line, d.loc.col) == (str(base.parent / "y.yaml"), 1, 10), d
    assert d.message == "overlays extend each other in a circle: x.yaml -> y.yaml -> x.yaml"
    assert validated(x) == ["O003"]
    selfish = write(base, "self.yaml", """\
        extends: self.yaml
        define:
          limit: 1
        """)
    assert failure(base, selfish).code == "O003"


def test_a_chain_of_overlays_too_deep_is_o011(base):
    """2,000 overlays each extending the one before ran Python out of stack, reported as YAML nesting (Y006)."""
    write(base, "chain/c0.yaml", "extends: ../ruleset.yaml\n")
    for i in range(1, 2000):
        write(base, f"chain/c{i}.yaml", f"extends: c{i - 1}.yaml\n")
    d = failure(base, base.parent / "chain" / "c1999.yaml")
    assert (d.code, d.loc.line, d.loc.col) == ("O011", 1, 1), str(d)
    assert "more than 64 deep" in d.message
    assert load(base, base.parent / "chain" / "c63.yaml")  # 64 overlays: as deep as a chain may go


# -- provenance, hash, scenarios -----------------------------------------------------------------

def test_every_value_remembers_where_it_was_written(base):
    overlay = write(base, "v.yaml", """\
        extends: ruleset.yaml
        define:
          limit: 12
        flow:
          - name: rounds
            repeat: 3
          - $after: gather
            name: reset
            set: {dealer: 0}
        """)
    text, base_text = overlay.read_text(), base.read_text()
    rs = load(base, overlay)
    src = rs.source

    def where(container, key):
        loc = container.loc_of(key)
        return os.path.basename(loc.path), loc.line, loc.col

    assert where(src["define"], "limit") == ("v.yaml", *position(text, "12"))
    assert where(src["define"], "total(z)") == ("ruleset.yaml", *position(base_text, "sum(c.value"))
    assert where(src["define"], "bonus") == ("ruleset.yaml", *position(base_text, "1\n  spare"))
    rounds = named(src, "rounds")
    assert where(rounds, "repeat") == ("v.yaml", *position(text, "3\n"))
    assert where(rounds, "do")[0] == "ruleset.yaml"
    block = round_block(src)
    assert where(block, 1) == ("v.yaml", *position(text, "$after: gather"))
    assert where(block, 0)[0] == "ruleset.yaml" and where(block, 3)[0] == "ruleset.yaml"
    assert where(src, "players") == ("ruleset.yaml", *position(base_text, "2..4"))
    assert where(src["components"]["card"], "copies")[0] == "ruleset.yaml"


def test_content_hash_differs_from_the_base_and_is_stable(base):
    overlay = write(base, "v.yaml", """\
        extends: ruleset.yaml
        define:
          limit: 12
        """)
    plain = load(base).content_hash
    with_variant = load(base, overlay).content_hash
    assert with_variant != plain
    assert load(base, overlay).content_hash == with_variant
    assert load(base).content_hash == plain
    # content, not places: the same change written in another file gives the same hash
    twin = write(base, "sub/twin.yaml", """\
        # the same change, written elsewhere
        extends: ../ruleset.yaml

        define: {limit: 12}
        """)
    assert load(base, twin).content_hash == with_variant


def test_content_hash_follows_the_order_that_decides_the_games(base):
    """Components written in another order got the base's hash, though they get other ids and so other
    deals: `simulate --resume` counted the base's saved games for the reordered rules, and `compare`
    said such a variant changed no rule, then printed differences."""
    reordered = write(base, "reordered.yaml", """\
        extends: ruleset.yaml
        zones:
          $replace:
            hand: {each: player, visible: owner}
            deck: {visible: nobody}
            pile: {visible: everyone}
        """)
    relaid = write(base, "relaid.yaml", """\
        extends: ruleset.yaml
        zones:
          $replace:
            deck: {visible: nobody}
            hand: {visible: owner, each: player}
            pile: {visible: everyone}
        define:
          $replace: {spare: 99, total(z): sum(c.value for c in z), bonus: 1, limit: 10}
        """)
    plain = load(base).content_hash
    assert load(base, reordered).content_hash != plain
    # a zone's own keys, and definitions (read by name), in another order are layout, not rules
    assert load(base, relaid).content_hash == plain


@pytest.mark.parametrize("one, other", [
    ("{a: 1, b: 5}", "{b: 5, a: 1}"),            # first(bonus) and `for k in bonus` follow the written order
    ("{1: 5}", "{'1': 5}"),                      # bonus[1] is not bonus['1']
    ("{1: 5}", "{true: 5}"),
    ("[{a: 1, b: 5}]", "[{b: 5, a: 1}]"),        # at any depth of the data
    ("{'$map': [[b, 5], [a, 1]]}", "{b: 5, a: 1}"),  # the encoding of a map kept in order is no map's
])
def test_content_hash_tells_apart_data_maps_that_play_differently(tmp_path, one, other):
    """A variable's initial map in another key order, or with a number key for a text key, got the same hash:
    `simulate --resume` mixed the old rules' games into the new run and a replay failed deep in the record."""
    hashes = []
    for name, value in (("one", one), ("other", other)):
        path = tmp_path / f"{name}.yaml"
        path.write_text(BASE.replace("variables:\n", f"variables:\n  table: {{initial: {value}}}\n", 1))
        hashes.append(load_ruleset(str(path)).content_hash)
    assert hashes[0] != hashes[1]


def test_content_hash_of_a_data_map_in_sorted_order_is_as_it_was():
    """A data map of text keys written in sorted order keeps the text it had, so shipped games' hashes (pinned in
    records) do not change; only maps in another order, or with other keys, are written as [key, value] pairs."""
    from philtre.dsl.canonical import canonical_text

    assert canonical_text({"x": {"initial": {"a": 1, "b": [{"c": 2, "d": 3}]}}}) == '{"x":{"initial":{"a":1,"b":[{"c":2,"d":3}]}}}'
    assert canonical_text({"initial": {"b": 1, "a": 2}}) == '{"initial":{"$map":[["b",1],["a",2]]}}'
    assert canonical_text({"initial": {"1": 1, 1: 2}}) == '{"initial":{"$map":[["1",1],[1,2]]}}'


def test_the_mappings_whose_order_is_kept_are_the_schema_s_named_ones_but_define_blocks_with_and_label():
    """canonical.ORDERED_MAPPINGS must name every mapping whose keys the author names (a new one, left
    out, would have its order sorted away from the hash: other games, the same hash), but those read by name."""
    from philtre.dsl.canonical import NAMED_MAPPINGS, ORDERED_MAPPINGS

    schema = json.loads((Path(__file__).resolve().parent.parent / "schemas" / "ruleset.schema.json").read_text())
    named: set = set()

    def walk(node):
        if isinstance(node, dict):
            for key, sub in (node.get("properties") or {}).items():
                if isinstance(sub, dict) and ("propertyNames" in sub or isinstance(sub.get("additionalProperties"), dict)):
                    named.add(key)
            for sub in node.values():
                walk(sub)
        elif isinstance(node, list):
            for sub in node:
                walk(sub)

    walk(schema)
    assert named == NAMED_MAPPINGS == ORDERED_MAPPINGS | {"define", "blocks", "with", "label"}


def test_the_variant_s_scenarios_replace_the_base_s(base):
    overlay = write(base, "v.yaml", """\
        extends: ruleset.yaml
        define:
          limit: 12
        scenarios:
          - name: variant scenario
            players: 3
            expect:
              - limit == 12
        """)
    assert [s.name for s in load(base).scenarios] == ["base scenario"]
    rs = load(base, overlay)
    assert [s.name for s in rs.scenarios] == ["variant scenario"]
    assert [r.passed for r in run_scenarios(rs)] == [True]
    silent = write(base, "w.yaml", """\
        extends: ruleset.yaml
        define:
          limit: 12
        """)
    assert list(load(base, silent).scenarios) == []  # the base's are not inherited


def test_an_overlay_s_defaults_are_merged_into_its_own_scenarios(base):
    """Liar's Dice trial: an overlay's `defaults:` was V001 (unknown key), and the base's scenarios.yaml defaults are not
    inherited, so each variant scenario wrote the same position out again: an overlay's own `defaults:` is merged into
    its scenarios as a scenarios file's are (`defaults: false` leaves them out), and changes no rule."""
    overlay = write(base, "v.yaml", """\
        extends: ruleset.yaml
        define:
          limit: 12
        defaults:
          given:
            variables: {dealer: 1}
        scenarios:
          - name: defaulted
            players: 2
            expect:
              - dealer == 1
          - name: own deal
            players: 2
            defaults: false
            expect:
              - dealer == 0
        """)
    rs = load(base, overlay)
    defaulted, own = rs.scenarios
    assert defaulted.variables == (("dealer", 1),) and own.variables == (), (defaulted.variables, own.variables)
    assert [r.passed for r in run_scenarios(rs)] == [True, True]
    wrong = write(base, "w.yaml", "extends: ruleset.yaml\ndefaults: {given: {}, deal: 1}\nscenarios: []\n")
    found = failure(base, wrong)
    assert found.code == "V001" and "deal" in found.message, str(found)


def test_replacing_a_statement_conflicts_with_a_change_inside_it(base):
    """A variant that replaces `rounds` wholesale and one that patches `turns` (inside
    `rounds`) change the same place: in either order, one change would be lost or land
    in the other's new text, so it is reported, not resolved silently."""
    replacing = write(base, "replacing.yaml", """\
        extends: ruleset.yaml
        flow:
          - name: rounds
            $replace: true
            repeat: 1
            do:
              - round:
                  - move: components -> deck
                  - deal: {from: deck, to: "[hand[p] for p in players]"}
                  - name: turns
                    turns: 0
                    until: all(count(hand[p]) == 0 for p in players)
                    do:
                      - decide: play
        """)
    patching = write(base, "patching.yaml", """\
        extends: ruleset.yaml
        flow:
          - name: turns
            turns: dealer
        """)
    for order in ((replacing, patching), (patching, replacing)):
        d = failure(base, *order)
        assert d.code == "O010", str(d)
        assert "'replacing'" in d.message and "'patching'" in d.message


def validated(path: Path) -> list:
    """The codes `philtre validate` gives an overlay file."""
    from philtre.dsl.validate import check_file

    return [f.diagnostic.code for f in check_file(str(path)).errors]


def test_extends_finds_an_overlay_beside_it_by_name_in_validate_and_variant_alike(base):
    """`extends: strict` with strict.yaml beside it: the overlay it extends is applied first, and validate agrees."""
    write(base, "strict.yaml", """\
        extends: ruleset.yaml
        variables:
          dealer: 1
    """)
    house = write(base, "house.yaml", """\
        extends: strict
        define:
          limit: 12
    """)
    rs = load(base, house)
    assert rs.variables["dealer"].initial == 1 and rs.source["define"]["limit"] == 12
    assert validated(house) == []


def test_an_overlay_named_like_the_shipped_game_it_extends_is_not_its_own_base(tmp_path):
    """poison.yaml with `extends: poison`: the shipped game, not the file itself (validate said O003, a circle)."""
    overlay = tmp_path / "poison.yaml"
    overlay.write_text("extends: poison\nvariables:\n  dealer: 2\n")
    assert validated(overlay) == []
    assert load_ruleset("poison", [str(overlay)]).variables["dealer"].initial == 2


def test_a_variant_named_with_one_that_extends_it_leaves_its_scenarios_out(base):
    """--variant strict --variant house, where house extends strict: strict's scenarios test rules house changes."""
    strict = write(base, "strict.yaml", """\
        extends: ruleset.yaml
        variables:
          dealer: 1
        scenarios:
          - {name: strict deals from seat 1, players: 2, expect: ["dealer == 1"]}
    """)
    house = write(base, "house.yaml", """\
        extends: strict
        variables:
          dealer: 2
        scenarios:
          - {name: house deals from seat 2, players: 2, expect: ["dealer == 2"]}
    """)
    for order in ((strict, house), (house, strict)):
        rs = load(base, *order)
        assert [sc.name for sc in rs.scenarios] == ["house deals from seat 2"]
        assert all(result.passed for result in run_scenarios(rs))


def names_only_inside(tmp_path) -> Path:
    """The base with no name on the flow's top-level items (`scoring` and others stay named, nested)."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(BASE.replace("  - name: rounds\n    repeat: 2", "  - repeat: 2"))
    return path


def test_a_statement_named_only_deep_in_the_flow_is_patched_not_the_flow_replaced(tmp_path):
    """The base's top-level flow items have no name; `scoring` is nested. The overlay changes it alone
    (it replaced the whole flow: a game of no decisions, or S002 for a bare `when`)."""
    path = names_only_inside(tmp_path)
    overlay = write(path, "bonus.yaml", """\
        extends: ruleset.yaml
        flow:
          - name: scoring
            when: player_count > 2
    """)
    rs = load(path, overlay)
    assert [stmt.kind for stmt in rs.flow] == ["repeat"]
    assert validated(overlay) == []
    assert play(rs).decisions > 0


def test_a_list_replacing_a_flow_with_nested_names_must_say_so(tmp_path):
    path = names_only_inside(tmp_path)
    overlay = write(path, "whole.yaml", """\
        extends: ruleset.yaml
        flow:
          - decide: play
    """)
    found = failure(path, overlay)
    assert found.code == "O006" and "$replace" in found.hint


def test_a_folder_beside_an_overlay_counts_by_its_ruleset_yaml(base):
    """`extends: strict` with a folder strict/ of notes beside strict.yaml: strict.yaml, in validate and --variant alike.

    The folder hid the file (O002 "cannot find 'strict'"). A folder that holds an overlay as
    its ruleset.yaml is that overlay (--variant said it was "neither a ruleset nor an overlay").
    """
    write(base, "strict.yaml", """\
        extends: ruleset.yaml
        variables:
          dealer: 1
    """)
    (base.parent / "strict").mkdir()
    (base.parent / "strict" / "notes.txt").write_text("why the strict rules\n")
    house = write(base, "house.yaml", """\
        extends: strict
        define:
          limit: 12
    """)
    assert load(base, house).variables["dealer"].initial == 1
    assert validated(house) == []
    (base.parent / "strict.yaml").rename(base.parent / "strict" / "ruleset.yaml")
    (base.parent / "strict" / "ruleset.yaml").write_text("extends: ../ruleset.yaml\nvariables:\n  dealer: 1\n")
    assert load(base, house).variables["dealer"].initial == 1
    assert validated(house) == []


def test_validate_of_an_overlay_extending_a_variant_by_name_says_where_to_check_it(tmp_path):
    """`extends: three-players` (a shipped variant): --variant finds it among its base's variants; validate, with no
    base, said only "cannot find". It names the game that has the variant, and the command that checks it there."""
    from philtre.dsl.validate import check_file

    house = tmp_path / "house.yaml"
    house.write_text("extends: three-players\ndescription: three players, my way\n", encoding="utf-8")
    assert load_ruleset("poisons", [str(house)]).max_players == 3
    [error] = check_file(str(house)).errors
    d = error.diagnostic
    assert (d.code, d.loc.line, d.loc.col) == ("O002", 1, 10), d
    assert d.hint == f"poisons has a variant 'three-players': check this overlay on it, philtre validate poisons --variant {house}"
    (tmp_path / "other.yaml").write_text("extends: no-such-variant\n", encoding="utf-8")
    [error] = check_file(str(tmp_path / "other.yaml")).errors
    assert "check it on that: philtre validate RULESET --variant" in error.diagnostic.hint, error.diagnostic


def test_validate_with_variant_checks_the_game_with_the_overlay(tmp_path):
    """The command the O002 hint gives works: the overlay is checked on the game, its findings at its own lines."""
    house = tmp_path / "house.yaml"
    house.write_text("extends: three-players\ndefine:\n  spare: 1\n", encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "philtre", "validate", "poisons", "--variant", str(house)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 1, result.stderr
    assert result.stdout.startswith(f"{house}:3:3: L001 definition 'spare' is never used"), result.stdout
    assert f"poisons + {house}: yaml ok; schema ok" in result.stderr, result.stderr
    house.write_text("extends: three-players\n", encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "philtre", "validate", "poisons", "--variant", str(house)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0 and result.stdout == "", result.stdout + result.stderr


@pytest.mark.parametrize("overlay, written, meant", [
    ("variants/x.yaml", "ruleset.yaml", "../ruleset.yaml"),  # written as if from the base's folder
    ("variants/x.yaml", "variants/ruleset.yaml", "../ruleset.yaml"),  # as if from the current folder, the wrong way
    ("a/b/x.yaml", "ruleset.yaml", "../../ruleset.yaml"),
])
def test_an_extends_path_that_finds_nothing_says_where_it_looked_and_the_path_that_finds_the_file(base, overlay, written, meant):
    """`extends: ruleset.yaml` in variants/x.yaml said "no ruleset, overlay file or variant of that name": the author
    did not learn that the path is read from the overlay's folder. It says where it looked, and the path to write."""
    house = write(base, overlay, f"extends: {written}\ndescription: mine\n")
    looked = os.path.normpath(os.path.join(house.parent, written))
    for d in ([e.diagnostic for e in check_file(str(house)).errors] + findings(base, house)):
        assert (d.code, d.loc.line, d.loc.col) == ("O002", 1, 10), d
        assert d.message == f"cannot find '{written}': no file at {looked}", d
        assert d.hint == f"a path in extends is relative to the overlay's own folder; did you mean '{meant}'?", d


@pytest.mark.parametrize("overlay, written, meant", [
    ("a/b/x.yaml", "../../rulset.yaml", "../../ruleset.yaml"),  # Citadels: the path right, the name misspelt
    ("variants/x.yaml", "../rules.yaml", "../ruleset.yaml"),
])
def test_an_extends_path_misspelt_is_offered_the_file_spelt_like_it(base, overlay, written, meant):
    """`extends: ../../rulset.yaml` said only where it looked, while `--variant` offers the file spelt like it: it says
    the path to the file of that folder spelt like the one written, kept as it was written."""
    house = write(base, overlay, f"extends: {written}\ndescription: mine\n")
    for d in ([e.diagnostic for e in check_file(str(house)).errors] + findings(base, house)):
        assert (d.code, d.loc.line, d.loc.col) == ("O002", 1, 10), d
        assert d.message.startswith(f"cannot find '{written}': no file at "), d
        assert d.hint == f"a path in extends is relative to the overlay's own folder; did you mean '{meant}'?", d


@pytest.mark.parametrize("extends, hint", [
    ("poisn", "did you mean 'poison'?"),
    ("two-deals-eahc", "did you mean 'two-deals-each'?"),
    ("./nothere.yaml", "relative to the overlay's own folder"),
])
def test_an_extends_that_names_nothing_says_what_was_meant(tmp_path, extends, hint):
    """A misspelt `extends:` said "cannot find 'poisn'" (validate) or "'poisn' is neither a ruleset nor an overlay"
    (--variant), with no word of the shipped game or variant meant, and a path got a hint about variants."""
    from philtre.dsl.validate import check_file

    house = tmp_path / "house.yaml"
    house.write_text(f"extends: {extends}\ndescription: mine\n", encoding="utf-8")
    [error] = check_file(str(house)).errors
    d = error.diagnostic
    assert (d.code, d.loc.line, d.loc.col) == ("O002", 1, 10) and d.message.startswith(f"cannot find '{extends}'"), d
    assert hint in d.hint, d
    with pytest.raises(PhiltreError) as info:
        load_ruleset("poison", [str(house)])
    d = info.value.first
    assert (d.code, d.loc.line, d.loc.col) == ("O002", 1, 10), d
    assert d.message.startswith(f"cannot find '{extends}'") and "neither" not in d.message, d
    if not extends.startswith("."):
        assert hint in d.hint, d


def test_a_missing_extends_deep_in_a_chain_is_reported_where_it_is_written(tmp_path):
    """a.yaml extends b.yaml extends 'poisn': the finding is at b.yaml's extends, not re-worded at a.yaml's."""
    (tmp_path / "b.yaml").write_text("extends: poisn\n", encoding="utf-8")
    (tmp_path / "a.yaml").write_text("extends: b.yaml\n", encoding="utf-8")
    with pytest.raises(PhiltreError) as info:
        load_ruleset("poison", [str(tmp_path / "a.yaml")])
    d = info.value.first
    assert (os.path.basename(d.loc.path), d.loc.line, d.code) == ("b.yaml", 1, "O002"), d
    assert "'poisn'" in d.message and d.hint == "did you mean 'poison'?", d


@pytest.mark.parametrize("text, said", [
    # `extend: poison` made the file a ruleset: "'game' is required here" at line 1, then every overlay key refused
    ("description: mine\nextend: poison\ndefine:\n  limit: 15\n", ("V001", 2, 1, "did you mean 'extends'?")),
    # without extends at all it read as if a whole game were wanted
    ("description: longer cauldrons\ndefine:\n  limit: 15\n",
     ("V002", 1, 1, "a ruleset has game:, players: and flow:; a house rule starts with extends: GAME, the game it changes")),
], ids=["misspelt", "missing"])
def test_an_overlay_without_a_right_extends_is_told_so_not_taken_for_a_ruleset(tmp_path, text, said):
    """A house rule whose extends is misspelt or missing: the finding says how a house rule starts."""
    from philtre.dsl.validate import check_file

    house = tmp_path / "house.yaml"
    house.write_text(text, encoding="utf-8")
    [error] = check_file(str(house)).errors
    d = error.diagnostic
    assert (d.code, d.loc.line, d.loc.col, d.hint) == said, d


@pytest.mark.parametrize("lines, needle, message, hint", [
    # a misspelt $after was dropped: the item was taken as a patch of 'draw', "no item named 'draw'"
    (["- $afer: place", "  name: draw", "  move: last(deck) -> hand[me]"], "$afer", "unknown directive '$afer'",
     "did you mean '$after'?"),
    # both anchors: $before silently won
    (["- $after: place", "  $before: place", "  name: draw", "  move: last(deck) -> hand[me]"], "$after",
     "cannot be used together", "one of them"),
])
def test_a_directive_misspelt_or_clashing_in_a_named_list_is_o013(base, lines, needle, message, hint):
    body = "".join(f"      {line}\n" for line in lines)
    overlay = write(base, "v.yaml", "extends: ruleset.yaml\nactions:\n  play:\n    do:\n" + body)
    d = failure(base, overlay)
    assert d.code == "O013", d
    at(d, overlay, needle)
    assert message in d.message and hint in d.hint, d


def test_a_misspelt_directive_as_a_mapping_value_is_o013(base):
    """`spare: {$remvoe: true}` made a definition of a mapping, reported later as a schema error about the value."""
    overlay = write(base, "v.yaml", """\
        extends: ruleset.yaml
        define:
          spare: {$remvoe: true}
        """)
    d = failure(base, overlay)
    assert d.code == "O013" and d.hint == "did you mean '$remove'?", d
    at(d, overlay, "$remvoe")


@pytest.mark.parametrize("game, overlay, needle, said", [
    # a die's faces are replaced whole: the face became {symbol: disc, $remove: true}, and validate said ok
    ("pok", "dice:\n  die1:\n    - {symbol: disc, $remove: true}\n", "$remove", "'dice.die1' is a list"),
    ("pok", "dice:\n  die2:\n    - {symbol: blank, $after: die1}\n", "$after", "'dice.die2' is a list"),
    # a variable's starting list: the variable started holding the mapping {$remove: true}
    ("poisons", "variables:\n  drunk: {initial: [{$remove: true}], visible: everyone}\n", "$remove",
     "'variables.drunk.initial' is a list"),
    # a value that is no map, replaced by one holding a list
    ("poison", "variables:\n  dealer: {initial: [1, {$remove: true}]}\n", "$remove", "'variables.dealer' is a value"),
    # inside $replace: kept as a face's attribute, or the schema's "unknown key ('$remove' was unexpected) (did you mean 'move'?)"
    ("pok", "dice:\n  die1: {$replace: [{symbol: disc, count: 1, $remove: true}]}\n", "$remove", "$replace's value"),
    ("poison", "flow: {$replace: [{name: rounds, $remove: true}]}\n", "$remove", "$replace's value"),
])
def test_a_directive_in_what_an_overlay_writes_whole_is_o013(tmp_path, game, overlay, needle, said):
    house = tmp_path / "house.yaml"
    house.write_text(f"extends: {game}\n" + overlay, encoding="utf-8")
    with pytest.raises(PhiltreError) as info:
        load_ruleset(game, [str(house)])
    d = info.value.first
    assert d.code == "O013" and d.message == f"'{needle}' is no directive here" and said in d.hint, d
    at(d, house, needle)


def test_a_misspelt_key_holding_directives_is_o005_at_the_key(base):
    """`actions: {paly: {do: [{$after: place, ...}]}}` added an action 'paly'; the author got the schema's
    "unknown key ('$after' was unexpected)" inside it, with no word of the misspelt action."""
    overlay = write(base, "v.yaml", """\
        extends: ruleset.yaml
        actions:
          paly:
            do:
              - $after: place
                name: draw
                move: last(deck) -> hand[me]
        """)
    d = failure(base, overlay)
    assert d.code == "O005" and "'paly'" in d.message and d.hint == "did you mean 'play'?", d
    at(d, overlay, "paly")


def test_the_whole_flow_is_replaced_as_the_o006_hint_says(tmp_path):
    """O006 says "to replace the whole list instead, write it as {$replace: [...]}"; for the flow the overlay
    schema refused exactly that ("expected a list, got a mapping")."""
    path = names_only_inside(tmp_path)
    overlay = write(path, "whole.yaml", """\
        extends: ruleset.yaml
        flow:
          $replace:
            - turns: 0
              until: round_number > 0
              do:
                - decide: play
    """)
    rs = load(path, overlay)
    assert [stmt.kind for stmt in rs.flow] == ["turns"]
    assert validated(overlay) == []


def test_an_overlay_extending_a_scenarios_file_is_told_so(tmp_path):
    """extends: .../scenarios.yaml read the scenarios as the base: "'game' is required here", inside the scenarios file."""
    from philtre.dsl.validate import check_file

    folder = tmp_path / "game"
    folder.mkdir()
    (folder / "ruleset.yaml").write_text(BASE)
    (folder / "scenarios.yaml").write_text("scenarios: []\n")
    house = write(folder / "ruleset.yaml", "house.yaml", "extends: scenarios.yaml\n")
    [error] = check_file(str(house)).errors
    d = error.diagnostic
    assert (d.code, os.path.basename(d.loc.path), d.loc.line) == ("O002", "house.yaml", 1), d
    assert "is a scenarios file" in d.message, d
    d = failure(folder / "ruleset.yaml", house)
    assert (d.code, os.path.basename(d.loc.path)) == ("O002", "house.yaml") and "scenarios file" in d.message, d


@pytest.mark.parametrize("directive", ["replace", "after"])
def test_a_directive_written_without_its_dollar_says_so(tmp_path, directive):
    """`replace:` inside an action reached the ruleset schema as an unknown key, with no word of `$replace`."""
    d = poison_failure(tmp_path, f"extends: poison\nactions:\n  play:\n    {directive}:\n      do: []\n")
    assert (d.code, os.path.basename(d.loc.path), d.loc.line, d.loc.col) == ("V001", "house.yaml", 4, 5), d
    assert d.hint == f"an overlay's directives start with $: ${directive}", d


@pytest.mark.parametrize("key", ["flow", "players"])
def test_removing_a_key_every_ruleset_has_is_said_at_the_overlay(tmp_path, key):
    """`flow: {$remove: true}` was reported as "'flow' is required here" at the base ruleset's first line."""
    d = poison_failure(tmp_path, f"extends: poison\n{key}: {{$remove: true}}\n")
    assert (d.code, os.path.basename(d.loc.path), d.loc.line) == ("O014", "house.yaml", 2), d
    assert d.message == f"'{key}' cannot be removed: every ruleset has one", d


def test_removing_the_winners_brings_back_their_default(tmp_path):
    house = tmp_path / "house.yaml"
    house.write_text("extends: poison\nwinners: {$remove: true}\n", encoding="utf-8")
    assert load_ruleset("poison", [str(house)]).winners.order == "highest"


def test_errors_inside_a_key_spelt_like_one_of_the_base_say_the_overlay_added_it(tmp_path):
    """Maps merge, so `actions: {paly: {if: ...}}` adds an action 'paly' instead of changing 'play': its `if`
    knows no 'card' or 'into'. The hint said "to give the word 'card', quote it" and "did you mean 'points'?"
    for 'into'; each error inside the new key now says what happened, and where the key is."""
    overlay = "extends: poison\nactions:\n  paly:\n    if: card is poison or colour(into) == card.color\n"
    d = poison_failure(tmp_path, overlay)
    assert (d.code, d.loc.line, d.loc.col) == ("E150", 4, 9), str(d)
    assert d.hint == (f"did you mean 'play'? 'paly' is no key of the base's actions, so the overlay adds it as a new one, "
                      f"written at {tmp_path / 'house.yaml'}:3:3, instead of changing the other")
    unrelated = poison_failure(tmp_path, "extends: poison\nactions:\n  steal:\n    if: card is poison\n")
    assert unrelated.code == "E150" and "no key of the base" not in unrelated.hint, "a new name spelt like none of the base's"


def test_another_finding_inside_a_key_spelt_like_one_of_the_base_keeps_its_own_hint_too(tmp_path):
    """Poisons' advanced variant adds `from_goblet(p, g)` on purpose: a type error in one written by hand lost its own hint."""
    d = poison_failure(tmp_path, "extends: poison\ndefine:\n  totals(z): \"1 if 5 else 0\"\n")
    assert d.code == "E120" and d.hint.startswith("a number is not true or false"), str(d)
    assert "did you mean 'total(z)'? 'totals(z)' is no key of the base's define" in d.hint, d.hint


def test_a_definition_made_a_word_is_refused_where_a_rule_orders_it_against_a_number(tmp_path):
    """`limit: "'fifteen'"` passed validation and failed only in play, at the base's rule; the
    error is now found at load, at that rule, and the hint names the overlay's definition."""
    d = poison_failure(tmp_path, "extends: poison\ndefine:\n  limit: \"'fifteen'\"\n")
    base = Path(load_ruleset("poison").path)
    assert d.code == "E124" and "the word 'fifteen'" in d.message, str(d)
    line, col = position(base.read_text(), "card.value > limit")
    assert (os.path.samefile(d.loc.path, base), d.loc.line, d.loc.col) == (True, line, col + len("card.value > ")), str(d)
    assert d.hint == f"'limit' is defined at {tmp_path / 'house.yaml'}:3:10", d.hint


RACE = """\
philtre: 1
game: race
players: 2
step_limit: 1000
variables:
  x: 0
define:
  goal: 4
  reached: x >= goal
  done(y): y >= goal
flow:
  - name: rounds
    until: UNTIL or x < 0
    do:
      - set: {x: "x + 1 if x < 4 else x"}
winners: {highest: "score[p]"}
"""


def test_a_loop_an_overlay_keeps_from_ending_names_the_overlay_value_it_reads(tmp_path):
    """POK with its goal made 6 never ends: R200 is at the base's `until`, which the house-rule
    author did not write; the hint now names what the overlay set that the condition reads."""
    base = tmp_path / "ruleset.yaml"
    base.write_text(RACE.replace("UNTIL", "reached"), encoding="utf-8")
    assert Game(load_ruleset(str(base)), 2).finished
    house = tmp_path / "house.yaml"
    house.write_text("extends: ruleset.yaml\ndefine:\n  goal: 6\n", encoding="utf-8")
    with pytest.raises(PhiltreError) as info:
        Game(load_ruleset(str(base), [str(house)]), 2)
    d = info.value.first
    assert (d.code, d.loc.line) == ("R200", 13), str(d)  # the base's `until`
    assert d.hint.endswith(f"; it reads 'goal', which {house}:3:9 sets"), d.hint


def test_a_loop_reading_the_overlay_value_through_a_definition_with_parameters_names_it(tmp_path):
    """`until: done(x)` with `done(y): y >= goal`: the condition calls a definition that takes a
    parameter (its key is `done(y)`), and the hint still follows it to the overlay's goal."""
    base = tmp_path / "ruleset.yaml"
    base.write_text(RACE.replace("UNTIL", "done(x)"), encoding="utf-8")
    house = tmp_path / "house.yaml"
    house.write_text("extends: ruleset.yaml\ndefine:\n  goal: 6\n", encoding="utf-8")
    with pytest.raises(PhiltreError) as info:
        Game(load_ruleset(str(base), [str(house)]), 2)
    assert info.value.first.hint.endswith(f"; it reads 'goal', which {house}:3:9 sets"), info.value.first.hint


def _play_randomly(game, seed: int = 1) -> None:
    """Play ``game`` to its end with uniformly random decisions."""
    rng = random.Random(seed)
    while not game.finished:
        for p in game.pending():
            options = game.options(p)
            game.apply(p, options[rng.randrange(len(options))])


def test_a_decision_left_without_options_by_an_overlay_value_names_it():
    """POK with its goal made 500: the seats run out of counters before anyone reaches it, and R300 is at
    the base's `show`, which the house-rule author did not write; the hint names the overlay's goal,
    read by the loop around it."""
    house = Path(__file__).parent / "data" / "pok_goal_500.yaml"
    with pytest.raises(PhiltreError) as info:
        _play_randomly(Game(load_ruleset("pok", [str(house)]), 4, seed=1))
    d = info.value.first
    assert d.code == "R300" and d.loc.path.endswith(os.path.join("pok", "ruleset.yaml")), str(d)
    _, where = d.hint.rsplit("; a loop around it reads 'goal', which ", 1)
    assert where.endswith(":3:9 sets") and os.path.samefile(where[: -len(":3:9 sets")], house), d.hint


def test_a_decision_left_without_options_by_an_overlay_s_until_names_it(tmp_path):
    """An overlay whose named loop never ends (`until: "false"`) left R300 at the base's decide, and nothing pointed at
    the overlay: the hint now says where the loop's condition is written."""
    house = tmp_path / "forever.yaml"
    house.write_text('extends: poison\nflow:\n  - name: turns\n    until: "false"\n', encoding="utf-8")
    with pytest.raises(PhiltreError) as info:
        _play_randomly(Game(load_ruleset("poison", [str(house)]), 4, seed=1))
    d = info.value.first
    assert d.code == "R300" and d.loc.path.endswith(os.path.join("poison", "ruleset.yaml")), str(d)
    assert d.hint.endswith(f"; a loop around it runs by `false`, written at {house}:4:12"), d.hint


@pytest.mark.parametrize("here", ["above", "beside", "elsewhere"])
def test_an_extends_path_is_the_overlays_own_from_any_current_folder(tmp_path, monkeypatch, here):
    """`extends: mygame` in mygame/variants/x.yaml held when philtre ran in the folder above mygame/ (a path from
    the current folder) and was O002 from any other: the same file passed or failed by where it was checked."""
    game = tmp_path / "mygame"
    (game / "variants").mkdir(parents=True)
    (game / "ruleset.yaml").write_text(BASE.replace("game: mini", "game: mygame"))
    named = game / "variants" / "named.yaml"
    named.write_text("extends: mygame\ndefine:\n  limit: 12\n")
    pathed = game / "variants" / "pathed.yaml"
    pathed.write_text("extends: ../ruleset.yaml\ndefine:\n  limit: 12\n")
    (tmp_path / "elsewhere").mkdir()
    monkeypatch.chdir({"above": tmp_path, "beside": game / "variants", "elsewhere": tmp_path / "elsewhere"}[here])
    d = failure(game / "ruleset.yaml", named)
    assert d.code == "O002" and "write extends: ../ruleset.yaml" in d.hint, str(d)
    with pytest.raises(PhiltreError) as info:
        check_overlay_base(str(named))
    assert info.value.first.code == "O002", str(info.value)
    assert load(game / "ruleset.yaml", pathed).source["define"]["limit"] == 12
    assert os.path.samefile(check_overlay_base(str(pathed)), game / "ruleset.yaml")


@pytest.mark.parametrize("item, hint", [
    ("- shuffle: deck\n    $remove: true",
     "the base's 'shuffle' at ruleset.yaml:66:13 has no name, so no overlay item can pick it out: "
     "replace 'rounds', the named item that holds it, with $replace: true, or the whole list with {$replace: [...]}"),
    ("- reveal: taken",
     "the base's 'reveal' at ruleset.yaml:74:13 is named 'reveal': add 'name: reveal' to change it, "
     "or insert a new one beside it with '$after: reveal'"),
])
def test_o006_for_a_statement_of_the_base_says_how_to_reach_it(tmp_path, item, hint):
    """Removing Poison's `shuffle: deck` was told "say which item this changes with 'name:'", of a statement that has
    no name: the user could not do what the message asked, nor learn what would work."""
    found = poison_failure(tmp_path, f"extends: poison\nflow:\n  {item}\n")
    assert found.code == "O006", found
    assert re.sub(r"at \S*/ruleset\.yaml", "at ruleset.yaml", found.hint) == hint, found.hint


@pytest.mark.parametrize("how", ["alone", "as a variant"])
def test_an_extends_naming_a_file_of_another_kind_is_refused_unread(base, how):
    """An overlay comes from anyone: `extends: /etc/passwd` was read as the base ruleset, and `validate --source`
    showed its first line under the finding. Like a record's header (P006), it names only ruleset files."""
    from click.testing import CliRunner

    from philtre.interpreter.cli import main

    secret = base.parent / "notes.txt"
    secret.write_text("password: hunter2\n", encoding="utf-8")
    house = write(base, "house.yaml", f"extends: {secret}\ndescription: x\n")
    args = ["validate", "--source", str(house)] if how == "alone" else ["validate", "--source", str(base), "--variant", str(house)]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 1 and "hunter2" not in result.output, result.output
    with pytest.raises(PhiltreError) as info:
        check_overlay_base(str(house)) if how == "alone" else load(base, house)
    first = info.value.first
    at(first, house, str(secret))
    assert (first.code, first.message) == ("O002", f"'{secret}' is no ruleset or overlay file (.yaml, .yml): it is not read"), str(first)


@pytest.mark.parametrize("overlay, code, needle, how", [
    ('winners: {highest: "score[p]"}\n', "V001", "highest", "{$replace: ...} there"),
    ("zones:\n  cauldron: {each: player, grid: true}\n", "R012", "each", "{$replace: ...} there"),
    ("flow:\n  - name: deal\n    move: deck -> aside\n", "S003", "move", "$replace: true in the item"),
])
def test_a_finding_at_the_base_s_line_caused_by_keys_an_overlay_added_beside_it_names_the_overlay(tmp_path, overlay, code, needle, how):
    """Mappings merge: `winners: {highest: ...}` over Poison's `{lowest: ...}` is a mapping of both, refused at the base's
    line alone, and the author of the overlay was not told that their file made it so, nor how to replace instead."""
    text = "extends: poison\n" + overlay
    d = poison_failure(tmp_path, text)
    line, col = position(text, needle)
    assert d.code == code and d.loc.path.endswith(os.path.join("poison", "ruleset.yaml")), str(d)
    assert f"the overlay at {tmp_path / 'house.yaml'}:{line}:{col} adds keys beside the base's here" in d.hint, d.hint
    assert d.hint.endswith(f"write {how}"), d.hint


def test_a_finding_in_a_mapping_an_overlay_only_changed_gets_no_such_hint(tmp_path):
    d = poison_failure(tmp_path, "extends: poison\ndefine:\n  limit: \"'x'\"\n")
    assert "adds keys beside" not in d.hint, d.hint


def test_a_die_s_faces_with_a_name_attribute_are_replaced_as_other_lists_are(tmp_path):
    """Only statements are patched by name: a coin's faces `[{name: heads, ...}]` kept the base's tails beside them."""
    coins = tmp_path / "ruleset.yaml"
    coins.write_text(textwrap.dedent("""\
        philtre: 1
        game: coins
        players: 2
        dice:
          coin: [{name: heads, v: 1}, {name: tails, v: 0}]
        flow:
          - roll: coin
          - for: p in players
            do:
              - score: {player: p, add: coin.v}
        winners: {highest: "score[p]"}
        """), encoding="utf-8")
    one = write(coins, "one.yaml", """\
        extends: ruleset.yaml
        dice:
          coin: [{name: heads, v: 1}]
        """)
    assert [face["name"] for face in load(coins, one).dice["coin"].faces] == ["heads"]


def test_patching_a_statement_an_earlier_variant_removed_is_a_conflict_not_a_missing_name(base):
    """The base has `check`: "no item named 'check' in the base" sent the author looking for it there."""
    removing = write(base, "removing.yaml", """\
        extends: ruleset.yaml
        actions:
          play:
            do:
              - name: check
                $remove: true
        """)
    patching = write(base, "patching.yaml", """\
        extends: ruleset.yaml
        actions:
          play:
            do:
              - name: check
                when: false
        """)
    d = failure(base, removing, patching)
    assert d.code == "O010" and "'check' is no longer there after 'removing'" in d.message, str(d)
    at(d, patching, "name: check")
    assert "removing.yaml:5:" in d.hint, d.hint
    assert failure(base, patching, removing).code == "O010"


def test_statements_put_after_one_statement_run_in_the_order_written_and_of_the_variants(base):
    """Each `$after: place` went right after `place`, before those put there already: written first, run last."""
    both = write(base, "both.yaml", """\
        extends: ruleset.yaml
        actions:
          play:
            do:
              - {$after: place, name: first, shuffle: deck}
              - {$after: place, name: second, shuffle: deck}
        """)
    later = write(base, "later.yaml", """\
        extends: ruleset.yaml
        actions:
          play:
            do:
              - {$after: place, name: third, shuffle: deck}
        """)
    names = [s.get("name") for s in load(base, both, later).source["actions"]["play"]["do"]]
    assert names == ["check", "place", "first", "second", "third"]



def findings(base: Path, *overlays) -> list:
    """Every diagnostic of loading ``base`` with ``overlays`` (which must fail)."""
    with pytest.raises(PhiltreError) as info:
        load(base, *overlays)
    return info.value.diagnostics


@pytest.mark.parametrize("overlay, changed, base_at, code, named", [
    ("define:\n  total(z): count(z) > 0\n", "count(z)", "total(pile) +", "E124", "'total' is defined by"),
    ("variables:\n  dealer: {initial: 0, each: player}\n", "{initial", "dealer)\n            until", "E120",
     "the variable 'dealer' is defined by"),
    ("components:\n  card:\n    attributes: {value: [a, b]}\n", "[a, b]", "+ card.value", "E124", "the attribute 'value' is defined by"),
    ("zones:\n  pile: {each: player}\n", "each", "pile\nflow", "E120", "the zone 'pile' is defined by"),
], ids=["definition", "variable", "attribute", "zone"])
def test_a_type_error_in_the_base_caused_by_an_overlay_names_where_the_overlay_changed_it(base, overlay, changed, base_at, code, named):
    """A house rule that changes a definition, a variable, an attribute or a zone breaks a check in the base's
    expression: the error stands at the base's line, which the house rule's author did not write; the hint now
    names the overlay's file, line and column where the change is."""
    house = write(base, "variants/x.yaml", "extends: ../ruleset.yaml\n" + overlay)
    line, col = position(BASE, base_at)
    d = next((d for d in findings(base, house) if (d.loc.line, d.loc.col) == (line, col)), None)
    assert d is not None and d.code == code and os.path.samefile(d.loc.path, base), str(d)
    line, col = position(house.read_text(), changed)
    assert f"{named} {house}:{line}:{col}" in d.hint, d.hint


CHECKED = """\
philtre: 1
game: checked
players: 2
components:
  card:
    attributes: {value: [1, 2, 3]}
    derive: {double: "value * 2", cells: "[value]"}
    start: deck
zones:
  deck: {visible: nobody}
  pile: {visible: everyone}
  board: {grid: {resolution: 1}}
define:
  things: pile
actions:
  take:
    choose: {c: things}
    do:
      - move: c -> deck
flow:
  - reveal: things
  - for: "c in things"
    do:
      - shuffle: deck
  - place: {piece: "first(deck)", to: board, at: "{'x': 0, 'y': 0, 'rot': 0}"}
  - decide: take
    player: 0
winners: {highest: "score[p]"}
"""


@pytest.mark.parametrize("overlay, changed, base_at, code, named", [
    ("define:\n  things: 3\n", "3", "things\n  - for", "E120", "'things' is defined by"),  # what a reveal shows
    ("define:\n  things: 3\n", "3", "things\"\n", "E123", "'things' is defined by"),  # what a for loops over
    ("define:\n  things: 3\n", "3", "things}", "E125", "'things' is defined by"),  # an action's choices
    ("zones:\n  board: {visible: everyone, grid: {$remove: true}}\n", "visible", "board, at", "E120",
     "the zone 'board' is defined by"),  # where a place puts a piece
], ids=["reveal", "for", "choose", "place"])
def test_a_statement_check_failed_by_an_overlay_names_where_the_overlay_changed_it(tmp_path, overlay, changed, base_at, code, named):
    """The checks a statement makes of the value its expression gives (a zone to reveal, a collection to loop over or
    to choose from, a grid to place on) fail at the base's line, as a check inside an expression does: the hint names
    the overlay's line too."""
    base = tmp_path / "ruleset.yaml"
    base.write_text(CHECKED, encoding="utf-8")
    assert load(base)
    house = write(base, "house.yaml", "extends: ruleset.yaml\n" + overlay)
    line, col = position(CHECKED, base_at)
    d = next((d for d in findings(base, house) if (d.loc.line, d.loc.col, d.code) == (line, col, code)), None)
    assert d is not None and os.path.samefile(d.loc.path, base), [str(d) for d in findings(base, house)]
    line, col = position(house.read_text(), changed)
    assert f"{named} {house}:{line}:{col}" in d.hint, d.hint


@pytest.mark.parametrize("overlay, removed, base_at, code, named", [
    ("components:\n  card:\n    attributes:\n      value: {$remove: true}\n", "value", "value > limit", "E152",
     "the attribute 'value' was removed by"),  # what an expression reads of a component
    ("zones:\n  hand:\n    each: {$remove: true}\n", "each", "\"hand[me]\"", "E125",
     "'each' of the zone 'hand' was removed by"),  # a zone no longer one per seat: what the action chooses from
    ("zones:\n  hand: {each: {$remove: true}}\n", "each", "hand[p]) == 0", "E123", "'each' of the zone 'hand' was removed by"),
    ("components:\n  card:\n    attributes: {$remove: true}\n", "attributes", "value > limit", "E152",
     "the attribute 'value' was removed by"),  # the whole map of attributes: each one it held is named
], ids=["attribute", "zone-key", "zone-key-flow", "attributes-whole"])
def test_an_error_in_the_base_caused_by_an_overlay_removal_names_where_the_overlay_removed_it(base, overlay, removed, base_at,
                                                                                                code, named):
    """An overlay that only removes something (`value: {$remove: true}` under a component's attributes, a zone's `each`)
    broke the base's expressions that read it with no word of the overlay: the author saw an error at a line they did not
    write. The hint now names the overlay's line, as it does for what an overlay wrote."""
    house = write(base, "variants/x.yaml", "extends: ../ruleset.yaml\n" + overlay)
    line, col = position(BASE, base_at)
    d = next((d for d in findings(base, house) if (d.loc.line, d.loc.col, d.code) == (line, col, code)), None)
    assert d is not None and os.path.samefile(d.loc.path, base), [str(d) for d in findings(base, house)]
    line, col = position(house.read_text(), f"{removed}:")
    assert f"{named} {house}:{line}:{col}" in d.hint, d.hint


def test_a_check_at_the_base_zone_whose_key_an_overlay_removed_names_the_removal(base):
    """`hand: {each: {$remove: true}}` left the base's `visible: owner` on a zone with no owner: R008 at the base's zone,
    a line the overlay's author did not write, said nothing of the overlay, where the expressions it broke did."""
    house = write(base, "variants/x.yaml", "extends: ../ruleset.yaml\nzones:\n  hand:\n    each: {$remove: true}\n")
    d = next((d for d in findings(base, house) if d.code == "R008"), None)
    assert d is not None and (d.loc.line, d.loc.col) == position(BASE, "owner}"), [str(d) for d in findings(base, house)]
    assert d.hint == f"'each' of the zone 'hand' was removed by {house}:4:5", d.hint


DEALT = """\
philtre: 1
game: dealt
players: 2
components:
  card: {attributes: {n: 1..5, color: [red, blue]}, start: deck}
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
flow:
  - deal: {from: deck, to: "[hand[p] for p in players]", count: 2}
  - score: {player: 0, add: 1}
"""


def test_a_deal_left_too_big_by_removing_a_components_attributes_names_the_removal(tmp_path):
    """`attributes: {$remove: true}` made the base's 10 cards one: L005 at the base's deal said "'deck' starts with 1"
    with no word of the overlay that took the other nine away."""
    base = tmp_path / "ruleset.yaml"
    base.write_text(DEALT, encoding="utf-8")
    house = write(base, "house.yaml", "extends: ruleset.yaml\ncomponents:\n  card:\n    attributes: {$remove: true}\n")
    report = check_file(str(base), variants=[str(house)])
    d = next((f.diagnostic for f in report.findings if f.diagnostic.code == "L005"), None)
    assert d is not None and (d.loc.line, d.loc.col) == position(DEALT, "deal:"), [str(f.diagnostic) for f in report.findings]
    assert d.hint.endswith(f"; 'attributes' of the component 'card' was removed by {house}:4:5"), d.hint


def test_a_check_at_the_base_component_whose_attributes_an_overlay_removed_names_the_removal(tmp_path):
    """The base's `back: [n]` names an attribute the overlay's `attributes: {$remove: true}` took: R013 at the base's
    component names the removal, as R008 at a zone does."""
    base = tmp_path / "ruleset.yaml"
    text = DEALT.replace("start: deck}", "back: [n], start: deck}")
    base.write_text(text, encoding="utf-8")
    house = write(base, "house.yaml", "extends: ruleset.yaml\ncomponents:\n  card:\n    attributes: {$remove: true}\n")
    d = next((d for d in findings(base, house) if d.code == "R013"), None)
    assert d is not None and (d.loc.line, d.loc.col) == position(text, "n], start"), [str(d) for d in findings(base, house)]
    assert d.hint.endswith(f"'attributes' of the component 'card' was removed by {house}:4:5"), d.hint


def test_a_word_compared_that_an_overlay_left_out_of_an_attributes_values_names_the_overlay(tmp_path):
    """`color: [red]` over the base's [red, blue] (a list is replaced whole: an item cannot be removed alone) left the
    base's `c.color == 'blue'` as L010 "check the spelling", at a line the overlay's author did not write. It is L057, a
    note naming where the overlay left the value out (a word no layer declares is L010 still, its hint naming the
    overlay's values)."""
    base = tmp_path / "ruleset.yaml"
    base.write_text(DEALT.replace("add: 1", "add: \"count(c for c in hand[0] if c.color == 'blue' or c.color == 'bleu')\""),
                    encoding="utf-8")
    house = write(base, "house.yaml", "extends: ruleset.yaml\ncomponents:\n  card:\n    attributes:\n      color: [red]\n")
    report = check_file(str(base), variants=[str(house)])
    found = {f.diagnostic.code: f for f in report.findings if f.diagnostic.code in ("L010", "L057")}
    assert set(found) == {"L010", "L057"}, [str(f.diagnostic) for f in report.findings]
    note = found["L057"]
    assert note.severity == "note" and os.path.samefile(note.diagnostic.loc.path, base)
    assert note.diagnostic.message == f"'blue' is a color the base gives and {house}:5:7 removes: this rule never applies under it"
    assert "'bleu'" in found["L010"].diagnostic.message
    assert found["L010"].diagnostic.hint.endswith(f"; the attribute 'color' is defined by {house}:5:14"), found["L010"].diagnostic.hint


def test_removing_a_whole_section_names_the_removal_at_each_use_of_what_it_held(base):
    """`variables: {$remove: true}` took 'dealer' with it: the base's `left(dealer)` was an unknown name with no word of
    the overlay, where removing 'dealer' alone named it."""
    house = write(base, "house.yaml", "extends: ruleset.yaml\nvariables: {$remove: true}\n")
    found = [d for d in findings(base, house) if "'dealer'" in d.message]
    assert found and all(d.hint == f"'dealer' is removed by the overlay at {house}:2:1, and this still uses it" for d in found), \
        [str(d) for d in found]


LOOPED = """\
philtre: 1
game: looped
players: 2
variables: {done: false}
actions:
  pass:
    do:
      - score: {player: me, add: 1}
flow:
  - until: done
    do:
      - decide: pass
        player: 0
      - name: finish
        set: {done: true}
winners: {highest: "score[p]"}
"""


def test_a_loop_left_endless_by_removing_the_statement_that_ended_it_names_the_removal(tmp_path):
    """`- {name: finish, $remove: true}` took the only `set` of 'done': the base's `until: done` never ends, a line
    the overlay's author did not write. L004 there says why, and names the removal."""
    base = tmp_path / "ruleset.yaml"
    base.write_text(LOOPED, encoding="utf-8")
    house = write(base, "mine.yaml", "extends: ruleset.yaml\nflow:\n  - name: finish\n    $remove: true\n")
    assert [f.diagnostic for f in check_file(str(base)).findings] == []
    found = [f.diagnostic for f in check_file(str(base), variants=[str(house)]).findings]
    assert [(d.code, d.loc.line, d.loc.col) for d in found] == [("L004", *position(LOOPED, "done\n    do:"))], [str(d) for d in found]
    assert "its 'until' reads 'done', which no statement changes (it stays false)" in found[0].message, found[0].message
    assert found[0].hint.endswith(f"; the statement 'finish' that set it was removed by {house}:4:5"), found[0].hint


@pytest.mark.parametrize("overlay, named", [
    ("flow:\n  - name: finish\n    $replace: true\n    score: {player: 0, add: 1}\n", "the statement 'finish' that set it was replaced by {house}:4:5"),
    ("flow:\n  - name: finish\n    set: {$remove: true}\n    score: {player: 0, add: 1}\n", "the statement 'finish' that set it was changed by {house}:3:5"),
    # the loop's whole `do:` replaced: the statement taken out is named, not the loop it was in
    ("flow:\n  - name: rounds\n    do:\n      $replace:\n        - decide: pass\n          player: 0\n",
     "the statement 'finish' that set it was replaced by {house}:5:7"),
], ids=["item replaced", "item changed", "list replaced"])
def test_a_loop_left_endless_by_replacing_the_statement_that_ended_it_names_the_replacement(tmp_path, overlay, named):
    """Not only `$remove`: a `$replace` of the statement, a change that drops its `set`, a `do:` replaced whole."""
    base = tmp_path / "ruleset.yaml"
    base.write_text(LOOPED.replace("  - until: done", "  - name: rounds\n    until: done"), encoding="utf-8")
    house = write(base, "mine.yaml", "extends: ruleset.yaml\n" + overlay)
    found = [f.diagnostic for f in check_file(str(base), variants=[str(house)]).findings]
    assert [d.code for d in found] == ["L004"], [str(d) for d in found]
    assert found[0].hint.endswith("; " + named.format(house=house)), found[0].hint


def test_a_statement_replaced_by_one_that_still_sets_the_variable_is_not_named(tmp_path):
    base = tmp_path / "ruleset.yaml"
    base.write_text(LOOPED, encoding="utf-8")
    house = write(base, "mine.yaml", "extends: ruleset.yaml\nflow:\n  - name: finish\n    $replace: true\n    set: {done: true}\n")
    ruleset = load_ruleset(str(base), [str(house)])
    from philtre.dsl.overlays import removed_setters

    assert removed_setters(ruleset) == {}
    assert [f.diagnostic for f in check_file(str(base), variants=[str(house)]).findings] == []


def test_the_step_limit_reached_in_play_names_the_removal_that_left_the_loop_endless(tmp_path):
    """Played anyway (the lint is a warning), the game stops at R200 at the base's `until`; its hint names the
    overlay's `$remove` as the validator's does, not only what overlays set."""
    base = tmp_path / "ruleset.yaml"
    base.write_text(LOOPED.replace("players: 2\n", "players: 2\nstep_limit: 300\n"), encoding="utf-8")
    house = write(base, "mine.yaml", "extends: ruleset.yaml\nflow:\n  - name: finish\n    $remove: true\n")
    game = Game(load_ruleset(str(base), [str(house)]), 2, seed=1)
    with pytest.raises(PhiltreError) as info:
        _play_randomly(game)
    d = info.value.first
    assert (d.code, d.loc.line) == ("R200", position(LOOPED, "until")[0] + 1), str(d)
    assert d.hint.endswith(f"; it reads 'done', and the statement 'finish' that set it was removed by {house}:4:5"), d.hint


def test_a_statement_check_failed_by_an_overlay_removal_names_where_the_overlay_removed_it(tmp_path):
    """`board: {grid: {$remove: true}}` left the base's `place` at a zone that is no grid, and said nothing of the overlay."""
    base = tmp_path / "ruleset.yaml"
    base.write_text(CHECKED, encoding="utf-8")
    house = write(base, "house.yaml", "extends: ruleset.yaml\nzones:\n  board:\n    grid: {$remove: true}\n")
    line, col = position(CHECKED, "board, at")
    d = next((d for d in findings(base, house) if (d.loc.line, d.loc.col) == (line, col)), None)
    assert d is not None and d.code == "E120", [str(d) for d in findings(base, house)]
    assert d.hint.endswith(f"'grid' of the zone 'board' was removed by {house}:4:5"), d.hint


def test_an_overlay_giving_a_grid_each_player_makes_a_grid_a_seat(tmp_path):
    """Patchwork's overlay `quilt0: {grid: ..., each: player}` was R009 (a grid was one shared zone): it now makes
    one grid a seat, and what is left to fix is the base's `place` on `board`, now a family, at the base's line."""
    base = tmp_path / "ruleset.yaml"
    base.write_text(CHECKED, encoding="utf-8")
    house = write(base, "house.yaml", "extends: ruleset.yaml\nzones:\n  board: {each: player}\n")
    found = findings(base, house)
    assert [(d.code, str(d.loc.path), d.loc.line) for d in found] == [("E120", str(base), position(CHECKED, "board, at")[0])], \
        [str(d) for d in found]


def test_validate_names_the_overlay_removal_at_every_expression_it_breaks_an_action_condition_too(tmp_path):
    """`philtre validate poison --variant mine.yaml` removing the potions' colour: every expression reading `.color` fails
    at Poison's lines; each names the overlay's line, the `if` of `play` too (compiled again for its options' lister,
    whose copy of the finding, without the hint, was the one reported)."""
    from philtre.dsl import resolve_ruleset_path

    house = tmp_path / "mine.yaml"
    house.write_text("extends: poison\ncomponents:\n  potion:\n    attributes:\n      color: {$remove: true}\n", encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "philtre", "validate", "--format", "json", "poison", "--variant", str(house)],
                            cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert result.returncode == 1, result.stderr
    found = json.loads(result.stdout)
    assert found and {f["code"] for f in found} == {"E152"}, found
    assert all(f["hint"] == "the attribute 'color' was removed by mine.yaml:5:7" for f in found), found  # (relative to the folder run in)
    poison = Path(resolve_ruleset_path("poison")).read_text(encoding="utf-8")
    condition = position(poison, "card.color not in")[0]
    assert condition in {f["line"] for f in found}, found


def test_a_derived_attribute_failed_by_an_overlay_names_where_the_overlay_changed_the_attribute(tmp_path):
    """A `derive:` entry is computed when the components are made: R002 at the base's line, where `value * 2` fails for
    the words an overlay gave `value`; the hint names the overlay's line, as a compile-time check's does."""
    base = tmp_path / "ruleset.yaml"
    base.write_text(CHECKED, encoding="utf-8")
    house = write(base, "house.yaml", "extends: ruleset.yaml\ncomponents:\n  card:\n    attributes: {value: [a, b]}\n")
    report = check_file(str(base), variants=[str(house)])
    (d,) = [f.diagnostic for f in report.errors]
    assert (d.code, (d.loc.line, d.loc.col)) == ("R002", position(CHECKED, '"value * 2"')), str(d)
    line, col = position(house.read_text(), "[a, b]")
    assert d.hint == f"the attribute 'value' is defined by {house}:{line}:{col}", d.hint
    with pytest.raises(PhiltreError) as info:  # and where a game starts
        Game(load(base, house), 2)
    assert info.value.first.hint == d.hint


def test_a_type_error_through_a_base_definition_names_the_overlay_definition_it_reads(tmp_path):
    """`until: x >= target` reads the base's `target: goal`, which the house rule left alone; the house rule made
    `goal` true or false, and so `target`: the hint follows the base's definition to the house rule's line."""
    base = tmp_path / "ruleset.yaml"
    base.write_text(RACE.replace("UNTIL", "x >= target").replace("  goal: 4\n", "  goal: 4\n  target: goal\n"), encoding="utf-8")
    house = tmp_path / "house.yaml"
    house.write_text("extends: ruleset.yaml\ndefine:\n  goal: x > 1\n", encoding="utf-8")
    line, col = position(base.read_text(), "target or")
    d = next((d for d in findings(base, house) if (d.loc.line, d.loc.col) == (line, col)), None)
    assert d is not None and d.code == "E124" and "got a bool" in d.message, str(d)
    assert d.hint == f"'goal' is defined by {house}:3:9", d.hint


def test_a_per_seat_variable_an_overlay_wrote_short_names_the_overlay_and_the_long_form(tmp_path):
    """`variables: {chips: 9}` over `chips: {initial: 11, each: player, visible: owner}` replaced the whole declaration:
    the base's `set: {"chips[me]": ...}` became S015 at the base's line, with no word of the overlay that did it."""
    base = tmp_path / "ruleset.yaml"
    base.write_text(BASE.replace("  dealer: 0\n", "  dealer: 0\n  chips: {initial: 11, each: player, visible: owner}\n")
                    .replace("      - name: place\n", "      - set: {\"chips[me]\": \"chips[me] - 1\"}\n      - name: place\n"),
                    encoding="utf-8")
    house = write(base, "variants/x.yaml", "extends: ../ruleset.yaml\nvariables:\n  chips: 9\n")
    [d] = [d for d in findings(base, house) if d.code == "S015"]
    assert d.hint == (f"the variable 'chips' is defined by {house}:3:10; an overlay's chips: VALUE replaces the whole "
                      "declaration, its each: player and visible with it: to change the initial value alone, write "
                      "chips: {initial: VALUE}"), d.hint
