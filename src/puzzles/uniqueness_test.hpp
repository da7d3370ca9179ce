#pragma once
// The uniqueness test of puzzle counting: do a grid's symbols on a set of
// its cells have that grid as their only completion?
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "sudoku_count/grid.hpp"
#include "sudoku_count/solve.hpp"

namespace sudoku_count::detail {

class UnavoidableSets;

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
  // With a pool (of the current grid's sets: the caller clears or seeds it
  // per grid), proper() and forced() first look for a set of it that the
  // kept cells miss, or meet at the cell alone, and then answer with no
  // search; and a search that finds another completion adds the cells where
  // it differs to the pool, up to kFilterSets sets. Null: no pool.
  static constexpr std::size_t kFilterSets = 1024;
  void filter_with(UnavoidableSets* pool) { filter_ = pool; }
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
  // The searches run, and the tests that proper() answered from the pool.
  std::uint64_t tests() const { return tests_; }
  // The kept cells, a bit set (a word per 64 cells).
  const std::uint64_t* kept_bits() const { return kept_bits_.data(); }
  std::uint64_t filtered() const { return filtered_; }

 private:
  bool forced_search(int cell, std::vector<int>* differing);
  void learn();  // adds differing_ to the filter's pool, unless it holds kFilterSets
  std::optional<CompletionFinder> finder_;  // every layout but the classic 9x9
  std::vector<std::vector<int>> peers_;      // the cells sharing a house with each cell
  const Grid* grid_ = nullptr;
  Grid puzzle_;                             // the kept cells (dancing links)
  std::uint8_t cells9_[81] = {}, grid9_[81] = {}, other9_[81] = {};
  std::vector<std::uint64_t> kept_bits_;    // the kept cells, for the filter
  UnavoidableSets* filter_ = nullptr;
  std::vector<int> differing_;
  std::uint64_t tests_ = 0, filtered_ = 0;
};

}  // namespace sudoku_count::detail
