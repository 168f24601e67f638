#!/usr/bin/env bash
# Ctrl-C during a sweep or a cosim prints the results so far and exits 130, during gen it writes
# no file (issue "Nothing destroyed, nothing silent"); without a terminal each says where it
# stands on stderr.
#   tests/cli/interrupt_test.sh HALFPIPE WORK_DIR
set -u
halfpipe=$1 work=$2
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
fail() { echo "FAIL: $*" >&2; exit 1; }
set -m  # job control: the background sweep does not start with SIGINT ignored

# An exhaustive sweep takes minutes: interrupted after 2 s of it.
"$halfpipe" sweep add.rn.f16 --exhaustive --threads 1 --progress-every 0 >out.txt 2>err.txt &
sweep=$!
sleep 2
kill -INT "$sweep"
wait "$sweep"
status=$?
cat out.txt
[[ $status == 130 ]] || fail "exit $status after Ctrl-C, not 130"
grep -q '^interrupted (Ctrl-C) after [0-9]* cycles: the results so far$' out.txt || fail "no interruption line"
grep -Eq '^[1-9][0-9]* passed, 0 failed$' out.txt || fail "no summary of the results so far"
# The heartbeat went to stderr, never to stdout.
grep -Eq '^sweep: [0-9.]+% \([0-9]+ of 4294967296 instructions\), [0-9]+ passed, 0 failed, ' err.txt ||
  fail "no heartbeat on stderr: $(head -c 300 err.txt)"
grep -q '^sweep: ' out.txt && fail "a heartbeat line on stdout"

# gen: Ctrl-C during a long file leaves the old file as it was and no FILE.partial; the heartbeat
# counts vectors on stderr.
echo "old contents" >gen.vec
"$halfpipe" gen add.rn.f16 --exhaustive --progress-every 0 -o gen.vec 2>gen-err.txt &
gen=$!
sleep 1
kill -INT "$gen"
wait "$gen"
status=$?
[[ $status == 130 ]] || fail "gen: exit $status after Ctrl-C, not 130: $(tail -c 300 gen-err.txt)"
[[ $(cat gen.vec) == "old contents" ]] || fail "gen: Ctrl-C changed the old gen.vec"
[[ -e gen.vec.partial ]] && fail "gen: Ctrl-C left gen.vec.partial"
grep -Eq '^halfpipe gen: interrupted after [0-9]+ of 4294967296 vectors; gen.vec is not written' gen-err.txt ||
  fail "gen: no interruption line: $(tail -c 300 gen-err.txt)"
grep -Eq '^gen: [0-9.]+% \([0-9]+ of 4294967296 vectors\), [0-9.]+ M vectors/s, ' gen-err.txt ||
  fail "gen: no heartbeat on stderr: $(head -c 300 gen-err.txt)"
"$halfpipe" gen add.f16 --random 20000 --progress-every 0 --quiet -o /dev/null 2>quiet.txt || fail "quiet gen failed"
grep -q '^gen: ' quiet.txt && fail "gen --quiet printed a heartbeat"

# cosim: Ctrl-C prints the results so far (nothing in flight counted lost) and exits 130; the
# heartbeat counts instructions on stderr.
"$halfpipe" cosim add.rn.f16 --random 50000000 --progress-every 0 >cosim-out.txt 2>cosim-err.txt &
cosim=$!
sleep 3
kill -INT "$cosim"
wait "$cosim"
status=$?
[[ $status == 130 ]] || fail "cosim: exit $status after Ctrl-C, not 130: $(tail -c 300 cosim-out.txt)"
grep -q '^interrupted (Ctrl-C) after [0-9]* cycles: the results so far$' cosim-out.txt ||
  fail "cosim: no interruption line: $(tail -c 300 cosim-out.txt)"
grep -Eq '^[1-9][0-9]* passed, 0 failed$' cosim-out.txt || fail "cosim: no summary so far"
grep -q '^lost' cosim-out.txt && fail "cosim: in-flight transactions counted lost after Ctrl-C"
grep -Eq '^cosim: [0-9.]+% \([0-9]+ of 50000000 instructions\), [0-9]+ passed, 0 failed, ' cosim-err.txt ||
  fail "cosim: no heartbeat on stderr: $(head -c 300 cosim-err.txt)"

# --quiet: none; a negative interval is a usage error.
"$halfpipe" sweep add.f16 --random 20000 --progress-every 0 --quiet >/dev/null 2>quiet.txt || fail "quiet sweep failed"
grep -q '^sweep: ' quiet.txt && fail "--quiet printed a heartbeat"
"$halfpipe" sweep add.f16 --corner --progress-every -1 2>bad.txt
[[ $? == 2 ]] && grep -q -- "--progress-every: '-1' is negative" bad.txt || fail "--progress-every -1: $(cat bad.txt)"
echo "Ctrl-C gives the results so far (sweep, cosim) or no file (gen) and exit 130; the heartbeat is on stderr"
