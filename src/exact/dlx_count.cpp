// Exact counting of a puzzle's completions by dancing links.
#include <chrono>
#include <string>

#include "core/threads.hpp"
#include "cover/sudoku_cover.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/exact.hpp"

namespace sudoku_count {

using detail::sudoku_exact_cover;
using detail::thread_count;

ExactResult count_completions_dlx(const Grid& puzzle, const ExactOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  const int threads = thread_count(options.threads);
  validate_grid(puzzle);
  const int n = puzzle.n();
  if (const int givens = given_count(puzzle); options.fix_first_row && givens != 0)
    throw InputError("{fix_first_row} (fixing the first row) needs the empty grid, but the puzzle has " + std::to_string(givens) +
                     (givens == 1 ? " given" : " givens"));

  Grid start_grid = puzzle;
  if (options.fix_first_row)
    for (int col = 0; col < n; ++col) start_grid.at(0, col) = col + 1;

  ExactResult result;
  result.threads = threads;
  const BigInt raw = sudoku_exact_cover(start_grid).count_solutions(result.threads);
  if (options.fix_first_row) {
    // Relabelling symbols maps completions with any first row one-to-one onto
    // those with first row 1..N, so each of the N! first rows has as many:
    // every house of every layout holds each symbol once whatever the labels.
    result.first_row_fixed = true;
    result.count_with_first_row_fixed = raw;
    result.count = raw * factorial(n);
  } else {
    result.count = raw;
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace sudoku_count
