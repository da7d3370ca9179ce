#include "options.hpp"

#include <boost/program_options.hpp>
#include <charconv>
#include <cmath>
#include <sstream>

#include "sudoku_count/error.hpp"
#include "sudoku_count/estimator.hpp"

namespace po = boost::program_options;

namespace sudoku_count::cli {
namespace {

constexpr double kMaxThreads = 1024;
constexpr double kMaxSeconds = 1e9;  // about 31 years
constexpr const char* kPositional = "positional-arguments";  // hidden: not in --help's list
constexpr double kMaxPrinted = 100000;  // completions held in memory by exact --print

OptionSpec box_option(const std::string& default_value = "") {
  return {"box", Kind::Text, "SHAPE", default_value, 0, 0, false,
          "box shape: 3 for 3x3 boxes (the 9x9 grid), or RxC for boxes of R rows and C columns "
          "(2x3 is the 6x6 grid); R*C <= 64"};
}
OptionSpec threads_option() {
  return {"threads", Kind::Integer, "T", "0", 0, kMaxThreads, false, "worker threads (0: all cores)"};
}
OptionSpec seed_option() {
  return {"seed", Kind::Integer, "S", "1", 0, 1.8446744073709552e19, false,
          "random seed; one seed gives the same estimate for any --threads and number of processes"};
}
OptionSpec confidence_option() {
  return {"confidence", Kind::Real, "C", "0.95", 0, 1, true, "confidence level of the interval (0 < C < 1)", true};
}
OptionSpec puzzle_option() {
  return {"puzzle", Kind::Text, "TEXT", "", 0, 0, false,
          "the partial grid, row by row: 1-9 then A-Z (10=A, ...), blanks as . or 0; whitespace and | - + "
          "ignored; or whitespace-separated numbers 0..N"};
}
OptionSpec json_option() { return {"json", Kind::Flag, "", "", 0, 0, false, "print JSON on stdout instead of text"}; }

std::string method_help() {
  std::string help = "estimator method:";
  for (const auto& method : estimator_methods()) help += " " + method.name + " (" + method.summary + ");";
  help.back() = '.';
  return help;
}

std::vector<CommandSpec> build_table() {
  std::vector<CommandSpec> table;
  table.push_back(
      {"estimate",
       "sudoku-count estimate --box SHAPE [--rel-error E] [--time SECONDS] [--samples N] [--blocks N] [--forever] "
       "[--report-every SECONDS] [--threads T] [--seed S] [--first-block B] [--confidence C] [--method M] "
       "[--particles P] [--checkpoint FILE] [--checkpoint-every SECONDS] [--json]\n"
       "       sudoku-count estimate --resume FILE [stopping options] [--checkpoint FILE] [...]",
       "unbiased Monte Carlo estimate with standard error and confidence interval",
       "Unbiased Monte Carlo estimate of the number of completed grids, with standard error and interval. "
       "With no stopping option it stops at relative standard error 1e-4 or after 60 s, whichever comes first. "
       "Samples, blocks and the error target count the whole run (a resumed one included); --time counts this "
       "session.",
       {box_option(),
        {"rel-error", Kind::Real, "E", "", 0, 1, true, "stop at this relative standard error (0 < E <= 1)"},
        {"time", Kind::Real, "SECONDS", "", 0, kMaxSeconds, true, "stop after this many seconds (of this session)"},
        {"samples", Kind::Integer, "N", "", 1, 1e18, false, "stop after exactly N samples"},
        {"blocks", Kind::Integer, "N", "", 1, 1e18, false,
         "stop after N work blocks (a fixed number of samples each, per method and shape)"},
        {"min-samples", Kind::Integer, "N", "1000", 2, 1e18, false,
         "samples required before a --rel-error target is trusted"},
        {"forever", Kind::Flag, "", "", 0, 0, false, "run until interrupted (Ctrl-C prints the final summary)"},
        {"report-every", Kind::Real, "SECONDS", "", 0, kMaxSeconds, false,
         "a report line every SECONDS (default 1 on a terminal, else none; 0: none)"},
        threads_option(),
        seed_option(),
        {"first-block", Kind::Integer, "B", "0", 0, 1e18, false,
         "start at work block B (runs of one seed over disjoint block ranges can be merged)"},
        confidence_option(),
        {"method", Kind::Text, "M", "auto", 0, 0, false, method_help()},
        {"particles", Kind::Integer, "P", "0", 0, 1 << 16, false,
         "method smc: partial grids per replicate (0: the measured default for the shape)"},
        {"checkpoint", Kind::Text, "FILE", "", 0, 0, false,
         "save the run's state to FILE at the start, every --checkpoint-every seconds and at the end (an "
         "existing FILE is refused unless it is the --resume FILE)"},
        {"checkpoint-every", Kind::Real, "SECONDS", "60", 0, kMaxSeconds, true, "seconds between checkpoints"},
        {"resume", Kind::Text, "FILE", "", 0, 0, false,
         "continue the run saved in checkpoint FILE (and keep saving to FILE unless --checkpoint says otherwise); "
         "box, method and seed come from FILE"},
        json_option()},
       ""});
  table.push_back({"merge",
                   "sudoku-count merge FILE... [--output FILE] [--confidence C] [--json]",
                   "combine the checkpoints of independent runs into one estimate",
                   "Combine checkpoints of independent runs of one shape and method (different seeds, or disjoint "
                   "--first-block ranges of one seed) into one estimate with its standard error. Runs of different "
                   "shapes, methods or sudoku-count versions, and runs sharing blocks, are refused.",
                   {{"output", Kind::Text, "FILE", "", 0, 0, false,
                     "also save the merged state as a checkpoint FILE (not overwritten if it exists), to merge further"},
                    confidence_option(), json_option()},
                   "FILE"});
  table.push_back(
      {"exact",
       "sudoku-count exact --box SHAPE [--puzzle TEXT | --puzzle-file FILE] [--print K] [--fix-first-row] "
       "[--threads T] [--json]",
       "exact number of grids, or of completions of a puzzle",
       "Exact number of completions of a partial grid (the empty grid by default: all grids of the shape), by "
       "dancing links or, for all grids of a shape, by the column-set decomposition over band tables.",
       {box_option(), puzzle_option(),
        {"puzzle-file", Kind::Text, "FILE", "", 0, 0, false, "read the puzzle from FILE"},
        {"print", Kind::Integer, "K", "", 0, kMaxPrinted, false,
         "also print the first K completions in search order (as grids; with --json, a solutions array), before "
         "the count"},
        {"fix-first-row", Kind::Flag, "", "", 0, 0, false,
         "empty grid only: fix the first row to 1..N, count, and multiply by N!"},
        {"method", Kind::Text, "M", "auto", 0, 0, false,
         "exact method: dlx (dancing links: puzzles, and empty grids up to 6x6), bands (all grids of a shape by "
         "the column-set decomposition: 3-row boxes up to 9x9, 2-row boxes up to 2x5, and their transposes), or auto (bands for an empty grid "
         "where it applies, else dlx)"},
        threads_option(), json_option()},
       ""});
  table.push_back(
      {"solve",
       "sudoku-count solve --box SHAPE (--puzzle TEXT | --puzzle-file FILE) [--explain] [--threads T] [--json]",
       "solve puzzles: no solution, exactly one (printed), or more (the first two printed)",
       "Solve a puzzle, or a file of puzzles, by dancing links stopped at the second solution: say whether there is "
       "no solution, exactly one (printed), or more than one (the first two printed). Exit status 0 in all three "
       "cases.",
       {box_option(), puzzle_option(),
        {"puzzle-file", Kind::Text, "FILE", "", 0, 0, false,
         "read puzzles from FILE, one a line (blank lines and lines starting with # skipped); they are solved on "
         "--threads threads and reported in input order"},
        {"explain", Kind::Flag, "", "", 0, 0, false,
         "first place the singles a person finds (a cell's only candidate, a symbol's only place in a row, column "
         "or box), printing each, then say how many cells search had to fill"},
        threads_option(), json_option()},
       ""});
  table.push_back({"tables",
                   "sudoku-count tables --box SHAPE [--json]",
                   "build the band tables and report their size, time and memory",
                   "Build the band tables of a shape and print each table's size, build time and memory.",
                   {box_option(), json_option()},
                   ""});
  return table;
}

[[noreturn]] void bad_value(const OptionSpec& spec, const std::string& value, const std::string& why) {
  throw InputError("--" + spec.name + " " + quote_input(value) + ": " + why);
}

std::string range_text(const OptionSpec& spec) {
  std::ostringstream out;
  out << (spec.min_exclusive ? "greater than " : "at least ") << spec.min << (spec.max_exclusive ? " and less than " : " and at most ") << spec.max;
  return out.str();
}

void check_value(const OptionSpec& spec, const std::string& value) {
  if (spec.kind == Kind::Integer) {
    std::uint64_t parsed = 0;
    const auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), parsed);
    if (value.empty() || value[0] == '-' || value[0] == '+')
      bad_value(spec, value, "expected a whole number " + range_text(spec));
    if (ec == std::errc::result_out_of_range) bad_value(spec, value, "too large; expected " + range_text(spec));
    if (ec != std::errc() || ptr != value.data() + value.size())
      bad_value(spec, value, "expected a whole number " + range_text(spec));
    if (spec.min != spec.max &&
        (static_cast<double>(parsed) < spec.min || static_cast<double>(parsed) > spec.max))
      bad_value(spec, value, "out of range; expected " + range_text(spec));
  } else if (spec.kind == Kind::Real) {
    double parsed = 0;
    const auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), parsed);
    if (value.empty() || ec != std::errc() || ptr != value.data() + value.size() || !std::isfinite(parsed))
      bad_value(spec, value, "expected a number " + range_text(spec));
    const bool low = spec.min_exclusive ? parsed <= spec.min : parsed < spec.min;
    const bool high = spec.max_exclusive ? parsed >= spec.max : parsed > spec.max;
    if (low || high) bad_value(spec, value, "out of range; expected " + range_text(spec));
  }
}

