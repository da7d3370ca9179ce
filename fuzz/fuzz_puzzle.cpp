// libFuzzer target: puzzle text (--puzzle, --puzzle-file). The first byte
// picks the shape, the rest is the text. See docs/validation.md.
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>

#include "input_checks.hpp"

namespace {

// Small and large, square and rectangular, the extremes 1x1 and 64x64.
const sudoku_count::Shape kShapes[] = {{1, 1}, {1, 2}, {2, 1}, {2, 2}, {2, 3}, {3, 2}, {3, 3}, {2, 5},
                                       {4, 4}, {3, 5}, {5, 5}, {4, 8}, {6, 6}, {1, 64}, {8, 8}, {64, 1}};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const sudoku_count::Shape& shape = kShapes[data[0] % std::size(kShapes)];
  sudoku_count::input_checks::check_puzzle_text(std::string(reinterpret_cast<const char*>(data) + 1, size - 1),
                                                shape);
  return 0;
}
