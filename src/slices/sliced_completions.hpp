#pragma once
// The completions of a first band under a variant layout (docs/method.md,
// section 14): the band's symbols per house, then the slice lemma
// (SlicedLayout::completions).
#include <vector>

#include "slices/sliced_layout.hpp"

namespace sudoku_count::detail {

class SlicedCompletions {
 public:
  explicit SlicedCompletions(SlicedLayout cut) : cut_(std::move(cut)) {}
  const SlicedLayout& cut() const { return cut_; }
  // The grids whose first band is `band` (band_rows x n symbols 0..n-1, row
  // by row), or 0 when the band breaks a house. `counter` is the calling
  // thread's.
  SliceCount count(const std::vector<int>& band, SliceArrayCounter& counter) const;

 private:
  SlicedLayout cut_;
};

}  // namespace sudoku_count::detail
