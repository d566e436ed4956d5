#!/usr/bin/env bash
# The test cpp_package: the C++ library as a user gets it. `cmake --install` into a temporary
# prefix, then examples/cpp configured against that prefix alone (find_package(grundy)), built
# with Ninja and run: its own checks (Beatty pairs, oracle, memo = dense) must hold. Then a
# one-file consumer compiled with `pkg-config --cflags --libs grundy` and run.
# The build's CXX flags are passed on: a library built with sanitizers links only into a
# program built with them.
# Usage: cpp_package_test.sh CMAKE BUILD_DIR SOURCE_DIR CXX PKG_CONFIG "CXX_FLAGS"
cmake=$1 build=$2 source=$3 cxx=$4 pkg_config=$5 cxx_flags=$6
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "cpp_package_test: $*" >&2; exit 1; }
p=$tmp/prefix

"$cmake" --install "$build" --prefix "$p" > "$tmp/install.log" 2>&1 || { cat "$tmp/install.log"; fail "cmake --install failed"; }

# examples/cpp, as its README says to build it.
"$cmake" -S "$source/examples/cpp" -B "$tmp/build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$p" \
  -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_CXX_FLAGS="$cxx_flags" > "$tmp/configure.log" 2>&1 ||
  { cat "$tmp/configure.log"; fail "configuring examples/cpp against the installed package failed"; }
grep -qx "grundy_DIR:PATH=$p/lib/cmake/grundy" "$tmp/build/CMakeCache.txt" ||
  fail "find_package(grundy) did not find the installed package: $(grep grundy_DIR "$tmp/build/CMakeCache.txt")"
"$cmake" --build "$tmp/build" > "$tmp/build.log" 2>&1 || { cat "$tmp/build.log"; fail "building examples/cpp failed"; }
# The example compiled against the installed headers, not this source tree's.
! grep -q -- "-I$source/src" "$tmp/build/build.ninja" || fail "examples/cpp was compiled with -I$source/src"
out=$("$tmp/build/wythoff" 2>&1) || { echo "$out"; fail "examples/cpp's wythoff failed its own checks"; }
grep -qF "P-positions with p = 0, x <= y < 40: (0,0) (1,2) (3,5) (4,7) (6,10) (8,13) (9,15) (11,18)" <<< "$out" ||
  { echo "$out"; fail "wythoff printed no Beatty pairs"; }
[ "$(tail -n 1 <<< "$out")" = ok ] || { echo "$out"; fail "wythoff did not end with ok"; }
# The engine alone: none of the faces' libraries (Cairo, libmicrohttpd, SQLite, CLI11) on the
# example's link line, loaded by it, or compiled into it.
for lib in cairo microhttpd sqlite3; do
  ! grep -q "lib$lib" "$tmp/build/build.ninja" || fail "examples/cpp is linked with lib$lib"
  ! ldd "$tmp/build/wythoff" | grep -q "lib$lib" || fail "wythoff loads lib$lib"
done
! grep -qi "cli11" "$tmp/build/build.ninja" || fail "examples/cpp is built with CLI11"
! nm -C "$tmp/build/wythoff" | grep -q " CLI::" || fail "wythoff holds CLI11's code"
! ls "$p/include/grundy" | grep -qxE "cli|server|atlas|figures" || fail "the faces' headers were installed"

# pkg-config, with a consumer of one line (and its includes).
cat > "$tmp/nim.cpp" << 'CPP'
#include <iostream>
#include "core/solve/game.hpp"
#include "games/nim.hpp"
int main() { std::cout << "G(3,5,7) = " << grundy::core::Game::of(grundy::games::Nim(3)).make_solver()->value({3, 5, 7}) << "\n"; }
CPP
flags=$(PKG_CONFIG_PATH=$p/lib/pkgconfig "$pkg_config" --cflags --libs grundy) || fail "pkg-config --cflags --libs grundy failed"
inc=$(PKG_CONFIG_PATH=$p/lib/pkgconfig "$pkg_config" --variable=includedir grundy)
[ "$(realpath "$inc")" = "$p/include/grundy" ] || fail "grundy.pc's includedir $inc is not $p/include/grundy"
# shellcheck disable=SC2086  # the flags are words
"$cxx" -std=c++20 $cxx_flags "$tmp/nim.cpp" -o "$tmp/nim" $flags > "$tmp/cc.log" 2>&1 ||
  { cat "$tmp/cc.log"; fail "compiling with pkg-config's flags ($flags) failed"; }
out=$("$tmp/nim") || fail "the pkg-config consumer failed: $out"
[ "$out" = "G(3,5,7) = 1" ] || fail "the pkg-config consumer printed '$out', not 'G(3,5,7) = 1'"
echo "ok: examples/cpp via find_package and a consumer via pkg-config ($flags)"
