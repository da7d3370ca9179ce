#pragma once
// Solving puzzles: whether a puzzle has no completion, exactly one, or more,
// by the search of CompletionFinder (a 9x9 kernel, dancing links elsewhere) stopped at the second
// completion; optionally after the singles a person would place first
// (singles.hpp), to explain how far they go.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "sudoku_count/grid.hpp"

namespace sudoku_count {

// A deduction of the singles a person would find first (see SolveOptions::explain).
enum class Rule {
  OnlyCandidate,      // a naked single
  OnlyPlaceInHouse,   // a hidden single: the one place left for the symbol in `house`
};

struct Deduction {
  int row = 0, col = 0;  // 0-based
  int value = 0;         // 1..N
  Rule rule = Rule::OnlyCandidate;
  int house = -1;        // OnlyPlaceInHouse: the index of the house in Layout::houses()
};

// "r4c7 = 3: only candidate", "r2c5 = 8: only place in box 2", "r1c1 = 5:
// only place in diagonal 1": houses 1-based within their kind (boxes, windows
// and groups numbered row by row), symbols as format_grid shows them.
std::string describe(const Deduction& deduction, const Layout& layout);


// Lists the completions of puzzles of one layout. The classic 9x9 grid goes
// to a kernel of its own (bit operations on candidates per digit and band);
// every other layout to dancing links, whose exact cover of the empty grid is
// built once and copied for each puzzle, its givens then selected: for an
// easy puzzle building the cover costs more than the search, so a batch of
// puzzles shares one finder (find() changes nothing in it, so threads may
// share it too).
class CompletionFinder {
 public:
  explicit CompletionFinder(const Layout& layout);
  const Layout& layout() const { return layout_; }
  // The first `limit` completions of `puzzle` in search order. Throws
  // InputError for an invalid grid, and std::invalid_argument for a grid of
  // another layout.
  std::vector<Grid> find(const Grid& puzzle, std::uint64_t limit) const;

 private:
  struct Cover;  // the exact cover of the empty grid (private)
  Layout layout_;
  std::shared_ptr<const Cover> cover_;
};

// The first `limit` completions in search order (a CompletionFinder for one
// puzzle).
std::vector<Grid> find_completions(const Grid& puzzle, std::uint64_t limit);

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
// The same with a finder for the puzzle's layout, shared by many puzzles.
SolveResult solve(const CompletionFinder& finder, const Grid& puzzle, const SolveOptions& options = {});

struct BatchResult {
  std::vector<SolveResult> results;  // in input order
  int threads = 1;                   // threads used
  double seconds = 0;                // wall time of the whole batch
};

// Solves every puzzle, on options.threads threads, all sharing one
// CompletionFinder per layout. Throws InputError, before solving anything, for
// an invalid grid or a negative thread count.
BatchResult solve_all(const std::vector<Grid>& puzzles, const SolveOptions& options = {});

// The uniqueness test of puzzle counting: whether `puzzle` has a completion
// other than `solution`, a completed grid of its layout that extends it. The
// search looks for a completion that differs from `solution` and stops at
// the first, which is written to `other` when given. On the classic 9x9 grid
// a rectangle of four blank cells whose two digits can be swapped answers at
// once. Throws InputError for an invalid puzzle or a solution that is not a
// completed grid of the puzzle's layout extending it.
bool has_other_completion(const Grid& puzzle, const Grid& solution, Grid* other = nullptr);

// solve_all with each puzzle's known completion (solutions[i] completes
// puzzles[i]): every status is Unique or Multiple, by has_other_completion,
// and the solutions listed are the known one and the other found. Throws
// InputError, before solving anything, as has_other_completion does, or when
// the two lists differ in length.
BatchResult solve_all_given(const std::vector<Grid>& puzzles, const std::vector<Grid>& solutions,
                            const SolveOptions& options = {});

}  // namespace sudoku_count
