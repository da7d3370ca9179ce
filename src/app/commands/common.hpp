#pragma once
// Helpers the command handlers share: the box shape, files, signals.
#include <atomic>
#include <string>

#include "options.hpp"
#include "sudoku_count/shape.hpp"

namespace sudoku_count::cli {

// The shape of --box (the table requires --box wherever this is called).
Shape box_shape(const ParsedOptions& options);

// The whole text of a puzzle file; InputError when it is missing, a
// directory or unreadable.
std::string read_puzzle_file(const std::string& path);

// SIGINT and SIGTERM no longer end the process: they set the flag that
// interrupted() returns, which stops a running estimate.
void install_signal_handlers();
const std::atomic<bool>& interrupted();

}  // namespace sudoku_count::cli
