#pragma once
// Exact counting of a puzzle's completions by dancing links.
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "sudoku_count/bignum.hpp"
#include "sudoku_count/dlx.hpp"
#include "sudoku_count/grid.hpp"

namespace sudoku_count {

struct ExactOptions {
  int threads = 0;             // 0 = all cores
  bool fix_first_row = false;  // empty grid only: count with row 1 = 1..N, times N!
};

struct ExactResult {
  BigInt count;                // completions of the puzzle
  std::string method = "dlx";
  bool first_row_fixed = false;
  BigInt count_with_first_row_fixed;  // the raw count, when first_row_fixed
  double seconds = 0;          // wall time, including building the matrix
  int threads = 1;             // threads used
  std::string note;            // how the count was obtained, when a user should know
  std::string detail;          // size of the work done (e.g. terms of a sum), for the curious
};

// Sudoku as exact cover, one option per (cell, symbol) covering four columns:
// the cell, symbol-in-row, symbol-in-column and symbol-in-box (4*N*N columns,
// N^3 options). Givens are selected before the search. Option
// (row*N + col)*N + value-1 places value at (row, col).
ExactCover sudoku_exact_cover(const Grid& puzzle);

// Throws InputError for an invalid grid (see validate_grid), a negative
// thread count, or fix_first_row on a grid with givens.
ExactResult count_completions_dlx(const Grid& puzzle, const ExactOptions& options);

// Quick unbiased estimates, from random paths down the cell-by-cell search
// tree (most constrained cell first, a fixed seed), of a puzzle's number of
// completions and of the size of its search tree (Knuth, "Estimating the
// efficiency of backtrack programs", Math. Comp. 29 (1975) 121-136): along a
// path, the product of the branching so far estimates the nodes at that
// depth; their sum over the path estimates the whole tree, and the product at
// a completed grid its completions. Counting by enumeration visits about as
// many nodes, so a tree far beyond reach can be refused up front even when
// every path dies before completing a grid (as on large, sparse grids, where
// the completions estimate is then 0). Heavy-tailed: both tend to
// underestimate, never to exaggerate much, which is the safe side here.
struct SearchEstimate {
  double completions = 0;
  double nodes = 0;  // +inf when a path's product overflows a double
};
// Stops early once the nodes estimate is sure to exceed `stop_above` (path
// sums are never negative, so their total so far over all `probes` bounds it
// from below) and returns those partial averages.
SearchEstimate estimate_search(const Grid& puzzle, int probes = 2000,
                               double stop_above = std::numeric_limits<double>::infinity());

// Lists the completions of puzzles of one shape. The exact cover of the
// empty grid is built once and copied for each puzzle, its givens then
// selected: for an easy 9x9 puzzle building the cover costs more than the
// search, so a batch of puzzles shares one finder (find() changes nothing in
// it, so threads may share it too).
class CompletionFinder {
 public:
  explicit CompletionFinder(const Shape& shape);
  const Shape& shape() const { return shape_; }
  // The first `limit` completions of `puzzle` in search order. Throws
  // InputError for an invalid grid, and std::invalid_argument for a grid of
  // another shape.
  std::vector<Grid> find(const Grid& puzzle, std::uint64_t limit) const;

 private:
  Shape shape_;
  ExactCover empty_cover_;
};

// The first `limit` completions in search order (a CompletionFinder for one
// puzzle).
std::vector<Grid> find_completions(const Grid& puzzle, std::uint64_t limit);

}  // namespace sudoku_count
