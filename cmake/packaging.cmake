# The Debian package (cpack -G DEB in a build tree configured with
# -DCMAKE_INSTALL_PREFIX=/usr; scripts/deb_test.sh builds and installs it):
# everything the install rules put under the prefix, which is the tool, the
# static library with its headers, CMake package and pkg-config file, the
# man pages, the completion scripts and, with SUDOKU_COUNT_PYTHON, the
# Python module for Debian's python3.
set(CPACK_PACKAGE_NAME sudoku-count)
set(CPACK_PACKAGE_VENDOR "sudoku-count contributors")
set(CPACK_PACKAGE_CONTACT "sudoku-count contributors")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "count, estimate, sample and solve completed Sudoku grids")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # sudoku-count_VERSION_ARCH.deb
set(CPACK_DEBIAN_PACKAGE_SECTION science)
# Run-time libraries from dpkg-shlibdeps; the headers' build dependencies by
# hand (a user of the library compiles against them).
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libboost-dev (>= ${SUDOKU_COUNT_BOOST_MIN_VERSION}), libpcg-cpp-dev, nlohmann-json3-dev")
if(TARGET sudoku_count_python)
  # The extension is built for one minor version of Python (its ABI).
  string(APPEND CPACK_DEBIAN_PACKAGE_DEPENDS ", python3 (>= ${SUDOKU_COUNT_PYTHON_VERSION}), "
                                             "python3 (<< ${SUDOKU_COUNT_PYTHON_NEXT_VERSION}), python3-numpy")
endif()
install(FILES ${PROJECT_SOURCE_DIR}/LICENSE ${PROJECT_SOURCE_DIR}/CHANGELOG.md ${PROJECT_SOURCE_DIR}/CITATION.cff
        DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/sudoku-count)
include(CPack)
