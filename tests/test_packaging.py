"""What an installed philtre (a wheel: the package and its data, no docs/) gives its user.

- Every docs/*.md page a message, a help text or a generated file names is said to be in philtre's source:
  the wheel holds no docs/, and the project has no web address to send a reader to.
- Every shipped game's folder (and its variants/) is installed as package data.
"""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
INSTALLED_CODE = [ROOT / "__main__.py", *sorted((ROOT / "dsl").glob("*.py")), *sorted((ROOT / "interpreter").glob("*.py")),
                  *sorted((ROOT / "adapters").glob("*.py"))]
DOC_PAGE = re.compile(r"docs/([\w-]+\.md)")
WHERE = "in philtre's source"


def _is_click_command(function: ast.AST) -> bool:
    """Whether ``function`` is decorated with click's command(): its docstring is the command's --help."""
    return any(isinstance(d, ast.Call) and isinstance(d.func, ast.Attribute) and d.func.attr == "command"
               for d in getattr(function, "decorator_list", ()))


def _docstrings_for_developers(tree: ast.Module) -> set[int]:
    """The ids of the docstring nodes in ``tree`` that only a reader of the code sees (not a command's help)."""
    hidden = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str)
                    and not _is_click_command(node)):
                hidden.add(id(first.value))
    return hidden


def texts_a_user_reads(path: Path) -> list[tuple[int, str]]:
    """(line, text) of every string in ``path`` a user may read: messages, help texts, templates (not comments or
    docstrings)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    hidden = _docstrings_for_developers(tree)
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in hidden]


MENTIONS = [(f"{path.relative_to(ROOT)}:{line}", text) for path in INSTALLED_CODE for line, text in texts_a_user_reads(path)
            if DOC_PAGE.search(text)]


def test_some_messages_name_a_docs_page():
    """The check below looks at something: messages do send readers to docs/*.md."""
    assert len(MENTIONS) >= 5, MENTIONS


@pytest.mark.parametrize("where, text", MENTIONS, ids=[where for where, _ in MENTIONS])
def test_a_docs_page_a_message_names_is_said_to_be_in_philtres_source(where, text):
    """An installed philtre has no docs/ folder: a bare 'docs/agents.md' sent its user looking beside the program."""
    for page in DOC_PAGE.findall(text):
        assert (ROOT / "docs" / page).is_file(), f"{where} names docs/{page}, which does not exist"
    assert WHERE in text, f"{where} names a docs page without saying it is {WHERE!r}: {text!r}"


def test_every_shipped_game_folder_is_installed_with_its_files():
    """`philtre games` and `philtre validate poison` read the installed copy: each folder of rulesets/ holding YAML
    files must be a listed package with its *.yaml as data (a folder left out was installed with a warning only, and a
    new one could be left out of the wheel)."""
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    folders = sorted({path.parent.relative_to(ROOT) for path in (ROOT / "rulesets").rglob("*.yaml")})
    assert folders, "no shipped ruleset found"
    for folder in folders:
        package = "philtre." + ".".join(folder.parts)
        assert package in setuptools["packages"], f"{folder}/ is not listed in pyproject's packages as {package}"
        assert "*.yaml" in setuptools["package-data"].get(package, []), f"{folder}/*.yaml is not {package}'s package data"
