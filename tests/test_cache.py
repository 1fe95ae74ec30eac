"""What philtre keeps between runs (dsl/cache.py): compiled code of a ruleset, read back instead of compiled again."""

from __future__ import annotations

import os

from philtre.dsl import cache, load_ruleset
from philtre.dsl.compiler import compiled


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
    for damage in (b"not marshal data", __import__("marshal").dumps(compile("x = 1", "elsewhere.py", "exec"))):
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
