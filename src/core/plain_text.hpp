#pragma once
// The first check on every file the library is given to parse (regions,
// puzzles): it must be plain text. A binary file (an image, an archive, a
// compiled program) is otherwise split into "labels" or "cells" and refused,
// if at all, with a message about its contents that names no real problem;
// a NUL byte could even end a label early. Plain text here is UTF-8 (any
// language's labels and comments are welcome) without control characters
// other than the whitespace of lines: tab, line feed, vertical tab, form
// feed and carriage return.
#include <cstddef>
#include <string>
#include <string_view>

namespace sudoku_count::detail {

// Where and why a text stops being plain text.
struct NonTextByte {
  std::size_t offset = 0;  // of the first byte that cannot be there (0-based)
  int line = 0;            // 1-based line holding it
  std::string why;         // "a NUL byte (0x00)", "control byte 0x1B", ...
};

// The first byte that makes `text` not plain text, if there is one:
// `found` is false for plain text (an empty text is plain).
struct TextCheck {
  bool found = false;
  NonTextByte byte;
};
TextCheck find_non_text_byte(std::string_view text);

// The check of a file given to a parser. Throws InputError "<what> is not text: <why> at byte offset <offset>
// (line <line>)" for a text that is not plain, and, for a file saved by
// sudoku-count (a checkpoint: its first line starts with "sudoku-count "),
// "<what> is a file saved by sudoku-count ('<first line>'), not <expected>".
// `expected` says what the text should hold ("N lines of N region labels").
void require_input_text(std::string_view text, const std::string& what, const std::string& expected);

}  // namespace sudoku_count::detail
