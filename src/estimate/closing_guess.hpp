#pragma once
// A cheap guess at how many ways three rows can close a band: the
// preference by which the look-ahead picks the row before them.
//
// The three remaining rows of a band are a 3-regular bipartite graph of
// columns and symbols, and their number of fillings f grows with its short
// cycles. Two columns sharing exactly two symbols, or two symbols sharing
// exactly two columns, each mark a 4-cycle (two columns with all three
// symbols in common do not count: with them the fit is worse); the guess is
//     log f ~ 0.06 (column pairs sharing two symbols + symbol pairs sharing
//                   two columns) + const,
// the least-squares fit of log f within a band over the rows a band's
// sampled row leaves (R^2 = 0.61 at 16x16, 0.64 at 20x20, slope 0.059 and
// 0.062; docs/benchmarks.md). Only its differences between the draws of
// one row matter, and any positive preference keeps the estimate unbiased
// (docs/method.md, section 4): a poor guess only costs variance.
#include <array>
#include <cstdint>

#include "core/bits.hpp"
#include "sudoku_count/shape.hpp"

namespace sudoku_count::detail {

class ClosingGuess {
 public:
  // log of the preference for column sets `sets` of three symbols each
  // over n columns: O(n) table updates, O(n^2) comparisons of sets.
  double log_guess(const Mask* sets, int n);

 private:
  // Columns holding each symbol pair a < b, at a * kMaxGridSize + b: zero
  // between calls (each call clears what it set).
  std::array<std::uint8_t, kMaxGridSize * kMaxGridSize> columns_of_pair_{};
};

}  // namespace sudoku_count::detail
