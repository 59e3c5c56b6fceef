#!/usr/bin/env bash
# Cross-build the kiosk (berlin-table with Slint's linuxkms backend) for a 64-bit Raspberry Pi
# without Docker: Debian multiarch arm64 -dev packages, gcc-aarch64-linux-gnu as the linker.
#
#   scripts/cross-aarch64.sh               install what is missing, build, print the size
#   scripts/cross-aarch64.sh --setup-only  only install the toolchain and the arm64 libraries
#
# Idempotent: installed packages and an added rustup target are skipped. Runs as root (CI)
# or as a user with sudo.
set -euo pipefail
cd "$(dirname "$0")/.."

TARGET=aarch64-unknown-linux-gnu
SETUP_ONLY=0
case "${1:-}" in
  "") ;;
  --setup-only) SETUP_ONLY=1 ;;
  -h | --help) sed -n '2,9p' "$0"; exit 0 ;;
  *) echo "cross-aarch64.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
esac

say() { echo "cross-aarch64: $*"; }

if [ "$(id -u)" -eq 0 ]; then
  SUDO=()
elif command -v sudo >/dev/null 2>&1; then
  SUDO=(sudo)
else
  SUDO=(false)
fi
# Cannot install what is missing (no root, no sudo, no network): a skip with the reason, not a
# failure, like the other tests that need more than the Rust toolchain.
skip() { echo "SKIP: cross-aarch64: $*"; exit 0; }

# Host tools, then the arm64 libraries the kiosk links against: libudev, libinput,
# libxkbcommon, libgbm (+ libdrm for gbm.pc) for linuxkms, and libfontconfig for Slint's font
# lookup. The :arm64 packages need the architecture enabled first.
HOST_PKGS=(gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user pkg-config file)
ARM64_PKGS=(libudev-dev:arm64 libinput-dev:arm64 libxkbcommon-dev:arm64 libgbm-dev:arm64
  libdrm-dev:arm64 libfontconfig-dev:arm64)

installed() { dpkg-query -W -f='${db:Status-Status}\n' "$1" 2>/dev/null | grep -qx installed; }

if ! dpkg --print-foreign-architectures | grep -qx arm64; then
  say "enabling the arm64 architecture in dpkg"
  "${SUDO[@]}" dpkg --add-architecture arm64 || skip "cannot enable the arm64 architecture (need root)"
  # The package lists must be re-read to see the :arm64 packages.
  NEED_UPDATE=1
fi

missing=()
for p in "${HOST_PKGS[@]}" "${ARM64_PKGS[@]}"; do
  installed "$p" || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  say "installing: ${missing[*]}"
  if [ "${NEED_UPDATE:-0}" = 1 ] || ! apt-cache show "${missing[0]}" >/dev/null 2>&1; then
    "${SUDO[@]}" apt-get update -qq || skip "apt-get update failed (need root and Debian's mirrors)"
  fi
  "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -qq --no-install-recommends "${missing[@]}" \
    || skip "cannot install ${missing[*]}"
else
  say "packages already installed"
fi

if ! rustup target list --installed | grep -qx "$TARGET"; then
  say "adding the rust target $TARGET"
  rustup target add "$TARGET" || skip "the rust target $TARGET cannot be installed"
fi

[ "$SETUP_ONLY" = 1 ] && { say "setup done"; exit 0; }

export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc
export CC_aarch64_unknown_linux_gnu=aarch64-linux-gnu-gcc
export PKG_CONFIG_ALLOW_CROSS=1
export PKG_CONFIG_PATH=/usr/lib/aarch64-linux-gnu/pkgconfig
export PKG_CONFIG_LIBDIR=/usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig

say "building the kiosk for $TARGET"
cargo build --release -p berlin-table --features kiosk --target "$TARGET"

bin="${CARGO_TARGET_DIR:-target}/$TARGET/release/berlin-table"
if [ ! -f "$bin" ]; then
  say "the build finished but $bin is missing" >&2
  exit 1
fi
size=$(stat -c %s "$bin")
say "$bin: $size bytes ($(( (size + 524288) / 1048576 )) MiB)"
file -b "$bin" || true
