// Random completed grids: the route per shape, and the draws on all threads.
#include "sudoku_count/sample.hpp"

#include <omp.h>

#include <algorithm>
#include <chrono>
#include <numeric>

#include "core/threads.hpp"
#include "sample/grid_sampler.hpp"
#include "sample/random_cells.hpp"
#include "sample/resampling.hpp"
#include "sudoku_count/error.hpp"

namespace sudoku_count {
using namespace detail;  // internals of this area
namespace {

// Dancing links counts the completions below each step quickly up to 6x6
// (all 28,200,960 6x6 grids in seconds, then cache hits).
constexpr int kMaxDlxSampled = 6;

bool two_bands_sampled(const Shape& s) {
  return (s.box_cols == 2 && s.box_rows <= kMaxSampledTwoBandRows) ||
         (s.box_rows == 2 && s.box_cols <= kMaxSampledTwoBandRows);
}

}  // namespace

std::string sample_method(const Layout& layout) {
  const Shape& shape = layout.shape();
  if (layout.n() <= kMaxDlxSampled) return "dlx";
  if (!layout.classic()) return "resampling";
  if (shape.box_rows == 3 && shape.box_cols == 3) return "bands";
  if (two_bands_sampled(shape)) return "two-bands";
  return "resampling";
}

bool samples_exactly_uniform(const Layout& layout) { return sample_method(layout) != "resampling"; }

Grid random_clues(const Grid& grid, int clues, Rng& rng) {
  const int cells = grid.layout.cells();
  if (clues < 0 || clues > cells)
    throw InputError("clues must be between 0 and " + std::to_string(cells) + " (the cells of the grid)");
  Grid puzzle = empty_grid(grid.layout);
  RandomCells drawer(cells);  // named: draw() returns a view into it
  for (const int cell : drawer.draw(clues, rng)) puzzle.cells[cell] = grid.cells[cell];
  return puzzle;
}

struct UniformGrids::Drawer::State {
  std::shared_ptr<const GridSampler> sampler;
  std::unique_ptr<GridSampler::Workspace> workspace;
};

UniformGrids::UniformGrids(const Layout& layout, int threads) : layout_(layout), method_(sample_method(layout)) {
  const Shape& shape = layout.shape();
  if (method_ == "resampling")
    throw InputError("the grids of layout " + layout.name() +
                     " are drawn only approximately uniformly (sampling-importance-resampling), not exactly");
  threads = thread_count(threads);
  if (method_ == "dlx") sampler_ = make_dlx_sampler(layout);
  else if (method_ == "bands") sampler_ = make_band_sampler(shape, threads);
  else sampler_ = make_two_band_sampler(shape, threads);
  if (method_ == "two-bands" && shape.box_cols != 2)
    note_ = "drawn on the transposed " + std::to_string(shape.box_cols) + "x" + std::to_string(shape.box_rows) +
            " shape and transposed back (a bijection of grids)";
}

UniformGrids::~UniformGrids() = default;
UniformGrids::Drawer::Drawer(std::unique_ptr<State> state) : state_(std::move(state)) {}
UniformGrids::Drawer::~Drawer() = default;
UniformGrids::Drawer::Drawer(Drawer&&) noexcept = default;

UniformGrids::Drawer UniformGrids::drawer() const {
  return Drawer(std::make_unique<Drawer::State>(Drawer::State{sampler_, sampler_->make_workspace()}));
}

Grid UniformGrids::Drawer::draw(Rng& rng) { return state_->sampler->draw(rng, *state_->workspace); }

struct WeightedGrids::Drawer::State {
  std::shared_ptr<const GridProposals> proposals;
  RowsSteps::Scratch scratch;
};

WeightedGrids::WeightedGrids(const Layout& layout)
    : layout_(layout), proposals_(std::make_shared<const GridProposals>(layout)) {}
WeightedGrids::~WeightedGrids() = default;
WeightedGrids::Drawer::Drawer(std::unique_ptr<State> state) : state_(std::move(state)) {}
WeightedGrids::Drawer::~Drawer() = default;
WeightedGrids::Drawer::Drawer(Drawer&&) noexcept = default;

WeightedGrids::Drawer WeightedGrids::drawer() const {
  return Drawer(std::make_unique<Drawer::State>(Drawer::State{proposals_, {}}));
}

bool WeightedGrids::Drawer::draw(Rng& rng, Grid& grid, long double& log_weight) {
  return state_->proposals->propose(rng, state_->scratch, grid, log_weight);
}

SampleResult sample_grids(const Layout& layout, const SampleOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  if (options.count == 0) throw InputError("{count} must be at least 1 (the number of grids to draw)");
  if (options.proposals_per_grid == 0) throw InputError("proposals per grid must be at least 1");
  if (options.clues < 0 || options.clues > layout.cells())
    throw InputError("{clues} must be between 0 and " + std::to_string(layout.cells()) + " (the cells of the grid)");
  SampleResult result;
  result.layout = layout;
  result.seed = options.seed;
  result.threads = thread_count(options.threads);
  result.method = sample_method(layout);
  result.exactly_uniform = samples_exactly_uniform(layout);
  auto seconds_since_start = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };

  if (!result.exactly_uniform) {
    ResampledGrids drawn =
        resample_grids(layout, options.count, options.proposals_per_grid, options.seed, result.threads);
    if (drawn.live == 0)
      throw InputError("none of the " + std::to_string(drawn.proposals) + " row-by-row proposals for layout " +
                       layout.name() + " reached a full grid: raise the proposals per grid");
    result.grids = std::move(drawn.grids);
    if (options.clues > 0) {
      // The grids come from resampling, without a stream per grid: puzzle i
      // draws from stream count + i.
      result.puzzles.resize(options.count);
      for (std::uint64_t i = 0; i < options.count; ++i) {
        Rng rng = block_stream(options.seed, options.count + i);
        result.puzzles[i] = random_clues(result.grids[i], options.clues, rng);
      }
    }
    result.proposals = drawn.proposals;
    result.live_proposals = drawn.live;
    result.effective_sample_size = drawn.effective_sample_size;
    result.note = "approximately uniform: resampled from " + std::to_string(drawn.proposals) +
                  " weighted row-by-row proposals (effective sample size " +
                  std::to_string(drawn.effective_sample_size) + "); not exact";
    result.seconds = seconds_since_start();
    return result;
  }

  const UniformGrids source(layout, result.threads);
  result.note = source.note();
  result.setup_seconds = seconds_since_start();
  result.grids.resize(options.count);
  if (options.clues > 0) result.puzzles.resize(options.count);
  const auto count = static_cast<long long>(options.count);
#pragma omp parallel num_threads(result.threads)
  {
    UniformGrids::Drawer drawer = source.drawer();
#pragma omp for schedule(dynamic, 64)
    for (long long i = 0; i < count; ++i) {
      Rng rng = block_stream(options.seed, static_cast<std::uint64_t>(i));
      result.grids[i] = drawer.draw(rng);
      if (options.clues > 0) result.puzzles[i] = random_clues(result.grids[i], options.clues, rng);
    }
  }
  result.seconds = seconds_since_start();
  return result;
}

}  // namespace sudoku_count
