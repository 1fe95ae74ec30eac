"""Benchmarks: hand-written references and the scripts that measure philtre against them."""

import os
import sys


def run_script(main) -> None:
    """Run a benchmark's ``main`` as a script: its exit code, and quiet when a reader (``| head``) stops early."""
    try:
        code = main()
    except BrokenPipeError:  # the reader has all it wanted: no traceback for that
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # Python's last flush must not fail again
        code = 1
    sys.exit(code)
