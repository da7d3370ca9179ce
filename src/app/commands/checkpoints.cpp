#include "commands/checkpoints.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <system_error>

#include "output/text.hpp"
#include "sudoku_count/error.hpp"

namespace sudoku_count::cli {

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
  return "is not a sudoku-count checkpoint (it starts with '" + first.substr(0, 40) + (first.size() > 40 ? "..." : "") +
         "')";
}

}  // namespace

void refuse_existing_checkpoint(const std::string& path, const std::string& resume_path, const std::string& option) {
  std::error_code error;
  if (!std::filesystem::exists(path, error)) return;
  if (std::filesystem::is_directory(path, error))
    throw InputError(option + " " + path + ": it is a directory; give a file name");
  if (!resume_path.empty() && std::filesystem::equivalent(path, resume_path, error)) return;
  const std::string holds = what_the_file_holds(path);
  if (holds.compare(0, 5, "holds") == 0)
    throw InputError(option + " " + path + ": the file already exists and " + holds + "; continue it with "
                     "'--resume " + path + "', or remove the file (or choose another name) to start afresh; the "
                     "file was left as it is");
  throw InputError(option + " " + path + ": the file already exists and " + holds +
                   "; it was left untouched: choose another name for the checkpoint");
}

std::optional<CheckpointLock> lock_checkpoint(const std::string& path) {
  std::error_code error;
  if (path.empty() || std::filesystem::is_directory(path, error)) return std::nullopt;
  return std::optional<CheckpointLock>(std::in_place, path);
}

std::optional<Checkpoint> read_resumed_run(const ParsedOptions& options, const ProcessGroup& group) {
  if (!options.has("resume")) return std::nullopt;
  const std::string path = options.text("resume");
  Checkpoint resumed = parse_checkpoint(group.share([&] { return format_checkpoint(load_checkpoint(path)); }), path);
  if (resumed.ranges.size() != 1)
    throw InputError("checkpoint '" + path + "' holds " + std::to_string(resumed.ranges.size()) +
                     " merged runs and cannot be resumed; merge it with further runs instead ('sudoku-count merge')");
  return resumed;
}

void continue_from(const Checkpoint& resumed, const std::string& path, const Checkpoint& state, RunOptions& run) {
  try {
    require_compatible(resumed, "checkpoint '" + path + "'", state, "this run");
  } catch (const InputError& e) {
    throw InputError(std::string("cannot resume: ") + e.what());
  }
  const bool already_done = run.stop.samples > 0 && resumed.accumulator.count() >= run.stop.samples;
  if (!resumed.resumable() && !already_done)
    throw InputError("checkpoint '" + path + "' stopped inside block " + std::to_string(resumed.ranges[0].end - 1) +
                     " at exactly " + std::to_string(resumed.accumulator.count()) +
                     " samples (a --samples budget) and cannot be extended; start a further run with another "
                     "--seed and combine the two with 'sudoku-count merge'");
  run.start = {resumed.ranges[0].first, resumed.ranges[0].blocks(), resumed.accumulator, resumed.seconds};
}

void SaveReporter::operator()(const std::function<void()>& save, bool final) {
  try {
    save();
    if (failed_) std::cerr << (erase_ ? kEraseLine : "") << "sudoku-count: checkpoint '" << path_ << "' saved again\n";
    failed_ = false;
  } catch (const std::system_error& e) {
    failed_ = true;
    std::cerr << (erase_ ? kEraseLine : "") << "sudoku-count: warning: " << e.what();
    if (final) std::cerr << "; the final state was not saved (exit status 3)\n";
    else std::cerr << "; the run goes on with its state in memory and tries again in " << every_ << " s\n";
  }
}

CheckpointSaver::CheckpointSaver(Checkpoint state, std::uint64_t seed, std::string path, double every,
                                 bool erase_progress_line)
    : state_(std::move(state)), seed_(seed), path_(path), reporter_(std::move(path), every, erase_progress_line) {}

void CheckpointSaver::operator()(const Progress& p) {
  state_.ranges = {{seed_, p.first_block, p.first_block + p.blocks}};
  state_.accumulator = p.accumulator;
  state_.seconds = p.seconds;
  reporter_([&] { save_checkpoint(path_, state_); }, p.final);
}

}  // namespace sudoku_count::cli
