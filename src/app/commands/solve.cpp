// solve: none, one or more solutions of a puzzle, or of each puzzle of a file.
#include <iostream>

#include "commands/commands.hpp"
#include "commands/common.hpp"
#include "commands/requests.hpp"
#include "sudoku_count/records.hpp"
#include "output/text.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/session.hpp"
#include "sudoku_count/solve.hpp"

namespace sudoku_count::cli {

int handle_solve(const ParsedOptions& options, const ProcessGroup&) {
  const Layout shape = command_layout(options);
  SolveOptions solve_options;
  solve_options.explain = options.flag("explain");
  solve_options.threads = static_cast<int>(options.integer("threads"));
  const bool explain = solve_options.explain, json = options.flag("json");

  if (options.has("puzzle")) {
    const SolveResult result = solve(parse_puzzle(options.text("puzzle"), shape), solve_options);
    if (json) std::cout << json_line(solve_json(result, shape, explain)) << "\n";
    else solve_text(std::cout, result, shape, explain);
    return 0;
  }

  // Every line is read and checked before anything is solved.
  const std::string path = options.text("puzzle-file");
  const std::vector<ListedPuzzle> listed = read_puzzle_list(path, shape);
  std::vector<Grid> puzzles;
  for (const ListedPuzzle& entry : listed) puzzles.push_back(entry.grid);
  BatchResult batch;
  if (options.has("solutions-file")) {
    std::vector<Grid> solutions;
    for (const ListedPuzzle& entry : read_puzzle_list(options.text("solutions-file"), shape))
      solutions.push_back(entry.grid);
    batch = solve_all_given(puzzles, solutions, solve_options);
  } else {
    batch = solve_all(puzzles, solve_options);
  }

  if (json) {
    for (std::size_t i = 0; i < batch.results.size(); ++i)
      std::cout << json_line(solve_json(batch.results[i], shape, explain, listed[i].line)) << "\n";
  } else {
    batch_text(std::cout, batch, listed, shape, explain);
  }
  return 0;
}

}  // namespace sudoku_count::cli
