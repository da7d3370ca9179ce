#pragma once
// The driver shared by every estimator: runs work blocks on all threads,
// merges them in block order, reports and stops.
//
// Block k of a run with seed s draws all its samples from block_stream(s, k)
// and blocks are merged in index order; a precision target is checked after
// each block in that order. So for a given seed the blocks used, and the
// estimate, are the same for any thread count (a time budget or an interrupt
// may of course end the run at a different block). Those two stop the run
// within a sample or a few of their arrival: the blocks in flight are cut
// short, and the run keeps the samples of the blocks before the first one
// cut, and that block's own.
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>

#include "sudoku_count/estimator.hpp"
#include "sudoku_count/stats.hpp"

namespace sudoku_count {

struct StopRule {
  double rel_error = 0;        // stop at this relative standard error (0: no target)
  double seconds = 0;          // stop after this wall time (0: no budget)
  std::uint64_t samples = 0;   // stop after exactly this many samples (0: no budget)
  std::uint64_t min_samples = 1000;  // a precision target is trusted only after this many
  bool forever = false;        // run until interrupted
};

struct RunOptions {
  std::uint64_t seed = 1;
  int threads = 0;  // 0: all cores
  StopRule stop;
  double report_every = 0;  // seconds between reports (0: final report only)
  double confidence = 0.95;
};

struct Progress {
  Summary summary;
  WeightAccumulator accumulator;
  double seconds = 0;
  std::uint64_t blocks = 0;
  int threads = 1;
  bool final = false;
  std::string stop_reason;  // on the final report: "rel-error", "time", "samples", "interrupted"
};

using ReportFn = std::function<void(const Progress&)>;

// Runs until the stop rule or `interrupt` says so; calls `report` every
// report_every seconds and once more at the end (final = true). An
// interrupt raised before the first sample gives a final report of no
// samples.
Progress run_estimate(const Estimator& estimator, const RunOptions& options, const ReportFn& report,
                      const std::atomic<bool>* interrupt = nullptr);

// Relative standard error of an accumulator (+inf when undefined), cheap
// enough to check after every block.
double relative_std_error(const WeightAccumulator& acc);

}  // namespace sudoku_count
