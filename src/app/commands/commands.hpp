#pragma once
// The handler of each command (one file each), as the command table
// (command_table.cpp) registers them. Each returns its exit status; errors
// of input are thrown as InputError.
#include "options.hpp"

namespace sudoku_count::cli {

int handle_estimate(const ParsedOptions& options, const ProcessGroup& group);
int handle_exact(const ParsedOptions& options, const ProcessGroup& group);
int handle_merge(const ParsedOptions& options, const ProcessGroup& group);
int handle_puzzles(const ParsedOptions& options, const ProcessGroup& group);
int handle_sample(const ParsedOptions& options, const ProcessGroup& group);
int handle_solve(const ParsedOptions& options, const ProcessGroup& group);
int handle_tables(const ParsedOptions& options, const ProcessGroup& group);

}  // namespace sudoku_count::cli
