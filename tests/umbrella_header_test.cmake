# Every public header is part of the public API as a user sees it: included
# by the umbrella header sudoku_count.hpp, and installed (listed in the
# HEADERS file set of sudoku_count_core in the top CMakeLists.txt).
# Usage: cmake -DSOURCE_DIR=<the source tree> -P umbrella_header_test.cmake
if(NOT SOURCE_DIR)
  message(FATAL_ERROR "give -DSOURCE_DIR=<the source tree>")
endif()
set(umbrella ${SOURCE_DIR}/include/sudoku_count/sudoku_count.hpp)
file(READ ${umbrella} umbrella_text)
file(READ ${SOURCE_DIR}/CMakeLists.txt cmake_text)
# A glob is right here: the test is about the headers that exist, whatever
# the lists say.
file(GLOB headers RELATIVE ${SOURCE_DIR}/include/sudoku_count ${SOURCE_DIR}/include/sudoku_count/*.hpp)
set(problems "")
foreach(header IN LISTS headers)
  if(header STREQUAL "sudoku_count.hpp")
    continue()
  endif()
  string(FIND "${umbrella_text}" "#include \"sudoku_count/${header}\"" at)
  if(at EQUAL -1)
    string(APPEND problems "\n  ${header} is not included by include/sudoku_count/sudoku_count.hpp")
  endif()
endforeach()
foreach(header IN LISTS headers)
  string(FIND "${cmake_text}" "include/sudoku_count/${header}\n" at)
  if(at EQUAL -1)
    string(APPEND problems "\n  ${header} is not in the installed HEADERS file set (CMakeLists.txt)")
  endif()
endforeach()
list(LENGTH headers count)
if(problems)
  message(FATAL_ERROR "public headers missing:${problems}")
endif()
message(STATUS "all ${count} public headers are in the umbrella header and installed")
