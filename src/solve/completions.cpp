// Listing completions: the 9x9 kernel for the classic 9x9 grid; for every
// other layout the cover of its empty grid built once and copied for each
// puzzle.
#include <cstdint>
#include <optional>
#include <stdexcept>

#include "cover/sudoku_cover.hpp"
#include "solve/classic9.hpp"
#include "sudoku_count/solve.hpp"

namespace sudoku_count {

using detail::ExactCover;
using detail::empty_grid_cover;
using detail::select_givens;

struct CompletionFinder::Cover {
  ExactCover empty;
};

CompletionFinder::CompletionFinder(const Layout& layout)
    : layout_(layout),
      cover_(detail::classic9_layout(layout) ? nullptr : std::make_shared<const Cover>(Cover{empty_grid_cover(layout)})) {}

std::vector<Grid> CompletionFinder::find(const Grid& puzzle, std::uint64_t limit) const {
  if (!(puzzle.layout == layout_))
    throw std::invalid_argument("CompletionFinder for layout " + layout_.name() + " given a puzzle of layout " +
                                puzzle.layout.name());
  std::vector<Grid> completions;
  if (!cover_) {
    // The kernel finds no completion for givens that clash, so a grid is
    // checked in full only then (or when it is malformed): a file of puzzles
    // is checked once when it is read, not again for each solve.
    bool malformed = puzzle.cells.size() != 81;
    std::uint8_t cells[81];
    for (int i = 0; i < 81 && !malformed; ++i) {
      malformed = puzzle.cells[i] < 0 || puzzle.cells[i] > 9;
      cells[i] = static_cast<std::uint8_t>(puzzle.cells[i]);
    }
    if (malformed) validate_grid(puzzle);
    detail::classic9_completions(cells, limit, [&](const std::uint8_t* grid) {
      Grid completed = puzzle;
      for (int i = 0; i < 81; ++i) completed.cells[i] = grid[i];
      completions.push_back(std::move(completed));
    });
    if (completions.empty()) validate_grid(puzzle);
    return completions;
  }
  validate_grid(puzzle);
  // A working copy per thread, its buffers kept from search to search:
  // assigning the empty cover reuses them, so a warm thread allocates
  // nothing for it (a 10x10 cover is over 100 KB, and uniqueness tests
  // make millions of searches).
  thread_local std::optional<ExactCover> working;
  if (working) *working = cover_->empty;
  else working.emplace(cover_->empty);
  ExactCover& cover = *working;
  select_givens(cover, puzzle);
  const int n = layout_.n();
  for (const std::vector<int>& solution : cover.find_solutions(limit)) {
    Grid grid = puzzle;
    for (int option : solution) grid.cells[option / n] = option % n + 1;
    completions.push_back(std::move(grid));
  }
  return completions;
}

std::vector<Grid> find_completions(const Grid& puzzle, std::uint64_t limit) {
  return CompletionFinder(puzzle.layout).find(puzzle, limit);
}

}  // namespace sudoku_count
