#pragma once
// The command-line options of every subcommand, in one table: name, value
// kind, default, range and help. Parsing, range checks and --help all come
// from it. Values are read as text and parsed strictly here (Boost's own
// conversions accept "-5" for unsigned values), so every bad value gets a
// message naming the option and what it takes.
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace sudoku_count::cli {

enum class Kind { Flag, Integer, Real, Text };

struct OptionSpec {
  std::string name;
  Kind kind;
  std::string value_name;     // shown in help: SHAPE, SECONDS, ...
  std::string default_value;  // empty: no default
  double min = 0, max = 0;    // inclusive range for numbers (min == max: unchecked)
  bool min_exclusive = false;
  std::string help;
  bool max_exclusive = false;
};

struct CommandSpec {
  std::string name;
  std::string usage;
  std::string brief;    // one line, for the tool's --help
  std::string summary;
  std::vector<OptionSpec> options;
  std::string positional;  // name of the positional arguments (FILE), empty if the command takes none
};

const std::vector<CommandSpec>& command_table();
const CommandSpec* find_command(const std::string& name);

// Parsed, checked values of one command line.
class ParsedOptions {
 public:
  bool has(const std::string& name) const { return values_.count(name) > 0; }
  // On the command line, not just a default.
  bool given(const std::string& name) const { return given_.count(name) > 0; }
  bool flag(const std::string& name) const { return has(name); }
  std::string text(const std::string& name) const;
  std::uint64_t integer(const std::string& name) const;
  double real(const std::string& name) const;
  const std::vector<std::string>& positional() const { return positional_; }
  std::map<std::string, std::string> values_;  // name -> text as given (or default)
  std::set<std::string> given_;
  std::vector<std::string> positional_;
};

// Throws InputError on unknown options, missing values, bad numbers, values
// out of range. `help` is set when --help was given (nothing else checked).
ParsedOptions parse_command_line(const CommandSpec& command, const std::vector<std::string>& args, bool& help);

std::string command_help(const CommandSpec& command);
std::string tool_help();

}  // namespace sudoku_count::cli
