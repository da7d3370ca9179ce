// Uniform grids by dancing links: every step of the search drawn in
// proportion to the exact number of completions below it.
#include "cover/sudoku_cover.hpp"
#include "sample/grid_sampler.hpp"
#include "sudoku_count/error.hpp"

namespace sudoku_count::detail {
namespace {

class DlxSampler final : public GridSampler {
 public:
  explicit DlxSampler(const Layout& layout) : layout_(layout), cover_(empty_grid_cover(layout)) {
    // A layout may have no grid at all (6x6 with both diagonals and disjoint
    // groups): nothing to draw from.
    if (ExactCover::UniformSampler(cover_).solutions() == 0)
      throw InputError("layout " + layout.name() + " has no completed grid (counted exactly): nothing to sample");
  }

  struct DlxWorkspace final : Workspace {
    explicit DlxWorkspace(const ExactCover& cover) : sampler(cover) {}
    ExactCover::UniformSampler sampler;
  };
  std::unique_ptr<Workspace> make_workspace() const override { return std::make_unique<DlxWorkspace>(cover_); }

  Grid draw(Rng& rng, Workspace& workspace) const override {
    auto& sampler = static_cast<DlxWorkspace&>(workspace).sampler;
    Grid grid = empty_grid(layout_);
    const int n = layout_.n();
    // Option (row * N + col) * N + value - 1 places value at (row, col).
    for (const int option : sampler.draw(rng)) grid.cells[static_cast<std::size_t>(option / n)] = option % n + 1;
    return grid;
  }

 private:
  Layout layout_;
  ExactCover cover_;
};

}  // namespace

std::unique_ptr<GridSampler> make_dlx_sampler(const Layout& layout) { return std::make_unique<DlxSampler>(layout); }

}  // namespace sudoku_count::detail
