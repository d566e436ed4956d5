# Writes the bash completion of grundy from the built binary (cmake -P, run by the build):
#   GRUNDY  the built grundy    LOGIC  completions/grundy.bash    OUT  the script to write
# The data (commands, each command's flags and which take a value, the choices a flag or an
# argument lists in its help, the families and their parameters) are read from `grundy --help`,
# `grundy COMMAND --help` and `grundy games --format json`, and written as bash arrays ahead of
# the completion function of LOGIC. Nothing here names a command, a flag or a family.
cmake_minimum_required(VERSION 3.25)  # the policies of the project, in script mode too
include(${CMAKE_CURRENT_LIST_DIR}/grundy_help.cmake)

# Only plain words go into the script (they are single-quoted there, and compgen -W splits on
# blanks); anything else is dropped rather than quoted.
function(grundy_words out_var)
  set(result "")
  foreach(word IN LISTS ARGN)
    if(word MATCHES "^[A-Za-z0-9_.,:=+-]+$")
      list(APPEND result "${word}")
    endif()
  endforeach()
  list(JOIN result " " result)
  set(${out_var} "${result}" PARENT_SCOPE)
endfunction()

# "text, csv, json (default ...)" or "chocolate, fts or all" -> the words of a help line that is
# a list of at least two words (then at most a remark in parentheses).
function(grundy_choices out_var description)
  set(choices "")
  if(description MATCHES "^([A-Za-z0-9_-]+((, | or )[A-Za-z0-9_-]+)+)( \\(.*)?$")
    string(REPLACE ", " ";" choices "${CMAKE_MATCH_1}")
    string(REPLACE " or " ";" choices "${choices}")
  endif()
  set(${out_var} "${choices}" PARENT_SCOPE)
endfunction()

# The entries of a help section as (names, type, description) in three lists, one element per
# entry. CLI11 prints "  NAMES TYPE...   description", the description after two or more blanks
# or, when NAMES and TYPE are long, on the next line, indented further. `name_regex` matches the
# NAMES field ("-p,--param" in Options, "game" in Positionals).
macro(grundy_entries section name_regex)
  set(entry_names "")
  set(entry_types "")
  set(entry_descriptions "")
  list(LENGTH ${section} n)
  set(k 0)
  while(k LESS n)
    list(GET ${section} ${k} line)
    math(EXPR k "${k} + 1")
    if(NOT line MATCHES "^  (${name_regex})(( [^ ]+)*)(  +(.*))?$")
      continue()
    endif()
    set(names "${CMAKE_MATCH_1}")
    string(STRIP "${CMAKE_MATCH_2}" type)
    set(description "${CMAKE_MATCH_5}")
    if(description STREQUAL "" AND k LESS n)
      list(GET ${section} ${k} next)
      if(next MATCHES "^   +([^ -].*)$")
        set(description "${CMAKE_MATCH_1}")
      endif()
    endif()
    string(REPLACE ";" "<SEMI>" type "${type}")
    string(REPLACE ";" "<SEMI>" description "${description}")
    list(APPEND entry_names "${names}")
    list(APPEND entry_types "${type}<END>")
    list(APPEND entry_descriptions "${description}<END>")
  endwhile()
endmacro()

grundy_run(main_help --help)
grundy_commands(commands "${main_help}")
grundy_words(command_words ${commands})

# Flags: every "  -x,--name ..." line, in "Options:" or in any option group of its own.
grundy_lines(main_lines "${main_help}")
grundy_entries(main_lines "-[^ ]+")
string(REPLACE "," ";" main_flags "${entry_names}")
grundy_words(main_flag_words ${main_flags})

# The families and their parameters, from the registry through `grundy games --format json`.
grundy_run(games_json games --format json)
string(JSON family_count LENGTH "${games_json}")
set(families "")
set(params_lines "")
math(EXPR last "${family_count} - 1")
foreach(i RANGE ${last})
  string(JSON family GET "${games_json}" ${i} name)
  list(APPEND families "${family}")
  # (a family without parameters has no "params")
  string(JSON param_count ERROR_VARIABLE no_params LENGTH "${games_json}" ${i} params)
  set(params "")
  if(NOT no_params AND param_count GREATER 0)
    math(EXPR last_param "${param_count} - 1")
    foreach(j RANGE ${last_param})
      string(JSON param GET "${games_json}" ${i} params ${j} name)
      list(APPEND params "${param}")
    endforeach()
  endif()
  grundy_words(family_word ${family})
  grundy_words(param_words ${params})
  if(family_word)
    string(APPEND params_lines "  [${family_word}]='${param_words}'\n")
  endif()
