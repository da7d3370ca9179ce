#include "session/save_writer.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <system_error>

#include "sudoku_count/error.hpp"

namespace sudoku_count {
namespace {

// What an existing file is, in a few words, from its first line: a saved
// run of either kind, or something else (which must not be taken for one).
std::string what_the_file_holds(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::string first;
  std::getline(in, first);
  if (first == "sudoku-count checkpoint") return "holds a saved estimate run";
  if (first == "sudoku-count exact job") return "holds a saved exact job";
  if (first.empty() && in.eof()) return "is an empty file, not a sudoku-count checkpoint";
  const bool text = std::all_of(first.begin(), first.end(), [](unsigned char c) { return c >= 32 && c < 127; });
  if (!text) return "is not a sudoku-count checkpoint (it is not text)";
  return "is not a sudoku-count checkpoint (it starts with " + quote_input(first, 40) + ")";
}

}  // namespace

void refuse_to_overwrite(const std::string& path, const std::string& resume_path, const std::string& field) {
  std::error_code error;
  if (!std::filesystem::exists(path, error)) return;
  if (std::filesystem::is_directory(path, error))
    throw RequestError(field, "{" + field + "} " + path + ": it is a directory; give a file name");
  if (!resume_path.empty() && std::filesystem::equivalent(path, resume_path, error)) return;
  const std::string holds = what_the_file_holds(path);
  if (holds.compare(0, 5, "holds") == 0)
    throw RequestError(field, "{" + field + "} " + path + ": the file already exists and " + holds +
                                  "; continue it with {resume} " + path +
                                  ", or remove the file (or choose another name) to start afresh; the file was left "
                                  "as it is");
  throw RequestError(field, "{" + field + "} " + path + ": the file already exists and " + holds +
                                "; it was left untouched: choose another name for the checkpoint");
}

namespace detail {

std::optional<CheckpointLock> lock_saved_file(const std::string& path) {
  std::error_code error;
  if (path.empty() || std::filesystem::is_directory(path, error)) return std::nullopt;
  return std::optional<CheckpointLock>(std::in_place, path);
}

void SaveWriter::operator()(const std::function<void()>& save, bool final) {
  std::unique_lock<std::mutex> hold;
  if (mutex_ != nullptr) hold = std::unique_lock<std::mutex>(*mutex_);
  try {
    save();
    if (failed_ && notice_) notice_(SaveNotice{path_, "", final, every_});
    failed_ = false;
  } catch (const std::system_error& e) {
    failed_ = true;
    if (notice_) notice_(SaveNotice{path_, e.what(), final, every_});
  }
}

}  // namespace detail
}  // namespace sudoku_count
