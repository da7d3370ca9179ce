// Listing completions: the cover of a layout's empty grid built once and
// copied for each puzzle.
#include <stdexcept>

#include "cover/sudoku_cover.hpp"
#include "sudoku_count/solve.hpp"

namespace sudoku_count {

using detail::ExactCover;
using detail::empty_grid_cover;
using detail::select_givens;

struct CompletionFinder::Cover {
  ExactCover empty;
};

CompletionFinder::CompletionFinder(const Layout& layout)
    : layout_(layout), cover_(std::make_shared<const Cover>(Cover{empty_grid_cover(layout)})) {}

std::vector<Grid> CompletionFinder::find(const Grid& puzzle, std::uint64_t limit) const {
  if (!(puzzle.layout == layout_))
    throw std::invalid_argument("CompletionFinder for layout " + layout_.name() + " given a puzzle of layout " +
                                puzzle.layout.name());
  validate_grid(puzzle);
  ExactCover cover = cover_->empty;
  select_givens(cover, puzzle);
  const int n = layout_.n();
  std::vector<Grid> completions;
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
