// The estimate session (estimate_session.hpp): the run flow of every front
// end, from the request to the final report.
#include "sudoku_count/estimate_session.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>

#include "exact/search_size.hpp"
#include "session/request_field.hpp"
#include "session/save_writer.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/grid.hpp"
#include "sudoku_count/symmetry.hpp"
#include "sudoku_count/version.hpp"

namespace sudoku_count {
namespace {

using detail::number;
using detail::require_seconds;
using detail::require_threads;

constexpr std::uint64_t kMaxCount = 1e18;  // samples, blocks, a first block

void require_count(const std::string& field, const std::optional<std::uint64_t>& value, std::uint64_t least) {
  if (value && (*value < least || *value > kMaxCount))
    throw RequestError(field, "{" + field + "} must be between " + std::to_string(least) + " and 10^18, not " +
                                  std::to_string(*value));
}

// The saved run of `path`, checked to be resumable as a single run.
Checkpoint read_resumed_run(const std::string& path, const Processes& processes) {
  const Checkpoint resumed = detail::read_field("resume", [&] {
    return parse_checkpoint(processes.share([&] { return format_checkpoint(load_checkpoint(path)); }), path);
  });
  if (resumed.ranges.size() != 1)
    throw RequestError("resume", "checkpoint '" + path + "' holds " + std::to_string(resumed.ranges.size()) +
                                     " merged runs and cannot be resumed; merge it with further runs instead");
  return resumed;
}

// The estimator asked for: resuming without method, particles or
// orientation, the one that wrote the checkpoint (from its variant,
// orientation and particles included). Its tables may take seconds.
std::unique_ptr<Estimator> requested_estimator(const EstimateRequest& request, const Layout& layout,
                                               const std::vector<int>& givens,
                                               const std::optional<Checkpoint>& resumed, int threads) {
  if (resumed && !request.method && !request.particles && !request.orientation)
    return make_estimator_for_variant(resumed->method, layout, EstimatorOptions{.threads = threads, .givens = givens});
  return make_estimator(request.method.value_or("auto"), layout,
                        EstimatorOptions{.particles = request.particles.value_or(0),
                                         .orientation = parse_orientation(request.orientation.value_or("auto")),
                                         .threads = threads,
                                         .givens = givens});
}

// The givens of the puzzle asked for (empty: none, or none given), read on
// the leader; resuming, the saved run's, which a puzzle given must equal.
std::vector<int> requested_givens(const EstimateRequest& request, const Layout& layout,
                                  const std::optional<Checkpoint>& resumed, const std::string& resume_path,
                                  const Processes& processes) {
  std::vector<int> givens;
  const char* field = request.puzzle ? "puzzle" : "puzzle_file";
  if (request.puzzle || request.puzzle_file) {
    const std::string text = processes.share([&] {
      return request.puzzle ? *request.puzzle : read_input_file(*request.puzzle_file, "puzzle_file", "puzzle file");
    });
    givens = detail::read_field(field, [&] { return parse_puzzle(text, layout).cells; });
    if (std::all_of(givens.begin(), givens.end(), [](int v) { return v == 0; })) givens.clear();
  }
  if (!resumed) return givens;
  if ((request.puzzle || request.puzzle_file) && givens != resumed->givens)
    throw RequestError(field, "the puzzle given does not match checkpoint '" + resume_path + "' (" +
                                  (resumed->givens.empty() ? std::string("a run of the empty grid")
                                                           : "puzzle " + format_line(Grid{layout, resumed->givens})) +
                                  "); drop {" + field + "} to resume it");
  return resumed->givens;
}

// Sets run.start to continue `resumed` (read from `path`), after checking
// that it is a run of the kind `state` describes and can be extended under
// run.stop.
void continue_from(const Checkpoint& resumed, const std::string& path, const Checkpoint& state, RunOptions& run) {
  try {
    require_compatible(resumed, "checkpoint '" + path + "'", state, "this run");
  } catch (const InputError& e) {
    throw RequestError("resume", std::string("cannot resume: ") + e.what());
  }
  const bool already_done = run.stop.samples > 0 && resumed.accumulator.count() >= run.stop.samples;
  if (!resumed.resumable() && !already_done)
    throw RequestError("resume", "checkpoint '" + path + "' stopped inside block " +
                                     std::to_string(resumed.ranges[0].end - 1) + " at exactly " +
                                     std::to_string(resumed.accumulator.count()) +
                                     " samples (a {samples} budget) and cannot be extended; start a further run with "
                                     "another {seed} and merge the two");
  run.start = {resumed.ranges[0].first, resumed.ranges[0].blocks(), resumed.accumulator, resumed.seconds};
}

// For a puzzle dancing links counts quickly (a quick random-path estimate
// of its completions and search tree: at most 1e8 completions, about a
// minute at the million a second of 9x9), the note says that `exact` counts
// it; "" otherwise.
std::string exact_reach_note(const Layout& layout, const std::vector<int>& givens) {
  if (givens.empty()) return "";
  constexpr double kQuickCompletions = 1e8, kQuickNodes = 1e9;
  const detail::SearchEstimate search = detail::estimate_search(Grid{layout, givens}, 200, kQuickNodes);
  if (search.completions > kQuickCompletions || search.nodes > kQuickNodes) return "";
  char rough[32];
  std::snprintf(rough, sizeof rough, "%.0e", std::max(1.0, search.completions));
  return std::string("dancing links counts this puzzle's completions exactly (roughly ") + rough +
         " by a quick random-path estimate: a minute or less) with sudoku-count exact --puzzle";
}

}  // namespace

void check_request(const EstimateRequest& request) {
  if (request.rel_error && !(*request.rel_error > 0 && *request.rel_error <= 1))
    throw RequestError("rel_error", "{rel_error} must be more than 0 and at most 1, not " + number(*request.rel_error));
  if (request.time) require_seconds("time", *request.time, false);
  require_count("samples", request.samples, 1);
  require_count("blocks", request.blocks, 1);
  require_count("min_samples", request.min_samples, 2);
  require_count("first_block", request.first_block, 0);
  if (request.forever && (request.rel_error || request.time || request.samples || request.blocks))
    throw RequestError("forever", "{forever} runs until interrupted: drop {rel_error}, {time}, {samples} and "
                                  "{blocks}, or {forever}");
  require_threads(request.threads);
  if (!(request.confidence > 0 && request.confidence < 1))
    throw RequestError("confidence", "{confidence} must be more than 0 and less than 1, not " +
                                         number(request.confidence));
  if (request.particles && (*request.particles < 0 || *request.particles > EstimatorOptions::kMaxParticles))
    throw RequestError("particles", "{particles} must be between 0 (the method's default) and " +
                                        std::to_string(EstimatorOptions::kMaxParticles) + ", not " +
                                        std::to_string(*request.particles));
  if (request.method) detail::read_field("method", [&] { return estimator_method(*request.method); });
  if (request.orientation) detail::read_field("orientation", [&] { return parse_orientation(*request.orientation); });
  if (request.checkpoint && request.checkpoint->empty())
    throw RequestError("checkpoint", "{checkpoint} needs a file name");
  if (request.checkpoint_every) {
    require_seconds("checkpoint_every", *request.checkpoint_every, false);
    if (!request.checkpoint && !request.resume)
      throw RequestError("checkpoint_every", "{checkpoint_every} needs a checkpoint: add {checkpoint} (or {resume})");
  }
  require_seconds("report_every", request.report_every, true);
  if (request.puzzle && request.puzzle_file)
    throw RequestError("puzzle", "give either {puzzle} or {puzzle_file}, not both");
  if (request.resume && request.first_block)
    throw RequestError("first_block", "{first_block} is fixed by the checkpoint being resumed; drop it");
  if (!request.resume && !request.layout.given())
    throw RequestError("box", "no layout given: give {box} (or {regions}), or {resume} a saved run");
}

StopRule requested_stop_rule(const EstimateRequest& request) {
  const bool any = request.rel_error || request.time || request.samples || request.blocks;
  StopRule stop = any || request.forever ? StopRule{} : default_stop_rule();
  stop.forever = request.forever;
  if (request.min_samples) stop.min_samples = *request.min_samples;
  if (request.rel_error) stop.rel_error = *request.rel_error;
  if (request.time) stop.seconds = *request.time;
  if (request.samples) stop.samples = *request.samples;
  if (request.blocks) stop.blocks = *request.blocks;
  return stop;
}

EstimateOutcome run_estimate_session(const EstimateRequest& request, const EstimateHooks& hooks,
                                     const Processes& processes) {
  check_request(request);
  const std::string resume_path = request.resume.value_or("");
  const std::string checkpoint_path = request.checkpoint.value_or(resume_path);
  // Locked before the resumed file is read, held to the end.
  std::optional<CheckpointLock> lock;
  processes.share([&] {
    lock = detail::lock_saved_file(checkpoint_path);
    return std::string();
  });
  const std::optional<Checkpoint> resumed =
      request.resume ? std::optional<Checkpoint>(read_resumed_run(resume_path, processes)) : std::nullopt;
  const Layout layout = resumed ? resumed->layout : requested_layout(request.layout);
  if (resumed) require_same_layout(request.layout, layout, resume_path);
  RunOptions run;
  run.seed = resumed ? resumed->ranges[0].seed : request.seed.value_or(RunOptions{}.seed);
  if (resumed && request.seed && *request.seed != run.seed)
    throw RequestError("seed", "{seed} " + std::to_string(*request.seed) + " does not match checkpoint '" +
                                   resume_path + "' (seed " + std::to_string(run.seed) +
                                   "); drop {seed} to resume it, or start a new run with its own checkpoint and "
                                   "merge the two");
  run.threads = request.threads;
  run.confidence = request.confidence;
  run.stop = requested_stop_rule(request);
  run.checkpoint_every = request.checkpoint_every.value_or(kDefaultCheckpointEvery);
  run.report_every = request.report_every;
  if (request.checkpoint || request.resume)
    processes.share([&] {
      refuse_to_overwrite(checkpoint_path, resume_path, request.checkpoint ? "checkpoint" : "resume");
      return std::string();
    });

  const auto build_start = std::chrono::steady_clock::now();
  const std::vector<int> givens = requested_givens(request, layout, resumed, resume_path, processes);
  const auto estimator = requested_estimator(request, layout, givens, resumed, run.threads);
  EstimateOutcome outcome;
  const std::string exact_note = exact_reach_note(layout, givens);
  outcome.run = EstimateRun{layout,
                            givens,
                            run.seed,
                            estimator->name(),
                            estimator->note() + (exact_note.empty() ? "" : "; " + exact_note),
                            std::chrono::duration<double>(std::chrono::steady_clock::now() - build_start).count(),
                            layout.classic() && givens.empty() ? symmetry_group_order(layout.shape()) : BigInt(0),
                            checkpoint_path};

  // What a checkpoint of this run records (its blocks and sums filled in as it goes).
  Checkpoint state;
  state.tool_version = kVersion;
  state.layout = layout;
  state.givens = givens;
  state.method = estimator->variant();
  state.method_version = estimator->method_version();
  state.samples_per_block = estimator->samples_per_block();
  if (resumed) continue_from(*resumed, resume_path, state, run);
  else run.start.first_block = request.first_block.value_or(0);

  const auto runner = processes.block_runner(*estimator, run.threads);
  if (!processes.leader()) {
    processes.serve(*runner);  // the leader decides when to stop
    outcome.leader = false;
    return outcome;
  }
  if (hooks.started) hooks.started(outcome.run, resumed);
  detail::SaveWriter writer(checkpoint_path, run.checkpoint_every, hooks.save_notice, hooks.save_mutex);
  RunHooks run_hooks;
  if (!checkpoint_path.empty())
    run_hooks.checkpoint = [&](const Progress& p) {
      state.ranges = {{run.seed, p.first_block, p.first_block + p.blocks}};
      state.accumulator = p.accumulator;
      state.seconds = p.seconds;
      writer([&] { save_checkpoint(checkpoint_path, state); }, p.final);
    };
  if (hooks.report) run_hooks.report = [&](const Progress& p) { hooks.report(p, !writer.failed()); };
  run_hooks.interrupt = hooks.interrupt;
  run_hooks.runner = runner.get();
  outcome.progress = run_estimate(*estimator, run, run_hooks);
  outcome.saved = !writer.failed();
  return outcome;
}

}  // namespace sudoku_count
