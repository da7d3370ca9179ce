#include "sudoku_count/matchings.hpp"

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
