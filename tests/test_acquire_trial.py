"""Findings of an Acquire trial (a new user's tile-laying game, written from the docs alone): the messages and the play
account it found wanting."""

from __future__ import annotations

from philtre.dsl.validate import check_file

# a block run from an action's then: (and, in the second file, from the flow too); its say reads hidden hands (L030)
BLOCK_IN_THEN = """\
philtre: 1
game: block-calls
players: 2
components:
  chip: {attributes: {v: 1..6}, start: bag}
zones:
  bag: {visible: nobody}
  hand: {each: player, visible: owner}
blocks:
  tell_hand(p):
    - say: "['seat', p, 'holds', count(c for c in hand[p] if c.v > 3), 'high chips']"
actions:
  pass:
    then:
      - run: tell_hand(me)
flow:
  - deal: {from: bag, to: hand, count: 2}
  - decide: pass
    player: 0
"""


def written(tmp_path, text: str, name: str = "ruleset.yaml") -> str:
    """``text`` written to ``name`` in ``tmp_path``; its path."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def line_of(text: str, needle: str) -> int:
    """The line (from 1) of ``text`` where ``needle`` first occurs."""
    return text[: text.index(needle)].count("\n") + 1


def lint_findings(path: str, code: str) -> list:
    """The diagnostics of ``code`` that validating ``path`` finds."""
    return [f.diagnostic for f in check_file(path).findings if f.diagnostic.code == code]


def test_a_lint_finding_in_a_block_run_from_a_then_names_that_run(tmp_path):
    """F5: run only from `pass`'s then:, the L030 named no run at all."""
    path = written(tmp_path, BLOCK_IN_THEN)
    [found] = lint_findings(path, "L030")
    assert found.hint.endswith(f"; in block 'tell_hand', run at {path}:{line_of(BLOCK_IN_THEN, '- run: tell_hand')}:9"), found.hint


def test_a_lint_finding_in_a_block_run_from_a_then_and_the_flow_names_both_runs_in_file_order(tmp_path):
    """F5: with a run from the flow too, only the flow's was named."""
    text = BLOCK_IN_THEN + "  - run: tell_hand(1)\n"
    path = written(tmp_path, text)
    [found] = lint_findings(path, "L030")
    then, flow = line_of(text, "- run: tell_hand(me)"), line_of(text, "- run: tell_hand(1)")
    assert found.hint.endswith(f"; in block 'tell_hand', run at {path}:{then}:9 and {path}:{flow}:5"), found.hint


HANDED = """\
philtre: 1
game: takes-hint
players: 2
components:
  tile: {attributes: {n: 1..4}, start: pool}
zones:
  pool: {}
  mine: {each: player}
actions:
  grab:
    do:
      - move: pick -> mine[me]
flow:
  - turns: 0
    until: count(pool) == 0
    do:
      - decide: grab
        with: {pick: last(pool)}
"""


def load_errors(path: str) -> list:
    """The diagnostics loading ``path`` raises (none: [])."""
    from philtre.dsl import load_ruleset
    from philtre.dsl.errors import PhiltreError

    try:
        load_ruleset(path)
    except PhiltreError as exc:
        return exc.diagnostics
    return []


def test_a_handed_name_read_as_a_moves_source_is_told_to_be_taken_not_declared_a_zone(tmp_path):
    """F3: `found` read `group` (the tiles a decide hands) as `move: group -> ...`; the hint said to declare a zone."""
    found = [d for d in load_errors(written(tmp_path, HANDED)) if d.code == "E150"]
    assert [(d.message, d.loc.line) for d in found] == [("unknown name 'pick'", line_of(HANDED, "move: pick"))]
    assert found[0].hint.endswith(f"decide 'grab' (line {line_of(HANDED, '- decide: grab')}) hands 'pick' (with:): "
                                  "list it under this action's takes: [pick]"), found[0].hint
    assert "declare it under zones" not in found[0].hint


def test_a_name_no_decide_hands_read_as_a_moves_source_is_still_told_to_declare_a_zone(tmp_path):
    """The zone hint stays where no decide hands the name."""
    text = HANDED.replace("        with: {pick: last(pool)}\n", "")
    found = [d for d in load_errors(written(tmp_path, text)) if d.code == "E150"]
    assert len(found) == 1 and "no zone is named 'pick': declare it under zones" in found[0].hint, found


PURSE = """\
philtre: 1
game: l045-hint
players: 2
variables:
  purse: {initial: 0, each: player, visible: owner}
actions:
  take:
    do:
      - set: {"purse[me]": "purse[me] + 1"}
flow:
  - turns: 0
    until: score[0] > 0
    do:
      - decide: take
      - when: current == 1
        score: {player: 0, add: 1}
  - reveal: purse
"""
OPEN = "extends: ruleset.yaml\nvariables:\n  purse: {visible: everyone}\n"


