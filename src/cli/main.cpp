// sudoku-count: the command-line front end. It parses options into checked
// values, calls the library, prints, and maps errors to exit codes
// (2: bad usage or input, 1: internal error).
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "json.hpp"
#include "options.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/estimate.hpp"
#include "sudoku_count/exact.hpp"
#include "sudoku_count/exact_bands.hpp"
#include "sudoku_count/grid.hpp"
#include "sudoku_count/tables.hpp"
#include "sudoku_count/version.hpp"

namespace sc = sudoku_count;
using sudoku_count::cli::JsonObject;
using sudoku_count::cli::ParsedOptions;

namespace {

std::atomic<bool> g_interrupted{false};
static_assert(std::atomic<bool>::is_always_lock_free, "the signal handler needs a lock-free flag");

extern "C" void on_signal(int) { g_interrupted.store(true); }

// SIGINT and SIGTERM ask a running estimate to stop and print its summary.
// SA_RESTART: a signal that lands while the summary is being written must not
// fail that write with EINTR (stdio would drop the text).
void install_signal_handlers() {
  struct sigaction action {};
  action.sa_handler = on_signal;
  action.sa_flags = SA_RESTART;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
}

sc::Shape require_shape(const ParsedOptions& options, const std::string& command) {
  if (!options.has("box"))
    throw sc::InputError("missing --box: give a box shape such as --box 3 or --box 2x3 (see 'sudoku-count " +
                         command + " --help')");
  return sc::Shape::parse(options.text("box"));
}

std::string grid_description(const sc::Shape& shape) {
  return std::to_string(shape.n()) + "x" + std::to_string(shape.n()) + " grid";
}

std::string read_file(const std::string& path) {
  std::error_code error;
  if (std::filesystem::is_directory(path, error))
    throw sc::InputError("cannot read puzzle file " + sc::quote_input(path) + ": it is a directory");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw sc::InputError("cannot read puzzle file " + sc::quote_input(path) + ": it is missing or unreadable");
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw sc::InputError("cannot read puzzle file " + sc::quote_input(path));
  return text.str();
}

JsonObject shape_json(const std::string& command, const sc::Shape& shape) {
  JsonObject json;
  json.add("command", command).add("box_rows", shape.box_rows).add("box_cols", shape.box_cols).add("grid_size",
                                                                                                   shape.n());
  return json;
}

// ---- exact ------------------------------------------------------------------
int run_exact(const ParsedOptions& options) {
  const sc::Shape shape = require_shape(options, "exact");
  if (options.has("puzzle") && options.has("puzzle-file"))
    throw sc::InputError("give either --puzzle or --puzzle-file, not both");
  std::string method = options.text("method");
  if (method != "auto" && method != "dlx" && method != "bands")
    throw sc::InputError("unknown exact method " + sc::quote_input(method) + ": choose auto, dlx or bands");
  const bool has_puzzle = options.has("puzzle") || options.has("puzzle-file");
  if (method == "bands" && has_puzzle)
    throw sc::InputError("method bands counts all grids of a shape; drop the puzzle, or use --method dlx");
  if (method == "bands" && options.flag("fix-first-row"))
    throw sc::InputError("--fix-first-row applies to method dlx");
  if (has_puzzle && options.flag("fix-first-row"))
    throw sc::InputError("--fix-first-row applies to the empty grid only; drop it or the puzzle");
  const sc::Grid puzzle = !has_puzzle                 ? sc::empty_grid(shape)
                          : options.has("puzzle")     ? sc::parse_puzzle(options.text("puzzle"), shape)
                                                      : sc::parse_puzzle(read_file(options.text("puzzle-file")), shape);
  // A puzzle without givens is the empty grid: count it as such.
  const bool empty = sc::given_count(puzzle) == 0;
  // auto: the band method for empty grids it can count, else dancing links.
  if (method == "auto") method = (empty && !options.flag("fix-first-row") && sc::bands_count_exactly(shape)) ? "bands" : "dlx";
  // Dancing links enumerates every grid: beyond 6x6 an empty grid has 1e16 and more.
  if (method == "dlx" && empty && shape.n() > 6)
    throw sc::InputError(
        "no exact method counts all grids of box " + shape.name() +
        " in reasonable time: dancing links enumerates grids one by one (up to 6x6), and the band method reaches "
        "2-row boxes with up to 4 bands and 3-row boxes up to 3x3 (or their transposes); for an estimate with "
        "error bars run 'sudoku-count estimate --box " + shape.name() + "'");
  // Dancing links counts completions one at a time (some millions a
  // second): refuse a puzzle whose completions, or whose search tree, are
  // clearly beyond reach. Every puzzle is checked: few givens are not the
  // only way to have many completions (two full rows of a 9x9 grid leave
  // about 1e12, three rows of a 16x16 grid about 1e100). The estimate stops
  // as soon as it passes the limit, so such puzzles are refused at once.
  if (method == "dlx" && !empty) {
    // 1e13 search steps at some millions a second: weeks.
    constexpr double kMaxCompletions = 1e12, kMaxNodes = 1e13;
    const sc::SearchEstimate search = sc::estimate_search(puzzle, 200, kMaxNodes);
    // Stopped early, the estimates are lower bounds: hence "or more" and "beyond".
    const std::string advice = "; add givens, or estimate the count of all grids with 'sudoku-count estimate'";
    if (search.completions > kMaxCompletions)
      throw sc::InputError("this puzzle has roughly " +
                           (std::isfinite(search.completions)
                                ? sc::format_scientific(sc::BigFloat(search.completions), 2)
                                : std::string("1e308")) +
                           " or more completions (a quick random-path estimate): counting them one by one would not "
                           "finish" + advice);
    if (search.nodes > kMaxNodes)
      throw sc::InputError("counting this puzzle's completions one by one would not finish: a quick random-path "
                           "estimate puts the search beyond 1e13 steps" + advice);
  }
  sc::ExactOptions exact_options;
  exact_options.threads = static_cast<int>(options.integer("threads"));
  exact_options.fix_first_row = options.flag("fix-first-row");
  const bool show_progress = isatty(STDERR_FILENO) && !options.flag("json");
  auto progress = [&](double fraction) {
    if (show_progress) std::fprintf(stderr, "\r\033[K%5.1f%% done", 100 * fraction), std::fflush(stderr);
  };
  const sc::ExactResult result = method == "bands" ? sc::count_grids_by_bands(shape, exact_options, progress)
                                                   : sc::count_completions_dlx(puzzle, exact_options);
  if (show_progress && method == "bands") std::fprintf(stderr, "\r\033[K");

  if (options.flag("json")) {
    JsonObject json = shape_json("exact", shape);
    json.add("count", result.count.str())
        .add("count_scientific", sc::format_scientific(result.count))
        .add("puzzle", has_puzzle)
        .add("symmetry", "none")
        .add("first_row_fixed", result.first_row_fixed);
    if (result.first_row_fixed) json.add("count_first_row_fixed", result.count_with_first_row_fixed.str());
    json.add("seconds", result.seconds).add("threads", result.threads).add("method", result.method);
    if (!result.note.empty()) json.add("note", result.note);
    if (!result.detail.empty()) json.add("detail", result.detail);
    std::cout << json.str() << "\n";
    return 0;
  }
  std::cout << "box " << shape.name() << " (" << grid_description(shape) << "), method " << result.method << "\n"
            << (has_puzzle ? "completions of the given puzzle" : "all completed grids (no symmetry reduction)")
            << "\n";
  if (!result.note.empty()) std::cout << result.note << "\n";
  if (!result.detail.empty()) std::cout << "sum over " << result.detail << "\n";
  if (result.first_row_fixed)
    std::cout << "first row fixed to 1.." << shape.n() << ": " << result.count_with_first_row_fixed << " grids, times "
              << shape.n() << "! = " << sc::factorial(shape.n()) << "\n";
  std::cout << "count: " << result.count << "\n"
            << "       " << sc::format_scientific(result.count) << "\n";
  std::printf("time: %.3f s, threads: %d\n", result.seconds, result.threads);
  return 0;
}

// ---- estimate -----------------------------------------------------------------
std::string short_sci(const sc::BigFloat& value) { return sc::format_scientific(value, 5); }

// A confidence level as a percentage: enough digits that 0.999999 does not
// print as 100.
std::string percent(double confidence) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.12g%%", 100 * confidence);
  return buffer;
}

