"""Single-observer information-set Monte Carlo tree search (Cowling, Powley & Whitehouse, 2012).

One tree for the searching seat's information set. Each iteration:

1. *determinize*: sample a game consistent with what the seat may know (``InfoSet.sample``);
2. *select*: walk down the tree while every option legal in this sample has a child,
   picking by UCB1 with availability counts (a child's "parent visits" are the number of
   iterations in which it was legal), each seat maximising its own reward;
3. *expand*: add one untried option of the sample as a child;
4. *roll out*: play random options to the end of the game; or, with a ``depth`` D (``ismcts:N:D``), at most D
   decisions, then value the position with ``value`` (the ruleset's heuristic, read in the sample: agents.py);
5. *back up*: every node on the path gets the win share of the seat that chose it
   (1/k for each of k winners, 0 for a loser; where a depth cut the playout short, ``value``'s share).

Options are identified across samples by ``philtre.dsl.values.option_key`` (``options.option_keys``). In a simultaneous
step, the other seats' secret choices are chance: they are made at random (never in the
tree), so the searching seat cannot "see" a choice it could not see at the table.
"""

from __future__ import annotations

import math

from philtre.dsl.errors import PhiltreError
from philtre.dsl.values import where_apart

from .determinize import NoPlacement
from .game import index_picker
from .options import option_keys


DEFAULT_ITERATIONS = 200
EXPLORATION = 0.7  # UCB1 constant for rewards in [0, 1] (the value Cowling et al. use)


class Node:
    """A tree node: the option that leads here was chosen by ``seat``."""

    __slots__ = ("seat", "children", "visits", "reward", "avail")

    def __init__(self, seat):
        """A new node, reached by an option of ``seat``."""
        self.seat = seat
        self.children = {}  # (seat, option key) -> Node
        self.visits = 0
        self.reward = 0.0
        self.avail = 1

    def ucb(self, exploration: float) -> float:
        """Mean reward plus the exploration bonus (availability-based); unvisited first."""
        if not self.visits:
            return math.inf  # made by an iteration whose sample broke a rule
        return self.reward / self.visits + exploration * math.sqrt(math.log(self.avail) / self.visits)


def search(info, options, rng, iterations: int, exploration: float = EXPLORATION, depth=None, value=None):
    """The option of ``options`` (legal in the real game) most visited after ``iterations`` iterations; None if every
    iteration's sample broke a rule (the search learnt nothing: the caller chooses otherwise). ``depth``: at most so
    many decisions a playout after the tree's leaf, then ``value(game)``, each seat's share, stands for the end's."""
    root = Node(None)
    me = info.player
    where = where_of(info, rng)  # where the seat's own choices lie: the same in every sample
    for _ in range(iterations):
        try:
            sample = info.sample(rng)
            if where is None:  # (the first sample found no room on a grid: this one's)
                where = where_apart(sample.state.where, sample.state.placed)
            iterate(root, sample, me, rng, exploration, depth, value)
        except PhiltreError:
            pass  # the guessed hidden parts broke a rule (docs/agents.md): drop this iteration
    if not root.visits:  # a sampled copy's error is no failure of the real game, which has no recorder in it
        return None
    best, best_rank = 0, None
    for index, key in enumerate(option_keys(options, where)):
        child = root.children.get((me, key))
        rank = (child.visits, child.reward) if child is not None else (-1, 0.0)
        if best_rank is None or rank > best_rank:
            best, best_rank = index, rank
    return options[best]


def where_of(info, rng):
    """Where each component lies in a sample, a grid's pieces apart by their placements (the seat's own choices lie
    alike in every sample); None where the sample found no room for a hidden piece on a grid."""
    try:
        state = info.sample(rng).state
    except NoPlacement:
        return None
    return where_apart(state.where, state.placed)


def iterate(root, game, me, rng, exploration, depth=None, value=None) -> None:
    """One iteration on the sampled ``game``: select, expand, roll out (to the end, or ``depth`` decisions and then
    ``value``), back up."""
    path = []
    node = root
    while True:
        seat = next_tree_seat(game, me, rng)
        if seat is None:
            break
        options = legal(game, seat)  # (an option made only where it is played: a grid game lists a thousand)
        keys = [(seat, key) for key in option_keys(options, where_apart(game.state.where, game.state.placed))]
        children = node.children
        untried = []
        for index, key in enumerate(keys):
            child = children.get(key)
            if child is None:
                untried.append(index)
            else:
                child.avail += 1
        if untried:
            index = untried[rng.randrange(len(untried))]
            child = children[keys[index]] = Node(seat)
            path.append(child)
            game.apply(seat, options[index])
            break
        index = max(range(len(keys)), key=lambda i: children[keys[i]].ucb(exploration))
        node = children[keys[index]]
        path.append(node)
        game.apply(seat, options[index])
    if depth is None:
        rollout(game, rng)
        shares = win_shares(game)
    else:
        playout(game, rng, depth)
        shares = win_shares(game) if game.finished else value(game)
    for visited in path:
        visited.visits += 1
        visited.reward += shares[visited.seat]
    root.visits += 1


def next_tree_seat(game, me, rng):
    """The seat whose choice is a tree node next (None at the end); other seats' secret choices in a simultaneous step are made at random."""
    while not game.finished:
        seats = game.pending()
        if not game.state.flow.pending.simultaneous:
            return seats[0]
        if seats == [me]:
            return me
        other = next(s for s in seats if s != me)
        play_random(game, other, rng)
    return None


def legal(game, seat):
    """``seat``'s options in a sample; none is the sample's fault, not the game's (R300, the iteration dropped by ``search``).

    The real game had options here, but a sample guesses what the seat does not see (a hidden variable set back to
    its start), and its guess may leave none.
    """
    options = game.options(seat)
    if not options:
        game._no_options(game.state.flow.pending.stmt, seat)
    return options


def play_random(game, seat, rng) -> None:
    """``seat`` takes a uniformly random legal option."""
    options = legal(game, seat)
    game.apply(seat, options[rng.randrange(len(options))])


def rollout(game, rng) -> None:
    """Random options for everyone to the end of the game: the loop of play_random for the first seat pending, played by
    ``Game.play_out`` with ``rng``'s draw for every seat (game.index_picker: as ``randrange`` draws), which plays that
    loop's game and draws, and fails where it fails, without its calls at each decision."""
    if not game.finished:
        game.play_out(pickers=[index_picker(rng)] * game.state.nplayers)


def playout(game, rng, depth: int) -> None:
    """Random options for everyone, at most ``depth`` decisions (each seat's choice in a simultaneous step is one), or
    to the end where it comes first: the loop ``rollout`` stands for, cut short."""
    for _ in range(depth):
        if game.finished:
            return
        play_random(game, game.pending()[0], rng)


def settle(game, pending, rng) -> None:
    """Seats still to choose in the step ``pending`` choose at random, so that the step takes effect."""
    while pending is not None and game.state.flow.pending is pending:
        play_random(game, game.pending()[0], rng)


def win_shares(game) -> list:
    """Each seat's share of the win: 1/k for each of k winners, 0 otherwise."""
    shares = [0.0] * game.state.nplayers
    winners = game.winners
    for w in winners:
        shares[w] = 1 / len(winners)
    return shares
