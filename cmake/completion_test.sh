#!/usr/bin/env bash
# The test bash_completion: sources the generated completion the way bash-completion does (from
# inside a function) and drives _grundy with COMP_WORDS / COMP_CWORD as bash sets them (a word
# split at `=`), checking COMPREPLY.
# Usage: completion_test.sh GRUNDY_BASH_COMPLETION
file=$1
failures=0
load() { source "$file"; }
load || { echo "cannot source $file"; exit 1; }
complete -p grundy > /dev/null || { echo "no 'complete ... grundy'"; exit 1; }

# complete WORD...: the words of the line, the last one being completed ("" after a space).
complete_line() {
  COMP_WORDS=("$@")
  COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
  COMP_LINE="$*"
  COMP_POINT=${#COMP_LINE}
  COMPREPLY=()
  _grundy
  reply=" ${COMPREPLY[*]} "
}
# expect "LINE" [+WORD | -WORD | =WORDS]...: +WORD must be offered, -WORD must not, =WORDS is
# the whole answer ("=" alone: nothing offered).
expect() {
  local line=$1
  shift
  local -a words
  read -r -a words <<< "$line"
  [[ $line == *" " ]] && words+=("")
  complete_line "${words[@]}"
  local check
  for check in "$@"; do
    case $check in
      +*) [[ $reply == *" ${check:1} "* ]] || { echo "FAIL [$line]: no '${check:1}' in:$reply"; ((failures++)); } ;;
      -*) [[ $reply != *" ${check:1} "* ]] || { echo "FAIL [$line]: '${check:1}' offered:$reply"; ((failures++)); } ;;
      =*) [[ "${COMPREPLY[*]}" == "${check:1}" ]] || { echo "FAIL [$line]: expected '${check:1}', got '${COMPREPLY[*]}'"; ((failures++)); } ;;
    esac
  done
}

expect 'grundy ' +games +table +value +serve -nim -- --help
expect 'grundy ta' =table
expect 'grundy --' +--help -table
expect 'grundy table ' +nim +subtraction +knight -table -- --size
expect 'grundy table nim --' +--size +--fix +--pass +--format +--help -nim -games
expect 'grundy table nim --form' =--format
expect 'grundy table nim --format ' +csv +json +latex -nim -- --size
expect 'grundy table nim -p ' =heaps=
expect 'grundy table fts -p ' +piles= +d= +S=
expect 'grundy value nim --size ' =          # a value to type: nothing offered
expect 'grundy table --size 5 ' +nim         # the 5 is --size's, so GAME comes next
expect 'grundy table nim --size 5 ' =        # table takes no second argument
expect 'grundy value nim ' =                 # the position
expect 'grundy value --pass ' +nim           # --pass takes no value
# as bash splits `-p heaps=3`: -p, heaps, =, 3
complete_line grundy value -p heaps = 3 ""
[[ $reply == *" nim "* ]] || { echo "FAIL [grundy value -p heaps=3 ]: no nim in:$reply"; ((failures++)); }
complete_line grundy value nim -p heaps = 3 ""
[[ -z ${COMPREPLY[*]} ]] || { echo "FAIL [grundy value nim -p heaps=3 ]: offered ${COMPREPLY[*]}"; ((failures++)); }
expect 'grundy verify ' +all +chocolate
expect 'grundy nosuchcommand ' =

if ((failures)); then
  echo "$failures failures"
  exit 1
fi
echo "ok"
