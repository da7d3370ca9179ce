#include "solve/generate.hpp"

#include <numeric>
#include <utility>
#include <vector>

#include "sudoku_count/exact.hpp"
#include "solve/singles.hpp"
#include "sudoku_count/solve.hpp"

namespace sudoku_count::detail {
namespace {

// Fisher-Yates with draws from `rng`.
template <class T>
void shuffle(std::vector<T>& items, Rng& rng) {
  for (std::size_t i = items.size(); i > 1; --i) std::swap(items[i - 1], items[uniform_below(rng, i)]);
}

}  // namespace

Grid random_grid(const Shape& shape, Rng& rng) {
  const int n = shape.n();
  for (;;) {
    Grid grid = empty_grid(shape);
    std::vector<int> row(n);
    std::iota(row.begin(), row.end(), 1);
    shuffle(row, rng);
    for (int col = 0; col < n; ++col) grid.at(0, col) = row[col];
    const auto below_first_row = static_cast<std::uint64_t>(shape.cells() - n);
    for (int extra = 0; extra < n && below_first_row > 0; ++extra) {
      const std::vector<Mask> candidates = candidate_masks(grid);
      const int cell = n + static_cast<int>(uniform_below(rng, below_first_row));
      if (const Mask options = candidates[cell]; options != 0)
        grid.cells[cell] = nth_bit_index(options, static_cast<int>(uniform_below(rng, popcount(options)))) + 1;
    }
    std::vector<Grid> completions = find_completions(grid, 1);
    if (!completions.empty()) return std::move(completions.front());
  }
}

Grid minimal_puzzle(const Grid& grid, Rng& rng) {
  validate_grid(grid);
  std::vector<int> cells(grid.cells.size());
  std::iota(cells.begin(), cells.end(), 0);
  shuffle(cells, rng);
  const CompletionFinder finder(grid.layout);
  Grid puzzle = grid;
  for (int cell : cells) {
    const int value = puzzle.cells[cell];
    puzzle.cells[cell] = 0;
    if (solve(finder, puzzle).status != SolveStatus::Unique) puzzle.cells[cell] = value;
  }
  return puzzle;
}

}  // namespace sudoku_count::detail
