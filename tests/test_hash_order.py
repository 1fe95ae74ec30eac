"""The content hash and `philtre diff` keep the written order of the mappings the games follow, and only theirs: a
name the author chose that is spelt like one of those words (an action called `set`) is a name like any other
(docs/records.md, `ruleset.hash`)."""

from __future__ import annotations

from pathlib import Path

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


def test_the_keys_language_md_says_the_hash_leaves_out_are_those_it_leaves_out(tmp_path):
    """language.md's top-level keys said `title`, `description`, `heuristic` and `scenarios` were left out, "everything
    else" hashed: `show`, a zone's `quiet` and `show_sorted` and a variable's `quiet` are left out too (a For Sale
    trial added them after recording and was right to expect P003 from the docs, wrongly); so is an action's
    `description`, free text (a Belote trial); and a statement's `name` and a component type's `display` (a Risk trial);
    and a die's `quiet` (its long form hashed as its faces)."""
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / "docs" / "language.md").read_text(encoding="utf-8")
    said = re.search(r"Any other key is an error \(`V001`\)\. (.*?); everything else is", text, re.S)[1]
    top = re.match(r"(.*?) are not part of", said, re.S)[1]
    assert sorted(re.findall(r"`(\w+)`", top)) == ["description", "heuristic", "scenarios", "show", "title"], top
    assert "a zone's `quiet` and `show_sorted`" in said and "a variable's `quiet`" in said and "a die's `quiet`" in said, said
    assert "an action's `label` and `description`" in " ".join(said.split()), said
    assert "a statement's `name`" in " ".join(said.split()) and "a component type's `display`" in " ".join(said.split()), said
    base = RULESET.format(component="card", zone="hand", action="go", **{k: ", ".join(v) for k, v in SPECS.items()})
    base = base.replace("zones:", "variables:\n  n: 0\ndice:\n  d: [{pips: 1}, {pips: 2}]\nzones:").replace("flow:", "define:\n  lead: score[0]\nflow:")

    def hashed(name, text):
        path = tmp_path / f"{name}.yaml"
        path.write_text(text, encoding="utf-8")
        return load_ruleset(str(path)).content_hash

    left_out = {
        "top": base.replace("game: names\n", "game: names\ntitle: Names\ndescription: a test\nheuristic: \"score[p]\"\n")
        + "show: [lead]\nscenarios: []\n",
        "zone": base.replace("visible: owner}", "visible: owner, quiet: true, show_sorted: [n]}"),
        "variable": base.replace("  n: 0\n", "  n: {initial: 0, quiet: true}\n"),
        "action": base.replace("do: []}", "do: [], description: Go on; nothing happens.}"),
        "statement": base.replace("  - turns: 1\n", "  - name: each\n    turns: 1\n").replace("      - decide: go\n", "      - decide: go\n        name: ask\n"),
        "component": base.replace("start: deck}", "start: deck, display: [n]}"),
        "die": base.replace("  d: [{pips: 1}, {pips: 2}]", "  d: {faces: [{pips: 1}, {pips: 2}], quiet: true}"),
    }
    assert base not in left_out.values()
    hashes = {name: hashed(name, text) for name, text in left_out.items()}
    assert hashes == dict.fromkeys(left_out, hashed("base", base)), hashes
    assert hashed("rule", base.replace("  n: 0\n", "  n: 1\n")) != hashed("base", base)  # (a rule is hashed)


