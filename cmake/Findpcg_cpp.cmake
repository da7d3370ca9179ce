# Finds pcg-cpp (header-only; Debian package libpcg-cpp-dev), which ships no
# CMake package of its own. Defines the imported target pcg_cpp::pcg_cpp.
# Used by this project's build and installed beside sudoku_countConfig.cmake,
# which finds pcg-cpp again on the consumer's side the same way.
find_path(pcg_cpp_INCLUDE_DIR pcg_random.hpp)
mark_as_advanced(pcg_cpp_INCLUDE_DIR)

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(pcg_cpp
  REQUIRED_VARS pcg_cpp_INCLUDE_DIR
  REASON_FAILURE_MESSAGE "pcg_random.hpp not found: install the Debian package libpcg-cpp-dev")

if(pcg_cpp_FOUND AND NOT TARGET pcg_cpp::pcg_cpp)
  add_library(pcg_cpp::pcg_cpp INTERFACE IMPORTED)
  set_target_properties(pcg_cpp::pcg_cpp PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${pcg_cpp_INCLUDE_DIR}")
endif()
