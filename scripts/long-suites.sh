#!/usr/bin/env bash
# The long suites, in release: every crash state and every storage fault of a 1,000-input
# scripted game of each scenario (firmware/src/saves/fault_tests.rs), and the UI monkey playing
# 10,000 actions per game through the real Table (ui/tests/monkey.rs). `cargo test --workspace`
# runs both with small counts; CI runs this script. Counts can be raised:
#   SAVE_FAULT_INPUTS=2000 MONKEY_ACTIONS=50000 scripts/long-suites.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export SAVE_FAULT_INPUTS="${SAVE_FAULT_INPUTS:-1000}"
export MONKEY_ACTIONS="${MONKEY_ACTIONS:-10000}"
echo "== saves under every fault: ${SAVE_FAULT_INPUTS} inputs per scenario"
log=$(mktemp)
status=0
cargo test --release -p berlin-table --bin berlin-table saves::fault_tests -- --nocapture \
  --test-threads 2 >"$log" 2>&1 || status=$?
grep -E "saves under faults|BUDGET|test result|panicked|FAILED|failures|^error" "$log" || true
if [ "$status" -ne 0 ]; then tail -n 60 "$log"; fi
echo "== the UI monkey: ${MONKEY_ACTIONS} actions per game"
monkey=0
cargo test --release -p ui --test monkey -- --nocapture >"$log" 2>&1 || monkey=$?
tail -n 30 "$log"
rm -f "$log"
[ "$status" -eq 0 ] && [ "$monkey" -eq 0 ]
