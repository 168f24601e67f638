#!/usr/bin/env bash
# The walk from a failing vector file to the waveform of the failing transaction (doc/debugging.md),
# as a user takes it: `check --rtl` reports the mismatch with a reproduce command, that command
# writes the FST and its GTKWave save file, and the save file's marker must sit on the cycle in
# which the transaction's result is on the output ports. The FST is read back with GTKWave's own
# fst2vcd, so the check does not trust halfpipe's idea of its waveform.
#   wave_walk_test.sh HALFPIPE WORK_DIR
set -euo pipefail
halfpipe=$1 work=$2
rm -rf "$work" && mkdir -p "$work" && cd "$work"
command -v fst2vcd >/dev/null || { echo "fst2vcd (Debian package gtkwave) is missing" >&2; exit 1; }

# signal_at VCD NAME TIME: the value (binary digits) of the top-level port NAME at TIME ns, every
# change at or before TIME applied.
signal_at() {
  awk -v name="$2" -v at="$3" '
    /^\$scope/ { depth++ }
    /^\$upscope/ { depth-- }
    /^\$var/ && depth == 1 && $5 == name && id == "" { id = $4 }
    /^#/ { t = substr($0, 2) + 0; if (t > at) exit; next }
    id != "" && /^b/ && $2 == id { value = substr($1, 2) }
    id != "" && /^[01xz]/ && substr($0, 2) == id { value = substr($0, 1, 1) }
    END { print value }' "$1"
}
hex_of() { printf '0x%08x' "$((2#$1))"; }

# 1. A vector file with one expected value changed: the fifth mul.bf16x2 vector's.
"$halfpipe" gen mul.bf16x2 add.rn.f16 --corner -o good.vec 2>/dev/null
line=$(grep -n '^mul.bf16x2' good.vec | sed -n 5p | cut -d: -f1)
awk -v n="$line" 'NR == n { $NF = ($NF == "0x00000001" ? "0x00000002" : "0x00000001") } { print }' \
  good.vec > bad.vec

# 2. The first command: the report names the line and ends with the replay.
set +e
"$halfpipe" check --rtl bad.vec > report.txt
status=$?
set -e
cat report.txt
[[ $status == 1 ]] || { echo "check --rtl exited $status, not 1" >&2; exit 1; }
grep -q "^bad.vec:$line: mismatch: mul.bf16x2 " report.txt
reproduce=$(sed -n 's/.*; reproduce: //p' report.txt)
[[ $reproduce == "halfpipe check bad.vec --line $line --rtl --lanes 2 --wave bad-$line.fst" ]] ||
  { echo "unexpected reproduce command: $reproduce" >&2; exit 1; }
got=$(sed -n 's/.* gives \(0x[0-9a-f]*\);.*/\1/p' report.txt)

