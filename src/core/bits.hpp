#pragma once
// Small named helpers for the bit tricks used in hot loops. Sets of symbols,
// columns or cells are bits of a uint64_t (N <= 64).
#include <bit>
#include <cstdint>

namespace sudoku_count::detail {

using Mask = std::uint64_t;
// Exact counts beyond 64 bits (sums of products of band counts).
__extension__ using UInt128 = unsigned __int128;

inline constexpr Mask low_bits(int count) { return count >= 64 ? ~Mask{0} : (Mask{1} << count) - 1; }
// std::popcount is a library call on x86-64 without POPCNT (the baseline the
// build targets unless SUDOKU_COUNT_NATIVE is on); the SWAR count inlines.
inline constexpr int popcount(Mask m) {
#if defined(__x86_64__) && !defined(__POPCNT__)
  m = m - ((m >> 1) & 0x5555555555555555ull);
  m = (m & 0x3333333333333333ull) + ((m >> 2) & 0x3333333333333333ull);
  m = (m + (m >> 4)) & 0x0F0F0F0F0F0F0F0Full;
  return static_cast<int>((m * 0x0101010101010101ull) >> 56);
#else
  return std::popcount(m);
#endif
}
inline constexpr int low_bit_index(Mask m) { return std::countr_zero(m); }
inline constexpr Mask low_bit(Mask m) { return m & (~m + 1); }
inline constexpr Mask clear_low_bit(Mask m) { return m & (m - 1); }

// Index of the k-th set bit (k = 0 is the lowest).
inline int nth_bit_index(Mask m, int k) {
  for (; k > 0; --k) m = clear_low_bit(m);
  return low_bit_index(m);
}

}  // namespace sudoku_count::detail
