// Exact counts of proper and minimal puzzles for the smallest layouts.
#include <algorithm>
#include <bit>
#include <chrono>
#include <string>

#include "sudoku_count/error.hpp"
#include "sudoku_count/grid.hpp"
#include "sudoku_count/puzzle_counts.hpp"
#include "sudoku_count/solve.hpp"

namespace sudoku_count {

PuzzleCounts exact_puzzle_counts(const Layout& layout) {
  const auto start = std::chrono::steady_clock::now();
  const int cells = layout.cells();
  if (cells > kExactPuzzleCountsMaxCells)
    throw InputError("exact puzzle counts list every set of cells of every grid: at most " +
                     std::to_string(kExactPuzzleCountsMaxCells) + " cells (4x4), not " + std::to_string(cells) +
                     " (layout " + layout.name() + ")");
  const std::vector<Grid> grids = find_completions(empty_grid(layout), UINT64_MAX);
  PuzzleCounts counts;
  counts.layout = layout;
  counts.grids = grids.size();
  counts.proper.assign(static_cast<std::size_t>(cells) + 1, 0);
  counts.minimal.assign(static_cast<std::size_t>(cells) + 1, 0);
  const std::uint32_t sets = std::uint32_t{1} << cells;
  std::vector<std::uint8_t> improper(sets);
  for (const Grid& grid : grids) {
    // Marked: every set within the cells where g and another grid agree.
    std::fill(improper.begin(), improper.end(), 0);
    for (const Grid& other : grids) {
      if (&other == &grid) continue;
      std::uint32_t agree = 0;
      for (int i = 0; i < cells; ++i)
        if (grid.cells[i] == other.cells[i]) agree |= std::uint32_t{1} << i;
      improper[agree] = 1;
    }
    for (int bit = 0; bit < cells; ++bit)
      for (std::uint32_t set = 0; set < sets; ++set)
        if (!(set >> bit & 1) && improper[set | std::uint32_t{1} << bit]) improper[set] = 1;
    for (std::uint32_t set = 0; set < sets; ++set) {
      if (improper[set]) continue;
      const int givens = std::popcount(set);
      ++counts.proper[givens];
      bool minimal = true;
      for (std::uint32_t rest = set; rest && minimal; rest &= rest - 1)
        minimal = improper[set & ~(rest & (~rest + 1))];
      counts.minimal[givens] += minimal;
    }
  }
  counts.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return counts;
}

PuzzleCounts count_puzzles_exactly(const Layout& layout, PuzzleKind kind, int threads, std::string* method,
                                   const std::function<void(double)>& progress) {
  if (layout.cells() <= kExactPuzzleCountsMaxCells) {
    if (method) *method = "listing";
    return exact_puzzle_counts(layout);
  }
  const bool classic_in_reach = layout.classic() && layout.n() <= kExactPuzzleCountsByClassesMaxN;
  if (!classic_in_reach)
    throw RequestError("exact", "{exact} reaches layouts of at most 16 cells, and the classic rules up to 6x6; "
                                "layout " + layout.name() + " is beyond: estimate it instead (drop {exact})");
  if (method) *method = "hitting-sets";
  return exact_puzzle_counts_by_classes(layout.shape(), kind, threads, progress);
}

}  // namespace sudoku_count
