#pragma once
// Exact uniform integers of any size, for draws proportional to exact counts
// (rng.hpp has uniform_below for 64-bit bounds).
#include "sudoku_count/bignum.hpp"
#include "sudoku_count/rng.hpp"

namespace sudoku_count::detail {

// Uniform in [0, bound), bound >= 1: random bits of the bound's width,
// drawn again while they reach the bound (fewer than two tries on average),
// so no value is favoured.
inline BigInt uniform_big_below(Rng& rng, const BigInt& bound) {
  if (bound <= 1) return 0;
  const BigInt top = bound - 1;
  const unsigned bits = static_cast<unsigned>(boost::multiprecision::msb(top)) + 1;
  for (;;) {
    BigInt value = 0;
    for (unsigned done = 0; done < bits; done += 64) {
      value <<= 64;
      value += static_cast<std::uint64_t>(rng());
    }
    value >>= ((bits + 63) / 64) * 64 - bits;  // keep the top `bits` of the words drawn
    if (value < bound) return value;
  }
}

}  // namespace sudoku_count::detail
