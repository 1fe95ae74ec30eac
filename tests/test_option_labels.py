"""An action's `label:`: how a chosen value reads to a person, in play's options, what it says back, its refusals, its
account and `replay --text`; typed as listed or as the value; the record keeps the value, the content hash leaves it out."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from philtre.dsl import load_ruleset
from philtre.dsl.errors import PhiltreError
from philtre.interpreter.cli import main

# seat 0 robs a numbered plot (read as its kind and number), seat 1 founds on a spot, on a side it keeps secret
PLOTS = """\
philtre: 1
game: plots
players: 2
variables:
  robber: {initial: 0}
  founded: {initial: 0}
define:
  KINDS: "['ore', 'wool', 'lumber', 'grain']"
  NUMS: "[10, 2, 9, 12]"
  plot(h): "KINDS[h] + ' ' + text(NUMS[h])"
actions:
  rob:
    choose: {h: "range(4)"}
    label: {h: plot(h)}
    if: h != robber
    do:
      - set: {robber: h}
  found:
    choose: {i: "range(3)", k: "range(2)"}
    label: {i: "'spot ' + text(i)", k: "'side ' + text(k)"}
    secret: [k]
    do:
      - set: {founded: i}
flow:
  - repeat: 2
    do:
      - decide: rob
        player: 0
      - decide: found
        player: 1
winners: {highest: "score[p]"}
"""


def _played(tmp_path, typed: str, ruleset: str = PLOTS):
    path = tmp_path / "plots.yaml"
    path.write_text(ruleset, encoding="utf-8")
    record = tmp_path / "game.jsonl"
    played = CliRunner().invoke(main, ["play", str(path), "--seat", "0", "--seed", "1", "--record", str(record)], input=typed)
    return played, record


def test_play_lists_takes_refuses_and_tells_options_by_their_labels(tmp_path):
    """A trial's options over numbered places read found(i=13), rob(h=4): nothing at the terminal."""
    played, record = _played(tmp_path, "lumber 9\nlumber 9\nh=3\n")
    assert played.exit_code == 0, played.output
    out = played.output
    assert "1. rob(h=wool 2)" in out and "3. rob(h=grain 12)" in out and "rob(h=1)" not in out, out
    assert "= rob(h=lumber 9)" in out, out  # the label typed
    assert "the rules forbid rob(h=lumber 9) now" in out, out  # refused by its label: robber is 2 now
    assert "= rob(h=grain 12)" in out, out  # the value typed, as the record keeps it
    # another seat's decision told with its labels, its secret choice hidden, not labelled
    assert "> seat 1: found(i=spot " in out and "k=hidden)" in out and "side" not in out, out
    decisions = [json.loads(line) for line in record.read_text().splitlines() if '"decision"' in line]
    assert [d["args"] for d in decisions if d["action"] == "rob"] == [{"h": 2}, {"h": 3}]  # the record keeps values


def test_replay_text_tells_a_decision_by_its_labels(tmp_path):
    played, record = _played(tmp_path, "lumber 9\nh=3\n")
    assert played.exit_code == 0, played.output
    told = CliRunner().invoke(main, ["replay", str(record), "--seat", "1", "--text"])
    assert told.exit_code == 0, told.output
    lines = told.stdout.splitlines()
    assert "> seat 0: rob(h=lumber 9)" in lines and "> seat 0: rob(h=grain 12)" in lines, told.stdout
    assert any(line.startswith("> seat 1 (you): found(i=spot ") and ", k=side " in line for line in lines), told.stdout


def test_a_label_leaves_the_content_hash_as_it_was(tmp_path):
    """A label is display only, as `show:`: a record made before it was added replays (the definition only it reads
    is left out with it)."""
    with_labels, without = tmp_path / "with.yaml", tmp_path / "without.yaml"
    with_labels.write_text(PLOTS, encoding="utf-8")
    bare = PLOTS.replace("    label: {h: plot(h)}\n", "").replace("""    label: {i: "'spot ' + text(i)", k: "'side ' + text(k)"}\n""", "")
    bare = bare.replace("""  plot(h): "KINDS[h] + ' ' + text(NUMS[h])"\n""", "")
    assert bare.count("label") == 0
    without.write_text(bare, encoding="utf-8")
    assert load_ruleset(str(with_labels)).content_hash == load_ruleset(str(without)).content_hash


