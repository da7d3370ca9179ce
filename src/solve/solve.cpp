#include "sudoku_count/solve.hpp"

#include <chrono>

#include "core/threads.hpp"
#include "solve/singles.hpp"

namespace sudoku_count {
using namespace detail;  // internals of this area

const char* status_name(SolveStatus status) {
  switch (status) {
    case SolveStatus::None: return "none";
    case SolveStatus::Unique: return "unique";
    case SolveStatus::Multiple: return "multiple";
  }
  return "?";
}

SolveResult solve(const Grid& puzzle, const SolveOptions& options) {
  validate_grid(puzzle);  // before building the finder: the shape may not fit the grid
  return solve(CompletionFinder(puzzle.layout), puzzle, options);
}

SolveResult solve(const CompletionFinder& finder, const Grid& puzzle, const SolveOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  SolveResult result;  // apply_singles and finder.find check the grid
  Grid after_singles;
  const Grid* searched = &puzzle;
  if (options.explain) {
    SinglesResult singles = apply_singles(puzzle);
    result.deductions = std::move(singles.deductions);
    result.contradiction = std::move(singles.contradiction);
    after_singles = std::move(singles.grid);
    searched = &after_singles;
  }
  if (result.contradiction.empty()) {
    result.search_cells = searched->layout.cells() - given_count(*searched);
    // Two completions are enough to tell unique from multiple.
    result.solutions = finder.find(*searched, 2);
  }
  result.status = result.solutions.empty()      ? SolveStatus::None
                  : result.solutions.size() == 1 ? SolveStatus::Unique
                                                 : SolveStatus::Multiple;
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

BatchResult solve_all(const std::vector<Grid>& puzzles, const SolveOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  const int threads = thread_count(options.threads);
  std::vector<CompletionFinder> finders;  // one per layout, in order of first use
  std::vector<std::size_t> finder_of(puzzles.size());
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    validate_grid(puzzles[i]);
    std::size_t k = 0;
    while (k < finders.size() && !(finders[k].layout() == puzzles[i].layout)) ++k;
    if (k == finders.size()) finders.emplace_back(puzzles[i].layout);
    finder_of[i] = k;
  }
  BatchResult batch;
  batch.threads = threads;
  batch.results.resize(puzzles.size());
  const long long count = static_cast<long long>(puzzles.size());
  // Puzzles differ widely in effort: hand them out one at a time.
#pragma omp parallel for num_threads(batch.threads) schedule(dynamic, 1)
  for (long long i = 0; i < count; ++i) batch.results[i] = solve(finders[finder_of[i]], puzzles[i], options);
  batch.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return batch;
}

}  // namespace sudoku_count
