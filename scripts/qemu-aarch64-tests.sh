#!/usr/bin/env bash
# Build the engine and data test binaries for aarch64 and run them under qemu-user, so the
# rules are checked on the Raspberry Pi's architecture without a Pi.
#
#   scripts/qemu-aarch64-tests.sh [extra cargo test args, e.g. a test name filter]
#
# Installs what is missing (through scripts/cross-aarch64.sh --setup-only); idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."

TARGET=aarch64-unknown-linux-gnu
scripts/cross-aarch64.sh --setup-only
for tool in qemu-aarch64 aarch64-linux-gnu-gcc; do
  command -v "$tool" >/dev/null 2>&1 || { echo "SKIP: qemu-aarch64-tests: $tool is missing"; exit 0; }
done
rustup target list --installed | grep -qx "$TARGET" \
  || { echo "SKIP: qemu-aarch64-tests: the rust target $TARGET is missing"; exit 0; }

export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc
export CC_aarch64_unknown_linux_gnu=aarch64-linux-gnu-gcc
# -L makes qemu load the cross toolchain's ld.so. LD_LIBRARY_PATH makes that ld.so load the
# libc of the same build: with the multiarch libc6:arm64 installed too (the kiosk's -dev
# packages pull it in) ld.so would otherwise pick /lib/aarch64-linux-gnu/libc.so.6, a
# different glibc build, and the first pthread_create spins forever in a corrupt stack list.
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER="qemu-aarch64 -L /usr/aarch64-linux-gnu -E LD_LIBRARY_PATH=/usr/aarch64-linux-gnu/lib"

echo "qemu-aarch64-tests: building the engine and data tests for $TARGET"
cargo test -p engine -p data --target "$TARGET" --no-run

echo "qemu-aarch64-tests: running them under qemu-aarch64"
# --no-fail-fast: one failing binary must not hide the results of the others. The pictures of
# the three maps in docs/ are compared with a fresh render natively in `cargo test`; emulated,
# rendering them is slow and checks nothing about the rules, so they are skipped here.
cargo test -p engine -p data --target "$TARGET" --no-fail-fast "$@" -- --skip matches_docs_png
