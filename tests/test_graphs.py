"""reachable(edges, start) and longest_trail(edges): route networks (language.md, reachable and longest_trail).

A game of routes between cities asks whether two cities are joined by a seat's routes and how long its longest
continuous trail is. The language has no recursion and no loop until nothing changes, so these are builtins over a
list of edges [a, b] or [a, b, weight] (undirected), computed in Python and charged to the work budget.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys

import pytest

from philtre.dsl import builtins, load_ruleset
from philtre.dsl.builtins import WORK, WORK_LIMIT, OutOfWork
from philtre.dsl.errors import PhiltreError
from philtre.dsl.validate import check_file
from philtre.interpreter import Game
from philtre.interpreter.scenarios import run_scenarios

HEAD = "game: graphs\nplayers: 2\n"


def _value(tmp_path, expr: str, initial: str = ""):
    """The value ``expr`` gives when a small game's flow sets a variable to it."""
    path = tmp_path / "ruleset.yaml"
    path.write_text(HEAD + f"variables:\n  got: 0\n{initial}flow:\n  - set: {{got: {expr!r}}}\n")
    return Game(load_ruleset(str(path)), 2).state.vars["got"]


def _failure(tmp_path, expr: str, initial: str = "") -> str:
    with pytest.raises(PhiltreError) as caught:
        _value(tmp_path, expr, initial)
    return str(caught.value)


PATH = "[['a', 'b'], ['b', 'c'], ['c', 'd']]"
CYCLE = "[['a', 'b'], ['b', 'c'], ['c', 'd'], ['d', 'a']]"
TREE = "[['r', 'x'], ['r', 'y'], ['x', 'x1'], ['x', 'x2'], ['y', 'y1']]"
# two triangles meeting at c: the one trail over all six edges passes c twice
BOWTIE = "[['a', 'b'], ['b', 'c'], ['c', 'a'], ['c', 'd'], ['d', 'e'], ['e', 'c']]"


@pytest.mark.parametrize("expr, expected", [
    (f"reachable({PATH}, 'a')", ["a", "b", "c", "d"]),
    (f"reachable({PATH}, 'c')", ["c", "b", "d", "a"]),  # nearer nodes first, each node's edges in the list's order
    (f"reachable({CYCLE}, 'a')", ["a", "b", "d", "c"]),
    (f"reachable({TREE}, 'x1')", ["x1", "x", "r", "x2", "y", "y1"]),
    ("reachable([['a', 'b'], ['c', 'd']], 'a')", ["a", "b"]),  # disconnected: c and d are not reached
    ("reachable([['a', 'b'], ['c', 'd']], 'z')", ["z"]),  # a node on no edge reaches itself only
    ("reachable([], 1)", [1]),
    ("reachable([['a', 'b', 5], ['b', 'c', 2]], 'c')", ["c", "b", "a"]),  # a weight is no node
    ("reachable([[[0, 0], [0, 1]], [[0, 1], [1, 1]]], [0, 0])", [[0, 0], [0, 1], [1, 1]]),  # cells [x, y] as nodes
    (f"'d' in reachable({PATH}, 'a')", True),
])
def test_reachable_lists_the_nodes_joined_to_the_start(tmp_path, expr, expected):
    assert _value(tmp_path, expr) == expected


@pytest.mark.parametrize("expr, expected", [
    ("longest_trail([])", 0),
    (f"longest_trail({PATH})", 3),
    (f"longest_trail({CYCLE})", 4),  # round the cycle, back to where it began
    (f"longest_trail({TREE})", 4),  # x1-x-r-y-y1: a tree's trail is a path, its branches left out
    ("longest_trail([['a', 'b'], ['c', 'd'], ['d', 'e']])", 2),  # two parts: the longer one's
    ("longest_trail([['a', 'b'], ['a', 'b'], ['a', 'b']])", 3),  # parallel edges: each once, to and fro
    (f"longest_trail({BOWTIE})", 6),  # passes c twice, each edge once
    ("longest_trail([['a', 'b'], ['b', 'c'], ['b', 'd']])", 2),  # a star of three: no edge twice, so two of them
    ("longest_trail([['a', 'b', 3], ['b', 'c', 1], ['b', 'd', 5]])", 8),  # weights: the heavier two
    ("longest_trail([['a', 'b', 3], ['b', 'c'], ['c', 'a', 2]])", 6),  # an edge without a weight weighs 1
    ("longest_trail([['a', 'b', 0.5], ['b', 'c', 0.25]])", 0.75),
    ("longest_trail([['a', 'a', 2], ['a', 'b', 1]])", 3),  # a loop at a node is walked once
])
def test_longest_trail_is_the_heaviest_walk_using_no_edge_twice(tmp_path, expr, expected):
    assert _value(tmp_path, expr) == expected


