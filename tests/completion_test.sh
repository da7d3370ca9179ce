#!/usr/bin/env bash
# The generated completion scripts complete every command and every option of
# the command table. The table is read from the tool's own --help (which
# comes from it too, by another route than the generator's): commands from
# `sudoku-count --help`, options from `sudoku-count COMMAND --help`.
#  - bash: the script is sourced and its function run as bash's completion
#    would run it, on "sudoku-count <TAB>" and "sudoku-count COMMAND --<TAB>",
#    and on the values of an option with choices;
#  - zsh: every option has its spec in its command's branch, and, where zsh
#    is installed, the script parses.
# Usage: completion_test.sh SUDOKU_COUNT BASH_COMPLETION ZSH_COMPLETION
set -euo pipefail
tool=$1 bash_script=$2 zsh_script=$3
fail=0

# shellcheck source=/dev/null
source "$bash_script"
complete_words() {  # the completions of the words given, the last one being completed
  COMP_WORDS=("$@")
  COMP_CWORD=$(($# - 1))
  COMPREPLY=()
  _sudoku_count
  printf '%s\n' "${COMPREPLY[@]}"
}

commands=$("$tool" --help | sed -n '/^commands:/,/^$/s/^  \([a-z]*\) .*/\1/p')
[ -n "$commands" ] || { echo "FAIL: no commands in sudoku-count --help"; exit 1; }
offered=$(complete_words sudoku-count "")
for command in $commands; do
  grep -qx "$command" <<<"$offered" || { echo "FAIL: bash does not complete command $command"; fail=1; }
done
zsh_commands=$(sed -n "/^  commands=(/,/^  )/s/^    '\([a-z]*\):.*/\1/p" "$zsh_script")

checked=0
for command in $commands; do
  options=$("$tool" "$command" --help | sed -n 's/^  --\([a-z-]*\).*/\1/p')
  [ -n "$options" ] || { echo "FAIL: no options in sudoku-count $command --help"; fail=1; }
  offered=$(complete_words sudoku-count "$command" --)
  branch=$(sed -n "/^    $command)\$/,/;;\$/p" "$zsh_script")
  grep -qx "$command" <<<"$zsh_commands" || { echo "FAIL: zsh does not complete command $command"; fail=1; }
  for option in $options help; do
    checked=$((checked + 1))
    grep -qx -- "--$option" <<<"$offered" || { echo "FAIL: bash does not complete $command --$option"; fail=1; }
    grep -q -- "'--$option\[" <<<"$branch" || { echo "FAIL: zsh has no spec for $command --$option"; fail=1; }
  done
done

# An option with choices completes them: --orientation of estimate.
values=$(complete_words sudoku-count estimate --orientation "")
for choice in auto given transposed; do
  grep -qx "$choice" <<<"$values" || { echo "FAIL: bash does not complete estimate --orientation $choice"; fail=1; }
done

if command -v zsh >/dev/null; then
  zsh -n "$zsh_script" || { echo "FAIL: the zsh script does not parse"; fail=1; }
else
  echo "zsh not installed: its script's syntax left unchecked"
fi
[ $fail = 0 ] || exit 1
echo "bash and zsh complete $(wc -w <<<"$commands") commands and $checked command options"
