#include "sudoku_count/run.hpp"

#include <algorithm>
#include <cassert>
#include <chrono>
#include <cmath>
#include <limits>
#include <vector>

#include "core/pareto_tail.hpp"
#include "core/threads.hpp"

namespace sudoku_count {
using namespace detail;  // internals of this area

StopRule default_stop_rule() {
  StopRule rule;
  rule.rel_error = 1e-4;
  rule.seconds = 60;
  return rule;
}

double relative_std_error(const WeightAccumulator& acc) {
  if (acc.count() < 2 || acc.scaled_mean() <= 0) return std::numeric_limits<double>::infinity();
  const long double n = static_cast<long double>(acc.count());
  const long double m2 = std::max<long double>(acc.scaled_m2(), 0);
  return static_cast<double>(std::sqrt(m2 / (n - 1) / n) / acc.scaled_mean());
}

std::uint64_t BlockPlan::samples_in(std::uint64_t block) const {
  assert(block >= first_block);
  if (sample_budget == 0) return samples_per_block;
  const std::uint64_t before = (block - first_block) * samples_per_block;
  return before >= sample_budget ? 0 : std::min(samples_per_block, sample_budget - before);
}

std::vector<WeightAccumulator> run_blocks(const Estimator& estimator, const BlockPlan& plan,
                                          const std::vector<std::uint64_t>& blocks, int threads) {
  std::vector<WeightAccumulator> results(blocks.size());
  if (blocks.empty()) return results;
  const int team = std::min<std::uint64_t>(thread_count(threads), blocks.size());
  // The cut is checked about 32 times a block: methods size their blocks
  // inversely to the cost of a sample, so slow samples are checked before
  // every one, and the cheapest (a quarter microsecond, about ten clock
  // reads) every eighth.
  const std::uint64_t cut_stride = std::max<std::uint64_t>(1, plan.samples_per_block / 32);
#pragma omp parallel num_threads(team)
  {
    const auto workspace = estimator.make_workspace();
    if (plan.cut) workspace->cut = &plan.cut;
#pragma omp for schedule(dynamic, 1)
    for (std::size_t i = 0; i < blocks.size(); ++i) {
      Rng rng = block_stream(plan.seed, blocks[i]);
      const std::uint64_t count = plan.samples_in(blocks[i]);
      for (std::uint64_t k = 0; k < count; ++k) {
        if (plan.cut && k % cut_stride == 0 && plan.cut()) break;
        const long double log_weight = estimator.sample_log(rng, *workspace);
        if (std::isnan(log_weight)) break;  // kSampleDropped: given up at the cut
        results[i].add_log(log_weight);
      }
    }
  }
  return results;
}

namespace {

class ThreadRunner : public BlockRunner {
 public:
  ThreadRunner(const Estimator& estimator, int threads)
      : estimator_(estimator), threads_(thread_count(threads)) {}
  int width() const override { return threads_; }
  int threads() const override { return threads_; }
  std::vector<WeightAccumulator> run(const BlockPlan& plan, std::uint64_t first, std::uint64_t count) override {
    std::vector<std::uint64_t> blocks(count);
    for (std::uint64_t i = 0; i < count; ++i) blocks[i] = first + i;
    return run_blocks(estimator_, plan, blocks, threads_);
  }

