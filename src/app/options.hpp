#pragma once
// The command-line options of every command, in one table (command_table.cpp):
// per command its handler, and per option its value kind, default, range or
// choices and help; rules between options (conflicts, requirements) per
// command. Parsing, every check and --help all come from it. Values are read
// as text and parsed strictly here (Boost's own conversions accept "-5" for
// unsigned values), so every bad value gets a message naming the option and
// what it takes.
#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace sudoku_count::cli {

class ProcessGroup;
class ParsedOptions;

enum class Kind { Flag, Integer, Real, Text };

struct OptionSpec {
  std::string name{};
  Kind kind = Kind::Flag;
  std::string value_name{};     // shown in help: SHAPE, SECONDS, ...
  std::string default_value{};  // empty: no default
  double min = 0, max = 0;    // inclusive range for numbers (min == max: unchecked)
  bool min_exclusive = false;
  bool max_exclusive = false;
  std::string help{};
  std::vector<std::string> choices{};  // the values a Text option takes (listed in help; others refused)
  // A further check of a Text option's value, made first: throws
  // InputError naming the option (a box shape that does not parse; an
  // unknown method, in the library's own words).
  std::function<void(const std::string& value)> check{};
};

// The option `option`, when given, refuses every option of `others`.
struct Conflict {
  std::string option;
  std::vector<std::string> others;
  std::string message;
};

// One option of `one_of` must be given: always (`option` empty), or
// whenever `option` is given.
struct Requirement {
  std::string option;
  std::vector<std::string> one_of;
  std::string message;
};

// Runs a command; returns its exit status.
using Handler = int (*)(const ParsedOptions& options, const ProcessGroup& group);

struct CommandSpec {
  std::string name{};
  std::string usage{};
  std::string brief{};  // one line, for the tool's --help
  std::string summary{};
  std::vector<OptionSpec> options{};
  std::vector<Conflict> conflicts{};
  std::vector<Requirement> requirements{};
  std::string positional{};          // name of the positional arguments (FILE), empty if the command takes none
  std::string missing_positional{};  // the refusal when none is given (empty: they are optional)
  Handler handler = nullptr;
  bool every_process = false;  // runs on every process of an MPI run (else on the leader alone)

  const OptionSpec* find_option(const std::string& name) const;
};

const std::vector<CommandSpec>& command_table();
const CommandSpec* find_command(const std::string& name);

// Parsed, checked values of one command line. Asking for an option that is
// not in the command's table, or reading a value that was neither given nor
// defaulted (check has() first), is a programming error: std::logic_error.
class ParsedOptions {
 public:
  ParsedOptions() = default;
  explicit ParsedOptions(const CommandSpec& command) : command_(&command) {}

  bool has(const std::string& name) const;  // given, or defaulted
  bool given(const std::string& name) const;  // on the command line, not just a default
  bool flag(const std::string& name) const;
  std::string text(const std::string& name) const;
  std::uint64_t integer(const std::string& name) const;
  double real(const std::string& name) const;
  const std::vector<std::string>& positional() const { return positional_; }

 private:
  friend ParsedOptions parse_command_line(const CommandSpec&, const std::vector<std::string>&, bool&);
  const OptionSpec& spec(const std::string& name) const;
  const std::string& value(const std::string& name, Kind kind) const;

  const CommandSpec* command_ = nullptr;
  std::map<std::string, std::string> values_;  // name -> text as given (or default)
  std::set<std::string> given_;
  std::vector<std::string> positional_;
};

// Throws InputError on unknown options, missing values, bad numbers, values
// out of range or not among the choices, and conflicting options. `help` is
// set when --help was given (nothing else checked).
ParsedOptions parse_command_line(const CommandSpec& command, const std::vector<std::string>& args, bool& help);

// Throws InputError when something the command needs is missing (a --box,
// a puzzle, files to merge): checked apart from parsing, so that any part of
// a command line parses on its own.
void check_requirements(const CommandSpec& command, const ParsedOptions& options);

// "; did you mean 'NAME'?" for the name of `names` within a few slips of
// `typed` (a misspelt option or command); "" when none is that close.
std::string did_you_mean(const std::string& typed, const std::vector<std::string>& names);

// A library message with each request field it names ({rel_error}) spelt
// as the option that sets it (--rel-error).
std::string option_words(const std::string& message);

std::string command_help(const CommandSpec& command);
std::string tool_help();

}  // namespace sudoku_count::cli
