#!/bin/sh
# Runs a built silicon campaign on the GPU's machine and packs what a results folder under
# silicon/results/ needs into OUT (README, "Silicon campaign"):
#   silicon/run_campaign.sh CAMPAIGN_DIR OUT [PROGRAM ARGUMENTS...]
# OUT gets results.tar.xz (or .tar.gz without xz; in 15 MiB parts when larger: cat them back
# together), holding the
# campaign's results/ folder, its log, nvidia-smi's and lscpu's account of the machine, and the
# SASS the kernels compiled to. Exit status: the campaign's.
set -u
campaign=$1 out=$2
shift 2
mkdir -p "$out"
cd "$campaign" || exit 2
rm -rf results
mkdir -p results
{ date -u; uname -a; nvidia-smi; } >results/machine.txt 2>&1
lscpu >>results/machine.txt 2>&1
# A short run of one form first: a wrong build or a device error shows in seconds.
./halfpipe_campaign -o quick --forms add.f16 --limit 1048576 >results/quick.log 2>&1
echo "quick run: exit $?" >>results/quick.log
{ ./halfpipe_campaign -o results "$@"; echo $? >results/exit-status; } 2>&1 | tee results/campaign.log
rc=$(cat results/exit-status)
command -v cuobjdump >/dev/null && cuobjdump -sass halfpipe_campaign >results/sass.txt 2>&1
if command -v xz >/dev/null; then archive=results.tar.xz; tar -cJf "$out/$archive" results
else archive=results.tar.gz; tar -czf "$out/$archive" results; fi
if [ "$(stat -c %s "$out/$archive")" -gt 15728640 ]; then
  split -b 15m -d "$out/$archive" "$out/$archive.part-" && rm "$out/$archive"
fi
ls -l "$out"
exit $rc
