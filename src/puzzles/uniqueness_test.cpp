// The uniqueness test of puzzle counting (uniqueness_test.hpp).
#include "puzzles/uniqueness_test.hpp"

#include <algorithm>

#include "puzzles/unavoidable_sets.hpp"
#include "solve/classic9.hpp"

namespace sudoku_count::detail {

UniquenessTest::UniquenessTest(const Layout& layout)
    : peers_(layout.cells()), puzzle_(empty_grid(layout)), kept_bits_((layout.cells() + 63) / 64, 0) {
  if (!classic9_layout(layout)) finder_.emplace(layout);
  for (const auto& house : layout.houses())
    for (const int a : house.cells)
      for (const int b : house.cells)
        if (a != b && std::find(peers_[a].begin(), peers_[a].end(), b) == peers_[a].end()) peers_[a].push_back(b);
}

void UniquenessTest::reset(const Grid& grid) {
  grid_ = &grid;
  std::fill(puzzle_.cells.begin(), puzzle_.cells.end(), 0);
  std::fill(kept_bits_.begin(), kept_bits_.end(), 0);
  if (!finder_) {
    std::fill(cells9_, cells9_ + 81, 0);
    for (int i = 0; i < 81; ++i) grid9_[i] = static_cast<std::uint8_t>(grid.cells[i]);
  }
}

void UniquenessTest::keep(int cell) {
  set_bit(kept_bits_.data(), cell, true);
  if (finder_) puzzle_.cells[cell] = grid_->cells[cell];
  else cells9_[cell] = grid9_[cell];
}

void UniquenessTest::drop(int cell) {
  set_bit(kept_bits_.data(), cell, false);
  if (finder_) puzzle_.cells[cell] = 0;
  else cells9_[cell] = 0;
}

bool UniquenessTest::proper() {
  if (!filter_) {
    ++tests_;
    if (!finder_) return !classic9_other_completion(cells9_, grid9_);
    return finder_->find(puzzle_, 2).size() == 1;
  }
  if (filter_->missed_by(kept_bits_.data())) {
    ++filtered_;
    return false;
  }
  if (!other_completion(differing_)) return true;
  learn();
  return false;
}

void UniquenessTest::learn() {
  if (filter_->count() < kFilterSets) filter_->add(differing_);
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
  if (!filter_) return forced_search(cell, differing);
  if (filter_->witness(kept_bits_.data(), cell) >= 0) {
    ++filtered_;
    return false;
  }
  if (forced_search(cell, &differing_)) return true;
  if (differing) *differing = differing_;
  learn();
  return false;
}

bool UniquenessTest::forced_search(int cell, std::vector<int>* differing) {
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

}  // namespace sudoku_count::detail
