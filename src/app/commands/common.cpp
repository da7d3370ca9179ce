#include "commands/common.hpp"

#include <pthread.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <system_error>

#include "output/text.hpp"
#include "sudoku_count/error.hpp"

namespace sudoku_count::cli {
namespace {

std::atomic<bool> g_interrupted{false};
std::atomic<bool> g_urgent{false};
std::atomic<int> g_sigints{0};
std::atomic<int> g_signal{0};  // the signal whose number makes the exit status
static_assert(std::atomic<bool>::is_always_lock_free, "the signal handler needs lock-free flags");
static_assert(std::atomic<int>::is_always_lock_free, "the signal handler needs lock-free flags");

// The first SIGINT asks for an orderly stop; SIGTERM (what timeout and batch
// schedulers send before SIGKILL) and a second SIGINT ask for a stop within
// seconds. SIGTERM's status wins once both have come.
extern "C" void on_signal(int number) {
  const bool first_sigint = number == SIGINT && g_sigints.fetch_add(1) == 0;
  if (!first_sigint) g_urgent.store(true);
  if (number == SIGTERM || g_signal.load() == 0) g_signal.store(number);
  g_interrupted.store(true);
}

// How long an urgent stop waits for the run to stop in order (and print its
// summary) before UrgentStop saves what it can and ends the process.
constexpr auto kUrgentGrace = std::chrono::seconds(3);
constexpr auto kWatchPoll = std::chrono::milliseconds(50);

}  // namespace

Shape box_shape(const ParsedOptions& options) { return Shape::parse(options.text("box")); }

ProgressOutput progress_output(const ParsedOptions& options) {
  const std::string mode = options.text("progress");
  const bool terminal = isatty(STDERR_FILENO) != 0;
  return {.status_line = mode != "never" && terminal, .plain_lines = mode == "always" && !terminal};
}

SaveNoticeFn save_notice_printer(bool erase_progress_line) {
  return [erase_progress_line](const SaveNotice& notice) {
    std::cerr << (erase_progress_line ? kEraseLine : "") << "sudoku-count: ";
    if (notice.error.empty()) {
      std::cerr << "checkpoint '" << notice.path << "' saved again\n";
      return;
    }
    std::cerr << "warning: " << notice.error;
    if (notice.final) std::cerr << "; the final state was not saved (exit status 3)\n";
    else std::cerr << "; the run goes on with its state in memory and tries again in " << notice.retry_seconds << " s\n";
  };
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

bool urgent_stop() { return g_urgent.load(); }

int signal_exit_status() {
  const int number = g_signal.load();
  return number == 0 ? 0 : 128 + number;
}

std::string stop_signal_name() {
  const int number = g_signal.load();
  return number == SIGTERM ? "SIGTERM" : number == SIGINT ? (g_sigints.load() > 1 ? "a second SIGINT" : "SIGINT") : "";
}

UrgentStop::UrgentStop(std::function<void()> last_save, std::string first_sigint_notice)
    : last_save_(std::move(last_save)), notice_(std::move(first_sigint_notice)), watcher_([this] { watch(); }) {}

UrgentStop::~UrgentStop() {
  finish();
  watcher_.join();
}

void UrgentStop::finish() {
  std::lock_guard<std::mutex> hold(mutex_);
  finished_ = true;
}

void UrgentStop::watch() {
  // Named, so that a count of a run's worker threads can leave it out.
  pthread_setname_np(pthread_self(), "signal-watch");
  bool noticed = false;
  for (;;) {
    {
      std::lock_guard<std::mutex> hold(mutex_);
      if (finished_) return;
    }
    if (!noticed && !notice_.empty() && g_interrupted.load() && !g_urgent.load()) {
      noticed = true;
      std::cerr << "\nsudoku-count: " << notice_ << "\n" << std::flush;
    }
    if (g_urgent.load()) break;
    std::this_thread::sleep_for(kWatchPoll);
  }
  const auto deadline = std::chrono::steady_clock::now() + kUrgentGrace;
  while (std::chrono::steady_clock::now() < deadline) {
    {
      std::lock_guard<std::mutex> hold(mutex_);
      if (finished_) return;
    }
    std::this_thread::sleep_for(kWatchPoll);
  }
  // The run did not stop in time: save under the lock (so no save of the
  // run's own is half done), then end the process without unwinding the
  // threads still at work.
  std::lock_guard<std::mutex> hold(mutex_);
  if (finished_) return;
  if (last_save_) last_save_();
  std::cout << std::flush;
  std::cerr << std::flush;
  std::fflush(nullptr);
  ::_exit(signal_exit_status());
}

void print_stopped_as_last_saved(bool status_line, const std::string& unfinished,
                                 const std::string& checkpoint_path, const std::string& nothing_done) {
  std::cerr << (status_line ? kEraseLine : "") << "sudoku-count: stopped by " << stop_signal_name() << " before "
            << unfinished << "; "
            << (checkpoint_path.empty() ? std::string("no checkpoint was kept")
                : std::filesystem::exists(checkpoint_path)
                    ? "checkpoint '" + checkpoint_path + "' holds the run as last saved"
                    : nothing_done)
            << "\n";
}

}  // namespace sudoku_count::cli
