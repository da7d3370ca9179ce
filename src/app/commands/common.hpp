#pragma once
// Helpers the command handlers share: the box shape, files, signals.
#include <atomic>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

#include "options.hpp"
#include "sudoku_count/layout.hpp"
#include "sudoku_count/session.hpp"
#include "sudoku_count/shape.hpp"

namespace sudoku_count::cli {

// The shape of --box (the table requires --box wherever this is called).
Shape box_shape(const ParsedOptions& options);

// Where --progress sends a run's progress: a status line redrawn on stderr
// when it is a terminal (unless --progress never), plain lines on stderr
// when --progress always and it is not.
struct ProgressOutput {
  bool status_line = false;
  bool plain_lines = false;
};
ProgressOutput progress_output(const ParsedOptions& options);

// Tells on stderr how a run's saves went (the library's SaveNotice): a
// failed write at once (and, for the final one, that the exit status is 3),
// the first write that succeeds after a failure. `erase_progress_line`:
// erase a progress line on stderr before a message.
SaveNoticeFn save_notice_printer(bool erase_progress_line);

// SIGINT and SIGTERM no longer end the process at once: they set the flag
// that interrupted() returns, which stops a run (an estimate within a few
// samples; an exact job once its units under way finish). SIGTERM or a
// second SIGINT also make urgent_stop() true: the run must then end within
// seconds, dropping work under way (UrgentStop). A run stopped by a signal
// exits with signal_exit_status(): 130 after SIGINT, 143 after SIGTERM.
void install_signal_handlers();
const std::atomic<bool>& interrupted();
bool urgent_stop();
int signal_exit_status();  // 0 when no signal came
std::string stop_signal_name();  // "SIGTERM", "SIGINT", "a second SIGINT"; "" when none came

// The line UrgentStop's last_save prints when a run kept its checkpoint as
// last saved: "stopped by SIGTERM before <unfinished>; ..." naming the
// checkpoint, or `nothing_done` when none was written yet.
void print_stopped_as_last_saved(bool status_line, const std::string& unfinished,
                                 const std::string& checkpoint_path, const std::string& nothing_done);

// Guarantees the urgent stop. A thread watches the signals; after SIGTERM or
// a second SIGINT it gives the run a few seconds to stop in order, and if
// it has not finish()ed by then, calls last_save (which saves what can be
// saved and says so) under mutex() and ends the process with
// signal_exit_status(). A run's own saves take mutex() too, so the two never
// write at once. `first_sigint_notice`, if not empty, is printed on stderr
// when the first SIGINT comes.
class UrgentStop {
 public:
  explicit UrgentStop(std::function<void()> last_save, std::string first_sigint_notice = "");
  ~UrgentStop();
  UrgentStop(const UrgentStop&) = delete;
  UrgentStop& operator=(const UrgentStop&) = delete;
  // The run has stopped in order: its final state is saved; nothing left to do.
  void finish();
  std::mutex& mutex() { return mutex_; }

 private:
  void watch();
  std::function<void()> last_save_;
  std::string notice_;
  std::mutex mutex_;
  bool finished_ = false;
  std::thread watcher_;  // last: started once the rest is built
};

}  // namespace sudoku_count::cli
