// Listing the proper and minimal subsets of a proper set of givens.
#include "puzzles/proper_subsets.hpp"

namespace sudoku_count::detail {

namespace {

// States of a position of the set at a node T of the walk.
enum : char {
  kDropped,    // not in T
  kUntested,   // in T; whether T minus it is proper is not known yet
  kRemovable,  // in T, and T minus it is proper
  kNeeded,     // in T, and T minus it is not proper: nor is any subset of T minus it
};

struct Walk {
  UniquenessTest& test;
  const std::vector<int>& set;
  std::vector<std::uint64_t>& proper;
  std::vector<std::uint64_t>* minimal;
  int smallest;

  // `state` describes T, which is proper, `size` positions of it kept;
  // positions up to `last` were dropped or are to stay. A position needed
  // at an ancestor of T is needed at T (T minus it lies inside the
  // ancestor minus it, which is not proper), so it is never tested again;
  // and only positions removable at T can be dropped below it.
  void visit(std::vector<char> state, int size, int last) {
    ++proper[size];
    // At the bottom of the walk T has no children: only its minimality
    // needs its positions tested.
    const bool bottom = size <= smallest;
    if (bottom && !minimal) return;
    const int s = static_cast<int>(set.size());
    // T minus p is proper when no completion of it has another symbol at
    // p: one with the grid's symbol there completes T, which is proper.
    auto try_drop = [&](int p) { state[p] = test.forced(set[p]) ? kRemovable : kNeeded; };
    bool is_minimal = true;
    for (int p = last + 1; p < s; ++p)
      if (state[p] == kUntested) try_drop(p);
    for (int p = last + 1; p < s && is_minimal; ++p) is_minimal = state[p] != kRemovable;
    if (minimal) {
      for (int p = 0; p < last && is_minimal; ++p) {
        if (state[p] == kUntested) try_drop(p);
        is_minimal = state[p] != kRemovable;
      }
      if (is_minimal) ++(*minimal)[size];
    }
    if (bottom) return;
    // The children: T minus a removable position q after `last`. In a
    // child, a position that is removable here is untested again; one
    // needed here stays needed.
    std::vector<char> child = state;
    for (int p = 0; p < s; ++p)
      if (child[p] == kRemovable) child[p] = kUntested;
    for (int q = last + 1; q < s; ++q) {
      if (state[q] != kRemovable) continue;
      child[q] = kDropped;
      test.drop(set[q]);
      visit(child, size - 1, q);
      test.keep(set[q]);
      child[q] = kUntested;
    }
  }
};

}  // namespace

void count_proper_subsets(UniquenessTest& test, const std::vector<int>& set, std::vector<std::uint64_t>& proper,
                          std::vector<std::uint64_t>* minimal, int smallest) {
  Walk walk{test, set, proper, minimal, smallest};
  walk.visit(std::vector<char>(set.size(), kUntested), static_cast<int>(set.size()), -1);
}

}  // namespace sudoku_count::detail