 private:
  const Estimator& estimator_;
  int threads_;
};

}  // namespace

std::unique_ptr<BlockRunner> make_thread_runner(const Estimator& estimator, int threads) {
  return std::make_unique<ThreadRunner>(estimator, threads);
}

Progress run_estimate(const Estimator& estimator, const RunOptions& options, const ReportFn& report,
                      const std::atomic<bool>* interrupt) {
  RunHooks hooks;
  hooks.report = report;
  hooks.interrupt = interrupt;
  return run_estimate(estimator, options, hooks);
}

Progress run_estimate(const Estimator& estimator, const RunOptions& options, const RunHooks& hooks) {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  std::unique_ptr<BlockRunner> own_runner;
  BlockRunner* runner = hooks.runner;
  if (!runner) {
    own_runner = make_thread_runner(estimator, options.threads);
    runner = own_runner.get();
  }
  const StopRule& stop = options.stop;
  const std::uint64_t width = static_cast<std::uint64_t>(std::max(1, runner->width()));
  // An interrupt or the end of a time budget cuts the blocks in flight short
  // rather than waiting for the whole batch (a batch holds at least one block
  // per thread, which takes long when samples are slow or threads outnumber
  // the cores), and blocks not yet started then draw nothing. A cut block is
  // dropped whole: the samples it finished are those that took little time,
  // which can correlate with their values. Every block of the batch that
  // finished counts in the final summary, also beyond a cut one (on many
  // workers with one slow block each, the blocks after the first cut are
  // most of the work), so the final estimate is the merge, in block order,
  // of exactly the blocks that finished, whoever ran them. A checkpoint
  // holds one range of whole blocks, so it keeps those before the first
  // cut: a resumed run redraws the cut block and those after it, whose
  // streams give the same samples again. Runs stopped by a sample budget or
  // a precision target alone are never cut, so they stay independent of the
  // thread count.
  const bool has_deadline = stop.seconds > 0 && !stop.forever;
  // Budgets beyond 31 years (the CLI's limit) are as good as none; capping
  // keeps the conversion to clock ticks from overflowing.
  const double budget = has_deadline ? std::min(stop.seconds, 1e9) : 0;
  const auto deadline = start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(budget));
  const std::atomic<bool>* interrupt = hooks.interrupt;
  BlockPlan plan;
  plan.seed = options.seed;
  plan.first_block = options.start.first_block;
  plan.samples_per_block = estimator.samples_per_block();
  plan.sample_budget = stop.samples;
  plan.cut = [interrupt, has_deadline, deadline] {
    return (interrupt && interrupt->load(std::memory_order_relaxed)) || (has_deadline && Clock::now() >= deadline);
  };
  plan.seconds_left = [has_deadline, deadline] {
    return has_deadline ? std::chrono::duration<double>(deadline - Clock::now()).count()
                        : std::numeric_limits<double>::infinity();
  };

  Progress progress;
  progress.threads = runner->threads();
  progress.processes = runner->processes();
  progress.first_block = options.start.first_block;
  progress.blocks = options.start.blocks_done;
  progress.accumulator = options.start.accumulator;
  progress.seconds = options.start.seconds;
  auto call = [&](const ReportFn& hook) {
    if (!hook) return;
    progress.summary = summarize(progress.accumulator, options.confidence);
    hook(progress);
  };

  // Budgets and the precision target, checked on the merged prefix (a
  // resumed run may already meet them: then no block is run).
  auto reason_to_stop = [&]() -> const char* {
    const std::uint64_t n = progress.accumulator.count();
    if (stop.samples > 0 && n >= stop.samples) return "samples";
    if (stop.blocks > 0 && progress.blocks >= stop.blocks) return "blocks";
    if (stop.rel_error > 0 && !stop.forever && n >= stop.min_samples &&
        relative_std_error(progress.accumulator) <= stop.rel_error) {
      // The error bar must be one the tail fit supports: a run stopped when
      // its error first looks small enough stops preferentially before the
      // rare large weights arrive (docs/method.md, "Stopping").
      const TailFit fit = fit_upper_tail(progress.accumulator);
      if (n >= kMinSamplesForTailFit && fit.k < 0.5) return "rel-error";
      progress.held_back = std::isnan(fit.k) ? "the relative error target is met, but too few samples to fit the "
                                               "weight tail; going on"
                                             : "the relative error target is met, but the weight tail (Pareto k " +
                                                   std::to_string(fit.k).substr(0, 4) +
                                                   " >= 0.5) does not support the interval yet; going on";
      return "";
    }
    progress.held_back.clear();
    return "";
  };
  // Blocks still allowed by the budgets (none: unlimited).
  auto blocks_left = [&]() -> std::uint64_t {
    std::uint64_t left = std::numeric_limits<std::uint64_t>::max();
    if (stop.blocks > 0) left = std::min(left, stop.blocks - progress.blocks);
    if (stop.samples > 0) {
      const std::uint64_t n = progress.accumulator.count();
      left = std::min(left, (stop.samples - n + plan.samples_per_block - 1) / plan.samples_per_block);
    }
    return left;
  };

