# Man pages (one per command and one for the tool) and bash and zsh
# completion, written at build time by a small program built from the same
# command table as the tool (src/app/generate_docs.cpp), so they cannot drift
# from the options it parses. Output in the build tree, installed from there.
add_executable(sudoku_count_docs src/app/generate_docs.cpp)
set_target_properties(sudoku_count_docs PROPERTIES OUTPUT_NAME sudoku-count-docs)
target_link_libraries(sudoku_count_docs PRIVATE sudoku_count_app)
sudoku_count_target_flags(sudoku_count_docs)

set(SUDOKU_COUNT_GENERATED_DOCS_DIR ${PROJECT_BINARY_DIR}/share)
# One stamp for the whole set: the pages are named after the commands, which
# only the table knows.
add_custom_command(OUTPUT ${SUDOKU_COUNT_GENERATED_DOCS_DIR}/docs.stamp
                   COMMAND ${CMAKE_COMMAND} -E rm -rf ${SUDOKU_COUNT_GENERATED_DOCS_DIR}/man1
                   COMMAND sudoku_count_docs ${SUDOKU_COUNT_GENERATED_DOCS_DIR}
                   COMMAND ${CMAKE_COMMAND} -E touch ${SUDOKU_COUNT_GENERATED_DOCS_DIR}/docs.stamp
                   DEPENDS sudoku_count_docs
                   COMMENT "Writing man pages and shell completion from the command table")
add_custom_target(sudoku_count_generated_docs ALL DEPENDS ${SUDOKU_COUNT_GENERATED_DOCS_DIR}/docs.stamp)

install(DIRECTORY ${SUDOKU_COUNT_GENERATED_DOCS_DIR}/man1/ DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${SUDOKU_COUNT_GENERATED_DOCS_DIR}/bash-completion/sudoku-count
        DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions)
# Debian's zsh reads vendor completions from here.
install(FILES ${SUDOKU_COUNT_GENERATED_DOCS_DIR}/zsh/_sudoku-count
        DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions)