def test_a_refused_value_is_told_the_values_with_their_labels(tmp_path):
    """`h=7` typed, a value as the records keep it, was told `h is one of wool 2, lumber 9, grain 12`: labels alone,
    read as if the value typed were another kind of word. Each is said as the value and its label, either typed."""
    played, _ = _played(tmp_path, "h=7\nh=copper\nh=1\nh=1\nh=3\n")
    assert played.exit_code == 0, played.output
    assert ("'h=7' is not among this turn's options (no option has h=7 now; h is one of 1 (wool 2), 2 (lumber 9), "
            "3 (grain 12)), which are: 1. rob(h=wool 2);") in played.output, played.output
    assert "no option has h=copper now; h is one of 1 (wool 2), " in played.output, played.output
    assert "= rob(h=wool 2)" in played.output, played.output
    # a value the rules forbid now, typed as the records keep it: the option written as listed, by its label
    assert "'h=1' is not among this turn's options: the rules forbid rob(h=wool 2) now (the if of rob" in played.output
    assert "rob(h=1)" not in played.output and "= rob(h=grain 12)" in played.output, played.output


# a trial's board: each space named by the deed on it, read from the components, whose attributes never change
SPACES = """\
philtre: 1
game: spaces
players: 2
components:
  deed:
    list:
      - {space: 1, name: brown-a}
      - {space: 2, name: brown-b}
zones:
  bank: {}
define:
  name_of(s): first(d.name for d in components if d.space == s)
actions:
  pick:
    choose: {s: "[1, 2]"}
    label: {s: "name_of(s)"}
    do: []
flow:
  - decide: pick
    player: 0
"""


def test_a_label_may_read_the_components_attributes(tmp_path):
    path = tmp_path / "spaces.yaml"
    path.write_text(SPACES, encoding="utf-8")
    played = CliRunner().invoke(main, ["play", str(path), "--seat", "0", "--seed", "1"], input="brown-b\n")
    assert played.exit_code == 0, played.output
    assert "brown-a" in played.output and "brown-b" in played.output


@pytest.mark.parametrize("read, said", [("zone_of(d) == bank", "zone_of"), ("d in bank", "bank")])
def test_a_label_reading_where_components_lie_is_e155(tmp_path, read, said):
    path = tmp_path / "spaces.yaml"
    path.write_text(SPACES.replace("d.space == s)", f"d.space == s and {read})"), encoding="utf-8")
    with pytest.raises(PhiltreError) as caught:
        load_ruleset(str(path))
    [d] = caught.value.diagnostics
    assert (d.code, d.message.split(":")[0]) == ("E155", f"the label of 's' reads 'name_of', which reads '{said}', which a game changes")


# a trial's move: a point and a die; the label of one read the other
TWO_CHOICES = """\
philtre: 1
game: two-choices
players: 2
variables: {n: 0}
actions:
  move:
    choose: CHOOSE
    label: LABEL
    do:
      - set: {n: pt - die}
flow:
  - decide: move
    player: 0
"""


@pytest.mark.parametrize("choose, label, other", [
    ('{pt: "range(1, 26)", die: "[1, 2]"}', '{die: "text(pt - die)"}', "pt"),
    ('{die: "[1, 2]", pt: "range(1, 26)"}', '{pt: "text(pt - die)"}', "die")])
