#pragma once
// Random streams keyed by work block: block b of a run with seed s always
// draws from pcg64(s, b), whichever thread runs it, so results do not depend
// on the thread count.
#include <cstdint>
#include <pcg_random.hpp>

namespace sudoku_count {

using Rng = pcg64;

// SplitMix64's finaliser (Steele, Lea and Flood, "Fast splittable
// pseudorandom number generators", OOPSLA 2014): a bijection of 64-bit
// words whose every output bit depends on every input bit.
inline constexpr std::uint64_t mix64(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

// Block b of seed s: PCG state and increment each made of a mix of s and a
// mix of b (with distinct constants), so every (seed, block) pair has its
// own state and stream, and neighbouring blocks have unrelated ones rather
// than consecutive stream numbers of one seed.
inline Rng block_stream(std::uint64_t seed, std::uint64_t block_index) {
  const auto word = [](std::uint64_t high, std::uint64_t low) {
    return (static_cast<pcg_extras::pcg128_t>(high) << 64) | low;
  };
  const pcg_extras::pcg128_t state = word(mix64(seed ^ 0x243f6a8885a308d3ull), mix64(block_index ^ 0x13198a2e03707344ull));
  const pcg_extras::pcg128_t stream = word(mix64(block_index + 0xa4093822299f31d0ull), mix64(seed + 0x082efa98ec4e6c89ull));
  return Rng(state, stream);
}

// A uniform double in [0, 1) from the top 53 bits of one draw (exact: a
// multiple of 2^-53).
inline double uniform_unit(Rng& rng) { return static_cast<double>(rng() >> 11) * 0x1.0p-53; }

// Uniform integer in [0, bound), bound >= 1, without modulo bias.
inline std::uint64_t uniform_below(Rng& rng, std::uint64_t bound) { return rng(bound); }

}  // namespace sudoku_count