def test_l045_of_a_reveal_without_a_name_says_to_name_it_in_the_base_or_replace_the_list(tmp_path):
    """F4: the hint told the overlay to remove `- name: reveal`, which the base does not name (O005)."""
    written(tmp_path, PURSE)
    [found] = [f.diagnostic for f in check_file(str(tmp_path), variants=(written(tmp_path, OPEN, "open.yaml"),)).findings]
    assert found.code == "L045" and "`- name: reveal`" not in found.hint, found
    assert ("the reveal has no `name:`, and an overlay removes a statement by its name, so give it one in the base "
            "(`name: show_purse`) and remove it with `- name: show_purse` and `$remove: true`, or replace the whole list "
            "it is in (`{$replace: [...]}`)") in found.hint, found.hint


def test_l045_of_a_named_reveal_says_to_remove_it_by_its_name_and_doing_so_silences_it(tmp_path):
    """The hint's way works: the base names the reveal, the overlay removes it by that name."""
    written(tmp_path, PURSE.replace("  - reveal: purse\n", "  - reveal: purse\n    name: show_purse\n"))
    [found] = [f.diagnostic for f in check_file(str(tmp_path), variants=(written(tmp_path, OPEN, "open.yaml"),)).findings]
    assert "from an overlay: `- name: show_purse` with `$remove: true`" in found.hint, found.hint
    fixed = written(tmp_path, OPEN + "flow:\n  - name: show_purse\n    $remove: true\n", "fixed.yaml")
    assert check_file(str(tmp_path), variants=(fixed,)).findings == []


RARE_IN_A_BLOCK = """\
philtre: 1
game: smoke-decide
players: 2
actions:
  rare: {}
  common: {}
blocks:
  ask_rarely:
    - decide: rare
      player: 1
      when: round_number > 5
flow:
  - repeat: 3
    do:
      - decide: common
        player: 0
      - run: ask_rarely
"""


def test_c002_names_a_decisions_actions_and_the_run_of_its_block(tmp_path):
    """F8: `C002 'decide' never ran` named neither the decide's actions nor the block's run."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter.smoke import smoke

    path = written(tmp_path, RARE_IN_A_BLOCK)
    [note] = [d for d in smoke(load_ruleset(path), 3) if d.code == "C002"]
    assert (note.message, note.loc.line) == ("decide 'rare' never ran in 3 smoke games", line_of(RARE_IN_A_BLOCK, "- decide: rare"))
    assert note.hint.endswith(f"? In block 'ask_rarely', run at {path}:{line_of(RARE_IN_A_BLOCK, '- run: ask_rarely')}:9"), note.hint


def test_c002_names_a_decision_by_its_name_where_it_has_one(tmp_path):
    """A `name:` is the author's own word for the statement: kept."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter.smoke import smoke

    path = written(tmp_path, RARE_IN_A_BLOCK.replace("      player: 1\n", "      player: 1\n      name: late_question\n"))
    [note] = [d for d in smoke(load_ruleset(path), 3) if d.code == "C002"]
    assert note.message == "'late_question' never ran in 3 smoke games", note


COINS = """\
philtre: 1
game: illegal-vacuous
players: 2
variables:
  coins: {initial: 2, each: player}
actions:
  buy:
    if: coins[me] >= 1
    do:
      - set: {"coins[me]": "coins[me] - 1"}
  pass: {}
flow:
  - turns: 0
    until: coins[0] == 0 and coins[1] == 0
    do:
      - decide: [buy, pass]
"""


def scenario_results(tmp_path, steps: str, given: str = "") -> list:
    """The results of one 2-player scenario of ``steps`` (YAML lines, indented as steps) on COINS."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter.scenarios import run_scenarios

    written(tmp_path, COINS)
    written(tmp_path, f"scenarios:\n  - name: s\n    players: 2\n{given}    steps:\n{steps}", "scenarios.yaml")
    return run_scenarios(load_ruleset(str(tmp_path)))


def test_an_illegal_step_of_a_seat_not_deciding_passes_with_a_t034_note(tmp_path):
    """F9: the trial's "cannot afford a share" passed only because the turn had ended: seat 1 was deciding."""
    [result] = scenario_results(tmp_path, "      - {player: 0, action: buy}\n      - {player: 0, action: buy, illegal: true}\n")
    assert result.passed, result.failures
    [note] = result.notes
    assert "scenarios.yaml:6:9: T034 seat 0 is not deciding here (deciding: seat 1), so this `illegal: true` step passes " \
           "as a move out of turn, whatever the rules say of buy" in note, note


def test_an_illegal_step_of_the_deciding_seat_gets_no_note_and_fails_where_the_rules_allow_it(tmp_path):
    """The step tests the rules where its seat decides: refused, it passes without a note; allowed, it fails (T013)."""
    given = "    given:\n      variables: {coins: [0, 2]}\n"
    [refused] = scenario_results(tmp_path, "      - {player: 0, action: buy, illegal: true}\n", given)
    assert refused.passed and refused.notes == [], (refused.failures, refused.notes)
    [allowed] = scenario_results(tmp_path, "      - {player: 0, action: buy, illegal: true}\n")
    assert not allowed.passed and allowed.notes == [], allowed.notes
    assert "T013 expected buy" in allowed.failures[0] and "to be illegal, but it is legal" in allowed.failures[0], allowed.failures


