#pragma once
// The driver shared by every estimator: runs work blocks on all threads,
// merges them in block order, reports, checkpoints and stops.
//
// Block k of a run with seed s draws all its samples from block_stream(s, k)
// and blocks are merged in index order; a precision target is checked after
// each block in that order. So for a given seed the blocks used, and the
// estimate, are the same for any thread count, any number of processes, and
// any number of stops and resumptions (a time budget or an interrupt may of
// course end the run at a different block). Those two stop the run within a
// sample or a few of their arrival: no block starts after it, and the blocks
// in flight are cut short and dropped whole. The final summary merges, in
// block order, every block that finished, also those beyond a cut one (so it
// is the same function of the finished blocks for any number of workers); a
// checkpoint keeps the whole blocks before the first cut (one range, which a
// resumed run continues exactly).
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "sudoku_count/estimator.hpp"
#include "sudoku_count/stats.hpp"

namespace sudoku_count {

// Budgets and targets of a run. Samples, blocks and the precision target
// count the whole run, earlier sessions of a resumed run included; the time
// budget counts this session only (a batch job's wall-time limit).
struct StopRule {
  double rel_error = 0;        // stop at this relative standard error (0: no target)
  double seconds = 0;          // stop after this wall time of this session (0: no budget)
  std::uint64_t samples = 0;   // stop after exactly this many samples (0: no budget)
  std::uint64_t blocks = 0;    // stop after this many blocks (0: no budget)
  // A precision target is trusted only after this many samples, and only
  // once the Pareto fit of the weight tail gives k < 0.5 (stats.hpp).
  std::uint64_t min_samples = 1000;
  bool forever = false;        // run until interrupted
};

// The rule of a run given no budget, no target and no `forever`: relative
// standard error 1e-4 or 60 s, whichever comes first.
StopRule default_stop_rule();

// Where a run begins: block `first_block` with nothing merged for a fresh
// run, or a resumed run's merged prefix (blocks first_block .. first_block +
// blocks_done - 1, in order).
struct RunStart {
  std::uint64_t first_block = 0;
  std::uint64_t blocks_done = 0;
  WeightAccumulator accumulator;
  double seconds = 0;  // sampling time of earlier sessions
};

struct RunOptions {
  std::uint64_t seed = 1;
  int threads = 0;  // 0: all cores
  StopRule stop;
  RunStart start;
  double report_every = 0;      // seconds between reports (0: final report only)
  double checkpoint_every = 0;  // seconds between checkpoint calls (0: only at the start and the end)
  double confidence = 0.95;
};

struct Progress {
  Summary summary;
  // Blocks first_block .. first_block + blocks - 1, merged in order; on the
  // final report followed by the blocks_after_cut blocks.
  WeightAccumulator accumulator;
  double seconds = 0;             // sampling time, earlier sessions of a resumed run included
  std::uint64_t first_block = 0;
  std::uint64_t blocks = 0;       // blocks merged so far in the whole run, before any cut one
  // At a deadline or an interrupt: blocks cut short or never started (dropped),
  // and blocks that finished after the first of those (in the final summary only).
  std::uint64_t blocks_cut = 0;
  std::uint64_t blocks_after_cut = 0;
  int threads = 1;                // threads per process
  int processes = 1;
  bool final = false;
  std::string stop_reason;  // on the final report: "rel-error", "time", "samples", "blocks", "interrupted"
  // Why a met --rel-error target did not stop the run (the tail fit does
  // not support the interval yet); empty otherwise.
  std::string held_back;
};

using ReportFn = std::function<void(const Progress&)>;

// The samples of each block of one run: its stream and how many samples it
// draws (all blocks are full, except that a sample budget cuts the last one
// short).
struct BlockPlan {
  std::uint64_t seed = 1;
  std::uint64_t first_block = 0;  // the run's first block
  std::uint64_t samples_per_block = 1;
  std::uint64_t sample_budget = 0;  // the run's total samples (0: none)
  // Checked now and then between samples: true stops the block early (it
  // then holds fewer than samples_in(block) samples). Empty: never.
  std::function<bool()> cut;
  // Seconds until the run's time budget ends (+inf: no budget), for runners
  // whose blocks run in other processes: there the blocks are cut by that
  // process's clock (an interrupt reaches only this process; blocks elsewhere
  // then finish and count). Empty: no budget.
  std::function<double()> seconds_left;

  std::uint64_t samples_in(std::uint64_t block) const;
};

// Computes work blocks wherever they run: on this process's threads, or
// spread over several processes.
class BlockRunner {
 public:
  virtual ~BlockRunner() = default;
  // Blocks computed at once (threads, over all processes): batches are whole multiples of it.
  virtual int width() const = 0;
  virtual int threads() const = 0;  // per process
  virtual int processes() const { return 1; }
  // One accumulator per block of [first, first + count), in block order.
  virtual std::vector<WeightAccumulator> run(const BlockPlan& plan, std::uint64_t first, std::uint64_t count) = 0;
};

// Runs the given blocks on `threads` OpenMP threads of this process (0: all
// cores); one accumulator per block, in the order given.
std::vector<WeightAccumulator> run_blocks(const Estimator& estimator, const BlockPlan& plan,
                                          const std::vector<std::uint64_t>& blocks, int threads);

// The runner used by default: this process's threads.
std::unique_ptr<BlockRunner> make_thread_runner(const Estimator& estimator, int threads);

struct RunHooks {
  ReportFn report;      // every report_every seconds, and once more at the end (final = true)
  ReportFn checkpoint;  // at the start, every checkpoint_every seconds and at the end (before the final report)
  const std::atomic<bool>* interrupt = nullptr;
  BlockRunner* runner = nullptr;  // null: this process's threads
};

// Runs until the stop rule or the interrupt says so. An interrupt or the end
// of a time budget cuts the blocks in flight short, and a block cut short is
// dropped whole, with every sample it finished (those are the quick ones,
// which can differ in value from the rest). Every checkpoint call, and every
// report but the final one, sees only the whole blocks before the first cut
// one, merged in block order, so a checkpoint resumes exactly; the final
// report also counts the whole blocks that finished after a cut one
// (Progress::blocks_after_cut). An interrupt raised before the first sample
// gives a final report of no samples.
Progress run_estimate(const Estimator& estimator, const RunOptions& options, const RunHooks& hooks);

// Same, on this process's threads with reports only.
Progress run_estimate(const Estimator& estimator, const RunOptions& options, const ReportFn& report,
                      const std::atomic<bool>* interrupt = nullptr);

// Relative standard error of an accumulator (+inf when undefined), cheap
// enough to check after every block.
double relative_std_error(const WeightAccumulator& acc);

}  // namespace sudoku_count
