#!/bin/sh
# The test man_page: the generated grundy.1 renders without a warning from groff and shows its
# sections, the version, and a subsection per command of `grundy --help` with that command's
# options. Exit 77 (skipped) where neither man nor groff is installed.
# Usage: man_page_test.sh GRUNDY_1 GRUNDY VERSION
page=$1 grundy=$2 version=$3
fail() { echo "man_page_test: $*" >&2; exit 1; }
[ -s "$page" ] || fail "$page: missing or empty"
if command -v groff > /dev/null; then
  warnings=$(groff -man -Tutf8 -ww -z "$page" 2>&1) || fail "groff failed: $warnings"
  [ -z "$warnings" ] || fail "groff warnings: $warnings"
fi
if command -v man > /dev/null; then
  text=$(MANPAGER=cat MANWIDTH=100 man -l "$page" 2> /dev/null) || fail "man -l $page failed"
elif command -v groff > /dev/null; then
  text=$(groff -man -Tutf8 -P-cbou -rLL=100n "$page") || fail "groff failed"
else
  echo "neither man nor groff: skipped"
  exit 77
fi
has() { printf '%s\n' "$text" | grep -Eq -- "$1" || fail "no line matching '$1' in the rendered page"; }
has '^GRUNDY\(1\)'
has '^NAME$'
has '^ +grundy - .*impartial'
has '^SYNOPSIS$'
has '^COMMANDS$'
has '^COPYRIGHT$'
has "^grundy $version "
has '^ +grundy table$'
has '^ +Usage: grundy table .*game'
has '^ +--size N'
has '^ +grundy serve$'
has '^ +--port PORT'
# every command that `grundy --help` lists has its subsection
commands=$("$grundy" --help | sed -n '/^[Ss][Uu][Bb][Cc][Oo][Mm][Mm][Aa][Nn][Dd][Ss]:/,/^$/s/^  \([A-Za-z0-9][A-Za-z0-9_-]*\).*/\1/p')
[ -n "$commands" ] || fail "no commands in grundy --help"
for c in $commands; do has "^ +grundy $c\$"; done
echo "ok: $(printf '%s\n' "$text" | wc -l) lines, $(echo $commands | wc -w) commands"
