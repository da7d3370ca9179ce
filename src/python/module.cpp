// sudoku_count._core: the Python binding, a thin room over the library.
//
// Each function takes keyword arguments named like the command line's
// options, hands them to the command table's parser (so checks, ranges,
// conflicts and defaults are the tool's own, and a bad value raises
// ValueError with its message), calls the library as the command's handler
// does, and returns the command's JSON record (output/json.cpp) as a result
// object with every field an attribute (sudoku_count/_results.py).
//
// Long calls run on a thread of their own without the GIL while the calling
// thread waits, wakes every kPoll to deliver progress to the Python callback
// and to run Python's signal handlers (PyErr_CheckSignals: only the main
// thread may). A KeyboardInterrupt, or an exception raised by the callback,
// stops an estimate the way a signal stops the command (the checkpoint is
// saved first); it is then raised with the partial result as its `result`
// attribute.
//
// The wiring of estimate and of the exact job follows the command handlers
// (src/app/commands/estimate.cpp, exact.cpp), whose printing it leaves out;
// the tests compare to_dict() with the command's --json records, so the two
// cannot drift apart unnoticed.
#include <pybind11/functional.h>
#include <pybind11/pybind11.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>

#include "commands/checkpoints.hpp"
#include "commands/common.hpp"
#include "commands/requests.hpp"
#include "convert.hpp"
#include "distributed.hpp"
#include "options.hpp"
#include "output/json.hpp"
#include "sudoku_count/sudoku_count.hpp"
#include "sudoku_count/version.hpp"

namespace sudoku_count::python {
namespace {

using cli::ParsedOptions;
using namespace std::chrono_literals;

constexpr auto kPoll = 50ms;  // how soon Ctrl-C is seen during a long call

// The process group of the plain build: this process alone (the module is
// not built with MPI), made when the module is loaded.
int no_argc = 0;
char** no_argv = nullptr;
const cli::ProcessGroup kThisProcess(no_argc, no_argv);

// The command line `command` with `arguments`, parsed and checked by the
// command table exactly as the tool does (InputError otherwise).
ParsedOptions parse(const std::string& command, const std::vector<std::string>& arguments) {
  const cli::CommandSpec* spec = cli::find_command(command);
  bool help = false;
  ParsedOptions options = cli::parse_command_line(*spec, arguments, help);
  cli::check_requirements(*spec, options);
  return options;
}

py::object make_result(const char* type, const Json& record, py::dict extra = {}) {
  py::dict values = attributes(record);
  for (const auto& [key, value] : extra) values[key] = value;
  return py::module_::import("sudoku_count._results").attr(type)(to_python(record), values);
}

// Runs `work` on a thread of its own with the GIL released; this thread
// calls `tick` (with the GIL) every kPoll or when woken, runs the signal
// handlers, and sets `stop` when one raises or `tick` does. The first such
// Python error is kept in `error` for the caller to raise once the result
// is in hand; an exception of `work` is rethrown here.
class Supervisor {
 public:
  std::atomic<bool> stop{false};
  std::optional<py::error_already_set> error;

  void wake() {
    { std::lock_guard lock(mutex_); woken_ = true; }
    changed_.notify_all();
  }

  void run(const std::function<void()>& work, const std::function<void()>& tick) {
    std::exception_ptr failure, tick_failure;
    std::thread worker([&] {
      try {
        work();
      } catch (...) {
        failure = std::current_exception();
      }
      { std::lock_guard lock(mutex_); done_ = true; }
      changed_.notify_all();
    });
    for (bool finished = false; !finished;) {
      {
        py::gil_scoped_release release;
        std::unique_lock lock(mutex_);
        changed_.wait_for(lock, kPoll, [&] { return done_ || woken_; });
        woken_ = false;
        finished = done_;
      }
      try {
        tick();
      } catch (py::error_already_set& e) {
        keep(std::move(e));
      } catch (...) {
        // Held until the worker has stopped: it must be joined first.
        if (!tick_failure) tick_failure = std::current_exception();
        stop = true;
      }
      if (PyErr_CheckSignals() != 0) keep(py::error_already_set());
    }
    worker.join();
    if (failure) std::rethrow_exception(failure);
    if (tick_failure) std::rethrow_exception(tick_failure);
  }

