#include "commands/requests.hpp"

#include "commands/checkpoints.hpp"
#include "commands/common.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/grid.hpp"
#include "sudoku_count/version.hpp"

namespace sudoku_count::cli {

StopRule stop_rule(const ParsedOptions& options) {
  const bool forever = options.flag("forever");
  const bool any = options.has("rel-error") || options.has("time") || options.has("samples") || options.has("blocks");
  StopRule stop = any || forever ? StopRule{} : default_stop_rule();
  stop.forever = forever;
  stop.min_samples = options.integer("min-samples");
  if (options.has("rel-error")) stop.rel_error = options.real("rel-error");
  if (options.has("time")) stop.seconds = options.real("time");
  if (options.has("samples")) stop.samples = options.integer("samples");
  if (options.has("blocks")) stop.blocks = options.integer("blocks");
  return stop;
}

std::unique_ptr<Estimator> requested_estimator(const ParsedOptions& options, const Layout& layout,
                                               const std::optional<Checkpoint>& resumed, int threads) {
  if (resumed && !options.given("method") && !options.given("particles") && !options.given("orientation"))
    return make_estimator_for_variant(resumed->method, layout, EstimatorOptions{.threads = threads});
  return make_estimator(options.text("method"), layout,
                        EstimatorOptions{.particles = static_cast<int>(options.integer("particles")),
                                         .orientation = parse_orientation(options.text("orientation")),
                                         .threads = threads});
}

Checkpoint run_checkpoint(const ParsedOptions& options, const Layout& layout, const Estimator& estimator,
                          const std::optional<Checkpoint>& resumed, const std::string& resume_path, RunOptions& run) {
  Checkpoint state;
  state.tool_version = kVersion;
  state.layout = layout;
  state.method = estimator.variant();
  state.method_version = estimator.method_version();
  state.samples_per_block = estimator.samples_per_block();
  if (resumed) continue_from(*resumed, resume_path, state, run);
  else run.start.first_block = options.integer("first-block");
  return state;
}

void require_job_shape(const ParsedOptions& options, const Shape& saved, const std::string& path,
                       const std::string& box) {
  if (options.given("box") && box_shape(options) != saved)
    throw InputError(box + " " + options.text("box") + " does not match job checkpoint '" + path + "' (box " +
                     saved.name() + "); leave out " + box + " to resume it");
  require_same_layout(options, Layout(saved), path);
}

ExactRequest exact_request(const ParsedOptions& options, const std::optional<ExactJobState>& resumed) {
  ExactRequest request;
  request.layout = resumed ? Layout(resumed->shape) : command_layout(options);
  if (options.has("puzzle")) request.puzzle = parse_puzzle(options.text("puzzle"), request.layout);
  if (options.has("puzzle-file"))
    request.puzzle = parse_puzzle(read_puzzle_file(options.text("puzzle-file")), request.layout);
  request.fix_first_row = options.flag("fix-first-row");
  request.method = options.text("method");
  request.threads = static_cast<int>(options.integer("threads"));
  return request;
}

ExactResult finished_job_result(const ExactJob& job, const ExactJobState& reached, const ExactRequest& request,
                                int threads, double seconds, std::uint64_t classes_before) {
  ExactResult result;
  result.count = reached.sum;
  result.method = "bands";
  result.threads = threads;
  result.seconds = seconds;
  result.detail = exact_job_detail(job, reached) + ", in " + std::to_string(reached.chunks) + " chunks" +
                  (classes_before > 0 ? " (" + std::to_string(classes_before) + " classes from the checkpoint)" : "");
  if (!(job.counted_shape() == request.layout.shape()))
    result.note = "counted on the transposed " + job.counted_shape().name() + " shape, which has the same number of grids";
  return result;
}

ExactJobRequest exact_job_request(const ParsedOptions& options, const ExactRequest& request,
                                  const std::optional<ExactJobState>& resumed, const std::string& resume_path) {
  ExactJobRequest job_request;
  const Shape& shape = request.layout.shape();
  const std::string asked = options.has("route") ? options.text("route") : "";
  const std::string route = route_to_run(shape, resumed ? &*resumed : nullptr, asked);
  if (!asked.empty() && asked != route)
    throw InputError("--route " + asked + ": the job saved in '" + resume_path + "' runs by route " + route +
                     " and finishes by it (its units are counted that way): drop --route");
  job_request.job = std::make_unique<const ExactJob>(shape, route);
  job_request.state = start_state(*job_request.job);
  if (resumed) {
    require_same_job(*resumed, resume_path, *job_request.job);
    job_request.state = *resumed;
  }
  job_request.checkpoint_path = options.has("checkpoint") ? options.text("checkpoint") : resume_path;
  if (options.has("max-units")) job_request.limits.max_units = options.integer("max-units");
  if (options.has("time")) job_request.limits.seconds = options.real("time");
  return job_request;
}

LayerCalibration requested_calibration(const ParsedOptions& options) {
  const Layout layout = command_layout(options);
  if (!layout.classic())
    throw InputError("--calibrate projects the two-band count of the classic rules; layout " + layout.name() +
                     " is not counted by bands: drop --variant / --regions");
  return calibrate_layers(layout.shape(), 1000, static_cast<int>(options.integer("threads")));
}

void refuse_job_options(const ParsedOptions& options, const ExactRequest& request, const std::string& method) {
  for (const char* option : {"checkpoint", "resume", "max-units", "time", "route"})
    if (options.has(option))
      throw InputError(std::string("--") + option + " applies to the exact job of two-band shapes (boxes R x 2 or "
                       "2 x R, R <= 6); layout " + request.layout.name() + " by method " + method +
                       " is counted at once: drop it");
}

}  // namespace sudoku_count::cli
