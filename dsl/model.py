"""The compiled ``Ruleset``: plain, immutable data plus compiled callables.

This is the only thing that crosses from ``philtre.dsl`` to ``philtre.interpreter``.
"""

from __future__ import annotations

import itertools
import math
from collections import OrderedDict
from functools import lru_cache

from . import geometry
from .compiler import Expr
from .errors import Loc, PhiltreError
from .plain_data import Frozen, made_by
from .values import Component, NamedCopy, SeatCopy, Zone, component_text, spell

VISIBILITY = ("everyone", "owner", "nobody")
MAX_COMPONENTS = 100_000


def counts_text(counts) -> str:
    """Player counts in words: '3', '3 to 6' for a run of them, '2 or 4' and '2, 4 or 6' otherwise."""
    counts = list(counts)
    if len(counts) == 1:
        return str(counts[0])
    if counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]} to {counts[-1]}"
    return f"{', '.join(map(str, counts[:-1]))} or {counts[-1]}"


def counts_option(counts) -> str:
    """Player counts as simulate's -p takes them: '2..4', '2,4', '2..4,6'."""
    runs = []  # [first, last] of each run of consecutive counts
    for n in sorted(counts):
        if runs and n == runs[-1][1] + 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    return ",".join(str(a) if a == b else f"{a},{b}" if b == a + 1 else f"{a}..{b}" for a, b in runs)


def allowed_players(game: str, variants, counts) -> str:
    """'GAME is for 3 to 6 players', 'GAME is for 2 or 4 players' (with the variants applied, if any)."""
    allowed = counts_text(counts)
    return f"{game}{''.join(' + ' + v for v in variants)} is for {allowed} player{'' if allowed == '1' else 's'}"


class ComponentType(Frozen):
    name: str
    attributes: tuple  # of (name, tuple of values)
    copies: Expr | int
    per_player: bool
    start: object  # a zone's name (per-player components start in their owner's), or an Expr giving the zone
    loc: Loc
    derived: tuple = ()  # (name, Expr over the attributes): attributes computed once, when components are made
    back: tuple = ()  # names of the attributes a face-down one still shows (its owner, for each: player, always)
    display: tuple | None = None  # names of the attributes text output prints, in order (None: all); records keep all
    # a type written with `list:`: one tuple of values (in the order of `attributes`' names) per item, the combinations
    # made instead of the product; `attributes` then holds every value some item has, for the static checks
    items: tuple | None = None
    # a `list:` type's counts written in its items (`- {kind: squid, copies: 5}`), one per item: None where the item
    # writes none (the type's `copies` counts it), else (a whole number or an Expr over its attributes, where written)
    item_copies: tuple | None = None
    item_locs: tuple = ()  # a `list:` type's items: where each is written (a failure of its derive points there)

    def combinations(self):
        """The attribute values of each combination made (per owner): the items of `list`, else the product."""
        return self.items if self.items is not None else itertools.product(*(vals for _, vals in self.attributes))

    def counted(self):
        """(values, copies, where) of each combination made (per owner): its attribute values, the number or expression
        that counts it (an item's own `copies`, else the type's), and where an item's own was written (None: the type's)."""
        own = self.item_copies or itertools.repeat(None)
        return ((values, *(written or (self.copies, None))) for values, written in zip(self.combinations(), own))

    def copies_written(self) -> tuple:
        """The type's `copies` and those its items write themselves: numbers and expressions."""
        return (self.copies, *(copies for copies, _ in filter(None, self.item_copies or ())))

    def combination_count(self) -> int:
        """How many combinations of attribute values are made (per owner), counted without making them."""
        return len(self.items) if self.items is not None else math.prod(len(vals) for _, vals in self.attributes)


class GridLabels(Frozen):
    """A board of fixed size's axes as its game names them (`labels: {x: [a, b, ...], y: ['1', '2', ...]}`), for
    people alone: play draws them, writes a cell as its column's name then its row's (d3) and reads one typed so. The
    rules, the records and the content hash keep x and y."""
    x: tuple  # the name of each column, x 0, 1, ...
    y: tuple  # the name of each row, y 0, 1, ...
    loc: Loc  # where `labels` is written (S041 where a board's size from an expression is not their count)

    def cell(self, x, y) -> str | None:
        """The cell (x, y) named (d3), or None off the board."""
        return self.x[x] + self.y[y] if 0 <= x < len(self.x) and 0 <= y < len(self.y) else None

    def read(self, text: str):
        """The (x, y) of the cell ``text`` names (d3; D3 too, where no other cell's name is it but for case), or None."""
        found = self._read(text, str)
        if found is None:
            folded = self._read(text.lower(), str.lower, every=True)
            found = folded[0] if len(folded) == 1 else None
        return found

    def _read(self, text: str, case, every: bool = False):
        """The (x, y) (every one, where ``every``) whose column's name then row's, spelt by ``case``, is ``text``."""
        ats = [(x, self._row(text[len(case(name)):], case)) for x, name in enumerate(self.x) if text.startswith(case(name))]
        ats = [at for at in ats if at[1] is not None]
        return ats if every else ats[0] if ats else None

    def _row(self, text: str, case):
        return next((y for y, name in enumerate(self.y) if case(name) == text), None)

    def names(self) -> dict:
        """Each cell's name -> its (x, y) (fewer than the cells where two are spelt alike: loader.grid_labels refuses it)."""
        return {self.x[x] + self.y[y]: (x, y) for y in range(len(self.y)) for x in range(len(self.x))}