  // Raises the kept error, if any, with `partial` as its `result` attribute.
  void raise_kept(const py::object& partial) {
    if (!error) return;
    py::error_already_set kept = std::move(*error);
    error.reset();
    if (!partial.is_none()) py::setattr(kept.value(), "result", partial);
    throw kept;
  }

 private:
  void keep(py::error_already_set&& e) {
    if (!error) error.emplace(std::move(e));
    stop = true;
  }

  std::mutex mutex_;
  std::condition_variable changed_;
  bool done_ = false;
  bool woken_ = false;
};

// ---- estimate -------------------------------------------------------------------

py::object estimate(const std::vector<std::string>& arguments, const py::object& progress) {
  const cli::ProcessGroup& group = kThisProcess;
  const ParsedOptions options = parse("estimate", arguments);
  // Locked before the resume file is read, held to the end (as the command does).
  const std::optional<CheckpointLock> lock = cli::lock_checkpoint(
      options.has("checkpoint") ? options.text("checkpoint") : options.has("resume") ? options.text("resume") : "");
  const std::optional<Checkpoint> resumed = cli::read_resumed_run(options, group);
  const std::string resume_path = resumed ? options.text("resume") : "";
  const Layout layout = resumed ? resumed->layout : cli::command_layout(options);
  if (resumed) cli::require_same_layout(options, layout, resume_path);
  RunOptions run;
  run.seed = resumed ? resumed->ranges[0].seed : options.integer("seed");
  if (resumed && options.given("seed") && options.integer("seed") != run.seed)
    throw InputError("seed " + options.text("seed") + " does not match checkpoint '" + resume_path + "' (seed " +
                     std::to_string(run.seed) + "); leave seed out to resume it");
  run.threads = static_cast<int>(options.integer("threads"));
  run.confidence = options.real("confidence");
  run.stop = cli::stop_rule(options);
  run.checkpoint_every = options.real("checkpoint-every");
  run.report_every = progress.is_none() || !options.has("report-every") ? 0 : options.real("report-every");
  const std::string checkpoint_path = options.has("checkpoint") ? options.text("checkpoint") : resume_path;
  if (!checkpoint_path.empty())
    cli::refuse_existing_checkpoint(checkpoint_path, resume_path, options.has("checkpoint") ? "checkpoint" : "resume");

  // Resuming without method, particles or orientation: the estimator that
  // wrote the checkpoint. Its tables may take seconds: without the GIL.
  const auto build_start = std::chrono::steady_clock::now();
  std::unique_ptr<Estimator> estimator;
  {
    py::gil_scoped_release release;
    estimator = cli::requested_estimator(options, layout, resumed, run.threads);
  }
  const cli::EstimateRun context{
      layout, run.seed, estimator->name(), estimator->note(),
      std::chrono::duration<double>(std::chrono::steady_clock::now() - build_start).count(),
      layout.classic() ? symmetry_group_order(layout.shape()) : BigInt(0), checkpoint_path};

  Checkpoint state = cli::run_checkpoint(options, layout, *estimator, resumed, resume_path, run);

  cli::CheckpointSaver saver(state, run.seed, checkpoint_path, run.checkpoint_every, false);
  Supervisor supervisor;
  // Reports are made into records on the run's thread (where the saver
  // lives) and handed to the callback on the caller's.
  std::mutex reports_mutex;
  std::vector<Json> reports;
  RunHooks hooks;
  if (!checkpoint_path.empty()) hooks.checkpoint = [&](const Progress& p) { saver(p); };
  if (!progress.is_none())
    hooks.report = [&](const Progress& p) {
      Json record = cli::estimate_json(p, context, !saver.failed());
      { std::lock_guard lock(reports_mutex); reports.push_back(std::move(record)); }
      supervisor.wake();
    };
  hooks.interrupt = &supervisor.stop;
  Progress result;
  supervisor.run([&] { result = run_estimate(*estimator, run, hooks); },
                 [&] {
                   std::vector<Json> ready;
                   { std::lock_guard lock(reports_mutex); ready.swap(reports); }
                   for (const Json& record : ready)
                     if (!supervisor.stop) progress(make_result("EstimateResult", record));
                 });
  const py::object partial = make_result("EstimateResult", cli::estimate_json(result, context, !saver.failed()));
  supervisor.raise_kept(partial);
  return partial;
}

// ---- exact ----------------------------------------------------------------------

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// The count of the request as a result: the completions `print` asks for
// come from dancing links whatever the method that counted, as on the
// command line.
py::object exact_result(const ParsedOptions& options, const ExactRequest& request, ExactResult counted) {
  cli::ExactReport report{.result = std::move(counted), .layout = request.layout,
                          .puzzle = request.puzzle.has_value()};
  py::dict extra;
  if (options.has("print")) {
    report.print = options.integer("print");
    {
      py::gil_scoped_release release;
      report.printed = find_completions(request.puzzle.value_or(empty_grid(request.layout)), *report.print);
    }
    extra["solutions"] = grids_array(report.printed, request.layout.n());
  }
  return make_result("ExactResult", cli::exact_json(report), extra);
}

// A two-band shape's exact job, as the command runs it: units that stop on
// Ctrl-C, max_units or time, with checkpoints. Unfinished, it gives the
// job's record (finished false) as an ExactJobResult.
py::object exact_job(const ParsedOptions& options, const ExactRequest& request,
                     const std::optional<ExactJobState>& resumed, const std::string& resume_path,
                     const py::object& progress) {
  const auto start = std::chrono::steady_clock::now();
  const cli::ExactJobRequest job_request = cli::exact_job_request(options, request, resumed, resume_path);
  const ExactJob& job = *job_request.job;
  const ExactJobState& state = job_request.state;
  const std::string& checkpoint_path = job_request.checkpoint_path;
  const JobLimits& limits = job_request.limits;
  if (!checkpoint_path.empty())
    cli::refuse_existing_checkpoint(checkpoint_path, resume_path, options.has("checkpoint") ? "checkpoint" : "resume");
  const int threads = static_cast<int>(options.integer("threads"));
  Supervisor supervisor;
  auto stop = [&] { return supervisor.stop.load() || (limits.seconds > 0 && seconds_since(start) >= limits.seconds); };
  const auto runner = make_unit_thread_runner(job, threads, stop);
  const std::uint64_t classes_before = state.classes;
  std::atomic<double> fraction{-1};
  JobHooks hooks;
  hooks.runner = runner.get();
  hooks.interrupt = &supervisor.stop;
  hooks.checkpoint_every = options.real("checkpoint-every");
  // The fraction of the units known so far (the census first finds how many there are).
  hooks.progress = [&](const ExactJobState& s, double) {
    if (s.units() > 0) fraction.store(static_cast<double>(s.units_done()) / static_cast<double>(s.units()));
  };
  cli::SaveReporter reporter(checkpoint_path, hooks.checkpoint_every, false);
  if (!checkpoint_path.empty())
    hooks.checkpoint = [&](const ExactJobState& s, bool final) {
      reporter([&] { save_exact_job(checkpoint_path, s); }, final);
    };
  double delivered = -1;
  ExactJobState reached;
  supervisor.run([&] { reached = run_exact_job(job, state, limits, hooks); },
                 [&] {
                   const double now = fraction.load();
                   if (progress.is_none() || now == delivered || now < 0) return;
                   delivered = now;
                   progress(now);
                 });
  if (!reached.finished()) {
    const py::object partial = make_result("ExactJobResult", cli::exact_job_json(reached, checkpoint_path));
    supervisor.raise_kept(partial);
    return partial;
  }
  ExactResult result =
      cli::finished_job_result(job, reached, request, runner->width(), seconds_since(start), classes_before);
  py::object count = exact_result(options, request, std::move(result));
  supervisor.raise_kept(count);
  return count;
}

py::object exact(const std::vector<std::string>& arguments, const py::object& progress) {
  const ParsedOptions options = parse("exact", arguments);
  Supervisor supervisor;
  // The library reports the fraction done from its threads; the caller's
  // thread hands the latest one to the callback.
  std::atomic<double> fraction{-1};
  double delivered = -1;
  const auto deliver = [&] {
    const double now = fraction.load();
    if (progress.is_none() || now == delivered || now < 0) return;
    delivered = now;
    progress(now);
  };
  const auto note = [&](double done) { fraction.store(done); };

  if (options.flag("essentially-different")) {
    SymmetryOptions symmetry;
    symmetry.threads = static_cast<int>(options.integer("threads"));
    symmetry.transposition = !options.flag("no-transposition");
    const Layout layout = cli::command_layout(options);
    std::optional<EssentiallyDifferentResult> result;
    supervisor.run([&] { result = count_essentially_different(layout, symmetry, note); }, deliver);
    supervisor.raise_kept(py::none());
    return make_result("ExactResult", cli::essentially_different_json(*result));
  }
  if (options.flag("calibrate")) {
    std::optional<LayerCalibration> calibration;
    supervisor.run([&] { calibration = cli::requested_calibration(options); }, [] {});
    supervisor.raise_kept(py::none());
    return make_result("CalibrationResult", cli::layer_calibration_json(*calibration));
  }
  std::optional<ExactJobState> resumed;
  std::string resume_path;
  // Locked before the resume file is read, held until the job ends (as the command does).
  const std::optional<CheckpointLock> lock = cli::lock_checkpoint(
      options.has("checkpoint") ? options.text("checkpoint") : options.has("resume") ? options.text("resume") : "");
  if (options.has("resume")) {
    resume_path = options.text("resume");
    resumed = load_exact_job(resume_path);
    cli::require_job_shape(options, resumed->shape, resume_path, "box");
  }
  const ExactRequest request = cli::exact_request(options, resumed);
  const std::string method = choose_exact_method(request);
  if (method == "bands" && ExactJob::handles(request.layout.shape()))
    return exact_job(options, request, resumed, resume_path, progress);
  cli::refuse_job_options(options, request, method);
  ExactResult result;
  supervisor.run([&] { result = count_exact(request, note); }, deliver);
  supervisor.raise_kept(py::none());
  return exact_result(options, request, std::move(result));
}

// ---- sample -----------------------------------------------------------------------

py::object sample(const std::vector<std::string>& arguments) {
  const ParsedOptions options = parse("sample", arguments);
  const Layout layout = cli::command_layout(options);
  SampleOptions sample_options;
  sample_options.count = options.integer("count");
  sample_options.seed = options.integer("seed");
  sample_options.threads = static_cast<int>(options.integer("threads"));
  Supervisor supervisor;
  SampleResult result;
  supervisor.run([&] { result = sample_grids(layout, sample_options); }, [] {});
  supervisor.raise_kept(py::none());
  // The command's JSON Lines: a header, then one record per grid, which is
  // the array here. to_dict() is the header.
  const py::array grids = grids_array(result.grids, layout.n());
  const Json header = cli::sample_json_lines(result).front();
  return py::module_::import("sudoku_count._results").attr("SampleResult")(grids, to_python(header), attributes(header));
}

// ---- solve ------------------------------------------------------------------------

py::object solve_result(const SolveResult& result, const Layout& layout, bool explain, std::optional<int> line) {
  py::dict extra;
  extra["solutions"] = grids_array(result.solutions, layout.n());
  return make_result("SolveResult", cli::solve_json(result, layout, explain, line), extra);
}

py::object solve(const std::vector<std::string>& arguments) {
  const ParsedOptions options = parse("solve", arguments);
  const Layout layout = cli::command_layout(options);
  SolveOptions solve_options;
  solve_options.explain = options.flag("explain");
  solve_options.threads = static_cast<int>(options.integer("threads"));
  Supervisor supervisor;
  if (options.has("puzzle")) {
    const Grid puzzle = parse_puzzle(options.text("puzzle"), layout);
    SolveResult result;
    supervisor.run([&] { result = sudoku_count::solve(puzzle, solve_options); }, [] {});
    supervisor.raise_kept(py::none());
    return solve_result(result, layout, solve_options.explain, std::nullopt);
  }
  const std::string path = options.text("puzzle-file");
  std::vector<ListedPuzzle> listed;
  try {
    listed = parse_puzzle_list(cli::read_puzzle_file(path), layout);
  } catch (const InputError& e) {
    throw InputError("puzzle file '" + path + "': " + e.what());
  }
  std::vector<Grid> puzzles;
  for (const ListedPuzzle& entry : listed) puzzles.push_back(entry.grid);
  BatchResult batch;
  supervisor.run([&] { batch = solve_all(puzzles, solve_options); }, [] {});
  supervisor.raise_kept(py::none());
  py::list results;
  for (std::size_t i = 0; i < batch.results.size(); ++i)
    results.append(solve_result(batch.results[i], layout, solve_options.explain, listed[i].line));
  return results;
}

// The layout options every function takes, as command-line arguments.
std::vector<std::string> layout_arguments(const py::object& box, const py::object& variant,
                                          const py::object& regions) {
  std::vector<std::string> arguments;
  add_option(arguments, "box", box.is_none() ? box : py::str(box));
  add_option(arguments, "variant", variant);
  add_option(arguments, "regions", regions);
  return arguments;
}

}  // namespace
}  // namespace sudoku_count::python

