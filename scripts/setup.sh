#!/usr/bin/env bash
# Shared set-up for run.sh and test.sh: install any missing Debian package
# (as root, with apt-get), then configure and build a Release tree in build/.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(g++ cmake libboost-program-options-dev libboost-dev libpcg-cpp-dev libgtest-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}" >&2
  if [ "$(id -u)" -ne 0 ]; then
    echo "error: packages missing (${missing[*]}); run as root or install them with apt-get" >&2
    exit 2
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq "${missing[@]}" >&2
fi

cmake -S . -B build -DCMAKE_BUILD_TYPE=Release "$@" >&2
cmake --build build -j "$(nproc)" >&2
