#pragma once
// What a parsed command line asks of the library, built once for the
// command-line tool and the Python package alike.
#include <optional>
#include <string>

#include "options.hpp"
#include "sudoku_count/exact.hpp"
#include "sudoku_count/exact_job.hpp"
#include "sudoku_count/run.hpp"

namespace sudoku_count::cli {

// The budgets and the target given (--time, --samples, --blocks,
// --rel-error, --forever, --min-samples), or the library's default rule
// when there are none.
StopRule stop_rule(const ParsedOptions& options);

// Refuses a --box that differs from the shape of a resumed exact job
// (`path`); `box` is how the caller spells the option ("--box", "box").
void require_job_shape(const ParsedOptions& options, const Shape& saved, const std::string& path,
                       const std::string& box);

// The count asked for: the layout (the resumed job's, else the options'),
// the puzzle, --fix-first-row, --method and --threads.
ExactRequest exact_request(const ParsedOptions& options, const std::optional<ExactJobState>& resumed);

// Refuses the options of the exact job (--checkpoint, --resume,
// --max-units, --time) for a count that `method` makes at once.
void refuse_job_options(const ParsedOptions& options, const ExactRequest& request, const std::string& method);

}  // namespace sudoku_count::cli
