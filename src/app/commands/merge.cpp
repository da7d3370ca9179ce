// merge: one estimate from the checkpoints of independent runs.
#include <iostream>
#include <system_error>

#include "commands/commands.hpp"
#include "sudoku_count/records.hpp"
#include "output/text.hpp"
#include "sudoku_count/checkpoint.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/session.hpp"
#include "sudoku_count/shape.hpp"

namespace sudoku_count::cli {

int handle_merge(const ParsedOptions& options, const ProcessGroup&) {
  MergeReport report;
  if (options.has("output")) {
    report.output = options.text("output");
    refuse_to_overwrite(*report.output, "", "output");
  }
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
