"""A component type's `display:`: the attributes text output prints of its components (play's board, options and events),
in order; records, views and expressions keep them all, and what a seat may not see is printed as before."""

from __future__ import annotations

import re

from test_cli import philtre

# a derived lookup (rolls, nigiri) that every card printed with it once: `card maki2 rolls=2 nigiri=0`
RULESET = """\
game: clutter
players: 2
components:
  card:
    attributes: {kind: [salmon, tempura, maki2]}
    copies: 2
    derive:
      rolls: "2 if kind == 'maki2' else 0"
      nigiri: "2 if kind == 'salmon' else 0"
    start: deck
DISPLAY
zones:
  deck: {visible: nobody}
  hand: {each: player, visible: owner}
  table: {each: player}
variables:
  last: {initial: none}
actions:
  pick:
    choose: {card: "hand[me]"}
    do:
      - move: card -> table[me]
      - set: {last: card}
      - score: {player: me, add: card.nigiri + card.rolls}
flow:
  - deal: {from: deck, to: hand, count: 2}
  - simultaneous: pick
  - simultaneous: pick
"""


def write(tmp_path, display: str | None, folder: str = "game"):
    """The ruleset above in its own folder, its card type given ``display`` (None: no display key)."""
    where = tmp_path / folder
    where.mkdir()
    text = RULESET.replace("DISPLAY\n", f"    display: {display}\n" if display is not None else "")
    (where / "ruleset.yaml").write_text(text)
    return where


def played(where, *variants) -> str:
    """What `philtre play` prints for seat 0 choosing the first option each time, seed 3."""
    args = [a for v in variants for a in ("--variant", v)]
    result = philtre("play", where, "--seed", "3", *args, stdin="1\n1\n")
    assert result.returncode == 0, result.stderr
    return result.stdout


HELPERS = re.compile(r" rolls=\d+ nigiri=\d+")


def test_display_prints_only_the_listed_attributes_on_the_board_in_options_and_events(tmp_path):
    """`display: [kind]`: the board, the numbered options, the moves, the decisions told and a variable holding a card
    read `card maki2`; everything else play prints is as it was, hidden hands and deals included."""
    before = played(write(tmp_path, None, "before"))
    after = played(write(tmp_path, "[kind]", "after"))
    assert HELPERS.search(before), before  # the clutter: every card printed with its helpers
    assert "rolls=" not in after and "nigiri=" not in after, after
    assert re.search(r"^ +1\. pick\(card=card (salmon|tempura|maki2)\)$", after, re.M), after  # an option
    assert re.search(r"^  hand\[0\] \(you\): \[card \w+, card \w+\]$", after, re.M), after  # the board
    assert re.search(r"^      card \w+ from hand\[0\] to table\[0\]$", after, re.M), after  # a move told
    assert re.search(r"^  > seat 1: pick\(card=card \w+\)$", after, re.M), after  # the other seat's decision
    assert re.search(r"^  last = card \w+$", after, re.M), after  # a variable holding a card
    # the same game told with fewer words: nothing else differs, what the seat may not see ("1 hidden") included (a
    # long line is broken after its commas where the words run past the width: read as one line)
    unbroken = re.compile(r",\n +")
    assert unbroken.sub(", ", after) == unbroken.sub(", ", HELPERS.sub("", before))
    assert "  hand[1]: 2 hidden" in after and "1 to hand[1]" not in after.replace("2 to hand[1]", "")


def test_display_listing_every_attribute_in_order_prints_what_no_display_prints(tmp_path):
    """All the attributes, in the order declared, is the default: the same words, to the character."""
    assert played(write(tmp_path, "[kind, rolls, nigiri]", "all")) == played(write(tmp_path, None, "none"))


