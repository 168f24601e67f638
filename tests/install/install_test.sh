#!/usr/bin/env bash
# `cmake --install` into a temporary prefix, the prefix moved elsewhere (everything installed
# must be relocatable), then examples/cpp and examples/tlm built against it through the CMake
# package, the C example through pkg-config (with an rpath), halfpipe-static and pkg-config
# --static, the memh bench against the installed RTL, the example unit built by the installed
# `halfpipe dut build`, and every program run. Fails on the first step that fails.
# Usage: install_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$1
source=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cmake --install "$build" --prefix "$work/installed" >/dev/null
mv "$work/installed" "$work/moved"
prefix=$work/moved

echo "== the command: $("$prefix/bin/halfpipe" --version)"
[[ $("$prefix/bin/halfpipe" eval add.rn.f16 3c00 3c00) == 0x4000 ]]

echo "== nothing installed names the build or the source tree"
if grep -rlI -e "$build" -e "$source" "$prefix"; then
  echo "the files above name $build or $source" >&2
  exit 1
fi

echo "== the SystemC model's library defines no sc_main"
if nm "$prefix"/lib*/libhalfpipe_sc.a 2>/dev/null | grep -qw "T sc_main"; then
  echo "libhalfpipe_sc.a defines sc_main" >&2
  exit 1
fi

echo "== the installed RTL with its installed assertions: verilator --lint-only -Wall --assert"
rtl=$prefix/share/halfpipe/rtl
verilator --lint-only -Wall --assert -I"$rtl" --top-module hp_alu \
  "$rtl"/hp_*.sv "$rtl"/sva/*.vlt "$rtl"/sva/*.sv

echo "== the installed memh bench, built against the installed RTL, finds the installed tables"
# As examples/memh/README.md ("From an installed halfpipe") shows, from a directory that is not
# the prefix's: hp_alu's table paths come from halfpipe.pc.
export PKG_CONFIG_PATH=$(dirname "$(find "$prefix" -name halfpipe.pc)")
mkdir "$work/memh" && cd "$work/memh"
rtl=$(pkg-config --variable=rtldir halfpipe) memh=$(pkg-config --variable=memhdir halfpipe)
verilator --binary -j 2 -Wall --Mdir obj_dir -I"$rtl" -I"$memh" --top-module hp_memh_tb \
  "$memh"/hp_memh_tb.sv "$rtl"/hp_*.sv \
  -GTanhMemFile="\"$(pkg-config --variable=tanh_mem halfpipe)\"" \
  -GEx2MemFile="\"$(pkg-config --variable=ex2_mem halfpipe)\"" >/dev/null
"$prefix/bin/halfpipe" gen tanh.approx.f16x2 ex2.approx.ftz.bf16x2 --corner --format memh -o approx.memh
declared=$(sed -n 's|^// vectors: ||p' approx.memh)
obj_dir/Vhp_memh_tb +image=approx.memh +vectors="$declared" >replay.log
grep -q "^$declared passed, 0 failed" replay.log || { cat replay.log >&2; exit 1; }
echo "-- $declared tanh and ex2 vectors passed"
cd "$work"

echo "== a user's unit from the installed halfpipe: examples/your-unit built and swept as its guide says"
example=$prefix/share/halfpipe/examples/your-unit
mkdir "$work/unit" && cd "$work/unit"
"$prefix/bin/halfpipe" dut build "$example"/eu_fpu_adapter.sv "$example"/rtl/eu_fpu.sv \
  "$example"/rtl/eu_datapath.sv -o eu >/dev/null
grep -q "$prefix/share/halfpipe/dut/hp_dut_shim.cpp" eu/build.sh
"$prefix/bin/halfpipe" sweep fma.rn.f16 add.bf16x2 --corner --dut eu >sweep.log
grep -q ' 0 failed$' sweep.log || { cat sweep.log >&2; exit 1; }
cd "$work"

echo "== CMake: find_package(halfpipe CONFIG)"
cmake -S "$source/examples/cpp" -B "$work/cmake" -DCMAKE_PREFIX_PATH="$prefix" \
      -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$work/cmake" >/dev/null
for program in capi_example capi_static_example reference_example systemc_example tlm_example; do
  echo "-- $program"
  "$work/cmake/$program"
done

echo "== examples/tlm out of the tree: its own project against the package"
cmake -S "$source/examples/tlm" -B "$work/tlm" -DCMAKE_PREFIX_PATH="$prefix" \
      -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$work/tlm" >/dev/null
SC_COPYRIGHT_MESSAGE=DISABLE "$work/tlm/tlm_example" >/dev/null

echo "== pkg-config: halfpipe.pc"
pcdir=$(dirname "$(find "$prefix" -name halfpipe.pc)")
export PKG_CONFIG_PATH=$pcdir
[[ $(pkg-config --modversion halfpipe) == $("$prefix/bin/halfpipe" --version | cut -d' ' -f2) ]]
cc -std=c99 -Wall -Wextra -Wpedantic -Werror $(pkg-config --cflags halfpipe) \
   "$source/examples/cpp/capi_example.c" -o "$work/capi_example_pc" \
   $(pkg-config --libs halfpipe) -Wl,-rpath,"$(pkg-config --variable=libdir halfpipe)"
"$work/capi_example_pc"

echo "== pkg-config halfpipe-static: libhalfpipe.a beside the .so, no library path at run time"
cc -std=c99 -Wall -Wextra -Wpedantic -Werror $(pkg-config --cflags halfpipe-static) \
   "$source/examples/cpp/capi_example.c" -o "$work/capi_example_pc_static_package" \
   $(pkg-config --libs halfpipe-static)
if readelf -d "$work/capi_example_pc_static_package" | grep -q 'NEEDED.*libhalfpipe'; then
  echo "halfpipe-static still links a shared libhalfpipe" >&2
  exit 1
fi
env -u LD_LIBRARY_PATH "$work/capi_example_pc_static_package"

echo "== pkg-config --static: libhalfpipe.a and its Libs.private, in a prefix without the .so"
cp -a "$prefix" "$work/static"
rm -f "$work/static"/lib*/libhalfpipe.so*
export PKG_CONFIG_PATH=$work/static/${pcdir#"$prefix"/}
cc -std=c99 -Wall -Wextra -Wpedantic -Werror $(pkg-config --cflags halfpipe) \
   "$source/examples/cpp/capi_example.c" -o "$work/capi_example_pc_static" \
   $(pkg-config --static --libs halfpipe)
if readelf -d "$work/capi_example_pc_static" | grep -q 'NEEDED.*libhalfpipe'; then
  echo "the --static link still needs a shared libhalfpipe" >&2
  exit 1
fi
"$work/capi_example_pc_static"
echo "installed, relocated, and consumed through CMake, pkg-config and pkg-config --static"
