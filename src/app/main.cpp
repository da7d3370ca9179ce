// sudoku-count: the command-line front end. It parses options into checked
// values, calls the library, prints, and maps errors to exit codes
// (2: bad usage or input, 1: internal error, 3: an estimate whose final
// checkpoint could not be written).
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <system_error>

#include "distributed.hpp"
#include "json.hpp"
#include "options.hpp"
#include "exact/search_size.hpp"
#include "sudoku_count/checkpoint.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/run.hpp"
#include "sudoku_count/exact.hpp"
#include "sudoku_count/exact.hpp"
#include "sudoku_count/grid.hpp"
#include "solve/singles.hpp"
#include "sudoku_count/solve.hpp"
#include "bands/band_tables.hpp"
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
        "two bands of up to 5 rows, 2-row boxes with up to 4 bands and 3-row boxes up to 3x3 (or their transposes); for an estimate with "
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
    const sc::detail::SearchEstimate search = sc::detail::estimate_search(puzzle, 200, kMaxNodes);
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

// A confidence level as a percentage: enough digits that 0.999999 does not
// print as 100.
std::string percent(double confidence) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.12g%%", 100 * confidence);
  return buffer;
}

// JSON null for what is undefined: the estimate before the first sample,
// the standard error before the second, and the interval while the tail
// diagnostics do not support one.
void add_estimate(JsonObject& json, const sc::Summary& s) {
  auto number = [](bool known, const sc::BigFloat& value) {
    return known ? "\"" + sc::format_scientific(value) + "\"" : std::string("null");
  };
  const bool interval = s.error_known && s.interval != sc::IntervalStatus::Unreliable;
  json.add_raw("estimate", number(s.samples > 0, s.estimate))
      .add("log10_estimate", s.log10_estimate)
      .add_raw("std_error", number(s.error_known, s.std_error))
      .add("rel_std_error", s.rel_std_error)
      .add_raw("ci_low", number(interval, s.ci_low))
      .add_raw("ci_high", number(interval, s.ci_high))
      .add("confidence", s.confidence)
      .add("samples", s.samples);
}

void add_diagnostics(JsonObject& json, const sc::Summary& s) {
  json.add("effective_sample_size", s.effective_sample_size).add("max_weight_share", s.max_weight_share);
  json.add("log_weight_mean", s.log_weight_mean)
      .add("log_weight_var", s.log_weight_var)
      .add("rel_var", s.empirical_rel_var)
      .add("lognormal_rel_var", s.lognormal_rel_var)
      .add("tail_unsampled", s.tail_unsampled)
      .add("lognormal_samples_needed", s.lognormal_samples_needed)
      .add("pareto_k", s.pareto_k)
      .add("tail_size", s.tail_size)
      .add("interval", sc::interval_name(s.interval));
  if (s.interval == sc::IntervalStatus::Unreliable && s.lower_bound_known)
    json.add("lower_bound", sc::format_scientific(s.lower_bound));
}

void add_symmetry(JsonObject& json, const sc::Summary& s, const sc::BigInt& group) {
  json.add("symmetry_group_order", group.str());
  if (s.samples > 0) json.add("estimate_per_symmetry", sc::format_scientific(s.estimate / sc::BigFloat(group)));
  else json.add_raw("estimate_per_symmetry", "null");
}

// Significant digits that the standard error supports: down to the error's
// second significant digit, at least 2 and at most 10.
int supported_digits(const sc::Summary& s) {
  if (!s.error_known || !(s.rel_std_error > 0) || !std::isfinite(s.rel_std_error)) return 10;
  const int digits = static_cast<int>(std::floor(-std::log10(s.rel_std_error))) + 2;
  return std::clamp(digits, 2, 10);
}

std::string k_text(double k) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.2f", k);
  return buffer;
}