class ZoneSpec(Frozen):
    name: str
    # 'single' | 'player' (one per seat) | 'copies' | 'seat_copies' (`each: player, copies: N`: N a seat) | 'team' (one
    # per team of the ruleset's `teams`, by team index) | 'team_copies' (`each: team, copies: N`: N a team)
    kind: str
    copies: int | Expr  # an Expr: a whole number from the player count, found per player count; seat_copies: an int
    visible: str  # everyone | owner | others (every seat but the owner) | nobody
    count: str  # who sees how many items: everyone | owner | nobody
    loc: Loc
    grid: int = 0  # a grid zone's resolution (sub-cells per cell side), a geometry.Bounded for a board of fixed size; 0: not a grid
    turns: bool = True  # a grid's pieces may be turned (false, `turns: false`: rot 0 only, cards laid upright)
    show_sorted: tuple = ()  # attribute names text for people lists its components by (`show_sorted:`); the real order stays
    order: str = "everyone"  # `order: nobody`: whoever sees the contents sees which components, never their order (a bag)
    quiet: bool = False  # bookkeeping (`quiet: true`): left off play's board and the adapters' text; nothing else reads it
    names: tuple = ()  # named copies (`copies: [yellow, blue]`): each copy's word, in order; () where they are numbered
    labels: GridLabels | None = None  # a board's axes named for people (`grid: {labels: {x: [...], y: [...]}}`), or None
    cells: str = "square"  # a grid's adjacency: square (four neighbours) or hex (`cells: hex`: six, axial coordinates)
    teams: Expr | None = None  # a family a team (`each: team`): the ruleset's `teams`, which says how many and whose

    def size(self, nplayers: int) -> int:
        if self.kind == "copies":
            return self.copies if isinstance(self.copies, int) else _zone_copies(self, nplayers)
        if self.kind == "seat_copies":
            return self.copies * nplayers
        if self.kind in TEAM_KINDS:  # (teams None: only while a ruleset whose teams failed to compile is checked)
            teams = len(sides(self.teams, nplayers)[1]) if self.teams is not None else 1
            return teams * (self.copies if self.kind == "team_copies" else 1)
        return nplayers if self.kind == "player" else 1

    @property
    def owned(self) -> bool:
        """Whether each of its zones belongs to a seat (`each: player`, with `copies` or not)."""
        return self.kind in ("player", "seat_copies")

    @property
    def teamed(self) -> bool:
        """Whether each of its zones belongs to a team (`each: team`, with `copies` or not)."""
        return self.kind in TEAM_KINDS

    @property
    def nested(self) -> bool:
        """Whether it is N zones an owner (`copies` with `each`): read name[owner][r], kept flat at owner * N + r."""
        return self.kind in ("seat_copies", "team_copies")

    def owner(self, index: int):
        """The seat instance ``index`` belongs to (a seat's zone; index // N of a family of N zones a seat), or None
        (a team's zone belongs to no one seat: team_owner, seats_of)."""
        if self.kind == "player":
            return index
        return index // self.copies if self.kind == "seat_copies" else None

    def team_owner(self, index: int):
        """The team index instance ``index`` of a family a team belongs to (index // N of N zones a team), or None."""
        if self.kind == "team":
            return index
        return index // self.copies if self.kind == "team_copies" else None

    def seats_of(self, index: int, nplayers: int) -> tuple:
        """The seats instance ``index`` belongs to with ``nplayers`` players: its seat, its team's seats, or ()."""
        team = self.team_owner(index)
        if team is not None:
            found = sides(self.teams, nplayers)[1]
            return tuple(found[team]) if team < len(found) else ()
        owner = self.owner(index)
        return () if owner is None else (owner,)

    def key(self, index: int) -> tuple:
        """The engine's key of instance ``index``: (name, index), the index a SeatCopy in a family of N zones a seat
        (written line[p][r] wherever a zone is named), a NamedCopy in a family of named copies (written pile[red])."""
        if self.kind == "seat_copies":
            return self.name, SeatCopy(index, self.copies, self.names)
        if self.kind == "team_copies":  # (t][r: the team's index first, as the rules read it, written "team" by a record)
            at = SeatCopy(index, self.copies, self.names)
            at.team = True
            return self.name, at
        return self.name, NamedCopy(index, self.names) if self.names else index

    def label(self, index) -> str:
        """Instance ``index`` (None: a single zone) as the language writes it: deck, hand[2], line[1][3]."""
        return self.name if index is None or self.kind == "single" else f"{self.name}[{self.key(index)[1]}]"

    def _owns(self, index: int, viewer, nplayers) -> bool | None:
        """Whether seat ``viewer`` owns instance ``index`` (for a family a team: is of its team, which needs
        ``nplayers``; without it, as the lints ask of a seat standing for any, the seat of the team's number stands
        for the team, the team owning zone t as seat p owns hand[p]); None where the instance has no owner."""
        if self.kind in TEAM_KINDS:
            return viewer in self.seats_of(index, nplayers) if nplayers is not None else viewer == self.team_owner(index)
        owner = self.owner(index)
        return None if owner is None else viewer == owner

    def sees_contents(self, index: int, viewer, nplayers: int | None = None) -> bool:
        """Whether seat ``viewer`` (None = an onlooker) sees what instance ``index`` holds (``nplayers``: the game's
        count, which a family a team needs to know the team's seats)."""
        if self.visible == "everyone":
            return True
        if viewer is None:  # an onlooker sees only what everyone sees
            return False
        owns = self._owns(index, viewer, nplayers)
        if owns is None:
            return False
        return owns if self.visible == "owner" else self.visible == "others" and not owns

    def sees_order(self, index: int, viewer, nplayers: int | None = None) -> bool:
        """Whether seat ``viewer`` sees the order of what instance ``index`` holds (which component lies where)."""
        return self.order == "everyone" and self.sees_contents(index, viewer, nplayers)

    def sees_count(self, index: int, viewer, nplayers: int | None = None) -> bool:
        if self.count == "everyone" or self.sees_contents(index, viewer, nplayers):
            return True
        return self.count == "owner" and viewer is not None and bool(self._owns(index, viewer, nplayers))


TEAM_KINDS = ("team", "team_copies")


def sides(teams, nplayers: int) -> tuple:
    """(each seat's team index, the teams) of a `teams` expression with ``nplayers`` players, computed once a count
    (teams_of: R002 where the value is no partnership)."""
    key = (id(teams), nplayers)
    found = _SIDES.get(key)
    if found is None or found[0] is not teams:
        value = teams_of(teams, nplayers)
        side = [0] * nplayers
        for t, team in enumerate(value):
            for p in team:
                side[p] = t
        found = _SIDES[key] = (teams, (tuple(side), tuple(map(tuple, value))))
    return found[1]


