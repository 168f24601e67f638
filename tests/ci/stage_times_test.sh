#!/usr/bin/env bash
# .ci/run prints each stage's time at the end, pass or fail; a failing stage is marked with its
# status, which is the run's, and the stages it never reached are not listed. .ci/run is copied
# into a scratch tree beside a stand-in scripts/test that records stages as the real one does
# (HALFPIPE_STAGE_LOG) and fails where told.
#   tests/ci/stage_times_test.sh SOURCE_DIR WORK_DIR
set -u
source_dir=$1 work=$2
fail() { echo "FAIL: $*" >&2; exit 1; }
rm -rf "$work" && mkdir -p "$work/.ci" "$work/scripts" || exit 1
cp "$source_dir/.ci/run" "$work/.ci/run"
cat >"$work/scripts/test" <<'STANDIN'
#!/usr/bin/env bash
stage() { printf '%s\t%s\n' "$(date +%s)" "$1" >>"$HALFPIPE_STAGE_LOG"; }
if [[ ${1-} == --sanitize ]]; then
  stage "build (sanitizers)"
  [[ ${FAIL_AT-} == sanitizer-build ]] && exit 3
  stage "suite (sanitizers)"
  exit 0
fi
stage install
stage "build (gcc)"
sleep 1
stage "suite (gcc)"
exit 0
STANDIN
chmod +x "$work/.ci/run" "$work/scripts/test"

out=$("$work/.ci/run" 2>&1); status=$?
((status == 0)) || fail "a passing run exited $status: $out"
for stage in install "build (gcc)" "suite (gcc)" "build (sanitizers)" "suite (sanitizers)" total; do
  grep -qE "^  $(printf '%s' "$stage" | sed 's/[()]/\\&/g') +[0-9]+ s$" <<<"$out" ||
    fail "no time for '$stage': $out"
done
grep -qE '^  build \(gcc\) +[1-9][0-9]* s$' <<<"$out" || fail "the 1 s build shows no time: $out"
grep -q FAILED <<<"$out" && fail "a passing run shows a failure: $out"

out=$(FAIL_AT=sanitizer-build "$work/.ci/run" 2>&1); status=$?
((status == 3)) || fail "a run failing with 3 exited $status: $out"
grep -qE '^  build \(sanitizers\) +[0-9]+ s +FAILED \(exit 3\)$' <<<"$out" ||
  fail "the failing stage is not marked: $out"
grep -q "suite (sanitizers)" <<<"$out" && fail "a stage never reached is listed: $out"
grep -qE '^  suite \(gcc\) +[0-9]+ s$' <<<"$out" || fail "the stages before it are missing: $out"
echo "stage times print on success and failure"
