#!/usr/bin/env bash
# Installs what the project needs to build and test on Debian 12 (bookworm).
# Idempotent: when every package is already installed, apt is not touched.
# Needs root only when something has to be installed.
#
# Optional extras, not installed by default:
#   --with-clang (or CUDA_TILE_INSTALL_CLANG=1)  clang-22 and its sanitizer and
#       libFuzzer runtimes, for utils/fuzz.sh (utils/sanitize.sh works with g++)
set -euo pipefail

WITH_CLANG=${CUDA_TILE_INSTALL_CLANG:-0}
for arg in "$@"; do
  case "$arg" in
    --with-clang) WITH_CLANG=1 ;;
    *) echo "install-deps: unknown argument '$arg' (known: --with-clang)" >&2
       exit 2 ;;
  esac
done

PACKAGES=(
  libmlir-22-dev
  mlir-22-tools
  llvm-22-dev
  llvm-22-tools
  libzstd-dev
  libgtest-dev
  cmake
  ninja-build
  g++
  python3
  python3-numpy
)
if [[ "$WITH_CLANG" == 1 ]]; then
  PACKAGES+=(clang-22 libclang-rt-22-dev)
fi

is_installed() {
  local status
  status=$(dpkg-query -W -f='${db:Status-Abbrev}' "$1" 2>/dev/null) || return 1
  [[ "$status" == ii* ]]
}

missing=()
for pkg in "${PACKAGES[@]}"; do
  if ! is_installed "$pkg"; then
    missing+=("$pkg")
  fi
done

if [[ ${#missing[@]} -eq 0 ]]; then
  echo "install-deps: all ${#PACKAGES[@]} packages already installed"
  exit 0
fi

echo "install-deps: missing packages: ${missing[*]}"
if [[ $(id -u) -ne 0 ]]; then
  echo "install-deps: installing requires root; run: sudo bash $0" >&2
  exit 1
fi

apt-get update
DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
  "${PACKAGES[@]}"
echo "install-deps: done"
