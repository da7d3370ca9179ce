#pragma once
// Errors raised at input boundaries (shapes, puzzles, options, files).
// The CLI maps InputError to exit status 2 with its message on stderr.
#include <cstdio>
#include <stdexcept>
#include <string>

namespace sudoku_count {

class InputError : public std::runtime_error {
 public:
  explicit InputError(const std::string& what) : std::runtime_error(what) {}
};

// User text as it appears in a message: in single quotes, control bytes as
// \xNN (so that the message stays on one line) and cut to `max` bytes with
// "..." (so that a megabyte of input is not echoed back).
inline std::string quote_input(const std::string& text, std::size_t max = 60) {
  std::string quoted = "'";
  for (std::size_t i = 0; i < text.size() && i < max; ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte < 0x20 || byte == 0x7f) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\x%02X", byte);
      quoted += escaped;
    } else {
      quoted += text[i];
    }
  }
  return quoted + (text.size() > max ? "...'" : "'");
}

}  // namespace sudoku_count
