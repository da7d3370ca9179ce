#pragma once
// Uniformly random sets of cells of a fixed size: the clues of a candidate
// puzzle (random_clues) and the drawn sets of puzzle counting.
#include <cstdint>
#include <bit>
#include <numeric>
#include <vector>

#include "sudoku_count/rng.hpp"

namespace sudoku_count::detail {

// Scratch for one thread, reused from draw to draw.
class RandomCells {
 public:
  explicit RandomCells(int cells) : order_(static_cast<std::size_t>(cells)), marks_((cells + 63) / 64) {}
  // `count` cells, every set of that size with the same probability, in
  // cell order: the first `count` places of a partial Fisher-Yates shuffle
  // of the cells in order. 0 <= count <= cells.
  const std::vector<int>& draw(int count, Rng& rng) {
    const int cells = static_cast<int>(order_.size());
    std::iota(order_.begin(), order_.end(), 0);
    std::fill(marks_.begin(), marks_.end(), 0);
    for (int k = 0; k < count; ++k) {
      std::swap(order_[k], order_[k + static_cast<int>(uniform_below(rng, static_cast<std::uint64_t>(cells - k)))]);
      marks_[order_[k] / 64] |= std::uint64_t{1} << (order_[k] % 64);
    }
    drawn_.clear();
    for (std::size_t w = 0; w < marks_.size(); ++w)
      for (std::uint64_t bits = marks_[w]; bits; bits &= bits - 1)
        drawn_.push_back(static_cast<int>(w * 64) + std::countr_zero(bits));
    return drawn_;
  }

 private:
  std::vector<int> order_, drawn_;
  std::vector<std::uint64_t> marks_;
};

}  // namespace sudoku_count::detail
