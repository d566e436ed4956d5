# The completion function of grundy, for bash. It holds no data: the build
# (cmake/grundy_completion.cmake) writes build/<preset>/grundy.bash-completion, the commands,
# flags, choices and families read from the built binary followed by this file, and
# `cmake --install` installs that as share/bash-completion/completions/grundy.
#
# Completes: the commands after `grundy`; after a command, its flags (a word starting with -),
# the families for a GAME argument, the values a flag or argument lists in its help (--format,
# verify's paper), a family's parameter names after -p/--param (`heaps=`), files after a flag
# whose value is a FILE and folders after a folder. Needs bash >= 4.2, not bash-completion.

# The words of the command line, with the tokens bash splits off at `=` and `:` (COMP_WORDBREAKS)
# glued back: `-p heaps=3` is two words, not four. Sets `words`, `cword` and `cur` of _grundy.
_grundy_words() {
  local i j=-1 glue=
  words=()
  cword=0
  for ((i = 0; i < ${#COMP_WORDS[@]}; i++)); do
    local w=${COMP_WORDS[i]}
    if ((j >= 0)) && [[ $w == [=:] || -n $glue ]]; then
      words[j]+=$w
      [[ $w == [=:] ]] && glue=1 || glue=
    else
      words[++j]=$w
      glue=
    fi
    ((i == COMP_CWORD)) && cword=$j
  done
  cur=${words[cword]}
}

# COMPREPLY = the words of $1 that start with $cur.
_grundy_reply() {
  mapfile -t COMPREPLY < <(compgen -W "$1" -- "$cur")
}

_grundy() {
  local -a words
  local cword cur
  _grundy_words
  COMPREPLY=()
  # Values written after `=` or `:` (`--format=csv`, `set=1,2`, leaper moves) are not completed.
  [[ $cur == *[=:]* ]] && return 0

  # The command: the first word after grundy that is not a flag (grundy's own flags take no value).
  local i cmd=
  for ((i = 1; i < cword; i++)); do
    if [[ ${words[i]} != -* ]]; then
      cmd=${words[i]}
      break
    fi
  done
  if [[ -z $cmd ]]; then
    if [[ $cur == -* ]]; then _grundy_reply "$_grundy_main_flags"; else _grundy_reply "$_grundy_commands"; fi
    return 0
  fi
  [[ -n ${_grundy_flags[$cmd]+set} ]] || return 0

  # The positional arguments given so far, skipping flags and the value of each flag that takes one.
  local -a given=()
  local w skip=
  for ((i = i + 1; i < cword; i++)); do
    w=${words[i]}
    if [[ -n $skip ]]; then
      skip=
    elif [[ $w == -* ]]; then
      [[ $w != *=* && ${_grundy_valued[$cmd]} == *" $w "* ]] && skip=1
    else
      given+=("$w")
    fi
  done

  # The value of a flag.
  local prev=${words[cword - 1]}
  if [[ -n $skip ]]; then
    if [[ -n ${_grundy_choices["$cmd $prev"]+set} ]]; then
      _grundy_reply "${_grundy_choices["$cmd $prev"]}"
    elif [[ ${_grundy_file_flags[$cmd]} == *" $prev "* ]]; then
      compopt -o filenames 2> /dev/null
      mapfile -t COMPREPLY < <(compgen -f -- "$cur")
    elif [[ ${_grundy_dir_flags[$cmd]} == *" $prev "* ]]; then
      compopt -o filenames 2> /dev/null
      mapfile -t COMPREPLY < <(compgen -d -- "$cur")
    elif [[ ($prev == -p || $prev == --param) && -n ${given[0]} && -n ${_grundy_params[${given[0]}]+set} ]]; then
      # -p name=value of the family given as the first argument: offer `name=`.
      local name names=
      for name in ${_grundy_params[${given[0]}]}; do names+=" $name="; done
      _grundy_reply "$names"
      compopt -o nospace 2> /dev/null
    fi
    return 0
  fi

  if [[ $cur == -* ]]; then
    _grundy_reply "${_grundy_flags[$cmd]}"
    return 0
  fi

  # A positional argument: a family for `game`, else the choices its help lists, if any.
  local -a positionals=(${_grundy_positionals[$cmd]})
  local name=${positionals[${#given[@]}]}
  if [[ $name == game ]]; then
    _grundy_reply "$_grundy_families"
  elif [[ -n $name && -n ${_grundy_choices["$cmd $name"]+set} ]]; then
    _grundy_reply "${_grundy_choices["$cmd $name"]}"
  fi
  return 0
}

complete -F _grundy grundy