namespace sp = sudoku_count::python;
using sp::py::arg;

PYBIND11_MODULE(_core, m) {
  namespace py = pybind11;
  m.doc() = "sudoku_count's extension: see the package sudoku_count";
  m.attr("__version__") = sudoku_count::kVersion;
  // The library's refusals (bad box, bad option value, a count out of reach)
  // as ValueError, carrying its message.
  py::register_exception<sudoku_count::InputError>(m, "InputError", PyExc_ValueError);

  m.def(
      "estimate",
      [](const py::object& box, const py::object& variant, const py::object& regions, const py::object& method,
         const py::object& time, const py::object& samples, const py::object& rel_error, const py::object& blocks,
         const py::object& forever, const py::object& min_samples, const py::object& seed, const py::object& threads,
         const py::object& first_block, const py::object& confidence, const py::object& particles,
         const py::object& orientation, const py::object& checkpoint, const py::object& checkpoint_every,
         const py::object& resume, const py::object& progress, const py::object& report_every) {
        std::vector<std::string> a = sp::layout_arguments(box, variant, regions);
        const std::pair<const char*, const py::object*> named[] = {
            {"method", &method}, {"time", &time}, {"samples", &samples}, {"rel_error", &rel_error},
            {"blocks", &blocks}, {"forever", &forever}, {"min_samples", &min_samples}, {"seed", &seed},
            {"threads", &threads}, {"first_block", &first_block}, {"confidence", &confidence},
            {"particles", &particles}, {"orientation", &orientation}, {"checkpoint", &checkpoint},
            {"checkpoint_every", &checkpoint_every}, {"resume", &resume},
            {"report_every", &report_every}};
        for (const auto& [name, value] : named) sp::add_option(a, name, *value);
        return sp::estimate(a, progress);
      },
      R"(An unbiased Monte Carlo estimate of the number of grids, as `sudoku-count estimate`.

Keyword arguments are the command's options (rel_error for --rel-error; None: the command's
default). progress(report) is called every report_every seconds and at the end. Ctrl-C (or an
exception in progress) stops the run, saves the checkpoint and is raised with the partial
EstimateResult as its `result` attribute. Bad input raises ValueError (InputError).)",
      arg("box") = py::none(), py::kw_only(), arg("variant") = py::none(), arg("regions") = py::none(),
      arg("method") = py::none(), arg("time") = py::none(), arg("samples") = py::none(),
      arg("rel_error") = py::none(), arg("blocks") = py::none(), arg("forever") = false,
      arg("min_samples") = py::none(), arg("seed") = py::none(), arg("threads") = py::none(),
      arg("first_block") = py::none(), arg("confidence") = py::none(), arg("particles") = py::none(),
      arg("orientation") = py::none(), arg("checkpoint") = py::none(), arg("checkpoint_every") = py::none(),
      arg("resume") = py::none(), arg("progress") = py::none(), arg("report_every") = 1.0);

  m.def(
      "exact",
      [](const py::object& box, const py::object& variant, const py::object& regions, const py::object& puzzle,
         const py::object& puzzle_file, const py::object& print, const py::object& fix_first_row,
         const py::object& method, const py::object& essentially_different, const py::object& no_transposition,
         const py::object& threads, const py::object& checkpoint, const py::object& checkpoint_every,
         const py::object& resume, const py::object& max_units, const py::object& time, const py::object& route,
         const py::object& calibrate, const py::object& progress) {
        std::vector<std::string> a = sp::layout_arguments(box, variant, regions);
        if (!puzzle.is_none()) sp::add_option(a, "puzzle", py::str(sp::puzzle_text(puzzle)));
        const std::pair<const char*, const py::object*> named[] = {
            {"puzzle_file", &puzzle_file}, {"print", &print}, {"fix_first_row", &fix_first_row},
            {"method", &method}, {"essentially_different", &essentially_different},
            {"no_transposition", &no_transposition}, {"threads", &threads}, {"checkpoint", &checkpoint},
            {"checkpoint_every", &checkpoint_every}, {"resume", &resume}, {"max_units", &max_units},
            {"time", &time}, {"route", &route}, {"calibrate", &calibrate}};
        for (const auto& [name, value] : named) sp::add_option(a, name, *value);
        return sp::exact(a, progress);
      },
      R"(The exact number of grids of a layout, or of completions of a puzzle, as `sudoku-count exact`:
an ExactResult (an int with the record's fields as attributes). Two-band shapes run as a job that
max_units, time or Ctrl-C can stop (ExactJobResult) and resume=path continues; route chooses how
the job computes a class. calibrate=True projects the cost of the layers route instead of counting
(CalibrationResult). progress(fraction) is called as the work goes on.)",
      arg("box") = py::none(), py::kw_only(), arg("variant") = py::none(), arg("regions") = py::none(),
      arg("puzzle") = py::none(), arg("puzzle_file") = py::none(), arg("print") = py::none(),
      arg("fix_first_row") = false, arg("method") = py::none(), arg("essentially_different") = false,
      arg("no_transposition") = false, arg("threads") = py::none(), arg("checkpoint") = py::none(),
      arg("checkpoint_every") = py::none(), arg("resume") = py::none(), arg("max_units") = py::none(),
      arg("time") = py::none(), arg("route") = py::none(), arg("calibrate") = false, arg("progress") = py::none());

  m.def(
      "sample",
      [](const py::object& box, const py::object& count, const py::object& variant, const py::object& regions,
         const py::object& seed, const py::object& threads) {
        std::vector<std::string> a = sp::layout_arguments(box, variant, regions);
        sp::add_option(a, "count", count);
        sp::add_option(a, "seed", seed);
        sp::add_option(a, "threads", threads);
        return sp::sample(a);
      },
      R"(Draws count random completed grids, as `sudoku-count sample`: a SampleResult, an array of shape
(count, N, N) with the record's fields (method, exactly_uniform, seed, ...) as attributes.)",
      arg("box") = py::none(), arg("count") = py::none(), py::kw_only(), arg("variant") = py::none(),
      arg("regions") = py::none(), arg("seed") = py::none(), arg("threads") = py::none());

  m.def(
      "solve",
      [](const py::object& box, const py::object& puzzle, const py::object& variant, const py::object& regions,
         const py::object& puzzle_file, const py::object& explain, const py::object& threads) {
        std::vector<std::string> a = sp::layout_arguments(box, variant, regions);
        if (!puzzle.is_none()) sp::add_option(a, "puzzle", py::str(sp::puzzle_text(puzzle)));
        sp::add_option(a, "puzzle_file", puzzle_file);
        sp::add_option(a, "explain", explain);
        sp::add_option(a, "threads", threads);
        return sp::solve(a);
      },
      R"(Solves a puzzle (the command's text, or an N x N array with 0 for blanks), as `sudoku-count
solve`: a SolveResult (status 'none', 'unique' or 'multiple'; solutions as an array), or a list of
them for puzzle_file.)",
      arg("box") = py::none(), arg("puzzle") = py::none(), py::kw_only(), arg("variant") = py::none(),
      arg("regions") = py::none(), arg("puzzle_file") = py::none(), arg("explain") = false,
      arg("threads") = py::none());
}
