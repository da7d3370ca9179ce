// libFuzzer target: a command line. The input is split at NUL bytes into
// arguments, the first being the command name. See docs/validation.md.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "input_checks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::vector<std::string> args(1);
  for (std::size_t i = 0; i < size; ++i) {
    if (data[i] == 0) args.emplace_back();
    else args.back().push_back(static_cast<char>(data[i]));
  }
  sudoku_count::input_checks::check_command_line(args);
  return 0;
}
