// exact: the exact number of grids of a shape, or of completions of a puzzle.
#include <unistd.h>

#include <iostream>

#include "commands/commands.hpp"
#include "commands/common.hpp"
#include "output/json.hpp"
#include "output/text.hpp"
#include "sudoku_count/exact.hpp"
#include "sudoku_count/solve.hpp"
#include "sudoku_count/symmetry.hpp"

namespace sudoku_count::cli {
namespace {

// exact --essentially-different: the classes of grids, by Burnside's lemma.
int essentially_different(const ParsedOptions& options) {
  const Shape shape = box_shape(options);
  SymmetryOptions symmetry;
  symmetry.threads = static_cast<int>(options.integer("threads"));
  symmetry.transposition = !options.flag("no-transposition");
  const bool json = options.flag("json");
  const bool show_progress = isatty(STDERR_FILENO) && !json;
  auto progress = [&](double fraction) {
    if (show_progress) std::cerr << exact_progress_line(fraction) << std::flush;
  };
  const EssentiallyDifferentResult result = count_essentially_different(shape, symmetry, progress);
  if (show_progress) std::cerr << kEraseLine << std::flush;
  if (json) std::cout << dump(essentially_different_json(result)) << "\n";
  else essentially_different_text(std::cout, result);
  return 0;
}

}  // namespace

int handle_exact(const ParsedOptions& options, const ProcessGroup&) {
  if (options.flag("essentially-different")) return essentially_different(options);
  ExactRequest request;
  request.shape = box_shape(options);
  if (options.has("puzzle")) request.puzzle = parse_puzzle(options.text("puzzle"), request.shape);
  if (options.has("puzzle-file"))
    request.puzzle = parse_puzzle(read_puzzle_file(options.text("puzzle-file")), request.shape);
  request.fix_first_row = options.flag("fix-first-row");
  request.method = options.text("method");
  request.threads = static_cast<int>(options.integer("threads"));
  const bool json = options.flag("json");

  const bool show_progress = isatty(STDERR_FILENO) && !json;
  auto progress = [&](double fraction) {
    if (show_progress) std::cerr << exact_progress_line(fraction) << std::flush;
  };
  ExactReport report{.result = count_exact(request, progress), .shape = request.shape,
                     .puzzle = request.puzzle.has_value()};
  if (show_progress && report.result.method == "bands") std::cerr << kEraseLine << std::flush;
  // The completions to show come from dancing links whatever the method
  // that counted them: the first K in its search order.
  if (options.has("print")) {
    report.print = options.integer("print");
    report.printed = find_completions(request.puzzle.value_or(empty_grid(request.shape)), *report.print);
  }

  if (json) std::cout << dump(exact_json(report)) << "\n";
  else exact_text(std::cout, report);
  return 0;
}

}  // namespace sudoku_count::cli