@pytest.mark.parametrize("written, added", [
    ("  play:\n", "    description: Play a card face down.\n"),  # an action's description
    ("    start: deck\n", "    display: [rank]\n"),  # a component type's display
])
def test_a_record_made_before_an_action_s_description_or_a_type_s_display_was_added_replays(tmp_path, written, added):
    """An action's `description` is free text the engine ignores (play prints it above the options), yet it was hashed:
    a trial (Belote) added one to a bid after recording games, and every record was refused (P003). So was a component
    type's `display`, which attributes text for people prints (records, views and agents keep every one). A rule
    changed still is refused."""
    from test_cli import ROOT, philtre

    path = tmp_path / "ruleset.yaml"
    text = (ROOT / "examples" / "tutorial" / "ruleset.yaml").read_text(encoding="utf-8")
    path.write_text(text, encoding="utf-8")
    made = philtre("simulate", tmp_path, "-p", "2", "-n", "1", "--record", tmp_path / "out", "--no-db", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    record = tmp_path / "out" / "game-00001.jsonl"
    assert text.count(written) == 1
    path.write_text(text.replace(written, written + added), encoding="utf-8")
    replayed = philtre("replay", record, cwd=tmp_path)
    assert replayed.returncode == 0 and "all events match" in replayed.stdout, replayed.stdout + replayed.stderr
    path.write_text(text.replace("rank: [1, 2, 3, 4, 5, 6, 7, 8]", "rank: [1, 2, 3, 4, 5, 6, 7, 9]"), encoding="utf-8")
    refused = philtre("replay", record, cwd=tmp_path)
    assert refused.returncode == 1 and "P003 the record was made with ruleset content" in refused.stderr, refused.stderr


HASH_DATA = Path(__file__).resolve().parent / "data" / "hash"


def test_a_record_made_before_a_statement_was_named_replays(tmp_path):
    """A statement's `name` is a label (overlays' `$after:`, scenarios' `given.at` and runtime messages find the
    statement by it), yet it was hashed: a trial (Risk) named flow statements for an overlay and a scenario, and every
    record made before was refused (P003) though no game played differently. The trial's repro: the record made
    before the name was added replays with it; a rule changed still is refused."""
    from test_cli import philtre

    named = (HASH_DATA / "named_statement.yaml").read_text(encoding="utf-8")
    unnamed = named.replace("  - name: start\n    set: {n: 1}\n", "  - set: {n: 1}\n")
    assert unnamed != named
    path = tmp_path / "ruleset.yaml"
    path.write_text(unnamed, encoding="utf-8")
    made = philtre("play", ".", "-p", "2", "--record", "g.jsonl", cwd=tmp_path, stdin="1\n")
    assert made.returncode == 0, made.stderr
    path.write_text(named, encoding="utf-8")
    replayed = philtre("replay", "g.jsonl", cwd=tmp_path)
    assert replayed.returncode == 0 and "all events match" in replayed.stdout, replayed.stdout + replayed.stderr
    path.write_text(named.replace("set: {n: 1}", "set: {n: 2}"), encoding="utf-8")
    refused = philtre("replay", "g.jsonl", cwd=tmp_path)
    assert refused.returncode == 1 and "P003 the record was made with ruleset content" in refused.stderr, refused.stderr


@pytest.mark.parametrize("where", ["flow", "else", "round", "block", "action"])
def test_a_statement_s_name_is_left_out_of_the_hash_at_any_depth_and_a_variable_called_name_is_not(tmp_path, where):
    """Statements are named in the flow, in a block, in an action's `do`, and inside another statement's `do`, `else`
    or `round`: each name is left out. A `set: {name: ...}` sets a variable called name: a rule, hashed."""
    text = """\
philtre: 1
game: h
players: 2
variables: {name: 0, n: 0}
blocks:
  tick: [{set: {n: n + 1}}]
actions:
  go: {do: [{set: {n: 1}}]}
flow:
  - round:
      - when: n > 5
        set: {n: 0}
        else: [{set: {name: 1}}]
  - run: tick
  - decide: go
    player: 0
"""
    named = {"flow": ("  - decide: go\n", "  - name: ask\n    decide: go\n"),
             "else": ("else: [{set: {name: 1}}]", "else: [{name: once, set: {name: 1}}]"),
             "round": ("      - when: n > 5\n", "      - name: reset\n        when: n > 5\n"),
             "block": ("[{set: {n: n + 1}}]", "[{name: up, set: {n: n + 1}}]"),
             "action": ("do: [{set: {n: 1}}]", "do: [{name: one, set: {n: 1}}]")}[where]
    assert text.count(named[0]) == 1

    def hashed(name, written):
        path = tmp_path / f"{name}.yaml"
        path.write_text(written, encoding="utf-8")
        return load_ruleset(str(path)).content_hash

    assert hashed("named", text.replace(*named)) == hashed("base", text)
    assert hashed("set", text.replace("{name: 1}", "{name: 2}")) != hashed("base", text)


def test_a_record_that_ends_at_a_failure_names_its_rule_as_written_and_p010_says_so(tmp_path):
    """The one line of a record that holds a statement's name: a `failed` line's message (`rule 'payout' failed`), with
    the rule's place. Its hash is the same once the rule is named, and the replay checks that line as recorded: P010,
    whose hint says that only the failure's place or words differ (records.md, failed)."""
    from test_cli import STOPS_AT_A_RULE, philtre

    (tmp_path / "stops.yaml").write_text(STOPS_AT_A_RULE, encoding="utf-8")
    made = philtre("simulate", "stops.yaml", "-n", "1", "--no-db", "--record", "out", cwd=tmp_path)
    assert made.returncode == 1 and "R100 rule 'score' failed" in made.stderr, made.stderr
    lines = (tmp_path / "out" / "game-00001.jsonl").read_text(encoding="utf-8").splitlines()
    written = '      - score: {player: me, add: "6 // (card.rank - 3)"}\n'
    assert STOPS_AT_A_RULE.count(written) == 1
    (tmp_path / "stops.yaml").write_text(STOPS_AT_A_RULE.replace(written, "      - name: payout\n" + written[:6] + "  " + written[8:]),
                                         encoding="utf-8")
    replayed = philtre("replay", "out/game-00001.jsonl", cwd=tmp_path)
    assert replayed.returncode == 1 and "P003" not in replayed.stderr, replayed.stderr
    assert f"game-00001.jsonl:{len(lines)}:1: P010 failed differs at message" in replayed.stderr, replayed.stderr
    assert "rule 'payout' failed" in replayed.stderr and "only the failure's place or words differ" in replayed.stderr


PLAIN = """\
philtre: 1
game: h
players: 2
components:
  card: {attributes: {k: K}, start: deck}
zones:
  deck: {}
DEFINE
actions:
  go: {}
flow:
  - decide: go
    player: 0
"""


def _hash(tmp_path, name: str, k: str = "[0, 1, 2]", define: str = "") -> str:
    path = tmp_path / f"{name}.yaml"
    path.write_text(PLAIN.replace("K", k).replace("DEFINE\n", define), encoding="utf-8")
    return load_ruleset(str(path)).content_hash


@pytest.mark.parametrize("written, spelt", [
    ("0..2", "[0, 1, 2]"), ("[0..1, 2]", "[0, 1, 2]"), ("[5, 0..2]", "[5, 0, 1, 2]"), ("3..3", "3"), ("[3..3]", "[3]"),
])
def test_a_range_of_attribute_values_hashes_as_the_values_it_stands_for(tmp_path, written, spelt):
    """Tsuro trial: `k: 0..34` for `k: [0, ..., 34]` (the same components, ids and games) changed the hash, and every
    record made before the tidy-up was refused (P003). A range is its values (language.md, Components); another list of
    values is another hash."""
    assert _hash(tmp_path, "range", written) == _hash(tmp_path, "list", spelt)
    assert _hash(tmp_path, "range", written) != _hash(tmp_path, "other", "[0, 1]")


@pytest.mark.parametrize("define, same", [
    ("define:\n  remaining: count(deck)\nshow: [remaining]\n", True),  # read by play's board alone
    ("define:\n  spare: 3\n  in_deck: count(deck) - spare\nshow: [in_deck]\n", True),  # ... and through another definition
    ("define:\n  unused: 3\n", True),  # read by nothing (L001)
    ("define:\n  size: 3\n", False),  # read by the rules (the flow's `player: size - 3` below)
])
def test_a_definition_no_rule_reads_is_left_out_of_the_hash(tmp_path, define, same):
    """Tsuro trial: a definition added for play's board (`show:` can only name a definition) changed the hash, so the
    records made before the board line was added stopped replaying (P003), though `show` itself is left out of it."""
    plain = _hash(tmp_path, "plain")
    path = tmp_path / "defined.yaml"
    text = PLAIN.replace("K", "[0, 1, 2]").replace("DEFINE\n", define)
    if "size" in define:
        text = text.replace("player: 0", "player: size - 3")
    path.write_text(text, encoding="utf-8")
    assert (load_ruleset(str(path)).content_hash == plain) is same
