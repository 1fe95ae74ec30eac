"""What philtre keeps between runs (dsl/cache.py): compiled code of a ruleset, read back instead of compiled again."""

from __future__ import annotations

import os

import pytest

from philtre.dsl import cache, load_ruleset
from philtre.dsl.compiler import compiled
from philtre.dsl.errors import PhiltreError
from philtre.dsl.loader import resolve_ruleset_path
from philtre.dsl.parser import _tree as _LARKS_TREE


def _kept_value(path):
    """The value marshal kept as a cache file (after the SHA-256 line cache.write puts first)."""
    import marshal

    digest, _, data = path.read_bytes().partition(b"\n")
    assert digest == cache.sha256(data).hexdigest().encode()
    return marshal.loads(data)


def test_code_is_compiled_once_and_read_back_after(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    source = "def e0(S, L):\n    return 41 + 1\n"
    first = compiled(source)
    files = os.listdir(tmp_path / "philtre")
    assert len(files) == 1 and files[0].startswith("code-")
    again = compiled(source)
    assert again is not first and again.co_code == first.co_code
    namespace = {}
    exec(again, namespace)  # noqa: S102 - a test of the cache
    assert namespace["e0"](None, None) == 42


def test_a_damaged_or_foreign_file_is_compiled_again(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    source = "def e0(S, L):\n    return 7\n"
    compiled(source)
    [name] = os.listdir(tmp_path / "philtre")
    for damage in (b"not marshal data", cache.framed(b"not marshal data"),
                   cache.framed(__import__("marshal").dumps(compile("x = 1", "elsewhere.py", "exec")))):
        (tmp_path / "philtre" / name).write_bytes(damage)
        namespace = {}
        exec(compiled(source), namespace)  # noqa: S102 - a test of the cache
        assert namespace["e0"](None, None) == 7


def test_a_folder_that_cannot_be_written_only_costs_the_work(tmp_path, monkeypatch):
    (tmp_path / "philtre").write_text("a file where the folder would be")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert load_ruleset("pok").name == "pok"


def test_the_oldest_files_of_a_kind_go_beyond_the_limit(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(cache, "KEEP", 3)
    for i in range(5):
        cache.write(f"code-{i}.bin", b"x")
        os.utime(tmp_path / "philtre" / f"code-{i}.bin", (i, i))
    cache.write("grammar-tables-x.json", b"{}")
    assert sorted(os.listdir(tmp_path / "philtre")) == ["code-2.bin", "code-3.bin", "code-4.bin", "grammar-tables-x.json"]


def test_one_changed_byte_in_a_kept_file_is_never_used_and_the_file_is_made_again(tmp_path, monkeypatch):
    """A byte changed on the disk may leave bytes marshal still reads, as other code (a segfault where it runs) or
    another value: the SHA-256 each file starts with no longer holds, so it is compiled again and kept anew."""
    import types

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    source = "def e0(S, L):\n    return 1515870810\n"  # 0x5a5a5a5a: bytes 'ZZZZ' in the kept code
    compiled(source)
    [path] = (tmp_path / "philtre").iterdir()
    kept = path.read_bytes()
    assert kept.count(b"ZZZZ") == 1
    path.write_bytes(kept.replace(b"ZZZZ", b"ZZZ["))  # still code marshal reads: e0 returning another number
    namespace = {}
    exec(compiled(source), namespace)  # noqa: S102 - a test of the cache
    assert namespace["e0"](None, None) == 1515870810
    assert path.read_bytes() == kept  # written again
    path.write_bytes(kept.replace(b"ZZZZ", b"ZZZ["))
    assert cache.read(path.name) is None and cache.read_value(path.name, types.CodeType) is None


def test_a_file_kept_without_its_sha256_an_older_philtres_is_made_again(tmp_path, monkeypatch):
    import marshal
    import types

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    source = "def e0(S, L):\n    return 5\n"
    compiled(source)
    [path] = (tmp_path / "philtre").iterdir()
    kept = path.read_bytes()
    path.write_bytes(marshal.dumps(compile(source.replace("5", "6"), "<philtre>", "exec")))  # no first line
    assert cache.read(path.name) is None and cache.read_value(path.name, types.CodeType) is None
    namespace = {}
    exec(compiled(source), namespace)  # noqa: S102 - a test of the cache
    assert namespace["e0"](None, None) == 5 and path.read_bytes() == kept


_READ_SPECIAL = ("import os, sys; from philtre.dsl import cache\n"
                 "os.mkfifo(os.path.join(cache.folder(), 'code-fifo.bin')); "
                 "os.symlink('/dev/zero', os.path.join(cache.folder(), 'code-zero.bin'))\n"
                 "print(cache.read('code-fifo.bin'), cache.read('code-zero.bin'), cache.read_value('code-zero.bin', dict))")


def test_a_kept_file_that_is_a_pipe_or_a_link_to_a_device_is_not_read(tmp_path, monkeypatch):
    """A FIFO where a kept file was is not waited on (no process writes it), and a link to /dev/zero is not read
    without end: neither is a regular file, so each is a miss (and replaced by cache.write). In a process of its own,
    its memory capped: a read without end there fails, not the test run."""
    import resource
    import subprocess
    import sys

    if not hasattr(os, "mkfifo") or not os.path.exists("/dev/zero"):  # pragma: no cover - not a POSIX system
        return
    (tmp_path / "philtre").mkdir()

    def cap_memory():
        resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))

    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    out = subprocess.run([sys.executable, "-c", _READ_SPECIAL], env=env, capture_output=True, text=True,
                         timeout=120, preexec_fn=cap_memory)
    assert (out.returncode, out.stdout.split()) == (0, ["None", "None", "None"]), out.stderr
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    cache.write("code-fifo.bin", b"kept")
    cache.write("code-zero.bin", b"kept")
    assert (cache.read("code-fifo.bin"), cache.read("code-zero.bin")) == (b"kept", b"kept")  # replaced


def test_a_kept_file_larger_than_the_cap_is_not_read(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    cache.write("code-big.bin", b"x" * 100)
    assert cache.read("code-big.bin") == b"x" * 100
    monkeypatch.setattr(cache, "MAX_BYTES", 99)
    assert cache.read("code-big.bin") is None


# -- expression trees kept between loads (dsl/kept_trees.py) --------------------------------

def _texts_parsed(monkeypatch, *load):
    """The expression texts lark parses while ``load_ruleset(*load)`` runs."""
    from philtre.dsl import parser

    seen = []
    monkeypatch.setattr(parser, "_tree", lambda text: seen.append(text) or _LARKS_TREE(text))
    parser._shared_tree.cache_clear()
    load_ruleset(*load)
    return seen


def test_a_second_load_of_the_same_files_parses_nothing_and_its_trees_are_the_parsers(tmp_path, monkeypatch):
    from philtre.dsl import kept_trees

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    for game, variants in (("poison", ()), ("poisons", ("rulesets/poisons/variants/advanced.yaml",)), ("hue", ()), ("pok", ())):
        first = _texts_parsed(monkeypatch, game, list(variants))
        assert len(first) > 20
        assert _texts_parsed(monkeypatch, game, list(variants)) == []
        kept = kept_trees._read(kept_trees._store_name(resolve_ruleset_path(game), variants))
        for text in first:  # each kept tree is the one lark's parse builds, positions and all
            assert kept_trees._decode(kept[text]) == _LARKS_TREE(text)


def test_an_edited_file_parses_its_new_lines_and_a_syntax_error_is_still_placed(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    source = open("rulesets/pok/ruleset.yaml", encoding="utf-8").read()
    rule = "met(d): d.count > 0 and showing(d.symbol) == d.count "
    assert source.count(rule) == 1
    path = tmp_path / "ruleset.yaml"
    path.write_text(source, encoding="utf-8")
    _texts_parsed(monkeypatch, str(path))
    path.write_text(source.replace(rule, "met(d): d.count > 0 and showing(d.symbol) == d.count + 0"), encoding="utf-8")
    assert _texts_parsed(monkeypatch, str(path)) == ["d.count > 0 and showing(d.symbol) == d.count + 0"]
    broken = source.replace(rule, "met(d): d.count > 0 and showing(d.symbol) == == d.count")
    path.write_text(broken, encoding="utf-8")
    line = next(i for i, text in enumerate(broken.splitlines(), 1) if "== ==" in text)
    try:
        load_ruleset(str(path))
    except PhiltreError as exc:
        [diagnostic] = exc.diagnostics
        assert (diagnostic.code, diagnostic.loc.line, diagnostic.loc.col) == ("E102", line, broken.splitlines()[line - 1].index("== ==") + 4)
    else:
        raise AssertionError("a syntax error was not found")


def test_damaged_kept_trees_are_parsed_again(tmp_path, monkeypatch):
    import marshal

    from philtre.dsl import kept_trees

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    first = _texts_parsed(monkeypatch, "pok")
    [name] = [n for n in os.listdir(tmp_path / "philtre") if n.startswith("trees-")]
    store = tmp_path / "philtre" / name
    kept = kept_trees._read(name)
    for damage in (b"not marshal data", marshal.dumps([1, 2]),
                   marshal.dumps({text: ["NoSuchNode", 0] for text in kept}),
                   marshal.dumps({text: ["Name", 0] for text in kept}),  # a field missing
                   marshal.dumps({text: ["Const", 0, {1}] for text in kept})):  # a value no tree holds
        store.write_bytes(cache.framed(damage))
        assert sorted(_texts_parsed(monkeypatch, "pok")) == sorted(first)
    assert _texts_parsed(monkeypatch, "pok") == []  # and kept anew


def test_validating_an_unchanged_ruleset_again_does_not_import_the_parser(tmp_path):
    import subprocess
    import sys

    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    check = ("import sys; from philtre.dsl.validate import check_file; "
             "report = check_file('rulesets/poison/ruleset.yaml'); assert not report.findings, report.findings; "
             "print('lark' in sys.modules)")
    runs = [subprocess.run([sys.executable, "-c", check], env=env, capture_output=True, text=True, check=True).stdout.strip()
            for _ in range(2)]
    assert runs == ["False", "False"]  # the first parses with the stored tables (dsl/lalr.py), the second reads its trees


def test_the_runners_fixed_code_is_compiled_once_and_read_back_in_the_next_process(tmp_path):
    """The fused runners' makers (interpreter/runners.py) are compiled from fixed source at every start of a
    process that plays: about 1 ms each. Their code is kept as a ruleset's is, and the next process reads it
    back instead of compiling it again; it plays the same game."""
    import subprocess
    import sys

    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    check = ("import builtins, random; from philtre.dsl import load_ruleset; from philtre.interpreter import Game; "
             "rs = load_ruleset('pok'); compiles = []; real = builtins.compile; "
             "builtins.compile = lambda source, name, *a, **k: compiles.append(name) or real(source, name, *a, **k); "
             "g = Game(rs, 4, seed=3); rng = random.Random(3)\n"
             "while not g.finished:\n"
             "    for p in g.pending(): o = g.options(p); g.apply(p, o[rng.randrange(len(o))])\n"
             "import philtre.interpreter.runners as r; print(g.scores, len(r._MAKERS) > 4, sum(n.startswith('<philtre runner') for n in compiles))")
    runs = [subprocess.run([sys.executable, "-c", check], env=env, capture_output=True, text=True, check=True).stdout.split()
            for _ in range(2)]
    kept = [_kept_value(tmp_path / "philtre" / name).co_filename for name in os.listdir(tmp_path / "philtre")
            if name.startswith("code-")]
    assert sum(name.startswith("<philtre runner ") for name in kept) >= 5  # the makers made at import, and POK's others
    assert runs[0][-1] != "0" and runs[1][-1] == "0"  # compiled in the first process, none in the second
    assert runs[0][:-1] == runs[1][:-1]  # the same game


_PLAY_COUNTING_RUNNER_COMPILES = (
    "import builtins, random; compiles = []; real = builtins.compile; "
    "builtins.compile = lambda source, name, *a, **k: compiles.append(name) or real(source, name, *a, **k)\n"
    "import philtre; from philtre.dsl import load_ruleset; from philtre.interpreter import Game, runners; made = []\n"
    "for f in ('_statement_source', '_block_source', '_for_block_source'):\n"
    "    setattr(runners, f, (lambda real: lambda *a: made.append(f) or real(*a))(getattr(runners, f)))\n"
    "for name, seats in (('pok', 4), ('poisons', 4)):\n"
    "    g = Game(load_ruleset(name), seats, seed=5); rng = random.Random(5)\n"
    "    while not g.finished:\n"
    "        for p in g.pending(): o = g.options(p); g.apply(p, o[rng.randrange(len(o))])\n"
    "    print(g.scores, g.decisions, end=' ')\n"
    "print(philtre.__file__, len(made), sum(n.startswith('<philtre runner') for n in compiles))")


def _play_counting_runner_compiles(cache_home, package_parent=None):
    """(what two seeded games end with, where philtre is, how many runner sources the process made (their
    statements' sources: the templates filled) and how many it compiled), in a fresh process."""
    import subprocess
    import sys

    env = {**os.environ, "XDG_CACHE_HOME": str(cache_home)}
    if package_parent is not None:
        env["PYTHONPATH"] = str(package_parent)
    out = subprocess.run([sys.executable, "-c", _PLAY_COUNTING_RUNNER_COMPILES], env=env, capture_output=True,
                         text=True, check=True).stdout.rsplit(" ", 3)
    return out[0], out[1], int(out[2]), int(out[3])


def test_damaged_or_foreign_runner_code_is_made_again_and_the_games_are_the_same(tmp_path):
    """A runner's code is kept by the shape it is made for (runners._compiled_maker), not by its source: a process
    that finds it kept makes no source. A kept file that is damaged, another file's code, or code that makes no
    runner is never used: the runner is made again (and kept again), and the games are the same."""
    import marshal

    first, _, made, compiles = _play_counting_runner_compiles(tmp_path)
    assert made > 0 and compiles > 0
    kept = tmp_path / "philtre"
    runners = [path for path in kept.iterdir() if path.name.startswith("code-")
               and _kept_value(path).co_filename.startswith("<philtre runner ")]
    assert len(runners) >= 5
    for i, path in enumerate(runners):
        filename = _kept_value(path).co_filename
        path.write_bytes(cache.framed((b"not marshal data", b"",
                                       marshal.dumps(compile("make = 1", "elsewhere.py", "exec")),
                                       marshal.dumps(compile("make = None", filename, "exec")))[i % 4]))
    again, _, made, compiles = _play_counting_runner_compiles(tmp_path)
    assert again == first and made > 0 and compiles == len(runners)  # each damaged one made again, the others read back
    games, _, made, compiles = _play_counting_runner_compiles(tmp_path)
    assert (games, made, compiles) == (first, 0, 0)  # and kept again: no source made


def test_runner_code_kept_by_another_philtre_is_not_used(tmp_path):
    """The key of a runner's kept code holds runners.py itself (its templates and the code that fills them) and
    philtre's version: a philtre whose runners.py differs (here by one comment) makes and compiles its runners again."""
    import shutil

    from philtre import __file__ as package_init

    source = os.path.dirname(package_init)
    copy = tmp_path / "tree" / "philtre"
    shutil.copytree(source, copy, ignore=shutil.ignore_patterns(".git", "tests", "docs", "*.egg-info", "__pycache__"))
    (tmp_path / "cache").mkdir()
    first, where, _, _ = _play_counting_runner_compiles(tmp_path / "cache", tmp_path / "tree")
    assert where.startswith(str(copy)) and _play_counting_runner_compiles(tmp_path / "cache", tmp_path / "tree")[2:] == (0, 0)
    with open(copy / "interpreter" / "runners.py", "a") as f:
        f.write("# another philtre\n")
    again, _, made, compiles = _play_counting_runner_compiles(tmp_path / "cache", tmp_path / "tree")
    assert made > 0 and compiles > 0 and again == first


_PLAY_OUT_COUNTING_SOURCES = (
    "import random; from philtre.dsl import load_ruleset; from philtre.interpreter import Game, runners; made = []\n"
    "real = runners._maker_source; runners._maker_source = lambda build: made.append(1) or real(build)\n"
    "rs = load_ruleset('pok'); g = Game(rs, 4, seed=5); g.play_out(random=random.Random(5).random)\n"
    "fused = [entry[9] for entry in runners.runners_for(rs).simultaneous.values() if entry[9] is not None]\n"
    "print(g.scores, g.decisions, len(fused), len(made))")


def _play_out_counting_sources(cache_home):
    """(what a seeded play_out of POK ends with, how many steps are listed and picked by one function, how many
    runner sources the process made), in a fresh process."""
    import subprocess
    import sys

    env = {**os.environ, "XDG_CACHE_HOME": str(cache_home)}
    out = subprocess.run([sys.executable, "-c", _PLAY_OUT_COUNTING_SOURCES], env=env, capture_output=True, text=True,
                         check=True).stdout.rsplit(" ", 2)
    return out[0], int(out[1]), int(out[2])


def test_a_picking_runners_source_is_kept_for_the_step_listed_and_picked_by_one_function(tmp_path):
    """runners.fused_picking writes a picking runner's lines into the twin's: that runner's source is kept beside its
    code (runners._source_kept), so a process that finds both kept makes no source even where it fuses them, and a
    damaged kept source is made again; the game is the same each time."""
    first, fused, made = _play_out_counting_sources(tmp_path)
    assert fused == 1 and made > 0
    assert _play_out_counting_sources(tmp_path) == (first, 1, 0)  # read back: no source made
    sources = [path for path in (tmp_path / "philtre").iterdir() if path.name.startswith("source-")]
    assert sources
    for path in sources:
        path.write_bytes(path.read_bytes()[:-5])  # cut short: its hash no longer holds
    again, fused, made = _play_out_counting_sources(tmp_path)
    assert (again, fused) == (first, 1) and made == len(sources)  # each made again, not read as it was
    assert _play_out_counting_sources(tmp_path) == (first, 1, 0)


def test_the_sha256_philtre_uses_gives_hashlibs_digests_and_a_validation_loads_no_openssl(tmp_path):
    """dsl/cache.sha256 is CPython's own SHA-256 (hashlib loads OpenSSL, 3-4 ms of every start): the cache keys and
    a ruleset's content hash (written in records) are the digests they were."""
    import hashlib
    import subprocess
    import sys

    from philtre.dsl.loader import content_hash

    for data in (b"", b"abc", "é\n".encode() * 1000):
        assert cache.sha256(data).hexdigest() == hashlib.sha256(data).hexdigest()
    digest = cache.sha256()
    digest.update(b"a")
    digest.update(b"bc")
    assert digest.hexdigest() == hashlib.sha256(b"abc").hexdigest()
    assert content_hash({"game": "g", "title": "T"}) == "sha256:" + hashlib.sha256(b'{"game":"g"}').hexdigest()[:16]
    check = ("import sys; from philtre.dsl.validate import check_file; "
             "assert not check_file('rulesets/poison/ruleset.yaml').findings; print('_hashlib' in sys.modules)")
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    assert subprocess.run([sys.executable, "-c", check], env=env, capture_output=True, text=True, check=True).stdout.strip() == "False"


def test_a_process_with_another_hash_seed_finds_every_kept_code(tmp_path):
    """Generated source must not follow a set's order: each process has its own hash seed, and with another order
    the same ruleset's code would be compiled and kept again at each start (the picking runners' parameters did,
    runners._bound_names). Three processes with three seeds play out POK and Poisons: the later two keep nothing new."""
    import subprocess
    import sys

    play = ("import random; from philtre.dsl import load_ruleset; from philtre.interpreter import Game\n"
            "for name in ('pok', 'poisons'):\n"
            "    Game(load_ruleset(name), 4, seed=1).play_out(random=random.Random(1).random)\n")
    kept = []
    for seed in ("1", "2", "3"):
        env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path), "PYTHONHASHSEED": seed}
        subprocess.run([sys.executable, "-c", play], env=env, capture_output=True, text=True, check=True)
        kept.append(sorted(os.listdir(tmp_path / "philtre")))
    assert kept[0] and kept[1] == kept[0] and kept[2] == kept[0]


@pytest.mark.parametrize("value", ["", "rel/cache", "."])
def test_a_relative_or_empty_cache_home_is_ignored_as_the_xdg_spec_says(monkeypatch, tmp_path, value):
    """XDG_CACHE_HOME=rel/cache made a cache folder inside whatever folder philtre ran in."""
    monkeypatch.setenv("XDG_CACHE_HOME", value)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert cache.folder() == str(tmp_path / ".cache" / "philtre")


def test_a_runners_kept_code_is_keyed_by_the_compilers_banking_of_fresh_budgets(monkeypatch):
    # the runners' sources pass through dsl.compiler.banked: a change there must not read back code banked the old way
    import re

    from philtre.dsl import compiler
    from philtre.interpreter import runners

    monkeypatch.setattr(runners, "_TEMPLATES", [])
    before = runners._templates_key()
    monkeypatch.setattr(runners, "_TEMPLATES", [])
    monkeypatch.setattr(compiler, "_LISTING_SET", re.compile(r"\bworked_ = "))
    assert runners._templates_key() != before
