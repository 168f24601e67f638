# shellcheck shell=bash
# The RTL's modules as every script reads them: each hp_*.sv of an rtl/ folder but the packages
# (hp_*_pkg.sv), which the modules `include under guards, so any order reads. rtl/CMakeLists.txt
# globs the same files.
#
# hp_rtl_sources DIR: their paths, each followed by a space.
hp_rtl_sources() {
  local file
  for file in "$1"/hp_*.sv; do
    [[ $file == *_pkg.sv ]] || printf '%s ' "$file"
  done
}
