// estimate: the library's estimate session (estimate_session.hpp) with the
// command line's progress, reports and signals; on this process's threads,
// or spread over the processes of an MPI run.
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <optional>

#include "commands/commands.hpp"
#include "commands/common.hpp"
#include "commands/requests.hpp"
#include "distributed.hpp"
#include "output/text.hpp"
#include "sudoku_count/estimate_session.hpp"
#include "sudoku_count/records.hpp"

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
  EstimateRequest request = estimate_request(options);
  const std::string checkpoint_path = request.checkpoint.value_or(request.resume.value_or(""));
  // Progress: a status line redrawn on stderr when it is a terminal
  // (whatever stdout is), plain lines on stderr when asked for and it is
  // not; report lines on stdout as --report-every says.
  const ProgressOutput output = progress_output(options);
  const bool status_line = output.status_line;
  const bool plain_lines = output.plain_lines;
  const double stdout_every =
      options.has("report-every") ? options.real("report-every") : (isatty(STDOUT_FILENO) ? 1.0 : 0.0);
  const double status_every = status_line ? kStatusLineEvery : plain_lines ? kPlainLineEvery : 0;
  request.report_every = status_every > 0 ? (stdout_every > 0 ? std::min(stdout_every, status_every) : status_every)
                                          : stdout_every;
  // Blocks cut short by a signal end a run within a sample or a few; what
  // cannot stop in time (a set-up of many seconds) is ended by UrgentStop,
  // with the checkpoint as last saved. Made before the set-up, which it
  // must be able to end.
  std::optional<UrgentStop> urgent;
  if (group.leader())
    urgent.emplace([&] {
      print_stopped_as_last_saved(status_line, "the run could stop in order", checkpoint_path,
                                  "nothing was sampled, and no checkpoint written");
    });

  const bool json = options.flag("json");
  const StopRule stop = requested_stop_rule(request);
  EstimateHooks hooks;
  EstimateRun run;
  std::uint64_t samples_before = 0;
  double start_seconds = 0;
  hooks.started = [&](const EstimateRun& started, const std::optional<Checkpoint>& resumed) {
    run = started;
    if (resumed) {
      samples_before = resumed->accumulator.count();
      start_seconds = resumed->seconds;
    }
    if (!json) estimate_header_text(std::cout, run, resumed, request.resume.value_or(""));
  };
  double last_stdout = -1e300, last_status = -1e300;
  hooks.report = [&](const Progress& p, bool saved) {
    // A little slack: reports come at the shortest interval, not exactly on it.
    const double now = p.seconds - start_seconds;
    const bool stdout_due = p.final || (stdout_every > 0 && now - last_stdout >= 0.9 * stdout_every);
    const bool status_due = !p.final && status_every > 0 && now - last_status >= 0.9 * status_every;
    if (stdout_due) {
      last_stdout = now;
      if (status_line) std::cerr << kEraseLine << std::flush;
      if (json) std::cout << json_line(estimate_json(p, run, saved)) << "\n" << std::flush;
      else if (!p.final && p.summary.error_known) estimate_report_text(std::cout, p);
    }
    if (status_due) {
      last_status = now;
      std::cerr << (status_line ? kEraseLine : "sudoku-count: ")
                << estimate_progress_line(p, stop, now, p.summary.samples - samples_before)
                << (status_line ? "" : "\n") << std::flush;
    }
    if (p.final && status_line) std::cerr << kEraseLine << std::flush;
  };
  hooks.save_notice = save_notice_printer(status_line);
  hooks.interrupt = &interrupted();
  if (urgent) hooks.save_mutex = &urgent->mutex();
  const EstimateOutcome outcome = run_estimate_session(request, hooks, group);
  if (!outcome.leader) return 0;
  urgent->finish();
  if (!json) estimate_summary_text(std::cout, outcome.progress, outcome.run, outcome.saved);
  // Exit status 3 when the final checkpoint cannot be written.
  return !outcome.saved ? 3 : signal_exit_status();
}

}  // namespace sudoku_count::cli
