#pragma once
// Random completed grids, drawn uniformly (docs/method.md, section 11).
//
// Exactly uniform where the tool counts the grids exactly by a route that
// also counts the completions below every choice:
//  - up to 6x6, dancing links: each step of the search takes each option
//    with probability (completions below it) / (completions below the node);
//  - 9x9, the band decomposition:
//    band 1's class, band 2's column sets and every band filling drawn with
//    probability proportional to exact completion counts, then a uniform
//    random symmetry that keeps band 1 a band;
//  - two-band shapes R x 2 up to 10x10 (5x2), and their transposes, by the
//    classes of section 8 in the same way (10x10: about a minute of set-up
//    and over a second per grid).
// All draws proportional to counts use exact integers.
//
// Larger shapes: approximately uniform, by sampling-importance-resampling
// from a grid-building estimator (row by row, each row a uniform perfect
// matching of the columns to the symbols they still allow, weighted by the
// product of the numbers of matchings): proposals_per_grid proposals per
// grid asked for, resampled in proportion to their weights; the effective
// sample size of the proposals says how far from uniform the draw can be.
//
// Grid i is drawn from block_stream(seed, i) (the proposals likewise), so the
// grids depend on the seed only, not on the thread count.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "sudoku_count/grid.hpp"
#include "sudoku_count/rng.hpp"
#include "sudoku_count/shape.hpp"

namespace sudoku_count {

struct SampleOptions {
  std::uint64_t count = 1;               // grids to draw
  std::uint64_t seed = 0;
  int threads = 0;                       // 0 = all cores
  std::uint64_t proposals_per_grid = 16;  // approximate route only, >= 1
  int clues = 0;  // > 0: also a candidate puzzle per grid, `clues` of its cells kept (random_clues)
};

struct SampleResult {
  Layout layout;
  std::vector<Grid> grids;       // completed grids, in draw order
  std::vector<Grid> puzzles;     // with clues > 0: puzzles[i] keeps `clues` cells of grids[i]
  bool exactly_uniform = false;
  std::string method;            // "dlx", "bands", "two-bands" or "resampling"
  std::string note;              // anything a user should know ("" if nothing)
  std::uint64_t seed = 0;
  int threads = 1;
  double setup_seconds = 0;      // tables and counts before the first draw
  double seconds = 0;            // wall time in all
  // Approximate route only (zero otherwise):
  std::uint64_t proposals = 0;          // grids proposed
  std::uint64_t live_proposals = 0;     // proposals that reached a full grid
  double effective_sample_size = 0;     // (sum w)^2 / sum w^2 over the proposals
};

// Whether sample_grids draws the layout's grids exactly uniformly.
bool samples_exactly_uniform(const Layout& layout);
// The method sample_grids uses for the layout: dlx for any layout up to 6x6;
// bands and two-bands for the classic rules of their shapes; resampling
// (approximately uniform) for everything else.
std::string sample_method(const Layout& layout);

// Throws InputError for a count of 0, a negative thread count or
// proposals_per_grid = 0.
SampleResult sample_grids(const Layout& layout, const SampleOptions& options);

namespace detail {
class GridSampler;
}

// Exactly uniform grids one at a time, for callers that draw them as they
// go (puzzle counting): the counts behind the draws are built once, at
// construction, and shared read-only; each thread draws through a Drawer of
// its own. The grids are those of sample_grids: grid i of a seed is
// draw(block_stream(seed, i)). Throws InputError for a layout that
// sample_grids draws only approximately.
class UniformGrids {
 public:
  explicit UniformGrids(const Layout& layout, int threads = 0);
  ~UniformGrids();
  const Layout& layout() const { return layout_; }
  const std::string& method() const { return method_; }
  // A transposed draw's note, as SampleResult::note ("" if none).
  const std::string& note() const { return note_; }

  class Drawer {
   public:
    ~Drawer();
    Drawer(Drawer&&) noexcept;
    // One grid, every grid of the layout with the same probability.
    Grid draw(Rng& rng);

   private:
    friend class UniformGrids;
    struct State;
    explicit Drawer(std::unique_ptr<State> state);
    std::unique_ptr<State> state_;
  };
  Drawer drawer() const;

 private:
  Layout layout_;
  std::string method_, note_;
  std::shared_ptr<const detail::GridSampler> sampler_;
};

namespace detail {
class GridProposals;
}

// Grids with importance weights, one at a time, for the layouts UniformGrids
// does not draw (puzzle counting beyond them): one proposal of the
// row-by-row sampler (as sample_grids proposes them on its approximate
// route), weighted by w = 1/q(grid), q the chance that the proposal gives
// that grid, and w = 0 when it dead-ends. So E[w f(G)] = the sum of f over
// all grids, for any f: w alone is an unbiased estimate of their number.
// The proposal is built once and shared read-only; each thread draws
// through a Drawer of its own.
class WeightedGrids {
 public:
  explicit WeightedGrids(const Layout& layout);
  ~WeightedGrids();
  const Layout& layout() const { return layout_; }

  class Drawer {
   public:
    ~Drawer();
    Drawer(Drawer&&) noexcept;
    // A grid and the natural log of its weight; false (weight 0, no grid)
    // for a proposal that dead-ends.
    bool draw(Rng& rng, Grid& grid, long double& log_weight);

   private:
    friend class WeightedGrids;
    struct State;
    explicit Drawer(std::unique_ptr<State> state);
    std::unique_ptr<State> state_;
  };
  Drawer drawer() const;

 private:
  Layout layout_;
  std::shared_ptr<const detail::GridProposals> proposals_;
};

// A uniformly random set of `clues` cells of `grid` kept, the others blank:
// the candidate puzzles of puzzle counting. sample_grids draws puzzle i from
// grid i's own stream after the grid (on the approximate route, from stream
// count + i), so grid i is the same with or without clues. Throws InputError unless 0 <= clues <= the number of cells.
Grid random_clues(const Grid& grid, int clues, Rng& rng);

}  // namespace sudoku_count
