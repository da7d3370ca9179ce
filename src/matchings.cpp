#include "sudoku_count/matchings.hpp"

#include "sudoku_count/shape.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace sudoku_count {

double MatchingCounter::count(const Mask* columns, int n) {
  n_ = n;
  columns_.assign(columns, columns + n);
  if (n <= kDenseLimit) {
    if (dense_.size() != (std::size_t{1} << n)) dense_.assign(std::size_t{1} << n, 0.0);
    for (const auto& level : dense_levels_)
      for (const Mask set : level) dense_[set] = 0;
    dense_levels_.assign(n + 1, {});
    dense_[0] = 1;
    dense_levels_[0].push_back(0);
    for (int j = 0; j < n; ++j) {
      for (const Mask set : dense_levels_[j]) {
        const double ways = dense_[set];
        for (Mask options = columns[j] & ~set; options; options = clear_low_bit(options)) {
          const Mask next = set | low_bit(options);
          if (dense_[next] == 0) dense_levels_[j + 1].push_back(next);
          dense_[next] += ways;
        }
      }
    }
    return dense_levels_[n].empty() ? 0.0 : dense_[low_bits(n)];
  }
  sparse_levels_.assign(n + 1, {});
  sparse_levels_[0].push_back({0, 1.0});
  std::vector<std::pair<Mask, double>> grown;
  for (int j = 0; j < n; ++j) {
    grown.clear();
    for (const auto& [set, ways] : sparse_levels_[j])
      for (Mask options = columns[j] & ~set; options; options = clear_low_bit(options))
        grown.push_back({set | low_bit(options), ways});
    std::sort(grown.begin(), grown.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    auto& level = sparse_levels_[j + 1];
    for (const auto& entry : grown) {
      if (!level.empty() && level.back().first == entry.first) level.back().second += entry.second;
      else level.push_back(entry);
    }
  }
  return sparse_levels_[n].empty() ? 0.0 : sparse_levels_[n].front().second;
}

double MatchingCounter::lookup(int level, Mask set) const {
  if (n_ <= kDenseLimit) return dense_[set];
  const auto& entries = sparse_levels_[level];
  const auto it = std::lower_bound(entries.begin(), entries.end(), set,
                                   [](const auto& entry, Mask key) { return entry.first < key; });
  return (it != entries.end() && it->first == set) ? it->second : 0.0;
}

void MatchingCounter::sample(Rng& rng, int* symbol_of) const {
  Mask set = low_bits(n_);
  for (int j = n_ - 1; j >= 0; --j) {
    const double total = lookup(j + 1, set);
    assert(total > 0);
    // Uniform in [0, total): pick the symbol whose share of h_j covers it.
    double target = std::ldexp(static_cast<double>(rng() >> 11), -53) * total;
    Mask options = columns_[j] & set;
    int chosen = low_bit_index(options);
    for (; options; options = clear_low_bit(options)) {
      const int s = low_bit_index(options);
      const double ways = lookup(j, set & ~(Mask{1} << s));
      if (ways <= 0) continue;
      chosen = s;
      if (target < ways) break;
      target -= ways;
    }
    symbol_of[j] = chosen;
    set &= ~(Mask{1} << chosen);
  }
}

}  // namespace sudoku_count

namespace sudoku_count {

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

}  // namespace sudoku_count