@pytest.mark.parametrize("expr, said", [
    ("reachable([['a', 'b'], 'c'], 'a')", "reachable()'s edge number 1 must be a list [a, b] or [a, b, weight], got 'c'"),
    ("longest_trail([['a', 'b', 'c', 'd']])", "longest_trail()'s edge number 0 must be a list [a, b] or [a, b, weight]"),
    ("longest_trail([['a', 'b', true]])", "longest_trail()'s edge number 0 has a weight that is no number: true"),
    ("longest_trail(v)", "longest_trail() needs a list of edges, each a list [a, b] or [a, b, weight], got 'abc'"),
])
def test_bad_edges_stop_the_game_at_the_rule_with_what_was_wrong(tmp_path, expr, said):
    message = _failure(tmp_path, expr, initial="  v: abc\n")
    assert "R100 rule 'set' failed" in message and said in message, message


def test_a_huge_graph_stops_at_the_budget_naming_the_builtin(tmp_path):
    """Longest trail tries every trail: on a 6 x 6 grid of cells (60 edges) far more than the budget pays for. The
    rule stops with R100 naming longest_trail(), in seconds, rather than running for hours."""
    grid = ("[[[x, y], [x + 1, y]] for x in range(5 + count(z)) for y in range(6)]"
            " + [[[x, y], [x, y + 1]] for x in range(6) for y in range(5)]")
    message = _failure(tmp_path, f"longest_trail({grid})", initial="zones:\n  z: {}\n")  # (read in a game only)
    assert "R100 rule 'set' failed" in message, message
    assert "longest_trail() of 60 edges does too much work (more than 10,000,000 steps)" in message, message


def test_longest_trail_charges_a_step_for_each_edge_tried():
    """The search's work is charged as it goes: a budget too small for it stops it (and is given afresh), and what a
    search that ends is charged is the same at every call."""
    edges = [["a", "b"], ["b", "c"], ["c", "a"], ["c", "d"], ["d", "e"], ["e", "c"]]
    WORK[0] = WORK_LIMIT
    assert builtins.b_longest_trail(edges) == 6
    charged = WORK_LIMIT - WORK[0]
    assert charged > 3 * len(edges)  # more than reading the edges: the edges tried
    WORK[0] = charged - 1
    with pytest.raises(OutOfWork, match=r"longest_trail\(\) of 6 edges does too much work"):
        builtins.b_longest_trail(edges)
    assert WORK[0] == WORK_LIMIT
    WORK[0] = charged
    assert builtins.b_longest_trail(edges) == 6 and WORK[0] == 0


def test_edges_between_points_are_read_in_c_with_the_same_answer_and_work(monkeypatch):
    """Tsuro trial: reachable() over [x, y] points cost ~7 times what it did over numbers (1.1 ms a call on 140 edges),
    its time spent counting the edges written out in Python and keying each point by _content_key. The edges are now
    counted in C (values._flat_written_items) and a point of numbers keyed by tuple(): the same nodes in the same
    order, the same work charged; a point holding a list is keyed by its content as before."""
    from philtre.dsl.values import _flat_written_items

    edges = [[[i, 0], [i + 1, 0]] for i in range(140)] + [[[0, 0], [0.0, 1]], [[140, 0], [[1], 2]]]
    assert _flat_written_items(edges[:141]) == 141 + 2 * 141 + 4 * 141 and _flat_written_items(edges) is None
    content_key = builtins._content_key
    def keyed(x, made):  # a point [x, y] of numbers is keyed without it
        assert not (isinstance(x, list) and len(x) == 2 and all(isinstance(v, (int, float)) for v in x)), x
        return content_key(x, made)

    monkeypatch.setattr(builtins, "_content_key", keyed)
    WORK[0] = WORK_LIMIT
    found = builtins.b_reachable(edges, [0, 0])
    assert found == [[0, 0], [1, 0], [0.0, 1], *([i, 0] for i in range(2, 141)), [[1], 2]]
    assert WORK_LIMIT - WORK[0] == 142 + 2 * 142 + 4 * 142 + 1 + 2 * 142  # the edges written out, each end listed


