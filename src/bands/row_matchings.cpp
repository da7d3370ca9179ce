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

// Open columns and free symbols are kept in buckets by their number of
// partners left (bit j of columns_by_degree[d]: open column j has d free
// symbols), so the most constrained one is the lowest nonempty bucket and
// matching a pair moves each of its neighbours down one bucket.
double sequential_matching(const Mask* columns, int n, Rng& rng, int* symbol_of) {
  Mask open[kMaxGridSize];      // per column: symbols still free in it
  Mask holders[kMaxGridSize];   // per symbol: open columns that hold it
  int column_degree[kMaxGridSize], symbol_degree[kMaxGridSize];
  Mask columns_by_degree[kMaxGridSize + 1] = {}, symbols_by_degree[kMaxGridSize + 1] = {};
  std::fill(holders, holders + n, Mask{0});
  for (int j = 0; j < n; ++j) {
    open[j] = columns[j];
    for (Mask set = columns[j]; set; set = clear_low_bit(set)) holders[low_bit_index(set)] |= Mask{1} << j;
  }
  for (int j = 0; j < n; ++j) {
    column_degree[j] = popcount(open[j]);
    columns_by_degree[column_degree[j]] |= Mask{1} << j;
    symbol_degree[j] = popcount(holders[j]);
    symbols_by_degree[symbol_degree[j]] |= Mask{1} << j;
  }
  double inverse_probability = 1;
  for (int step = 0; step < n; ++step) {
    int degree = 0;
    while (!(columns_by_degree[degree] | symbols_by_degree[degree])) ++degree;
    if (degree == 0) return 0;
    inverse_probability *= degree;
    const int pick = static_cast<int>(uniform_below(rng, static_cast<std::uint64_t>(degree)));
    int column, symbol;
    if (columns_by_degree[degree]) {  // columns first on ties
      column = low_bit_index(columns_by_degree[degree]);
      symbol = nth_bit_index(open[column], pick);
    } else {
      symbol = low_bit_index(symbols_by_degree[degree]);
      column = nth_bit_index(holders[symbol], pick);
    }
    symbol_of[column] = symbol;
    columns_by_degree[column_degree[column]] &= ~(Mask{1} << column);
    symbols_by_degree[symbol_degree[symbol]] &= ~(Mask{1} << symbol);
    for (Mask set = open[column] & ~(Mask{1} << symbol); set; set = clear_low_bit(set)) {
      const int t = low_bit_index(set);
      holders[t] &= ~(Mask{1} << column);
      symbols_by_degree[symbol_degree[t]] &= ~(Mask{1} << t);
      symbols_by_degree[--symbol_degree[t]] |= Mask{1} << t;
    }
    for (Mask cols = holders[symbol] & ~(Mask{1} << column); cols; cols = clear_low_bit(cols)) {
      const int i = low_bit_index(cols);
      open[i] &= ~(Mask{1} << symbol);
      columns_by_degree[column_degree[i]] &= ~(Mask{1} << i);
      columns_by_degree[--column_degree[i]] |= Mask{1} << i;
    }
    holders[symbol] = 0;
    open[column] = 0;
  }
  return inverse_probability;
}

}  // namespace sudoku_count::detail
