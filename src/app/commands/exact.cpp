// exact: the library's exact session (exact_session.hpp) with the command
// line's progress, output and signals. Two-band shapes (R x 2 and 2 x R
// boxes) run as a job of units that can stop, save a checkpoint, resume,
// and spread over the processes of an MPI run; every other count runs at
// once on the leader. The library decides which.
#include <unistd.h>

#include <iostream>
#include <mutex>
#include <optional>
#include <system_error>

#include "commands/commands.hpp"
#include "commands/common.hpp"
#include "commands/requests.hpp"
#include "distributed.hpp"
#include "output/text.hpp"
#include "sudoku_count/exact_session.hpp"
#include "sudoku_count/records.hpp"
#include "sudoku_count/solve.hpp"
#include "sudoku_count/symmetry.hpp"

namespace sudoku_count::cli {
namespace {

int print_count(const ParsedOptions& options, const ExactRequest& request, ExactResult result) {
  const bool json = options.flag("json");
  ExactReport report{.result = std::move(result), .layout = request.layout, .puzzle = request.puzzle.has_value()};
  // The completions to show come from dancing links whatever the method
  // that counted them: the first K in its search order.
  if (options.has("print")) {
    report.print = options.integer("print");
    report.printed = find_completions(request.puzzle.value_or(empty_grid(request.layout)), *report.print);
  }
  if (json) std::cout << json_line(exact_json(report)) << "\n";
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
  const bool show_progress = progress_output(options).status_line;
  auto progress = [&](double fraction) {
    if (show_progress) std::cerr << exact_progress_line(fraction) << std::flush;
  };
  const EssentiallyDifferentResult result = count_essentially_different(shape, symmetry, progress);
  if (show_progress) std::cerr << kEraseLine << std::flush;
  if (json) std::cout << json_line(essentially_different_json(result)) << "\n";
  else essentially_different_text(std::cout, result);
  return 0;
}

// exact --calibrate: the projected cost of the layers route.
int calibrate(const ParsedOptions& options) {
  if (progress_output(options).status_line)
    std::cerr << "sudoku-count: calibrating the layers route of box " << command_layout(options).shape().name()
              << " (the census of its classes, then 1000 states a layer)...\n";
  const LayerCalibration calibration = requested_calibration(options);
  if (options.flag("json")) std::cout << json_line(layer_calibration_json(calibration)) << "\n";
  else layer_calibration_text(std::cout, calibration);
  return 0;
}

}  // namespace

int handle_exact(const ParsedOptions& options, const ProcessGroup& group) {
  if (options.flag("essentially-different")) return group.leader() ? essentially_different(options) : 0;
  if (options.flag("calibrate")) return group.leader() ? calibrate(options) : 0;
  const ExactCountRequest request = exact_count_request(options);
  const bool json = options.flag("json");
  // Progress: a line redrawn on a terminal's stderr; for a job elsewhere a
  // plain line every half minute (--progress never: none).
  const bool terminal = isatty(STDERR_FILENO) != 0;
  const bool show_progress = options.text("progress") != "never";
  const bool status_line = show_progress && terminal;
  // A unit can take the better part of an hour (2x6): on SIGTERM or a second
  // SIGINT the units under way are dropped (the checkpoint records finished
  // units only, so a resumed job redoes them) and the state after the last
  // finished unit is saved.
  std::optional<ExactJobState> latest;  // guarded by urgent's mutex
  std::string checkpoint_path;
  bool saved_at_stop = true;
  std::optional<UrgentStop> urgent;
  if (group.leader())
    urgent.emplace(
        [&] {
          if (!latest) return;  // not a job: nothing saved, nothing to say but the signal
          if (!checkpoint_path.empty()) {
            try {
              save_exact_job(checkpoint_path, *latest);
            } catch (const std::system_error& e) {
              saved_at_stop = false;
              save_notice_printer(status_line)(SaveNotice{checkpoint_path, e.what(), true, 0});
            }
          }
          std::cerr << (status_line ? kEraseLine : "") << "sudoku-count: stopped by " << stop_signal_name()
                    << ": the units under way were dropped (a resumed job redoes them)\n";
          exact_job_stopped_text(json ? std::cerr : std::cout, *latest, checkpoint_path, saved_at_stop);
          if (json) std::cout << json_line(exact_job_json(*latest, checkpoint_path)) << "\n";
        },
        "stopping once the units under way finish; Ctrl-C again (or SIGTERM) drops them at once (a resumed job "
        "redoes them)");

  ExactHooks hooks;
  // On every process: a signal stops a job after the units under way (a
  // count at once ends on a signal as any program does).
  hooks.job_begins = [] { install_signal_handlers(); };
  bool is_job = false;
  std::uint64_t classes_before = 0;
  // Off a terminal the first plain line of a job comes after half a minute,
  // and the last only if one came before.
  double last_line = terminal ? -1e9 : 0;
  bool printed = false;
  hooks.started = [&](const ExactPlan& plan, const ExactJobState* state) {
    if (state == nullptr) return;
    is_job = true;
    checkpoint_path = plan.checkpoint;
    classes_before = state->classes;
    {
      const std::lock_guard<std::mutex> hold(urgent->mutex());
      latest = *state;
    }
    const std::string cost = exact_cost_note(plan.count.layout.shape());
    if (!cost.empty()) std::cerr << "sudoku-count: " << option_words(cost) << "\n";
    // A job of seconds with nothing saved is just a count: its header and
    // progress lines would only be noise in a log.
    const bool long_job = !cost.empty() || !plan.checkpoint.empty() || request.resume.has_value();
    if (long_job || status_line)
      std::cerr << "sudoku-count: exact job for "
                << (plan.count.layout.classic() ? "box " + plan.count.layout.shape().name()
                                                : "layout " + plan.count.layout.name())
                << ": a census of "
                << state->chunks << " chunks, then one unit per class; " << state->units_done() << " units done"
                << (plan.checkpoint.empty() ? "" : ", checkpoint '" + plan.checkpoint + "'") << "\n";
  };
  hooks.job_progress = [&](const ExactJobState& s, double seconds) {
    const std::lock_guard<std::mutex> hold(urgent->mutex());
    latest = s;
    if (!show_progress || (seconds - last_line < (terminal ? 0.5 : 30) && !(s.finished() && (printed || terminal))))
      return;
    last_line = seconds;
    printed = true;
    std::cerr << (terminal ? kEraseLine : "") << exact_job_progress_line(s, s.classes - classes_before, seconds)
              << (terminal ? "" : "\n") << std::flush;
  };
  const bool show_count_progress = terminal && show_progress;
  hooks.progress = [&](double fraction) {
    if (show_count_progress) std::cerr << exact_progress_line(fraction) << std::flush;
  };
  hooks.save_notice = save_notice_printer(status_line);
  hooks.interrupt = &interrupted();
  if (urgent) hooks.save_mutex = &urgent->mutex();
  const ExactOutcome outcome = run_exact_session(request, hooks, group);
  if (!outcome.leader) return 0;
  urgent->finish();
  if (!is_job) {
    if (show_count_progress && outcome.result.method == "bands") std::cerr << kEraseLine << std::flush;
    return print_count(options, outcome.plan.count, outcome.result);
  }
  if (status_line) std::cerr << kEraseLine << std::flush;
  if (!outcome.finished) {
    exact_job_stopped_text(json ? std::cerr : std::cout, outcome.job_state, checkpoint_path, outcome.saved);
    if (json) std::cout << json_line(exact_job_json(outcome.job_state, checkpoint_path)) << "\n";
    return !outcome.saved ? 3 : signal_exit_status();
  }
  print_count(options, outcome.plan.count, outcome.result);
  return !outcome.saved ? 3 : 0;
}

}  // namespace sudoku_count::cli
