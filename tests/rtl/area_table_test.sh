#!/usr/bin/env bash
# rtl/area.sh --table for one configuration, Lanes=2 Depth=2 (the smallest, a few minutes): Yosys
# 0.23 reads and synthesises hp_alu, and the row it writes is the checked-in table's row, in the
# table's format: the same header and columns, and levels_stages holds Depth-1 = 1 figure, which
# is levels_max. So the checked-in table is the RTL's as it stands (regenerate it after an RTL
# change: rtl/area.sh --table).
#   tests/rtl/area_table_test.sh
set -euo pipefail
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

HP_AREA_POINTS=2:2 HP_AREA_TABLE=$work/table.csv "$top/rtl/area.sh" --table >"$work/out" 2>&1 ||
  fail "area.sh --table: $(cat "$work/out")"
checked_in=$top/rtl/area-table.csv
diff <(grep '^#' "$checked_in") <(grep '^#' "$work/table.csv") >/dev/null ||
  fail "the header differs from rtl/area-table.csv's"
columns=lanes,depth,cells,flops,levels_max,levels_stages
[[ $(grep '^lanes,' "$work/table.csv") == "$columns" ]] ||
  fail "columns: $(grep '^lanes,' "$work/table.csv")"
[[ $(grep '^lanes,' "$checked_in") == "$columns" ]] || fail "the checked-in columns differ"
row=$(grep '^2,2,' "$work/table.csv") || fail "no row for Lanes=2 Depth=2: $(cat "$work/table.csv")"
IFS=, read -r lanes depth cells flops levels stages <<<"$row"
[[ $cells =~ ^[0-9]+$ && $flops =~ ^[0-9]+$ && $levels =~ ^[0-9]+$ ]] || fail "not numbers: $row"
[[ $stages == "$levels" ]] ||
  fail "Depth 2 has one stage after stage 0, whose levels are the longest path: $row"
[[ $(grep '^2,2,' "$checked_in") == "$row" ]] ||
  fail "rtl/area-table.csv has '$(grep '^2,2,' "$checked_in")', the RTL gives '$row': regenerate the table"
echo "area.sh: Lanes=2 Depth=2 measured as the checked-in table has it: $row"
