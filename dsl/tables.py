"""Write dsl/grammar-tables.json, the expression parser's LALR tables, after grammar.lark changes.

Run from the repo root: ``python -m philtre.dsl.tables``. The parser works without the
file (it builds the tables, slower); tests/test_parser_tables.py fails while it is stale.
"""

import os

from .parser import TABLES, write_tables

if __name__ == "__main__":
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), TABLES)
    print(f"wrote {path}" if write_tables(path) else f"{path} is up to date (made from this grammar.lark and lark)")
