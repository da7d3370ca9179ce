#include "cover/sudoku_cover.hpp"

#include <cassert>

namespace sudoku_count::detail {
namespace {

int option_index(int n, int row, int col, int value) { return (row * n + col) * n + value - 1; }

}  // namespace

ExactCover empty_grid_cover(const Shape& shape) {
  const int n = shape.n(), cells = shape.cells();
  std::vector<std::vector<int>> options;
  options.reserve(static_cast<std::size_t>(cells) * n);
  for (int row = 0; row < n; ++row)
    for (int col = 0; col < n; ++col)
      for (int value = 1; value <= n; ++value) {
        const int symbol = value - 1, box = shape.box_of(row, col);
        // Cell columns first: MRV breaks ties by column order, so among equally
        // constrained choices it branches on the candidates of a cell.
        options.push_back({row * n + col, cells + row * n + symbol, 2 * cells + col * n + symbol,
                           3 * cells + box * n + symbol});
      }
  return ExactCover(4 * cells, options);
}

void select_givens(ExactCover& cover, const Grid& puzzle) {
  const int n = puzzle.shape.n();
  for (int row = 0; row < n; ++row)
    for (int col = 0; col < n; ++col)
      if (const int value = puzzle.at(row, col); value != 0) {
        [[maybe_unused]] const bool placed = cover.select(option_index(n, row, col, value));
        assert(placed && "validate_grid rules out clashing givens");
      }
}

ExactCover sudoku_exact_cover(const Grid& puzzle) {
  validate_grid(puzzle);
  ExactCover cover = empty_grid_cover(puzzle.shape);
  select_givens(cover, puzzle);
  return cover;
}

}  // namespace sudoku_count::detail
