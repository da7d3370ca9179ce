// The exact session (exact_session.hpp): the count of every front end, at
// once or as a job of units, from the request to the result.
#include "sudoku_count/exact_session.hpp"

#include <chrono>

#include "session/request_field.hpp"
#include "session/save_writer.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/grid.hpp"

namespace sudoku_count {
namespace {

using detail::read_field;

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Refuses a box that differs from the shape of a resumed job (`path`).
void require_job_shape(const LayoutRequest& request, const ExactJobState& saved_job, const std::string& path) {
  const Shape& saved = saved_job.shape;
  if (request.box && read_field("box", [&] { return Shape::parse(*request.box); }) != saved)
    throw RequestError("box", "{box} " + *request.box + " does not match job checkpoint '" + path + "' (box " +
                                  saved.name() + "); leave out {box} to resume it");
  require_same_layout(request, job_layout(saved_job), path);
}

void check_request(const ExactCountRequest& request) {
  if (request.puzzle && request.puzzle_file)
    throw RequestError("puzzle", "give either {puzzle} or {puzzle_file}, not both");
  detail::require_threads(request.threads);
  if (request.checkpoint_every) {
    detail::require_seconds("checkpoint_every", *request.checkpoint_every, false);
    if (!request.checkpoint && !request.resume)
      throw RequestError("checkpoint_every", "{checkpoint_every} needs a checkpoint: add {checkpoint} (or {resume})");
  }
  if (request.fix_first_row && (request.puzzle || request.puzzle_file))
    throw RequestError("fix_first_row", "{fix_first_row} applies to the empty grid only; drop it or the puzzle");
  if (request.time) detail::require_seconds("time", *request.time, false);
  if (request.max_units && *request.max_units == 0)
    throw RequestError("max_units", "{max_units} must be at least 1");
  if (request.checkpoint && request.checkpoint->empty())
    throw RequestError("checkpoint", "{checkpoint} needs a file name");
  read_field("method", [&] { return exact_method(request.method); });
  if (request.route && !ExactJob::known_route(*request.route))
    throw RequestError("route", "unknown {route} " + quote_input(*request.route) + ": choose " + kLayersRoute + ", " +
                                    kHalfSplitRoute + ", " + kSlicesRoute + " or " + kDiagonalSetsRoute);
  if (!request.resume && !request.layout.given())
    throw RequestError("box", "no layout given: give {box} (or {regions}), or {resume} a saved job");
}

// The count of a finished job, with what it did.
ExactResult finished_job_result(const ExactJob& job, const ExactJobState& reached, const ExactRequest& request,
                                int threads, double seconds, std::uint64_t classes_before) {
  ExactResult result;
  result.count = reached.sum;
  result.method = variant_route(job.route()) ? job.route() : "bands";
  result.threads = threads;
  result.seconds = seconds;
  result.detail = exact_job_detail(job, reached) + ", in " + std::to_string(reached.chunks) + " chunks" +
                  (classes_before > 0 ? " (" + std::to_string(classes_before) + " classes from the checkpoint)" : "");
  if (!(job.counted_shape() == request.layout.shape()))
    result.note = "counted on the transposed " + job.counted_shape().name() + " shape, which has the same number of grids";
  return result;
}

ExactOutcome run_job(const ExactCountRequest& request, ExactPlan plan, const std::optional<ExactJobState>& resumed,
                     const ExactHooks& hooks, const Processes& processes) {
  const auto start = std::chrono::steady_clock::now();
  if (hooks.job_begins) hooks.job_begins();
  const Shape& shape = plan.count.layout.shape();
  // The variant methods (slices, sets-x) run by the route of their name.
  const bool variant = variant_route(plan.method);
  const std::string route =
      variant ? plan.method : route_to_run(shape, resumed ? &*resumed : nullptr, request.route.value_or(""));
  if (!variant && variant_route(route))
    throw RequestError("route", "{route} " + route + " counts variant layouts; box " + shape.name() +
                                    " has the classic rules: drop {route}, or ask for " + kLayersRoute + " or " +
                                    kHalfSplitRoute);
  if (request.route && *request.route != route)
    throw RequestError("route", "{route} " + *request.route + (request.resume ? ": the job saved in '" + *request.resume +
                                    "' runs by route " + route + " and finishes by it (its units are counted that way)"
                                    : ": layout " + plan.count.layout.name() + " is counted by route " + route) +
                                    ": drop {route}");
  const std::unique_ptr<const ExactJob> made = read_field("box", [&] {
    return variant ? std::make_unique<const ExactJob>(plan.count.layout, route)
                   : std::make_unique<const ExactJob>(shape, route);
  });
  const ExactJob& job = *made;
  ExactJobState state = start_state(job);
  if (resumed) {
    read_field("resume", [&] {
      require_same_job(*resumed, *request.resume, job);
      return 0;
    });
    state = *resumed;
  }
  JobLimits limits;
  if (request.max_units) limits.max_units = *request.max_units;
  if (request.time) limits.seconds = *request.time;
  if (request.checkpoint || request.resume)
    processes.share([&] {
      refuse_to_overwrite(plan.checkpoint, request.resume.value_or(""), request.checkpoint ? "checkpoint" : "resume");
      return std::string();
    });
  auto stop = [&] {
    return (hooks.interrupt != nullptr && hooks.interrupt->load()) ||
           (limits.seconds > 0 && seconds_since(start) >= limits.seconds);
  };
  const auto runner = processes.unit_runner(job, request.threads, stop);
  ExactOutcome outcome;
  outcome.plan = plan;
  if (!processes.leader()) {
    processes.serve(*runner);
    outcome.leader = false;
    return outcome;
  }
  if (hooks.started) hooks.started(plan, &state);
  outcome.classes_before = state.classes;
  const double checkpoint_every = request.checkpoint_every.value_or(kDefaultCheckpointEvery);
  detail::SaveWriter writer(plan.checkpoint, checkpoint_every, hooks.save_notice, hooks.save_mutex);
  JobHooks job_hooks;
  job_hooks.runner = runner.get();
  job_hooks.interrupt = hooks.interrupt;
  job_hooks.checkpoint_every = checkpoint_every;
  job_hooks.progress = hooks.job_progress;
  if (!plan.checkpoint.empty())
    job_hooks.checkpoint = [&](const ExactJobState& s, bool final) {
      writer([&] { save_exact_job(plan.checkpoint, s); }, final);
    };
  outcome.job_state = run_exact_job(job, state, limits, job_hooks);
  outcome.saved = !writer.failed();
  outcome.finished = outcome.job_state.finished();
  if (outcome.finished)
    outcome.result = finished_job_result(job, outcome.job_state, plan.count, runner->width(), seconds_since(start),
                                         outcome.classes_before);
  return outcome;
}

// The plan of a request already checked (check_request).
ExactPlan plan_checked(const ExactCountRequest& request, const std::optional<ExactJobState>& resumed) {
  ExactPlan plan;
  ExactRequest& count = plan.count;
  if (resumed) require_job_shape(request.layout, *resumed, *request.resume);
  count.layout = resumed ? job_layout(*resumed) : requested_layout(request.layout);
  if (request.puzzle)
    count.puzzle = read_field("puzzle", [&] { return parse_puzzle(*request.puzzle, count.layout); });
  if (request.puzzle_file) {
    const std::string text = read_input_file(*request.puzzle_file, "puzzle_file", "puzzle file");
    count.puzzle = read_field("puzzle_file", [&] { return parse_puzzle(text, count.layout); });
  }
  count.fix_first_row = request.fix_first_row;
  // A resumed job by slices or sets-x finishes by its route (auto would take dancing links up to 6x6).
  count.method = resumed && variant_route(resumed->route) && request.method == "auto" ? resumed->route : request.method;
  count.threads = request.threads;
  plan.method = read_field("method", [&] { return choose_exact_method(count); });
  plan.job = (plan.method == "bands" && ExactJob::handles(count.layout.shape())) || variant_route(plan.method);
  if (plan.job) {
    plan.checkpoint = request.checkpoint.value_or(request.resume.value_or(""));
    return plan;
  }
  const std::pair<const char*, bool> job_fields[] = {
      {"checkpoint", request.checkpoint.has_value()}, {"resume", request.resume.has_value()},
      {"max_units", request.max_units.has_value()}, {"time", request.time.has_value()},
      {"route", request.route.has_value()}};
  for (const auto& [field, given] : job_fields)
    if (given)
      throw RequestError(field, std::string("{") + field + "} applies to the exact jobs (two-band shapes, boxes R x 2 "
                                "or 2 x R with R <= 6, by method bands; variant layouts by methods slices and sets-x); layout " +
                                count.layout.name() + " by method " + plan.method +
                                " is counted at once: drop it");
  return plan;
}

}  // namespace

ExactPlan plan_exact_count(const ExactCountRequest& request, const std::optional<ExactJobState>& resumed) {
  check_request(request);
  return plan_checked(request, resumed);
}

ExactOutcome run_exact_session(const ExactCountRequest& request, const ExactHooks& hooks,
                               const Processes& processes) {
  check_request(request);
  // Locked before the resumed file is read, held until the job ends.
  std::optional<CheckpointLock> lock;
  processes.share([&] {
    lock = detail::lock_saved_file(request.checkpoint.value_or(request.resume.value_or("")));
    return std::string();
  });
  std::optional<ExactJobState> resumed;
  if (request.resume)
    resumed = read_field("resume", [&] {
      return parse_exact_job(processes.share([&] { return format_exact_job(load_exact_job(*request.resume)); }),
                             *request.resume);
    });
  ExactPlan plan = plan_checked(request, resumed);
  if (plan.job) return run_job(request, std::move(plan), resumed, hooks, processes);
  ExactOutcome outcome;
  outcome.plan = plan;
  if (!processes.leader()) {
    outcome.leader = false;
    return outcome;
  }
  if (hooks.started) hooks.started(plan, nullptr);
  outcome.result = count_exact(plan.count, hooks.progress);
  return outcome;
}

LayerCalibration calibrate_layers(const LayoutRequest& request, int threads) {
  const Layout layout = requested_layout(request);
  if (!layout.classic())
    throw RequestError("calibrate", "{calibrate} projects the two-band count of the classic rules; layout " +
                                        layout.name() + " is not counted by bands: drop {variant} / {regions}");
  return read_field("box", [&] { return calibrate_layers(layout.shape(), 1000, threads); });
}

}  // namespace sudoku_count