def test_a_move_out_of_turn_tested_on_purpose_is_silenced_on_its_line(tmp_path):
    """Where refusing a move out of turn is the point, `# philtre: ignore[T034]` on the step's line says so."""
    [result] = scenario_results(tmp_path, "      - {player: 1, action: pass, illegal: true}  # philtre: ignore[T034]\n")
    assert result.passed and result.notes == [], result.notes


SHOWN = """\
philtre: 1
game: show-text
players: 2
components:
  tile: {attributes: {row: 0..2, col: 1..3}, start: pool}
zones:
  pool: {}
  board: {}
define:
  mark(t): "'#' if t in board else '.'"
  picture: "join([join([mark(t) for t in components if t.row == r], ' ') for r in range(3)], '\\\\n')"
  headed: "[['', '1', '2', '3']] + [[['A', 'B', 'C'][r]] + [mark(t) for t in components if t.row == r] for r in range(3)]"
  plain_table: "[['1', 2, 4], ['', 3, 5]]"
show: [picture, headed, plain_table]
actions:
  put:
    choose: {t: pool}
    do:
      - move: t -> board
flow:
  - turns: 0
    until: count(board) == 2
    do:
      - decide: put
"""


def board_of(tmp_path, seat: int = 0) -> str:
    """SHOWN's board as `philtre play` draws it for ``seat``, after seat 0 put the tile at row 1, column 2."""
    from philtre.dsl import load_ruleset
    from philtre.interpreter import Game
    from philtre.interpreter.render import render_view, shown_values

    game = Game(load_ruleset(written(tmp_path, SHOWN)), 2, seed=1)
    [put] = [o for o in game.options(0) if (lambda t: (t["row"], t["col"]))(dict(o.args)["t"]) == (1, 2)]
    game.apply(0, put)
    return render_view(game.view(seat), game.ruleset, played=True, shown=shown_values(game, seat))


def test_a_shown_text_with_line_breaks_is_drawn_as_its_lines(tmp_path):
    """F1: `picture = '. . .\\n. # .\\n. . .'` was one line, escaped; the board needed a definition per row."""
    board = board_of(tmp_path)
    assert "  picture =\n    . . .\n    . # .\n    . . .\n" in board, board
    assert "\\n" not in board


def test_a_table_whose_corner_is_the_empty_word_is_drawn_under_its_own_labels(tmp_path):
    """F2: a board named 1-3 across and A-C down was drawn with 0-based indices as well, its labels quoted ('1')."""
    board = board_of(tmp_path)
    assert "  headed =\n       1 2 3\n    A  . . .\n    B  . # .\n    C  . . .\n" in board, board


def test_a_table_whose_corner_is_no_empty_word_keeps_its_indices_and_quotes(tmp_path):
    """Only the empty corner marks labels: another table is drawn as before, its number-like words quoted."""
    board = board_of(tmp_path)
    assert "  plain_table =\n           0   1   2\n    [0]  '1'   2   4\n    [1]   ''   3   5" in board, board


CASH = """\
philtre: 1
game: hidden-cash
players: 2
variables:
  cash: {initial: 5, each: player, visible: owner}
  bid: {initial: 0, each: player, visible: owner}
actions:
  buy:
    do:
      - set: {"cash[me]": "cash[me] - 1"}
      - set: {"bid[me]": "bid[me] + 1"}
      - set: {"cash[me]": "cash[me] - 1"}
flow:
  - set: {"bid[1]": 2}
  - repeat: 2
    do:
      - decide: buy
        player: 1
      - decide: buy
        player: 0
"""


def test_another_seats_hidden_entries_are_not_told_the_seats_own_are(tmp_path):
    """F7: each buy by another seat was followed by `cash[1] = hidden`, a line that said nothing new (89 of them in a
    game). A set of another seat's hidden entry is not told at all, by a decision or the flow (a Belote trial: one
    under a `when` reading a hand told that the hand held the card); the seat's own values are told as before."""
    from test_cli import philtre

    written(tmp_path, CASH)
    record = tmp_path / "game.jsonl"
    result = philtre("play", tmp_path, "--seat", "0", "--seed", "1", "--record", record, stdin="1\n1\n", timeout=60)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "  > seat 1: buy()\n" in out and "[1] = hidden" not in out and "set (hidden)" not in out, out
    assert "      cash[0] = 4\n      bid[0] = 1\n      cash[0] = 3\n" in out, out
    text = philtre("replay", record, "--seat", "0", "--text").stdout
    assert "> seat 1: buy()\n" in text and "[1] = hidden" not in text and "    cash[0] = 4\n" in text, text
