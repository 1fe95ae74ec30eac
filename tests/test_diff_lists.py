"""`philtre diff` on lists patched by name (flow statements, action effects): every sentence is true, and every
difference between the base's rules and the variant's is said (audit DT1, DT2, DT3).

The CLI is run as a user runs it; the property test calls the sentences' function on random edits of a flow list.
"""

from __future__ import annotations

import copy
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from philtre.dsl.canonical import canonical_text
from philtre.dsl.describe import _scalar, _short, describe_changes
from philtre.interpreter.cli_new import RULESET

ROOT = Path(__file__).resolve().parent.parent

# the small card game `philtre new` writes: two unnamed statements, then a named one
MYGAME = RULESET.format(name="mygame", title="Mygame", folder="mygame", schema="x.json")
# its `tricks` statement, as an overlay's flow list holds it (two more spaces)
TRICKS = textwrap.indent(MYGAME[MYGAME.index("  - name: tricks"):MYGAME.index("\nwinners:") + 1], "  ")

# Poison's `rounds` replaced whole, its `round` statements written as ROUND (a list at 10 spaces)
POISON_ROUNDS = """\
extends: poison
flow:
  - name: rounds
    $replace: true
    repeat: player_count
    do:
      - round:
{round}\
          - name: turns
            turns: left(dealer)
            until: all(count(hand[p]) == 0 for p in players)
            do:
              - decide: play
          - name: reveal
            reveal: taken
          - name: scoring
            for: p in players
            do:
              - score: {{player: p, add: points(p)}}
      - name: pass-deal
        set: {{dealer: left(dealer)}}
"""
GATHER = "          - name: gather\n            move: components -> deck\n"
SHUFFLE = "          - shuffle: deck\n"
DEAL = "          - name: deal\n            deal: {from: deck, to: deal_order}\n"


def philtre(*args, cwd=ROOT) -> subprocess.CompletedProcess:
    """Run ``python -m philtre ARGS``; never a traceback."""
    result = subprocess.run([sys.executable, "-m", "philtre", *map(str, args)], cwd=cwd,
                            capture_output=True, text=True, timeout=300)
    assert "Traceback" not in result.stdout + result.stderr, f"traceback from philtre {args}:\n{result.stderr}"
    return result


def changes(result) -> list[str]:
    """The sentences `diff` printed (its lines after the header), after checking that it ran."""
    assert result.returncode == 0, result.stderr
    assert "no rule differs" not in result.stdout, result.stdout
    return [line.strip()[2:] for line in result.stdout.splitlines()[1:]]


def mygame_diff(tmp_path, flow: str) -> list[str]:
    """What `diff` says of an overlay that replaces mygame's flow with ``flow`` (items at 4 spaces)."""
    (tmp_path / "mygame").mkdir(exist_ok=True)
    (tmp_path / "mygame" / "ruleset.yaml").write_text(MYGAME, encoding="utf-8")
    (tmp_path / "v.yaml").write_text("extends: mygame/ruleset.yaml\nflow:\n  $replace:\n" + flow, encoding="utf-8")
    return changes(philtre("diff", tmp_path / "mygame", "--variant", tmp_path / "v.yaml"))


def poison_line(text: str) -> int:
    """The line of Poison's ruleset.yaml that holds ``text``."""
    lines = (ROOT / "rulesets" / "poison" / "ruleset.yaml").read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, 1) if text in line)


# -- DT1: dropped unnamed statements ------------------------------------------------------------


def test_diff_of_an_overlay_that_drops_poisons_shuffle_says_it_removes_it(tmp_path):
    """Poison's rounds replaced without `- shuffle: deck` was '0 change(s) ... it plays the same games'."""
    (tmp_path / "v.yaml").write_text(POISON_ROUNDS.format(round=GATHER + DEAL), encoding="utf-8")
    said = changes(philtre("diff", "poison", "--variant", tmp_path / "v.yaml"))
    assert len(said) == 1, said
    assert re.fullmatch(r"removes flow\['rounds'\]\.do\[#1\]\.round\[#2\] \(was \{shuffle: deck\}, "
                        rf"written at \S*rulesets/poison/ruleset\.yaml:{poison_line('- shuffle: deck')}:13\)", said[0]), said


