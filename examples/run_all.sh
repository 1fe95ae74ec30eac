#!/usr/bin/env bash
# Run every example the way a user would; CI calls this. Exits non-zero on the first failure.
set -euo pipefail
cd "$(dirname "$0")"
for script in *.py; do
  [ -e "$script" ] || continue
  echo "== examples/$script"
  python "$script" > /dev/null
done
for overlay in house-rules/*.yaml; do
  [ -e "$overlay" ] || continue
  echo "== examples/$overlay"
  philtre validate "$overlay" > /dev/null
done
echo "examples: all ran"
