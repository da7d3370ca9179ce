#pragma once
// The work of one drawn set in puzzle counting: is it proper, and which of
// its subsets are (docs/method.md, section 17).
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "sudoku_count/grid.hpp"
#include "sudoku_count/solve.hpp"

namespace sudoku_count::detail {

// The uniqueness test of a set of cells of a known grid: do the grid's
// symbols on the set have the grid as their only completion? The 9x9 grid
// goes to the kernel's test given the grid (classic9_other_completion),
// every other layout to dancing links counting to two. One per thread.
class UniquenessTest {
 public:
  explicit UniquenessTest(const Layout& layout);
  // Starts on a new grid with no cell kept (keep and drop then change the
  // kept cells one at a time).
  void reset(const Grid& grid);
  void keep(int cell);
  void drop(int cell);
  bool proper();
  // Whether the kept cells have a completion other than the grid; if so,
  // `differing` gets the cells where one such completion differs from it
  // (an unavoidable set that the kept cells miss), in cell order.
  bool other_completion(std::vector<int>& differing);
  // Whether a kept cell is implied by the other kept cells: every
  // completion of them has the grid's symbol there. A kept set with such a
  // cell is not minimal, nor is any set that contains it. When it is not,
  // `differing` (if given) gets the cells where a completion with another
  // symbol there differs from the grid: an unavoidable set that meets the
  // kept cells at `cell` alone.
  bool forced(int cell, std::vector<int>* differing = nullptr);
  // Every completion of the kept cells but the grid, up to `limit` of them
  // in search order (the grid included), each handed to `visit` as the cells
  // where it differs from the grid. Returns the number of completions seen.
  std::uint64_t other_completions(std::uint64_t limit, const std::function<void(const std::vector<int>&)>& visit);
  std::uint64_t tests() const { return tests_; }

 private:
  std::optional<CompletionFinder> finder_;  // every layout but the classic 9x9
  std::vector<std::vector<int>> peers_;      // the cells sharing a house with each cell
  const Grid* grid_ = nullptr;
  Grid puzzle_;                             // the kept cells (dancing links)
  std::uint8_t cells9_[81] = {}, grid9_[81] = {}, other9_[81] = {};
  std::uint64_t tests_ = 0;
};

// With the grid's cells of `set` kept in `test` (and nothing else), and the
// set proper: adds to proper[c] the proper subsets of the set with c cells
// (the set itself included) and, when `minimal` is not null, to minimal[c]
// the minimal ones. Each proper subset T is reached once, by dropping the
// cells of set - T in the set's order (every set between is a superset of T,
// so proper: uniqueness only grows with the givens); T is minimal when no T
// minus one cell is proper. The vectors have a slot per clue count.
void count_proper_subsets(UniquenessTest& test, const std::vector<int>& set, std::vector<std::uint64_t>& proper,
                          std::vector<std::uint64_t>* minimal);

}  // namespace sudoku_count::detail
