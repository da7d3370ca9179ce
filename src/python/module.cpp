// sudoku_count._core: the Python binding, a thin room over the library's
// public API (include/sudoku_count/, and nothing else: a build check holds
// it to that).
//
// Each function turns its keyword arguments into the library's typed
// request (the command line does the same with its options), runs the
// library's session and returns the session's JSON record (records.hpp) as
// a result object with every field an attribute (sudoku_count/_results.py).
// The library checks the request and words its refusals in the request's
// field names, spelt here as keywords (rel_error=); they are raised as
// InputError, a ValueError.
//
// Long calls run on a thread of their own without the GIL while the calling
// thread waits, wakes every kPoll to deliver progress to the Python callback
// and to run Python's signal handlers (PyErr_CheckSignals: only the main
// thread may). A KeyboardInterrupt, or an exception raised by the callback,
// stops an estimate or an exact job the way a signal stops the command (the
// checkpoint is saved first); it is then raised with the partial result as
// its `result` attribute.
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

#include "convert.hpp"
#include "sudoku_count/sudoku_count.hpp"
#include "sudoku_count/version.hpp"

namespace sudoku_count::python {
namespace {

using namespace std::chrono_literals;

constexpr auto kPoll = 50ms;  // how soon Ctrl-C is seen during a long call

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

// ---- estimate ----------------------------------------------------------------------

py::object estimate(const EstimateRequest& request, const py::object& progress) {
  Supervisor supervisor;
  // Reports are made into records on the run's thread and handed to the
  // callback on the caller's.
  std::mutex reports_mutex;
  std::vector<Json> reports;
  EstimateRun run;
  EstimateHooks hooks;
  hooks.started = [&](const EstimateRun& started, const std::optional<Checkpoint>&) { run = started; };
  if (!progress.is_none())
    hooks.report = [&](const Progress& p, bool saved) {
      Json record = estimate_json(p, run, saved);
      { std::lock_guard lock(reports_mutex); reports.push_back(std::move(record)); }
      supervisor.wake();
    };
  hooks.interrupt = &supervisor.stop;
  std::optional<EstimateOutcome> outcome;
  supervisor.run([&] { outcome = run_estimate_session(request, hooks); },
                 [&] {
                   std::vector<Json> ready;
                   { std::lock_guard lock(reports_mutex); ready.swap(reports); }
                   for (const Json& record : ready)
                     if (!supervisor.stop) progress(make_result("EstimateResult", record));
                 });
  const py::object partial =
      make_result("EstimateResult", estimate_json(outcome->progress, outcome->run, outcome->saved));
  supervisor.raise_kept(partial);
  return partial;
}

// ---- exact --------------------------------------------------------------------------

// The count of the request as a result: the completions `print` asks for
// come from dancing links whatever the method that counted, as on the
// command line.
py::object exact_result(const ExactRequest& request, ExactResult counted, std::optional<std::uint64_t> print) {
  ExactReport report{.result = std::move(counted), .layout = request.layout, .puzzle = request.puzzle.has_value()};
  py::dict extra;
  if (print) {
    report.print = *print;
    {
      py::gil_scoped_release release;
      report.printed = find_completions(request.puzzle.value_or(empty_grid(request.layout)), *print);
    }
    extra["solutions"] = grids_array(report.printed, request.layout.n());
  }
  return make_result("ExactResult", exact_json(report), extra);
}

py::object exact(const ExactCountRequest& request, std::optional<std::uint64_t> print, bool essentially_different,
                 bool no_transposition, bool calibrate, const py::object& progress) {
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

  if (essentially_different) {
    SymmetryOptions symmetry;
    symmetry.threads = request.threads;
    symmetry.transposition = !no_transposition;
    std::optional<EssentiallyDifferentResult> result;
    supervisor.run([&] { result = count_essentially_different(requested_layout(request.layout), symmetry, note); },
                   deliver);
    supervisor.raise_kept(py::none());
    return make_result("ExactResult", essentially_different_json(*result));
  }
  if (calibrate) {
    std::optional<LayerCalibration> calibration;
    supervisor.run([&] { calibration = calibrate_layers(request.layout, request.threads); }, [] {});
    supervisor.raise_kept(py::none());
    return make_result("CalibrationResult", layer_calibration_json(*calibration));
  }
  ExactHooks hooks;
  hooks.progress = note;
  // A job: the fraction of the units known so far (the census first finds how many there are).
  hooks.job_progress = [&](const ExactJobState& s, double) {
    if (s.units() > 0) fraction.store(static_cast<double>(s.units_done()) / static_cast<double>(s.units()));
  };
  hooks.interrupt = &supervisor.stop;
  std::optional<ExactOutcome> outcome;
  supervisor.run([&] { outcome = run_exact_session(request, hooks); }, deliver);
  if (!outcome->finished) {
    const py::object partial = make_result("ExactJobResult", exact_job_json(outcome->job_state, outcome->plan.checkpoint));
    supervisor.raise_kept(partial);
    return partial;
  }
  py::object count = exact_result(outcome->plan.count, outcome->result, print);
  supervisor.raise_kept(count);
  return count;
}

// ---- sample -------------------------------------------------------------------------

py::object sample(const LayoutRequest& layout_request, const SampleOptions& options) {
  Supervisor supervisor;
  SampleResult result;
  supervisor.run([&] { result = sample_grids(requested_layout(layout_request), options); }, [] {});
  supervisor.raise_kept(py::none());
  // The command's JSON Lines: a header, then one record per grid, which is
  // the array here. to_dict() is the header.
  const py::array grids = grids_array(result.grids, result.layout.n());
  const Json header = sample_json_lines(result).front();
  py::dict fields = attributes(header);
  if (!result.puzzles.empty()) fields["candidates"] = grids_array(result.puzzles, result.layout.n());
  return py::module_::import("sudoku_count._results").attr("SampleResult")(grids, to_python(header), fields);
}

// ---- puzzles ------------------------------------------------------------------------

py::object puzzles(const PuzzleEstimateRequest& request, const py::object& progress) {
  Supervisor supervisor;
  std::mutex reports_mutex;
  std::vector<Json> reports;
  PuzzleHooks hooks;
  hooks.interrupt = &supervisor.stop;
  if (!progress.is_none())
    hooks.progress = [&](const PuzzleEstimate& so_far) {
      Json record = puzzle_estimate_json(so_far);
      { std::lock_guard lock(reports_mutex); reports.push_back(std::move(record)); }
      supervisor.wake();
    };
  PuzzleEstimate result;
  supervisor.run([&] { result = estimate_puzzle_counts(request, hooks); },
                 [&] {
                   std::vector<Json> ready;
                   { std::lock_guard lock(reports_mutex); ready.swap(reports); }
                   for (const Json& record : ready)
                     if (!supervisor.stop) progress(make_result("PuzzleCountResult", record));
                 });
  const py::object partial = make_result("PuzzleCountResult", puzzle_estimate_json(result));
  supervisor.raise_kept(partial);
  return partial;
}

py::object puzzles_exactly(const Layout& layout, PuzzleKind kind, int threads) {
  Supervisor supervisor;
  PuzzleCounts counts;
  std::string method;
  supervisor.run([&] { counts = count_puzzles_exactly(layout, kind, threads, &method); }, [] {});
  supervisor.raise_kept(py::none());
  return make_result("PuzzleCountResult", puzzle_counts_json(counts, kind, method));
}

// ---- solve --------------------------------------------------------------------------

py::object solve_result(const SolveResult& result, const Layout& layout, bool explain, std::optional<int> line) {
  py::dict extra;
  extra["solutions"] = grids_array(result.solutions, layout.n());
  return make_result("SolveResult", solve_json(result, layout, explain, line), extra);
}

py::object solve(const LayoutRequest& layout_request, const std::optional<std::string>& puzzle_text,
                 const std::optional<std::string>& puzzle_file, const std::optional<std::string>& solutions_file,
                 const SolveOptions& options) {
  if (puzzle_text.has_value() == puzzle_file.has_value())
    throw RequestError("puzzle", "give either {puzzle} or {puzzle_file}");
  if (solutions_file && !puzzle_file)
    throw RequestError("solutions_file", "{solutions_file} needs {puzzle_file}: the solutions go with a file of puzzles, line by line");
  if (solutions_file && options.explain)
    throw RequestError("solutions_file", "{solutions_file} and {explain} do not go together");
  const Layout layout = requested_layout(layout_request);
  Supervisor supervisor;
  if (puzzle_text) {
    const Grid puzzle = parse_puzzle(*puzzle_text, layout);
    SolveResult result;
    supervisor.run([&] { result = sudoku_count::solve(puzzle, options); }, [] {});
    supervisor.raise_kept(py::none());
    return solve_result(result, layout, options.explain, std::nullopt);
  }
  const std::vector<ListedPuzzle> listed = read_puzzle_list(*puzzle_file, layout);
  std::vector<Grid> puzzles;
  for (const ListedPuzzle& entry : listed) puzzles.push_back(entry.grid);
  std::vector<Grid> solutions;
  if (solutions_file)
    for (const ListedPuzzle& entry : read_puzzle_list(*solutions_file, layout)) solutions.push_back(entry.grid);
  BatchResult batch;
  supervisor.run([&] { batch = solutions_file ? solve_all_given(puzzles, solutions, options) : solve_all(puzzles, options); },
                 [] {});
  supervisor.raise_kept(py::none());
  py::list results;
  for (std::size_t i = 0; i < batch.results.size(); ++i)
    results.append(solve_result(batch.results[i], layout, options.explain, listed[i].line));
  return results;
}

LayoutRequest layout_request(const py::object& box, const py::object& variant, const py::object& regions) {
  return LayoutRequest{.box = text(box, "box"), .variant = text(variant, "variant"), .regions = text(regions, "regions")};
}

}  // namespace
}  // namespace sudoku_count::python