// JSON null for what is undefined: the estimate before the first sample,
// the standard error and the interval before the second.
void add_summary(JsonObject& json, const sc::Progress& progress) {
  const sc::Summary& s = progress.summary;
  auto number = [](bool known, const sc::BigFloat& value) {
    return known ? "\"" + sc::format_scientific(value) + "\"" : std::string("null");
  };
  json.add_raw("estimate", number(s.samples > 0, s.estimate))
      .add("log10_estimate", s.log10_estimate)
      .add_raw("std_error", number(s.error_known, s.std_error))
      .add("rel_std_error", s.rel_std_error)
      .add_raw("ci_low", number(s.error_known, s.ci_low))
      .add_raw("ci_high", number(s.error_known, s.ci_high))
      .add("confidence", s.confidence)
      .add("samples", s.samples)
      .add("seconds", progress.seconds)
      .add("threads", progress.threads)
      .add("effective_sample_size", s.effective_sample_size)
      .add("max_weight_share", s.max_weight_share);
}

int run_estimate(const ParsedOptions& options) {
  // From here on a signal never ends the process: it stops the run, which
  // then prints its summary (a signal during set-up stops the run before
  // its first sample).
  install_signal_handlers();
  const sc::Shape shape = require_shape(options, "estimate");
  sc::RunOptions run;
  run.seed = options.integer("seed");
  run.threads = static_cast<int>(options.integer("threads"));
  run.confidence = options.real("confidence");
  run.stop.forever = options.flag("forever");
  run.stop.min_samples = options.integer("min-samples");
  const bool any_stop = options.has("rel-error") || options.has("time") || options.has("samples");
  if (run.stop.forever && any_stop)
    throw sc::InputError("--forever runs until interrupted: drop --rel-error, --time and --samples, or --forever");
  if (options.has("rel-error")) run.stop.rel_error = options.real("rel-error");
  if (options.has("time")) run.stop.seconds = options.real("time");
  if (options.has("samples")) run.stop.samples = options.integer("samples");
  if (!any_stop && !run.stop.forever) {
    run.stop.rel_error = 1e-4;
    run.stop.seconds = 60;
  }
  const bool json = options.flag("json");
  run.report_every = options.has("report-every") ? options.real("report-every") : (isatty(STDOUT_FILENO) ? 1.0 : 0.0);

  const auto build_start = std::chrono::steady_clock::now();
  const auto estimator = sc::make_estimator(options.text("method"), shape);
  const double build_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - build_start).count();
  const sc::BigInt group = sc::symmetry_group_order(shape);

  if (!json) {
    std::cout << "box " << shape.name() << " (" << grid_description(shape) << "), method " << estimator->name()
              << ", seed " << run.seed << "\n";
    if (!estimator->note().empty()) std::cout << estimator->note() << "\n";
    std::printf("set-up (tables) took %.2f s\n", build_seconds);
    std::cout << std::flush;
  }
  const bool progress_line = run.stop.rel_error > 0 && isatty(STDERR_FILENO);
  auto report = [&](const sc::Progress& p) {
    const sc::Summary& s = p.summary;
    if (progress_line) std::fprintf(stderr, "\r\033[K");
    if (json) {
      JsonObject line = shape_json("estimate", shape);
      add_summary(line, p);
      line.add("seed", std::to_string(run.seed)).add("method", estimator->name()).add("symmetry", "none");
      if (!estimator->note().empty()) line.add("note", estimator->note());
      line.add("final", p.final);
      if (p.final) {
        line.add("stop_reason", p.stop_reason).add("symmetry_group_order", group.str());
        if (s.samples > 0) line.add("estimate_per_symmetry", sc::format_scientific(s.estimate / sc::BigFloat(group)));
        else line.add_raw("estimate_per_symmetry", "null");
        line.add("build_seconds", build_seconds);
      }
      std::cout << line.str() << "\n" << std::flush;
    } else if (!p.final && s.error_known) {
      std::printf("[%8.1f s] samples %-10llu estimate %s  rse %.2e  %s CI [%s, %s]\n", p.seconds,
                  static_cast<unsigned long long>(s.samples), sc::format_scientific(s.estimate).c_str(),
                  s.rel_std_error, percent(s.confidence).c_str(), short_sci(s.ci_low).c_str(),
                  short_sci(s.ci_high).c_str());
      std::fflush(stdout);
    }
    if (progress_line && !p.final && std::isfinite(s.rel_std_error) && s.rel_std_error > 0) {
      // Samples still needed scale with (rse / target)^2 at the current variance.
      const double ratio = s.rel_std_error / run.stop.rel_error;
      const double fraction = std::min(1.0, 1.0 / (ratio * ratio));
      const double eta = p.seconds * (ratio * ratio - 1);
      std::fprintf(stderr, "target rse %.1e: %5.1f%% there, ETA %.0f s", run.stop.rel_error, 100 * fraction,
                   std::max(0.0, eta));
      std::fflush(stderr);
    }
  };
  const sc::Progress result = sc::run_estimate(*estimator, run, report, &g_interrupted);
  if (json) return 0;

  const sc::Summary& s = result.summary;
  std::cout << "all grids counted (no symmetry reduction)\n";
  if (s.samples == 0) {
    std::cout << "estimate: none (no samples were drawn)\n";
  } else if (!s.error_known) {
    std::printf("estimate: %s (standard error and interval need at least 2 samples)\n",
                sc::format_scientific(s.estimate).c_str());
  } else {
    std::printf("estimate: %s +- %s (relative standard error %.3e)\n", sc::format_scientific(s.estimate).c_str(),
                sc::format_scientific(s.std_error, 3).c_str(), s.rel_std_error);
    std::printf("%s confidence interval: [%s, %s]\n", percent(s.confidence).c_str(),
                sc::format_scientific(s.ci_low).c_str(), sc::format_scientific(s.ci_high).c_str());
  }
  std::printf("samples: %llu in %.2f s on %d threads (stopped: %s)\n", static_cast<unsigned long long>(s.samples),
              result.seconds, result.threads, result.stop_reason.c_str());
  if (s.samples == 0) return 0;
  std::printf("diagnostics: effective sample size %.4g, largest weight share %.3g\n", s.effective_sample_size,
              s.max_weight_share);
  std::cout << "symmetry group order " << group << " (relabelling, band/stack and row/column permutations"
            << (shape.box_rows == shape.box_cols ? ", transposition" : "") << "): estimate / order = "
            << sc::format_scientific(s.estimate / sc::BigFloat(group), 5)
            << " (an approximation of the number of essentially different grids)\n";
  if (s.samples >= 2 && s.max_weight_share > 0.2)
    std::cerr << "warning: one sample carries " << s.max_weight_share * 100
              << "% of the total weight; the standard error may be unreliable\n";
  return 0;
}

