"""The grid builtins are charged to the work budget, and a piece has at most 100 cells.

`placements` counts, for every occupied cell, each position where a piece's cell or a cell
next to it lies on it: occupied cells x piece cells x turns. Nothing charged that work, and
a piece could have any number of cells, so one decision over strips of 3,000 cells took
1.9 GB and ended in "internal error: MemoryError". Now a piece of more than 100 cells is
R100 at the rule that places or reads it, and `placements`, `regions`, `overlap` and
`touching` charge their work before doing it: past the budget the rule fails with R100,
as any other builtin's does.
"""

from __future__ import annotations

import resource
import subprocess
import sys
import textwrap

import pytest

from philtre.dsl import builtins, load_ruleset
from philtre.dsl.builtins import BUILTINS, WORK, WORK_LIMIT, OutOfWork
from philtre.dsl.errors import PhiltreError
from philtre.dsl.geometry import candidate_placements, regions
from philtre.interpreter import Game

# strips of CELLS cells; ROWS of them placed one under another, then a seat chooses where the next one goes
STRIPS = """\
philtre: 1
game: strips
players: 2
components:
  strip:
    copies: COPIES
    derive:
      cells: "[1 for k in range(CELLS)]"
    start: pile
zones:
  pile: {visible: everyone}
  board: {grid: {resolution: 3}, visible: everyone}
actions:
  play:
    choose: {at: "placements(board, first(pile))"}
    do:
      - place: {piece: first(pile), to: board, at: at}
flow:
  - for: k in range(ROWS)
    do:
      - place: {piece: first(pile), to: board, at: "{'x': 0, 'y': 2 * k, 'rot': 0}"}
  - decide: play
    player: 0
winners: {highest: "score[p]"}
"""


def strips(tmp_path, cells, rows) -> str:
    """A ruleset of strips of ``cells`` cells, ``rows`` of them placed before the one decision."""
    path = tmp_path / "strips.yaml"
    text = STRIPS.replace("COPIES", str(rows + 1)).replace("CELLS", str(cells)).replace("ROWS", str(rows))
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return str(path)


def test_a_piece_of_more_than_100_cells_is_R100_naming_it(tmp_path):
    with pytest.raises(PhiltreError) as info:
        Game(load_ruleset(strips(tmp_path, 101, 1)), 2, seed=0)
    message = str(info.value)
    assert "R100" in message and "strip has 101 cells: a piece has at most 100" in message, message
    assert "strips.yaml:" in message  # at the place


def test_a_piece_of_100_cells_is_placed(tmp_path):
    game = Game(load_ruleset(strips(tmp_path, 100, 1)), 2, seed=0)
    assert game.options(0)  # the strip lies on the board; the next one has placements beside it


def _grid(tmp_path, rows):
    """The state of a finished game whose board holds ``rows`` strips of 5 cells, nothing listed on it yet."""
    text = STRIPS.replace("  - decide: play\n    player: 0\n", "")
    path = tmp_path / "rows.yaml"
    path.write_text(text.replace("COPIES", str(rows + 1)).replace("CELLS", "5").replace("ROWS", str(rows)), encoding="utf-8")
    game = Game(load_ruleset(str(path)), 2, seed=0)
    S = game.state
    return S, S.zones["board"][0], S.zones["pile"][0][0]


CALLS = {
    "placements": lambda board, piece: (board, piece),
    "regions": lambda board, piece: (board,),
    "overlap": lambda board, piece: (board, piece, {"x": 0, "y": 0, "rot": 0}),
    "touching": lambda board, piece: (board, piece, {"x": 0, "y": 0, "rot": 0}),
    "run_length": lambda board, piece: (board, -1, 0, 1, 0),  # along a strip of 5 cells: 6 looked at
    "group_at": lambda board, piece: (board, 0, 0),  # the strip's 5 cells, four sides each
    "border": lambda board, piece: (board, [[0, 0], [1, 0]]),  # two cells, four sides each
}


@pytest.mark.parametrize("name", sorted(CALLS))
def test_each_grid_builtin_charges_its_work_before_doing_it(tmp_path, name):
    """With little budget left, a grid builtin fails with the budget's own error (R100 at the rule)."""
    S, board, piece = _grid(tmp_path, 4)
    args = CALLS[name](board, piece)
    WORK[0] = 3  # less than any of them does on 20 cells
    try:
        with pytest.raises(OutOfWork, match="too much work"):
            BUILTINS[name].impl(S, *args)
    finally:
        WORK[0] = WORK_LIMIT
    assert WORK[0] == WORK_LIMIT  # out_of_work gave the budget back for what runs next


