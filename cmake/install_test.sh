#!/usr/bin/env bash
# The test install_layout: `cmake --install` into a temporary prefix puts every file where the
# README says and nothing else: the CLI's files, and the C++ library (libgrundy.a, every header
# of the engine's folders of src/ under include/grundy and none of the faces', the CMake
# package and grundy.pc, none naming this source tree);
# the installed grundy runs and serves the explorer it carries inside (no source tree or web
# folder needed), from any directory. The cpp_package test builds against the library.
# Usage: install_test.sh CMAKE BUILD_DIR SOURCE_DIR WITH_MAN_PAGE(0|1) 'ENGINE_FOLDERS' (a CMake list)
cmake=$1 build=$2 source=$3 with_man=$4
IFS=';' read -r -a engine_folders <<< "$5"
tmp=$(mktemp -d) || exit 1
server=
cleanup() {
  [ -n "$server" ] && kill -INT "$server" 2> /dev/null && wait "$server" 2> /dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT
fail() { echo "install_test: $*" >&2; exit 1; }

"$cmake" --install "$build" --prefix "$tmp/prefix" > "$tmp/install.log" 2>&1 || { cat "$tmp/install.log"; fail "cmake --install failed"; }
p=$tmp/prefix
expected=(bin/grundy share/bash-completion/completions/grundy
          share/doc/grundy/LICENSE share/doc/grundy/CITATION.cff share/doc/grundy/README.md
          lib/libgrundy.a lib/pkgconfig/grundy.pc lib/cmake/grundy/grundyConfig.cmake
          lib/cmake/grundy/grundyConfigVersion.cmake lib/cmake/grundy/grundyTargets.cmake)
[ "$with_man" = 1 ] && expected+=(share/man/man1/grundy.1)
mapfile -t -O "${#expected[@]}" expected < <(cd "$source/src" && find "${engine_folders[@]}" -name '*.hpp' | sed 's|^|include/grundy/|')
for f in "${expected[@]}"; do
  [ -s "$p/$f" ] || fail "$f not installed"
done
[ -x "$p/bin/grundy" ] || fail "bin/grundy is not executable"
unexpected=$(cd "$p" && find . -type f | grep -Ev '^\./(bin/grundy|share/(man/man1/grundy\.1|bash-completion/completions/grundy|doc/grundy/[^/]+)|lib/(libgrundy\.a|pkgconfig/grundy\.pc|cmake/grundy/grundy(Config|ConfigVersion|Targets(-[a-z]+)?)\.cmake)|include/grundy/([a-z]+/)+[a-z0-9_]+\.hpp)$')
[ -z "$unexpected" ] || fail "unexpected files installed: $unexpected"
[ "$(cd "$p/include/grundy" && find . -name '*.hpp' | wc -l)" = "$(cd "$source/src" && find "${engine_folders[@]}" -name '*.hpp' | wc -l)" ] ||
  fail "include/grundy does not hold exactly the headers of the engine's folders of src/"
# A consumer gets no path into this source tree (or the build tree under it).
named=$(grep -rlF "$source" "$p/lib/cmake" "$p/lib/pkgconfig" "$p/include")
[ -z "$named" ] || fail "installed files name the source tree $source: $named"

out=$("$p/bin/grundy" games) || fail "the installed grundy games failed"
grep -q nim <<< "$out" || fail "the installed grundy games does not list nim: $out"
bash -c "source '$p/share/bash-completion/completions/grundy' && complete -p grundy" > /dev/null ||
  fail "the installed completion does not load"

# The installed grundy serves the explorer built into it, from a directory of its own.
(cd "$tmp" && exec "$p/bin/grundy" serve --port 0 > "$tmp/serve.out" 2> "$tmp/serve.err") &
server=$!
port=
for _ in $(seq 100); do
  port=$(sed -n 's|.*http://127\.0\.0\.1:\([0-9]*\)/.*|\1|p' "$tmp/serve.out")
  [ -n "$port" ] && break
  kill -0 "$server" 2> /dev/null || fail "grundy serve exited: $(cat "$tmp/serve.err")"
  sleep 0.1
done
[ -n "$port" ] || fail "grundy serve printed no address: $(cat "$tmp/serve.out" "$tmp/serve.err")"
page=$(timeout 10 bash -c "exec 3<>/dev/tcp/127.0.0.1/$port && printf 'GET / HTTP/1.0\r\nHost: localhost\r\n\r\n' >&3 && cat <&3") ||
  fail "no answer from grundy serve on port $port"
grep -qF "$(tail -n 3 "$source/web/index.html")" <<< "$page" || fail "grundy serve did not serve the explorer's index.html: $page"
kill -INT "$server" && wait "$server"
rc=$?
server=
[ "$rc" = 0 ] || fail "grundy serve exited with $rc on SIGINT, not 0"
echo "ok: $(cd "$p" && find . -type f | wc -l) files installed"
