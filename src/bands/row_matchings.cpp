#include "bands/row_matchings.hpp"

#include "sudoku_count/shape.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace sudoku_count::detail {

double MatchingCounter::count(const Mask* columns, int n) {
  assert(n <= kMaxSymbols);
  n_ = n;
  columns_.assign(columns, columns + n);
  if (ways_.size() != (std::size_t{1} << n)) {
    ways_.assign(std::size_t{1} << n, 0.0);
    levels_.clear();
  }
  for (const auto& level : levels_)
    for (const Mask set : level) ways_[set] = 0;
  levels_.assign(n + 1, {});
  ways_[0] = 1;
  levels_[0].push_back(0);
  for (int j = 0; j < n; ++j) {
    for (const Mask set : levels_[j]) {
      const double ways = ways_[set];
      for (Mask options = columns[j] & ~set; options; options = clear_low_bit(options)) {
        const Mask next = set | low_bit(options);
        if (ways_[next] == 0) levels_[j + 1].push_back(next);
        ways_[next] += ways;
      }
    }
  }
  return levels_[n].empty() ? 0.0 : ways_[low_bits(n)];
}

void MatchingCounter::sample(Rng& rng, int* symbol_of) const {
  Mask set = low_bits(n_);
  for (int j = n_ - 1; j >= 0; --j) {
    const double total = ways_[set];
    assert(total > 0);
    // Uniform in [0, total): pick the symbol whose share of h_j covers it.
    double target = std::ldexp(static_cast<double>(rng() >> 11), -53) * total;
    Mask options = columns_[j] & set;
    int chosen = low_bit_index(options);
    for (; options; options = clear_low_bit(options)) {
      const int s = low_bit_index(options);
      const double ways = ways_[set & ~(Mask{1} << s)];
      if (ways <= 0) continue;
      chosen = s;
      if (target < ways) break;
      target -= ways;
    }
    symbol_of[j] = chosen;
    set &= ~(Mask{1} << chosen);
  }
}

}  // namespace sudoku_count::detail

namespace sudoku_count::detail {

double sequential_matching(const Mask* columns, int n, Rng& rng, int* symbol_of) {
  Mask open[kMaxGridSize];      // per column: symbols still free in it
  Mask holders[kMaxGridSize];   // per symbol: open columns that hold it
  std::fill(holders, holders + n, Mask{0});
  for (int j = 0; j < n; ++j) {
    open[j] = columns[j];
    for (Mask set = columns[j]; set; set = clear_low_bit(set)) holders[low_bit_index(set)] |= Mask{1} << j;
  }
  Mask open_columns = low_bits(n), free_symbols = low_bits(n);
  double inverse_probability = 1;
  for (int step = 0; step < n; ++step) {
    // The most constrained column or symbol.
    int best = kMaxGridSize + 1, index = -1;
    bool is_column = true;
    for (Mask rest = open_columns; rest && best > 1; rest = clear_low_bit(rest)) {
      const int j = low_bit_index(rest), k = popcount(open[j]);
      if (k < best) best = k, index = j, is_column = true;
    }
    for (Mask rest = free_symbols; rest && best > 1; rest = clear_low_bit(rest)) {
      const int s = low_bit_index(rest), k = popcount(holders[s]);
      if (k < best) best = k, index = s, is_column = false;
    }
    if (best == 0) return 0;
    inverse_probability *= best;
    const int pick = static_cast<int>(uniform_below(rng, static_cast<std::uint64_t>(best)));
    const int column = is_column ? index : nth_bit_index(holders[index], pick);
    const int symbol = is_column ? nth_bit_index(open[index], pick) : index;
    symbol_of[column] = symbol;
    open_columns &= ~(Mask{1} << column);
    free_symbols &= ~(Mask{1} << symbol);
    for (Mask set = open[column]; set; set = clear_low_bit(set)) holders[low_bit_index(set)] &= ~(Mask{1} << column);
    for (Mask cols = holders[symbol]; cols; cols = clear_low_bit(cols)) open[low_bit_index(cols)] &= ~(Mask{1} << symbol);
    holders[symbol] = 0;
  }
  return inverse_probability;
}

}  // namespace sudoku_count::detail