def test_placements_out_of_work_leave_the_grid_counted_as_it_was(tmp_path):
    """The charge comes before the counts change: the next call, with budget, lists what a fresh count does."""
    S, board, piece = _grid(tmp_path, 4)
    layer = builtins._grid_layer(S, board)
    placements = BUILTINS["placements"].impl
    WORK[0] = 3
    with pytest.raises(OutOfWork):
        placements(S, board, piece)
    assert placements(S, board, piece) == candidate_placements(layer, piece, 3)
    assert BUILTINS["regions"].impl(S, board) == regions(layer, 3)
    WORK[0] = WORK_LIMIT


def _capped():
    """The child's address space: enough for philtre, far too little for the work the old code did."""
    resource.setrlimit(resource.RLIMIT_AS, (1024**3, 1024**3))


def test_placements_past_the_budget_is_R100_not_a_memory_error(tmp_path):
    """170 strips of 100 cells: listing where the next one goes counts 17,000 cells x 604 positions each
    (10.3 million, past the budget). It took 450 MB and 4 s and listed them; now it is R100 at the action."""
    path = strips(tmp_path, 100, 170)
    result = subprocess.run([sys.executable, "-m", "philtre", "simulate", path, "-n", "1", "--no-db", "-w", "1"],
                            capture_output=True, text=True, timeout=120, preexec_fn=_capped)
    output = result.stdout + result.stderr
    assert result.returncode == 1, output
    assert "R100 action 'play': its choice of 'at' failed: the expression does too much work" in output, output
    assert "internal error" not in output and "Traceback" not in output, output


def test_the_top_layer_a_grid_builtin_reads_is_charged_before_it_is_made(tmp_path):
    """The layer of 40 strips of 5 cells (a step per piece listed and per cell laid, past the first 128) was made
    free: `overlap` charged only its piece's 5 cells. Now, with less budget left than the layer takes, it is R100."""
    S, board, piece = _grid(tmp_path, 40)
    WORK[0] = 50
    try:
        with pytest.raises(OutOfWork, match="too much work"):
            BUILTINS["overlap"].impl(S, board, piece, {"x": 0, "y": 0, "rot": 0})
    finally:
        WORK[0] = WORK_LIMIT
    assert BUILTINS["overlap"].impl(S, board, piece, {"x": 0, "y": 0, "rot": 0}) == 5  # with budget, it is read


# 150 strips of 100 cells on the board; then each pass puts the bottom one on top again (the layer is made afresh)
# and reads the grid: each pass's work is that of 15,000 cells
RELAID = STRIPS.replace("""  - decide: play
    player: 0
""", """  - repeat: 1000000
    as: s
    do:
      - set: {passes: s + 1}
      - place: {piece: first(board), to: board, at: "{'x': 0, 'y': 0, 'rot': 0}"}
      - set: {covered: "overlap(board, first(pile), {'x': 0, 'y': 0, 'rot': 0})"}
""").replace("winners:", "variables: {passes: 0, covered: 0}\nstep_limit: 4000\nwinners:")


def test_a_loop_remaking_a_large_grid_layer_each_pass_counts_its_work_as_steps(tmp_path):
    """The layer's work was not charged, so a pass over a grid of 15,000 cells counted 4 steps: the loop reached a
    step limit of 4,000 after about 1,000 passes, each one remaking the layer (10 million passes at the largest limit,
    hours). Its work now counts as steps (one per 1,024 units), as a comprehension's does: R200 after a few hundred."""
    path = tmp_path / "relaid.yaml"
    path.write_text(RELAID.replace("COPIES", "151").replace("CELLS", "100").replace("ROWS", "150"), encoding="utf-8")
    game = Game.__new__(Game)
    with pytest.raises(PhiltreError) as info:
        game.__init__(load_ruleset(str(path)), 2, seed=0)
    assert "R200 step limit of 4,000 reached" in str(info.value), str(info.value)
    assert game.state.vars["passes"] < 300, game.state.vars["passes"]
