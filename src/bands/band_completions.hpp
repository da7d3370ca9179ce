#pragma once
// Exact sums over the column sets of the bands still to place: the number of
// ways to complete a grid whose first bands are fixed, given only what each
// column still lacks (docs/method.md, sections 2 and 3). Shared by the band
// estimator and the exact band counter.
#include <cstdint>
#include <vector>

#include "bands/band_fillings.hpp"
#include "core/bits.hpp"
#include "core/wide_integer.hpp"
#include "sudoku_count/bignum.hpp"

namespace sudoku_count::detail {

using Wide = UInt128;  // exact sums of products of f (to_big: core/wide_integer.hpp)

// Every way to give the C columns of one box R symbols each, from the
// symbols still available in each column, with no symbol used twice. An
// option is C consecutive masks in `out`.
void box_options(const Mask* avail, int c, int r, std::vector<Mask>& out);

// Sum over band C-1's column sets X of f(X) f(avail - X): the completions of
// a grid whose first C-2 bands leave `avail` free in each column.
Wide last_two_bands(const BandFillings& fillings, const Mask* avail);

// The completions when `bands_left` bands remain (every middle band
// enumerated): 1 for none, f(avail) for one, last_two_bands for two.
Wide completions(const BandFillings& fillings, const Mask* avail, int bands_left);

}  // namespace sudoku_count::detail
