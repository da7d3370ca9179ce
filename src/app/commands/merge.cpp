// merge: one estimate from the checkpoints of independent runs (estimate
// runs, or puzzle-count runs).
#include <iostream>
#include <optional>
#include <system_error>

#include "commands/commands.hpp"
#include "sudoku_count/records.hpp"
#include "output/text.hpp"
#include "sudoku_count/checkpoint.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/puzzle_session.hpp"
#include "sudoku_count/session.hpp"
#include "sudoku_count/shape.hpp"

namespace sudoku_count::cli {

namespace {

// Puzzle runs (puzzle_session.hpp): one estimate of their grids together.
int merge_puzzle_runs(const ParsedOptions& options, const std::optional<std::string>& output) {
  std::vector<PuzzleRunState> runs;
  std::vector<std::string> names;
  for (const auto& file : options.positional()) {
    runs.push_back(load_puzzle_run(file));
    names.push_back("'" + file + "'");
  }
  PuzzleRunState merged;
  try {
    merged = merge_puzzle_runs(runs, names);
  } catch (const InputError& e) {
    throw InputError(std::string("cannot merge: ") + e.what());
  }
  PuzzleMergeNote note{.runs = runs.size(), .output = output};
  if (output) {
    try {
      save_puzzle_run(*output, merged);
      note.output_saved = true;
    } catch (const std::system_error& e) {
      std::cerr << "sudoku-count: error: " << e.what() << "; the merged state was not saved (exit status 3)\n";
    }
  }
  PuzzleEstimate estimate = puzzle_estimate_of(merged);
  estimate.stopped_by = "merged";
  if (options.flag("json")) {
    std::cout << json_line(puzzle_estimate_json(estimate, note)) << "\n";
  } else {
    puzzle_estimate_text(std::cout, estimate);
    if (note.output_saved) std::cout << "merged puzzle run saved to '" << *output << "'\n";
  }
  return output && !note.output_saved ? 3 : 0;
}

}  // namespace

int handle_merge(const ParsedOptions& options, const ProcessGroup&) {
  MergeReport report;
  if (options.has("output")) {
    report.output = options.text("output");
    refuse_to_overwrite(*report.output, "", "output");
  }
  // The kind of run is the first file's; a file of another kind among the
  // rest is refused by name when it is read.
  if (is_puzzle_run_file(options.positional().at(0))) return merge_puzzle_runs(options, report.output);
  for (const auto& file : options.positional()) {
    report.runs.push_back(load_checkpoint(file));
    report.names.push_back("'" + file + "'");
  }
  try {
    report.merged = merge_checkpoints(report.runs, report.names);
  } catch (const InputError& e) {
    throw InputError(std::string("cannot merge: ") + e.what());
  }
  report.summary = summarize(report.merged.accumulator, options.real("confidence"));
  if (report.merged.givens.empty()) report.group_order = symmetry_group_order(report.merged.layout.shape());
  if (report.output) {
    try {
      save_checkpoint(*report.output, report.merged);
      report.output_saved = true;
    } catch (const std::system_error& e) {
      std::cerr << "sudoku-count: error: " << e.what() << "; the merged state was not saved (exit status 3)\n";
    }
  }

  if (options.flag("json")) std::cout << json_line(merge_json(report)) << "\n";
  else merge_text(std::cout, report);
  return report.output && !report.output_saved ? 3 : 0;
}

}  // namespace sudoku_count::cli