_SIDES: dict = {}  # (id of a `teams` expression, player count) -> (the expression, (each seat's team index, the teams))

# a variable's `teams` while the ruleset is loaded, before its `teams` key is compiled (with_teams puts it in)
TEAMS_LATER = "teams"


def with_teams(zones: dict, variables: dict, teams) -> tuple:
    """The zones and variables kept a team (`each: team`) given the ruleset's compiled `teams`; the others as they were."""
    def given(spec):
        return type(spec)(**{**dict(zip(spec._fields, spec.field_values())), "teams": teams})

    zones = {n: given(z) if z.kind in TEAM_KINDS else z for n, z in zones.items()}
    variables = {n: given(v) if v.teams is not None else v for n, v in variables.items()}
    return zones, variables


class VariableSpec(Frozen):
    name: str
    initial: object
    per_player: bool
    visible: str
    loc: Loc
    quiet: bool = False  # play does not tell its changes (bookkeeping): nothing else reads it
    teams: Expr | None = None  # one value a team (`each: team`): the ruleset's `teams`; per_player is then False

    @property
    def per_team(self) -> bool:
        return self.teams is not None

    @property
    def per_owner(self) -> bool:
        """Whether it holds a list of entries, one a seat (`each: player`) or one a team (`each: team`)."""
        return self.per_player or self.teams is not None

    def entry_seats(self, index: int, nplayers: int) -> tuple:
        """The seats entry ``index`` of a value kept per seat or per team belongs to (its seat, its team's seats)."""
        if self.teams is not None:
            found = sides(self.teams, nplayers)[1]
            return tuple(found[index]) if 0 <= index < len(found) else ()
        return (index,) if self.per_player else ()

    def entries_owned(self, viewer, nplayers: int) -> tuple:
        """The entries of a value kept per seat or per team that seat ``viewer`` owns (its own, its team's): () for
        an onlooker."""
        if viewer is None or not 0 <= viewer < nplayers:
            return ()
        if self.teams is not None:
            return (sides(self.teams, nplayers)[0][viewer],)
        return (viewer,) if self.per_player else ()


class DieSpec(Frozen):
    name: str
    faces: tuple  # of dicts
    loc: Loc
    quiet: bool = False  # bookkeeping (`quiet: true`): left off play's board and account; nothing else reads it


class Parameter(Frozen):
    name: str
    domain: Expr
    loc: Loc


class Action(Frozen):
    name: str
    params: tuple  # of Parameter
    condition: Expr | None
    body: tuple  # of Stmt
    loc: Loc
    enumerator: str = ""  # the generated function listing its legal options (in Ruleset.namespace)
    secret: frozenset = frozenset()  # the choices told to the deciding seat alone (`secret:`): records hide them from others
    # its `then:`, statements of the flow run right after its effects (a follow-up that may ask decisions): a Stmt of
    # kind 'then' whose args' body holds them, the frame's statement while they run (runners.following_up); else None
    then: Stmt | None = None
    # (offset in the `if`'s text, text, Expr) of each part of an `if` that is an `and` of parts, compiled only for
    # play's messages (loader.with_if_parts: which part rules out an option); () otherwise
    if_parts: tuple = ()
    # an IfCall for the `if`, and each of its parts, that calls a definition whose body is an `and` of parts (compiled,
    # as if_parts, only for play's messages: which part of the definition rules out an option); () otherwise
    if_calls: tuple = ()
    # (offset, text, Expr, its own if_parts) of each part of an `if` that is an `or` of parts, compiled as if_parts
    # are (a follow-suit `if` of two cases, each an `and`: play names the part of each case that is false); ()
    if_or_parts: tuple = ()
    # the names a decision offering it hands it (`takes:`, each decision's `with:`), bound beside `me` in its choose,
    # if, do and then; () for most
    takes: tuple = ()
    # (choice name, Expr) of each entry of its `label:`, how a chosen value reads to a person (labels.compiled_labels):
    # read only where options are shown or a decision told, never by a playout; () for most
    labels: tuple = ()


class IfCall(Frozen):
    """A call in an action's `if` of a definition whose body is an `and` of parts (`legal(cur, at)`), compiled so that
    play can say which of the definition's parts is false for an option (loader.with_if_parts)."""

    text: str  # the call as written in the `if`
    name: str  # the definition's
    params: tuple  # its parameters' names
    args: tuple  # an Expr per argument, in the action's names
    parts: tuple  # (line, text, Expr) of each part of its body, in its parameters' names


class Stmt(Frozen):
    """One statement of the flow or of an action's effects.

    ``kind`` picks the interpreter's handler; ``args`` holds compiled expressions and
    nested blocks (tuples of Stmt); ``when``/``otherwise`` make it conditional.
    """

    kind: str
    loc: Loc
    args: dict
    when: Expr | None = None
    otherwise: tuple = ()
    label: str = ""

    def __hash__(self) -> int:
        return id(self)

    __eq__ = object.__eq__


def decision_actions(stmt) -> tuple:
    """Every action a `decide` or `simultaneous` statement names: its own, then its `otherwise` (offered where those list none)."""
    return stmt.args.get("actions", ()) + stmt.args.get("fallback", ())


class Winners(Frozen):
    """How winners are chosen: ``order`` 'lowest'/'highest' over key expressions, or an expression."""

    order: str  # 'lowest' | 'highest' | 'expression'
    keys: tuple  # of Expr (with `p` bound), or one Expr giving a list of seats
    loc: Loc


class Layout(Frozen):
    """What a ruleset looks like for one player count: components and starting zones."""

    nplayers: int
    components: tuple
    start: dict  # zone name -> list of lists of component ids
    homes: tuple = ()  # component id -> key (zone name, index) of the zone it starts in
    contents: tuple = ()  # (zone name, ((key, its components), ...)) for each zone: what a game starts from
    # what is alike in every game, for initial_state: the grids, the variables' starting values (copied) and each
    # per-player (per-team) variable's (name, starting value, how many entries: the seats, the teams), a list a game
    grids: dict = made_by(dict)
    variables: dict = made_by(dict)
    per_player: tuple = ()
    seats: tuple = ()  # 0..nplayers - 1, a state's players copied from it (a range made and listed costs more)
    dice: dict = made_by(dict)  # each die's name with None (not rolled yet), a state's dice copied from it


