#!/usr/bin/env bash
# Installs the Debian packages grundy needs, only those missing. Safe to run again.
set -euo pipefail
packages=(g++ cmake ninja-build make pkg-config libgtest-dev libgmock-dev libbenchmark-dev libcli11-dev libfmt-dev nlohmann-json3-dev
          libmicrohttpd-dev chromium
          libcairo2-dev fonts-dejavu-core  # figures: Cairo, and the font they are set in
          libpng-dev librsvg2-bin poppler-utils  # the figure tests: PNG decoding, SVG and PDF rasterised
          libcpp-httplib-dev  # only the HTTP client of the server tests and tests/load
          libopenmpi-dev openmpi-bin  # the distributed sweeps under mpirun, and their tests
          libsqlite3-dev  # the atlas's database
          libnauty2-dev  # canonical forms of graphs for the search of Node and Arc Kayles (nauty)
          clang libclang-rt-14-dev  # clang + compiler-rt: the libFuzzer targets of fuzz/
          help2man groff-base man-db  # the man page, generated from --help and rendered by its test
          python3-yaml  # the test that CITATION.cff parses as YAML
          python3-numpy  # the contract test: numpy.load and numpy.loadtxt read the npy and wide CSV files
          # The Python module (python/): pybind11, its tests, pip install of the package, and the
          # example notebook run headless (examples/).
          pybind11-dev python3-dev python3-pytest python3-pip python3-setuptools
          python3-matplotlib jupyter-nbconvert python3-ipykernel)
# Node and npm drive the browser test (tests/e2e); a machine that has node from elsewhere keeps it.
command -v node > /dev/null || packages+=(nodejs npm)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing missing Debian packages: ${missing[*]}"
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
# Playwright's driver (no browser download: the test uses Debian's chromium), pinned by the lock file.
e2e="$(dirname "$0")/../tests/e2e"
if [ ! -d "$e2e/node_modules/playwright-core" ]; then
  (cd "$e2e" && npm ci --no-audit --no-fund --loglevel=error)
fi
