// The grids of a puzzle-count run drawn and tallied (puzzle_run.hpp): grid
// i of a seed and its sets are one item of a record job (record_job.hpp),
// computed on whichever thread or process the runner gives it, its tally
// travelling as a record of bytes and merged in grid order.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <optional>
#include <stdexcept>

#include "puzzles/puzzle_plan.hpp"
#include "puzzles/puzzle_run.hpp"

namespace sudoku_count::detail {
namespace {

// A grid's tally as bytes: tests, weight, total, total_squared, then found and
// found_squared over the clue counts 0..K. Records stay within one run,
// whose processes share one binary layout (distributed_mpi.cpp).
template <typename T>
void append(std::string& out, const T* values, std::size_t count) {
  out.append(reinterpret_cast<const char*>(values), count * sizeof(T));
}

std::string encode_tally(const GridTally& tally) {
  std::string out;
  append(out, &tally.tests, 1);
  append(out, &tally.weight, 1);
  append(out, &tally.total, 1);
  append(out, &tally.total_squared, 1);
  append(out, tally.found.data(), tally.found.size());
  append(out, tally.found_squared.data(), tally.found_squared.size());
  return out;
}

GridTally decode_tally(const std::string& record, int cells) {
  GridTally tally;
  tally.found.resize(cells + 1);
  tally.found_squared.resize(cells + 1);
  std::size_t at = 0;
  auto take = [&](auto* values, std::size_t count) {
    const std::size_t bytes = count * sizeof(*values);
    if (at + bytes > record.size()) throw std::logic_error("a grid's record is cut short");
    std::memcpy(values, record.data() + at, bytes);
    at += bytes;
  };
  take(&tally.tests, 1);
  take(&tally.weight, 1);
  take(&tally.total, 1);
  take(&tally.total_squared, 1);
  take(tally.found.data(), tally.found.size());
  take(tally.found_squared.data(), tally.found_squared.size());
  if (at != record.size()) throw std::logic_error("a grid's record has bytes past its end");
  return tally;
}

// Grid i of the seed from block_stream(seed, i), then its sets from the
// same stream: exactly uniform grids (UniformGrids), or for the layouts
// those do not reach, grids with importance weights (WeightedGrids).
class GridJob : public RecordJob {
 public:
  GridJob(const PuzzleRunState& state, int threads)
      : plan_(state), layout_(state.layout), seed_(state.ranges.at(0).seed) {
    if (state.weighted_grids) weighted_.emplace(state.layout);
    else uniform_.emplace(state.layout, threads);
  }

  class GridWorker : public Worker {
   public:
    explicit GridWorker(const GridJob& job) : job_(job), work_(job.layout_) {
      if (job.weighted_) weighted_.emplace(job.weighted_->drawer());
      else uniform_.emplace(job.uniform_->drawer());
    }
    std::string compute(std::uint64_t item) override {
      const std::uint64_t tests_before = work_.test.tests();
      Rng rng = block_stream(job_.seed_, item);
      GridTally tally;
      if (uniform_) {
        tally = job_.plan_.run_grid(uniform_->draw(rng), rng, work_);
      } else {
        Grid grid;
        long double log_weight = 0;
        if (weighted_->draw(rng, grid, log_weight)) {
          tally = job_.plan_.run_grid(grid, rng, work_);
          tally.weight = std::exp(log_weight);
        } else {
          tally = job_.plan_.empty_tally();  // a dead end: weight 0, no sets
          tally.weight = 0;
        }
      }
      tally.tests = work_.test.tests() - tests_before;
      return encode_tally(tally);
    }

   private:
    const GridJob& job_;
    std::optional<UniformGrids::Drawer> uniform_;
    std::optional<WeightedGrids::Drawer> weighted_;
    SetWork work_;
  };

  std::unique_ptr<Worker> worker() const override { return std::make_unique<GridWorker>(*this); }

 private:
  Plan plan_;
  Layout layout_;
  std::uint64_t seed_;
  std::optional<UniformGrids> uniform_;
  std::optional<WeightedGrids> weighted_;
};

}  // namespace

std::unique_ptr<RecordJob> make_puzzle_grid_job(const PuzzleRunState& state, int threads) {
  return std::make_unique<GridJob>(state, threads);
}

std::string draw_puzzle_grids(PuzzleRunState& state, RecordRunner& runner, const PuzzleDraw& draw) {
  const auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] {
    return draw.elapsed_before + std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  const Plan plan(state);
  const int cells = state.layout.cells();
  BlockRange& range = state.ranges.at(0);
  const double seconds_before = state.seconds;
  // Rounds of grids, each grid from its own stream, merged in grid order.
  const std::uint64_t round = 16 * static_cast<std::uint64_t>(runner.width());
  // Why the run should stop now, or "".
  auto stop_reason = [&]() -> std::string {
    if (draw.seconds > 0 && elapsed() >= draw.seconds) return "time";
    if (draw.interrupt && draw.interrupt->load()) return "interrupt";
    return "";
  };
  // A grid not started when the time is up or the run interrupted is
  // skipped; the grids from the first skipped one on are dropped, so the
  // run holds grids [first, end) of its seed and a resume draws them again.
  RecordCut cut;
  cut.cut = [&] { return !stop_reason().empty(); };
  if (draw.seconds > 0) cut.seconds_left = [&] { return draw.seconds - elapsed(); };
  double last_report = elapsed();
  for (;;) {
    if (draw.grids && range.end - range.first >= draw.grids) return "grids";
    std::uint64_t size = round;
    if (draw.grids) size = std::min(size, draw.grids - (range.end - range.first));
    std::vector<std::uint64_t> items(size);
    for (std::uint64_t i = 0; i < size; ++i) items[i] = range.end + i;
    const std::vector<std::optional<std::string>> records = runner.run(items, cut);
    std::uint64_t kept = 0;
    for (; kept < size && records[kept]; ++kept) {
      const GridTally grid = decode_tally(*records[kept], cells);
      plan.merge(state.tally, grid);
      state.tally.tests += grid.tests;
    }
    range.end += kept;
    state.seconds = seconds_before + elapsed() - draw.elapsed_before;
    if (draw.round_done) draw.round_done(state);
    if (draw.grids && range.end - range.first >= draw.grids) return "grids";
    if (std::string reason = stop_reason(); !reason.empty()) return reason;
    if (draw.progress && elapsed() - last_report >= 1) {
      last_report = elapsed();
      draw.progress(state);
    }
  }
}

}  // namespace sudoku_count::detail