class Ruleset(Frozen):
    name: str
    title: str
    min_players: int
    max_players: int
    player_counts: tuple  # every count `players` allows, low to high (min_players..max_players where it is a range)
    components: tuple  # of ComponentType
    zones: dict  # name -> ZoneSpec
    variables: dict  # name -> VariableSpec
    dice: dict  # name -> DieSpec
    actions: dict  # name -> Action
    flow: tuple  # of Stmt
    winners: Winners
    step_limit: int
    scenarios: tuple  # raw scenario mappings (checked when run)
    source: object  # the resolved YAML (Map) for `show`
    path: str
    variants: tuple
    content_hash: str
    namespace: dict = made_by(dict)
    origin: str = ""  # how the user named it: a shipped game's name or a path
    variant_origins: tuple = ()  # each variant as a record names it: a shipped variant's name, or a file's absolute path
    heuristic: Expr | None = None  # how well seat `p` stands, for agents (None: the game's own scoring)
    teams: Expr | None = None  # the partnerships, a list of lists of seats (None: every seat plays for itself)
    tallies: tuple = ()  # of Expr: `simulate --tally` expressions, evaluated at each game's end (with_tallies)
    round_tallies: tuple = ()  # of Expr: `simulate --tally-rounds` expressions, evaluated at each round's end (with_tallies)
    shown: tuple = ()  # of Expr: the definitions `show` lists, each its name, for play's board (render.shown_values)
    shown_per_seat: frozenset = frozenset()  # the names of those that read `me`: worked out for each seat that looks
    # the scenarios read from the scenarios.yaml beside the file, as written: a ruleset compiled again (with --tally
    # expressions, or an `if`'s parts) compiles them too, so its lints count what they read as validate does
    scenarios_beside: tuple = ()

    # each load makes its own: compared and hashed by identity (layouts are cached per ruleset)
    __eq__ = object.__eq__
    __hash__ = object.__hash__

    @property
    def follow_ups(self) -> tuple:
        """Each action's `then:` (a Stmt of kind 'then' holding its statements), in the order the actions are declared."""
        return tuple(action.then for action in self.actions.values() if action.then is not None)

    @property
    def flow_walked(self) -> tuple:
        """The statements the flow runs, as its walkers see them: the flow, then each action's `then:` statement (whose
        block runs as flow); the flow itself where no action has one."""
        return self.flow + self.follow_ups

    @property
    def statement_blocks(self) -> list:
        """Every block of statements written at the top: the flow, each action's `then:` and each action's `do`."""
        return [self.flow, *(stmt.args["body"] for stmt in self.follow_ups), *(action.body for action in self.actions.values())]

    def __repr__(self) -> str:
        return f"<Ruleset {self.name}{''.join(' + ' + v for v in self.variants)} from {self.path}>"

    def check_players(self, n: int, hint: str | None = None) -> None:
        """R001 at the ruleset's `players:` unless it takes ``n`` players; the hint names the variants that do, unless given."""
        if type(n) is not int:  # "3", 2.0 or true: no count ("3" failed with Python's TypeError, true passed as 1)
            from .values import describe

            where = self.source.loc_of("players") if hasattr(self.source, "loc_of") else Loc(self.path)
            raise PhiltreError.at(where, "R001", f"{self.allowed_players()}: a number of players is a whole number, not {describe(n)}")
        if n not in self.player_counts:
            where = self.source.loc_of("players") if hasattr(self.source, "loc_of") else Loc(self.path)
            raise PhiltreError.at(where, "R001", f"{self.allowed_players()}, not {n}", self._variants_hint(n) if hint is None else hint)

    def check_player_counts(self, counts) -> None:
        """check_players for each of several counts asked at once (`simulate -p 2..9`): R001 naming every count the
        ruleset does not take, of those asked, the hint writing the -p of those it takes (it named the first alone,
        5 of 2..9, and ran none)."""
        wrong = [n for n in counts if type(n) is int and n not in self.player_counts]
        if len(wrong) < 2:
            for n in counts:
                self.check_players(n)
            return
        where = self.source.loc_of("players") if hasattr(self.source, "loc_of") else Loc(self.path)
        taken = sorted(n for n in counts if n in self.player_counts)
        hint = (f"run those it takes: -p {counts_option(taken)}" if taken
                else f"run a count it takes: -p {counts_option(list(self.player_counts))}")
        asked = f" (of the counts asked, {counts_text(sorted(counts))})" if taken else ""
        raise PhiltreError.at(where, "R001", f"{self.allowed_players()}, not {counts_text(sorted(wrong))}{asked}", hint)

    def _variants_hint(self, n: int) -> str:
        """Where no variant is applied: the shipped variants that take ``n`` players, to apply with --variant."""
        from .overlays import variants_taking

        names = [] if self.variants else variants_taking(self.path, n)
        if not names:
            return ""
        return f"{' and '.join(repr(v) for v in names)} {'takes' if len(names) == 1 else 'take'} {n}: --variant {names[0]}"

    def allowed_players(self) -> str:
        """'GAME is for 3 to 6 players' (with the variants applied, if any)."""
        return allowed_players(self.name, self.variants, self.player_counts)

    def layout(self, nplayers: int) -> Layout:
        """The components made for ``nplayers`` and where each starts; kept for the next game (KEPT_COMPONENTS)."""
        last = _LAST_LAYOUT
        if last[0] is self and last[1] == nplayers:  # the one asked for last, as game after game asks: the most recently used already
            return last[2]
        key = (self, nplayers)
        found = _LAYOUTS.get(key)
        if found is not None:
            _LAYOUTS.move_to_end(key)
            last[:] = self, nplayers, found
            return found
        if self.min_players < nplayers < self.max_players and nplayers not in self.player_counts:
            # a count between two allowed (players: [2, 4]): Game tests the range alone, at every game; this test is
            # made once a count, as its layout is (a count outside the range is Game's R001)
            self.check_players(nplayers)
        try:
            made = _layout(self, nplayers)
        except PhiltreError as exc:
            raise _values_declared_named(_overlay_named(exc, self), self) from None
        _LAYOUTS[key] = made
        _KEPT[0] += len(made.components)
        while _KEPT[0] > KEPT_COMPONENTS and len(_LAYOUTS) > 1:  # the least recently used go first
            _KEPT[0] -= len(_LAYOUTS.popitem(last=False)[1].components)
        last[:] = self, nplayers, made
        return made


