#pragma once
// The command line's side of checkpoint files: never overwriting a saved
// run, resuming one, and saving a run as it goes.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "distributed.hpp"
#include "options.hpp"
#include "sudoku_count/checkpoint.hpp"
#include "sudoku_count/run.hpp"

namespace sudoku_count::cli {

// A checkpoint is a user's saved run: never replaced by a new run unless it
// is the one being resumed (`resume_path`, "" if none). `option` names the
// option that gave `path` in the message.
void refuse_existing_checkpoint(const std::string& path, const std::string& resume_path, const std::string& option);

// The lock of the checkpoint a run writes, held for the whole run and taken
// before the --resume file is read (so no second run resumes a state the
// first is about to replace); none for no path, or a directory (refused
// later, by name). InputError when another run holds it.
std::optional<CheckpointLock> lock_checkpoint(const std::string& path);

// The run saved in the --resume checkpoint (none without --resume): the
// leader reads and checks the file, and every process gets the same state.
std::optional<Checkpoint> read_resumed_run(const ParsedOptions& options, const ProcessGroup& group);

// Sets run.start to continue `resumed` (read from `path`), after checking
// that it is a run of the same kind as `state` describes and that it can be
// extended under run.stop.
void continue_from(const Checkpoint& resumed, const std::string& path, const Checkpoint& state, RunOptions& run);

// Writes a saved file with `save` and reports on stderr: a failed write at
// once (the run keeps its state in memory and tries again in `every`
// seconds; a failed final write means exit status 3), and the first write
// that succeeds after a failure. `erase_progress_line`: erase a progress
// line on stderr before a message.
class SaveReporter {
 public:
  SaveReporter(std::string path, double every, bool erase_progress_line)
      : path_(std::move(path)), every_(every), erase_(erase_progress_line) {}
  bool failed() const { return failed_; }
  void operator()(const std::function<void()>& save, bool final);

 private:
  std::string path_;
  double every_;
  bool erase_;
  bool failed_ = false;
};

// Saves the state of a run at each checkpoint call. A failed write is
// reported at once and tried again at the next call (the run keeps its
// state in memory); failed() tells whether the last one failed.
class CheckpointSaver {
 public:
  // `state`: what a checkpoint of this run records (blocks and sums are
  // filled in as it goes); `every`: the interval, for the message;
  // `erase_progress_line`: erase a progress line on stderr before a message.
  CheckpointSaver(Checkpoint state, std::uint64_t seed, std::string path, double every, bool erase_progress_line);
  bool failed() const { return reporter_.failed(); }
  void operator()(const Progress& progress);

 private:
  Checkpoint state_;
  std::uint64_t seed_;
  std::string path_;
  SaveReporter reporter_;
};

}  // namespace sudoku_count::cli
