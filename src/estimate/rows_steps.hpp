#pragma once
// The steps of the row-by-row estimator (`--method rows`; docs/method.md,
// section 12) on any layout: one step fills one row of a partial grid.
//
// A partial grid after k rows is the set of symbols each house other than a
// row already holds (rows 0..k-1 are full, the others empty, so row masks
// carry nothing). Filling row k is a perfect matching of the row's cells to
// symbols, each cell allowed the symbols in none of its houses: the row is a
// house itself, so a house meeting the row in several cells is kept by the
// matching's distinct symbols. The number of ways to fill row k is the
// permanent of that 0/1 matrix; a step draws the row and returns an unbiased
// estimate of that number:
//   up to exact_matching_max_symbols: the permanent by the subset DP of
//     MatchingCounter, and a uniform row;
//   beyond: K sequential draws (sequential_matching), their mean 1/q as the
//     weight, one of them kept in proportion to its 1/q (the argument of
//     sets_steps.cpp's sample_row: E[mean(w) phi(pick)] = sum_M phi(M));
//   the last row: forced (each column misses one symbol), weight 0 or 1;
//   Latin squares: the last two rows counted exactly, 2^cycles.
//
// Relabelling (every house keeps its symbols' roles under a permutation of
// the symbols): row 0 is fixed to 0..N-1 and the count multiplied by N!. For
// Latin squares the rows 1..N-1 are interchangeable as well, so column 0 is
// fixed to 0..N-1 too and the count multiplied by (N-1)!:
// L(n) = n! (n-1)! R(n).
#include <memory>
#include <string>
#include <vector>

#include "bands/row_matchings.hpp"
#include "core/bits.hpp"
#include "sudoku_count/layout.hpp"
#include "sudoku_count/rng.hpp"

namespace sudoku_count::detail {

// Choices that change what a sample is, fixed per layout (measured,
// docs/benchmarks.md, "Tuning").
struct RowsTuning {
  int exact_matching_max_symbols = 12;  // rows counted exactly (and drawn uniformly) up to this N
  int matching_draws = 8;               // K sequential draws per row beyond it
  static RowsTuning for_layout(const Layout& layout);
};

class RowsSteps {
 public:
  RowsSteps(const Layout& layout, const RowsTuning& tuning);

  const Layout& layout() const { return layout_; }
  const RowsTuning& tuning() const { return tuning_; }
  int n() const { return layout_.n(); }
  // Masks per partial grid: one per house that is not a row.
  int state_size() const { return houses_; }
  // Whether the rows beyond row 0 are drawn with sequential matchings (K
  // matters).
  bool samples_matchings() const { return n() > tuning_.exact_matching_max_symbols; }
  // log of the relabelling factor: N!, times (N-1)! for Latin squares.
  long double log_relabelling() const { return log_relabelling_; }
  // Rows filled by start(); the rows fill_row takes are first_row()..last
  // (fill_row of the last step may fill two rows).
  int first_row() const { return 1; }
  // Whether filling row `row` completes the grid.
  bool last_step(int row) const { return row + (latin_ ? 2 : 1) >= n(); }

  // Memory a thread reuses from step to step.
  struct Scratch {
    MatchingCounter counter;
    std::vector<int> draws;
    std::vector<double> weights;
  };

  // The partial grid after row 0 = 0..N-1 (and for Latin squares column 0's
  // first cell): `state` has state_size() masks.
  void start(Mask* state) const;
  // Fills `row` (and, on a Latin square's last step, the row after it);
  // returns the log of an unbiased estimate of the number of ways to fill
  // it (kLogZero if there is none; the state is then left as it was).
  long double fill_row(Mask* state, int row, Rng& rng, Scratch& scratch) const;

 private:
  void allowed_symbols(const Mask* state, int row, Mask* allowed) const;
  void place(Mask* state, int row, const int* symbol_of) const;

  Layout layout_;
  RowsTuning tuning_;
  bool latin_ = false;
  int houses_ = 0;
  // For cell (r, j), the state indices of its houses but its row:
  // house_index_[house_start_[r*N + j] .. house_start_[r*N + j + 1]).
  std::vector<int> house_start_;
  std::vector<int> house_index_;
  long double log_relabelling_ = 0;
};

}  // namespace sudoku_count::detail
