#include "bands/band_one_orbits.hpp"

#include <omp.h>

#include <algorithm>
#include <numeric>

namespace sudoku_count::detail {
namespace {

// Union-find over orbit members.
struct Orbits {
  std::vector<std::uint32_t> parent;
  explicit Orbits(std::size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), 0u); }
  std::uint32_t find(std::uint32_t x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  }
  void unite(std::uint32_t a, std::uint32_t b) {
    a = find(a), b = find(b);
    if (a != b) parent[std::max(a, b)] = std::min(a, b);
  }
};

// Keys of column sets whose boxes 1..R-1 list their C sets in increasing
// order of their smallest symbol: permuting the columns of those boxes only
// reorders their sets, so every key has exactly one such sorted form.
class SortedKeys {
 public:
  explicit SortedKeys(const BandFillings& fillings) : fillings_(fillings) {}

  std::size_t sorted(const Mask* sets) const {
    const Shape& s = fillings_.shape();
    Mask work[kMaxGridSize];
    std::copy(sets, sets + s.n(), work);
    for (int b = 1; b < s.box_rows; ++b)
      std::sort(work + b * s.box_cols, work + (b + 1) * s.box_cols,
                [](Mask x, Mask y) { return low_bit_index(x) < low_bit_index(y); });
    return fillings_.key_of(work);
  }

 private:
  const BandFillings& fillings_;
};

}  // namespace

std::vector<BandOneOrbit> band_one_orbits(const BandTables& tables, int threads, const ProgressFn& progress,
                                          std::vector<std::uint32_t>* orbit_of_key, bool with_completions) {
  const BandFillings& fillings = *tables.fillings;
  const Shape& shape = tables.shape;
  const int r = shape.box_rows, c = shape.box_cols, n = shape.n();
  const std::size_t keys = fillings.table_entries();
  const SortedKeys sorted_keys(fillings);

  // 1. The sorted form of every key, and an index for the sorted ones.
  std::vector<std::uint32_t> sorted_of(keys);
#pragma omp parallel for num_threads(threads) schedule(static)
  for (std::size_t k = 0; k < keys; ++k) {
    Mask sets[kMaxGridSize];
    fillings.key_sets(k, sets);
    sorted_of[k] = static_cast<std::uint32_t>(sorted_keys.sorted(sets));
  }
  std::vector<std::uint32_t> index(keys, 0), members;
  for (std::size_t k = 0; k < keys; ++k)
    if (sorted_of[k] == k) {
      index[k] = static_cast<std::uint32_t>(members.size());
      members.push_back(static_cast<std::uint32_t>(k));
    }
  if (progress) progress(0.2);

  // 2. Orbits of the sorted keys under the remaining generators: swaps of
  //    adjacent columns of box 0, of adjacent boxes, and of adjacent symbols
  //    within one of box 0's canonical sets.
  std::vector<std::vector<std::uint32_t>> neighbours(members.size());
#pragma omp parallel for num_threads(threads) schedule(dynamic, 256)
  for (std::size_t m = 0; m < members.size(); ++m) {
    Mask sets[kMaxGridSize], moved[kMaxGridSize];
    fillings.key_sets(members[m], sets);
    auto add = [&] { neighbours[m].push_back(sorted_of[sorted_keys.sorted(moved)]); };
    for (int k = 0; k + 1 < c; ++k) {
      std::copy(sets, sets + n, moved);
      std::swap(moved[k], moved[k + 1]);
      add();
    }
    for (int b = 0; b + 1 < r; ++b) {
      std::copy(sets, sets + n, moved);
      std::swap_ranges(moved + b * c, moved + (b + 1) * c, moved + (b + 1) * c);
      add();
    }
    for (int s = 0; s + 1 < n; ++s) {
      if ((s + 1) % r == 0) continue;  // s and s+1 in different canonical sets
      const Mask pair = Mask{3} << s;
      for (int j = 0; j < n; ++j) {
        const Mask both = sets[j] & pair;
        moved[j] = (both == 0 || both == pair) ? sets[j] : sets[j] ^ pair;
      }
      add();
    }
  }
  Orbits orbits(members.size());
  for (std::size_t m = 0; m < members.size(); ++m)
    for (const std::uint32_t other : neighbours[m]) orbits.unite(static_cast<std::uint32_t>(m), index[other]);
  neighbours.clear();
  if (progress) progress(0.4);

  // 3. Orbit weights: the sum of f over every key in the orbit.
  std::vector<std::uint64_t> weight(members.size(), 0);
  for (std::size_t k = 0; k < keys; ++k) weight[orbits.find(index[sorted_of[k]])] += fillings.at_key(k);
  std::vector<std::uint32_t> roots;
  for (std::size_t m = 0; m < members.size(); ++m)
    if (orbits.find(static_cast<std::uint32_t>(m)) == m) roots.push_back(static_cast<std::uint32_t>(m));

  // 4. G once per orbit.
  std::vector<Wide> completions_of(roots.size());
  std::size_t done = 0;
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1) if (with_completions)
  for (std::size_t i = 0; i < (with_completions ? roots.size() : 0); ++i) {
    Mask sets[kMaxGridSize], avail[kMaxGridSize];
    fillings.key_sets(members[roots[i]], sets);
    for (int j = 0; j < n; ++j) avail[j] = low_bits(n) & ~sets[j];
    completions_of[i] = completions(fillings, avail, c - 1);
#pragma omp atomic
    ++done;
    if (progress && omp_get_thread_num() == 0) progress(0.4 + 0.6 * static_cast<double>(done) / roots.size());
  }
  std::vector<BandOneOrbit> result(roots.size());
  for (std::size_t i = 0; i < roots.size(); ++i)
    result[i] = BandOneOrbit{members[roots[i]], weight[roots[i]], completions_of[i]};
  if (orbit_of_key) {
    std::vector<std::uint32_t> root_index(members.size(), 0);
    for (std::size_t i = 0; i < roots.size(); ++i) root_index[roots[i]] = static_cast<std::uint32_t>(i);
    orbit_of_key->resize(keys);
    for (std::size_t k = 0; k < keys; ++k) (*orbit_of_key)[k] = root_index[orbits.find(index[sorted_of[k]])];
  }
  return result;
}

}  // namespace sudoku_count::detail