# Layouts kept for reuse, by (ruleset, player count), the most recently used last, with at most KEPT_COMPONENTS
# components in all: validating a game of 100,000 components for 1..64 players kept 64 layouts, 1.7 GB (each is
# made again in well under a second, where a game needs it again)
KEPT_COMPONENTS = 1_000_000
_LAYOUTS: OrderedDict = OrderedDict()
# the ruleset, player count and layout layout() returned last: the last of _LAYOUTS (a layout is dropped only as
# another is made, which is then the last), so it holds no layout _LAYOUTS does not
_LAST_LAYOUT: list = [None, 0, None]
_KEPT = [0]


MAX_ZONE_COPIES = 1000


class _Seats:
    """The state stand-in a zone's `copies` expression sees: the player count, and nothing of a game."""

    memo = None  # a definition it names is computed, not remembered
    consts = None  # nor kept (builtins.keep_once)

    def __init__(self, n):
        self.nplayers, self.players = n, list(range(n))


@lru_cache(maxsize=256)
def _zone_copies(spec: ZoneSpec, nplayers: int) -> int:
    """How many zones ``spec``'s `copies` expression makes with ``nplayers`` players (R002 if not 1..1000)."""
    what = f"'copies' of zone '{spec.name}'"
    n = before_the_game(spec.copies, _Seats(nplayers), {}, what, "player_count, not a zone, a variable, a score, a die or the round")
    if type(n) is not int or not 1 <= n <= MAX_ZONE_COPIES:
        raise PhiltreError.at(spec.copies.loc, "R002", f"{what} must be a whole number 1..{MAX_ZONE_COPIES}, got {n!r}",
                              set_elsewhere(spec.copies, _Seats(nplayers)))
    return n


def grid_at(spec: ZoneSpec, nplayers: int) -> int:
    """A grid zone's resolution with ``nplayers`` players, as the game's states read it: a board whose `width` or
    `height` is an expression gets them as numbers, evaluated as a zone's `copies` is (R002 unless 1..MAX_GRID_SIDE)."""
    grid = spec.grid
    if type(grid) is not geometry.Bounded or (type(grid.width) is int and type(grid.height) is int):
        return grid
    sized = geometry.Bounded(int(grid), *(_grid_side(spec, key, side, nplayers) for key, side in (("width", grid.width), ("height", grid.height))))
    for axis, what, side in (("x", "width", sized.width), ("y", "height", sized.height)):
        names = getattr(spec.labels, axis, None)
        if names is not None and len(names) != side:  # (a number written is checked at the load: loader.grid_labels)
            raise PhiltreError.at(spec.labels.loc, "S041", f"the grid '{spec.name}' has {what} {side}, and its labels {axis} name {len(names)}: one name each, {side} in all",
                                  f"give the labels as many names as the {what} makes, or leave labels out")
    return sized


def _grid_side(spec: ZoneSpec, key: str, side, nplayers: int) -> int:
    """A board's `width` or `height` (``side``, a number or an expression) with ``nplayers`` players."""
    if type(side) is int:
        return side
    what = f"'{key}' of grid '{spec.name}'"
    n = before_the_game(side, _Seats(nplayers), {}, what, "player_count, not a zone, a variable, a score, a die or the round")
    if type(n) is not int or not 1 <= n <= geometry.MAX_GRID_SIDE:
        raise PhiltreError.at(side.loc, "R002", f"{what} must be a whole number 1..{geometry.MAX_GRID_SIDE}, got {spell(n)}",
                              set_elsewhere(side, _Seats(nplayers)))
    return n


def set_elsewhere(expr, stand_in) -> str:
    """Where the definitions ``expr`` names are set in another file than ``expr`` is written in (an overlay's `size:
    200` read by the base's `width: size`), each with its value: 'size is 200, set at house.yaml:3:9'; '' where none
    is. A trial's board made too large by a house rule was reported at the base's line alone, which is right and
    untouched."""
    from . import ast
    from .compiler import DEFINED_AT

    namespace = getattr(expr.fn, "__globals__", None) or {}
    defined = namespace.get(DEFINED_AT) or {}
    told = []
    for name in dict.fromkeys(n.name for n in ast.walk(expr.tree) if isinstance(n, ast.Name)) if expr.tree is not None else ():
        fname = f"d_{name}"
        if fname not in defined or defined[fname][1] is None or defined[fname][1].path == expr.loc.path:
            continue
        try:
            value = f"is {spell(namespace[fname](stand_in, {}))}, set"
        except Exception:  # noqa: BLE001 - (its value cannot be told: where it is set still can)
            value = "is set"
        told.append(f"{name} {value} at {defined[fname][1]}")
    return "; ".join(told)


def teams_at(ruleset, nplayers: int) -> list | None:
    """The ruleset's `teams` with ``nplayers`` players, a list of lists of seats (None where it declares none),
    evaluated as a board's `width` is: R002 unless every seat is in exactly one team and there are two teams or more."""
    expr = getattr(ruleset, "teams", None)
    return None if expr is None else teams_of(expr, nplayers, tuple(ruleset.player_counts))


_TEAMS_COMPUTED: set = set()  # (id of a `teams` expression, player count) while it is evaluated: read again, it reads itself


