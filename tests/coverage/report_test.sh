#!/usr/bin/env bash
# scripts/rtl-coverage on hand-made coverage files, whose every count is known: points named
# independently of the instance (each lane's copy is one point), toggles hit only both ways, the
# per-module table, and the guard of the reduced run (a listed point no longer hit; a waiver that
# names no point; a waiver without a reason).
#   tests/coverage/report_test.sh scripts/rtl-coverage
set -u
report=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# key FILE LINE COL PAGE COMMENT HIER LINES: a point's key as Verilator writes it.
key() { printf "\001f\002%s\001l\002%s\001n\002%s\001page\002%s\001o\002%s\001h\002%s\001S\002%s" "$@"; }
{
  echo "# SystemC::Coverage-3"
  # One block on lines 10-11, hit in lane 1 only: one point, hit.
  echo "C '$(key /rtl/hp_x.sv 10 3 v_line/hp_x block .hp_alu.g_lane[0].u_x 10-11)' 0"
  echo "C '$(key /rtl/hp_x.sv 10 3 v_line/hp_x block .hp_alu.g_lane[1].u_x 10-11)' 5"
  # An if/else in clocked logic: the if taken, the (implicit) else never.
  echo "C '$(key /rtl/hp_x.sv 12 5 v_branch/hp_x if .hp_alu.g_lane[0].u_x 12-13)' 4"
  echo "C '$(key /rtl/hp_x.sv 12 6 v_branch/hp_x else .hp_alu.g_lane[0].u_x '')' 0"
  # Toggles: sum_q[0] changed twice over two lanes (both ways), sum_q[1] once (one way only).
  echo "C '$(key /rtl/hp_x.sv 5 20 v_toggle/hp_x__W4 'sum_q[0]' .hp_alu.g_lane[0].u_x '')' 1"
  echo "C '$(key /rtl/hp_x.sv 5 20 v_toggle/hp_x__W4 'sum_q[0]' .hp_alu.g_lane[1].u_x '')' 1"
  echo "C '$(key /rtl/hp_x.sv 5 20 v_toggle/hp_x__W4 'sum_q[1]' .hp_alu.g_lane[0].u_x '')' 1"
} >"$work/run.dat"

echo "# no waivers" >"$work/none.txt"
"$report" holes "$work/run.dat" --waivers "$work/none.txt" >"$work/holes.out" 2>&1
[[ $? -eq 1 ]] || fail "holes with two unwaived holes did not exit 1: $(cat "$work/holes.out")"
grep -qx "branch hp_x.sv:12:6 else (count 0)" "$work/holes.out" || fail "the else hole: $(cat "$work/holes.out")"
grep -qx "toggle g_lane\[\*\].u_x sum_q\[1\] (count 1)" "$work/holes.out" || fail "the one-way toggle: $(cat "$work/holes.out")"
grep -q "2 unwaived holes of 5 points" "$work/holes.out" || fail "the hole count: $(cat "$work/holes.out")"

# The table: lines 10-13, all hit; branches 1 of 2; toggle bits 1 of 2 (both ways).
"$report" summary "$work/run.dat" >"$work/summary.out" || fail "summary"
grep -q "^| hp_x *| 4/4 (100.0%) *| 1/2 (50.0%) *| 1/2 (50.0%) *| *| 2 *|$" "$work/summary.out" ||
  fail "the hp_x row: $(cat "$work/summary.out")"

# Waived holes, with their reasons; a pattern covers every bit it matches.
cat >"$work/waivers.txt" <<'EOF'
# two holes, each waived with its reason
branch hp_x.sv:12:6 else -- the test design never leaves the if
toggle g_lane[*].u_x sum_q[*] -- bit 1 is tied by the test's parameter
EOF
"$report" holes "$work/run.dat" --waivers "$work/waivers.txt" >"$work/waived.out" 2>&1 ||
  fail "every hole waived, yet: $(cat "$work/waived.out")"

# The reduced run's guard: the hit list of this run passes against itself...
"$report" hits "$work/run.dat" -o "$work/hits.txt" >/dev/null || fail "hits"
[[ $(grep -vc '^#' "$work/hits.txt") -eq 3 ]] || fail "three points are hit: $(cat "$work/hits.txt")"
"$report" check "$work/run.dat" --hits "$work/hits.txt" --waivers "$work/waivers.txt" >"$work/check.out" ||
  fail "check against its own hits: $(cat "$work/check.out")"