# 3. The second command, as printed: the same mismatch, and the waveform with its view.
set +e
"$halfpipe" ${reproduce#halfpipe } > replay.txt
status=$?
set -e
cat replay.txt
[[ $status == 1 ]] || { echo "the replay exited $status, not 1" >&2; exit 1; }
grep -q "^0 passed, 1 failed$" replay.txt
grep -q "^wave: bad-$line.fst; open it with: gtkwave bad-$line.fst bad-$line.gtkw " replay.txt
for f in "bad-$line.fst" "bad-$line.gtkw" "bad-$line.uops.txt"; do [[ -s $f ]] || { echo "$f missing" >&2; exit 1; }; done
grep -q "^\[dumpfile\] \"$work/bad-$line.fst\"$" "bad-$line.gtkw"
# The input's Uop word is shown through the translate filter: 00092 is mul.bf16x2 (op 2, bf16
# 0x10, packed 0x80).
grep -q "^\^1 $work/bad-$line.uops.txt$" "bad-$line.gtkw"
grep -qx "00092 mul.bf16x2" "bad-$line.uops.txt"
# The handshake group comes first.
[[ $(grep -m1 '^-' "bad-$line.gtkw") == "-handshake" ]]

# 4. The marker: the primary marker and marker A at T ns.
marker=$(awk '/^\*/ { print $2 }' "bad-$line.gtkw")
named=$(awk '/^\*/ { print $3 }' "bad-$line.gtkw")
[[ $marker == "$named" && $marker =~ ^[0-9]+$ ]] || { echo "no marker in the save file" >&2; exit 1; }

# The transaction's cycle, from the waveform alone: the first cycle n whose start (10n ns, inputs
# driven, outputs settled before the edge at 10n+5) shows out_valid_o and out_ready_i high.
fst2vcd "bad-$line.fst" > wave.vcd 2>/dev/null
cycle=""
for ((n = 0; n < 40; n++)); do
  if [[ $(signal_at wave.vcd out_valid_o $((10 * n))) == 1 && $(signal_at wave.vcd out_ready_i $((10 * n))) == 1 ]]; then
    cycle=$n; break
  fi
done
[[ -n $cycle ]] || { echo "the waveform shows no output" >&2; exit 1; }
echo "the transaction leaves in cycle $cycle; the marker is at $marker ns"
[[ $marker == $((10 * cycle)) ]] || { echo "the marker is not on cycle $cycle (10*$cycle ns)" >&2; exit 1; }
result=$(hex_of "$(signal_at wave.vcd out_result_o "$marker")")
[[ $result == "$got" ]] || { echo "at the marker out_result_o is $result, the report says $got" >&2; exit 1; }

# The whole file replayed with --wave: the marker on the mismatching vector's output, among 630.
set +e
"$halfpipe" check --rtl bad.vec --wave all.fst > all.txt
set -e
whole=$(awk '/^\*/ { print $2 }' all.gtkw)
fst2vcd all.fst > all.vcd 2>/dev/null
[[ $(signal_at all.vcd out_valid_o "$whole") == 1 ]]
[[ $(hex_of "$(signal_at all.vcd out_result_o "$whole")") == "$got" ]]

# A one-vector co-simulation: no reset, gaps or back-pressure; its --log cycle is the FST's.
"$halfpipe" cosim add.f16 --vector 0x3c00,0x4000 --wave one.fst --log one.log > cosim.txt
grep -q "back-pressure 0, gaps 0, no reset$" cosim.txt
logged=$(awk '!/^#/ { print $1; exit }' one.log)
fst2vcd one.fst > one.vcd 2>/dev/null
[[ $(signal_at one.vcd out_valid_o $((10 * logged))) == 1 ]]
[[ $(hex_of "$(signal_at one.vcd out_result_o $((10 * logged)))") == 0x00004200 ]]  # 1 + 2 = 3

# sweep --wave: a passing run has no marker; the view groups the line's stages and each lane.
"$halfpipe" sweep add.f16 --vector 0x3c00,0x4000 --wave s.fst > sweep.txt
grep -qx "wave: s.fst; open it with: gtkwave s.fst s.gtkw" sweep.txt
[[ $(awk '/^\*/ { print $2 }' s.gtkw) == -1 ]]
for group in handshake input output "line stages" "lane 0" "lane 1"; do grep -qx -- "-$group" s.gtkw; done
grep -qx 'hp_alu.hp_alu.g_lane\[1\].u_lane.rounded\[17:0\]' s.gtkw

# An unwritable --wave is an input error before the run starts.
set +e
"$halfpipe" sweep add.f16 --corner --wave /nonexistent/dir/x.fst > refused.txt 2>&1
status=$?
set -e
cat refused.txt
[[ $status == 2 ]] && grep -q "^halfpipe sweep: --wave: /nonexistent/dir/x.fst: cannot write" refused.txt &&
  ! grep -q "passed" refused.txt
echo "the walk takes three commands and its marker sits on the failing transaction"
