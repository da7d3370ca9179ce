#pragma once
namespace sudoku_count {
inline constexpr const char* kVersion = "0.1.0";
}  // namespace sudoku_count
