// estimate: an unbiased Monte Carlo estimate on this process's threads, or
// spread over the processes of an MPI run; checkpoints and resumption.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <mutex>
#include <optional>

#include "commands/checkpoints.hpp"
#include "commands/commands.hpp"
#include "commands/common.hpp"
#include "commands/requests.hpp"
#include "distributed.hpp"
#include "output/json.hpp"
#include "output/text.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/estimator.hpp"
#include "sudoku_count/run.hpp"
#include "sudoku_count/version.hpp"

namespace sudoku_count::cli {
namespace {

// Seconds between redraws of the status line on a terminal, and between the
// plain progress lines written when stderr is not one (--progress always).
constexpr double kStatusLineEvery = 0.5;
constexpr double kPlainLineEvery = 10;

}  // namespace

int handle_estimate(const ParsedOptions& options, const ProcessGroup& group) {
  // From here on a signal stops the run, which then prints its summary (a
  // first SIGINT during set-up stops the run before its first sample;
  // SIGTERM or a second SIGINT end a set-up that takes too long: UrgentStop).
  install_signal_handlers();
  const std::string resume_path = options.has("resume") ? options.text("resume") : "";
  const std::string checkpoint_path = options.has("checkpoint") ? options.text("checkpoint") : resume_path;
  // Locked before the --resume file is read (lock_checkpoint), held to the end.
  std::optional<CheckpointLock> lock;
  group.share([&] {
    lock = lock_checkpoint(checkpoint_path);
    return std::string();
  });
  // Progress: a status line redrawn on stderr when it is a terminal
  // (whatever stdout is), plain lines on stderr when asked for and it is
  // not; report lines on stdout as --report-every says.
  const std::string progress_mode = options.text("progress");
  const bool terminal = isatty(STDERR_FILENO) != 0;
  const bool status_line = progress_mode != "never" && terminal;
  const bool plain_lines = progress_mode == "always" && !terminal;
  // Blocks cut short by a signal end a run within a sample or a few; what
  // cannot stop in time (a set-up of many seconds) is ended by UrgentStop,
  // with the checkpoint as last saved. Made before the set-up, which it
  // must be able to end.
  std::optional<UrgentStop> urgent;
  if (group.leader())
    urgent.emplace([&] {
      std::cerr << (status_line ? kEraseLine : "") << "sudoku-count: stopped by " << stop_signal_name()
                << " before the run could stop in order; "
                << (checkpoint_path.empty() ? std::string("no checkpoint was kept")
                    : std::filesystem::exists(checkpoint_path)
                        ? "checkpoint '" + checkpoint_path + "' holds the run as last saved"
                        : "nothing was sampled, and no checkpoint written")
                << "\n";
    });
  const std::optional<Checkpoint> resumed = read_resumed_run(options, group);
  const Layout layout = resumed ? resumed->layout : command_layout(options);
  if (resumed) require_same_layout(options, layout, resume_path);
  RunOptions run;
  run.seed = resumed ? resumed->ranges[0].seed : options.integer("seed");
  if (resumed && options.given("seed") && options.integer("seed") != run.seed)
    throw InputError("--seed " + options.text("seed") + " does not match checkpoint '" + resume_path + "' (seed " +
                     std::to_string(run.seed) + "); drop --seed to resume it, or start a new run with its own "
                     "checkpoint and merge the two");
  run.threads = static_cast<int>(options.integer("threads"));
  run.confidence = options.real("confidence");
  run.stop = stop_rule(options);
  run.checkpoint_every = options.real("checkpoint-every");
  run.report_every = options.has("report-every") ? options.real("report-every") : (isatty(STDOUT_FILENO) ? 1.0 : 0.0);
  if (!checkpoint_path.empty())
    group.share([&] {
      refuse_existing_checkpoint(checkpoint_path, resume_path, options.has("checkpoint") ? "--checkpoint" : "--resume");
      return std::string();
    });

  // Resuming without --method, --particles or --orientation: the estimator that wrote the
  // checkpoint, from its variant (orientation and particles included).
  const auto build_start = std::chrono::steady_clock::now();
  const auto estimator = requested_estimator(options, layout, resumed, run.threads);
  const EstimateRun context{
      layout, run.seed, estimator->name(), estimator->note(),
      std::chrono::duration<double>(std::chrono::steady_clock::now() - build_start).count(),
      layout.classic() ? symmetry_group_order(layout.shape()) : BigInt(0), checkpoint_path};

  // What a checkpoint of this run records (its blocks and sums filled in as it goes).
  Checkpoint state = run_checkpoint(options, layout, *estimator, resumed, resume_path, run);

  const double status_every = status_line ? kStatusLineEvery : plain_lines ? kPlainLineEvery : 0;
  const double stdout_every = run.report_every;
  if (status_every > 0) run.report_every = stdout_every > 0 ? std::min(stdout_every, status_every) : status_every;

  const auto runner = group.make_runner(*estimator, run.threads);
  if (!group.leader()) {
    runner->serve();  // the leader decides when to stop (signals were caught from the start)
    return 0;
  }
  const bool json = options.flag("json");
  if (!json) estimate_header_text(std::cout, context, resumed, resume_path);
  // Exit status 3 when the final checkpoint cannot be written.
  CheckpointSaver saver(state, run.seed, checkpoint_path, run.checkpoint_every, status_line);
  RunHooks hooks;
  if (!checkpoint_path.empty())
    hooks.checkpoint = [&](const Progress& p) {
      const std::lock_guard<std::mutex> hold(urgent->mutex());
      saver(p);
    };
  const std::uint64_t samples_before = run.start.accumulator.count();
  double last_stdout = -1e300, last_status = -1e300;
  hooks.report = [&](const Progress& p) {
    // A little slack: reports come at the shortest interval, not exactly on it.
    const double now = p.seconds - run.start.seconds;
    const bool stdout_due = p.final || (stdout_every > 0 && now - last_stdout >= 0.9 * stdout_every);
    const bool status_due = !p.final && status_every > 0 && now - last_status >= 0.9 * status_every;
    if (stdout_due) {
      last_stdout = now;
      if (status_line) std::cerr << kEraseLine << std::flush;
      if (json) std::cout << dump(estimate_json(p, context, !saver.failed())) << "\n" << std::flush;
      else if (!p.final && p.summary.error_known) estimate_report_text(std::cout, p);
    }
    if (status_due) {
      last_status = now;
      std::cerr << (status_line ? kEraseLine : "sudoku-count: ")
                << estimate_progress_line(p, run.stop, now, p.summary.samples - samples_before)
                << (status_line ? "" : "\n") << std::flush;
    }
    if (p.final && status_line) std::cerr << kEraseLine << std::flush;
  };
  hooks.interrupt = &interrupted();
  hooks.runner = runner.get();
  const Progress result = sudoku_count::run_estimate(*estimator, run, hooks);
  urgent->finish();
  if (!json) estimate_summary_text(std::cout, result, context, !saver.failed());
  return saver.failed() ? 3 : signal_exit_status();
}

}  // namespace sudoku_count::cli
