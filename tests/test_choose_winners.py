"""choose_winners builds each seat's ranking tuple without a generator for one to three keys: the winners, the
order its keys are evaluated in and a key's failure are the ones a tuple of every key, in order, gives."""

import random
from types import SimpleNamespace

import pytest

from philtre.interpreter.game import choose_winners


def _reference(order, fns, players):
    """The winners as a generator's tuple of every key, seat by seat, ranks them."""
    sign = 1 if order == "highest" else -1
    best, winners = None, []
    for p in players:
        key = tuple(sign * fn(None, {"p": p}) for fn in fns)
        if best is None or key > best:
            best, winners = key, [p]
        elif key == best:
            winners.append(p)
    return winners


@pytest.mark.parametrize("nkeys", range(6))
@pytest.mark.parametrize("order", ["highest", "lowest"])
def test_winners_and_evaluation_order_as_a_tuple_of_every_key(nkeys, order):
    rng = random.Random(nkeys)
    for _ in range(50):
        players = list(range(rng.randint(1, 6)))
        table = {(k, p): rng.choice([0, 1, 2, 2.0, -1]) for k in range(nkeys) for p in players}
        seen = []

        def key(k):
            def fn(S, L):
                seen.append((k, L["p"]))
                return table[k, L["p"]]
            return fn

        fns = [key(k) for k in range(nkeys)]
        spec = SimpleNamespace(order=order, keys=tuple(SimpleNamespace(fn=fn) for fn in fns))
        got = choose_winners(spec, SimpleNamespace(players=players))
        assert seen == [(k, p) for p in players for k in range(nkeys)]
        assert got == _reference(order, fns, players)


@pytest.mark.parametrize("nkeys", range(1, 6))
def test_a_failing_key_fails_as_it_is_evaluated(nkeys):
    calls = []

    def ok(S, L):
        calls.append(L["p"])
        return 1

    def failing(S, L):
        if L["p"] == 2:
            raise ZeroDivisionError("division by zero")
        return 0

    spec = SimpleNamespace(order="highest", keys=tuple(SimpleNamespace(fn=f) for f in [ok] * (nkeys - 1) + [failing]))
    with pytest.raises(ZeroDivisionError):
        choose_winners(spec, SimpleNamespace(players=[0, 1, 2, 3]))
    assert calls == [0] * (nkeys - 1) + [1] * (nkeys - 1) + [2] * (nkeys - 1)


@pytest.mark.parametrize("keys", ['["score[p]", "1 // (p - 1)"]', '["score[p]", "p", "1 // (p - 1)"]',
                                  '["score[p]", "p", "p", "1 // (p - 1)"]'])
def test_a_ranking_key_failing_at_the_games_end_is_r100_at_the_winners(tmp_path, keys):
    from philtre.dsl import load_ruleset
    from philtre.dsl.errors import PhiltreError
    from philtre.interpreter import Game

    path = tmp_path / "ruleset.yaml"
    path.write_text(f"""\
philtre: 1
game: ranked
players: 3
zones:
  pool: {{}}
variables:
  x: 0
flow:
  - set: {{x: 1}}
winners: {{highest: {keys}}}
""", encoding="utf-8")
    with pytest.raises(PhiltreError) as info:
        Game(load_ruleset(str(path)), 3)
    d = info.value.first
    assert (d.code, d.loc.line) == ("R100", 10), str(d)
    assert d.message.startswith("choosing the winners failed"), str(d)