def teams_of(expr, nplayers: int, counts: tuple | None = None) -> list:
    """The value of a `teams` expression with ``nplayers`` players (teams_at); ``counts``, the ruleset's player
    counts, shapes the hint of a bad value."""
    key = (id(expr), nplayers)
    _TEAMS_COMPUTED.add(key)
    try:
        value = before_the_game(expr, _Seats(nplayers), {}, "'teams'", "player_count and the definitions, not a zone, a "
                                "variable, a score, a die or the round")
    finally:
        _TEAMS_COMPUTED.discard(key)
    problem = _teams_problem(value, nplayers)
    if problem:
        raise PhiltreError.at(expr.loc, "R002", f"'teams' {problem}", teams_hint(counts))
    return [list(team) for team in value]


def teams_hint(counts: tuple | None) -> str:
    """R002's hint for a bad `teams`: with several player counts, teams that depend on the count (a fixed list of
    partners, the value that failed more often than not, fits one count only)."""
    counts = list(counts or ())
    if len(counts) < 2:
        return "give a list of teams, each a list of seats, every seat in one: teams: \"[[0, 2], [1, 3]]\""
    # (partners across the table need an even count: the most of the ruleset's, 4 where it takes none above 2)
    even = max([n for n in counts if n >= 4 and n % 2 == 0] or [4])
    pairs = [list(range(side, even, 2)) for side in range(2)]
    return (f"give a list of teams for every player count ({counts_text(counts)}), each a list of seats, every seat in "
            f"one: teams: \"{pairs} if player_count == {even} else [[p] for p in players]\"")


class TeamsByCount(dict):
    """The teams that expressions read (`teams`, `team(p)`), by player count: the ruleset's namespace holds one where
    the ruleset declares teams, and the generated code reads `_TEAMS[S.nplayers]`. Each count's teams are computed
    (teams_of) the first time a game of that many players reads them, then kept; a ruleset without teams pays nothing."""

    def __init__(self, expr, counts: tuple | None = None):
        super().__init__()
        self.expr = expr
        self.counts = counts  # (the ruleset's player counts, for the hint of a bad value)

    def __missing__(self, nplayers):
        from .builtins import WORK, RuleRuntimeError

        if (id(self.expr), nplayers) in _TEAMS_COMPUTED:  # (a definition `teams` reads, reading the teams)
            raise RuleRuntimeError("'teams' reads the teams it makes (through team(), team_index(), partners() or teams)")
        work = WORK[0]  # (read mid-game: the expression being evaluated keeps its own work budget)
        try:
            value = self[nplayers] = teams_of(self.expr, nplayers, self.counts)
        finally:
            WORK[0] = work
        return value


def _teams_problem(value, nplayers: int) -> str:
    """What is wrong with a `teams` value for ``nplayers`` players, in words ('' when nothing is)."""
    if not isinstance(value, list) or not all(isinstance(team, list) for team in value):
        return f"must be a list of lists of seats, got {spell(value)} (with {nplayers} players)"
    seats = [p for team in value for p in team]
    odd = [p for p in seats if type(p) is not int or not 0 <= p < nplayers]
    if odd:
        return f"must hold seats 0..{nplayers - 1}, not {spell(odd[0])} (with {nplayers} players)"
    twice = sorted({p for p in seats if seats.count(p) > 1})
    if twice:
        return f"puts seat {twice[0]} in more than one team (with {nplayers} players)"
    missing = [p for p in range(nplayers) if p not in seats]
    if missing:
        return f"leaves seat {missing[0]} out of every team (with {nplayers} players)"
    if any(not team for team in value):
        return f"has a team with no seat (with {nplayers} players)"
    if len(value) < 2:
        return f"must make two teams or more, got {len(value)} (with {nplayers} players)"
    return ""


def before_the_game(expr, stand_in, names: dict, what: str, known: str, spent=None, at: Loc | None = None):
    """``expr`` evaluated before the game exists, on a state ``stand_in`` that holds only what ``known`` says; R002 in the language's words.

    ``spent`` (a one-item list), if given, adds up the work of the evaluations it is passed to (LAYOUT_WORK at most);
    ``at``, where its failure is told if not at ``expr`` (the `list:` item whose attributes made it fail).
    """
    from .builtins import WORK, WORK_LIMIT, RuleRuntimeError
    from .compiler import nones_named
    from .values import explain, nones_said

    WORK[0] = WORK_LIMIT
    try:
        value = expr.fn(stand_in, names)
    except Exception as exc:  # noqa: BLE001 - reported at the expression
        if isinstance(exc, AttributeError) and type(stand_in).__name__ in str(exc):  # the stand-in has no such part
            message = f"{what} is computed before the game starts: it can use only {known}"
        else:  # in a rule's words when it fails as the game runs (runners.rule_failed): the part or name that is none
            none = [name for name in expr.names if name in names and names[name] is None]
            said = nones_named(str(exc) if isinstance(exc, RuleRuntimeError) else explain(exc), [expr.tree], none)
            message = f"{what} failed before the game started: {said}{nones_said(none)}"
        raise PhiltreError.at(at or expr.loc, "R002", message) from None
    if spent is not None:
        spent[0] += WORK_LIMIT - WORK[0]
        if spent[0] > LAYOUT_WORK:
            raise PhiltreError.at(expr.loc, "R002", f"{what} does too much work: making the components took more than "
                                  f"{LAYOUT_WORK:,} steps, for every combination of attributes together",
                                  "loop over less: copies, start and derive are computed again for every combination")
    return value


class _Counts:
    """The state stand-in `copies` and `start` expressions see: the player count and empty zones."""

    memo = None  # a definition they name is computed, not remembered
    consts = None  # nor kept (builtins.keep_once)

    def __init__(self, n, zones):
        self.nplayers, self.players = n, list(range(n))
        self.zones = {name: [Zone(z.key(i)) for i in range(z.size(n))] for name, z in zones.items()}


LAYOUT_WORK = 20_000_000  # the work all `copies`, `start` and `derive` evaluations of one player count may do together


