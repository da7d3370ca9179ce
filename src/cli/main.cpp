// sudoku-count: the command-line front end. It parses options into checked
// values, calls the library, prints, and maps errors to exit codes
// (2: bad usage or input, 1: internal error).
#include <unistd.h>

#include <atomic>
#include <chrono>
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
#include "sudoku_count/singles.hpp"
#include "sudoku_count/solve.hpp"
#include "sudoku_count/tables.hpp"
#include "sudoku_count/version.hpp"

namespace sc = sudoku_count;
using sudoku_count::cli::JsonObject;
using sudoku_count::cli::ParsedOptions;

namespace {

std::atomic<bool> g_interrupted{false};
static_assert(std::atomic<bool>::is_always_lock_free, "the signal handler needs a lock-free flag");

extern "C" void on_signal(int) { g_interrupted.store(true); }

void install_signal_handlers() {
  struct sigaction action {};
  action.sa_handler = on_signal;
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

void refuse_two_puzzle_sources(const ParsedOptions& options) {
  if (options.has("puzzle") && options.has("puzzle-file"))
    throw sc::InputError("give either --puzzle or --puzzle-file, not both");
}

std::string grid_description(const sc::Shape& shape) {
  return std::to_string(shape.n()) + "x" + std::to_string(shape.n()) + " grid";
}

std::string read_file(const std::string& path) {
  std::error_code error;
  if (std::filesystem::is_directory(path, error))
    throw sc::InputError("cannot read puzzle file '" + path + "': it is a directory");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw sc::InputError("cannot read puzzle file '" + path + "': it is missing or unreadable");
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw sc::InputError("cannot read puzzle file '" + path + "'");
  return text.str();
}

JsonObject shape_json(const std::string& command, const sc::Shape& shape) {
  JsonObject json;
  json.add("command", command).add("box_rows", shape.box_rows).add("box_cols", shape.box_cols).add("grid_size",
                                                                                                   shape.n());
  return json;
}

// Completed grids as JSON strings, one line each (format_line).
std::string solutions_json(const std::vector<sc::Grid>& grids) {
  std::vector<std::string> lines;
  for (const sc::Grid& grid : grids) lines.push_back(sc::format_line(grid));
  return JsonObject::string_array(lines);
}

// "label 1:" and the grid, for each grid, with a blank line between.
void print_grids(const std::string& label, const std::vector<sc::Grid>& grids) {
  for (std::size_t i = 0; i < grids.size(); ++i)
    std::cout << (i ? "\n" : "") << label << " " << i + 1 << ":\n" << sc::format_grid(grids[i]);
}

// ---- exact ------------------------------------------------------------------
int run_exact(const ParsedOptions& options) {
  const sc::Shape shape = require_shape(options, "exact");
  refuse_two_puzzle_sources(options);
  std::string method = options.text("method");
  if (method != "auto" && method != "dlx" && method != "bands")
    throw sc::InputError("unknown exact method '" + method + "': choose auto, dlx or bands");
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
  // second): refuse a puzzle whose completions are clearly beyond reach.
  // Only sparse puzzles (givens in at most a sixth of the cells; the
  // 8008-completion 9x9 puzzle has 18 of 81) can have that many, so others
  // skip the quick estimate.
  if (method == "dlx" && !empty && 6 * sc::given_count(puzzle) <= shape.cells()) {
    constexpr double kMaxCompletions = 1e12;
    const double expected = sc::estimated_completions(puzzle, 200);
    if (expected > kMaxCompletions)
      throw sc::InputError("this puzzle has roughly " + sc::format_scientific(sc::BigFloat(expected), 2) +
                           " completions (a quick random-path estimate): counting them one by one would not finish; "
                           "add givens, or estimate the count of all grids with 'sudoku-count estimate'");
  }
  // The completions to show come from dancing links whatever the method
  // counting them: the first K in its search order.
  const bool print = options.has("print");
  const std::vector<sc::Grid> printed = print ? sc::find_completions(puzzle, options.integer("print"))
                                              : std::vector<sc::Grid>{};
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
    if (print) json.add_raw("solutions", solutions_json(printed));
    std::cout << json.str() << "\n";
    return 0;
  }
  std::cout << "box " << shape.name() << " (" << grid_description(shape) << "), method " << result.method << "\n"
            << (has_puzzle ? "completions of the given puzzle" : "all completed grids (no symmetry reduction)")
            << "\n";
  if (!result.note.empty()) std::cout << result.note << "\n";
  if (!result.detail.empty()) std::cout << "sum over " << result.detail << "\n";
  if (const std::uint64_t asked = print ? options.integer("print") : 0; asked > 0) {
    // Fewer found than asked means the search ran out: these are all.
    const std::size_t found = printed.size();
    if (found == 0)
      std::cout << "no completion to print\n";
    else if (found < asked)
      std::cout << (found == 1 ? "the only completion:" : "all " + std::to_string(found) + " completions, in search order:")
                << "\n";
    else
      std::cout << "the first " << (found == 1 ? "completion" : std::to_string(found) + " completions")
                << " in search order:\n";
    print_grids("completion", printed);
    if (found > 0) std::cout << "\n";
  }
  if (result.first_row_fixed)
    std::cout << "first row fixed to 1.." << shape.n() << ": " << result.count_with_first_row_fixed << " grids, times "
              << shape.n() << "! = " << sc::factorial(shape.n()) << "\n";
  std::cout << "count: " << result.count << "\n"
            << "       " << sc::format_scientific(result.count) << "\n";
  std::printf("time: %.3f s, threads: %d\n", result.seconds, result.threads);
  return 0;
}

// ---- solve --------------------------------------------------------------------
// The cells where two grids differ, as "r1c2 r1c3 ...".
std::string differing_cells(const sc::Grid& a, const sc::Grid& b, int& count) {
  const int n = a.shape.n();
  std::string cells;
  count = 0;
  for (int cell = 0; cell < a.shape.cells(); ++cell)
    if (a.cells[cell] != b.cells[cell]) cells += (count++ ? " " : "") + sc::cell_name(cell / n, cell % n);
  return cells;
}

void print_solve_text(const sc::SolveResult& result, const sc::Shape& shape, bool explain) {
  if (explain) {
    if (!result.deductions.empty()) std::cout << "singles:\n";
    for (const sc::Deduction& deduction : result.deductions) std::cout << "  " << sc::describe(deduction, shape) << "\n";
    const std::size_t placed = result.deductions.size();
    const std::string placed_text = std::to_string(placed) + (placed == 1 ? " cell" : " cells");
    if (!result.contradiction.empty())
      std::cout << "singles ran into a contradiction" << (placed ? " after placing " + placed_text : "") << ": "
                << result.contradiction << "; no search needed\n";
    else if (result.search_cells == 0)
      std::cout << "singles alone solved it (" << placed_text << "); no search\n";
    else if (placed == 0)
      std::cout << "no singles apply: all " << result.search_cells << " blank cells left to search\n";
    else
      std::cout << "singles filled " << placed_text << ", leaving " << result.search_cells << " to search\n";
  }
  switch (result.status) {
    case sc::SolveStatus::None: std::cout << "none: no solution\n"; break;
    case sc::SolveStatus::Unique:
      std::cout << "unique: exactly one solution\n" << sc::format_grid(result.solutions[0]);
      break;
    case sc::SolveStatus::Multiple: {
      int count = 0;
      const std::string cells = differing_cells(result.solutions[0], result.solutions[1], count);
      std::cout << "multiple: more than one solution; the first two in search order differ in " << count
                << " cells: " << cells << "\n";
      print_grids("solution", result.solutions);
      break;
    }
  }
}

JsonObject solve_json(const sc::SolveResult& result, const sc::Shape& shape, bool explain) {
  JsonObject json = shape_json("solve", shape);
  json.add("status", sc::status_name(result.status))
      .add_raw("solutions", solutions_json(result.solutions))
      .add("seconds", result.seconds);
  if (explain) {
    std::vector<std::string> deductions;
    for (const sc::Deduction& deduction : result.deductions) deductions.push_back(sc::describe(deduction, shape));
    json.add_raw("deductions", JsonObject::string_array(deductions))
        .add("singles_solved", result.contradiction.empty() && result.search_cells == 0)
        .add("search_cells", result.search_cells);
    if (!result.contradiction.empty()) json.add("contradiction", result.contradiction);
  }
  return json;
}

int run_solve(const ParsedOptions& options) {
  const sc::Shape shape = require_shape(options, "solve");
  refuse_two_puzzle_sources(options);
  if (!options.has("puzzle") && !options.has("puzzle-file"))
    throw sc::InputError("missing puzzle: give --puzzle TEXT, or --puzzle-file FILE with one puzzle a line");
  sc::SolveOptions solve_options;
  solve_options.explain = options.flag("explain");
  solve_options.threads = static_cast<int>(options.integer("threads"));
  const bool json = options.flag("json");

  if (options.has("puzzle")) {
    const sc::SolveResult result = sc::solve(sc::parse_puzzle(options.text("puzzle"), shape), solve_options);
    if (json) {
      std::cout << solve_json(result, shape, solve_options.explain).str() << "\n";
    } else {
      std::cout << "box " << shape.name() << " (" << grid_description(shape) << ")\n";
      print_solve_text(result, shape, solve_options.explain);
      std::printf("time: %.3f s\n", result.seconds);
    }
    return 0;
  }

  // Every line is read and checked before anything is solved.
  const std::string path = options.text("puzzle-file");
  const std::string text = read_file(path);
  std::vector<sc::ListedPuzzle> listed;
  try {
    listed = sc::parse_puzzle_list(text, shape);
  } catch (const sc::InputError& e) {
    throw sc::InputError("puzzle file '" + path + "': " + e.what());
  }
  std::vector<sc::Grid> puzzles;
  for (const sc::ListedPuzzle& entry : listed) puzzles.push_back(entry.grid);
  const sc::BatchResult batch = sc::solve_all(puzzles, solve_options);

  std::size_t unique = 0, multiple = 0, none = 0;
  for (std::size_t i = 0; i < batch.results.size(); ++i) {
    const sc::SolveResult& result = batch.results[i];
    unique += result.status == sc::SolveStatus::Unique;
    multiple += result.status == sc::SolveStatus::Multiple;
    none += result.status == sc::SolveStatus::None;
    if (json) {
      JsonObject object = solve_json(result, shape, solve_options.explain);
      object.add("line", listed[i].line);
      std::cout << object.str() << "\n";
    } else {
      std::cout << (i ? "\n" : "") << "puzzle " << i + 1 << " (line " << listed[i].line << ")\n";
      print_solve_text(result, shape, solve_options.explain);
    }
  }
  if (!json) {
    const std::size_t total = batch.results.size();
    std::cout << "\nbox " << shape.name() << " (" << grid_description(shape) << "): " << total
              << (total == 1 ? " puzzle" : " puzzles") << ", " << unique << " unique, " << multiple << " multiple, "
              << none << " none\n";
    std::printf("time: %.3f s on %d %s (%.0f puzzles/s)\n", batch.seconds, batch.threads,
                batch.threads == 1 ? "thread" : "threads", batch.seconds > 0 ? total / batch.seconds : 0.0);
  }
  return 0;
}

// ---- estimate -----------------------------------------------------------------
std::string short_sci(const sc::BigFloat& value) { return sc::format_scientific(value, 5); }

void add_summary(JsonObject& json, const sc::Progress& progress) {
  const sc::Summary& s = progress.summary;
  json.add("estimate", sc::format_scientific(s.estimate))
      .add("log10_estimate", s.log10_estimate)
      .add("std_error", sc::format_scientific(s.std_error))
      .add("rel_std_error", s.rel_std_error)
      .add("ci_low", sc::format_scientific(s.ci_low))
      .add("ci_high", sc::format_scientific(s.ci_high))
      .add("confidence", s.confidence)
      .add("samples", s.samples)
      .add("seconds", progress.seconds)
      .add("threads", progress.threads)
      .add("effective_sample_size", s.effective_sample_size)
      .add("max_weight_share", s.max_weight_share);
}

int run_estimate(const ParsedOptions& options) {
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
        line.add("stop_reason", p.stop_reason)
            .add("symmetry_group_order", group.str())
            .add("estimate_per_symmetry", sc::format_scientific(s.estimate / sc::BigFloat(group)))
            .add("build_seconds", build_seconds);
      }
      std::cout << line.str() << "\n" << std::flush;
    } else if (!p.final) {
      std::printf("[%8.1f s] samples %-10llu estimate %s  rse %.2e  %g%% CI [%s, %s]\n", p.seconds,
                  static_cast<unsigned long long>(s.samples), sc::format_scientific(s.estimate).c_str(),
                  s.rel_std_error, 100 * s.confidence, short_sci(s.ci_low).c_str(), short_sci(s.ci_high).c_str());
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
  install_signal_handlers();
  const sc::Progress result = sc::run_estimate(*estimator, run, report, &g_interrupted);
  if (json) return 0;

  const sc::Summary& s = result.summary;
  std::cout << "all grids counted (no symmetry reduction)\n";
  std::printf("estimate: %s +- %s (relative standard error %.3e)\n", sc::format_scientific(s.estimate).c_str(),
              sc::format_scientific(s.std_error, 3).c_str(), s.rel_std_error);
  std::printf("%g%% confidence interval: [%s, %s]\n", 100 * s.confidence, sc::format_scientific(s.ci_low).c_str(),
              sc::format_scientific(s.ci_high).c_str());
  std::printf("samples: %llu in %.2f s on %d threads (stopped: %s)\n", static_cast<unsigned long long>(s.samples),
              result.seconds, result.threads, result.stop_reason.c_str());
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
  if (!command) throw sc::InputError("unknown command '" + first + "' (see 'sudoku-count --help')");
  bool help = false;
  const ParsedOptions options =
      sc::cli::parse_command_line(*command, std::vector<std::string>(argv + 2, argv + argc), help);
  if (help) {
    std::cout << sc::cli::command_help(*command);
    return 0;
  }
  if (command->name == "exact") return run_exact(options);
  if (command->name == "estimate") return run_estimate(options);
  if (command->name == "solve") return run_solve(options);
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