  progress.stop_reason = reason_to_stop();
  call(hooks.checkpoint);  // at once: an unwritable checkpoint is seen before any work
  std::uint64_t batch = width;
  double last_report = 0, last_checkpoint = 0;
  // Blocks that finished after the first one cut short (by an interrupt or
  // the clock), merged in block order: in the final summary, not in a
  // checkpoint.
  WeightAccumulator after_cut;

  while (progress.stop_reason.empty()) {
    const auto batch_start = Clock::now();
    const std::uint64_t next_block = progress.first_block + progress.blocks;
    const std::uint64_t count = std::min(batch, blocks_left());
    const std::vector<WeightAccumulator> results = runner->run(plan, next_block, count);
    // Merge in block order; a target stops at the first block that meets it
    // (later blocks of the batch are then not used, whatever the thread
    // count). Past the first cut block, the finished ones are kept aside.
    bool cut = false;
    for (std::uint64_t i = 0; i < count; ++i) {
      const std::uint64_t wanted = plan.samples_in(next_block + i);
      if (results[i].count() < wanted) {  // cut short, or never started: dropped
        if (!cut) progress.stop_reason = interrupt && interrupt->load() ? "interrupted" : "time";
        cut = true;
        ++progress.blocks_cut;
        continue;
      }
      if (wanted == 0) {  // the sample budget is spent
        if (!cut) progress.stop_reason = "samples";
        break;
      }
      if (cut) {
        after_cut.merge(results[i]);
        ++progress.blocks_after_cut;
        continue;
      }
      progress.accumulator.merge(results[i]);
      ++progress.blocks;
      progress.stop_reason = reason_to_stop();
      if (!progress.stop_reason.empty()) break;
    }
    const double now = elapsed();
    progress.seconds = options.start.seconds + now;
    if (progress.stop_reason.empty()) {
      if (interrupt && interrupt->load()) progress.stop_reason = "interrupted";
      else if (has_deadline && now >= stop.seconds) progress.stop_reason = "time";
    }
    if (!progress.stop_reason.empty()) break;
    if (options.checkpoint_every > 0 && now - last_checkpoint >= options.checkpoint_every) {
      last_checkpoint = now;
      call(hooks.checkpoint);
    }
    if (options.report_every > 0 && now - last_report >= options.report_every) {
      last_report = now;
      call(hooks.report);
    }
    // Aim for batches of about a quarter second (less near a time budget or
    // a report), in whole rounds of the runner's width.
    double target = 0.25;
    if (options.report_every > 0) target = std::min(target, options.report_every / 2);
    if (has_deadline) target = std::min(target, std::max(0.01, (stop.seconds - now) / 2));
    const double took = std::max(1e-6, std::chrono::duration<double>(Clock::now() - batch_start).count());
    const double scale = std::clamp(target / took, 0.5, 4.0);
    batch = std::max<std::uint64_t>(width, static_cast<std::uint64_t>(static_cast<double>(batch) * scale));
    batch = (batch + width - 1) / width * width;
  }
  progress.final = true;
  call(hooks.checkpoint);
  // The summary also counts the blocks that finished after the first cut;
  // the checkpoint above does not (see above).
  progress.accumulator.merge(after_cut);
  call(hooks.report);
  if (!hooks.report) progress.summary = summarize(progress.accumulator, options.confidence);
  return progress;
}

}  // namespace sudoku_count