// ---- tables -------------------------------------------------------------------
int run_tables(const ParsedOptions& options) {
  const sc::Shape shape = require_shape(options, "tables");
  const sc::BandTables tables = sc::BandTables::build(shape);
  if (options.flag("json")) {
    std::string list;
    for (const auto& t : tables.report) {
      JsonObject entry;
      entry.add("name", t.name).add("entries", static_cast<std::uint64_t>(t.entries))
          .add("bytes", static_cast<std::uint64_t>(t.bytes)).add("seconds", t.seconds);
      list += (list.empty() ? "" : ",") + entry.str();
    }
    JsonObject json = shape_json("tables", shape);
    json.add("bands_total", tables.bands_total.str()).add_raw("tables", "[" + list + "]");
    std::cout << json.str() << "\n";
    return 0;
  }
  std::cout << "box " << shape.name() << " (" << grid_description(shape) << ")\n";
  double total_seconds = 0;
  std::size_t total_bytes = 0;
  for (const auto& t : tables.report) {
    std::printf("%-20s %14zu entries %10.1f MB %8.3f s\n", t.name.c_str(), t.entries, t.bytes / 1e6, t.seconds);
    total_seconds += t.seconds;
    total_bytes += t.bytes;
  }
  std::printf("%-20s %14s         %10.1f MB %8.3f s\n", "total", "", total_bytes / 1e6, total_seconds);
  std::cout << "all bands (N! x canonical): " << tables.bands_total << "\n";
  return 0;
}

