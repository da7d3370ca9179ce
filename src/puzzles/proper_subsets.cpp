// Listing the proper and minimal subsets of a proper set of givens.
#include "puzzles/proper_subsets.hpp"

#include <algorithm>

#include "solve/classic9.hpp"

namespace sudoku_count::detail {

UniquenessTest::UniquenessTest(const Layout& layout) : puzzle_(empty_grid(layout)) {
  if (!classic9_layout(layout)) finder_.emplace(layout);
}

void UniquenessTest::reset(const Grid& grid) {
  grid_ = &grid;
  std::fill(puzzle_.cells.begin(), puzzle_.cells.end(), 0);
  if (!finder_) {
    std::fill(cells9_, cells9_ + 81, 0);
    for (int i = 0; i < 81; ++i) grid9_[i] = static_cast<std::uint8_t>(grid.cells[i]);
  }
}

void UniquenessTest::keep(int cell) {
  if (finder_) puzzle_.cells[cell] = grid_->cells[cell];
  else cells9_[cell] = grid9_[cell];
}

void UniquenessTest::drop(int cell) {
  if (finder_) puzzle_.cells[cell] = 0;
  else cells9_[cell] = 0;
}

bool UniquenessTest::proper() {
  ++tests_;
  if (!finder_) return !classic9_other_completion(cells9_, grid9_);
  return finder_->find(puzzle_, 2).size() == 1;
}

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

  // `state` describes T, which is proper, `size` positions of it kept;
  // positions up to `last` were dropped or are to stay. A position needed
  // at an ancestor of T is needed at T (T minus it lies inside the
  // ancestor minus it, which is not proper), so it is never tested again;
  // and only positions removable at T can be dropped below it.
  void visit(std::vector<char> state, int size, int last) {
    ++proper[size];
    const int s = static_cast<int>(set.size());
    auto try_drop = [&](int p) {
      test.drop(set[p]);
      state[p] = test.proper() ? kRemovable : kNeeded;
      test.keep(set[p]);
    };
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
                          std::vector<std::uint64_t>* minimal) {
  Walk walk{test, set, proper, minimal};
  walk.visit(std::vector<char>(set.size(), kUntested), static_cast<int>(set.size()), -1);
}

}  // namespace sudoku_count::detail
