#include "sudoku_count/exact.hpp"

#include <cassert>
#include <chrono>
#include <stdexcept>
#include <string>

#include "sudoku_count/bits.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/rng.hpp"
#include "sudoku_count/threads.hpp"

namespace sudoku_count {
namespace {

int option_index(int n, int row, int col, int value) { return (row * n + col) * n + value - 1; }

// The exact cover of the empty grid of a shape (see sudoku_exact_cover).
ExactCover empty_grid_cover(const Shape& shape) {
  const int n = shape.n(), cells = shape.cells();
  std::vector<std::vector<int>> options;
  options.reserve(static_cast<std::size_t>(cells) * n);
  for (int row = 0; row < n; ++row)
    for (int col = 0; col < n; ++col)
      for (int value = 1; value <= n; ++value) {
        const int symbol = value - 1, box = shape.box_of(row, col);
        // Cell columns first: MRV breaks ties by column order, so among equally
        // constrained choices it branches on the candidates of a cell.
        options.push_back({row * n + col, cells + row * n + symbol, 2 * cells + col * n + symbol,
                           3 * cells + box * n + symbol});
      }
  return ExactCover(4 * cells, options);
}

// Selects the givens of a validated puzzle in the cover of its empty grid.
void select_givens(ExactCover& cover, const Grid& puzzle) {
  const int n = puzzle.shape.n();
  for (int row = 0; row < n; ++row)
    for (int col = 0; col < n; ++col)
      if (const int value = puzzle.at(row, col); value != 0) {
        [[maybe_unused]] const bool placed = cover.select(option_index(n, row, col, value));
        assert(placed && "validate_grid rules out clashing givens");
      }
}

}  // namespace

ExactCover sudoku_exact_cover(const Grid& puzzle) {
  validate_grid(puzzle);
  ExactCover cover = empty_grid_cover(puzzle.shape);
  select_givens(cover, puzzle);
  return cover;
}

ExactResult count_completions_dlx(const Grid& puzzle, const ExactOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  const int threads = thread_count(options.threads);
  validate_grid(puzzle);
  const int n = puzzle.shape.n();
  if (const int givens = given_count(puzzle); options.fix_first_row && givens != 0)
    throw InputError("fixing the first row needs the empty grid, but the puzzle has " + std::to_string(givens) +
                     (givens == 1 ? " given" : " givens"));

  Grid start_grid = puzzle;
  if (options.fix_first_row)
    for (int col = 0; col < n; ++col) start_grid.at(0, col) = col + 1;

  ExactResult result;
  result.threads = threads;
  const BigInt raw = sudoku_exact_cover(start_grid).count_solutions(result.threads);
  if (options.fix_first_row) {
    // Relabelling symbols maps completions with any first row one-to-one onto
    // those with first row 1..N, so each of the N! first rows has as many.
    result.first_row_fixed = true;
    result.count_with_first_row_fixed = raw;
    result.count = raw * factorial(n);
  } else {
    result.count = raw;
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

CompletionFinder::CompletionFinder(const Shape& shape) : shape_(shape), empty_cover_(empty_grid_cover(shape)) {}

std::vector<Grid> CompletionFinder::find(const Grid& puzzle, std::uint64_t limit) const {
  if (!(puzzle.shape == shape_))
    throw std::invalid_argument("CompletionFinder for box " + shape_.name() + " given a puzzle of box " +
                                puzzle.shape.name());
  validate_grid(puzzle);
  ExactCover cover = empty_cover_;
  select_givens(cover, puzzle);
  const int n = shape_.n();
  std::vector<Grid> completions;
  for (const std::vector<int>& solution : cover.find_solutions(limit)) {
    Grid grid = puzzle;
    for (int option : solution) grid.cells[option / n] = option % n + 1;
    completions.push_back(std::move(grid));
  }
  return completions;
}

std::vector<Grid> find_completions(const Grid& puzzle, std::uint64_t limit) {
  return CompletionFinder(puzzle.shape).find(puzzle, limit);
}

SearchEstimate estimate_search(const Grid& puzzle, int probes, double stop_above) {
  validate_grid(puzzle);
  const Shape& shape = puzzle.shape;
  const int n = shape.n(), cells = shape.cells();
  const Mask all = low_bits(n);
  std::vector<Mask> row(n), col(n), box(n);
  std::vector<char> filled(cells);
  Rng rng = block_stream(0x5eed, 0);
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

}  // namespace sudoku_count
