#pragma once
// What a parsed command line asks of the library, built once for the
// command-line tool and the Python package alike.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "options.hpp"
#include "sudoku_count/checkpoint.hpp"
#include "sudoku_count/estimator.hpp"
#include "sudoku_count/exact.hpp"
#include "sudoku_count/exact_job.hpp"
#include "sudoku_count/layer_calibration.hpp"
#include "sudoku_count/run.hpp"

namespace sudoku_count::cli {

// The budgets and the target given (--time, --samples, --blocks,
// --rel-error, --forever, --min-samples), or the library's default rule
// when there are none.
StopRule stop_rule(const ParsedOptions& options);

// The estimator asked for. Resuming without --method, --particles or
// --orientation: the one that wrote the checkpoint, from its variant
// (orientation and particles included). Its tables may take seconds.
std::unique_ptr<Estimator> requested_estimator(const ParsedOptions& options, const Layout& layout,
                                               const std::optional<Checkpoint>& resumed, int threads);

// What a checkpoint of the run records (its blocks and sums filled in as it
// goes); on resuming, `run` continues the saved blocks (continue_from), else
// starts at --first-block.
Checkpoint run_checkpoint(const ParsedOptions& options, const Layout& layout, const Estimator& estimator,
                          const std::optional<Checkpoint>& resumed, const std::string& resume_path, RunOptions& run);

// Refuses a --box that differs from the shape of a resumed exact job
// (`path`); `box` is how the caller spells the option ("--box", "box").
void require_job_shape(const ParsedOptions& options, const Shape& saved, const std::string& path,
                       const std::string& box);

// The count asked for: the layout (the resumed job's, else the options'),
// the puzzle, --fix-first-row, --method and --threads.
ExactRequest exact_request(const ParsedOptions& options, const std::optional<ExactJobState>& resumed);

// The count of a finished exact job, with what it did (`classes_before`:
// the classes a resumed checkpoint had already counted).
ExactResult finished_job_result(const ExactJob& job, const ExactJobState& reached, const ExactRequest& request,
                                int threads, double seconds, std::uint64_t classes_before);

// The exact job a command asks for: the job (its route a resumed job's own,
// else --route, else the shape's default: route_to_run; a --route other
// than the resumed job's is refused), the state
// it starts from (the resumed one, once checked to be this job's: else
// InputError), the file it saves to (--checkpoint, else the --resume file,
// else none) and its limits (--max-units, --time). Refusing an existing
// checkpoint file is the caller's (it spells the option its own way).
struct ExactJobRequest {
  std::unique_ptr<const ExactJob> job;
  ExactJobState state;
  std::string checkpoint_path;
  JobLimits limits;
};
ExactJobRequest exact_job_request(const ParsedOptions& options, const ExactRequest& request,
                                  const std::optional<ExactJobState>& resumed, const std::string& resume_path);
// exact --calibrate: the projection of the layers route for the options'
// layout (the classic rules of a two-band shape; InputError otherwise).
LayerCalibration requested_calibration(const ParsedOptions& options);
// Refuses the options of the exact job (--checkpoint, --resume,
// --max-units, --time) for a count that `method` makes at once.
void refuse_job_options(const ParsedOptions& options, const ExactRequest& request, const std::string& method);

}  // namespace sudoku_count::cli