def test_display_prints_in_the_order_listed_and_changes_no_record_view_or_expression(tmp_path):
    """`display: [nigiri, kind]`: nigiri=2 salmon; the game's view and its record still hold every attribute."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game
    from philtre.interpreter.options import single_zones
    from philtre.interpreter.render import render_view

    rs = load_ruleset(str(write(tmp_path, "[nigiri, kind]") / "ruleset.yaml"))
    plain = load_ruleset(str(write(tmp_path, None, "plain") / "ruleset.yaml"))
    game, other = Game(rs, 2, seed=5, record=True), Game(plain, 2, seed=5, record=True)
    options = game.options(0)
    assert [o.label(None, single_zones(rs)) for o in options][0] in ("pick(card=card nigiri=2 salmon)",
                                                                      "pick(card=card nigiri=0 tempura)",
                                                                      "pick(card=card nigiri=0 maki2)")
    assert all(set(c) >= {"kind", "rolls", "nigiri"} for c in game.view(0)["zones"]["hand"][0]["components"])
    assert game.view(0) == other.view(0)
    for seat in (0, 1):  # both seats choose: the picks are carried out, moves and all
        game.apply(seat, game.options(seat)[0])
        other.apply(seat, other.options(seat)[0])
    assert any(e.get("event") == "move" and e["components"][0]["rolls"] in (0, 2) for e in game.recorder.events)
    # past its header (the file and its hash), a record holds every attribute, as before
    assert game.recorder.events[1:] == other.recorder.events[1:]
    assert "rolls=" not in render_view(game.view(0), rs) and "rolls=" in render_view(other.view(0), plain)


def test_a_display_name_the_type_lacks_is_r013_at_the_name_with_did_you_mean(tmp_path):
    """A misspelt name would print nothing of it: refused where it is written; the type and the owner are printed
    anyway, so listing them is refused too, with why."""
    where = write(tmp_path, "[kind, nigri]")
    result = philtre("validate", where / "ruleset.yaml")
    assert result.returncode == 1
    assert re.search(r"ruleset\.yaml:11:21: R013 'nigri' is no attribute of 'card'.*did you mean 'nigiri'\?", result.stdout), result.stdout
    result = philtre("validate", write(tmp_path, "[owner]", "owner") / "ruleset.yaml")
    assert result.returncode == 1 and "R013 'owner' is no attribute of 'card'" in result.stdout, result.stdout
    assert "printed with its type, and with its owner" in result.stdout, result.stdout
    result = philtre("validate", write(tmp_path, "kind", "bare") / "ruleset.yaml")
    assert result.returncode == 1 and "V001 expected a list" in result.stdout, result.stdout


def test_an_overlay_sets_display(tmp_path):
    """A house rule may quieten a base's helpers: `components: {card: {display: [kind]}}` replaces no rule; a misspelt
    name in it is R013 at the overlay's line."""
    where = write(tmp_path, None)
    (where / "quiet.yaml").write_text("extends: ruleset.yaml\ncomponents:\n  card: {display: [kind]}\n")
    after = played(where, str(where / "quiet.yaml"))
    assert "rolls=" not in after and re.search(r"^  hand\[0\] \(you\): \[card \w+, card \w+\]$", after, re.M), after
    (where / "typo.yaml").write_text("extends: ruleset.yaml\ncomponents:\n  card: {display: [knd]}\n")
    result = philtre("validate", where / "typo.yaml")
    assert result.returncode == 1 and "typo.yaml:3:20: R013 'knd' is no attribute of 'card'" in result.stdout, result.stdout
    assert "did you mean 'kind'?" in result.stdout


def test_display_written_inside_attributes_is_l023(tmp_path):
    """`attributes: {kind: [...], display: [kind]}` makes an attribute called display and prints all: the lint says the key
    goes one level up, as for the type's other keys (they come from the schema)."""
    where = write(tmp_path, None)
    text = (where / "ruleset.yaml").read_text().replace("maki2]}", "maki2], display: [kind]}", 1)
    (where / "ruleset.yaml").write_text(text)
    result = philtre("validate", where / "ruleset.yaml")
    assert "L023 'display' is written inside attributes" in result.stdout, result.stdout


def test_an_options_text_in_the_python_api_follows_display_as_play_does(tmp_path):
    """A Sushi Go trial: str(option) gave `pick(card=card rolls=0 nigiri=3 squid n=5)` where play printed
    `pick(card=card squid)`: the API's text of an option names a component by what its type's `display:` prints, through
    play's code (the component knows its type's display), also once the option is pickled to another process."""
    import pickle

    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game
    from philtre.interpreter.options import single_zones

    rs = load_ruleset(str(write(tmp_path, "[kind]") / "ruleset.yaml"))
    options = Game(rs, 2, seed=5).options(0)
    assert [str(o) for o in options] == [repr(o) for o in options] == [o.label(None, single_zones(rs)) for o in options]
    assert all(re.fullmatch(r"pick\(card=card (salmon|tempura|maki2)\)", str(o)) for o in options), list(options)
    assert [str(pickle.loads(pickle.dumps(o))) for o in options] == [str(o) for o in options]
    plain = load_ruleset(str(write(tmp_path, None, "plain") / "ruleset.yaml"))  # without display: every attribute, as before
    assert all(HELPERS.search(str(o)) for o in Game(plain, 2, seed=5).options(0))
