#include "exact/search_size.hpp"

#include <algorithm>

#include "core/bits.hpp"
#include "sudoku_count/rng.hpp"

namespace sudoku_count::detail {

SearchEstimate estimate_search(const Grid& puzzle, int probes, double stop_above) {
  validate_grid(puzzle);
  const Layout& layout = puzzle.layout;
  const int n = layout.n(), cells = layout.cells();
  const auto& houses_of = layout.houses_of_cells();
  const Mask all = low_bits(n);
  std::vector<Mask> used(layout.houses().size());  // per house: symbols placed
  std::vector<char> filled(cells);
  Rng rng(0x5eed, 0);  // one fixed stream: the refusals it feeds are the same from run to run
  double completions = 0, nodes = 0;
  for (int probe = 0; probe < probes; ++probe) {
    std::fill(used.begin(), used.end(), 0);
    for (int cell = 0; cell < cells; ++cell) {
      const int v = puzzle.cells[cell];
      filled[cell] = v != 0;
      if (v)
        for (int house : houses_of[cell]) used[house] |= Mask{1} << (v - 1);
    }
    double weight = 1;  // nodes at this depth, estimated: the product of the branching so far
    nodes += 1;         // the root
    for (;;) {
      int best = -1, fewest = n + 1;
      Mask options = 0;
      for (int cell = 0; cell < cells && fewest > 1; ++cell) {
        if (filled[cell]) continue;
        Mask taken = 0;
        for (int house : houses_of[cell]) taken |= used[house];
        const Mask m = all & ~taken;
        if (popcount(m) < fewest) fewest = popcount(m), best = cell, options = m;
      }
      if (best < 0) {  // complete
        completions += weight;
        break;
      }
      if (fewest == 0) break;  // a dead end
      weight *= fewest;
      nodes += weight;
      const Mask bit = Mask{1} << nth_bit_index(options, static_cast<int>(uniform_below(rng, fewest)));
      for (int house : houses_of[best]) used[house] |= bit;
      filled[best] = 1;
    }
    if (nodes / probes > stop_above) break;
  }
  return {completions / probes, nodes / probes};
}

}  // namespace sudoku_count::detail
