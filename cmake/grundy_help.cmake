# Reading the built grundy's own help, shared by the man page (grundy_man.cmake) and the bash
# completion (grundy_completion.cmake): both are derived from the binary at build time, so they
# follow the commands, flags and families as the CLI grows. Included by those scripts (cmake -P);
# GRUNDY is the path of the built binary.

# The standard output of `grundy ARGS...`, with the binary's path in CLI11's "Usage:" line
# written as plain `grundy`. Any failure stops the build: a man page or completion missing a
# command would be worse than none.
function(grundy_run out_var)
  execute_process(COMMAND ${GRUNDY} ${ARGN}
                  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    string(REPLACE ";" " " args "${ARGN}")
    message(FATAL_ERROR "`${GRUNDY} ${args}` failed (${rc}): ${err}")
  endif()
  string(REPLACE "${GRUNDY} " "grundy " out "${out}")
  set(${out_var} "${out}" PARENT_SCOPE)
endfunction()

# Splits a help text into a list of lines (CMake lists use ';', so a ';' inside a line is kept
# as the placeholder <SEMI>: callers put it back with string(REPLACE "<SEMI>" ";" ...)).
function(grundy_lines out_var text)
  string(REPLACE ";" "<SEMI>" text "${text}")
  string(REPLACE "\n" ";" lines "${text}")
  set(${out_var} "${lines}" PARENT_SCOPE)
endfunction()

# The entries of one section of a CLI11 help text (e.g. "Subcommands", "Options", "Positionals",
# in any case: newer CLI11 prints "OPTIONS:"): the lines after its heading up to the next blank
# line.
function(grundy_section out_var text heading)
  grundy_lines(lines "${text}")
  string(TOLOWER "${heading}:" heading)
  set(in_section FALSE)
  set(result "")
  foreach(line IN LISTS lines)
    if(in_section)
      if(line MATCHES "^[ \t]*$")
        break()
      endif()
      list(APPEND result "${line}")
    else()
      string(TOLOWER "${line}" lower)
      string(STRIP "${lower}" lower)
      if(lower STREQUAL heading)
        set(in_section TRUE)
      endif()
    endif()
  endforeach()
  set(${out_var} "${result}" PARENT_SCOPE)
endfunction()

# The command names listed by `grundy --help` (its "Subcommands:" section: a name indented by
# two spaces, then its description; wrapped description lines are indented further).
function(grundy_commands out_var main_help)
  grundy_section(entries "${main_help}" "Subcommands")
  set(commands "")
  foreach(line IN LISTS entries)
    if(line MATCHES "^  ([A-Za-z0-9][A-Za-z0-9_-]*)( |$)")
      list(APPEND commands "${CMAKE_MATCH_1}")
    endif()
  endforeach()
  if(NOT commands)
    message(FATAL_ERROR "no commands found in the \"Subcommands:\" section of `grundy --help`")
  endif()
  set(${out_var} "${commands}" PARENT_SCOPE)
endfunction()
