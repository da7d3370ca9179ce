#pragma once
// Orbits of band-1 column sets under the grid symmetries that keep band 1 a
// band (docs/method.md, section 7): relabelling the symbols, permuting the
// columns inside each stack and permuting the stacks. The completions G(X)
// of a band with column sets X are constant on an orbit, so the exact count
// and the exact sampler need G once per orbit.
#include <cstdint>
#include <vector>

#include "bands/band_completions.hpp"
#include "bands/band_tables.hpp"
#include "sudoku_count/exact.hpp"

namespace sudoku_count::detail {

struct BandOneOrbit {
  std::size_t key = 0;        // a key of the f table in the orbit (its column sets stand for the orbit)
  std::uint64_t weight = 0;   // sum of f over every key in the orbit
  Wide completions = 0;       // G of the orbit
};

// Every orbit, for a shape whose f table is tabulated (R = 2 or 3 with the
// band tables in reach). The band-1 column sets in an orbit number P times
// its keys, P = N! / (R!)^C, so
//   number of grids = P * sum over orbits of weight * completions.
// When orbit_of_key is given, it receives the orbit (an index into the
// result) of every key. Without completions, G is left at 0 (for callers
// that sum it themselves).
std::vector<BandOneOrbit> band_one_orbits(const BandTables& tables, int threads, const ProgressFn& progress = {},
                                          std::vector<std::uint32_t>* orbit_of_key = nullptr,
                                          bool with_completions = true);

}  // namespace sudoku_count::detail
