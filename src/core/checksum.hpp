#pragma once
// The checksum of saved files and of jigsaw names.
#include <cstdint>
#include <string>

namespace sudoku_count::detail {

// FNV-1a, 64-bit (Fowler, Noll, Vo): enough to catch torn or edited files.
std::uint64_t fnv1a64(const std::string& bytes);

}  // namespace sudoku_count::detail
