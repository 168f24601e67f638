#!/usr/bin/env bash
# Runs its arguments (scripts/slurm-local ...) as root, or reports the test skipped (CTest's
# SKIP_RETURN_CODE 77): the Slurm daemons of scripts/slurm-local run as root.
if [[ $(id -u) -ne 0 ]]; then
  echo "skipped: the single-node Slurm needs root (scripts/slurm-local)" >&2
  exit 77
fi
exec "$@"
