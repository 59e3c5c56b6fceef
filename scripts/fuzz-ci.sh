#!/usr/bin/env bash
# Runs every cargo-fuzz target of the project (each `*/fuzz` crate: data/fuzz for the data
# loader, firmware/fuzz for the save loader and the text notations) for N seconds each.
#
#   scripts/fuzz-ci.sh [SECONDS]      default 60 per target
#
# Needs the nightly toolchain (`cargo +nightly fuzz`): without it this prints SKIP and exits 0.
# Installs cargo-fuzz from crates.io if it is missing. Seeds in `<crate>/fuzz/seeds/<target>`
# are read; what the fuzzer learns goes to `<crate>/fuzz/corpus/<target>` (not committed).
# A crash fails the script; the crashing input is in `<crate>/fuzz/artifacts/<target>/`.
set -euo pipefail
cd "$(dirname "$0")/.."
secs="${1:-60}"

if ! rustup toolchain list 2>/dev/null | grep -q '^nightly'; then
  echo "SKIP: no nightly Rust toolchain (cargo-fuzz needs one: rustup toolchain install nightly)"
  exit 0
fi
if ! command -v cargo-fuzz >/dev/null 2>&1; then
  echo "fuzz-ci: installing cargo-fuzz from crates.io"
  if ! cargo install cargo-fuzz --locked >/tmp/cargo-fuzz-install.log 2>&1; then
    tail -n 5 /tmp/cargo-fuzz-install.log
    echo "SKIP: cargo-fuzz could not be installed"
    exit 0
  fi
fi

# One build directory for every fuzz crate: they share the engine, the data loader and their
# dependencies, built once (each crate's own `fuzz/target` built them again).
target_dir="${FUZZ_TARGET_DIR:-$PWD/target/fuzz}"
status=0
for dir in */fuzz; do
  [ -f "$dir/Cargo.toml" ] || continue
  crate_dir=$(dirname "$dir")
  for target in $(cd "$crate_dir" && cargo +nightly fuzz list 2>/dev/null); do
    echo "-- fuzzing $crate_dir/$target for ${secs}s"
    mkdir -p "$dir/corpus/$target"
    corpora=("fuzz/corpus/$target")
    [ -d "$dir/seeds/$target" ] && corpora+=("fuzz/seeds/$target")
    log="/tmp/fuzz-$(basename "$crate_dir")-$target.log"
    # --sanitizer none: the code is safe Rust; the fuzzer looks for panics, hangs and
    # runaway memory, and runs several times faster without AddressSanitizer.
    if (cd "$crate_dir" && cargo +nightly fuzz run --sanitizer none --target-dir "$target_dir" \
          "$target" "${corpora[@]}" -- \
          -max_total_time="$secs" -rss_limit_mb=4096 -timeout=10 -print_final_stats=1) >"$log" 2>&1; then
      # The last status line (runs, coverage) and the run count of the final stats.
      grep -E '^#[0-9]+' "$log" | tail -n 1 || true
      grep -E 'stat::number_of_executed_units' "$log" || true
      echo "   $crate_dir/$target: no crash"
    else
      tail -n 30 "$log"
      echo "!! fuzz target $crate_dir/$target failed (log: $log)"
      status=1
    fi
  done
done
exit $status