def test_diff_of_a_flow_replaced_without_its_unnamed_statements_says_what_went(tmp_path):
    """mygame's flow replaced by its `tricks` alone (no shuffle, no deal: nobody has a card) was '0 change(s)'."""
    said = mygame_diff(tmp_path, TRICKS)
    shuffle, deal = MYGAME.splitlines().index("  - shuffle: deck") + 1, MYGAME.splitlines().index("flow:") + 3
    assert said == [f"removes flow[#1] (was {{shuffle: deck}}, written at {tmp_path}/mygame/ruleset.yaml:{shuffle}:5)",
                    f"removes flow[#2] (was {{deal: {{from: deck, to: hand, count: 3}}}}, "
                    f"written at {tmp_path}/mygame/ruleset.yaml:{deal}:5)"], said


# a statement replaced by one of another kind, in a list of unnamed statements and as a named one
KINDS = """\
philtre: 1
game: kinds
players: 2
components:
  chip: {copies: 4, start: pile}
zones:
  pile: {}
  box: {}
actions:
  take:
    do:
      - move: last(pile) -> box
flow:
  - name: main
    do:
      - shuffle: pile
      - move: last(pile) -> box
  - name: last
    move: pile -> box
"""


def test_diff_of_a_statement_replaced_by_one_of_another_kind_says_it_replaces_it(tmp_path):
    """A Skull trial's overlay put a `decide` where a `move` was: diff said 'adds ...do[#2].decide', 'adds
    ...do[#2].player', 'removes ...do[#2].move', as if one statement now held a decide and had lost its move."""
    (tmp_path / "kinds").mkdir()
    (tmp_path / "kinds" / "ruleset.yaml").write_text(KINDS, encoding="utf-8")
    (tmp_path / "v.yaml").write_text("extends: kinds/ruleset.yaml\nflow:\n  - name: main\n    $replace: true\n    do:\n"
                                     "      - shuffle: pile\n      - decide: take\n        player: 0\n"
                                     "  - name: last\n    $replace: true\n    shuffle: pile\n", encoding="utf-8")
    said = changes(philtre("diff", tmp_path / "kinds", "--variant", tmp_path / "v.yaml"))
    base = f"{tmp_path}/kinds/ruleset.yaml"
    assert said == [f"replaces the 'move' at flow['main'].do[#2] (was {{move: last(pile) -> box}}, written at {base}:17:9) "
                    f"with a 'decide': {{decide: take, player: 0}} ({tmp_path}/v.yaml:7:9)",
                    f"replaces the 'move' at flow['last'] (was {{name: last, move: pile -> box}}, written at {base}:18:5) "
                    f"with a 'shuffle': {{name: last, shuffle: pile}} ({tmp_path}/v.yaml:9:5)"], said


# -- DT2: inserted unnamed statements, reordered named ones ----------------------------------------


def test_diff_of_an_unnamed_statement_inserted_before_a_named_one_is_one_insertion(tmp_path):
    """It was 'adds flow[#3].deal', 'removes flow[#3].name (was tricks ...)' and two more: `tricks` is still there."""
    said = mygame_diff(tmp_path, "    - shuffle: deck\n    - deal: {from: deck, to: hand, count: 3}\n"
                                 "    - deal: {from: deck, to: hand, count: 1}\n" + TRICKS)
    assert said == [f"inserts flow[#3] after #2: {{deal: {{from: deck, to: hand, count: 1}}}} ({tmp_path}/v.yaml:6:7)"], said


def test_diff_of_an_unnamed_statement_appended_is_an_insertion(tmp_path):
    """It was 'changes flow[#4] to ...': the base has no flow[#4]."""
    said = mygame_diff(tmp_path, "    - shuffle: deck\n    - deal: {from: deck, to: hand, count: 3}\n" + TRICKS
                       + "    - move: discard -> deck\n")
    line = (tmp_path / "v.yaml").read_text(encoding="utf-8").splitlines().index("    - move: discard -> deck") + 1
    assert said == [f"inserts flow[#4] after 'tricks': {{move: discard -> deck}} ({tmp_path}/v.yaml:{line}:7)"], said


def test_diff_of_a_named_statement_moved_says_the_order_changed(tmp_path):
    """`deal` moved before `gather` and the shuffle was 'adds ...round[#3].shuffle', 'removes ...round[#3].name (was
    deal ...)': nothing said the deal now comes first."""
    (tmp_path / "v.yaml").write_text(POISON_ROUNDS.format(round=DEAL + GATHER + SHUFFLE), encoding="utf-8")
    said = changes(philtre("diff", "poison", "--variant", tmp_path / "v.yaml"))
    assert said == ["reorders flow['rounds'].do[#1].round from 'gather', 'deal', 'turns', 'reveal', 'scoring' to 'deal', "
                    f"'gather', 'turns', 'reveal', 'scoring', moving 'deal' to the start ({tmp_path}/v.yaml:8:13)"], said


