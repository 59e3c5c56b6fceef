#!/usr/bin/env bash
# Runs every cargo-fuzz target of the project for N seconds each (default 60).
# Installs cargo-fuzz if missing. The stable toolchain is used with RUSTC_BOOTSTRAP=1 (cargo-fuzz
# needs unstable compiler flags; no nightly toolchain can be fetched here).
# Usage: scripts/fuzz-ci.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
secs="${1:-60}"
if ! command -v cargo-fuzz >/dev/null 2>&1; then
  echo "installing cargo-fuzz"
  cargo install cargo-fuzz --locked >/dev/null 2>&1 || cargo install cargo-fuzz
fi
export RUSTC_BOOTSTRAP=1
status=0
for dir in */fuzz; do
  [ -f "$dir/Cargo.toml" ] || continue
  crate_dir=$(dirname "$dir")
  for target in $(cd "$crate_dir" && cargo fuzz list 2>/dev/null); do
    echo "-- fuzzing $crate_dir/$target for ${secs}s"
    mkdir -p "$dir/corpus/$target"
    if ! (cd "$crate_dir" && cargo fuzz run --sanitizer none "$target" "fuzz/corpus/$target" -- \
          -max_total_time="$secs" -rss_limit_mb=4096 2>&1 | tail -n 5); then
      echo "!! fuzz target $crate_dir/$target failed"
      status=1
    fi
  done
done
exit $status
