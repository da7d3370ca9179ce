#include "sudoku_count/estimate.hpp"

#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <vector>

namespace sudoku_count {

double relative_std_error(const WeightAccumulator& acc) {
  if (acc.count() < 2 || acc.scaled_mean() <= 0) return std::numeric_limits<double>::infinity();
  const long double n = static_cast<long double>(acc.count());
  const long double m2 = std::max<long double>(acc.scaled_m2(), 0);
  return static_cast<double>(std::sqrt(m2 / (n - 1) / n) / acc.scaled_mean());
}

Progress run_estimate(const Estimator& estimator, const RunOptions& options, const ReportFn& report,
                      const std::atomic<bool>* interrupt) {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  const int threads = options.threads > 0 ? options.threads : omp_get_max_threads();
  const StopRule& stop = options.stop;
  const std::uint64_t per_block = estimator.samples_per_block();

  Progress progress;
  progress.threads = threads;
  std::uint64_t next_block = 0;
  std::uint64_t batch = static_cast<std::uint64_t>(threads);
  double last_report = 0;
  std::vector<WeightAccumulator> results;
  std::vector<char> cut;  // cut[i]: block i of the batch stopped before its last sample

  // An interrupt or the end of a time budget cuts the blocks in flight short
  // rather than waiting for the whole batch: a batch holds at least one block
  // per thread, which takes long when samples are slow or threads outnumber
  // the cores. Checked about 32 times a block: methods size their blocks
  // inversely to the cost of a sample, so slow samples are checked after
  // every one, and the cheapest (a quarter microsecond, about ten clock
  // reads) every eighth. Runs stopped by a sample budget or a precision
  // target alone are never cut, so they stay independent of the thread count.
  const std::uint64_t cut_stride = std::max<std::uint64_t>(1, per_block / 32);
  const bool has_deadline = stop.seconds > 0 && !stop.forever;
  // Budgets beyond 31 years (the CLI's limit) are as good as none; capping
  // keeps the conversion to clock ticks from overflowing.
  const double budget = has_deadline ? std::min(stop.seconds, 1e9) : 0;
  const auto deadline = start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(budget));
  auto must_cut = [&] {
    return (interrupt && interrupt->load(std::memory_order_relaxed)) || (has_deadline && Clock::now() >= deadline);
  };

  // Samples in block k: a full block, except that a sample budget cuts the last one short.
  auto block_samples = [&](std::uint64_t block) -> std::uint64_t {
    if (stop.samples == 0) return per_block;
    const std::uint64_t first = block * per_block;
    return first >= stop.samples ? 0 : std::min(per_block, stop.samples - first);
  };

  for (;;) {
    const auto batch_start = Clock::now();
    results.assign(batch, WeightAccumulator{});
    cut.assign(batch, 0);
#pragma omp parallel num_threads(threads)
    {
      const auto workspace = estimator.make_workspace();
#pragma omp for schedule(dynamic, 1)
      for (std::uint64_t i = 0; i < batch; ++i) {
        const std::uint64_t block = next_block + i;
        Rng rng = block_stream(options.seed, block);
        const std::uint64_t count = block_samples(block);
        for (std::uint64_t k = 0; k < count; ++k) {
          if (k % cut_stride == 0 && must_cut()) {
            cut[i] = 1;
            break;
          }
          results[i].add_log(estimator.sample_log(rng, *workspace));
        }
      }
    }
    // Merge in block order; a precision target stops at the first block that
    // meets it, a cut at the first block cut short (its samples are kept,
    // later blocks dropped, so the samples used are a prefix of the run's).
    for (std::uint64_t i = 0; i < batch && progress.stop_reason.empty(); ++i) {
      if (cut[i]) {
        progress.accumulator.merge(results[i]);
        progress.blocks += results[i].count() > 0;
        progress.stop_reason = interrupt && interrupt->load() ? "interrupted" : "time";
        break;
      }
      if (results[i].count() == 0) {
        progress.stop_reason = "samples";
        break;
      }
      progress.accumulator.merge(results[i]);
      ++progress.blocks;
      const std::uint64_t n = progress.accumulator.count();
      if (stop.samples > 0 && n >= stop.samples) progress.stop_reason = "samples";
      else if (stop.rel_error > 0 && !stop.forever && n >= stop.min_samples &&
               relative_std_error(progress.accumulator) <= stop.rel_error)
        progress.stop_reason = "rel-error";
    }
    next_block += batch;
    const double now = elapsed();
    if (progress.stop_reason.empty()) {
      if (interrupt && interrupt->load()) progress.stop_reason = "interrupted";
      else if (stop.seconds > 0 && !stop.forever && now >= stop.seconds) progress.stop_reason = "time";
    }
    progress.seconds = now;
    if (!progress.stop_reason.empty()) break;
    if (options.report_every > 0 && now - last_report >= options.report_every) {
      last_report = now;
      progress.summary = summarize(progress.accumulator, options.confidence);
      report(progress);
    }
    // Aim for batches of about a quarter second (less near a time budget or
    // a report), in whole rounds of the thread count.
    double target = 0.25;
    if (options.report_every > 0) target = std::min(target, options.report_every / 2);
    if (stop.seconds > 0 && !stop.forever) target = std::min(target, std::max(0.01, (stop.seconds - now) / 2));
    const double took = std::max(1e-6, std::chrono::duration<double>(Clock::now() - batch_start).count());
    const double scale = std::clamp(target / took, 0.5, 4.0);
    batch = std::max<std::uint64_t>(threads, static_cast<std::uint64_t>(static_cast<double>(batch) * scale));
    batch = (batch + threads - 1) / threads * threads;
  }
  progress.final = true;
  progress.summary = summarize(progress.accumulator, options.confidence);
  report(progress);
  return progress;
}

}  // namespace sudoku_count
