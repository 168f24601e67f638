#!/usr/bin/env bash
# `-o` never replaces a special file: gen writes a FIFO or a device node directly, where a
# regular file is replaced through FILE.partial (issue "Nothing destroyed, nothing silent").
#   tests/cli/special_outputs_test.sh fifo|device HALFPIPE WORK_DIR
# device: exit 77 (skipped) where device nodes cannot be made (not root, or no CAP_MKNOD).
set -u
case_name=$1 halfpipe=$2 work=$3
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
fail() { echo "FAIL: $*" >&2; exit 1; }
case $case_name in
fifo)
  mkfifo pipe || fail "mkfifo"
  timeout 60 cat pipe >received &  # without a writer it would wait for ever
  reader=$!
  "$halfpipe" gen add.f16 --random 10 -o pipe || fail "gen -o a FIFO failed"
  wait "$reader"
  [[ -p pipe ]] || fail "the FIFO was replaced by a regular file"
  [[ ! -e pipe.partial ]] || fail "pipe.partial was written"
  grep -q '^# vectors: 10$' received || fail "the reader got no header: $(head -c 300 received)"
  [[ $(grep -c '^add.f16 ' received) -eq 10 ]] || fail "the reader got $(grep -c '^add.f16 ' received) vectors"
  ;;
device)
  if ! mknod null-device c 1 3 2>/dev/null; then
    echo "cannot make a device node here (needs root with CAP_MKNOD): skipped"
    exit 77
  fi
  "$halfpipe" gen add.f16 --random 10 -o null-device || fail "gen -o a device failed"
  [[ -c null-device ]] || fail "the device node was replaced by a regular file"
  [[ ! -e null-device.partial ]] || fail "null-device.partial was written"
  # A regular file is still replaced as a whole.
  echo old >regular.vec
  "$halfpipe" gen add.f16 --random 10 -o regular.vec || fail "gen -o a regular file failed"
  [[ -f regular.vec && $(grep -c '^add.f16 ' regular.vec) -eq 10 ]] || fail "regular.vec not replaced"
  ;;
*) fail "unknown case $case_name" ;;
esac
echo "special outputs $case_name: ok"