def test_diff_of_an_unnamed_statement_changed_in_place_says_what_changed(tmp_path):
    """A statement of the same kind in the same place is told as a change of its values."""
    said = mygame_diff(tmp_path, "    - shuffle: deck\n    - deal: {from: deck, to: hand, count: 4}\n" + TRICKS)
    assert said == [f"changes flow[#2].deal.count from 3 to 4 ({tmp_path}/v.yaml:5:43)"], said


# -- DT3: a variant that extends another cites its own file ---------------------------------------


def test_diff_of_a_variant_that_extends_another_cites_the_file_of_each_part():
    """really-wild (extends advanced) was told with every change at advanced.yaml, never at really-wild.yaml."""
    said = changes(philtre("diff", "poisons", "--variant", "really-wild"))
    wild = r"\S*rulesets/poisons/variants/really-wild\.yaml"

    def one(start: str) -> str:
        found = [s for s in said if s.startswith(start)]
        assert len(found) == 1, (start, said)
        return found[0]

    assert re.search(rf"advanced\.yaml:8:5; its attributes\.slot at {wild}:12:24\)$", one("adds components.special ")), said
    # (setup's `for` made a `do` block there: one statement replaced by another kind)
    assert re.search(rf"; its do\[#2\]\.do\['draw-effects'\]\.deal\.count at {wild}:16:53\)$", one("replaces the 'for' at flow['setup'] ")), said
    assert re.search(rf"; its do\['reveal-second-effect'\] at {wild}:17:5\)$", one("inserts flow['rounds']")), said
    # advanced alone: every part is its own, and nothing more is said
    advanced = changes(philtre("diff", "poisons", "--variant", "advanced"))
    assert len(advanced) == len(said) and not any(";" in s[s.rindex(" ("):] for s in advanced), advanced


# -- the property: diff says nothing iff the rules are the same, and what it says is true --------

NAMED = {f"n{k}": {"name": f"n{k}", "move": f"z{k} -> deck"} for k in range(5)}
UNNAMED = [{"shuffle": "deck"}, {"shuffle": "discard"}, {"deal": {"from": "deck", "to": "hand", "count": 1}},
           {"deal": {"from": "deck", "to": "hand", "count": 2}}, {"move": "table -> discard"}]
LISTS = settings(max_examples=300, deadline=None, derandomize=True, database=None,
                 suppress_health_check=[HealthCheck.too_slow])
SENTENCE = re.compile(r"(?P<verb>removes|inserts|changes|adds|reorders) flow(?P<label>\[(?:#\d+|'n\d')\])?(?P<rest>.*)")


@st.composite
def flow_lists(draw):
    """A flow list with at least one named statement, and the same list after a few random edits."""
    names = draw(st.lists(st.sampled_from(sorted(NAMED)), min_size=1, max_size=4, unique=True))
    base = [copy.deepcopy(NAMED[n]) for n in names]
    for item in draw(st.lists(st.sampled_from(UNNAMED), max_size=4)):
        base.insert(draw(st.integers(0, len(base))), copy.deepcopy(item))
    new = copy.deepcopy(base)
    for _ in range(draw(st.integers(0, 4))):
        edit = draw(st.sampled_from(["insert", "remove", "move", "change"]))
        if edit == "insert":
            fresh = [n for n in NAMED if n not in {i.get("name") for i in new}]
            item = draw(st.sampled_from(UNNAMED + [NAMED[n] for n in fresh]))
            new.insert(draw(st.integers(0, len(new))), copy.deepcopy(item))
        elif new and edit == "remove":
            new.pop(draw(st.integers(0, len(new) - 1)))
        elif new and edit == "move":
            new.insert(draw(st.integers(0, len(new) - 1)), new.pop(draw(st.integers(0, len(new) - 1))))
        elif new and edit == "change":
            new[draw(st.integers(0, len(new) - 1))]["when"] = "round_number > 1"
    return base, new


def item_at(items: list, label: str):
    """The item of ``items`` a sentence names: `#3` (its place) or `'n1'` (its name); None if there is none."""
    if label.startswith("#"):
        at = int(label[1:]) - 1
        return items[at] if at < len(items) else None
    return next((i for i in items if i.get("name") == label.strip("'")), None)