// The closing lines of a text estimate: value, interval (then the caller's
// sample line), diagnostics and the symmetry line.
void print_estimate(const sc::Summary& s) {
  std::cout << "all grids counted (no symmetry reduction)\n";
  const int digits = supported_digits(s);
  if (s.samples == 0) {
    std::cout << "estimate: none (no samples were drawn)\n";
  } else if (!s.error_known) {
    std::printf("estimate: %s (standard error and interval need at least 2 samples)\n",
                sc::format_scientific(s.estimate, 2).c_str());
  } else if (s.interval == sc::IntervalStatus::Unreliable) {
    char needed[64];
    std::snprintf(needed, sizeof needed, "%.3g", s.lognormal_samples_needed);
    const std::string why =
        std::isnan(s.pareto_k)
            ? "too few samples to fit the weight tail (" + std::to_string(sc::kMinSamplesForTailFit) + " needed)"
        : s.pareto_k >= 0.7 ? "the weight tail is too heavy (Pareto k " + k_text(s.pareto_k) + " >= 0.7)"
                            : "too few samples for the log-weight variance (S " + k_text(s.log_weight_var) +
                                  " needs about " + needed + " samples, 4 e^(4S))";
    std::printf("estimate: %s, unreliable: no error bar, %s; the standard error %s (relative %.2g) cannot be trusted\n",
                sc::format_scientific(s.estimate, 2).c_str(), why.c_str(), sc::format_scientific(s.std_error, 2).c_str(),
                s.rel_std_error);
    if (s.lower_bound_known)
      std::printf("%s lower bound, whatever the tail: %s (Markov's inequality over %d replicate groups)\n",
                  percent(s.confidence).c_str(), sc::format_scientific(s.lower_bound, 2).c_str(),
                  sc::WeightAccumulator::kReplicates);
  } else {
    std::printf("estimate: %s +- %s (relative standard error %.2e)\n", sc::format_scientific(s.estimate, digits).c_str(),
                sc::format_scientific(s.std_error, 2).c_str(), s.rel_std_error);
    std::printf("%s confidence interval%s: [%s, %s]\n", percent(s.confidence).c_str(),
                s.interval == sc::IntervalStatus::Approximate
                    ? (" (approximate: Pareto k " + k_text(s.pareto_k) + " in [0.5, 0.7))").c_str()
                    : "",
                sc::format_scientific(s.ci_low, digits).c_str(), sc::format_scientific(s.ci_high, digits).c_str());
  }
}

void print_diagnostics(const sc::Shape& shape, const sc::Summary& s, const sc::BigInt& group) {
  if (s.samples == 0) return;
  std::printf("diagnostics: effective sample size %.4g, largest weight share %.3g\n", s.effective_sample_size,
              s.max_weight_share);
  if (s.samples >= 2)
    std::printf("tail: Pareto k %s%s, log-weight variance S %.3g, relative variance %.3g measured, %.3g if "
                "lognormal (e^S - 1), which needs %.3g samples\n",
                std::isnan(s.pareto_k) ? "not fitted" : k_text(s.pareto_k).c_str(),
                std::isnan(s.pareto_k) ? "" : (" (largest " + std::to_string(s.tail_size) + ")").c_str(),
                s.log_weight_var, s.empirical_rel_var, s.lognormal_rel_var, s.lognormal_samples_needed);
  std::cout << "symmetry group order " << group << " (relabelling, band/stack and row/column permutations"
            << (shape.box_rows == shape.box_cols ? ", transposition" : "") << "): estimate / order = "
            << sc::format_scientific(s.estimate / sc::BigFloat(group), std::min(5, supported_digits(s)))
            << " (an approximation of the number of essentially different grids)\n";
  if (s.tail_unsampled)
    std::cerr << "warning: the measured relative variance is far below the lognormal one: the rare large weights "
                 "have probably not been drawn yet, and the standard error is likely too small\n";
  if (s.samples >= 2 && s.max_weight_share > 0.2)
    std::cerr << "warning: one sample carries " << s.max_weight_share * 100
              << "% of the total weight; the standard error may be unreliable\n";
}

std::string blocks_text(const sc::BlockRange& range) {
  if (range.blocks() == 0) return "no blocks";
  return "blocks " + std::to_string(range.first) + ".." + std::to_string(range.end - 1);
}

// A checkpoint is a user's saved run: never replaced by a new run unless
// it is the one being resumed.
void refuse_existing_checkpoint(const std::string& path, const std::string& resume_path, const std::string& option) {
  std::error_code error;
  if (!std::filesystem::exists(path, error)) return;
  if (std::filesystem::is_directory(path, error))
    throw sc::InputError(option + " " + path + ": it is a directory; give a file name");
  if (!resume_path.empty() && std::filesystem::equivalent(path, resume_path, error)) return;
  throw sc::InputError(option + " " + path + ": the file already exists and holds a saved run; continue it with "
                       "'--resume " + path + "', or remove the file (or choose another name) to start afresh");
}

