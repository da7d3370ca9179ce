// A pool of unavoidable sets of one grid (unavoidable_sets.hpp).
#include "puzzles/unavoidable_sets.hpp"

#include <algorithm>

namespace sudoku_count::detail {

UnavoidableSets::UnavoidableSets(int cells) : words_((cells + 63) / 64), holding_(cells), holding_bits_(cells) {}

int UnavoidableSets::add(const std::vector<int>& cells) {
  if (count() >= kMaxSets) return -1;
  const auto index = static_cast<std::uint32_t>(count());
  bits_.resize(bits_.size() + words_, 0);
  std::uint64_t* bits = &bits_[index * words_];
  for (const int cell : cells) set_bit(bits, cell, true);
  for (const int cell : cells) {
    holding_[cell].push_back(index);
    holding_bits_[cell].insert(holding_bits_[cell].end(), bits, bits + words_);
  }
  order_.push_back(index);
  return static_cast<int>(index);
}

void UnavoidableSets::clear() {
  bits_.clear();
  order_.clear();
  for (auto& sets : holding_) sets.clear();
  for (auto& sets : holding_bits_) sets.clear();
}

bool UnavoidableSets::missed_by(const std::uint64_t* kept) {
  for (std::size_t i = 0; i < order_.size(); ++i) {
    if (!misses(order_[i], kept)) continue;
    if (i > 0) std::swap(order_[i], order_[i / 2]);
    return true;
  }
  return false;
}

int UnavoidableSets::witness(const std::uint64_t* kept, int cell) const {
  // The latest first, over the copies of the sets' bits kept per cell (in
  // one block, scanned in turn).
  const std::vector<std::uint64_t>& sets = holding_bits_[cell];
  const std::uint64_t mask = ~(std::uint64_t{1} << (cell % 64));
  if (words_ <= 2) {  // up to 128 cells (every shape to 11x11): the other kept cells in registers
    std::uint64_t others[2] = {kept[0], words_ == 2 ? kept[1] : 0};
    others[cell / 64] &= mask;
    for (std::size_t i = holding_[cell].size(); i-- > 0;) {
      const std::uint64_t* set = &sets[i * words_];
      if (!((set[0] & others[0]) | (set[words_ - 1] & others[words_ - 1]))) return static_cast<int>(holding_[cell][i]);
    }
    return -1;
  }
  const std::size_t own = static_cast<std::size_t>(cell / 64);
  for (std::size_t i = holding_[cell].size(); i-- > 0;) {
    const std::uint64_t* set = &sets[i * words_];
    bool alone = true;
    for (std::size_t w = 0; w < words_ && alone; ++w) alone = (set[w] & kept[w] & (w == own ? mask : ~std::uint64_t{0})) == 0;
    if (alone) return static_cast<int>(holding_[cell][i]);
  }
  return -1;
}

void UnavoidableSets::seed(UniquenessTest& test, const Grid& grid) {
  clear();
  const int n = grid.layout.n();
  const int cells = static_cast<int>(grid.cells.size());
  // Each completion of a blanked subproblem gives a set; a subproblem with
  // more completions than this gives its first ones.
  constexpr std::uint64_t kCompletionsPerBlank = 1 << 12;
  const int most = std::min(n - 1, n <= 9 ? 3 : 2);
  std::vector<std::vector<int>> found;
  std::vector<int> symbols;
  std::vector<bool> blank(n + 1);
  // Symbol sets in lexicographic order, sizes 2 to `most`.
  for (int k = 2; k <= most; ++k) {
    symbols.resize(k);
    for (int i = 0; i < k; ++i) symbols[i] = i + 1;
    for (;;) {
      std::fill(blank.begin(), blank.end(), false);
      for (const int s : symbols) blank[s] = true;
      for (int cell = 0; cell < cells; ++cell)
        if (!blank[grid.cells[cell]]) test.keep(cell);
      test.other_completions(kCompletionsPerBlank, [&](const std::vector<int>& differing) { found.push_back(differing); });
      for (int cell = 0; cell < cells; ++cell) test.drop(cell);
      int i = k - 1;
      while (i >= 0 && symbols[i] == n - k + 1 + i) --i;
      if (i < 0) break;
      ++symbols[i];
      for (int j = i + 1; j < k; ++j) symbols[j] = symbols[j - 1] + 1;
    }
  }
  // The minimal ones, smallest first: a set holding a smaller one is hit
  // whenever that one is.
  std::sort(found.begin(), found.end(), [](const std::vector<int>& a, const std::vector<int>& b) {
    return a.size() != b.size() ? a.size() < b.size() : a < b;
  });
  found.erase(std::unique(found.begin(), found.end()), found.end());
  std::vector<std::uint64_t> bits(words_);
  for (const std::vector<int>& set : found) {
    std::fill(bits.begin(), bits.end(), 0);
    for (const int cell : set) set_bit(bits.data(), cell, true);
    bool holds_one = false;
    for (std::size_t other = 0; other < count() && !holds_one; ++other) {
      const std::uint64_t* smaller = this->bits(other);
      holds_one = true;
      for (std::size_t w = 0; w < words_; ++w)
        if (smaller[w] & ~bits[w]) {
          holds_one = false;
          break;
        }
    }
    if (!holds_one && add(set) < 0) break;
  }
}

}  // namespace sudoku_count::detail
