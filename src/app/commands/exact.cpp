// exact: the exact number of grids of a shape, or of completions of a puzzle.
// Two-band shapes (R x 2 and 2 x R boxes) run as a job of units that can
// stop, save a checkpoint, resume, and spread over the processes of an MPI
// run; every other count runs at once on the leader.
#include <unistd.h>

#include <chrono>
#include <iostream>
#include <mutex>
#include <optional>

#include "commands/checkpoints.hpp"
#include "commands/commands.hpp"
#include "commands/common.hpp"
#include "commands/requests.hpp"
#include "output/json.hpp"
#include "output/text.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/exact.hpp"
#include "sudoku_count/exact_job.hpp"
#include "sudoku_count/layer_calibration.hpp"
#include "sudoku_count/solve.hpp"
#include "sudoku_count/symmetry.hpp"

namespace sudoku_count::cli {
namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

int print_count(const ParsedOptions& options, const ExactRequest& request, ExactResult result) {
  const bool json = options.flag("json");
  ExactReport report{.result = std::move(result), .layout = request.layout, .puzzle = request.puzzle.has_value()};
  // The completions to show come from dancing links whatever the method
  // that counted them: the first K in its search order.
  if (options.has("print")) {
    report.print = options.integer("print");
    report.printed = find_completions(request.puzzle.value_or(empty_grid(request.layout)), *report.print);
  }
  if (json) std::cout << dump(exact_json(report)) << "\n";
  else exact_text(std::cout, report);
  return 0;
}

// exact --essentially-different: the classes of grids, by Burnside's lemma.
int essentially_different(const ParsedOptions& options) {
  const Layout shape = command_layout(options);
  SymmetryOptions symmetry;
  symmetry.threads = static_cast<int>(options.integer("threads"));
  symmetry.transposition = !options.flag("no-transposition");
  const bool json = options.flag("json");
  const bool show_progress = isatty(STDERR_FILENO) && options.text("progress") != "never";
  auto progress = [&](double fraction) {
    if (show_progress) std::cerr << exact_progress_line(fraction) << std::flush;
  };
  const EssentiallyDifferentResult result = count_essentially_different(shape, symmetry, progress);
  if (show_progress) std::cerr << kEraseLine << std::flush;
  if (json) std::cout << dump(essentially_different_json(result)) << "\n";
  else essentially_different_text(std::cout, result);
  return 0;
}

// exact --calibrate: the projected cost of the layers route.
int calibrate(const ParsedOptions& options) {
  if (isatty(STDERR_FILENO) && options.text("progress") != "never")
    std::cerr << "sudoku-count: calibrating the layers route of box " << command_layout(options).shape().name()
              << " (the census of its classes, then 1000 states a layer)...\n";
  const LayerCalibration calibration = requested_calibration(options);
  if (options.flag("json")) std::cout << dump(layer_calibration_json(calibration)) << "\n";
  else layer_calibration_text(std::cout, calibration);
  return 0;
}

// The job of a two-band shape, on every process.
int run_job(const ParsedOptions& options, const ProcessGroup& group, const ExactRequest& request,
            const std::optional<ExactJobState>& resumed, const std::string& resume_path) {
  const auto start = std::chrono::steady_clock::now();
  install_signal_handlers();  // a signal stops the job after the units under way
  const ExactJobRequest job_request = exact_job_request(options, request, resumed, resume_path);
  const ExactJob& job = *job_request.job;
  const ExactJobState& state = job_request.state;
  const std::string& checkpoint_path = job_request.checkpoint_path;
  const JobLimits& limits = job_request.limits;
  if (!checkpoint_path.empty())
    group.share([&] {
      refuse_existing_checkpoint(checkpoint_path, resume_path, options.has("checkpoint") ? "--checkpoint" : "--resume");
      return std::string();
    });
  auto stop = [&] { return interrupted().load() || (limits.seconds > 0 && seconds_since(start) >= limits.seconds); };
  const auto runner = group.make_unit_runner(job, static_cast<int>(options.integer("threads")), stop);
  if (!group.leader()) {
    runner->serve();
    return 0;
  }

  const bool json = options.flag("json");
  // Progress: a line redrawn on a terminal's stderr; elsewhere a plain line
  // every half minute (--progress never: none).
  const std::string progress_mode = options.text("progress");
  const bool terminal = isatty(STDERR_FILENO) != 0;
  const bool show_progress = progress_mode != "never";
  const bool status_line = show_progress && terminal;
  const std::string cost = exact_cost_note(request.layout.shape());
  if (!cost.empty()) std::cerr << "sudoku-count: " << cost << "\n";
  // A job of seconds with nothing saved is just a count: its header and
  // progress lines would only be noise in a log.
  const bool long_job = !cost.empty() || !checkpoint_path.empty() || resumed.has_value();
  if (long_job || status_line)
    std::cerr << "sudoku-count: exact job for box " << request.layout.shape().name() << ": a census of " << state.chunks
            << " chunks, then one unit per class; " << state.units_done() << " units done"
            << (checkpoint_path.empty() ? "" : ", checkpoint '" + checkpoint_path + "'") << "\n";
  const std::uint64_t classes_before = state.classes;
  // Off a terminal the first plain line comes after half a minute, and the
  // last only if one came before.
  double last_line = terminal ? -1e9 : 0;
  bool printed = false;
  JobHooks hooks;
  hooks.runner = runner.get();
  hooks.interrupt = &interrupted();
  hooks.checkpoint_every = options.real("checkpoint-every");
  SaveReporter reporter(checkpoint_path, hooks.checkpoint_every, status_line);
  // A unit can take the better part of an hour (2x6): on SIGTERM or a second
  // SIGINT the units under way are dropped (the checkpoint records finished
  // units only, so a resumed job redoes them) and the state after the last
  // finished unit is saved.
  ExactJobState latest = state;  // guarded by urgent.mutex()
  UrgentStop urgent(
      [&] {
        bool saved = false;
        if (!checkpoint_path.empty()) {
          reporter([&] { save_exact_job(checkpoint_path, latest); }, true);
          saved = !reporter.failed();
        }
        std::cerr << (status_line ? kEraseLine : "") << "sudoku-count: stopped by " << stop_signal_name()
                  << ": the units under way were dropped (a resumed job redoes them)\n";
        exact_job_stopped_text(json ? std::cerr : std::cout, latest, checkpoint_path, saved);
        if (json) std::cout << dump(exact_job_json(latest, checkpoint_path)) << "\n";
      },
      "stopping once the units under way finish; Ctrl-C again (or SIGTERM) drops them at once (a resumed job "
      "redoes them)");
  hooks.progress = [&](const ExactJobState& s, double seconds) {
    const std::lock_guard<std::mutex> hold(urgent.mutex());
    latest = s;
    if (!show_progress || (seconds - last_line < (terminal ? 0.5 : 30) && !(s.finished() && (printed || terminal))))
      return;
    last_line = seconds;
    printed = true;
    std::cerr << (terminal ? kEraseLine : "") << exact_job_progress_line(s, s.classes - classes_before, seconds)
              << (terminal ? "" : "\n") << std::flush;
  };
  if (!checkpoint_path.empty())
    hooks.checkpoint = [&](const ExactJobState& s, bool final) {
      const std::lock_guard<std::mutex> hold(urgent.mutex());
      reporter([&] { save_exact_job(checkpoint_path, s); }, final);
    };
  const ExactJobState reached = run_exact_job(job, state, limits, hooks);
  urgent.finish();
  if (status_line) std::cerr << kEraseLine << std::flush;
  if (!reached.finished()) {
    exact_job_stopped_text(json ? std::cerr : std::cout, reached, checkpoint_path, !reporter.failed());
    if (json) std::cout << dump(exact_job_json(reached, checkpoint_path)) << "\n";
    return reporter.failed() ? 3 : signal_exit_status();
  }
  ExactResult result =
      finished_job_result(job, reached, request, runner->width(), seconds_since(start), classes_before);
  print_count(options, request, std::move(result));
  return reporter.failed() ? 3 : 0;
}

}  // namespace

