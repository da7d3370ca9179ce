// The uniqueness test of puzzle counting: a completion other than a known one.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <string>

#include "core/threads.hpp"
#include "solve/classic9.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/solve.hpp"

namespace sudoku_count {

namespace {

void check_solution(const Grid& puzzle, const Grid& solution) {
  validate_grid(puzzle);
  if (!(solution.layout == puzzle.layout)) throw InputError("the solution's layout differs from the puzzle's");
  validate_grid(solution);
  if (given_count(solution) != solution.layout.cells()) throw InputError("the solution is not a completed grid");
  for (std::size_t i = 0; i < puzzle.cells.size(); ++i)
    if (puzzle.cells[i] && puzzle.cells[i] != solution.cells[i]) {
      const int n = puzzle.n();
      throw InputError("the solution does not extend the puzzle: " + cell_name(static_cast<int>(i) / n, static_cast<int>(i) % n) +
                       " is " + grid_symbol(puzzle.cells[i], n) + " in the puzzle and " + grid_symbol(solution.cells[i], n) +
                       " in the solution");
    }
}

// With the solution already checked.
bool other_completion(const CompletionFinder* finder, const Grid& puzzle, const Grid& solution, Grid* other) {
  if (!finder) {
    std::uint8_t cells[81], grid[81], found[81];
    for (int i = 0; i < 81; ++i) {
      cells[i] = static_cast<std::uint8_t>(puzzle.cells[i]);
      grid[i] = static_cast<std::uint8_t>(solution.cells[i]);
    }
    if (!detail::classic9_other_completion(cells, grid, found)) return false;
    if (other) {
      *other = solution;
      std::copy(found, found + 81, other->cells.begin());
    }
    return true;
  }
  for (Grid& completion : finder->find(puzzle, 2))
    if (completion.cells != solution.cells) {
      if (other) *other = std::move(completion);
      return true;
    }
  return false;
}

}  // namespace

bool has_other_completion(const Grid& puzzle, const Grid& solution, Grid* other) {
  check_solution(puzzle, solution);
  if (detail::classic9_layout(puzzle.layout)) return other_completion(nullptr, puzzle, solution, other);
  const CompletionFinder finder(puzzle.layout);
  return other_completion(&finder, puzzle, solution, other);
}

BatchResult solve_all_given(const std::vector<Grid>& puzzles, const std::vector<Grid>& solutions,
                            const SolveOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  if (puzzles.size() != solutions.size())
    throw InputError(std::to_string(puzzles.size()) + " puzzles but " + std::to_string(solutions.size()) +
                     " solutions: give one solution for each puzzle, in the same order");
  BatchResult batch;
  batch.threads = detail::thread_count(options.threads);
  std::vector<CompletionFinder> finders;  // one per layout but the 9x9 kernel's, in order of first use
  std::vector<int> finder_of(puzzles.size(), -1);
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    try {
      check_solution(puzzles[i], solutions[i]);
    } catch (const InputError& e) {
      throw InputError("puzzle " + std::to_string(i + 1) + ": " + e.what());
    }
    if (detail::classic9_layout(puzzles[i].layout)) continue;
    std::size_t k = 0;
    while (k < finders.size() && !(finders[k].layout() == puzzles[i].layout)) ++k;
    if (k == finders.size()) finders.emplace_back(puzzles[i].layout);
    finder_of[i] = static_cast<int>(k);
  }
  batch.results.resize(puzzles.size());
  const long long count = static_cast<long long>(puzzles.size());
#pragma omp parallel for num_threads(batch.threads) schedule(dynamic, 16)
  for (long long i = 0; i < count; ++i) {
    const auto begin = std::chrono::steady_clock::now();
    SolveResult& result = batch.results[i];
    const CompletionFinder* finder = finder_of[i] < 0 ? nullptr : &finders[finder_of[i]];
    result.solutions.push_back(solutions[i]);
    Grid other;
    if (other_completion(finder, puzzles[i], solutions[i], &other)) result.solutions.push_back(std::move(other));
    result.status = result.solutions.size() == 1 ? SolveStatus::Unique : SolveStatus::Multiple;
    result.search_cells = puzzles[i].layout.cells() - given_count(puzzles[i]);
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  }
  batch.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return batch;
}

}  // namespace sudoku_count
