"""Overlays of many items apply in time linear in their size, and `step_limit` has a maximum (audit HX5, HX7).

An overlay patching a flow's statements by name used to search the whole statement tree for each of its items
(twice for `$after:`), so 10,000 `$after:` items (0.4 MB, within every limit) did not finish in 90 s. The work done
is counted here (mappings looked into), never timed. A ruleset could set `step_limit` to 2^63-1 and run forever.
"""

from __future__ import annotations

import os
import textwrap
from pathlib import Path

import pytest

from philtre.dsl import PhiltreError, load_ruleset
from philtre.dsl import overlays
from philtre.dsl.errors import Loc
from philtre.dsl.validate import validate_path
from philtre.dsl.yamlpos import Map, Seq


class CountedMap(Map):
    """A mapping that counts how often its values are looked through (as a walk of the statement tree does)."""

    __slots__ = ()
    looked = [0]

    def values(self):
        CountedMap.looked[0] += 1
        return super().values()


def mapping(pairs: dict, line: int) -> CountedMap:
    out = overlays.Map(Loc("ov.yaml", line, 3))  # (a CountedMap, or the class a test counts with)
    for key, value in pairs.items():
        out[key] = value
        out.key_locs[key] = out.val_locs[key] = Loc("ov.yaml", line, 5)
    return out


def sequence(items: list, line: int) -> Seq:
    out = Seq(Loc("ov.yaml", line, 1))
    for i, item in enumerate(items):
        out.append(item)
        out.locs.append(Loc("ov.yaml", line + i, 3))
    return out


def looked_into(monkeypatch, n: int, patch_item) -> tuple[int, Seq]:
    """How many mappings patching a flow of ``n`` named statements with ``n`` items ``patch_item(k)`` looked into."""
    monkeypatch.setattr(overlays, "Map", CountedMap)  # the merge's copies are counted too
    base = sequence([mapping({"name": f"s{k}", "set": mapping({"x": k}, k)}, k) for k in range(n)], 1)
    patch = sequence([patch_item(k) for k in reversed(range(n))], 1)
    CountedMap.looked[0] = 0
    merged = overlays.merge_named(base, patch, ("flow",), [])
    return CountedMap.looked[0], merged


def test_an_overlay_inserting_after_each_of_many_statements_looks_at_each_statement_a_few_times(monkeypatch):
    n = 400
    looked, merged = looked_into(monkeypatch, n, lambda k: mapping({"$after": f"s{k}", "name": f"t{k}", "set": mapping({"x": 1}, k)}, k))
    assert [item["name"] for item in merged[:4]] == ["s0", "t0", "s1", "t1"]
    assert looked <= 10 * n, f"{looked:,} mappings looked into for {n} items: the tree is walked for each item"


def test_an_overlay_changing_each_of_many_statements_by_name_looks_at_each_statement_a_few_times(monkeypatch):
    n = 400
    looked, merged = looked_into(monkeypatch, n, lambda k: mapping({"name": f"s{k}", "set": mapping({"x": k + 1}, k)}, k))
    assert [item["set"]["x"] for item in merged[:3]] == [1, 2, 3]
    assert looked <= 10 * n, f"{looked:,} mappings looked into for {n} items: the tree is walked for each item"


class TagCountedMap(CountedMap):
    """A mapping that also counts how often its `inserted_after` is read (as a walk past the items put after one does)."""

    __slots__ = ()
    read = [0]

    @property
    def inserted_after(self):
        TagCountedMap.read[0] += 1
        return Map.inserted_after.__get__(self)

    @inserted_after.setter
    def inserted_after(self, value):
        Map.inserted_after.__set__(self, value)


def test_many_items_put_after_one_statement_go_in_written_order_each_found_at_once(monkeypatch):
    """N items with `$after: s0` walked past all those put there before: N*N/2 steps (audit HX, session 51's left-open)."""
    n = 2000
    monkeypatch.setattr(overlays, "Map", TagCountedMap)  # the overlay's mappings and the merge's copies
    base = sequence([mapping({"name": f"s{k}", "set": mapping({"x": k}, k)}, k) for k in range(3)], 1)
    patch = sequence([mapping({"$after": "s0", "name": f"t{k}", "set": mapping({"x": 1}, k)}, k) for k in range(n)], 1)
    TagCountedMap.read[0] = 0
    merged = overlays.merge_named(base, patch, ("flow",), [])
    assert [item["name"] for item in merged] == ["s0", *(f"t{k}" for k in range(n)), "s1", "s2"]
    assert TagCountedMap.read[0] <= 10 * n, f"{TagCountedMap.read[0]:,} tags read for {n} items: each walks past the others"


# The name index kept while an overlay is applied follows each change: an item inserted, removed, replaced or
# merged is found (or not) by the items after it, nested blocks included, as when the tree was searched each time.

BASE = """\
philtre: 1
game: m
players: 2
variables: {x: 0}
flow:
  - name: outer
    repeat: 2
    do:
      - name: inner
        set: {x: 1}
      - name: last
        set: {x: 2}
  - name: tail
    set: {x: 3}
winners: {highest: "score[p]"}
"""


def flow_of(tmp_path: Path, overlay: str) -> list:
    (tmp_path / "base.yaml").write_text(BASE)
    (tmp_path / "ov.yaml").write_text("extends: base.yaml\ndescription: d\n" + textwrap.dedent(overlay))
    return load_ruleset(str(tmp_path / "base.yaml"), [str(tmp_path / "ov.yaml")]).source["flow"]


