#pragma once
// The plan of a puzzle-count run as its grids use it: the weight of a
// puzzle found in a drawn set, a grid's sets drawn and searched (one
// GridTally), the tallies of grids merged in grid order, and the rows of
// the estimate (docs/method.md, section 17). Shared by the drawing
// (puzzle_draw.cpp) and the estimate (puzzle_estimate.cpp).
#include <cstdint>
#include <string>
#include <vector>

#include "puzzles/unavoidable_sets.hpp"
#include "puzzles/uniqueness_test.hpp"
#include "sample/random_cells.hpp"
#include "sudoku_count/puzzle_session.hpp"
#include "sudoku_count/rng.hpp"

namespace sudoku_count::detail {

// A grid's sets, summed: per clue count c, the puzzles found in its sets
// and their squares (one value per set), and the same for the weighted
// total over the reported clue counts.
struct GridTally {
  std::vector<std::uint64_t> found;
  std::vector<long double> found_squared;
  long double total = 0, total_squared = 0;
  std::uint64_t tests = 0;  // uniqueness tests made for the grid
  long double weight = 1;   // the grid's importance weight (weighted grids; 0: a dead end, no sets)
};

// A thread's workspace, reused from grid to grid.
struct SetWork {
  explicit SetWork(const Layout& layout) : test(layout), pool(layout.cells()), cells(layout.cells()) {}
  UniquenessTest test;
  UnavoidableSets pool;
  RandomCells cells;
};

class Plan {
 public:
  explicit Plan(const PuzzleRunState& state);
  // The sets of a grid, from its own stream after the grid, in the thread's
  // workspace.
  GridTally run_grid(const Grid& grid, Rng& rng, SetWork& work) const;
  // A grid with no puzzle found (its counts all 0).
  GridTally empty_tally() const;
  // A grid's tally added to a run's, in grid order.
  void merge(PuzzleTally& into, const GridTally& grid) const;
  // The estimate of one slot (a clue count, or the total past the last).
  PuzzleCountRow row(const PuzzleTally& tally, std::uint64_t grids, int slot, const BigInt& grid_count) const;

 private:
  Layout layout_;
  PuzzleKind kind_;
  std::string method_;
  int subset_size_ = 0, per_grid_ = 1, min_clues_ = 0, max_clues_ = 0;
  std::vector<long double> weight_;
  bool weighted_grids_ = false;
};

}  // namespace sudoku_count::detail
