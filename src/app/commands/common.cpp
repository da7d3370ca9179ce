#include "commands/common.hpp"

#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>

#include "sudoku_count/error.hpp"

namespace sudoku_count::cli {
namespace {

std::atomic<bool> g_interrupted{false};
static_assert(std::atomic<bool>::is_always_lock_free, "the signal handler needs a lock-free flag");

extern "C" void on_signal(int) { g_interrupted.store(true); }

}  // namespace

Shape box_shape(const ParsedOptions& options) { return Shape::parse(options.text("box")); }

std::string read_puzzle_file(const std::string& path) {
  std::error_code error;
  if (std::filesystem::is_directory(path, error))
    throw InputError("cannot read puzzle file " + quote_input(path) + ": it is a directory");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError("cannot read puzzle file " + quote_input(path) + ": it is missing or unreadable");
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw InputError("cannot read puzzle file " + quote_input(path));
  return text.str();
}

// SA_RESTART: a signal that lands while the summary is being written must
// not fail that write with EINTR (stdio would drop the text).
void install_signal_handlers() {
  struct sigaction action {};
  action.sa_handler = on_signal;
  action.sa_flags = SA_RESTART;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
}

const std::atomic<bool>& interrupted() { return g_interrupted; }

}  // namespace sudoku_count::cli
