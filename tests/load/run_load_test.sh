#!/bin/sh
# The server under load from a second process (ctest: server_load).
#   run_load_test.sh GRUNDY LOAD_CLIENT [client options: --threads K --requests N --seconds S]
# Starts `GRUNDY serve --port 0`, reads the URL it prints, runs the load client against it
# (which checks every answer), then checks that the server is still running and answering,
# that Ctrl-C (SIGINT) stops it cleanly (exit 0, "stopped"), and that it printed no sanitizer
# report. Any failure exits non-zero with one line saying which.
set -u
grundy=$1
client=$2
shift 2
dir=$(mktemp -d)
server=
cleanup() {
  # Only the server this script started, by its id, if it is still there.
  if [ -n "$server" ] && kill -0 "$server" 2>/dev/null; then kill -9 "$server" 2>/dev/null; fi
  rm -rf "$dir"
}
trap cleanup EXIT
fail() {
  echo "server_load: FAIL: $*" >&2
  echo "--- server stdout:" >&2; cat "$dir/out" >&2
  echo "--- server stderr:" >&2; tail -n 40 "$dir/err" >&2
  exit 1
}

"$grundy" serve --port 0 >"$dir/out" 2>"$dir/err" &
server=$!

# The URL ("grundy explorer: http://127.0.0.1:PORT/  (Ctrl-C to stop)"), waited for at most 60 s.
url=
i=0
while [ $i -lt 600 ]; do
  url=$(sed -n 's|^grundy explorer: \(http://[^ ]*\) .*|\1|p' "$dir/out")
  [ -n "$url" ] && break
  kill -0 "$server" 2>/dev/null || fail "the server exited before printing its URL"
  sleep 0.1
  i=$((i + 1))
done
[ -n "$url" ] || fail "no URL printed within 60 s"
case "$url" in
  http://127.0.0.1:*) ;;
  *) fail "the server listens on $url, not on 127.0.0.1 by default" ;;
esac

start=$(date +%s)
"$client" "$url" "$@"
status=$?
echo "server_load: the client ran $(($(date +%s) - start)) s"
kill -0 "$server" 2>/dev/null || fail "the server died under load"
"$client" "$url" --alive || fail "the server does not answer /api/games after the load"

kill -INT "$server"
i=0
while kill -0 "$server" 2>/dev/null && [ $i -lt 300 ]; do
  sleep 0.1
  i=$((i + 1))
done
kill -0 "$server" 2>/dev/null && fail "still running 30 s after SIGINT"
wait "$server"
code=$?
server=
[ "$code" -eq 0 ] || fail "exit status $code after SIGINT, expected 0"
grep -qx stopped "$dir/out" || fail "no 'stopped' line after SIGINT"
if grep -Eq "Sanitizer|runtime error|internal error" "$dir/err"; then fail "the server reported an error"; fi
[ "$status" -eq 0 ] || fail "the load client found wrong answers or errors (exit status $status)"
echo "server_load: ok"
