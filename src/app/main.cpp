// sudoku-count: the command-line front end. It looks the command up in the
// command table (command_table.cpp), parses and checks its options, runs its
// handler (commands/) and maps errors to exit statuses: 2 for bad usage or
// input, 1 for an internal error. A handler returns 0, or 3 for an estimate
// whose final checkpoint could not be written.
#include <iostream>
#include <new>
#include <string>
#include <vector>

#include "distributed.hpp"
#include "options.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/version.hpp"

namespace sc = sudoku_count;

namespace {

std::string command_suggestion(const std::string& typed) {
  std::vector<std::string> names;
  for (const auto& command : sc::cli::command_table()) names.push_back(command.name);
  return sc::cli::did_you_mean(typed, names);
}

int run_command_line(int argc, char** argv, const sc::cli::ProcessGroup& group) {
  if (argc < 2) {
    if (group.leader()) std::cerr << sc::cli::tool_help();
    return 2;
  }
  const std::string first = argv[1];
  if (first == "--help" || first == "-h" || first == "help") {
    // help COMMAND: that command's --help.
    if (first == "help" && argc >= 3) {
      const sc::cli::CommandSpec* command = sc::cli::find_command(argv[2]);
      if (!command) throw sc::InputError("unknown command " + sc::quote_input(argv[2]) + command_suggestion(argv[2]) +
                                         " (see 'sudoku-count --help')");
      if (group.leader()) std::cout << sc::cli::command_help(*command);
      return 0;
    }
    if (group.leader()) std::cout << sc::cli::tool_help();
    return 0;
  }
  if (first == "--version") {
    if (group.leader()) std::cout << "sudoku-count " << sc::kVersion << "\n";
    return 0;
  }
  const sc::cli::CommandSpec* command = sc::cli::find_command(first);
  if (!command)
    throw sc::InputError("unknown command " + sc::quote_input(first) + command_suggestion(first) +
                         " (see 'sudoku-count --help')");
  bool help = false;
  const sc::cli::ParsedOptions options =
      sc::cli::parse_command_line(*command, std::vector<std::string>(argv + 2, argv + argc), help);
  if (help) {
    if (group.leader()) std::cout << sc::cli::command_help(*command);
    return 0;
  }
  sc::cli::check_requirements(*command, options);
  // Only a command that spreads over processes runs on all; the leader alone runs the rest.
  if (!command->every_process && !group.leader()) return 0;
  return command->handler(options, group);
}

}  // namespace

int main(int argc, char** argv) {
  sc::cli::ProcessGroup group(argc, argv);
  try {
    return run_command_line(argc, argv, group);
  } catch (const sc::InputError& e) {
    // Every process meets the same input errors; one message is enough. The
    // library names a request's fields in its own terms ({rel_error}): here
    // they are the options that set them (--rel-error).
    if (group.leader()) std::cerr << "sudoku-count: error: " << sc::cli::option_words(e.what()) << "\n";
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
