// Completions of a first band (sliced_completions.hpp).
#include "slices/sliced_completions.hpp"

namespace sudoku_count::detail {

SliceCount SlicedCompletions::count(const std::vector<int>& band, SliceArrayCounter& counter) const {
  const int n = cut_.n();
  std::vector<Mask> used(static_cast<std::size_t>(cut_.houses()), 0);
  for (int cell = 0; cell < cut_.band_rows() * n; ++cell) {
    const Mask bit = Mask{1} << band[cell];
    for (const int h : cut_.houses_of_cells()[cell]) {
      if (used[h] & bit) return 0;
      used[h] |= bit;
    }
  }
  return cut_.completions(used.data(), counter);
}

}  // namespace sudoku_count::detail
