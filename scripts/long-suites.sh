#!/usr/bin/env bash
# The long suites, in release: every crash state and every storage fault of a 1,000-input
# scripted game of each scenario (firmware/src/saves/fault_tests.rs), the UI monkey playing
# 10,000 actions per game through the real Table (ui/tests/monkey.rs), Fortress Berlin's
# random playouts at 1,000 seeds per scenario and option set (tests/tests/playouts_fortress.rs),
# the series playouts at 20,000 turn and 2,000 unit seeds (tests/tests/playouts_css.rs) and the
# Gates' random playouts at 1,000 seeds per scenario (tests/tests/playouts_gates.rs).
# `cargo test --workspace` runs all three with small counts; CI runs this script. Counts can be
# raised:
#   SAVE_FAULT_INPUTS=2000 MONKEY_ACTIONS=50000 BERLIN_TABLE_FORTRESS_PLAYOUTS=5000 \
#     BERLIN_TABLE_CSS_PLAYOUTS=50000 BERLIN_TABLE_GATES_PLAYOUTS=5000 scripts/long-suites.sh
#
# LONG_SUITES_PROFILE=dev runs them on the dev profile's test binaries instead (CI: the ones
# `cargo test --workspace` has just built, so the step builds nothing; the engine and the
# tests crate are optimised in that profile too, `Cargo.toml`).
set -euo pipefail
cd "$(dirname "$0")/.."
profile=(--release)
[ "${LONG_SUITES_PROFILE:-release}" = dev ] && profile=()
echo "profile: ${LONG_SUITES_PROFILE:-release}"
export SAVE_FAULT_INPUTS="${SAVE_FAULT_INPUTS:-1000}"
export MONKEY_ACTIONS="${MONKEY_ACTIONS:-10000}"
echo "== saves under every fault: ${SAVE_FAULT_INPUTS} inputs per scenario"
log=$(mktemp)
status=0
cargo test "${profile[@]}" --workspace --bin berlin-table saves::fault_tests -- --nocapture \
  --test-threads 2 >"$log" 2>&1 || status=$?
grep -E "saves under faults|BUDGET|test result|panicked|FAILED|failures|^error" "$log" || true
if [ "$status" -ne 0 ]; then tail -n 60 "$log"; fi
echo "== the UI monkey: ${MONKEY_ACTIONS} actions per game"
monkey=0
cargo test "${profile[@]}" --workspace --test monkey -- --nocapture >"$log" 2>&1 || monkey=$?
tail -n 30 "$log"
echo "== Fortress Berlin's random playouts: ${BERLIN_TABLE_FORTRESS_PLAYOUTS:-1000} seeds per set"
playouts=0
cargo test "${profile[@]}" --workspace --test playouts_fortress -- --nocapture >"$log" 2>&1 || playouts=$?
grep -E "playouts,|test result|panicked|FAILED|failures|^error" "$log" || true
if [ "$playouts" -ne 0 ]; then tail -n 60 "$log"; fi
echo "== the series and the Gates' random playouts: ${BERLIN_TABLE_CSS_PLAYOUTS:-20000} and ${BERLIN_TABLE_GATES_PLAYOUTS:-1000} seeds"
series=0
cargo test "${profile[@]}" --workspace --test playouts_css --test playouts_gates -- --nocapture \
  >"$log" 2>&1 || series=$?
grep -E "playouts|test result|panicked|FAILED|failures|^error" "$log" || true
if [ "$series" -ne 0 ]; then tail -n 60 "$log"; fi
rm -f "$log"
[ "$status" -eq 0 ] && [ "$monkey" -eq 0 ] && [ "$playouts" -eq 0 ] && [ "$series" -eq 0 ]
