"""Write dsl/grammar-tables.json (lark's LALR tables) and dsl/grammar-lalr.json (the same, read without lark: dsl/lalr.py)
after grammar.lark changes.

Run from the repo root: ``python -m philtre.dsl.tables``. The parser works without the
files (it builds the tables, slower, and parses every text with lark);
tests/test_parser_tables.py and tests/test_lalr.py fail while they are stale.
"""

import os

from . import lalr
from .parser import TABLES, grammar_text, lalr_tables, write_tables

if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    for name, key, text in ((TABLES, None, None), (lalr.FILE, lalr.key(grammar_text()), lalr_tables)):
        path = os.path.join(here, name)
        print(f"wrote {path}" if write_tables(path, key, text) else f"{path} is up to date (made from this grammar.lark and lark)")
