"""Write dsl/patterns-<python>.json: the regular expressions philtre compiles importing itself and validating every
shipped ruleset and variant, compiled, for a first start with an empty cache folder (dsl/kept_patterns.py).

Run from the repo root: ``python -m philtre.dsl.patterns`` (with the Python the file is for: its name says which).
Nothing needs the file: a pattern it lacks is compiled by ``re`` and kept in the cache folder, and
tests/test_kept_patterns.py fails while it lacks one that importing philtre.dsl compiles.
"""

import glob
import os
import sys

from . import kept_patterns
from .validate import check_file


def main() -> int:
    """Validate every shipped ruleset and variant, then write the patterns held as kept_patterns.SHIPPED."""
    if not kept_patterns._warmed:
        print(f"patterns are kept only on the Pythons {sorted(kept_patterns.PYTHONS)}", file=sys.stderr)
        return 1
    here = os.path.dirname(os.path.abspath(__file__))
    for path in sorted(glob.glob(os.path.join(os.path.dirname(here), "rulesets", "*", "ruleset.yaml"))):
        check_file(path)
        for variant in sorted(glob.glob(os.path.join(os.path.dirname(path), "variants", "*.yaml"))):
            check_file(path, variants=(variant,))
    path = os.path.join(here, kept_patterns.SHIPPED)
    print(f"wrote {kept_patterns.write_shipped(path)} patterns to {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
