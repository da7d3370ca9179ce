#pragma once
// Counting puzzles: sets of givens with exactly one completion (proper), and
// those of them from which no given can be removed without losing that
// (minimal), by the number of givens.
#include <cstdint>
#include <vector>

#include "sudoku_count/layout.hpp"

namespace sudoku_count {

struct PuzzleCounts {
  Layout layout;
  std::uint64_t grids = 0;              // completed grids of the layout
  std::vector<std::uint64_t> proper;    // proper[c]: proper puzzles with c givens, c = 0..cells
  std::vector<std::uint64_t> minimal;   // minimal[c]: minimal puzzles with c givens
  double seconds = 0;
};

// The most cells exact_puzzle_counts takes: every set of givens of every grid
// is looked at, 2^cells of them a grid.
inline constexpr int kExactPuzzleCountsMaxCells = 16;

// Exact counts by listing every grid and every set of cells of it. A set S of
// cells of grid g is proper unless another grid agrees with g on all of S:
// the sets within some agreement set of g and another grid are marked, down
// to their subsets, and the rest are proper; S is minimal when it is proper
// and no S minus one cell is. Throws InputError for a layout of more than
// kExactPuzzleCountsMaxCells cells.
PuzzleCounts exact_puzzle_counts(const Layout& layout);

}  // namespace sudoku_count
