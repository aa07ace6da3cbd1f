#!/usr/bin/env bash
# Run a device command with its outputs packed into one file: the device returns a limited number
# of files per call, so everything the command writes under $OUT is tarred into $OUT/packed.tgz
# when it ends (also when the time limit stops it: give `timeout` a few seconds less than the call).
#   bash benchmarks/tools/packed.sh SECONDS COMMAND...        e.g.
#   bash benchmarks/tools/packed.sh 560 bash benchmarks/device_issue33.sh tests nccl
set -u
limit=$1; shift
real=${OUT:-out}; mkdir -p "$real"
work=$(mktemp -d /tmp/packed.XXXXXX)
pack() { tar czf "$real/packed.tgz" -C "$work" . 2>/dev/null; echo "packed: $(du -h "$real/packed.tgz" | cut -f1) in $real/packed.tgz"; }
trap pack EXIT
OUT=$work timeout "$limit" "$@"
echo "exit $? after the command"
