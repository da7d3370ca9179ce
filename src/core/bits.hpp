#pragma once
// Small named helpers for the bit tricks used in hot loops. Sets of symbols,
// columns or cells are bits of a uint64_t (N <= 64).
#include <bit>
#include <cstdint>

namespace sudoku_count::detail {

using Mask = std::uint64_t;

inline constexpr Mask low_bits(int count) { return count >= 64 ? ~Mask{0} : (Mask{1} << count) - 1; }
inline constexpr int popcount(Mask m) { return std::popcount(m); }
inline constexpr int low_bit_index(Mask m) { return std::countr_zero(m); }
inline constexpr Mask low_bit(Mask m) { return m & (~m + 1); }
inline constexpr Mask clear_low_bit(Mask m) { return m & (m - 1); }

// Index of the k-th set bit (k = 0 is the lowest).
inline int nth_bit_index(Mask m, int k) {
  for (; k > 0; --k) m = clear_low_bit(m);
  return low_bit_index(m);
}

}  // namespace sudoku_count::detail
