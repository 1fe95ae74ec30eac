"""`python -m philtre`: the same command line as the `philtre` script."""

from philtre.interpreter.cli import main

main()