// Boost's own messages (what()) are templates whose %placeholders% it
// fills with the user's text, replacing until none is left: an argument
// that holds a placeholder itself, such as --%original_token%, makes that
// loop endless (found by fuzz/fuzz_options). So the messages are built here
// from the option as typed, quoted like every other piece of user input.
std::string describe_error(const po::error& e) {
  const auto* named = dynamic_cast<const po::error_with_option_name*>(&e);
  if (!named) return dynamic_cast<const po::too_many_positional_options_error*>(&e)
                         ? "unexpected argument: give options only (--name value)"
                         : "bad command line";
  const std::string option = quote_input(named->get_option_name());
  if (dynamic_cast<const po::unknown_option*>(&e)) return "unrecognised option " + option;
  if (dynamic_cast<const po::multiple_occurrences*>(&e)) return "option " + option + " is given more than once";
  if (const auto* syntax = dynamic_cast<const po::invalid_command_line_syntax*>(&e)) {
    switch (syntax->kind()) {
      case po::invalid_syntax::missing_parameter: return "option " + option + " needs a value";
      case po::invalid_syntax::extra_parameter: return "option " + option + " takes no value";
      case po::invalid_syntax::empty_adjacent_parameter: return "option " + option + " has an empty value after '='";
      default: break;
    }
  }
  return "bad option " + option;
}

