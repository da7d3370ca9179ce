#pragma once
// Solving puzzles: whether a puzzle has no completion, exactly one, or more,
// by the dancing-links search of CompletionFinder stopped at the second
// completion; optionally after the singles a person would place first
// (singles.hpp), to explain how far they go.
#include <string>
#include <vector>

#include "sudoku_count/exact.hpp"
#include "sudoku_count/grid.hpp"
#include "sudoku_count/singles.hpp"

namespace sudoku_count {

enum class SolveStatus { None, Unique, Multiple };

// "none", "unique", "multiple".
const char* status_name(SolveStatus status);

struct SolveOptions {
  bool explain = false;  // apply singles before the search and keep the deductions
  int threads = 0;       // solve_all: 0 = all cores
};

struct SolveResult {
  SolveStatus status = SolveStatus::None;
  std::vector<Grid> solutions;  // none, the one, or the first two in search order
  double seconds = 0;           // wall time of this puzzle
  // With explain: the singles placed, in order, and the contradiction they
  // ran into (then no search is run), if any.
  std::vector<Deduction> deductions;
  std::string contradiction;
  // Blank cells handed to the search: all blanks of the puzzle, or with
  // explain those the singles left (0: singles alone solved it, or found a
  // contradiction).
  int search_cells = 0;
};

// Throws InputError for an invalid grid (see validate_grid).
SolveResult solve(const Grid& puzzle, const SolveOptions& options = {});
// The same with a finder for the puzzle's shape, shared by many puzzles.
SolveResult solve(const CompletionFinder& finder, const Grid& puzzle, const SolveOptions& options = {});

struct BatchResult {
  std::vector<SolveResult> results;  // in input order
  int threads = 1;                   // threads used
  double seconds = 0;                // wall time of the whole batch
};

// Solves every puzzle, on options.threads threads, all sharing one
// CompletionFinder per shape. Throws InputError, before solving anything, for
// an invalid grid or a negative thread count.
BatchResult solve_all(const std::vector<Grid>& puzzles, const SolveOptions& options = {});

}  // namespace sudoku_count
