#pragma once
// Exact 128-bit counts (core/bits.hpp's UInt128) as arbitrary-precision
// integers, for totals that go on beyond them.
#include <cstdint>

#include "core/bits.hpp"
#include "sudoku_count/bignum.hpp"

namespace sudoku_count::detail {

inline BigInt to_big(UInt128 value) {
  BigInt result = static_cast<std::uint64_t>(value >> 64);
  result <<= 64;
  result += static_cast<std::uint64_t>(value);
  return result;
}

}  // namespace sudoku_count::detail
