#!/usr/bin/env bash
# No output replaces a special file: gen -o, check --line -o, explore's --sweep-csv/json/svg and
# plan --write-spec write a FIFO or a device node directly, where a regular file is replaced
# through a temporary one; `-` is standard output for those text files and refused for files a
# later step reads back (issue "Nothing destroyed, nothing silent").
#   tests/cli/special_outputs_test.sh fifo|device|dash HALFPIPE WORK_DIR
# device: exit 77 (skipped) where device nodes cannot be made (not root, or no CAP_MKNOD).
set -u
case_name=$1 halfpipe=$2 work=$3
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
fail() { echo "FAIL: $*" >&2; exit 1; }
printf '# halfpipe vectors, format 1\n# vectors: 2\nadd.f16 0x3c00 0x3c00 0x4000\nadd.f16 0x3c00 0x4000 0x4200\n' >two.vec

# through_fifo NAME WHAT COMMAND...: runs COMMAND, which writes the FIFO `pipe`, with a reader;
# the reader's copy goes to NAME.
through_fifo() {
  local name=$1 what=$2
  shift 2
  timeout 60 cat pipe >"$name" &
  local reader=$!
  "$@" >/dev/null || fail "$what to a FIFO failed"
  wait "$reader"
  [[ -p pipe ]] || fail "$what replaced the FIFO by a regular file"
  ls pipe.* 2>/dev/null && fail "$what left a temporary file beside the FIFO"
  return 0
}
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
  through_fifo cut.txt "check --line -o" "$halfpipe" check two.vec --line 4 -o pipe
  grep -qx 'add.f16 0x3c00 0x4000 0x4200' cut.txt || fail "check --line -o: the reader got $(cat cut.txt)"
  through_fifo csv.txt "explore --sweep-csv" "$halfpipe" explore --sweep lanes=2,4 --random 100 --sweep-csv pipe
  [[ $(grep -c ',random-mix,ok,' csv.txt) -eq 2 ]] || fail "explore --sweep-csv: the reader got $(cat csv.txt)"
  through_fifo spec.txt "plan --write-spec" "$halfpipe" plan --default --write-spec pipe
  grep -qx 'neg.f16 exhaustive' spec.txt || fail "plan --write-spec: the reader got $(head -3 spec.txt)"
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
  for run in "check two.vec --line 3 -o null-device" \
             "explore --sweep lanes=2 --random 100 --sweep-csv null-device --sweep-json null-device --sweep-svg null-device" \
             "plan --default --write-spec null-device"; do
    # shellcheck disable=SC2086
    "$halfpipe" $run >/dev/null || fail "halfpipe $run failed"
    [[ -c null-device ]] || fail "halfpipe $run replaced the device node"
    ls null-device.* 2>/dev/null && fail "halfpipe $run left a temporary file beside the device node"
  done
  ;;
dash)
  # `-` is standard output for text files, and no file named `-` appears.
  "$halfpipe" explore --sweep lanes=2,4 --random 100 --sweep-csv - >out.txt || fail "explore --sweep-csv - failed"
  [[ $(grep -c ',random-mix,ok,' out.txt) -eq 2 ]] || fail "explore --sweep-csv -: no CSV rows on standard output"
  "$halfpipe" plan --default --write-spec - >spec.txt || fail "plan --write-spec - failed"
  grep -qx 'neg.f16 exhaustive' spec.txt || fail "plan --write-spec -: no SPEC on standard output"
  "$halfpipe" check two.vec --line 4 -o - >cut.txt || fail "check --line -o - failed"
  grep -qx 'add.f16 0x3c00 0x4000 0x4200' cut.txt || fail "check --line -o -: no vector on standard output"
  "$halfpipe" cosim add.f16 --vector 0x3c00,0x4000 --log - >log.txt || fail "cosim --log - failed"
  grep -q '^ *4 0x00 add.f16 a=0x3c00 b=0x4000 expected=0x4200' log.txt || fail "cosim --log -: no log line"
  [[ ! -e - ]] || fail "a file named '-' was written"
  # A file read back later is refused as standard output, before anything runs.
  for run in "sweep add.f16 --corner --record -" "sweep add.f16 --corner --wave -" \
             "check --rtl two.vec --wave -" "cosim add.f16 --corner --wave -" \
             "sweep add.f16 --corner --rtl-coverage -"; do
    # shellcheck disable=SC2086
    "$halfpipe" $run >refused.txt 2>&1
    status=$?
    [[ $status == 2 ]] || fail "halfpipe $run: exit $status, not 2"
    grep -q -- " -: .*not standard output; give a path$" refused.txt || fail "halfpipe $run: $(cat refused.txt)"
    grep -q passed refused.txt && fail "halfpipe $run ran"
  done
  [[ ! -e - ]] || fail "a file named '-' was written"
  ;;
*) fail "unknown case $case_name" ;;
esac
echo "special outputs $case_name: ok"
