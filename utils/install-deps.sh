#!/usr/bin/env bash
# Installs what the project needs to build and test on Debian 12 (bookworm).
# Idempotent: when every package is already installed, apt is not touched.
# Needs root only when something has to be installed.
set -euo pipefail

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
)

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
