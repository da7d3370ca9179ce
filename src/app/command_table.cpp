// The table of commands and their options. Defaults, choices and the
// descriptions of methods come from the library, so help, checks and the
// library's own behaviour cannot drift apart.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <stdexcept>

#include "commands/commands.hpp"
#include "options.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/estimator.hpp"
#include "sudoku_count/exact.hpp"
#include "sudoku_count/puzzle_counts.hpp"
#include "sudoku_count/puzzle_session.hpp"
#include "sudoku_count/run.hpp"
#include "sudoku_count/sample.hpp"
#include "sudoku_count/session.hpp"
#include "sudoku_count/layout.hpp"
#include "sudoku_count/shape.hpp"

namespace sudoku_count::cli {
namespace {

constexpr double kMaxThreads = 1024;
constexpr double kMaxSeconds = 1e9;     // about 31 years
constexpr double kMaxPrinted = 100000;  // completions held in memory by exact --print
constexpr double kMaxSampled = 10000000;  // grids held in memory by sample (see also kMaxSampledCells)

// A number as a person writes it: 60, 0.95, 1e-4.
std::string number_text(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.0e", value);
  if (value == 0 || value >= 1e-3 || std::stod(text) != value) {
    std::ostringstream out;
    out << value;
    return out.str();
  }
  std::string exponent_form = text;  // "1e-04": drop the exponent's leading zero
  if (const auto zero = exponent_form.find("e-0"); zero != std::string::npos) exponent_form.erase(zero + 2, 1);
  return exponent_form;
}

// "what: name (summary; reaches ...); ...", from a method registry.
template <typename Methods>
std::string methods_help(const std::string& what, const Methods& methods) {
  std::string help = what + ":";
  for (const auto& method : methods)
    help += " " + method.name + " (" + method.summary + "; reaches " + method.reach + ");";
  help.back() = '.';
  return help;
}

template <typename Methods>
std::vector<std::string> method_names(const Methods& methods) {
  std::vector<std::string> names;
  for (const auto& method : methods) names.push_back(method.name);
  return names;
}

OptionSpec box_option() {
  return {.name = "box", .kind = Kind::Text, .value_name = "SHAPE",
          .help = "box shape: 3 for 3x3 boxes (the 9x9 grid), or RxC for boxes of R rows and C columns "
                  "(2x3 is the 6x6 grid); R*C <= 64",
          .check = [](const std::string& shape) { Shape::parse(shape); }};
}
Requirement box_required(const std::string& command, const std::vector<std::string>& one_of = {"box"}) {
  return {"", one_of,
          "missing --box: give a box shape such as --box 3 or --box 2x3" +
              std::string(std::find(one_of.begin(), one_of.end(), "regions") != one_of.end()
                              ? ", or a jigsaw with --regions FILE"
                              : "") +
              " (see 'sudoku-count " + command + " --help')"};
}
// The layout options of every command that counts, estimates, samples or
// solves grids: the rules beyond --box.
OptionSpec variant_option() {
  return {.name = "variant", .kind = Kind::Text, .value_name = "LIST",
          .help = "extra regions, comma-separated: x (both main diagonals), p (disjoint groups: the cells at one "
                  "place in every box), windows (hyper / windoku: box-sized windows one cell in from the box edges, "
                  "four on 9x9); e.g. --variant x,windows",
          .check = [](const std::string& text) {
            if (text.empty() || text == "none")
              throw InputError("--variant needs one or more variants, such as x or x,windows (drop it for the classic rules)");
            Layout::parse_variants(text);
          }};
}
OptionSpec regions_option() {
  return {.name = "regions", .kind = Kind::Text, .value_name = "FILE",
          .help = "a jigsaw: the boxes replaced by the regions in FILE, N lines of N labels (one character per "
                  "cell, or labels separated by spaces), each label on exactly N cells (connected or not); the "
                  "grid size comes from the file"};
}
OptionSpec threads_option() {
  return {.name = "threads", .kind = Kind::Integer, .value_name = "T", .default_value = "0", .max = kMaxThreads,
          .help = "worker threads (0: all cores)"};
}
OptionSpec seed_option() {
  return {.name = "seed", .kind = Kind::Integer, .value_name = "S",
          .default_value = std::to_string(RunOptions{}.seed), .max = 1.8446744073709552e19,
          .help = "random seed; one seed gives the same estimate for any --threads and number of processes"};
}
OptionSpec confidence_option() {
  return {.name = "confidence", .kind = Kind::Real, .value_name = "C",
          .default_value = number_text(RunOptions{}.confidence), .max = 1, .min_exclusive = true,
          .max_exclusive = true, .help = "confidence level of the interval (0 < C < 1)"};
}
OptionSpec puzzle_option() {
  return {.name = "puzzle", .kind = Kind::Text, .value_name = "TEXT",
          .help = "the partial grid, row by row: 1-9 then A-Z (10=A, ...), blanks as . or 0; whitespace and | - + "
                  "ignored; or whitespace-separated numbers 0..N"};
}
OptionSpec puzzle_file_option(const std::string& help) {
  return {.name = "puzzle-file", .kind = Kind::Text, .value_name = "FILE", .help = help};
}
Conflict one_puzzle_source() { return {"puzzle", {"puzzle-file"}, "give either --puzzle or --puzzle-file, not both"}; }
OptionSpec progress_option() {
  return {.name = "progress", .kind = Kind::Text, .value_name = "WHEN", .default_value = "auto",
          .help = "a status line on stderr, redrawn in place: auto (when stderr is a terminal, whatever stdout is), "
                  "always (and plain lines on stderr when it is not a terminal), never",
          .choices = {"auto", "always", "never"}};
}
OptionSpec json_option() { return {.name = "json", .help = "print JSON on stdout instead of text"}; }

CommandSpec estimate_command() {
  const StopRule stop = default_stop_rule();
  return {
      .name = "estimate",
      .usage = "sudoku-count estimate (--box SHAPE [--variant LIST] | --regions FILE) [--puzzle TEXT | --puzzle-file FILE] [--rel-error E] [--time SECONDS] [--samples N] [--blocks N] "
               "[--forever] [--report-every SECONDS] [--progress WHEN] [--threads T] [--seed S] [--first-block B] [--confidence C] "
               "[--method M] [--particles P] [--orientation O] [--checkpoint FILE] [--checkpoint-every SECONDS] [--json]\n"
               "       sudoku-count estimate --resume FILE [stopping options] [--checkpoint FILE] [...]",
      .brief = "unbiased Monte Carlo estimate with standard error and confidence interval",
      .summary = "Unbiased Monte Carlo estimate of the number of completed grids (or of a puzzle's completions), with "
                 "standard error and interval. "
                 "With no stopping option it stops at relative standard error " + number_text(stop.rel_error) +
                 " or after " + number_text(stop.seconds) + " s, whichever comes first. Samples, blocks and the "
                 "error target count the whole run (a resumed one included); --time counts this session.",
      .options =
          {box_option(), variant_option(), regions_option(), puzzle_option(),
           puzzle_file_option("read the puzzle from FILE (- for standard input); its completions are estimated"),
           {.name = "rel-error", .kind = Kind::Real, .value_name = "E", .max = 1, .min_exclusive = true,
            .help = "stop at this relative standard error (0 < E <= 1)"},
           {.name = "time", .kind = Kind::Real, .value_name = "SECONDS", .max = kMaxSeconds, .min_exclusive = true,
            .help = "stop after this many seconds (of this session)"},
           {.name = "samples", .kind = Kind::Integer, .value_name = "N", .min = 1, .max = 1e18,
            .help = "stop after exactly N samples"},
           {.name = "blocks", .kind = Kind::Integer, .value_name = "N", .min = 1, .max = 1e18,
            .help = "stop after N work blocks (a fixed number of samples each, per method and shape)"},
           {.name = "min-samples", .kind = Kind::Integer, .value_name = "N",
            .default_value = std::to_string(stop.min_samples), .min = 2, .max = 1e18,
            .help = "samples required before a --rel-error target is trusted"},
           {.name = "forever", .help = "run until interrupted (Ctrl-C prints the final summary)"},
           {.name = "report-every", .kind = Kind::Real, .value_name = "SECONDS", .max = kMaxSeconds,
            .help = "a report line on stdout every SECONDS (default 1 when stdout is a terminal, else none; 0: none)"},
           progress_option(),
           threads_option(),
           seed_option(),
           {.name = "first-block", .kind = Kind::Integer, .value_name = "B", .default_value = "0", .max = 1e18,
            .help = "start at work block B (runs of one seed over disjoint block ranges can be merged)"},
           confidence_option(),
           {.name = "method", .kind = Kind::Text, .value_name = "M", .default_value = "auto",
            .help = methods_help("estimator method", estimator_methods()),
            .choices = method_names(estimator_methods()),
            .check = [](const std::string& name) { estimator_method(name); }},
           {.name = "particles", .kind = Kind::Integer, .value_name = "P", .default_value = "0",
            .max = EstimatorOptions::kMaxParticles,
            .help = "methods smc and rows (or auto, which then takes smc): partial grids per replicate (0: the measured "
                    "default for the shape)"},
           {.name = "orientation", .kind = Kind::Text, .value_name = "O", .default_value = "auto",
            .help = "methods sets and smc (and auto's samplers): work on the shape as given or on its transpose, "
                    "which has the same number of grids; auto takes the one whose weights measured lighter-tailed "
                    "(two-column boxes rather than two-row ones)",
            .choices = {"auto", "given", "transposed"},
            .check = [](const std::string& name) { parse_orientation(name); }},
           {.name = "checkpoint", .kind = Kind::Text, .value_name = "FILE",
            .help = "save the run's state to FILE at the start, every --checkpoint-every seconds and at the end "
                    "(an existing FILE is refused unless it is the --resume FILE)"},
           {.name = "checkpoint-every", .kind = Kind::Real, .value_name = "SECONDS",
            .default_value = number_text(kDefaultCheckpointEvery),
            .max = kMaxSeconds, .min_exclusive = true, .help = "seconds between checkpoints"},
           {.name = "resume", .kind = Kind::Text, .value_name = "FILE",
            .help = "continue the run saved in checkpoint FILE (and keep saving to FILE unless --checkpoint says "
                    "otherwise); box, puzzle, method and seed come from FILE"},
           json_option()},
      .conflicts = {{"forever", {"rel-error", "time", "samples", "blocks"},
                     "--forever runs until interrupted: drop --rel-error, --time, --samples and --blocks, or "
                     "--forever"},
                    {"resume", {"first-block"}, "--first-block is fixed by the checkpoint being resumed; drop it"},
                    one_puzzle_source()},
      .requirements = {box_required("estimate", {"box", "regions", "resume"}),
                       {"checkpoint-every", {"checkpoint", "resume"},
                        "--checkpoint-every needs a checkpoint: add --checkpoint FILE (or --resume FILE)"}},
      .handler = handle_estimate,
      .every_process = true};
}

CommandSpec merge_command() {
  return {.name = "merge",
          .usage = "sudoku-count merge FILE... [--output FILE] [--confidence C] [--json]",
          .brief = "combine the checkpoints of independent runs into one estimate",
          .summary = "Combine checkpoints of independent runs of one shape and method (different seeds, or disjoint "
                     "--first-block ranges of one seed) into one estimate with its standard error. Runs of "
                     "different shapes, methods or method versions, and runs sharing blocks, are refused. Saved "
                     "puzzle runs (puzzles --checkpoint) of one plan and different seeds merge the same way into "
                     "one puzzle-count estimate.",
          .options = {{.name = "output", .kind = Kind::Text, .value_name = "FILE",
                       .help = "also save the merged state as a checkpoint FILE (not overwritten if it exists), to "
                               "merge further"},
                      confidence_option(), json_option()},
          .positional = "FILE",
          .missing_positional = "merge needs one or more checkpoint files (see 'sudoku-count merge --help')",
          .handler = handle_merge};
}

CommandSpec exact_command() {
  return {
      .name = "exact",
      .usage = "sudoku-count exact (--box SHAPE [--variant LIST] | --regions FILE) [--puzzle TEXT | --puzzle-file FILE] [--print K] [--fix-first-row] "
               "[--method M] [--threads T] [--progress WHEN] [--json]\n"
               "       sudoku-count exact --box SHAPE [--route R] [--checkpoint FILE] [--checkpoint-every SECONDS] [--max-units N] "
               "[--time SECONDS] [...]   (two-band shapes: R x 2, 2 x R; variant layouts by slices or sets-x)\n"
               "       sudoku-count exact --resume FILE [--max-units N] [--time SECONDS] [...]\n"
               "       sudoku-count exact --box SHAPE --essentially-different [--no-transposition] [--threads T] "
               "[--json]\n"
               "       sudoku-count exact --box SHAPE --calibrate [--threads T] [--json]   (two-band shapes)",
      .brief = "exact number of grids, or of completions of a puzzle, or of essentially different grids",
      .summary = "Exact number of completions of a partial grid (the empty grid by default: all grids of the "
                 "shape), by dancing links or, for all grids of a shape, by the column-set decomposition over band "
                 "tables, or, for all grids of a variant layout with boxes (p, windows, x beside p), by classes of "
                 "first bands whose completions factor over column slices, or, for both diagonals alone (x), by "
                 "classes of first-band column sets joined by the bands' diagonal histograms. Shapes of two bands "
                 "(boxes R x 2 and 2 x R), slices and sets-x run as a job of units that shows its progress, can stop (--max-units, "
                 "--time, Ctrl-C) and resume from a checkpoint, and spreads over the processes of an MPI run. With --essentially-different: the number of classes of grids under the "
                 "symmetry group, by Burnside's lemma over the conjugacy classes of the geometric group.",
      .options = {box_option(), variant_option(), regions_option(), puzzle_option(),
                  puzzle_file_option("read the puzzle from FILE (- for standard input)"),
                  {.name = "print", .kind = Kind::Integer, .value_name = "K", .max = kMaxPrinted,
                   .help = "also print the first K completions in search order (as grids; with --json, a solutions "
                           "array), before the count"},
                  {.name = "fix-first-row", .help = "empty grid only: fix the first row to 1..N, count, and multiply "
                                                    "by N!"},
                  {.name = "method", .kind = Kind::Text, .value_name = "M", .default_value = "auto",
                   .help = methods_help("exact method", exact_methods()),
                   .choices = method_names(exact_methods()),
                   .check = [](const std::string& name) { exact_method(name); }},
                  {.name = "essentially-different",
                   .help = "count the classes of grids under relabelling, band, row, stack and column permutations "
                           "and, for square boxes, transposition (Burnside's lemma; every shape whose grids are "
                           "counted exactly, up to 9x9)"},
                  {.name = "no-transposition",
                   .help = "with --essentially-different on square boxes: leave transposition out of the group"},
                  {.name = "route", .kind = Kind::Text, .value_name = "R",
                   .help = "two-band job: how f of a class is computed: 'layers' (the reverse row layers, tables "
                           "shared by the classes; the default up to 2x5 and 5x2) or 'two-bands' (the half split of "
                           "each class on its own; the default for 2x6 and 6x2, whose layer tables need more memory "
                           "than a workstation has); a resumed job keeps its own and refuses another; variant "
                           "layouts run by 'slices' or 'sets-x', the route of their method",
                   .choices = {"layers", "two-bands", "slices", "sets-x"}},
                  {.name = "calibrate",
                   .help = "two-band shapes: time about a thousand states of every layer of the layers route, count "
                           "the classes and print the projected CPU time and memory of the whole count, without "
                           "counting (a minute for 2x6)"},
                  threads_option(),
                  {.name = "checkpoint", .kind = Kind::Text, .value_name = "FILE",
                   .help = "exact job: save the units done and their exact partial sum to FILE every "
                           "--checkpoint-every seconds and at the end (an existing FILE is refused unless it is the "
                           "--resume FILE)"},
                  {.name = "checkpoint-every", .kind = Kind::Real, .value_name = "SECONDS",
            .default_value = number_text(kDefaultCheckpointEvery),
                   .max = kMaxSeconds, .min_exclusive = true, .help = "seconds between job checkpoints"},
                  {.name = "resume", .kind = Kind::Text, .value_name = "FILE",
                   .help = "continue the exact job saved in FILE (and keep saving to FILE unless --checkpoint says "
                           "otherwise); the box comes from FILE"},
                  {.name = "max-units", .kind = Kind::Integer, .value_name = "N", .min = 1, .max = 1e18,
                   .help = "exact job: stop after N more units (resume later with --resume)"},
                  {.name = "time", .kind = Kind::Real, .value_name = "SECONDS", .max = kMaxSeconds,
                   .min_exclusive = true,
                   .help = "exact job: start no unit after SECONDS (the units under way finish)"},
                  progress_option(), json_option()},
      .conflicts = {one_puzzle_source(),
                    {"fix-first-row", {"puzzle", "puzzle-file"},
                     "--fix-first-row applies to the empty grid only; drop it or the puzzle"},
                    {"essentially-different",
                     {"puzzle", "puzzle-file", "print", "fix-first-row", "method", "checkpoint", "resume", "max-units",
                      "time", "route", "calibrate"},
                     "--essentially-different counts the classes of all grids of the shape: drop --puzzle, "
                     "--puzzle-file, --print, --fix-first-row, --method and the job options"},
                    {"calibrate",
                     {"puzzle", "puzzle-file", "print", "fix-first-row", "method", "checkpoint", "resume", "max-units",
                      "time", "route"},
                     "--calibrate projects the cost of a two-band count without counting: drop --puzzle, "
                     "--puzzle-file, --print, --fix-first-row, --method, --route and the job options"}},
      .requirements = {box_required("exact", {"box", "regions", "resume"}),
                       {"no-transposition", {"essentially-different"},
                        "--no-transposition changes the group of --essentially-different: add "
                        "--essentially-different"},
                       {"checkpoint-every", {"checkpoint", "resume"},
                        "--checkpoint-every needs a checkpoint: add --checkpoint FILE (or --resume FILE)"}},
      .handler = handle_exact,
      .every_process = true};
}

CommandSpec solve_command() {
  return {
      .name = "solve",
      .usage = "sudoku-count solve (--box SHAPE [--variant LIST] | --regions FILE) (--puzzle TEXT | --puzzle-file FILE [--solutions-file FILE]) [--explain] [--threads T] [--json]",
      .brief = "solve puzzles: no solution, exactly one (printed), or more (the first two printed)",
      .summary = "Solve a puzzle, or a file of puzzles, stopping at the second solution (a bit-parallel kernel for 9x9, "
                 "dancing links for every other shape and layout): say whether there is no solution, exactly one "
                 "(printed), or more than one (the first two printed). Exit status 0 in all three cases.",
      .options = {box_option(), variant_option(), regions_option(), puzzle_option(),
                  puzzle_file_option("read puzzles from FILE (- for standard input), one a line (blank lines and lines starting with # "
                                     "skipped); they are solved on --threads threads and reported in input order"),
                  {.name = "solutions-file", .kind = Kind::Text, .value_name = "FILE",
                   .help = "a known solution of each puzzle of --puzzle-file, one a line in the same order (such as "
                           "sample prints for the same seed without --clues): only a second, different solution is "
                           "searched for, which is faster; each puzzle is then unique or multiple"},
                  {.name = "explain",
                   .help = "first place the singles a person finds (a cell's only candidate, a symbol's only place "
                           "in a row, column or box), printing each, then say how many cells search had to fill"},
                  threads_option(), json_option()},
      .conflicts = {one_puzzle_source(),
                    {"solutions-file", {"explain"}, "--solutions-file and --explain do not go together: the singles "
                                                    "are explained for a plain solve only"}},
      .requirements = {box_required("solve", {"box", "regions"}),
                       {"", {"puzzle", "puzzle-file"},
                        "missing puzzle: give --puzzle TEXT, or --puzzle-file FILE with one puzzle a line"},
                       {"solutions-file", {"puzzle-file"},
                        "--solutions-file needs --puzzle-file: the solutions go with a file of puzzles, line by line"}},
      .handler = handle_solve};
}

CommandSpec sample_command() {
  return {
      .name = "sample",
      .usage = "sudoku-count sample (--box SHAPE [--variant LIST] | --regions FILE) --count K [--seed S] [--clues C] [--threads T] [--json]",
      .brief = "random completed grids, uniform (exactly where the grids are counted exactly)",
      .summary = "K random completed grids, one a line in the form solve --puzzle-file reads, after comment lines "
                 "starting with '# ' (shape, seed, method). Exactly uniform, by exact integer counts, up to 6x6 "
                 "(dancing links), on 9x9 and on two-band shapes (the band decomposition); larger shapes are "
                 "approximately uniform (sampling-importance-resampling from the row-by-row estimator, with its "
                 "effective sample size). Grid i depends on the seed alone, not on --threads.",
      .options = {box_option(), variant_option(), regions_option(),
                  {.name = "count", .kind = Kind::Integer, .value_name = "K", .min = 1, .max = kMaxSampled,
                   .help = "number of grids to draw (held in memory: at most 10,000,000, and at most 10^8 cells "
                           "in all)"},
                  {.name = "seed", .kind = Kind::Integer, .value_name = "S",
                   .default_value = std::to_string(SampleOptions{}.seed), .max = 1.8446744073709552e19,
                   .help = "random seed; one seed gives the same grids for any --threads"},
                  {.name = "clues", .kind = Kind::Integer, .value_name = "C", .min = 1, .max = 4096,
                   .help = "print candidate puzzles instead: C cells of each grid kept, chosen uniformly at random, "
                           "the rest blank (the grids are those of the same seed without --clues; C at most the "
                           "number of cells)"},
                  threads_option(), json_option()},
      .requirements = {box_required("sample", {"box", "regions"}),
                       {"", {"count"}, "missing --count: give the number of grids to draw, such as --count 10"}},
      .handler = handle_sample};
}

CommandSpec puzzles_command() {
  return {
      .name = "puzzles",
      .usage = "sudoku-count puzzles (--box SHAPE [--variant LIST] | --regions FILE) [--kind minimal|proper] "
               "(--grids G | --time SECONDS | --exact) [--clues A-B] [--method M] [--subset-size S] [--subsets-per-grid K] "
               "[--seed S] [--weighted-grids] [--threads T] [--checkpoint FILE] [--checkpoint-every SECONDS] [--json]\n"
               "       sudoku-count puzzles --resume FILE (--grids G | --time SECONDS) [--checkpoint FILE] [...]",
      .brief = "estimate (or count exactly, where in reach) the proper and minimal puzzles by clue count",
      .summary = "Unbiased estimates of how many puzzles of a layout have exactly one solution (proper) and how many "
                 "of those lose it when any clue is removed (minimal), by number of clues, with standard errors "
                 "clustered by grid and 95% intervals (docs/method.md, section 17). Each grid is drawn exactly "
                 "uniformly (layouts up to 6x6, 9x9 and the two-band shapes up to 10x10), or elsewhere up to 16x16 "
                 "with an importance weight that keeps the estimate unbiased; each of its sets is "
                 "tested for uniqueness given the grid, and by the subsets method every proper or minimal puzzle "
                 "inside a proper set is listed. A fixed --grids gives one estimate for a seed whatever --threads "
                 "and number of MPI processes (an MPI build: mpirun -np P sudoku-count puzzles ...), resumed or "
                 "not. --grids counts the whole run (a resumed one included); --time counts this "
                 "session. Runs of one plan and other seeds merge (sudoku-count merge).",
      .options = {box_option(), variant_option(), regions_option(),
                  {.name = "kind", .kind = Kind::Text, .value_name = "K",
                   .default_value = puzzle_kind_name(PuzzleKind::Minimal),
                   .help = "minimal or proper puzzles", .choices = {"minimal", "proper"}},
                  {.name = "method", .kind = Kind::Text, .value_name = "M", .default_value = "auto",
                   .help = "subsets (uniform sets of S cells of each grid, every puzzle inside a proper one listed: "
                           "every clue count up to S at once), supersets (minimal only: every minimal puzzle "
                           "containing a uniform set of S cells: every clue count from S up at once, for the high "
                           "tail), coin (each cell kept with probability 1/2: proper puzzles of every clue count at "
                           "once), auto (subsets for minimal, coin for proper)",
                   .choices = {"auto", "subsets", "supersets", "coin"}},
                  {.name = "clues", .kind = Kind::Text, .value_name = "A-B",
                   .help = "the clue counts to report, such as 20-32 or 24 (default: all the method reaches; "
                           "subsets: up to S; supersets: S to 2S)"},
                  {.name = "subset-size", .kind = Kind::Integer, .value_name = "S", .min = 1, .max = 4096,
                   .help = "the cells of each set. subsets: 35% of the cells by default, at least the top of "
                           "--clues, at most 40% of the cells or 16; supersets: 30% of the cells by default, or four "
                           "below the bottom of --clues (not below 30%), at most the bottom of --clues"},
                  {.name = "subsets-per-grid", .kind = Kind::Integer, .value_name = "K",
                   .default_value = std::to_string(kDefaultSubsetsPerGrid), .min = 1, .max = 1e6,
                   .help = "sets drawn from each grid; the standard error is clustered by grid"},
                  {.name = "grids", .kind = Kind::Integer, .value_name = "G", .min = 1, .max = 1e18,
                   .help = "stop after G grids"},
                  {.name = "time", .kind = Kind::Real, .value_name = "SECONDS", .max = kMaxSeconds,
                   .min_exclusive = true, .help = "stop after this many seconds (after the grids under way)"},
                  {.name = "seed", .kind = Kind::Integer, .value_name = "S",
                   .default_value = std::to_string(kDefaultPuzzleSeed), .max = 1.8446744073709552e19,
                   .help = "random seed; one seed and --grids give the same estimate for any --threads and number of processes"},
                  {.name = "weighted-grids", .kind = Kind::Flag,
                   .help = "draw the grids with importance weights (row-by-row proposals, each weighted by 1 / its "
                           "chance) even where they are drawn exactly uniformly, to check that route against exact "
                           "counts; layouts not drawn exactly uniformly (12x12, 16x16, variants and jigsaws from 7x7) "
                           "always use it"},
                  {.name = "exact", .kind = Kind::Flag,
                   .help = "count every puzzle instead of estimating: layouts of at most 16 cells (by listing every "
                           "set of cells of every grid), and the classic rules up to 6x6 (the minimal hitting sets, "
                           "or all the hitting sets for proper puzzles, of each class of grids' unavoidable sets)"},
                  threads_option(), progress_option(),
                  {.name = "checkpoint", .kind = Kind::Text, .value_name = "FILE",
                   .help = "save the run's state to FILE at the start, every --checkpoint-every seconds and at the "
                           "end (an existing FILE is refused unless it is the --resume FILE)"},
                  {.name = "checkpoint-every", .kind = Kind::Real, .value_name = "SECONDS",
                   .default_value = number_text(kDefaultCheckpointEvery), .max = kMaxSeconds,
                   .min_exclusive = true, .help = "seconds between checkpoints"},
                  {.name = "resume", .kind = Kind::Text, .value_name = "FILE",
                   .help = "continue the puzzle run saved in FILE (and keep saving to FILE unless --checkpoint says "
                           "otherwise); its layout, kind, method, set size, sets per grid, clue counts and seed "
                           "come from FILE, and any of them given must match"},
                  json_option()},
      .conflicts = {{"exact", {"grids", "time", "clues", "subset-size", "checkpoint", "resume", "weighted-grids"},
                     "--exact counts every puzzle: drop --grids, --time, --clues, --subset-size, --checkpoint, "
                     "--resume and --weighted-grids"}},
      .requirements = {box_required("puzzles", {"box", "regions", "resume"}),
                       {"checkpoint-every", {"checkpoint", "resume"},
                        "--checkpoint-every needs a checkpoint: add --checkpoint FILE (or --resume FILE)"},
                       {"", {"grids", "time", "exact"},
                        "missing a stop: give --grids G (grids to draw) or --time SECONDS, or both (or --exact for an "
                        "exact count where one is in reach)"}},
      .handler = handle_puzzles,
      .every_process = true};
}

CommandSpec tables_command() {
  return {.name = "tables",
          .usage = "sudoku-count tables --box SHAPE [--json]",
          .brief = "build the band tables and report their size, time and memory",
          .summary = "Build the band tables of a shape and print each table's size, build time and memory.",
          .options = {box_option(), json_option()},
          .requirements = {box_required("tables")},
          .handler = handle_tables};
}

// Every rule names options of its own command: a slip in the table fails
// the first run (and every test), not a user's command line later.
void check_rules(const CommandSpec& command) {
  std::vector<std::string> named;
  for (const auto& conflict : command.conflicts) {
    named.push_back(conflict.option);
    named.insert(named.end(), conflict.others.begin(), conflict.others.end());
  }
  for (const auto& requirement : command.requirements) {
    if (!requirement.option.empty()) named.push_back(requirement.option);
    named.insert(named.end(), requirement.one_of.begin(), requirement.one_of.end());
  }
  for (const auto& name : named)
    if (!command.find_option(name)) throw std::logic_error(command.name + ": a rule names no option --" + name);
}

std::vector<CommandSpec> build_table() {
  std::vector<CommandSpec> table = {estimate_command(), merge_command(), exact_command(), solve_command(),
                                    puzzles_command(), sample_command(), tables_command()};
  for (const auto& command : table) check_rules(command);
  return table;
}

}  // namespace

const std::vector<CommandSpec>& command_table() {
  static const std::vector<CommandSpec> table = build_table();
  return table;
}

}  // namespace sudoku_count::cli