def names_in(items) -> list:
    return [(item.get("name"), names_in(item["do"])) if "do" in item else item.get("name") for item in items]


def test_items_inserted_removed_and_replaced_are_found_by_the_items_after_them(tmp_path):
    flow = flow_of(tmp_path, """\
        flow:
          - $after: inner
            name: added
            set: {x: 4}
          - $after: added
            name: again
            set: {x: 5}
          - name: last
            $remove: true
          - $before: tail
            name: last
            set: {x: 6}
          - name: outer
            $replace: true
            repeat: 1
            do:
              - name: deep
                set: {x: 7}
          - name: deep
            set: {x: 8}
          - $after: deep
            name: deeper
            set: {x: 9}
        """)
    assert names_in(flow) == [("outer", ["deep", "deeper"]), "last", "tail"]
    assert flow[0]["do"][0]["set"]["x"] == 8


def test_a_name_removed_with_its_block_is_gone_for_the_items_after_it(tmp_path):
    ov = "flow:\n  - name: outer\n    $remove: true\n  - name: inner\n    set: {x: 5}\n"
    with pytest.raises(PhiltreError) as info:
        flow_of(tmp_path, ov)
    d = info.value.first
    assert d.code == "O005" and "no item named 'inner'" in d.message, str(d)
    assert (os.path.basename(d.loc.path), d.loc.line, d.loc.col) == ("ov.yaml", 6, 5), str(d)


def test_a_statement_merged_into_keeps_its_nested_names_findable(tmp_path):
    flow = flow_of(tmp_path, """\
        flow:
          - name: outer
            repeat: 3
          - name: inner
            set: {x: 10}
          - name: outer
            do:
              - name: last
                set: {x: 11}
          - $after: last
            name: new
            set: {x: 12}
        """)
    assert flow[0]["repeat"] == 3 and names_in(flow) == [("outer", ["inner", "last", "new"]), "tail"]
    assert [s["set"]["x"] for s in flow[0]["do"]] == [10, 11, 12]


def test_a_name_inserted_twice_is_refused_the_second_time(tmp_path):
    with pytest.raises(PhiltreError) as info:
        flow_of(tmp_path, "flow:\n  - $after: tail\n    name: z\n    set: {x: 1}\n  - $before: inner\n    name: z\n    set: {x: 2}\n")
    d = info.value.first
    assert d.code == "O007" and (d.loc.line, d.loc.col) == (8, 5), str(d)


# HX7: step_limit has a maximum, so a runaway game always stops with R200 soon.

ENDLESS = """\
philtre: 1
game: endless
players: 2
step_limit: {limit}
variables: {{x: 0}}
flow:
  - name: spin
    repeat: 9007199254740992
    do:
      - set: {{x: "1 - x"}}
winners: {{highest: "score[p]"}}
"""


def test_a_step_limit_past_the_maximum_is_refused_where_it_is_written(tmp_path):
    path = tmp_path / "endless.yaml"
    path.write_text(ENDLESS.format(limit=2**63 - 1))
    with pytest.raises(PhiltreError) as info:
        load_ruleset(str(path))
    d = info.value.first
    assert d.code == "V001" and (d.loc.line, d.loc.col) == (4, 13), str(d)
    assert d.message == "9223372036854775807 is greater than the maximum of 10000000", str(d)


def test_a_step_limit_at_the_maximum_is_accepted(tmp_path):
    path = tmp_path / "endless.yaml"
    path.write_text(ENDLESS.format(limit=10_000_000))
    assert load_ruleset(str(path)).step_limit == 10_000_000


@pytest.mark.parametrize("written", ["10000001", "{$replace: 10000001}"])
def test_an_overlay_raising_the_step_limit_past_the_maximum_is_refused_where_it_is_written(tmp_path, written):
    (tmp_path / "base.yaml").write_text(BASE)
    (tmp_path / "ov.yaml").write_text(f"extends: base.yaml\ndescription: d\nstep_limit: {written}\n")
    for args in ([str(tmp_path / "base.yaml"), [str(tmp_path / "ov.yaml")]], [str(tmp_path / "ov.yaml")]):
        with pytest.raises(PhiltreError) as info:
            validate_path(*args)  # the base with the overlay, and the overlay's file alone
        d = info.value.first
        assert d.code == "V001" and "greater than the maximum of 10000000" in d.message, str(d)
        assert os.path.basename(d.loc.path) == "ov.yaml" and d.loc.line == 3, str(d)
        assert d.loc.col == (13 if written[0] != "{" else 24), str(d)


def test_items_put_after_one_statement_run_in_the_order_written_whatever_happened_to_those_before(tmp_path):
    """The next item put after `inner` goes after the last put there that is still in the flow: after one merged or
    replaced in its place, before one removed, and after the items put after those."""
    flow = flow_of(tmp_path, """\
        flow:
          - {$after: inner, name: a, set: {x: 4}}
          - {$after: inner, name: b, set: {x: 5}}
          - {$after: a, name: a2, set: {x: 6}}
          - {$after: inner, name: c, set: {x: 7}}
          - {name: c, $replace: true, set: {x: 8}}
          - {$after: inner, name: d, set: {x: 9}}
          - {name: d, set: {x: 10}}
          - {$after: inner, name: e, set: {x: 11}}
          - {name: e, $remove: true}
          - {$after: inner, name: f, set: {x: 12}}
        """)
    assert names_in(flow) == [("outer", ["inner", "a", "a2", "b", "c", "d", "f", "last"]), "tail"]
