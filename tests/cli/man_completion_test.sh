#!/usr/bin/env bash
# The man page documents every command with its own --help, and the bash completion offers the
# commands and each command's options (issue "Nothing destroyed, nothing silent").
#   tests/cli/man_completion_test.sh HALFPIPE MAN_PAGE COMPLETION_SCRIPT
set -u
halfpipe=$1 man_page=$2 completion=$3
fail() { echo "FAIL: $*" >&2; exit 1; }
commands=$("$halfpipe" --help | awk '/^Commands:/ { listing = 1; next } listing && /^  [a-z]/ { print $1 }')
[[ $(wc -w <<<"$commands") -ge 14 ]] || fail "halfpipe --help lists $(wc -w <<<"$commands") commands"

[[ -s $man_page ]] || fail "no man page at $man_page"
grep -q '^\.TH HALFPIPE "1"' "$man_page" || fail "no .TH header"
grep -q '^\.SH SYNOPSIS' "$man_page" || fail "no SYNOPSIS"
for command in $commands; do
  grep -qx "\.SS halfpipe $command" "$man_page" || fail "the man page has no section for $command"
done
# An option of one command, under its section.
grep -q -- '--progress-every' "$man_page" || fail "sweep's options are missing"

# shellcheck source=/dev/null
source "$completion"
complete_words() {  # complete_words WORD...: COMPREPLY for the last word
  COMP_WORDS=("$halfpipe" "$@")
  COMP_CWORD=$#
  _halfpipe
  printf '%s\n' "${COMPREPLY[@]}"
}
[[ $(complete_words sw) == sweep ]] || fail "'sw' completes to $(complete_words sw)"
complete_words "" | grep -qx uop || fail "the command list has no uop"
[[ $(complete_words sweep --corn) == --corner ]] || fail "'sweep --corn' completes to $(complete_words sweep --corn)"
complete_words cosim --ve | grep -qx -- --vector-file || fail "cosim's --vector-file is not offered"
complete_words gen --corn | grep -qx -- --corner || fail "gen's --corner is not offered"
complete_words gen --wav | grep -q . && fail "gen was offered --wave, which it does not take"
echo "the man page has every command; the completion offers commands and their options"