@LISTS
@given(flow_lists())
def test_diff_of_a_flow_list_is_empty_only_for_the_same_rules_and_every_sentence_is_true(lists):
    base, new = lists
    said = describe_changes({"flow": base}, {"flow": new})
    assert (said == []) == (canonical_text(base) == canonical_text(new)), (base, new, said)
    removed, inserted, others = [], [], []
    for sentence in said:
        m = SENTENCE.fullmatch(sentence)
        assert m, sentence
        label = (m["label"] or "")[1:-1]
        if m["verb"] == "removes":
            was = re.fullmatch(r" \(was (.*)\)", m["rest"])[1]
            assert item_at(base, label) == yaml.safe_load(was), (base, new, sentence)
            removed.append(item_at(base, label))
        elif m["verb"] == "inserts":
            after, item = re.fullmatch(r" (at the start|after \S+): (.*)", m["rest"]).groups()
            at = int(label[1:]) - 1 if label.startswith("#") else new.index(item_at(new, label))
            assert new[at] == yaml.safe_load(item), (base, new, sentence)
            assert after == ("at the start" if at == 0 else f"after {'#%d' % at if 'name' not in new[at - 1] else repr(new[at - 1]['name'])}")
            inserted.append(at)
        elif m["verb"] == "reorders":
            shared = [i["name"] for i in base if "name" in i and i["name"] in {j.get("name") for j in new}]
            now = [i["name"] for i in new if "name" in i and i["name"] in shared]
            assert m["rest"].startswith(f" from {', '.join(map(repr, shared))} to {', '.join(map(repr, now))}, moving "), sentence
            others.append(sentence)
        elif label.startswith("#"):  # a change inside an unnamed statement, at its place in the variant's list
            assert item_at(new, label) is not None and "name" not in item_at(new, label), (base, new, sentence)
            others.append(sentence)
        else:  # a change inside a named statement both lists hold
            assert item_at(new, label) not in (None, item_at(base, label)) and item_at(base, label), (base, new, sentence)
            others.append(sentence)
    kept_base = [i for i in base if not any(i is r for r in removed)]
    kept_new = [i for at, i in enumerate(new) if at not in inserted]
    assert len(kept_base) == len(kept_new), (base, new, said)
    if not others:  # only insertions and removals: they alone turn the base's list into the variant's
        assert canonical_text(kept_base) == canonical_text(kept_new), (base, new, said)


def test_diff_names_at_most_three_parts_another_file_wrote_then_how_many_more(tmp_path):
    """A container one overlay adds and the next one rewrites in many places stays one readable line."""
    (tmp_path / "mygame").mkdir()
    (tmp_path / "mygame" / "ruleset.yaml").write_text(MYGAME, encoding="utf-8")
    (tmp_path / "a.yaml").write_text("extends: mygame/ruleset.yaml\ncomponents:\n  gem:\n"
                                     "    attributes: {a: [1], b: [1], c: [1], d: [1]}\n    start: discard\n", encoding="utf-8")
    (tmp_path / "b.yaml").write_text("extends: a.yaml\ncomponents:\n  gem:\n"
                                     "    attributes: {a: [2], b: [2], c: [2], d: [2]}\n", encoding="utf-8")
    said = changes(philtre("diff", tmp_path / "mygame", "--variant", tmp_path / "b.yaml"))
    assert said == [f"adds components.gem = {{attributes: {{a: [2], b: [2], c: [2], d: [2]}}, start: discard}} "
                    f"({tmp_path}/a.yaml:4:5; its attributes.a at {tmp_path}/b.yaml:4:21, attributes.b at {tmp_path}/b.yaml:4:29, "
                    f"attributes.c at {tmp_path}/b.yaml:4:37, 1 more in {tmp_path}/b.yaml)"], said


# -- a list of unnamed statements of another length, and long values: item by item, never cut mid-word ----------

PAYING = """\
philtre: 1
game: paying
players: 2
variables: {cash: {initial: 10, each: player}, pot: 0, out: {initial: false, each: player}}
blocks:
  pay(p, amt):
    - when: cash[p] >= amt
      set: {"cash[p]": "cash[p] - amt"}
      else:
        - say: "['seat', p, 'cannot pay', amt, 'to the bank and is out of the game for good']"
        - set: {"out[p]": true}
        - set: {"cash[p]": 0}
actions: {go: {}}
flow:
  - run: pay(0, 20)
  - {decide: go, player: 0}
"""


