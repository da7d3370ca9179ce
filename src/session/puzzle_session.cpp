// The puzzle-count session (puzzle_session.hpp): the run flow of every
// front end, from the request to the estimate.
#include <chrono>
#include <memory>
#include <optional>

#include "core/threads.hpp"
#include "puzzles/puzzle_run.hpp"
#include "session/request_field.hpp"
#include "session/save_writer.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/exact.hpp"
#include "sudoku_count/puzzle_session.hpp"
#include "sudoku_count/version.hpp"

namespace sudoku_count {
namespace {

constexpr std::uint64_t kMaxGrids = 1e18;

void check_puzzle_request(const PuzzleEstimateRequest& request) {
  if (!request.grids && !request.time)
    throw RequestError("grids", "give a stop: {grids} (a number of grids) or {time} (seconds)");
  if (request.grids && (*request.grids < 1 || *request.grids > kMaxGrids))
    throw RequestError("grids", "{grids} must be between 1 and 10^18, not " + std::to_string(*request.grids));
  if (request.time) detail::require_seconds("time", *request.time, false);
  detail::require_threads(request.threads);
  if (request.checkpoint && request.checkpoint->empty())
    throw RequestError("checkpoint", "{checkpoint} needs a file name");
  if (request.checkpoint_every) {
    detail::require_seconds("checkpoint_every", *request.checkpoint_every, false);
    if (!request.checkpoint && !request.resume)
      throw RequestError("checkpoint_every", "{checkpoint_every} needs a checkpoint: add {checkpoint} (or {resume})");
  }
  if (!request.resume && !request.layout)
    throw RequestError("box", "no layout given: give {box} (or {regions}), or {resume} a saved run");
}

// The saved run of `path`, checked to be one run that this request may continue.
PuzzleRunState read_resumed_run(const PuzzleEstimateRequest& request, const std::string& path) {
  const PuzzleRunState resumed = detail::read_field("resume", [&] { return load_puzzle_run(path); });
  if (resumed.ranges.size() != 1)
    throw RequestError("resume", "puzzle run '" + path + "' holds " + std::to_string(resumed.ranges.size()) +
                                     " merged runs and cannot be resumed; merge it with further runs instead");
  auto differs = [&](const std::string& field, const std::string& given, const std::string& saved) {
    throw RequestError(field, "{" + field + "} " + given + " does not match puzzle run '" + path + "' (" + saved +
                                  "); drop {" + field + "} to resume it, or start a new run with its own "
                                  "checkpoint and another {seed} and merge the two");
  };
  if (request.layout && !(*request.layout == resumed.layout))
    differs("box", request.layout->name(), "layout " + resumed.layout.name());
  if (request.kind && *request.kind != resumed.kind)
    differs("kind", puzzle_kind_name(*request.kind), puzzle_kind_name(resumed.kind));
  // The plan the request asks for, on the saved layout, compared field by field.
  PuzzleEstimateRequest asked = request;
  asked.kind = resumed.kind;
  if (!asked.weighted_grids) asked.weighted_grids = resumed.weighted_grids;
  const PuzzleRunState plan = detail::plan_puzzle_run(asked, resumed.layout);
  if (request.method && *request.method != "auto" && plan.method != resumed.method)
    differs("method", plan.method, "method " + resumed.method);
  if (request.subset_size && plan.subset_size != resumed.subset_size)
    differs("subset_size", std::to_string(plan.subset_size), "subset size " + std::to_string(resumed.subset_size));
  if (request.subsets_per_grid && plan.subsets_per_grid != resumed.subsets_per_grid)
    differs("subsets_per_grid", std::to_string(plan.subsets_per_grid),
            std::to_string(resumed.subsets_per_grid) + " subsets per grid");
  if (request.clues && (plan.min_clues != resumed.min_clues || plan.max_clues != resumed.max_clues))
    differs("clues", *request.clues,
            "clues " + std::to_string(resumed.min_clues) + "-" + std::to_string(resumed.max_clues));
  if (request.seed && *request.seed != resumed.ranges[0].seed)
    differs("seed", std::to_string(*request.seed), "seed " + std::to_string(resumed.ranges[0].seed));
  if (resumed.weighted_grids != plan.weighted_grids)
    throw RequestError("resume", "puzzle run '" + path + "' drew its grids " +
                                     (resumed.weighted_grids ? "with importance weights" : "exactly uniformly") +
                                     ", and this sudoku-count draws the grids of layout " + resumed.layout.name() +
                                     (plan.weighted_grids ? " with importance weights" : " exactly uniformly") +
                                     ": its grids cannot be continued; start a new run");
  if (resumed.method_version != plan.method_version)
    throw RequestError("resume", "puzzle run '" + path + "' was drawn by version " +
                                     std::to_string(resumed.method_version) + " of method " + resumed.method +
                                     ", and this sudoku-count has version " + std::to_string(plan.method_version) +
                                     ": its grids cannot be continued; finish it with the build that wrote it (" +
                                     resumed.tool_version + "), or start a new run");
  return resumed;
}

}  // namespace

PuzzleEstimate estimate_puzzle_counts(const PuzzleEstimateRequest& request, const PuzzleHooks& hooks,
                                      const Processes& processes) {
  const auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  check_puzzle_request(request);
  const std::string resume_path = request.resume.value_or("");
  const std::string checkpoint_path = request.checkpoint.value_or(resume_path);
  // The leader takes the lock (before the resumed file is read, held to the
  // end), reads the run it resumes or plans a new one, and hands the state
  // to the other processes.
  std::optional<CheckpointLock> lock;
  PuzzleRunState state;
  const std::string shared = processes.share([&] {
    lock = detail::lock_saved_file(checkpoint_path);
    state = request.resume ? read_resumed_run(request, resume_path) : detail::plan_puzzle_run(request, *request.layout);
    state.tool_version = kVersion;
    if (request.checkpoint || request.resume)
      refuse_to_overwrite(checkpoint_path, resume_path, request.checkpoint ? "checkpoint" : "resume");
    return format_puzzle_run(state);
  });
  if (!processes.leader()) state = parse_puzzle_run(shared, "the leader's run");

  const int threads = detail::thread_count(request.threads);
  const std::unique_ptr<RecordJob> job = detail::make_puzzle_grid_job(state, threads);
  const std::unique_ptr<RecordRunner> runner = processes.record_runner(*job, threads);
  if (!processes.leader()) {
    processes.serve(*runner);  // the leader decides when to stop
    return PuzzleEstimate{};
  }
  BigInt grid_count = 0;  // weighted grids: unknown, estimated by their weights
  if (!state.weighted_grids) {
    ExactRequest count;
    count.layout = state.layout;
    count.threads = threads;
    grid_count = count_exact(count).count;
  }
  const double setup_seconds = elapsed();
  auto estimate = [&](const PuzzleRunState& so_far) {
    PuzzleEstimate out = puzzle_estimate_of(so_far, grid_count);
    out.threads = threads;
    out.processes = runner->processes();
    out.setup_seconds = setup_seconds;
    out.seconds = elapsed();
    out.checkpoint = checkpoint_path;
    return out;
  };

  detail::SaveWriter writer(checkpoint_path, request.checkpoint_every.value_or(kDefaultCheckpointEvery),
                            hooks.save_notice, hooks.save_mutex);
  double last_save = elapsed();
  auto save = [&](const PuzzleRunState& so_far, bool final) {
    if (checkpoint_path.empty()) return;
    writer([&] { save_puzzle_run(checkpoint_path, so_far); }, final);
    last_save = elapsed();
  };
  save(state, false);

  detail::PuzzleDraw draw;
  draw.grids = request.grids.value_or(0);
  draw.seconds = request.time.value_or(0);
  draw.interrupt = hooks.interrupt;
  draw.elapsed_before = setup_seconds;
  if (hooks.progress) draw.progress = [&](const PuzzleRunState& so_far) { hooks.progress(estimate(so_far)); };
  const double every = request.checkpoint_every.value_or(kDefaultCheckpointEvery);
  draw.round_done = [&](const PuzzleRunState& so_far) {
    if (elapsed() - last_save >= every) save(so_far, false);
  };
  const std::string stopped_by = detail::draw_puzzle_grids(state, *runner, draw);
  save(state, true);
  PuzzleEstimate result = estimate(state);
  result.stopped_by = stopped_by;
  result.saved = !writer.failed();
  return result;
}

}  // namespace sudoku_count
