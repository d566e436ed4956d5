# Writes the man page grundy.1 with help2man from the built binary (cmake -P, run by the build):
#   GRUNDY    the built grundy          HELP2MAN  help2man
#   VERSION   the project's version     INCLUDE   the static sections (cmake/grundy.h2m)
#   OUT       the man page to write
# help2man reads `grundy --help`; the version comes from CMake through --version-string, so the
# page does not need a `grundy --version`. A COMMANDS section holds every command's own --help,
# the list of commands taken from `grundy --help`: nothing here names a command or a flag.
cmake_minimum_required(VERSION 3.25)  # the policies of the project, in script mode too
include(${CMAKE_CURRENT_LIST_DIR}/grundy_help.cmake)

# Text for roff: backslashes, hyphens (plain `-` may print as a typographic hyphen, which a
# copied flag would not survive) and quotes written as the characters they are, and a line
# starting with a dot or a quote kept from being read as a request.
function(grundy_roff out_var text)
  string(REPLACE "\\" "\\e" text "${text}")
  string(REPLACE "-" "\\-" text "${text}")
  string(REPLACE "'" "\\(aq" text "${text}")
  string(REPLACE "`" "\\(ga" text "${text}")
  string(REPLACE "\n." "\n\\&." text "\n${text}")
  string(SUBSTRING "${text}" 1 -1 text)
  set(${out_var} "${text}" PARENT_SCOPE)
endfunction()

grundy_run(main_help --help)
grundy_commands(commands "${main_help}")

# NAME: the first line of `grundy --help` ("grundy: what it does").
string(REGEX MATCH "^[^\n]*" summary "${main_help}")
string(REGEX REPLACE "^grundy: *" "" summary "${summary}")

set(section "[COMMANDS]\n")
string(APPEND section "Each command's own \\fB\\-\\-help\\fR, as printed by \\fBgrundy \\fICOMMAND\\fB \\-\\-help\\fR.\n")
foreach(command IN LISTS commands)
  grundy_run(help ${command} --help)
  # The first line describes the command; the rest (usage, arguments, options, examples) is
  # kept as printed, columns and all.
  # (string(FIND) and SUBSTRING, not a REGEX REPLACE anchored with ^, which CMake applies again
  # after each match.)
  string(FIND "${help}" "\n" eol)
  string(SUBSTRING "${help}" 0 ${eol} description)
  math(EXPR eol "${eol} + 1")
  string(SUBSTRING "${help}" ${eol} -1 body)
  string(STRIP "${body}" body)
  grundy_roff(description "${description}")
  grundy_roff(body "${body}")
  string(APPEND section ".SS \"grundy ${command}\"\n${description}\n.PP\n.nf\n${body}\n.fi\n")
endforeach()

file(READ ${INCLUDE} static_sections)
get_filename_component(out_dir ${OUT} DIRECTORY)
set(include_file ${out_dir}/grundy.h2m)
file(WRITE ${include_file} "${static_sections}\n${section}")

execute_process(COMMAND ${HELP2MAN} --no-info --section=1 "--manual=User Commands"
                        "--name=${summary}" "--version-string=grundy ${VERSION}"
                        --include=${include_file} --output=${OUT}.tmp ${GRUNDY}
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "help2man failed (${rc}): ${err}")
endif()
file(RENAME ${OUT}.tmp ${OUT})
