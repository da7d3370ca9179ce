#pragma once
// Random streams keyed by work block: block b of a run with seed s always
// draws from pcg64(s, b), whichever thread runs it, so results do not depend
// on the thread count.
#include <cstdint>
#include <pcg_random.hpp>

namespace sudoku_count {

using Rng = pcg64;

inline Rng block_stream(std::uint64_t seed, std::uint64_t block_index) { return Rng(seed, block_index); }

// Uniform integer in [0, bound), bound >= 1, without modulo bias.
inline std::uint64_t uniform_below(Rng& rng, std::uint64_t bound) { return rng(bound); }

}  // namespace sudoku_count
