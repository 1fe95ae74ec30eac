#!/usr/bin/env bash
# Run every example the way a user would; CI calls this. Exits non-zero on the first failure.
set -euo pipefail
cd "$(dirname "$0")"
for script in *.py; do
  [ -e "$script" ] || continue
  echo "== examples/$script"
  python "$script" > /dev/null
done
# Every house rule validates and simulates on its base game.
for overlay in house-rules/*.yaml; do
  [ -e "$overlay" ] || continue
  base=$(sed -n 's/^extends: *//p' "$overlay" | head -n 1)
  echo "== examples/$overlay (on $base)"
  philtre validate "$overlay" > /dev/null
  philtre simulate "$base" --variant "$overlay" --players 4 --games 50 --seed 1 --no-db > /dev/null
done
# Every example ruleset folder validates, passes its scenarios and simulates.
for folder in */; do
  folder=${folder%/}
  [ -f "$folder/ruleset.yaml" ] || continue
  echo "== examples/$folder"
  philtre validate "$folder/ruleset.yaml" > /dev/null
  philtre test "$folder" > /dev/null
  low=$(sed -n 's/^players: *\([0-9]*\).*/\1/p' "$folder/ruleset.yaml" | head -n 1)
  philtre simulate "$folder" --players "${low:-2}" --games 20 --no-db > /dev/null  # examples leave no results database
done
echo "examples: all ran"
