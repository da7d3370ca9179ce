#include "estimate/closing_guess.hpp"

#include <cassert>

namespace sudoku_count::detail {

double ClosingGuess::log_guess(const Mask* sets, int n) {
  constexpr double kSlope = 0.06;
  // The three symbol pairs of each column, counted in the pair table.
  int pairs[3 * kMaxGridSize];
  for (int j = 0; j < n; ++j) {
    assert(popcount(sets[j]) == 3);
    const int a = low_bit_index(sets[j]), b = low_bit_index(clear_low_bit(sets[j])),
              c = low_bit_index(clear_low_bit(clear_low_bit(sets[j])));
    pairs[3 * j] = a * kMaxGridSize + b;
    pairs[3 * j + 1] = a * kMaxGridSize + c;
    pairs[3 * j + 2] = b * kMaxGridSize + c;
    for (int i = 3 * j; i < 3 * j + 3; ++i) ++columns_of_pair_[pairs[i]];
  }
  // A symbol pair held by m columns: C(m, 2) column pairs share it, and
  // it is a symbol pair sharing two columns when m = 2. Column pairs with
  // all three symbols in common share three pairs and are taken out.
  int column_pairs = 0, symbol_pairs = 0;
  for (int i = 0; i < 3 * n; ++i) {
    const int m = columns_of_pair_[pairs[i]];
    if (m == 0) continue;  // met before
    column_pairs += m * (m - 1) / 2;
    symbol_pairs += m == 2;
    columns_of_pair_[pairs[i]] = 0;
  }
  for (int j = 0; j < n; ++j)
    for (int k = j + 1; k < n; ++k) column_pairs -= sets[j] == sets[k] ? 3 : 0;
  return kSlope * (column_pairs + symbol_pairs);
}

}  // namespace sudoku_count::detail