# ...and fails naming a listed point that is no longer hit,
echo "toggle g_lane[*].u_x sum_q[1]" >>"$work/hits.txt"
"$report" check "$work/run.dat" --hits "$work/hits.txt" --waivers "$work/waivers.txt" >"$work/lost.out"
[[ $? -eq 1 ]] || fail "a listed point not hit passed"
grep -q "toggle g_lane\[\*\].u_x sum_q\[1\]: no longer hit (count 1)" "$work/lost.out" || fail "$(cat "$work/lost.out")"
# ...and a waiver that names no point of the model.
"$report" hits "$work/run.dat" -o "$work/hits.txt" >/dev/null
echo "line hp_gone.sv:1:1 block -- removed since" >>"$work/waivers.txt"
"$report" check "$work/run.dat" --hits "$work/hits.txt" --waivers "$work/waivers.txt" >"$work/stale.out"
[[ $? -eq 1 ]] || fail "a stale waiver passed"
grep -q "waivers.txt:4: the waiver 'line hp_gone.sv:1:1 block' names no coverage point" "$work/stale.out" ||
  fail "$(cat "$work/stale.out")"

# A waiver without a reason, or with a TODO one, is an input error naming the file and the line.
printf 'toggle * x[0]\n' >"$work/bare.txt"
"$report" holes "$work/run.dat" --waivers "$work/bare.txt" >"$work/bare.out" 2>&1
[[ $? -eq 2 ]] || fail "a waiver without a reason was taken"
grep -q "bare.txt:1: a waiver is .POINT-PATTERN -- REASON., the reason is missing" "$work/bare.out" || fail "$(cat "$work/bare.out")"
printf 'toggle * x[0] -- TODO (count 0)\n' >"$work/todo.txt"
"$report" holes "$work/run.dat" --waivers "$work/todo.txt" >"$work/todo.out" 2>&1
[[ $? -eq 2 ]] || fail "a TODO waiver was taken"
# merge sums point by point, as verilator_coverage --write does, and keeps what the files count.
named() {  # named FILE IDENTITY COUNT: one block point, counted COUNT times, of IDENTITY
  { echo "# SystemC::Coverage-3"; [[ -z $2 ]] || echo "# halfpipe-coverage: $2"
    echo "C '$(key /rtl/hp_x.sv 10 3 v_line/hp_x block .hp_alu.g_lane[0].u_x 10-11)' $3"; } >"$1"
}
named "$work/a.dat" "hp_alu rtl-sources-sha256=aaaa" 2
named "$work/b.dat" "hp_alu rtl-sources-sha256=aaaa" 3
"$report" merge "$work/sum.dat" "$work/a.dat" "$work/b.dat" >/dev/null || fail "merge of one revision"
[[ $(sed -n 2p "$work/sum.dat") == "# halfpipe-coverage: hp_alu rtl-sources-sha256=aaaa" ]] ||
  fail "the merged file lost its identity: $(cat "$work/sum.dat")"
[[ $(tail -1 "$work/sum.dat") == *"' 5" ]] || fail "2 + 3 counts: $(cat "$work/sum.dat")"
# Another RTL revision, or a file that names none, is refused with both files named (exit 2),
# by merge and by every reading command.
named "$work/c.dat" "hp_alu rtl-sources-sha256=cccc" 1
named "$work/d.dat" "" 1
"$report" merge "$work/mixed.dat" "$work/a.dat" "$work/c.dat" >"$work/mixed.out" 2>&1
[[ $? -eq 2 && ! -e $work/mixed.dat ]] || fail "two revisions merged: $(cat "$work/mixed.out")"
grep -q "c.dat counts 'hp_alu rtl-sources-sha256=cccc' but $work/a.dat counts 'hp_alu rtl-sources-sha256=aaaa'" \
  "$work/mixed.out" || fail "$(cat "$work/mixed.out")"
"$report" summary "$work/a.dat" "$work/d.dat" >"$work/unnamed.out" 2>&1
[[ $? -eq 2 ]] || fail "a file without identity summed with a named one"
grep -q "d.dat counts (no identity) but $work/a.dat counts" "$work/unnamed.out" || fail "$(cat "$work/unnamed.out")"
echo "rtl-coverage: points, table, waivers, the hit-list guard and merge as specified"