po::options_description describe(const CommandSpec& command) {
  po::options_description description("Options");
  for (const auto& spec : command.options) {
    const std::string help = spec.help + (spec.default_value.empty() ? "" : " [default " + spec.default_value + "]");
    if (spec.kind == Kind::Flag) description.add_options()(spec.name.c_str(), help.c_str());
    else description.add_options()(spec.name.c_str(), po::value<std::string>()->value_name(spec.value_name), help.c_str());
  }
  description.add_options()("help,h", "show this help");
  return description;
}

}  // namespace

const std::vector<CommandSpec>& command_table() {
  static const std::vector<CommandSpec> table = build_table();
  return table;
}

const CommandSpec* find_command(const std::string& name) {
  for (const auto& command : command_table())
    if (command.name == name) return &command;
  return nullptr;
}

std::string ParsedOptions::text(const std::string& name) const {
  const auto it = values_.find(name);
  return it == values_.end() ? std::string() : it->second;
}
std::uint64_t ParsedOptions::integer(const std::string& name) const {
  std::uint64_t value = 0;
  const std::string t = text(name);
  std::from_chars(t.data(), t.data() + t.size(), value);
  return value;
}
double ParsedOptions::real(const std::string& name) const {
  double value = 0;
  const std::string t = text(name);
  std::from_chars(t.data(), t.data() + t.size(), value);
  return value;
}

ParsedOptions parse_command_line(const CommandSpec& command, const std::vector<std::string>& args, bool& help) {
  po::variables_map map;
  try {
    po::options_description description = describe(command);
    // Positional arguments only where the command takes them (merge's
    // files): elsewhere a stray word is an error, not silently ignored.
    po::positional_options_description positionals;
    if (!command.positional.empty()) {
      description.add_options()(kPositional, po::value<std::vector<std::string>>());
      positionals.add(kPositional, -1);
    }
    po::store(po::command_line_parser(args).options(description).positional(positionals).style(po::command_line_style::unix_style ^
                                                                        po::command_line_style::allow_guessing)
                  .run(),
              map);
  } catch (const po::error& e) {
    throw InputError(describe_error(e) + " (see 'sudoku-count " + command.name + " --help')");
  }
  help = map.count("help") > 0;
  ParsedOptions parsed;
  if (help) return parsed;
  if (map.count(kPositional)) parsed.positional_ = map[kPositional].as<std::vector<std::string>>();
  for (const auto& spec : command.options) {
    if (map.count(spec.name)) {
      const std::string value = spec.kind == Kind::Flag ? "1" : map[spec.name].as<std::string>();
      check_value(spec, value);
      parsed.values_[spec.name] = value;
      parsed.given_.insert(spec.name);
    } else if (!spec.default_value.empty()) {
      parsed.values_[spec.name] = spec.default_value;
    }
  }
  return parsed;
}

std::string command_help(const CommandSpec& command) {
  std::ostringstream out;
  out << "usage: " << command.usage << "\n\n" << command.summary << "\n\n" << describe(command);
  return out.str();
}

std::string tool_help() {
  std::ostringstream out;
  out << "sudoku-count: count completed Sudoku grids of any box shape, exactly or by unbiased Monte Carlo "
         "estimate, and solve puzzles.\n\nusage: sudoku-count COMMAND [OPTIONS]\n       sudoku-count --version\n\ncommands:\n";
  for (const auto& command : command_table()) out << "  " << command.name << std::string(10 - command.name.size(), ' ') << command.brief << "\n";
  out << "\n'sudoku-count COMMAND --help' describes a command's options.\n"
         "Exit status: 0 success, 2 bad usage or bad input, 1 internal error, 3 estimate done but its final "
         "checkpoint could not be written.\n";
  return out.str();
}

}  // namespace sudoku_count::cli