def test_a_label_reading_another_choice_says_a_label_reads_its_own(tmp_path, choose, label, other):
    """A trial's label of one choice read the other, listed first: E150 said it was chosen later, to list it first,
    which changed nothing. In either order it says a label reads only its own choice, and the hint's remedy loads."""
    path = tmp_path / "move.yaml"
    path.write_text(TWO_CHOICES.replace("CHOOSE", choose).replace("LABEL", label), encoding="utf-8")
    with pytest.raises(PhiltreError) as caught:
        load_ruleset(str(path))
    [d] = caught.value.diagnostics
    assert (d.code, d.message) == ("E150", f"unknown name '{other}'")
    assert "chosen later" not in d.hint and "a label reads only its own choice" in d.hint, d.hint
    assert f"'{other}' is another choice of action 'move'" in d.hint, d.hint
    assert 'choose: {..., to: "[pt - die]"}, label: {to: "text(to)"}' in d.hint, d.hint
    # the remedy written as the hint says: the one-value choice after both, labelled
    path.write_text(TWO_CHOICES.replace("CHOOSE", choose[:-1] + ', to: "[pt - die]"}').replace("LABEL", '{to: "text(to)"}'),
                    encoding="utf-8")
    game_options = CliRunner().invoke(main, ["play", str(path), "--seat", "0", "--seed", "1"], input="1\n")
    assert game_options.exit_code == 0, game_options.output
    assert "to=" in game_options.output, game_options.output


def test_a_collection_reading_a_choice_listed_after_it_still_says_to_list_it_first(tmp_path):
    """Outside a label the hint is the choose order's."""
    path = tmp_path / "move.yaml"
    path.write_text(TWO_CHOICES.replace("CHOOSE", '{die: "[pt]", pt: "range(1, 26)"}').replace("    label: LABEL\n", ""),
                    encoding="utf-8")
    with pytest.raises(PhiltreError) as caught:
        load_ruleset(str(path))
    [d] = caught.value.diagnostics
    assert d.code == "E150" and "'pt' is chosen later" in d.hint and "list 'pt' first" in d.hint, d.hint
# two values of one choice labelled alike, as a trial's two tracks of one route were (`Alpha-Beta 1 grey`)
TRACKS = """\
philtre: 1
game: tracks
players: 2
variables:
  taken: {initial: -1}
define:
  NAMES: "['north', 'ridge', 'ridge', 'south']"
actions:
  claim:
    choose: {e: "range(4)", c: "['red', 'blue']"}
    label: {e: "NAMES[e]"}
    do:
      - set: {taken: e}
flow:
  - repeat: 2
    do:
      - decide: claim
        player: 0
"""


def test_values_labelled_alike_are_listed_with_their_values_and_told_apart_by_them(tmp_path):
    """A trial's double route read `claim(e=Seattle-Portland 1 grey, ...)` for both tracks: `2 options match; write more
    of one`, where nothing more could be written, and the value that named each (`e=1`) was shown nowhere. Where labels
    collide among the options listed, each such value is written with its value, `ridge [e=1]`, which play offers as
    the words that tell them apart, typed so or as listed; a value whose label is its own stays bare."""
    played, record = _played(tmp_path, "ridge red\ne=2 red\nclaim(e=ridge [e=1], c=blue)\n", TRACKS)
    assert played.exit_code == 0, played.output
    out = played.output
    assert "1. claim(e=north, c=red)" in out and "3. claim(e=ridge [e=1], c=red)" in out, out
    assert "5. claim(e=ridge [e=2], c=red)" in out and "7. claim(e=south, c=red)" in out, out
    assert "2 options match; write more of one: e=1 (option 3), e=2 (option 5), or type its number" in out, out
    assert "= claim(e=ridge [e=2], c=red)" in out, out  # the value typed, as the label now shows it
    decisions = [json.loads(line) for line in record.read_text().splitlines() if '"decision"' in line]
    assert [d["args"] for d in decisions] == [{"e": 2, "c": "red"}, {"e": 1, "c": "blue"}]  # (typed as listed, whole)


def test_labels_alike_only_among_other_choices_options_stay_bare(tmp_path):
    """Labels are told apart by their values only where two values of one choice read alike among the options listed:
    a ruleset whose labels are one-to-one lists them as before."""
    from philtre.interpreter import Game
    from philtre.interpreter.options import option_wording

    path = tmp_path / "tracks.yaml"
    path.write_text(TRACKS.replace("'ridge', 'ridge'", "'ridge', 'lake'"), encoding="utf-8")
    game = Game(load_ruleset(str(path)), 2, seed=1)
    options = game.options(0)
    words = option_wording(game, game.view(0), options)
    assert [o.label(None, words) for o in options][:4] == ["claim(e=north, c=red)", "claim(e=north, c=blue)",
                                                           "claim(e=ridge, c=red)", "claim(e=ridge, c=blue)"]
