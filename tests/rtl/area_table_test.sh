#!/usr/bin/env bash
# The Lanes=2 Depth=4 row of rtl/area.sh --table (the default configuration, and the quickest to
# synthesise): Yosys 0.23 reads and synthesises hp_alu, and the row written is the checked-in
# table's row, in the table's format: the same header and columns, and levels_stages holds
# Depth-1 = 3 figures, whose largest is levels_max. So the checked-in table is the RTL's as it
# stands (regenerate it after an RTL change: rtl/area.sh --table).
# With ROW.csv (the row the build's rtl/netlist.sh measured in the synthesis it simulates,
# rtl/synthesis.sh), area.sh --table --rows writes that row instead of synthesising again; a
# malformed rows file is then refused, naming the file and the line.
#   tests/rtl/area_table_test.sh [ROW.csv]
set -euo pipefail
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

if (($# == 1)); then
  HP_AREA_TABLE=$work/table.csv "$top/rtl/area.sh" --table --rows "$1" >"$work/out" 2>&1 ||
    fail "area.sh --table --rows $1: $(cat "$work/out")"
  printf '2,4,37339,1192,124,102/114/124\n2,4,many\n' >"$work/bad.csv"
  status=0
  HP_AREA_TABLE=$work/bad-table.csv "$top/rtl/area.sh" --table --rows "$work/bad.csv" \
    >"$work/bad.out" 2>&1 || status=$?
  ((status == 2)) || fail "a malformed rows file: exit $status, not 2"
  grep -q "^$work/bad.csv:2: not a row" "$work/bad.out" ||
    fail "a malformed rows file is not named with its line: $(cat "$work/bad.out")"
  [[ ! -e $work/bad-table.csv ]] || fail "a malformed rows file wrote a table"
else
  HP_AREA_POINTS=2:4 HP_AREA_TABLE=$work/table.csv "$top/rtl/area.sh" --table >"$work/out" 2>&1 ||
    fail "area.sh --table: $(cat "$work/out")"
fi
checked_in=$top/data/area-table.csv
diff <(grep '^#' "$checked_in") <(grep '^#' "$work/table.csv") >/dev/null ||
  fail "the header differs from data/area-table.csv's"
columns=lanes,depth,cells,flops,levels_max,levels_stages
[[ $(grep '^lanes,' "$work/table.csv") == "$columns" ]] ||
  fail "columns: $(grep '^lanes,' "$work/table.csv")"
[[ $(grep '^lanes,' "$checked_in") == "$columns" ]] || fail "the checked-in columns differ"
row=$(grep '^2,4,' "$work/table.csv") || fail "no row for Lanes=2 Depth=4: $(cat "$work/table.csv")"
IFS=, read -r lanes depth cells flops levels stages <<<"$row"
[[ $cells =~ ^[0-9]+$ && $flops =~ ^[0-9]+$ && $levels =~ ^[0-9]+$ ]] || fail "not numbers: $row"
IFS=/ read -r -a per_stage <<<"$stages"
((${#per_stage[@]} == 3)) || fail "Depth 4 has three stages after stage 0: $row"
longest=$(printf '%s\n' "${per_stage[@]}" | sort -n | tail -1)
((longest == levels)) || fail "the longest stage is the longest path: $row"
[[ $(grep '^2,4,' "$checked_in") == "$row" ]] ||
  fail "data/area-table.csv has '$(grep '^2,4,' "$checked_in")', the RTL gives '$row': regenerate the table"
echo "area.sh: Lanes=2 Depth=4 measured as the checked-in table has it: $row"
