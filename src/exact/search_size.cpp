#include "exact/search_size.hpp"

#include <algorithm>

#include "core/bits.hpp"
#include "sudoku_count/rng.hpp"

namespace sudoku_count::detail {

SearchEstimate estimate_search(const Grid& puzzle, int probes, double stop_above) {
  validate_grid(puzzle);
  const Shape& shape = puzzle.shape;
  const int n = shape.n(), cells = shape.cells();
  const Mask all = low_bits(n);
  std::vector<Mask> row(n), col(n), box(n);
  std::vector<char> filled(cells);
  Rng rng(0x5eed, 0);  // one fixed stream: the refusals it feeds are the same from run to run
  double completions = 0, nodes = 0;
  for (int probe = 0; probe < probes; ++probe) {
    std::fill(row.begin(), row.end(), 0);
    std::fill(col.begin(), col.end(), 0);
    std::fill(box.begin(), box.end(), 0);
    for (int cell = 0; cell < cells; ++cell) {
      const int r = cell / n, c = cell % n, v = puzzle.cells[cell];
      filled[cell] = v != 0;
      if (v) {
        const Mask bit = Mask{1} << (v - 1);
        row[r] |= bit, col[c] |= bit, box[shape.box_of(r, c)] |= bit;
      }
    }
    double weight = 1;  // nodes at this depth, estimated: the product of the branching so far
    nodes += 1;         // the root
    for (;;) {
      int best = -1, fewest = n + 1;
      Mask options = 0;
      for (int cell = 0; cell < cells && fewest > 1; ++cell) {
        if (filled[cell]) continue;
        const int r = cell / n, c = cell % n;
        const Mask m = all & ~(row[r] | col[c] | box[shape.box_of(r, c)]);
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
      const int r = best / n, c = best % n;
      row[r] |= bit, col[c] |= bit, box[shape.box_of(r, c)] |= bit;
      filled[best] = 1;
    }
    if (nodes / probes > stop_above) break;
  }
  return {completions / probes, nodes / probes};
}

}  // namespace sudoku_count::detail
