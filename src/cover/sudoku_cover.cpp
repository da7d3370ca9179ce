#include "cover/sudoku_cover.hpp"

#include <cassert>

namespace sudoku_count::detail {
namespace {

int option_index(int n, int row, int col, int value) { return (row * n + col) * n + value - 1; }

}  // namespace

ExactCover empty_grid_cover(const Layout& layout) {
  const int n = layout.n(), cells = layout.cells();
  const auto& houses_of = layout.houses_of_cells();
  std::vector<std::vector<int>> options;
  options.reserve(static_cast<std::size_t>(cells) * n);
  for (int cell = 0; cell < cells; ++cell)
    for (int symbol = 0; symbol < n; ++symbol) {
      // Cell columns first: MRV breaks ties by column order, so among equally
      // constrained choices it branches on the candidates of a cell.
      std::vector<int> option{cell};
      for (int house : houses_of[cell]) option.push_back(cells + house * n + symbol);
      options.push_back(std::move(option));
    }
  return ExactCover(cells + static_cast<int>(layout.houses().size()) * n, options);
}

void select_givens(ExactCover& cover, const Grid& puzzle) {
  const int n = puzzle.n();
  for (int row = 0; row < n; ++row)
    for (int col = 0; col < n; ++col)
      if (const int value = puzzle.at(row, col); value != 0) {
        [[maybe_unused]] const bool placed = cover.select(option_index(n, row, col, value));
        assert(placed && "validate_grid rules out clashing givens");
      }
}

ExactCover sudoku_exact_cover(const Grid& puzzle) {
  validate_grid(puzzle);
  ExactCover cover = empty_grid_cover(puzzle.layout);
  select_givens(cover, puzzle);
  return cover;
}

}  // namespace sudoku_count::detail
