#include "options.hpp"

#include <boost/program_options.hpp>
#include <algorithm>
#include <charconv>
#include <cmath>
#include <iterator>
#include <sstream>
#include <stdexcept>

#include "sudoku_count/error.hpp"

namespace po = boost::program_options;

namespace sudoku_count::cli {
namespace {

constexpr const char* kPositional = "positional-arguments";  // hidden: not in --help's list

[[noreturn]] void bad_value(const OptionSpec& spec, const std::string& value, const std::string& why) {
  throw InputError("--" + spec.name + " " + quote_input(value) + ": " + why);
}

std::string range_text(const OptionSpec& spec) {
  std::ostringstream out;
  out << (spec.min_exclusive ? "greater than " : "at least ") << spec.min
      << (spec.max_exclusive ? " and less than " : " and at most ") << spec.max;
  return out.str();
}

std::string joined(const std::vector<std::string>& items, const std::string& separator,
                   const std::string& prefix = "") {
  std::string text;
  for (const auto& item : items) text += (text.empty() ? "" : separator) + prefix + item;
  return text;
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
  } else {
    if (spec.check) spec.check(value);
    if (!spec.choices.empty() && std::find(spec.choices.begin(), spec.choices.end(), value) == spec.choices.end())
      bad_value(spec, value, "choose one of " + joined(spec.choices, ", "));
  }
}

// Boost's own messages (what()) are templates whose %placeholders% it
// fills with the user's text, replacing until none is left: an argument
// that holds a placeholder itself, such as --%original_token%, makes that
// loop endless (found by fuzz/fuzz_options). So the messages are built here
// from the option as typed, quoted like every other piece of user input.
std::string describe_error(const po::error& e, const CommandSpec& command) {
  const auto* named = dynamic_cast<const po::error_with_option_name*>(&e);
  if (!named) return dynamic_cast<const po::too_many_positional_options_error*>(&e)
                         ? "unexpected argument: give options only (--name value)"
                         : "bad command line";
  const std::string option = quote_input(named->get_option_name());
  if (dynamic_cast<const po::unknown_option*>(&e)) {
    std::vector<std::string> names;
    for (const auto& spec : command.options) names.push_back("--" + spec.name);
    std::string typed = named->get_option_name();
    if (const auto equals = typed.find('='); equals != std::string::npos) typed.resize(equals);
    return "unrecognised option " + option + did_you_mean(typed, names);
  }
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

// What --help says of an option beyond its own text: choices, default, and
// the command's rules that involve it, each in brackets.
std::string help_notes(const CommandSpec& command, const OptionSpec& spec) {
  std::string notes;
  if (!spec.choices.empty()) notes += " [choices: " + joined(spec.choices, ", ") + "]";
  if (!spec.default_value.empty()) notes += " [default " + spec.default_value + "]";
  std::vector<std::string> refused;
  for (const Conflict& conflict : command.conflicts) {
    if (conflict.option == spec.name) refused.insert(refused.end(), conflict.others.begin(), conflict.others.end());
    if (std::count(conflict.others.begin(), conflict.others.end(), spec.name)) refused.push_back(conflict.option);
  }
  if (!refused.empty()) notes += " [not with " + joined(refused, ", ", "--") + "]";
  for (const Requirement& requirement : command.requirements) {
    const auto& one_of = requirement.one_of;
    if (requirement.option == spec.name) notes += " [needs " + joined(one_of, " or ", "--") + "]";
    if (!requirement.option.empty() || !std::count(one_of.begin(), one_of.end(), spec.name)) continue;
    std::vector<std::string> instead;
    std::copy_if(one_of.begin(), one_of.end(), std::back_inserter(instead),
                 [&](const std::string& name) { return name != spec.name; });
    notes += instead.empty() ? " [required]" : " [required unless " + joined(instead, " or ", "--") + "]";
  }
  return notes;
}

po::options_description describe(const CommandSpec& command) {
  po::options_description description("Options");
  for (const auto& spec : command.options) {
    const std::string help = spec.help + help_notes(command, spec);
    if (spec.kind == Kind::Flag) description.add_options()(spec.name.c_str(), help.c_str());
    else description.add_options()(spec.name.c_str(), po::value<std::string>()->value_name(spec.value_name), help.c_str());
  }
  description.add_options()("help,h", "show this help");
  return description;
}

}  // namespace

namespace {

// Levenshtein distance with adjacent transpositions (optimal string
// alignment): a swapped pair of letters is one slip, as a person types.
std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i)
    for (std::size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] != b[j - 1])});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

}  // namespace