int dispatch(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << sc::cli::tool_help();
    return 2;
  }
  const std::string first = argv[1];
  if (first == "--help" || first == "-h" || first == "help") {
    std::cout << sc::cli::tool_help();
    return 0;
  }
  if (first == "--version") {
    std::cout << "sudoku-count " << sc::kVersion << "\n";
    return 0;
  }
  const sc::cli::CommandSpec* command = sc::cli::find_command(first);
  if (!command) throw sc::InputError("unknown command " + sc::quote_input(first) + " (see 'sudoku-count --help')");
  bool help = false;
  const ParsedOptions options =
      sc::cli::parse_command_line(*command, std::vector<std::string>(argv + 2, argv + argc), help);
  if (help) {
    std::cout << sc::cli::command_help(*command);
    return 0;
  }
  if (command->name == "exact") return run_exact(options);
  if (command->name == "estimate") return run_estimate(options);
  return run_tables(options);
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return dispatch(argc, argv);
  } catch (const sc::InputError& e) {
    std::cerr << "sudoku-count: error: " << e.what() << "\n";
    return 2;
  } catch (const std::bad_alloc&) {
    std::cerr << "sudoku-count: error: out of memory\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "sudoku-count: internal error: " << e.what() << "\n";
    return 1;
  }
}
