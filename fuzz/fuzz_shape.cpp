// libFuzzer target: box shape text (--box). See docs/validation.md.
#include <cstddef>
#include <cstdint>
#include <string>

#include "input_checks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  sudoku_count::input_checks::check_shape_text(std::string(reinterpret_cast<const char*>(data), size));
  return 0;
}
