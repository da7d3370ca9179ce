#include "commands/checkpoints.hpp"

#include <filesystem>
#include <iostream>
#include <system_error>

#include "output/text.hpp"
#include "sudoku_count/error.hpp"

namespace sudoku_count::cli {

void refuse_existing_checkpoint(const std::string& path, const std::string& resume_path, const std::string& option) {
  std::error_code error;
  if (!std::filesystem::exists(path, error)) return;
  if (std::filesystem::is_directory(path, error))
    throw InputError(option + " " + path + ": it is a directory; give a file name");
  if (!resume_path.empty() && std::filesystem::equivalent(path, resume_path, error)) return;
  throw InputError(option + " " + path + ": the file already exists and holds a saved run; continue it with "
                   "'--resume " + path + "', or remove the file (or choose another name) to start afresh");
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
