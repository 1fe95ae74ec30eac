"""dsl/lalr.py parses a valid expression without lark, from dsl/grammar-lalr.json: the same trees as lark, the same
texts refused (lark then finds and places the error), and the file must be made from this grammar."""

import json
import os
import random
import subprocess
import sys
from glob import glob

import pytest
import yaml
from philtre.dsl import lalr, parser
from philtre.dsl.errors import Loc, PhiltreError
from philtre.dsl.shipped import read_shipped

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

TRICKY = [
    "if + 1", "for", "x for", "[x for if in y]", "[if for x in y]", "x.if", "x.not", "a is if", "a is not in", "not not x",
    "not x in y", "x not in y is z", "- - 1", "-x.y[0]", "a - -b", "a--b", "[x for x in y if a if b]", "[x for x in y for z in x]",
    "f(x for x in y)", "f(x, y for y in z)", "f(x, )", "f(,)", "f()", "[]", "[,]", "[1,]", "{}", "{1: 2,}", "{1: 2, 3}", "{:}",
    "'a\\'b'", '"a\\"b"', "'\\q'", "'unclosed", "1.5.x", "1.", ".5", "a//b%c*d/e", "a<=b", "a<b>c", "a == = b", "a = b",
    "in in in", "x\tif\ny\felse\rz", "x if y", "x if y else", "x else y", "true.x", "none[0]", "falsey", "truefalse",
    "and_x or or_x", "café", "x ١٢", "(((((x)))))", "((x)", "x))", "a.b.c.d(e)[f]", "f(x)(y)", "x[y](z)", "(x)(y)", "is",
    "x is", "x is not", "x is not not", "not", "a in b in c", "a < b < c", "a + b if c or d and not e in f else g",
]


def _corpus() -> list:
    """Every string in the shipped rulesets, variants, scenarios and examples (most are expressions; the rest are
    texts both parsers must refuse alike)."""
    texts = set(TRICKY)

    def walk(node):
        if isinstance(node, str):
            texts.add(node)
        elif isinstance(node, dict):
            for k, v in node.items():
                walk(k)
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    for path in sorted(glob(os.path.join(ROOT, "rulesets", "**", "*.yaml"), recursive=True)
                       + glob(os.path.join(ROOT, "examples", "**", "*.yaml"), recursive=True)):
        with open(path, encoding="utf-8") as f:
            for doc in yaml.safe_load_all(f):
                walk(doc)
    return sorted(t for t in texts if len(t) <= parser.SHARED_TREE_CHARS * 5)


PIECES = list("()[]{},.:+-*/%<>=!'\" \t\n_aZ09#\\") + [
    "if", "else", "for", "in", "not", "is", "and", "or", "true", "none", " if ", " in ", " not ", "//", "==", "1.5", "x"]


def _broken(text: str, rng: random.Random) -> str:
    """``text`` with one to three characters or words taken out, put in or replaced."""
    chars = list(text)
    for _ in range(rng.randint(1, 3)):
        at, what = rng.randint(0, len(chars)), rng.random()
        if what < 0.4 and chars:
            del chars[min(at, len(chars) - 1)]
        elif what < 0.8 or not chars:
            chars.insert(at, rng.choice(PIECES))
        else:
            chars[min(at, len(chars) - 1)] = rng.choice(PIECES)
    return "".join(chars)


def _same(ours, lark_tree) -> bool:
    """The two trees hold the same rules, tokens (type, text, offset) and Nones, in the same places."""
    todo = [(ours, lark_tree)]
    while todo:
        a, b = todo.pop()
        if a is None or b is None:
            if a is not b:
                return False
        elif isinstance(b, str):
            if not (isinstance(a, lalr.Token) and (a.type, str(a), a.start_pos) == (b.type, str(b), b.start_pos)):
                return False
        elif not (isinstance(a, lalr.Tree) and a.data == b.data and len(a.children) == len(b.children)):
            return False
        else:
            todo.extend(zip(a.children, b.children))
    return True


def _lark_tree(text: str):
    from lark.exceptions import UnexpectedInput

    try:
        return parser._lark().parse(text)
    except UnexpectedInput:
        return None


def test_the_stored_tables_are_made_from_this_grammar():
    stored = json.loads(read_shipped("philtre.dsl", lalr.FILE))
    assert stored["key"] == lalr.key(parser.grammar_text()), "grammar.lark changed: run `python -m philtre.dsl.tables`"
    assert lalr.tables() is not None


def test_the_tables_parse_every_text_as_lark_does_and_refuse_what_lark_refuses():
    rng = random.Random(8)
    texts = _corpus()
    texts += [_broken(rng.choice(texts), rng) for _ in range(3000)]
    accepted = 0
    for text in texts:
        expected = _lark_tree(text)
        assert _same(lalr.parse(text), expected), text
        accepted += expected is not None
    assert 1000 < accepted < len(texts) - 1000  # both kinds were tried


def test_tables_made_now_parse_as_the_stored_ones(monkeypatch):
    """The file is lark's analysis of the grammar, whatever order lark lists its states in at each build."""
    made = lalr.Tables(json.loads(parser.lalr_tables()))
    for text in _corpus()[:300]:
        assert _same(lalr._run(made, text), _lark_tree(text)), text


@pytest.mark.parametrize("damage", ['{"key": "another grammar"}', "not json", '{"key": "%s"}', "[]"])
def test_stale_or_damaged_tables_are_not_used_and_lark_parses_alike(monkeypatch, damage):
    real = parser.read_shipped

    def read(package, name):
        if name == lalr.FILE:
            return damage.replace("%s", lalr.key(parser.grammar_text()))
        return real(package, name)

    monkeypatch.setattr(lalr, "read_shipped", read)
    monkeypatch.setattr(lalr, "_tables", False)
    assert lalr.parse("a + 1") is None
    assert parser._tree("hand[me][0].value * 2") == parser._Build().build(parser._lark().parse("hand[me][0].value * 2"))


def test_tables_that_do_not_fit_together_give_the_text_to_lark(monkeypatch):
    stored = json.loads(read_shipped("philtre.dsl", lalr.FILE))
    for _, actions in stored["states"]:
        for name, action in actions.items():
            if action < 0:  # a reduction (~rule)
                actions[name] = ~10_000  # by no such rule
    monkeypatch.setattr(lalr, "_tables", lalr.Tables(stored))
    assert lalr.parse("a + b") is None
    with pytest.raises(PhiltreError) as caught:
        parser.parse("a + + b", Loc("r.yaml", 3, 7))
    assert "E102 '+' twice" in str(caught.value)


def test_a_first_validation_does_not_import_lark_and_a_syntax_error_is_placed_by_lark(tmp_path):
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    ruleset = tmp_path / "r.yaml"
    with open(os.path.join(ROOT, "rulesets", "poison", "ruleset.yaml"), encoding="utf-8") as f:
        text = f.read()
    ruleset.write_text(text.replace("limit: 13", "limit: 13 +* 1", 1), encoding="utf-8")
    check = ("import sys; from philtre.dsl.validate import check_file; "
             "report = check_file(sys.argv[1]); print([str(f.diagnostic) for f in report.findings]); "
             "print('lark' in sys.modules)")
    run = lambda path: subprocess.run([sys.executable, "-c", check, str(path)], env=env, capture_output=True,  # noqa: E731
                                      text=True, check=True, cwd=ROOT).stdout.split("\n")
    assert run(os.path.join("rulesets", "poison", "ruleset.yaml"))[:2] == ["[]", "False"]
    found, imported = run(ruleset)[:2]
    assert "E102 '*' right after '+'" in found and imported == "True"