namespace sp = sudoku_count::python;
namespace sc = sudoku_count;
using sp::py::arg;

PYBIND11_MODULE(_core, m) {
  namespace py = pybind11;
  m.doc() = "sudoku_count's extension: see the package sudoku_count";
  m.attr("__version__") = sc::kVersion;
  // The library's refusals (bad box, bad field, a count out of reach) as
  // ValueError, carrying its message with each field spelt as a keyword.
  static py::exception<sc::InputError> input_error(m, "InputError", PyExc_ValueError);
  py::register_exception_translator([](std::exception_ptr raised) {
    try {
      if (raised) std::rethrow_exception(raised);
    } catch (const sc::InputError& e) {
      PyErr_SetString(input_error.ptr(), sp::keyword_words(e.what()).c_str());
    }
  });

  m.def(
      "estimate",
      [](const py::object& box, const py::object& variant, const py::object& regions, const py::object& puzzle,
         const py::object& puzzle_file, const py::object& method, const py::object& time, const py::object& samples, const py::object& rel_error, const py::object& blocks,
         bool forever, const py::object& min_samples, const py::object& seed, const py::object& threads,
         const py::object& first_block, const py::object& confidence, const py::object& particles,
         const py::object& orientation, const py::object& checkpoint, const py::object& checkpoint_every,
         const py::object& resume, const py::object& progress, const py::object& report_every) {
        sc::EstimateRequest request;
        request.layout = sp::layout_request(box, variant, regions);
        if (!puzzle.is_none()) request.puzzle = sp::puzzle_text(puzzle);
        request.puzzle_file = sp::text(puzzle_file, "puzzle_file");
        request.method = sp::text(method, "method");
        request.particles = sp::small_integer(particles, "particles");
        request.orientation = sp::text(orientation, "orientation");
        request.rel_error = sp::real(rel_error, "rel_error");
        request.time = sp::real(time, "time");
        request.samples = sp::count(samples, "samples");
        request.blocks = sp::count(blocks, "blocks");
        request.forever = forever;
        request.min_samples = sp::count(min_samples, "min_samples");
        request.seed = sp::count(seed, "seed");
        request.threads = sp::small_integer(threads, "threads").value_or(0);
        request.first_block = sp::count(first_block, "first_block");
        request.confidence = sp::real(confidence, "confidence").value_or(request.confidence);
        request.checkpoint = sp::text(checkpoint, "checkpoint");
        request.checkpoint_every = sp::real(checkpoint_every, "checkpoint_every");
        request.resume = sp::text(resume, "resume");
        request.report_every = progress.is_none() ? 0 : sp::real(report_every, "report_every").value_or(0);
        return sp::estimate(request, progress);
      },
      R"(An unbiased Monte Carlo estimate of the number of grids, or of a puzzle's completions (puzzle: the
command's text, or an N x N array with 0 for blanks; or puzzle_file), as `sudoku-count estimate`.

Keyword arguments are the fields of the library's request, named like the command's options
(rel_error for --rel-error; None: the library's default). progress(report) is called every
report_every seconds and at the end. Ctrl-C (or an exception in progress) stops the run, saves the
checkpoint and is raised with the partial EstimateResult as its `result` attribute. Bad input
raises ValueError (InputError).)",
      arg("box") = py::none(), py::kw_only(), arg("variant") = py::none(), arg("regions") = py::none(),
      arg("puzzle") = py::none(), arg("puzzle_file") = py::none(),
      arg("method") = py::none(), arg("time") = py::none(), arg("samples") = py::none(),
      arg("rel_error") = py::none(), arg("blocks") = py::none(), arg("forever") = false,
      arg("min_samples") = py::none(), arg("seed") = py::none(), arg("threads") = py::none(),
      arg("first_block") = py::none(), arg("confidence") = py::none(), arg("particles") = py::none(),
      arg("orientation") = py::none(), arg("checkpoint") = py::none(), arg("checkpoint_every") = py::none(),
      arg("resume") = py::none(), arg("progress") = py::none(), arg("report_every") = 1.0);

  m.def(
      "exact",
      [](const py::object& box, const py::object& variant, const py::object& regions, const py::object& puzzle,
         const py::object& puzzle_file, const py::object& print, bool fix_first_row, const py::object& method,
         bool essentially_different, bool no_transposition, const py::object& threads, const py::object& checkpoint,
         const py::object& checkpoint_every, const py::object& resume, const py::object& max_units,
         const py::object& time, const py::object& route, bool calibrate, const py::object& progress) {
        sc::ExactCountRequest request;
        request.layout = sp::layout_request(box, variant, regions);
        if (!puzzle.is_none()) request.puzzle = sp::puzzle_text(puzzle);
        request.puzzle_file = sp::text(puzzle_file, "puzzle_file");
        request.fix_first_row = fix_first_row;
        request.method = sp::text(method, "method").value_or(request.method);
        request.threads = sp::small_integer(threads, "threads").value_or(0);
        request.checkpoint = sp::text(checkpoint, "checkpoint");
        request.checkpoint_every = sp::real(checkpoint_every, "checkpoint_every");
        request.resume = sp::text(resume, "resume");
        request.max_units = sp::count(max_units, "max_units");
        request.time = sp::real(time, "time");
        request.route = sp::text(route, "route");
        const std::optional<std::uint64_t> printed = sp::count(print, "print");
        if (no_transposition && !essentially_different)
          throw sc::RequestError("no_transposition", "{no_transposition} changes the group of {essentially_different}: "
                                                     "add {essentially_different}");
        if (essentially_different || calibrate) {
          const char* asked = essentially_different ? "essentially_different" : "calibrate";
          if (essentially_different && calibrate)
            throw sc::RequestError("calibrate", "give {essentially_different} or {calibrate}, not both");
          // Neither counts completions nor runs a job: the fields of those are refused, not ignored.
          const std::pair<const char*, bool> others[] = {
              {"puzzle", !puzzle.is_none()}, {"puzzle_file", !puzzle_file.is_none()}, {"print", printed.has_value()},
              {"fix_first_row", fix_first_row}, {"method", !method.is_none()}, {"checkpoint", !checkpoint.is_none()},
              {"checkpoint_every", !checkpoint_every.is_none()}, {"resume", !resume.is_none()},
              {"max_units", !max_units.is_none()}, {"time", !time.is_none()}, {"route", !route.is_none()},
              {"no_transposition", no_transposition && calibrate}};
          for (const auto& [field, given] : others)
            if (given)
              throw sc::RequestError(field, std::string("{") + field + "} does not apply with {" + asked + "}");
        }
        return sp::exact(request, printed, essentially_different, no_transposition, calibrate, progress);
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
         const py::object& seed, const py::object& threads, const py::object& clues) {
        sc::SampleOptions options;
        const std::optional<std::uint64_t> grids = sp::count(count, "count");
        if (!grids) throw sc::RequestError("count", "{count} is required: how many grids to draw");
        options.count = *grids;
        options.seed = sp::count(seed, "seed").value_or(options.seed);
        options.threads = sp::small_integer(threads, "threads").value_or(0);
        options.clues = sp::small_integer(clues, "clues").value_or(0);
        if (!clues.is_none() && options.clues < 1) throw sc::RequestError("clues", "{clues} must be at least 1");
        return sp::sample(sp::layout_request(box, variant, regions), options);
      },
      R"(Draws count random completed grids, as `sudoku-count sample`: a SampleResult, an array of shape
(count, N, N) with the record's fields (method, exactly_uniform, seed, ...) as attributes. With clues=C,
also `candidates`, an array of the same shape: C cells of each grid kept at random, 0 elsewhere.)",
      arg("box") = py::none(), arg("count") = py::none(), py::kw_only(), arg("variant") = py::none(),
      arg("regions") = py::none(), arg("seed") = py::none(), arg("threads") = py::none(), arg("clues") = py::none());

  m.def(
      "puzzles",
      [](const py::object& box, const py::object& kind, const py::object& variant, const py::object& regions,
         const py::object& method, const py::object& clues, const py::object& subset_size,
         const py::object& subsets_per_grid, const py::object& grids, const py::object& time, const py::object& seed,
         const py::object& threads, bool exact, const py::object& checkpoint, const py::object& checkpoint_every,
         const py::object& resume, bool weighted_grids, const py::object& progress) {
        sc::PuzzleEstimateRequest request;
        const sc::LayoutRequest layout = sp::layout_request(box, variant, regions);
        if (layout.given() || resume.is_none()) request.layout = sc::requested_layout(layout);
        if (const auto k = sp::text(kind, "kind")) request.kind = sc::puzzle_kind(*k);
        if (exact) {
          for (const auto& [value, field] : {std::pair{&grids, "grids"}, {&time, "time"}, {&clues, "clues"},
                                              {&subset_size, "subset_size"}, {&checkpoint, "checkpoint"},
                                              {&resume, "resume"}})
            if (!value->is_none())
              throw sc::RequestError("exact", "{exact} counts every puzzle: drop {" + std::string(field) + "}");
          if (weighted_grids) throw sc::RequestError("exact", "{exact} counts every puzzle: drop {weighted_grids}");
          return sp::puzzles_exactly(*request.layout, request.kind.value_or(sc::PuzzleKind::Minimal),
                                     sp::small_integer(threads, "threads").value_or(0));
        }
        request.method = sp::text(method, "method");
        request.clues = sp::text(clues, "clues");  // an int is one clue count
        request.subset_size = sp::small_integer(subset_size, "subset_size");
        request.subsets_per_grid = sp::small_integer(subsets_per_grid, "subsets_per_grid");
        request.grids = sp::count(grids, "grids");
        request.time = sp::real(time, "time");
        request.seed = sp::count(seed, "seed");
        request.threads = sp::small_integer(threads, "threads").value_or(0);
        request.checkpoint = sp::text(checkpoint, "checkpoint");
        request.checkpoint_every = sp::real(checkpoint_every, "checkpoint_every");
        request.resume = sp::text(resume, "resume");
        if (weighted_grids) request.weighted_grids = true;
        return sp::puzzles(request, progress);
      },
      R"(Estimates the numbers of minimal (kind='minimal', the default) or proper puzzles by clue count, as
`sudoku-count puzzles`: a PuzzleCountResult with the total's estimate, std_error, ci_low and ci_high
and `by_clues`, a list of one dict per clue count (clues, estimate, std_error, ci_low, ci_high, hits,
interval_method, between_grid_cv). Give grids= or time= (or both), or exact=True for the exact
counts where they are in reach (by_clues then holds an int `count` per clue count). clues='20-32' or 24 chooses the
clue counts; method 'subsets' (subset_size=S cells a set) or 'coin' (proper only). checkpoint=path
saves the run as it goes and resume=path continues a saved one (grids= counts the whole run).
weighted_grids=True draws the grids with importance weights even where they are drawn exactly uniformly (to
check that route; layouts not drawn exactly uniformly always use it). progress(result) is called about once
a second; Ctrl-C stops the run after the grids under way.)",
      arg("box") = py::none(), py::kw_only(), arg("kind") = py::none(), arg("variant") = py::none(),
      arg("regions") = py::none(), arg("method") = py::none(), arg("clues") = py::none(),
      arg("subset_size") = py::none(), arg("subsets_per_grid") = py::none(), arg("grids") = py::none(),
      arg("time") = py::none(), arg("seed") = py::none(), arg("threads") = py::none(), arg("exact") = false,
      arg("checkpoint") = py::none(), arg("checkpoint_every") = py::none(), arg("resume") = py::none(),
      arg("weighted_grids") = false, arg("progress") = py::none());

  m.def(
      "solve",
      [](const py::object& box, const py::object& puzzle, const py::object& variant, const py::object& regions,
         const py::object& puzzle_file, bool explain, const py::object& threads, const py::object& solutions_file) {
        sc::SolveOptions options;
        options.explain = explain;
        options.threads = sp::small_integer(threads, "threads").value_or(0);
        const std::optional<std::string> text =
            puzzle.is_none() ? std::nullopt : std::optional<std::string>(sp::puzzle_text(puzzle));
        return sp::solve(sp::layout_request(box, variant, regions), text, sp::text(puzzle_file, "puzzle_file"),
                         sp::text(solutions_file, "solutions_file"), options);
      },
      R"(Solves a puzzle (the command's text, or an N x N array with 0 for blanks), as `sudoku-count
solve`: a SolveResult (status 'none', 'unique' or 'multiple'; solutions as an array), or a list of
them for puzzle_file. solutions_file gives each puzzle of puzzle_file its known solution, line by
line: only another solution is searched for (the uniqueness test of puzzle counting).)",
      arg("box") = py::none(), arg("puzzle") = py::none(), py::kw_only(), arg("variant") = py::none(),
      arg("regions") = py::none(), arg("puzzle_file") = py::none(), arg("explain") = false,
      arg("threads") = py::none(), arg("solutions_file") = py::none());
}
