#pragma once
// The files a session saves: locked for the whole run, never written over
// unless resumed, and written again after a failure (session.hpp).
#include <functional>
#include <mutex>
#include <optional>
#include <string>

#include "sudoku_count/checkpoint.hpp"
#include "sudoku_count/session.hpp"

namespace sudoku_count::detail {

// The lock of the file a run writes, held for the whole run and taken before
// a resumed file is read (so no second run resumes a state the first is
// about to replace); none for no path, or a directory (refused later, by
// name). InputError when another run holds it.
std::optional<CheckpointLock> lock_saved_file(const std::string& path);

// Writes a saved file with `save` and tells the front end through `notice`:
// a failed write at once (the run keeps its state in memory and tries again
// in `every` seconds), and the first write that succeeds after a failure.
class SaveWriter {
 public:
  SaveWriter(std::string path, double every, SaveNoticeFn notice, std::mutex* mutex)
      : path_(std::move(path)), every_(every), notice_(std::move(notice)), mutex_(mutex) {}
  bool failed() const { return failed_; }
  void operator()(const std::function<void()>& save, bool final);

 private:
  std::string path_;
  double every_;
  SaveNoticeFn notice_;
  std::mutex* mutex_;
  bool failed_ = false;
};

}  // namespace sudoku_count::detail
