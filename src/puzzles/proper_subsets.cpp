// Listing the proper and minimal subsets of a proper set of givens.
#include "puzzles/proper_subsets.hpp"

#include <algorithm>

#include "solve/classic9.hpp"

namespace sudoku_count::detail {

UniquenessTest::UniquenessTest(const Layout& layout) : peers_(layout.cells()), puzzle_(empty_grid(layout)) {
  if (!classic9_layout(layout)) finder_.emplace(layout);
  for (const auto& house : layout.houses())
    for (const int a : house.cells)
      for (const int b : house.cells)
        if (a != b && std::find(peers_[a].begin(), peers_[a].end(), b) == peers_[a].end()) peers_[a].push_back(b);
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

// The cells where a completion (digits in cell order) differs from `grid`.
template <class Cells>
void differences(const Cells& completion, const Grid& grid, std::vector<int>& differing) {
  differing.clear();
  for (int i = 0; i < static_cast<int>(grid.cells.size()); ++i)
    if (completion[i] != grid.cells[i]) differing.push_back(i);
}

}  // namespace

bool UniquenessTest::other_completion(std::vector<int>& differing) {
  ++tests_;
  differing.clear();
  if (!finder_) {
    if (!classic9_other_completion(cells9_, grid9_, other9_)) return false;
    differences(other9_, *grid_, differing);
    return true;
  }
  for (const Grid& completion : finder_->find(puzzle_, 2)) {
    if (completion.cells == grid_->cells) continue;
    differences(completion.cells, *grid_, differing);
    return true;
  }
  return false;
}

bool UniquenessTest::forced(int cell, std::vector<int>* differing) {
  const int own = grid_->cells[cell];
  auto differs = [&](const auto& completion) {
    if (differing) differences(completion, *grid_, *differing);
  };
  if (!finder_) {
    // One search with the grid's digit struck from the cell.
    ++tests_;
    cells9_[cell] = 0;
    const bool other = classic9_other_completion(cells9_, grid9_, other9_, nullptr, cell);
    cells9_[cell] = static_cast<std::uint8_t>(own);
    if (other) differs(other9_);
    return !other;
  }
  // Each other symbol that no kept peer holds, tried in turn.
  for (int symbol = 1; symbol <= grid_->layout.n(); ++symbol) {
    if (symbol == own) continue;
    bool clash = false;
    for (const int peer : peers_[cell])
      if (puzzle_.cells[peer] == symbol) {
        clash = true;
        break;
      }
    if (clash) continue;
    ++tests_;
    puzzle_.cells[cell] = symbol;
    const std::vector<Grid> found = finder_->find(puzzle_, 1);
    puzzle_.cells[cell] = own;
    if (!found.empty()) {
      differs(found.front().cells);
      return false;
    }
  }
  return true;
}

std::uint64_t UniquenessTest::other_completions(std::uint64_t limit,
                                                const std::function<void(const std::vector<int>&)>& visit) {
  ++tests_;
  std::vector<int> differing;
  auto report = [&](const auto& completion) {
    differences(completion, *grid_, differing);
    if (!differing.empty()) visit(differing);
  };
  if (!finder_) return classic9_completions(cells9_, limit, [&](const std::uint8_t* completion) { report(completion); });
  const std::vector<Grid> found = finder_->find(puzzle_, limit);
  for (const Grid& completion : found) report(completion.cells);
  return found.size();
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
