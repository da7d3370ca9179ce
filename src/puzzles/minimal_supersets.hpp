#pragma once
// The work of one drawn set in the supersets method of puzzle counting:
// every minimal puzzle of the grid that contains the set (docs/method.md,
// section 17).
#include <cstdint>
#include <vector>

#include "puzzles/proper_subsets.hpp"

namespace sudoku_count::detail {

// Unavoidable sets of one grid (cells where another grid differs from it:
// every proper puzzle of the grid holds a cell of each), found while
// searching and kept for the grid's further sets, smallest first.
class UnavoidableSets {
 public:
  struct Set {
    std::vector<std::uint64_t> bits;  // a bit per cell
    int size = 0;
  };
  static constexpr std::size_t kMaxSets = 4096;
  explicit UnavoidableSets(int cells);
  void clear();                                // a new grid
  void add(const std::vector<int>& cells);     // unless full or known
  const std::vector<Set>& sets() const { return sets_; }

 private:
  std::size_t words_;
  std::vector<Set> sets_;
};

// With the grid's cells of `set` kept in `test` (and nothing else), and
// `pool` holding unavoidable sets of that grid (it gains those found): adds
// to minimal[c], for c up to `max_clues`, the minimal puzzles of the grid
// with c cells that contain the set. Each is reached once, by a search over
// unavoidable sets: at a kept set T, take the smallest known one that T
// misses (or, when T misses none, one from another completion the solver
// finds; none: T is proper); every proper superset of T holds one of its
// cells, so the i-th branch keeps the i-th cell and excludes the earlier
// ones (a minimal puzzle P is reached by the branch of the first of its
// cells, at every node). A branch ends at a proper T (counted when no cell
// of it is implied by the others), at a kept cell implied by the others (no
// superset is minimal), at an unavoidable set left with excluded cells only,
// and when T plus the number of disjoint missed unavoidable sets exceeds
// `max_clues`. `test` is left with the set kept.
void count_minimal_supersets(UniquenessTest& test, UnavoidableSets& pool, const std::vector<int>& set,
                             int max_clues, std::vector<std::uint64_t>& minimal);

}  // namespace sudoku_count::detail
