"""The content hash and `philtre diff` keep the written order of the mappings the games follow, and only theirs: a
name the author chose that is spelt like one of those words (an action called `set`) is a name like any other
(docs/records.md, `ruleset.hash`)."""

from __future__ import annotations

import pytest

from philtre.dsl import load_ruleset
from philtre.dsl.describe import describe_changes

RULESET = """\
philtre: 1
game: names
players: 2
components:
  {component}: {{{component_spec}}}
zones:
  deck: {{}}
  {zone}: {{{zone_spec}}}
actions:
  {action}: {{{action_spec}}}
flow:
  - turns: 1
    do:
      - decide: {action}
winners: {{highest: "score[p]"}}
"""

SPECS = {"component_spec": ["attributes: {n: [1, 2]}", "start: deck"], "zone_spec": ["each: player", "visible: owner"],
         "action_spec": ["if: 'true'", "do: []"]}


def ruleset(tmp_path, name: str, reverse: str, **names):
    """A ruleset whose component type, zone and action are named ``names``, the spec ``reverse`` its keys reversed."""
    specs = {key: ", ".join(reversed(parts) if key == reverse else parts) for key, parts in SPECS.items()}
    path = tmp_path / f"{name}.yaml"
    path.write_text(RULESET.format(**names, **specs), encoding="utf-8")
    return load_ruleset(str(path))


@pytest.mark.parametrize("reverse", list(SPECS))
@pytest.mark.parametrize("names", [
    {"component": "choose", "zone": "initial", "action": "set"},
    {"component": "attributes", "zone": "let", "action": "initial"},
])
def test_a_spec_named_like_a_word_of_the_language_hashes_alike_in_any_key_order(tmp_path, names, reverse):
    """A component type `choose`, a zone `initial`, an action `set`: the spec under the name was hashed as the mapping
    the word names (its written order kept) or as data, so rulesets playing the same games had two hashes, and
    `philtre diff` said "reorders actions.set: the games follow the order of set"."""
    base = ruleset(tmp_path, "base", "", **names)
    other = ruleset(tmp_path, "other", reverse, **names)
    assert base.content_hash == other.content_hash
    assert describe_changes(base.source, other.source) == []
