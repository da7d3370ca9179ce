# A pkg-config file for users who build without CMake. The library is static
# and its public headers need Boost.Multiprecision and pcg-cpp (header-only,
# in /usr/include on Debian) and OpenMP, which the flags carry. The prefix
# is written relative to the file, so the same file serves any prefix (the
# package's /usr, or a user's own).
file(RELATIVE_PATH SUDOKU_COUNT_PC_TO_PREFIX /prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig /prefix)
configure_file(cmake/sudoku_count.pc.in ${PROJECT_BINARY_DIR}/sudoku_count.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/sudoku_count.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
