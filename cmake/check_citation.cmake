# The test citation_cff (cmake -P): CITATION.cff's version is CMakeLists.txt's, and, where a
# python3 with PyYAML (Debian: python3-yaml) is found, the file parses as YAML with the keys
# Citation File Format 1.2.0 requires (cmake/check_citation.py).
#   CITATION  the file    VERSION  PROJECT_VERSION    PYTHON  python3, or empty
cmake_minimum_required(VERSION 3.25)  # the policies of the project, in script mode too
file(STRINGS ${CITATION} version_lines REGEX "^version:")
if(NOT version_lines MATCHES "^version: *\"?([^\" ]+)\"? *$")
  message(FATAL_ERROR "${CITATION}: no `version:` line")
endif()
if(NOT CMAKE_MATCH_1 STREQUAL VERSION)
  message(FATAL_ERROR "${CITATION}: version ${CMAKE_MATCH_1}, but CMakeLists.txt's project VERSION is ${VERSION}")
endif()
message(STATUS "version ${VERSION} as in CMakeLists.txt")

if(PYTHON)
  execute_process(COMMAND ${PYTHON} -c "import yaml" RESULT_VARIABLE no_yaml OUTPUT_QUIET ERROR_QUIET)
endif()
if(NOT PYTHON OR no_yaml)
  message(STATUS "no python3 with PyYAML (Debian: python3-yaml): not parsed as YAML")
  return()
endif()
execute_process(COMMAND ${PYTHON} ${CMAKE_CURRENT_LIST_DIR}/check_citation.py ${CITATION} ${VERSION}
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${CITATION} does not hold (above)")
endif()
message(STATUS "parses as YAML with the keys of CFF 1.2.0")
