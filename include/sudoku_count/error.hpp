#pragma once
// Errors raised at input boundaries (shapes, puzzles, options, files).
// The CLI maps InputError to exit status 2 with its message on stderr.
#include <stdexcept>
#include <string>

namespace sudoku_count {

class InputError : public std::runtime_error {
 public:
  explicit InputError(const std::string& what) : std::runtime_error(what) {}
};

}  // namespace sudoku_count
