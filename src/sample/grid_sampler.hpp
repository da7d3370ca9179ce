#pragma once
// Exactly uniform samplers of completed grids, one per counting route
// (docs/method.md, section 11). Each builds its counts once; draws share
// them read-only, each thread with its own workspace.
#include <memory>
#include <string>

#include "bands/band_completions.hpp"
#include "core/bits.hpp"
#include "sudoku_count/grid.hpp"
#include "sudoku_count/rng.hpp"

namespace sudoku_count::detail {

class GridSampler {
 public:
  virtual ~GridSampler() = default;
  struct Workspace {
    virtual ~Workspace() = default;
  };
  virtual std::unique_ptr<Workspace> make_workspace() const { return std::make_unique<Workspace>(); }
  // One grid, every grid of the shape with the same probability.
  virtual Grid draw(Rng& rng, Workspace& workspace) const = 0;
};

// Up to 6x6, any layout: dancing links on the empty grid (ExactCover::UniformSampler).
std::unique_ptr<GridSampler> make_dlx_sampler(const Layout& layout);
// Three bands with a tabulated f (9x9): band-1 orbits, band-2 column sets.
std::unique_ptr<GridSampler> make_band_sampler(const Shape& shape, int threads);
// Two bands (R x 2 boxes, R <= kMaxSampledTwoBandRows) and their transposes.
std::unique_ptr<GridSampler> make_two_band_sampler(const Shape& shape, int threads);
inline constexpr int kMaxSampledTwoBandRows = 5;

// A uniform filling of a band with column sets `sets` (rows symbols each,
// n columns): symbol_at[row * n + column], symbols 0..n-1. Row by row, each
// row a perfect matching drawn with probability f(rest) / f(sets), exact.
void draw_band_filling(const Mask* sets, int rows, int n, Rng& rng, int* symbol_at);

// Uniform in [0, bound), bound >= 1, for 128-bit sums of counts.
Wide uniform_below_wide(Rng& rng, Wide bound);

}  // namespace sudoku_count::detail