def test_diff_of_an_unnamed_statement_added_to_a_block_s_else_is_one_insertion(tmp_path):
    """A trial: an overlay replacing a block to add one `set` to its `else` was told as the whole list changed, both
    sides cut in mid-word (`from ...o the bank and is bankrupt']"}, ... to ...d is bankrupt']"}, ...`). The statement
    added is an insertion at its place, one dropped a removal, and nothing is cut."""
    (tmp_path / "ruleset.yaml").write_text(PAYING, encoding="utf-8")
    (tmp_path / "v.yaml").write_text(
        "extends: ruleset.yaml\nblocks:\n  pay(p, amt):\n    $replace:\n      - when: cash[p] >= amt\n"
        "        set: {\"cash[p]\": \"cash[p] - amt\"}\n        else:\n"
        "          - say: \"['seat', p, 'cannot pay', amt, 'to the bank and is out of the game for good']\"\n"
        "          - set: {pot: \"pot + cash[p]\"}\n          - set: {\"out[p]\": true}\n", encoding="utf-8")
    said = changes(philtre("diff", tmp_path, "--variant", tmp_path / "v.yaml"))
    assert said == [f"inserts blocks.pay(p, amt)[#1].else[#2] after #1: {{set: {{pot: 'pot + cash[p]'}}}} ({tmp_path}/v.yaml:9:13)",
                    f"removes blocks.pay(p, amt)[#1].else[#3] (was {{set: {{'cash[p]': 0}}}}, written at {tmp_path}/ruleset.yaml:12:11)"], said


@pytest.mark.parametrize("width", [12, 20, 33, 40, 57, 80])
def test_a_long_value_is_cut_at_a_word_s_end_never_in_one(width):
    """Each value cut short ends (and, cut around a change, starts) at a word's or an item's end, '...' there."""
    texts = ["['seat', p, 'cannot pay', amt, 'to the bank and is bankrupt', 'and so it goes out']",
             "first(d.name for d in components if d is deed and d.space == s) if tax_of(s) > 0 else none_of_these",
             [{"say": "['seat', p, 'cannot pay', amt, 'to the bank and is bankrupt']"}, {"run": "go_out(p)"},
              {"move": "owned[p] -> bank"}]]
    for value in texts:
        whole = _scalar(value)
        shown = _short(value, width)
        assert len(shown) <= width + 1 and shown != whole, (shown, whole)
        quote = whole[0] if whole[0] in "'\"" else ""
        kept = shown[len(quote): len(shown) - len(quote)].removesuffix("...").rstrip()
        assert whole[len(quote):].startswith(kept), (shown, whole)
        rest = whole[len(quote) + len(kept):]
        assert not (re.match(r"\w", kept[-1:]) and re.match(r"[\w']", rest[:1])), f"cut in a word: {shown!r} of {whole!r}"
        changed = describe_changes({"define": {"x": value}}, {"define": {"x": _changed_at_the_end(value)}})
        for side in re.fullmatch(r"changes define\.x from (.*) to (.*)", changed[0]).groups():
            inner = side.strip("'\"").removeprefix("...").removesuffix("...").strip()
            words = re.findall(r"[\w']+", inner)
            assert all(w in re.findall(r"[\w']+", whole + " " + _scalar(_changed_at_the_end(value))) for w in words), (side, whole)


def _changed_at_the_end(value):
    """``value`` with one word more at its end."""
    return value[:-1] + ", 'more']" if isinstance(value, str) and value.endswith("]") else \
        value + " and more" if isinstance(value, str) else value + [{"shuffle": "deck"}]


def test_diff_full_prints_each_value_whole(tmp_path):
    """`--full`: a value cut short by default is printed whole (docs/house-rules.md)."""
    (tmp_path / "ruleset.yaml").write_text(PAYING, encoding="utf-8")
    long = "'a rather long message that is said when a seat is out of the game and cannot pay what it owes to the bank'"
    (tmp_path / "v.yaml").write_text(f"extends: ruleset.yaml\nvariables:\n  note: \"{long}\"\n", encoding="utf-8")
    cut = changes(philtre("diff", tmp_path, "--variant", tmp_path / "v.yaml"))
    whole = changes(philtre("diff", tmp_path, "--variant", tmp_path / "v.yaml", "--full"))
    assert cut[0].startswith("adds variables.note = \"'a rather long") and " ..." in cut[0], cut
    assert whole == [f"adds variables.note = \"{long}\" ({tmp_path}/v.yaml:3:9)"], whole
