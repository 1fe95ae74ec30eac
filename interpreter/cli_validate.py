"""`philtre validate`: check ruleset, scenario and overlay files."""

from __future__ import annotations

import json
import sys

import click

from .cli import EXIT_FINDINGS, guarded

@click.command()
@click.argument("paths", nargs=-1, required=True)
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", help="Output format of findings.")
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when there are findings.")
@guarded
def validate(paths, fmt, exit_zero):
    """Check ruleset files: YAML, schema, names, types, expressions."""
    from philtre.dsl.errors import PhiltreError
    from philtre.dsl.validate import validate_path

    findings = []
    for path in paths:
        try:
            validate_path(path)
        except PhiltreError as exc:
            findings.extend(exc.diagnostics)
    if fmt == "json":
        click.echo(json.dumps([{"path": d.loc.path, "line": d.loc.line, "column": d.loc.col, "code": d.code,
                                "message": d.message, "hint": d.hint} for d in findings], indent=2))
    else:
        for d in findings:
            click.echo(str(d))
        click.echo(f"{len(paths)} file(s) checked, {len(findings)} finding(s)", err=True)
    sys.exit(EXIT_FINDINGS if findings and not exit_zero else 0)


