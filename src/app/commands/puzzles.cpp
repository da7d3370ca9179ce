// puzzles: estimates of the numbers of proper and minimal puzzles by clue
// count (puzzle_counts.hpp), with a status line on a terminal and a signal
// stopping the run after the grids under way; the grids on this process's
// threads, or spread over the processes of an MPI run (exact counts: the
// leader alone).
#include <functional>
#include <iostream>

#include "commands/commands.hpp"
#include "commands/common.hpp"
#include "commands/requests.hpp"
#include "distributed.hpp"
#include "output/text.hpp"
#include "sudoku_count/puzzle_counts.hpp"
#include "sudoku_count/puzzle_session.hpp"
#include "sudoku_count/records.hpp"

namespace sudoku_count::cli {

int handle_puzzles(const ParsedOptions& options, const ProcessGroup& group) {
  if (options.flag("exact")) {
    if (!group.leader()) return 0;
    const Layout layout = command_layout(options);
    const PuzzleKind kind = puzzle_kind(options.text("kind"));
    std::string method;
    const bool status_line = progress_output(options).status_line;
    std::function<void(double)> progress;
    if (status_line)
      progress = [](double fraction) {
        std::cerr << kEraseLine << "classes of grids done: " << static_cast<int>(100 * fraction) << "%" << std::flush;
      };
    const PuzzleCounts counts =
        count_puzzles_exactly(layout, kind, static_cast<int>(options.integer("threads")), &method, progress);
    if (status_line) std::cerr << kEraseLine << std::flush;
    if (options.flag("json")) std::cout << json_line(puzzle_counts_json(counts, kind, method)) << "\n";
    else puzzle_counts_text(std::cout, counts, kind, method);
    return 0;
  }
  install_signal_handlers();
  const PuzzleEstimateRequest request = puzzle_estimate_request(options);
  if (!group.leader()) {
    estimate_puzzle_counts(request, {}, group);  // the leader's grids, until it finishes
    return 0;
  }
  const ProgressOutput output = progress_output(options);
  const bool status_line = output.status_line;
  const bool plain_lines = output.plain_lines;
  // A first SIGINT stops the run after the grids under way; a grid's sets
  // can take minutes (supersets on 9x9), so SIGTERM or a second SIGINT end
  // it within seconds, with the state as last saved.
  const std::string checkpoint_path = request.checkpoint.value_or(request.resume.value_or(""));
  UrgentStop urgent(
      [&] {
        print_stopped_as_last_saved(status_line, "the grids under way were done", checkpoint_path,
                                    "nothing was drawn, and no checkpoint written");
      },
      "stopping after the grids under way (SIGTERM or a second Ctrl-C ends the run at once)");
  PuzzleHooks hooks;
  hooks.save_mutex = &urgent.mutex();
  if (status_line)
    hooks.progress = [](const PuzzleEstimate& so_far) {
      std::cerr << kEraseLine << puzzle_progress_line(so_far) << std::flush;
    };
  else if (plain_lines)
    hooks.progress = [](const PuzzleEstimate& so_far) { std::cerr << puzzle_progress_line(so_far) << "\n"; };
  hooks.save_notice = save_notice_printer(status_line);
  hooks.interrupt = &interrupted();
  const PuzzleEstimate estimate = estimate_puzzle_counts(request, hooks, group);
  urgent.finish();
  if (status_line) std::cerr << kEraseLine << std::flush;
  if (options.flag("json")) std::cout << json_line(puzzle_estimate_json(estimate)) << "\n";
  else puzzle_estimate_text(std::cout, estimate);
  // Exit status 3 when the final save cannot be written.
  return !estimate.saved ? 3 : signal_exit_status();
}

}  // namespace sudoku_count::cli