def _at_layout(expr, counts, attrs, combination, spent=None):
    """Evaluate `start` before the game exists: only attributes, owner, player_count, players and the (empty) zones are
    known. ``combination`` (`sun value=3`) is named in its failure, as a `copies` that fails names it.

    ``spent`` (a one-item list) adds up the work of every evaluation for one player count:
    each may do WORK_LIMIT steps, but 100,000 combinations of them would take days.
    """
    known = "the component's attributes, owner, player_count and players, not a variable, a score, a die or the round"
    return before_the_game(expr, counts, attrs, f"'start' of {combination}", known, spent)


def copies_at_layout(copies, seats, attrs, spent=None):
    """A combination's count: its `copies` (the type's, or its item's own) as written, or that expression evaluated on
    ``seats``, a stand-in without zones, as a derived attribute is: they are all empty then, so `count(deck)` would
    quietly be 0 (R002)."""
    known = "the component's attributes, player_count and players, not a zone, a variable, a score, a die or the round"
    return copies if isinstance(copies, int) else before_the_game(copies, seats, attrs, "'copies'", known, spent)


def _derived_at_layout(expr, seats, attrs, what, combination, spent=None, at=None):
    """Evaluate a derived attribute before the game exists, on a stand-in without zones: they are all empty then, so
    `count(deck)` would quietly be 0 for every component (R002, as a variable read there is). ``combination``
    (`tile k=13`) is named in its failure, told ``at`` its `list:` item where known."""
    known = ("the component's attributes, owner, player_count, players and the attributes derived before it, not a zone, "
             "a variable, a score, a die or the round")
    return before_the_game(expr, seats, attrs, f"'{what}' of {combination}", known, spent, at)


MAX_ZONES = 100_000  # zone instances of one game (a family of 1,000 copies is 1,000)


def zone_sizes(ruleset: Ruleset, nplayers: int) -> dict:
    """Each zone's number of instances with ``nplayers`` players, checked before any is made.

    R010 beyond MAX_ZONES in all (20,000 families of 1,000 copies, a 500 KB file, ran out
    of memory); R002 when the zones' `copies` expressions together do more than LAYOUT_WORK
    steps (each may do WORK_LIMIT, and a file may declare thousands of zones).
    """
    from .builtins import WORK, WORK_LIMIT

    sizes, total, spent = {}, 0, 0
    for name, z in ruleset.zones.items():
        WORK[0] = WORK_LIMIT
        sizes[name] = z.size(nplayers)
        spent += WORK_LIMIT - WORK[0]
        if spent > LAYOUT_WORK:
            raise PhiltreError.at(z.copies.loc, "R002", f"'copies' of zone '{name}' does too much work: the zones' copies took "
                                  f"more than {LAYOUT_WORK:,} steps together", "loop over less")
        total += sizes[name]
        if total > MAX_ZONES:
            raise PhiltreError.at(z.loc, "R010", f"the zones would number more than {MAX_ZONES:,} with {nplayers} players "
                                  f"(counting each copy and each seat's zone)", "fewer zones or copies")
    return sizes


def _copies_loc(ruleset: Ruleset, ctype: ComponentType) -> Loc:
    """Where a component type's `copies` was written: its expression's place, or a number's in the source (the type's key
    when the source has none)."""
    if not isinstance(ctype.copies, int):
        return ctype.copies.loc
    spec = (ruleset.source.get("components") or {}).get(ctype.name) if isinstance(ruleset.source, dict) else None
    return spec.loc_of("copies") if hasattr(spec, "loc_of") and "copies" in spec else ctype.loc


def _overlay_named(exc: PhiltreError, ruleset: Ruleset) -> PhiltreError:
    """``exc``, a failure of a component type's `derive`, `copies` or `start` (R002 at its expression), with a hint
    naming where an overlay wrote an attribute the expression reads: the failure stands at the base's line, which the
    overlay's author did not write (`the attribute 'value' is defined by house.yaml:4:25`), as a check of an
    expression says when the ruleset is compiled (Compiler._name_overlay_changes)."""
    if not ruleset.variants:
        return exc
    from .compiler import _written_by
    from .loader import overlay_written

    for ctype in ruleset.components:
        failed = _failed_expression(exc, ctype)
        if failed is None:
            continue
        written = overlay_written(ruleset.source, ruleset.path)
        changes = [(name, written[("attribute", name)]) for name in failed.names if name in dict(ctype.attributes)
                   and ("attribute", name) in written and written[("attribute", name)].path != exc.first.loc.path]
        more = "; ".join(_written_by("attribute", name, where) for name, where in changes[:3])
        return exc.hinted(more) if more else exc
    return exc


def _failed_expression(exc: PhiltreError, ctype: ComponentType):
    """The `derive`, `copies` or `start` expression of ``ctype`` that ``exc`` (R002 at its place) stands at, or None."""
    return next((e for e in (*(e for _, e in ctype.derived), *ctype.copies_written(), ctype.start)
                 if isinstance(e, Expr) and e.loc == exc.first.loc), None)


def _values_declared_named(exc: PhiltreError, ruleset: Ruleset) -> PhiltreError:
    """``exc``, a failure of a component type's `derive`, `copies` or `start`, with the hint of the lint its cause would
    get where the expression reads an attribute declared so: L020's for one declared like a range with a dash
    (`n: 1-104`, one word), which made `n % 11` fail; L037's for one whose values mix numbers and words (`rank: [7, 8,
    J]`: YAML reads 7 as a number), which made `index(['7', '8', 'J'], rank)` fail, with where it is declared. The
    failure stops validation before the lints, so the lint itself would never be shown."""
    from .compiler import named_range, named_range_hint
    from .lints import DASHED_RANGE, mixed_values, mixed_values_hint, mixed_values_shown

    if exc.first.code != "R002":
        return exc
    for ctype in ruleset.components:
        failed = _failed_expression(exc, ctype)
        if failed is None:
            continue
        derived = {name: e for name, e in ctype.derived}
        read, todo = set(), list(failed.names)
        while todo:  # the attributes read, through the derived ones read (`big: heads > 3`, heads from n)
            name = todo.pop()
            if name not in read:
                read.add(name)
                todo += derived[name].names if name in derived else []
        hints = [f"'{name}' is declared as the one word '{value}', not a range of numbers: write {m[1]}..{m[2]} "
                 f"for the whole numbers {m[1]} to {m[2]}"
                 for name, values in ctype.attributes if name in read
                 for value in values if isinstance(value, str) and (m := DASHED_RANGE.fullmatch(value))]
        hints += [f"'{name}' (at {_attribute_at(ruleset, ctype, name) or ctype.loc}) is the one word '{value}', not a "
                  f"range: {named_range_hint(name, found, dict(ctype.attributes))}"
                  for name, values in ctype.attributes if name in read for value in values if (found := named_range(value))]
        hints += [f"{name}'s values{_declared_at(ruleset, ctype, name, exc.first.loc)} mix numbers and words "
                  f"({mixed_values_shown(list(values))}), as L037 warns: {mixed_values_hint(name, list(values))}"
                  for name, values in ctype.attributes if name in read and mixed_values(values)]
        return exc.hinted("; ".join(hints[:3])) if hints else exc
    return exc


