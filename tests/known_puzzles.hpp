#pragma once
// 9x9 puzzles with known answers, shared by the test files.

namespace sudoku_count::known_puzzles {

// The example puzzle of Wikipedia's Sudoku article, also LeetCode problem 37
// ("Sudoku Solver"); naked singles alone solve it.
inline constexpr const char* kLeetCodePuzzle =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
inline constexpr const char* kLeetCodeSolution =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
// The puzzle Arto Inkala published in 2012 as the world's hardest, and its
// solution; no single applies at the start.
inline constexpr const char* kInkala2012 =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
inline constexpr const char* kInkala2012Solution =
    "812753649943682175675491283154237896369845721287169534521974368438526917796318452";
// 18 givens, 8008 completions.
inline constexpr const char* kPuzzle8008 =
    "900000000000000000000800600078006000020000090000500430006003200010094000000000008";
// No two givens clash, but r1c1 can only be 9 (row 1 has 1-8) and column 1
// already has a 9.
inline constexpr const char* kNoCompletion =
    ".12345678"
    "........."
    "........."
    "........."
    "9........"
    "........."
    "........."
    "........."
    ".........";

}  // namespace sudoku_count::known_puzzles