int handle_exact(const ParsedOptions& options, const ProcessGroup& group) {
  if (options.flag("essentially-different")) return group.leader() ? essentially_different(options) : 0;
  if (options.flag("calibrate")) return group.leader() ? calibrate(options) : 0;
  std::optional<ExactJobState> resumed;
  std::string resume_path;
  // Locked before the --resume file is read (see lock_checkpoint); held
  // until the job ends.
  std::optional<CheckpointLock> lock;
  group.share([&] {
    lock = lock_checkpoint(options.has("checkpoint") ? options.text("checkpoint")
                                                     : options.has("resume") ? options.text("resume") : "");
    return std::string();
  });
  if (options.has("resume")) {
    resume_path = options.text("resume");
    resumed = parse_exact_job(group.share([&] { return format_exact_job(load_exact_job(resume_path)); }), resume_path);
    require_job_shape(options, resumed->shape, resume_path, "--box");
  }
  const ExactRequest request = exact_request(options, resumed);
  const std::string method = choose_exact_method(request);
  if (method == "bands" && ExactJob::handles(request.layout.shape()))
    return run_job(options, group, request, resumed, resume_path);
  refuse_job_options(options, request, method);
  if (!group.leader()) return 0;

  const bool show_progress = isatty(STDERR_FILENO) && options.text("progress") != "never";
  auto progress = [&](double fraction) {
    if (show_progress) std::cerr << exact_progress_line(fraction) << std::flush;
  };
  ExactResult result = count_exact(request, progress);
  if (show_progress && result.method == "bands") std::cerr << kEraseLine << std::flush;
  return print_count(options, request, std::move(result));
}

}  // namespace sudoku_count::cli
