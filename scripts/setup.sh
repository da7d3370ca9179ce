#!/usr/bin/env bash
# Shared set-up for run.sh and test.sh: install any missing Debian package
# (as root, with apt-get), then configure and build a Release tree in build/.
# usage: scripts/setup.sh [--full] [CMAKE_OPTIONS...]
#   --full  also install what the full test tier needs (scripts/test.sh --full)
set -euo pipefail
cd "$(dirname "$0")/.."

# Building and running the tool, and the quick test tier: the compiler and
# make, CMake, the libraries, python3, with which the CLI tests read JSON
# output, and its jsonschema module, with which they check it against
# docs/schema; the Python module (pybind11, numpy) and its tests (pytest,
# venv, setuptools and pip for `pip install .`; matplotlib for the example
# of docs/python.md); zsh, to check the syntax of the generated zsh
# completion.
packages=(g++ make cmake libboost-program-options-dev libboost-dev libpcg-cpp-dev libgtest-dev nlohmann-json3-dev
          python3 python3-jsonschema python3-dev pybind11-dev python3-pybind11 python3-numpy python3-pytest
          python3-venv python3-setuptools python3-pip python3-matplotlib zsh)
# The full tier adds Clang with libFuzzer and the sanitizer runtimes
# (libclang-rt-14-dev) and Clang's OpenMP (libomp-14-dev) for the fuzz
# targets, Open MPI for the MPI variant and its launcher, and matplotlib,
# with which the plot test draws a run (scripts/plot_convergence.py).
full_packages=(clang libclang-rt-14-dev libomp-14-dev libopenmpi-dev openmpi-bin python3-matplotlib)
if [ "${1:-}" = --full ]; then
  packages+=("${full_packages[@]}")
  shift
fi

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
