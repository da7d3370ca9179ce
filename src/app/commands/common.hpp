#pragma once
// Helpers the command handlers share: the box shape, files, signals.
#include <atomic>
#include <string>

#include "options.hpp"
#include "sudoku_count/layout.hpp"
#include "sudoku_count/shape.hpp"

namespace sudoku_count::cli {

// The shape of --box (the table requires --box wherever this is called).
Shape box_shape(const ParsedOptions& options);

// The layout of --box, --variant and --regions FILE (a jigsaw: its size
// from the file; a --box given beside it must have the same N). The table
// requires --box or --regions wherever this is called.
Layout command_layout(const ParsedOptions& options);

// Refuses --box, --variant or --regions that disagree with the layout of a
// resumed run (`saved`, from `path`), naming both.
void require_same_layout(const ParsedOptions& options, const Layout& saved, const std::string& path);

// The whole text of a file given as input (`what`: "puzzle file", "regions
// file"); InputError naming it when it is missing, a directory or unreadable.
std::string read_input_file(const std::string& path, const std::string& what);
// The whole text of a puzzle file; InputError when it is missing, a
// directory or unreadable.
std::string read_puzzle_file(const std::string& path);

// SIGINT and SIGTERM no longer end the process: they set the flag that
// interrupted() returns, which stops a running estimate.
void install_signal_handlers();
const std::atomic<bool>& interrupted();

}  // namespace sudoku_count::cli