def _declared_at(ruleset: Ruleset, ctype: ComponentType, attribute: str, near: Loc) -> str:
    """' declared at line 25', where ``ctype``'s ``attribute`` is declared: its line where the failure at ``near`` is in
    the same file, else its file and line; '' where the source does not say."""
    at = _attribute_at(ruleset, ctype, attribute)
    if at is None:
        return ""
    return f" declared at line {at.line}" if at.path == near.path else f" declared at {at}"


def _attribute_at(ruleset: Ruleset, ctype: ComponentType, attribute: str):
    """Where ``ctype``'s ``attribute`` is declared (its key), or None where the source does not say."""
    spec = (ruleset.source.get("components") or {}).get(ctype.name) if isinstance(ruleset.source, dict) else None
    attributes = spec.get("attributes") if isinstance(spec, dict) else None
    if not hasattr(attributes, "key_loc") or attribute not in attributes:
        return None
    return attributes.key_loc(attribute)


def _layout(ruleset: Ruleset, nplayers: int) -> Layout:
    sizes = zone_sizes(ruleset, nplayers)
    comps, start = [], {name: [[] for _ in range(sizes[name])] for name in ruleset.zones}
    counts = _Counts(nplayers, ruleset.zones)
    seats = _Seats(nplayers)  # what a derived attribute sees: no zone
    spent = [0]
    for ctype in ruleset.components:
        owners = range(nplayers) if ctype.per_player else [None]
        names = [a for a, _ in ctype.attributes]
        combos = ctype.combination_count() * len(owners)
        if combos > MAX_COMPONENTS:  # checked before making them: a file must not hang the engine
            raise PhiltreError.at(ctype.loc, "R010", f"'{ctype.name}' has {combos:,} combinations of attributes; the limit is {MAX_COMPONENTS:,} components")
        for owner in owners:
            for index, (values, copies, where) in enumerate(ctype.counted()):
                attrs = dict(zip(names, values))
                if owner is not None:
                    attrs["owner"] = owner
                n = copies_at_layout(copies, seats, attrs, spent)  # (it reads the declared attributes alone)
                whole = isinstance(n, int) and 0 <= n <= 10_000
                if whole and n == 0:  # no component: its `derive` and `start` may fail, as for a value the game does not use
                    continue
                combination = component_text({"type": ctype.name, **attrs}) if ctype.derived else ""
                item_at = ctype.item_locs[index] if ctype.item_locs else None
                for dname, dexpr in ctype.derived:
                    attrs[dname] = _derived_at_layout(dexpr, seats, attrs, dname, combination, spent, item_at)
                if not whole:
                    said = f"copies of {component_text({'type': ctype.name, **attrs})} must be a whole number 0..10000, got {spell(n)}"
                    raise PhiltreError.at(where or _copies_loc(ruleset, ctype), "R002", said)
                if isinstance(ctype.start, str):
                    zone = ruleset.zones[ctype.start]
                    # (a seat's component starts in its own zone: of a family of N zones a seat, its first)
                    per_seat = {"player": 1, "seat_copies": zone.copies}.get(zone.kind)
                    key = (ctype.start, owner * per_seat if per_seat and owner is not None else 0)
                    if zone.teamed and owner is not None:  # (a team's: its owner's team's, the first of N a team)
                        key = (ctype.start, sides(zone.teams, nplayers)[0][owner] * (zone.copies if zone.kind == "team_copies" else 1))
                else:
                    where = _at_layout(ctype.start, counts, attrs, component_text({"type": ctype.name, **attrs}), spent)
                    if not isinstance(where, Zone):
                        raise PhiltreError.at(ctype.start.loc, "R006", f"the start of {component_text({'type': ctype.name, **attrs})} must be a zone")
                    key = where.key
                if ruleset.zones[key[0]].grid:
                    raise PhiltreError.at(ctype.loc, "R009", f"{ctype.name} cannot start on the grid {key[0]}: put pieces there with place")
                if len(comps) + n > MAX_COMPONENTS:
                    raise PhiltreError.at(ctype.loc, "R010", f"more than {MAX_COMPONENTS:,} components with {nplayers} players")
                for _ in range(n):
                    comp = Component(ctype.name, len(comps), attrs, ctype.display)
                    comps.append(comp)
                    start[key[0]][key[1]].append(comp["id"])
    homes = [None] * len(comps)
    contents = []
    for name, family in start.items():
        zones = []
        for index, ids in enumerate(family):
            key = ruleset.zones[name].key(index)
            for cid in ids:
                homes[cid] = key
            zones.append((key, tuple(comps[cid] for cid in ids)))
        contents.append((name, tuple(zones)))
    return Layout(nplayers, tuple(comps), start, tuple(homes), tuple(contents),
                  {name: grid_at(spec, nplayers) for name, spec in ruleset.zones.items() if spec.grid},
                  {n: None if v.per_player or v.per_team else v.initial for n, v in ruleset.variables.items()},
                  tuple((n, v.initial, len(sides(v.teams, nplayers)[1]) if v.per_team else nplayers)
                        for n, v in ruleset.variables.items() if v.per_player or v.per_team), tuple(range(nplayers)),
                  dict.fromkeys(ruleset.dice))
