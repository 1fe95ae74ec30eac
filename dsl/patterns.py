"""Write dsl/patterns-<python>.json: the regular expressions philtre.dsl's modules compile as they are imported,
compiled, for a first start with an empty cache folder (dsl/kept_patterns.py).

Run from the repo root: ``python -m philtre.dsl.patterns`` (with the Python the file is for: its name says which).
Only the modules' own patterns go in: those a load makes for a ruleset's names are kept in the cache folder, and a
file in dsl/ names no game. Nothing needs the file: a pattern it lacks is compiled by ``re`` and kept in the cache
folder, and tests/test_kept_patterns.py fails while it lacks one that importing philtre.dsl compiles.
"""

import importlib
import os
import pkgutil
import subprocess
import sys
import tempfile

from . import kept_patterns

SKIPPED = ("patterns", "tables", "schema_code")  # the commands (importing them runs nothing, compiles nothing more)


def import_all() -> None:
    """Import every module of philtre.dsl (in a process that started with no patterns to read: `main`'s)."""
    here = os.path.dirname(os.path.abspath(__file__))
    for module in pkgutil.iter_modules([here]):
        if module.name not in SKIPPED:
            importlib.import_module(f"{__package__}.{module.name}")


def main() -> int:
    """Write kept_patterns.SHIPPED from a fresh process that reads no patterns (the old file set aside, an empty cache
    folder) and imports every module of philtre.dsl."""
    if not kept_patterns._warmed:
        print(f"patterns are kept only on the Pythons {sorted(kept_patterns.PYTHONS)}", file=sys.stderr)
        return 1
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), kept_patterns.SHIPPED)
    aside = path + ".old"
    if os.path.exists(path):
        os.replace(path, aside)
    code = ("from philtre.dsl import kept_patterns, patterns; patterns.import_all(); "
            f"print(kept_patterns.write_shipped({path!r}))")
    try:
        with tempfile.TemporaryDirectory() as empty:
            made = subprocess.run([sys.executable, "-c", code], env={**os.environ, "XDG_CACHE_HOME": empty},
                                  capture_output=True, text=True, check=True).stdout.strip()
    except BaseException:
        if os.path.exists(aside):
            os.replace(aside, path)
        raise
    if os.path.exists(aside):
        os.remove(aside)
    print(f"wrote {made} patterns to {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
