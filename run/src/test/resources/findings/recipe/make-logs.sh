#!/bin/sh
# Re-creates the JVM logs of src/test/resources/findings/: each run makes one pause signature
# appear (or, for the *-none logs, the same workload with the flag that removes it).
# Usage: make-logs.sh [output-dir]   (JDK 17 as `java`, Temurin 25 under /usr/lib/jvm)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$here/..}
j17=${JAVA17:-java}
j25=${JAVA25:-/usr/lib/jvm/temurin-25-jdk-amd64/bin/java}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
javac --release 17 -d "$work" "$here/Workloads.java"

# run NAME JAVA SECONDS MODE [JVM flags...]: the log goes to $out/NAME.log
run() {
  name=$1 java=$2 seconds=$3 mode=$4
  shift 4
  rm -f "$out/$name.log"
  "$java" "$@" -Xlog:"${LOG:-gc,gc+cpu,safepoint}":file="$out/$name.log":"${DECO:-uptime,level,tags}" \
    -cp "$work" Workloads "$mode" "$seconds" >/dev/null
}

# Time to safepoint: one thread spins in an int-counted loop the JIT leaves without a poll.
LOG=gc*,safepoint run ttsp-counted-loop-17 "$j17" 6 counted-loop -Xmx64m -XX:+UseParallelGC \
  -XX:-UseCountedLoopSafepoints -XX:LoopStripMiningIter=0
LOG=safepoint DECO=time,uptime,level,tags run ttsp-counted-loop-25 "$j25" 6 counted-loop \
  -Xmx64m -XX:+UseSerialGC -XX:-UseCountedLoopSafepoints -XX:LoopStripMiningIter=0

# Non-GC safepoints: a thread dump every half second, as a sampling profiler would ask.
dump_loop() {
  name=$1 java=$2 jcmd=$3
  shift 3
  rm -f "$out/$name.log"
  "$java" "$@" -Xlog:safepoint,gc:file="$out/$name.log":uptime,level,tags \
    -cp "$work" Workloads idle 12 >/dev/null &
  pid=$!
  sleep 2
  for _ in 1 2 3 4 5 6 7 8; do "$jcmd" "$pid" Thread.print >/dev/null 2>&1 || true; sleep 0.5; done
  wait "$pid"
}
dump_loop threaddump-17 "$j17" jcmd -Xmx64m -XX:+UseG1GC
dump_loop threaddump-25 "$j25" /usr/lib/jvm/temurin-25-jdk-amd64/bin/jcmd -Xmx64m -XX:+UseG1GC

# Kernel time: a big young generation whose pages the first collections touch for the first time
# (the kernel zeroes each page on its first touch, inside the pause) ...
run sys-first-touch-17 "$j17" 8 first-touch -Xms3g -Xmx3g -Xmn2g -XX:+UseParallelGC
# ... and with the heap touched at start-up, where the same collections run in user time
run sys-none-pretouch-17 "$j17" 8 first-touch -Xms3g -Xmx3g -Xmn2g \
  -XX:+UseParallelGC -XX:+AlwaysPreTouch

# Wall time with no CPU: the JVM shares one core with three busy loops.
spin() { taskset -c 0 sh -c 'end=$(($(date +%s) + 14)); while [ "$(date +%s)" -lt "$end" ]; do :; done' & }
spin; spin; spin
run starved-17 taskset 10 first-touch -c 0 "$j17" -Xms1g -Xmx1g -Xmn600m \
  -XX:+UseParallelGC -XX:ParallelGCThreads=2 -XX:+AlwaysPreTouch
wait

# Collector in trouble: to-space exhausted / evacuation failure on a tiny G1 heap, ...
run g1-evacuation-failure-17 "$j17" 2 retain -Xmx48m -XX:+UseG1GC
run g1-evacuation-failure-25 "$j25" 2 retain -Xmx48m -XX:+UseG1GC
# ... humongous allocations, ...
run g1-humongous-17 "$j17" 2 humongous -Xmx128m -XX:+UseG1GC -XX:G1HeapRegionSize=1m
# ... Full GCs by cause, ...
run full-system-gc-17 "$j17" 2 system-gc -Xmx64m -XX:+UseParallelGC
run full-system-gc-25 "$j25" 2 system-gc -Xmx64m -XX:+UseG1GC
run metaspace-17 "$j17" 4 metaspace -Xmx128m -XX:+UseParallelGC -XX:MetaspaceSize=12m \
  -XX:MaxMetaspaceSize=40m
# ... ZGC allocation stalls, ...
run zgc-stall-17 "$j17" 2 retain -Xmx48m -XX:+UseZGC
run zgc-stall-25 "$j25" 2 retain -Xmx48m -XX:+UseZGC
# ... and a healthy G1 with nothing of the above.
run g1-healthy-17 "$j17" 3 churn -Xmx256m -XX:+UseG1GC
run g1-healthy-25 "$j25" 3 churn -Xmx256m -XX:+UseG1GC
# the bigger logs are kept compressed (tardy reads gzip as it is)
for f in "$out"/*.log; do
  if [ "$(wc -c <"$f")" -gt 50000 ]; then gzip -9f "$f"; fi
done
ls -l "$out"