endforeach()
grundy_words(family_words ${families})
if(family_words STREQUAL "")
  message(FATAL_ERROR "no families in `grundy games --format json`")
endif()

set(flags_lines "")
set(valued_lines "")
set(file_lines "")
set(dir_lines "")
set(positional_lines "")
set(choice_lines "")
foreach(command IN LISTS commands)
  grundy_run(help ${command} --help)

  grundy_lines(help_lines "${help}")
  grundy_entries(help_lines "-[^ ]+")
  set(all_flags "")
  set(valued "")
  set(files "")
  set(dirs "")
  foreach(names type description IN ZIP_LISTS entry_names entry_types entry_descriptions)
    string(REPLACE "," ";" names "${names}")
    string(REPLACE "<END>" "" type "${type}")
    string(REPLACE "<END>" "" description "${description}")
    list(APPEND all_flags ${names})
    # A flag takes a value when its help shows what the value is (FILE, N|AxB, name=value, c=v,
    # STYLE=bold...); a flag without a value shows nothing there.
    string(REGEX MATCH "^[^ ]+" type_word "${type}")
    if(NOT type_word STREQUAL "" AND NOT type_word STREQUAL "REQUIRED")
      list(APPEND valued ${names})
      grundy_choices(choices "${description}")
      if(choices)
        grundy_words(choice_words ${choices})
        foreach(name IN LISTS names)
          grundy_words(name_word ${name})
          string(APPEND choice_lines "  ['${command} ${name_word}']='${choice_words}'\n")
        endforeach()
      elseif(description MATCHES "FILE")
        list(APPEND files ${names})
      elseif(description MATCHES "(folder|directory|DIR)")
        list(APPEND dirs ${names})
      endif()
    endif()
  endforeach()

  grundy_section(positionals "${help}" "Positionals")
  grundy_entries(positionals "[A-Za-z][A-Za-z0-9_-]*")
  set(positional_names "")
  foreach(name description IN ZIP_LISTS entry_names entry_descriptions)
    string(REPLACE "<END>" "" description "${description}")
    list(APPEND positional_names "${name}")
    grundy_choices(choices "${description}")
    if(choices)
      grundy_words(choice_words ${choices})
      string(APPEND choice_lines "  ['${command} ${name}']='${choice_words}'\n")
    endif()
  endforeach()

  grundy_words(command_word ${command})
  if(NOT command_word)
    continue()
  endif()
  foreach(var all_flags valued files dirs positional_names)
    grundy_words(${var}_words ${${var}})
  endforeach()
  string(APPEND flags_lines "  [${command_word}]='${all_flags_words}'\n")
  string(APPEND valued_lines "  [${command_word}]=' ${valued_words} '\n")
  string(APPEND file_lines "  [${command_word}]=' ${files_words} '\n")
  string(APPEND dir_lines "  [${command_word}]=' ${dirs_words} '\n")
  string(APPEND positional_lines "  [${command_word}]='${positional_names_words}'\n")
endforeach()

file(READ ${LOGIC} logic)
file(WRITE ${OUT}.tmp "# bash completion for grundy. Generated at build time from the built binary's
# `grundy --help`, `grundy COMMAND --help` and `grundy games --format json` by
# cmake/grundy_completion.cmake, followed by completions/grundy.bash: edit those, not this file.
# (declare -g: bash-completion sources this file from inside a function.)
declare -g _grundy_commands='${command_words}'
declare -g _grundy_main_flags='${main_flag_words}'
declare -g _grundy_families='${family_words}'
# each family's parameters (the names of -p name=value)
declare -gA _grundy_params=(
${params_lines})
# each command's flags; those that take a value; those whose value is a file, a folder
declare -gA _grundy_flags=(
${flags_lines})
declare -gA _grundy_valued=(
${valued_lines})
declare -gA _grundy_file_flags=(
${file_lines})
declare -gA _grundy_dir_flags=(
${dir_lines})
# each command's positional arguments, in order (`game` is completed with the families)
declare -gA _grundy_positionals=(
${positional_lines})
# the values listed in the help of a flag or a positional ('COMMAND --flag', 'COMMAND name')
declare -gA _grundy_choices=(
${choice_lines})

${logic}")
file(RENAME ${OUT}.tmp ${OUT})
