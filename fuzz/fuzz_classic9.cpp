// libFuzzer target: the 9x9 kernel (src/solve/classic9.hpp) against dancing
// links. Byte i gives cell i (value byte % 10, 0 blank; missing bytes are
// blanks); a given that clashes with an earlier one is dropped. Both count
// to two; they must agree, every completion must be valid and extend the
// puzzle, and the test for a second completion given the first must agree.
// Dancing links branches only on singles, so a few sparse puzzles with no
// completion take it millions of nodes (seconds under the sanitizers, a
// hang to libFuzzer): past kReferenceNodes the counts are not compared, and
// the rest is checked as ever.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "cover/sudoku_cover.hpp"
#include "solve/classic9.hpp"
#include "sudoku_count/grid.hpp"

namespace {

namespace sc = sudoku_count;

bool peers(int a, int b) {
  return a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3);
}

void require(bool ok) {
  if (!ok) std::abort();
}

bool completes(const std::uint8_t* grid, const std::uint8_t* puzzle) {
  for (int a = 0; a < 81; ++a) {
    if (grid[a] < 1 || grid[a] > 9 || (puzzle[a] && puzzle[a] != grid[a])) return false;
    for (int b = a + 1; b < 81; ++b)
      if (peers(a, b) && grid[a] == grid[b]) return false;
  }
  return true;
}

// Far above what dancing links needs for any puzzle with a completion seen
// so far (a few thousand nodes), far below a hang.
constexpr std::uint64_t kReferenceNodes = 200000;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::uint8_t puzzle[81] = {};
  for (int i = 0; i < 81 && static_cast<std::size_t>(i) < size; ++i) {
    const int value = data[i] % 10;
    bool clash = false;
    for (int j = 0; j < i && value; ++j) clash |= puzzle[j] == value && peers(i, j);
    if (!clash) puzzle[i] = static_cast<std::uint8_t>(value);
  }
  std::vector<std::vector<std::uint8_t>> ours;
  sc::detail::classic9_completions(puzzle, 2, [&](const std::uint8_t* g) { ours.emplace_back(g, g + 81); });

  const sc::Layout nine{sc::Shape{3, 3}};
  sc::Grid grid = sc::empty_grid(nine);
  std::copy(puzzle, puzzle + 81, grid.cells.begin());
  sc::detail::ExactCover cover = sc::detail::empty_grid_cover(nine);
  sc::detail::select_givens(cover, grid);
  const auto theirs = cover.find_solutions(2, kReferenceNodes);

  if (theirs) require(ours.size() == theirs->size());
  for (const auto& g : ours) require(completes(g.data(), puzzle));
  if (ours.size() == 2) require(ours[0] != ours[1]);
  if (!ours.empty()) {
    std::uint8_t other[81];
    const bool more = sc::detail::classic9_other_completion(puzzle, ours[0].data(), other);
    require(more == (ours.size() == 2));
    if (more) require(completes(other, puzzle) && !std::equal(other, other + 81, ours[0].begin()));
  }
  return 0;
}
