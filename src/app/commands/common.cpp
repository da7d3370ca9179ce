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

Layout command_layout(const ParsedOptions& options) {
  const std::string variants = options.has("variant") ? options.text("variant") : "";
  if (!options.has("regions")) return Layout::with_variants(box_shape(options), Layout::parse_variants(variants));
  const std::string path = options.text("regions");
  const std::string text = read_input_file(path, "regions file");
  const std::vector<Variant> list = Layout::parse_variants(variants);
  Layout layout;
  try {
    layout = Layout::parse_regions(text, list);
  } catch (const InputError& e) {
    throw InputError("regions file " + quote_input(path) + ": " + e.what());
  }
  if (options.has("box") && box_shape(options).n() != layout.n())
    throw InputError("--box " + options.text("box") + " gives a " + std::to_string(box_shape(options).n()) + "x" +
                     std::to_string(box_shape(options).n()) + " grid but regions file " + quote_input(path) +
                     " has " + std::to_string(layout.n()) + " rows; drop --box (a jigsaw's size comes from its file)");
  return layout;
}

void require_same_layout(const ParsedOptions& options, const Layout& saved, const std::string& path) {
  if (!options.given("box") && !options.given("variant") && !options.given("regions")) return;
  const Layout asked = options.given("box") || options.given("regions")
                           ? command_layout(options)
                           : Layout::with_variants(saved.shape(), Layout::parse_variants(options.text("variant")));
  if (!(asked == saved))
    throw InputError("layout " + asked.name() + " (from --box, --variant, --regions) does not match checkpoint '" +
                     path + "' (layout " + saved.name() + "); drop those options to resume it");
}

std::string read_input_file(const std::string& path, const std::string& what) {
  std::error_code error;
  if (std::filesystem::is_directory(path, error))
    throw InputError("cannot read " + what + " " + quote_input(path) + ": it is a directory");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError("cannot read " + what + " " + quote_input(path) + ": it is missing or unreadable");
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw InputError("cannot read " + what + " " + quote_input(path));
  return text.str();
}

std::string read_puzzle_file(const std::string& path) { return read_input_file(path, "puzzle file"); }

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