HASHED = """\
from philtre.dsl.builtins import WORK, WORK_LIMIT, b_longest_trail, b_reachable
names = ['n%d' % i for i in range(12)]
edges = [[names[i], names[(i * 5 + 3) % 12], i % 4 + 1] for i in range(0, 12, 2)] + [[names[i], names[i + 1]] for i in range(11)]
found = [b_reachable(edges, 'n7'), b_longest_trail(edges), WORK_LIMIT - WORK[0]]
print(found)
"""


def test_the_answer_and_the_work_do_not_depend_on_the_hash_seed():
    """Words hash differently in each Python process (PYTHONHASHSEED): the order nodes are met in, the answer and the
    work charged follow the edges' order alone, so two processes give the same."""
    outputs = set()
    for seed in ("1", "2", "3"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        run = subprocess.run([sys.executable, "-c", HASHED], env=env, capture_output=True, text=True, check=True, timeout=300)
        outputs.add(run.stdout)
    assert len(outputs) == 1, outputs


@pytest.mark.parametrize("name", ["longest_trail", "cut_nodes"])
def test_a_zone_of_components_is_refused_before_the_game_with_how_to_list_the_ends(tmp_path, name):
    path = tmp_path / "ruleset.yaml"
    path.write_text(HEAD + """\
components:
  route: {attributes: {a: [x, y], b: [z]}, start: claimed}
zones:
  claimed: {}
variables:
  got: 0
flow:
  - set: {got: "NAME(claimed)"}
""".replace("NAME", name))
    found = [(f.diagnostic.code, f.diagnostic.message, f.diagnostic.hint) for f in check_file(str(path), lints=False).findings]
    assert ("E120", f"{name}() needs a list of edges, each a list [a, b] or [a, b, weight], but this is a zone",
            "list each component's ends: [[c.a, c.b] for c in ...]") in found, found


ROUTES = """\
game: routes
players: 2
components:
  route:
    attributes: {i: 0..6}
    derive:
      a: "['A', 'B', 'C', 'C', 'D', 'F', 'A'][i]"
      b: "['B', 'C', 'A', 'D', 'E', 'G', 'B'][i]"
      len: "[1, 2, 3, 4, 5, 6, 2][i]"
    start: open
zones:
  open: {}
  claimed: {each: player}
define:
  edges(p): "[[r.a, r.b, r.len] for r in claimed[p]]"
  joined(p, x, y): y in reachable(edges(p), x)
actions:
  claim:
    choose: {r: open}
    do:
      - move: r -> claimed[me]
flow:
  - turns: 0
    until: count(open) == 0
    do:
      - decide: claim
winners: {highest: "longest_trail(edges(p))"}
"""

SCENARIOS = """\
scenarios:
  - name: a triangle with a tail, and a route apart
    players: 2
    given:
      zones:
        claimed[0]: [{i: 0}, {i: 1}, {i: 2}, {i: 3}, {i: 4}]
        claimed[1]: [{i: 5}, {i: 6}]
    expect:
      - joined(0, 'A', 'E') and joined(0, 'E', 'B')
      - not joined(0, 'A', 'G') and not joined(1, 'A', 'G')
      - reachable(edges(0), 'D') == ['D', 'C', 'E', 'B', 'A']
      - longest_trail(edges(0)) == 15
      - longest_trail(edges(1)) == 6
"""


def _longest_by_hand(edges) -> int:
    """The longest trail found by listing every walk of distinct edges (a plain recursion: the graphs are small)."""

    def walk(node, left):
        return max([0] + [w + walk(b if node == a else a, left[:i] + left[i + 1:])
                          for i, (a, b, w) in enumerate(left) if node in (a, b)])

    return max([0] + [walk(node, edges) for edge in edges for node in edge[:2]])


def test_a_ruleset_of_routes_uses_them_end_to_end(tmp_path):
    """A seat's claimed routes listed as weighted edges: its cities joined (scenario), and the winner the seat whose
    longest trail is the longest, in games played out."""
    (tmp_path / "ruleset.yaml").write_text(ROUTES)
    (tmp_path / "scenarios.yaml").write_text(SCENARIOS)
    ruleset = load_ruleset(str(tmp_path / "ruleset.yaml"))
    results = run_scenarios(ruleset)
    assert results and all(r.passed for r in results), [(r.name, r.failures) for r in results]
    for seed in range(6):
        game = Game(ruleset, 2, seed=seed)
        game.play_out(random=random.Random(seed).random)
        longest = [_longest_by_hand([[r["a"], r["b"], r["len"]] for r in claimed]) for claimed in game.state.zones["claimed"]]
        assert game.finished and game.winners == [p for p in (0, 1) if longest[p] == max(longest)], (longest, game.winners)


@pytest.mark.parametrize("expr, expected", [
    ("cut_nodes([['a', 'b'], ['b', 'c']])", ["b"]),  # a path a-b-c: b holds it together
    (f"cut_nodes({CYCLE})", []),  # a cycle: any one node may go
    (f"cut_nodes({BOWTIE})", ["c"]),  # two triangles sharing c
    (f"cut_nodes({PATH})", ["b", "c"]),  # in the order the edges first name them
    (f"cut_nodes({TREE})", ["r", "x", "y"]),  # a tree: every node that is no leaf
    ("cut_nodes([['a', 'b'], ['c', 'd']])", []),  # two groups, each of two: removing one leaves one node, no split
    ("cut_nodes([['a', 'b'], ['a', 'b'], ['b', 'c']])", ["b"]),  # a second edge between a and b joins nothing more
    ("cut_nodes([['a', 'a'], ['a', 'b']])", []),  # nor does a loop
    ("cut_nodes([[1, 2, 5], [2, 3, 9]])", [2]),  # a weight is no node
    ("cut_nodes([[[0, 0], [0, 1]], [[0, 1], [1, 1]], [[0, 1], [0, 2]]])", [[0, 1]]),  # cells [x, y] as nodes
    ("cut_nodes([])", []),
])
def test_cut_nodes_are_the_nodes_whose_removal_splits_their_group(tmp_path, expr, expected):
    assert _value(tmp_path, expr) == expected


def test_cut_nodes_agree_with_asking_reachable_without_each_node():
    """The one-hive rule of a trial, a piece whose removal splits the group may not move, was a reachable() per piece."""
    rng = random.Random(5)
    for _ in range(300):
        n = rng.randint(1, 9)
        edges = [[rng.randrange(n), rng.randrange(n)] for _ in range(rng.randint(0, 14))]
        nodes = list(dict.fromkeys(x for e in edges for x in e))
        split = []
        for v in nodes:
            rest = [e for e in edges if v not in e]
            joined = [x for x in nodes if x != v and any(x in e for e in edges if v in e and x != v)]
            if joined and any(x not in builtins.b_reachable(rest, joined[0]) for x in joined[1:]):
                split.append(v)
        assert builtins.b_cut_nodes(edges) == split, edges


def test_cut_nodes_are_charged_as_reachable_is():
    edges = [[i, i + 1] for i in range(50)]
    WORK[0] = WORK_LIMIT
    builtins.b_reachable(edges, 0)
    reached = WORK_LIMIT - WORK[0]
    WORK[0] = WORK_LIMIT
    builtins.b_cut_nodes(edges)
    charged, WORK[0] = WORK_LIMIT - WORK[0], WORK_LIMIT
    assert charged == reached > 0