int run_estimate(const ParsedOptions& options, const sc::cli::ProcessGroup& group) {
  // From here on a signal never ends the process: it stops the run, which
  // then prints its summary (a signal during set-up stops the run before
  // its first sample).
  install_signal_handlers();
  const std::string resume_path = options.text("resume");
  const std::string checkpoint_path = options.has("checkpoint") ? options.text("checkpoint") : resume_path;
  std::optional<sc::Checkpoint> resumed;
  if (options.has("resume")) {
    if (options.given("first-block"))
      throw sc::InputError("--first-block is fixed by the checkpoint being resumed; drop it");
    // The leader reads and checks the file; every process gets the same state.
    resumed = sc::parse_checkpoint(
        group.share([&] { return sc::format_checkpoint(sc::load_checkpoint(resume_path)); }), resume_path);
    if (resumed->ranges.size() != 1)
      throw sc::InputError("checkpoint '" + resume_path + "' holds " + std::to_string(resumed->ranges.size()) +
                           " merged runs and cannot be resumed; merge it with further runs instead "
                           "('sudoku-count merge')");
  }
  const sc::Shape shape = resumed ? resumed->shape : require_shape(options, "estimate");
  if (resumed && options.given("box") && sc::Shape::parse(options.text("box")) != shape)
    throw sc::InputError("--box " + options.text("box") + " does not match checkpoint '" + resume_path + "' (box " +
                         shape.name() + "); drop --box to resume it");
  sc::RunOptions run;
  run.seed = resumed ? resumed->ranges[0].seed : options.integer("seed");
  if (resumed && options.given("seed") && options.integer("seed") != run.seed)
    throw sc::InputError("--seed " + options.text("seed") + " does not match checkpoint '" + resume_path + "' (seed " +
                         std::to_string(run.seed) + "); drop --seed to resume it, or start a new run with its own "
                         "checkpoint and merge the two");
  run.threads = static_cast<int>(options.integer("threads"));
  run.confidence = options.real("confidence");
  run.stop.forever = options.flag("forever");
  run.stop.min_samples = options.integer("min-samples");
  const bool any_stop = options.has("rel-error") || options.has("time") || options.has("samples") || options.has("blocks");
  if (run.stop.forever && any_stop)
    throw sc::InputError(
        "--forever runs until interrupted: drop --rel-error, --time, --samples and --blocks, or --forever");
  if (options.has("rel-error")) run.stop.rel_error = options.real("rel-error");
  if (options.has("time")) run.stop.seconds = options.real("time");
  if (options.has("samples")) run.stop.samples = options.integer("samples");
  if (options.has("blocks")) run.stop.blocks = options.integer("blocks");
  if (!any_stop && !run.stop.forever) {
    run.stop.rel_error = 1e-4;
    run.stop.seconds = 60;
  }
  if (options.given("checkpoint-every") && checkpoint_path.empty())
    throw sc::InputError("--checkpoint-every needs a checkpoint: add --checkpoint FILE (or --resume FILE)");
  run.checkpoint_every = options.real("checkpoint-every");
  const bool json = options.flag("json");
  run.report_every = options.has("report-every") ? options.real("report-every") : (isatty(STDOUT_FILENO) ? 1.0 : 0.0);
  if (!checkpoint_path.empty())
    group.share([&] {
      refuse_existing_checkpoint(checkpoint_path, resume_path, options.has("checkpoint") ? "--checkpoint" : "--resume");
      return std::string();
    });

  // Resuming without --method: the method that wrote the checkpoint ("auto"
  // reproduces a transposed orientation, which only it chooses).
  const auto build_start = std::chrono::steady_clock::now();
  const auto estimator =
      resumed && !options.given("method") && !options.given("particles")
          ? sc::make_estimator_for_variant(resumed->method, shape)
          : sc::make_estimator(options.text("method"), shape,
                               sc::EstimatorOptions{static_cast<int>(options.integer("particles"))});
  const double build_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - build_start).count();
  const sc::BigInt group_order = sc::symmetry_group_order(shape);

  // What a checkpoint of this run records (its blocks and sums filled in as it goes).
  sc::Checkpoint state;
  state.tool_version = sc::kVersion;
  state.shape = shape;
  state.method = estimator->variant();
  state.samples_per_block = estimator->samples_per_block();
  if (resumed) {
    try {
      sc::require_compatible(*resumed, "checkpoint '" + resume_path + "'", state, "this run");
    } catch (const sc::InputError& e) {
      throw sc::InputError(std::string("cannot resume: ") + e.what());
    }
    const bool already_done = run.stop.samples > 0 && resumed->accumulator.count() >= run.stop.samples;
    if (!resumed->resumable() && !already_done)
      throw sc::InputError("checkpoint '" + resume_path + "' stopped inside block " +
                           std::to_string(resumed->ranges[0].end - 1) + " at exactly " +
                           std::to_string(resumed->accumulator.count()) +
                           " samples (a --samples budget) and cannot be extended; start a further run with another "
                           "--seed and combine the two with 'sudoku-count merge'");
    run.start.first_block = resumed->ranges[0].first;
    run.start.blocks_done = resumed->ranges[0].blocks();
    run.start.accumulator = resumed->accumulator;
    run.start.seconds = resumed->seconds;
  } else {
    run.start.first_block = options.integer("first-block");
  }

  const auto runner = group.make_runner(*estimator, run.threads);
  if (!group.leader()) {
    runner->serve();  // the leader decides when to stop (signals were caught from the start)
    return 0;
  }

  if (!json) {
    std::cout << "box " << shape.name() << " (" << grid_description(shape) << "), method " << estimator->name()
              << ", seed " << run.seed << "\n";
    if (!estimator->note().empty()) std::cout << estimator->note() << "\n";
    std::printf("set-up (tables) took %.2f s\n", build_seconds);
    if (resumed)
      std::printf("resumed from '%s': %llu samples in %s, %.1f s of earlier sampling\n", resume_path.c_str(),
                  static_cast<unsigned long long>(resumed->accumulator.count()),
                  blocks_text(resumed->ranges[0]).c_str(), resumed->seconds);
    std::cout << std::flush;
  }
  const bool progress_line = run.stop.rel_error > 0 && isatty(STDERR_FILENO);
  auto clear_progress_line = [&] {
    if (progress_line) std::fprintf(stderr, "\r\033[K");
  };

  // Checkpoints: a failed write is reported at once and retried at the next
  // interval; the run keeps its state in memory. Exit status 3 if the final
  // write fails.
  bool checkpoint_failed = false;
  sc::RunHooks hooks;
  if (!checkpoint_path.empty()) {
    hooks.checkpoint = [&](const sc::Progress& p) {
      state.ranges = {{run.seed, p.first_block, p.first_block + p.blocks}};
      state.accumulator = p.accumulator;
      state.seconds = p.seconds;
      try {
        sc::save_checkpoint(checkpoint_path, state);
        if (checkpoint_failed) {
          clear_progress_line();
          std::cerr << "sudoku-count: checkpoint '" << checkpoint_path << "' saved again\n";
        }
        checkpoint_failed = false;
      } catch (const std::system_error& e) {
        checkpoint_failed = true;
        clear_progress_line();
        std::cerr << "sudoku-count: warning: " << e.what();
        if (p.final) std::cerr << "; the final state was not saved (exit status 3)\n";
        else std::cerr << "; the run goes on with its state in memory and tries again in " << run.checkpoint_every << " s\n";
      }
    };
  }
  auto report = [&](const sc::Progress& p) {
    const sc::Summary& s = p.summary;
    clear_progress_line();
    if (json) {
      JsonObject line = shape_json("estimate", shape);
      add_estimate(line, s);
      line.add("seconds", p.seconds).add("threads", p.threads);
      add_diagnostics(line, s);
      line.add("seed", std::to_string(run.seed)).add("method", estimator->name()).add("symmetry", "none");
      if (!estimator->note().empty()) line.add("note", estimator->note());
      line.add("processes", p.processes).add("first_block", p.first_block).add("blocks", p.blocks);
      line.add("final", p.final);
      if (!p.held_back.empty()) line.add("held_back", p.held_back);
      if (p.final) {
        line.add("stop_reason", p.stop_reason);
        add_symmetry(line, s, group_order);
        line.add("build_seconds", build_seconds);
        if (!checkpoint_path.empty()) line.add("checkpoint", checkpoint_path).add("checkpoint_saved", !checkpoint_failed);
      }
      std::cout << line.str() << "\n" << std::flush;
    } else if (!p.final && s.error_known) {
      const std::string interval = s.interval == sc::IntervalStatus::Unreliable
                                       ? "no interval (tail: " + std::string(sc::interval_name(s.interval)) + ")"
                                       : percent(s.confidence) + " CI [" + short_sci(s.ci_low) + ", " +
                                             short_sci(s.ci_high) + "]";
      std::printf("[%8.1f s] samples %-10llu estimate %s  rse %.2e  k %s  %s\n", p.seconds,
                  static_cast<unsigned long long>(s.samples), sc::format_scientific(s.estimate, supported_digits(s)).c_str(),
                  s.rel_std_error, std::isnan(s.pareto_k) ? "-" : k_text(s.pareto_k).c_str(), interval.c_str());
      if (!p.held_back.empty()) std::printf("           %s\n", p.held_back.c_str());
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
  hooks.report = report;
  hooks.interrupt = &g_interrupted;
  hooks.runner = runner.get();
  const sc::Progress result = sc::run_estimate(*estimator, run, hooks);
  const int status = checkpoint_failed ? 3 : 0;
  if (json) return status;

  const sc::Summary& s = result.summary;
  print_estimate(s);
  std::printf("samples: %llu in %.2f s on %d threads", static_cast<unsigned long long>(s.samples), result.seconds,
              result.threads);
  if (result.processes > 1) std::printf(" x %d processes", result.processes);
  std::printf(" (stopped: %s)\n", result.stop_reason.c_str());
  print_diagnostics(shape, s, group_order);
  if (!checkpoint_path.empty()) {
    const sc::BlockRange range{run.seed, result.first_block, result.first_block + result.blocks};
    if (checkpoint_failed) std::printf("checkpoint: NOT saved to '%s' (see the warning above)\n", checkpoint_path.c_str());
    else std::printf("checkpoint: saved to '%s' (seed %llu, %s)\n", checkpoint_path.c_str(),
                     static_cast<unsigned long long>(run.seed), blocks_text(range).c_str());
  }
  return status;
}

// ---- merge ----------------------------------------------------------------------
int run_merge(const ParsedOptions& options) {
  const std::vector<std::string>& files = options.positional();
  if (files.empty())
    throw sc::InputError("merge needs one or more checkpoint files (see 'sudoku-count merge --help')");
  const std::string output = options.text("output");
  if (options.has("output")) refuse_existing_checkpoint(output, "", "--output");
  std::vector<sc::Checkpoint> runs;
  std::vector<std::string> names;
  for (const auto& file : files) {
    runs.push_back(sc::load_checkpoint(file));
    names.push_back("'" + file + "'");
  }
  sc::Checkpoint merged;
  try {
    merged = sc::merge_checkpoints(runs, names);
  } catch (const sc::InputError& e) {
    throw sc::InputError(std::string("cannot merge: ") + e.what());
  }
  const sc::Summary s = sc::summarize(merged.accumulator, options.real("confidence"));
  const sc::BigInt group_order = sc::symmetry_group_order(merged.shape);
  std::string save_error;
  if (options.has("output")) {
    try {
      sc::save_checkpoint(output, merged);
    } catch (const std::system_error& e) {
      save_error = e.what();
      std::cerr << "sudoku-count: error: " << save_error << "; the merged state was not saved (exit status 3)\n";
    }
  }
  const int status = save_error.empty() ? 0 : 3;

  if (options.flag("json")) {
    JsonObject json = shape_json("merge", merged.shape);
    add_estimate(json, s);
    json.add("seconds", merged.seconds);
    add_diagnostics(json, s);
    std::string ranges;
    for (const auto& range : merged.ranges) {
      JsonObject entry;
      entry.add("seed", std::to_string(range.seed)).add("first_block", range.first).add("end_block", range.end);
      ranges += (ranges.empty() ? "" : ",") + entry.str();
    }
    json.add("method", merged.method).add("symmetry", "none").add("runs", static_cast<std::uint64_t>(runs.size()))
        .add("blocks", merged.blocks()).add_raw("ranges", JsonObject::array(ranges));
    add_symmetry(json, s, group_order);
    json.add("version", merged.tool_version);
    if (options.has("output")) json.add("output", output).add("output_saved", save_error.empty());
    std::cout << json.str() << "\n";
    return status;
  }
  std::cout << "box " << merged.shape.name() << " (" << grid_description(merged.shape) << "), method "
            << merged.method << ": " << runs.size() << (runs.size() == 1 ? " run" : " runs") << " merged\n";
  for (std::size_t i = 0; i < runs.size(); ++i) {
    std::string ranges;
    for (const auto& range : runs[i].ranges)
      ranges += (ranges.empty() ? "" : "; ") + ("seed " + std::to_string(range.seed) + ", " + blocks_text(range));
    std::printf("  %s: %llu samples (%s)\n", names[i].c_str(),
                static_cast<unsigned long long>(runs[i].accumulator.count()), ranges.c_str());
  }
  print_estimate(s);
  std::printf("samples: %llu in %llu blocks, %.2f s of sampling summed over the runs\n",
              static_cast<unsigned long long>(s.samples), static_cast<unsigned long long>(merged.blocks()),
              merged.seconds);
  print_diagnostics(merged.shape, s, group_order);
  if (options.has("output") && save_error.empty()) std::cout << "merged checkpoint saved to '" << output << "'\n";
  return status;
}

// ---- tables -------------------------------------------------------------------
int run_tables(const ParsedOptions& options) {
  const sc::Shape shape = require_shape(options, "tables");
  const sc::detail::BandTables tables = sc::detail::BandTables::build(shape);
  if (options.flag("json")) {
    std::string list;
    for (const auto& t : tables.report) {
      JsonObject entry;
      entry.add("name", t.name).add("entries", static_cast<std::uint64_t>(t.entries))
          .add("bytes", static_cast<std::uint64_t>(t.bytes)).add("seconds", t.seconds);
      list += (list.empty() ? "" : ",") + entry.str();
    }
    JsonObject json = shape_json("tables", shape);
    json.add("bands_total", tables.bands_total.str()).add_raw("tables", JsonObject::array(list));
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

int dispatch(int argc, char** argv, const sc::cli::ProcessGroup& group) {
  if (argc < 2) {
    if (group.leader()) std::cerr << sc::cli::tool_help();
    return 2;
  }
  const std::string first = argv[1];
  if (first == "--help" || first == "-h" || first == "help") {
    if (group.leader()) std::cout << sc::cli::tool_help();
    return 0;
  }
  if (first == "--version") {
    if (group.leader()) std::cout << "sudoku-count " << sc::kVersion << "\n";
    return 0;
  }
  const sc::cli::CommandSpec* command = sc::cli::find_command(first);
  if (!command) throw sc::InputError("unknown command " + sc::quote_input(first) + " (see 'sudoku-count --help')");
  bool help = false;
  const ParsedOptions options =
      sc::cli::parse_command_line(*command, std::vector<std::string>(argv + 2, argv + argc), help);
  if (help) {
    if (group.leader()) std::cout << sc::cli::command_help(*command);
    return 0;
  }
  if (command->name == "estimate") return run_estimate(options, group);
  // Only estimate spreads over processes; the leader alone runs the rest.
  if (!group.leader()) return 0;
  if (command->name == "exact") return run_exact(options);
  if (command->name == "merge") return run_merge(options);
  if (command->name == "solve") return run_solve(options);
  return run_tables(options);
}

}  // namespace

int main(int argc, char** argv) {
  sc::cli::ProcessGroup group(argc, argv);
  try {
    return dispatch(argc, argv, group);
  } catch (const sc::InputError& e) {
    // Every process meets the same input errors; one message is enough.
    if (group.leader()) std::cerr << "sudoku-count: error: " << e.what() << "\n";
    return 2;
  } catch (const std::bad_alloc&) {
    std::cerr << "sudoku-count: error: out of memory\n";
    group.abort(1);
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "sudoku-count: internal error: " << e.what() << "\n";
    group.abort(1);
    return 1;
  }
}