std::string did_you_mean(const std::string& typed, const std::vector<std::string>& names) {
  // A third of the name's length in slips, at least one, reads as a typo;
  // more is another word.
  std::string best;
  std::size_t best_distance = std::max<std::size_t>(1, typed.size() / 3) + 1;
  for (const auto& name : names)
    if (const std::size_t distance = edit_distance(typed, name); distance < best_distance)
      best = name, best_distance = distance;
  return best.empty() ? "" : "; did you mean " + quote_input(best) + "?";
}

const OptionSpec* CommandSpec::find_option(const std::string& name) const {
  for (const auto& spec : options)
    if (spec.name == name) return &spec;
  return nullptr;
}

const CommandSpec* find_command(const std::string& name) {
  for (const auto& command : command_table())
    if (command.name == name) return &command;
  return nullptr;
}

const OptionSpec& ParsedOptions::spec(const std::string& name) const {
  const OptionSpec* spec = command_ ? command_->find_option(name) : nullptr;
  if (!spec)
    throw std::logic_error("option --" + name + " is not in the table of command " +
                           (command_ ? command_->name : std::string("(none)")));
  return *spec;
}

const std::string& ParsedOptions::value(const std::string& name, Kind kind) const {
  if (spec(name).kind != kind && kind != Kind::Text)
    throw std::logic_error("option --" + name + " is read as a value of another kind");
  const auto it = values_.find(name);
  if (it == values_.end()) throw std::logic_error("option --" + name + " is read but has no value");
  return it->second;
}

bool ParsedOptions::has(const std::string& name) const {
  spec(name);
  return values_.count(name) > 0;
}
bool ParsedOptions::given(const std::string& name) const {
  spec(name);
  return given_.count(name) > 0;
}
bool ParsedOptions::flag(const std::string& name) const {
  if (spec(name).kind != Kind::Flag) throw std::logic_error("option --" + name + " is not a flag");
  return values_.count(name) > 0;
}
std::string ParsedOptions::text(const std::string& name) const { return value(name, Kind::Text); }
std::uint64_t ParsedOptions::integer(const std::string& name) const {
  const std::string& t = value(name, Kind::Integer);
  std::uint64_t number = 0;
  std::from_chars(t.data(), t.data() + t.size(), number);
  return number;
}
double ParsedOptions::real(const std::string& name) const {
  const std::string& t = value(name, Kind::Real);
  double number = 0;
  std::from_chars(t.data(), t.data() + t.size(), number);
  return number;
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
    const auto style = po::command_line_style::unix_style ^ po::command_line_style::allow_guessing;
    po::store(po::command_line_parser(args).options(description).positional(positionals).style(style).run(), map);
  } catch (const po::error& e) {
    throw InputError(describe_error(e, command) + " (see 'sudoku-count " + command.name + " --help')");
  }
  help = map.count("help") > 0;
  ParsedOptions parsed(command);
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
  for (const Conflict& conflict : command.conflicts)
    if (parsed.given(conflict.option))
      for (const auto& other : conflict.others)
        if (parsed.given(other)) throw InputError(conflict.message);
  return parsed;
}

void check_requirements(const CommandSpec& command, const ParsedOptions& options) {
  for (const Requirement& requirement : command.requirements) {
    if (!requirement.option.empty() && !options.given(requirement.option)) continue;
    const auto& one_of = requirement.one_of;
    if (std::none_of(one_of.begin(), one_of.end(), [&](const std::string& name) { return options.given(name); }))
      throw InputError(requirement.message);
  }
  if (!command.missing_positional.empty() && options.positional().empty())
    throw InputError(command.missing_positional);
}

std::string command_help(const CommandSpec& command) {
  std::ostringstream out;
  out << "usage: " << command.usage << "\n\n" << command.summary << "\n\n" << describe(command);
  return out.str();
}

std::string tool_help() {
  std::ostringstream out;
  out << "sudoku-count: count completed Sudoku grids of any box shape, exactly or by unbiased Monte Carlo "
         "estimate, and solve puzzles.\n\nusage: sudoku-count COMMAND [OPTIONS]\n       sudoku-count --version\n\n"
         "commands:\n";
  for (const auto& command : command_table())
    out << "  " << command.name << std::string(10 - command.name.size(), ' ') << command.brief << "\n";
  out << "\n'sudoku-count COMMAND --help' (or 'sudoku-count help COMMAND') describes a command's options.\n"
         "Exit status: 0 success, 2 bad usage or bad input, 1 internal error, 3 run done but its final "
         "checkpoint could not be written, 130 stopped by SIGINT (Ctrl-C), 143 stopped by SIGTERM.\n";
  return out.str();
}

std::string option_words(const std::string& message) {
  return word_fields(message, [](std::string field) {
    std::replace(field.begin(), field.end(), '_', '-');
    return "--" + field;
  });
}

}  // namespace sudoku_count::cli
