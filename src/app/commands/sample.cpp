// sample: random completed grids, one a line.
#include <iostream>

#include "commands/commands.hpp"
#include "commands/common.hpp"
#include "commands/requests.hpp"
#include "sudoku_count/records.hpp"
#include "output/text.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/sample.hpp"

namespace sudoku_count::cli {
namespace {

// The grids are held in memory until printed: 10^8 cells is about 400 MB.
constexpr std::uint64_t kMaxSampledCells = 100'000'000;

}  // namespace

int handle_sample(const ParsedOptions& options, const ProcessGroup&) {
  const Layout shape = command_layout(options);
  SampleOptions sample;
  sample.count = options.integer("count");
  sample.seed = options.integer("seed");
  sample.threads = static_cast<int>(options.integer("threads"));
  if (options.has("clues")) sample.clues = static_cast<int>(options.integer("clues"));
  const auto cells = static_cast<std::uint64_t>(shape.cells());
  if (sample.count > kMaxSampledCells / cells)
    throw InputError("--count " + std::to_string(sample.count) + " grids of layout " + shape.name() + " would hold " +
                     "more than 10^8 cells in memory: at most " + std::to_string(kMaxSampledCells / cells) +
                     " per run (runs with different seeds can be concatenated)");
  const SampleResult result = sample_grids(shape, sample);
  if (options.flag("json"))
    for (const Json& line : sample_json_lines(result)) std::cout << json_line(line) << "\n";
  else sample_text(std::cout, result);
  return 0;
}

}  // namespace sudoku_count::cli
