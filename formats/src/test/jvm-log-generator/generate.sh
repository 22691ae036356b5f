#!/bin/sh
# Regenerates the JVM logs under src/test/resources/jvm-logs/ with real JVMs.
# Usage: sh generate.sh   (from anywhere; needs JDK 17 as `java` and Temurin 25 below)
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
OUT="$HERE/../resources/jvm-logs"
JDK17=${JDK17:-java}
JDK25=${JDK25:-/usr/lib/jvm/temurin-25-jdk-amd64/bin/java}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$OUT"
"${JDK17%java}javac" -d "$WORK" "$HERE/Safepoints.java" 2>/dev/null || javac -d "$WORK" "$HERE/Safepoints.java"
cd "$WORK"

# run NAME JAVA GC-FLAG XLOG...: one run, its log trimmed to at most 400 lines
run() {
  name=$1; java=$2; gc=$3; shift 3
  "$java" -Xmx64m "$gc" "$@" -cp "$WORK" Safepoints 20 >/dev/null
  head -n 400 "$WORK/$name.log" > "$OUT/$name.log"
}

if [ "${ONLY_GC:-}" != 1 ]; then
run jdk17-g1-time-uptime-level-tags "$JDK17" -XX:+UseG1GC -Xlog:safepoint:file=jdk17-g1-time-uptime-level-tags.log:time,uptime,level,tags
run jdk17-parallel-uptimemillis-tid "$JDK17" -XX:+UseParallelGC -Xlog:safepoint:file=jdk17-parallel-uptimemillis-tid.log:uptimemillis,tid
run jdk17-serial-utctime-pid-hostname "$JDK17" -XX:+UseSerialGC -Xlog:safepoint:file=jdk17-serial-utctime-pid-hostname.log:utctime,pid,hostname
run jdk17-z-gc-and-safepoint "$JDK17" -XX:+UseZGC '-Xlog:gc*,safepoint:file=jdk17-z-gc-and-safepoint.log:time,uptime,level,tags'
run jdk17-g1-all-clocks "$JDK17" -XX:+UseG1GC -Xlog:safepoint:file=jdk17-g1-all-clocks.log:uptimenanos,timenanos,timemillis,uptimemillis,pid,tid,level,tags
run jdk25-g1-gc-and-safepoint "$JDK25" -XX:+UseG1GC '-Xlog:gc*,safepoint:file=jdk25-g1-gc-and-safepoint.log:time,uptime,level,tags'
run jdk25-parallel-uptime-level-tags "$JDK25" -XX:+UseParallelGC -Xlog:safepoint:file=jdk25-parallel-uptime-level-tags.log:uptime,level,tags
run jdk25-z-utctime-uptimemillis "$JDK25" -XX:+UseZGC -Xlog:safepoint:file=jdk25-z-utctime-uptimemillis.log:utctime,uptimemillis,level,tags

# rotation: small files; the set is kept whole (current file and the older members)
"$JDK17" -Xmx64m -XX:+UseSerialGC '-Xlog:gc*,safepoint:file=rot.log:uptime,level,tags:filecount=3,filesize=16k' -cp "$WORK" Safepoints 20 >/dev/null
for f in rot.log rot.log.0 rot.log.1 rot.log.2; do
  [ -f "$f" ] && head -n 400 "$f" > "$OUT/jdk17-serial-rotated-$f"
done
fi

# GC logs: every collector, -Xlog:gc and gc*, several decorator sets, one rotated set.
# gc RUN-NAME JAVA GC-FLAGS MB XLOG: one run of Allocate, its log trimmed to at most 600 lines
"${JDK17%java}javac" --release 17 -d "$WORK" "$HERE/Allocate.java" 2>/dev/null || javac --release 17 -d "$WORK" "$HERE/Allocate.java"
gc() {
  name=$1; java=$2; flags=$3; mb=$4; xlog=$5
  # shellcheck disable=SC2086 # flags and mb are lists
  "$java" -Xmx64m $flags "-Xlog:$xlog" -cp "$WORK" Allocate $mb >/dev/null
  head -n "${LINES_KEPT:-600}" "$WORK/$name.log" > "$OUT/$name.log"
}
if [ "${ONLY_MORE_GC:-}" != 1 ]; then
gc gc-jdk17-serial-gc-uptime "$JDK17" -XX:+UseSerialGC 300 gc:file=gc-jdk17-serial-gc-uptime.log:uptime
gc gc-jdk17-g1-gcstar-safepoint "$JDK17" -XX:+UseG1GC 200 'gc*,safepoint:file=gc-jdk17-g1-gcstar-safepoint.log:time,uptime,level,tags'
gc gc-jdk17-parallel-gc-default "$JDK17" -XX:+UseParallelGC 300 gc:file=gc-jdk17-parallel-gc-default.log
gc gc-jdk17-shenandoah-gcstar "$JDK17" -XX:+UseShenandoahGC 40 'gc*:file=gc-jdk17-shenandoah-gcstar.log:uptimemillis,level,tags'
gc gc-jdk17-z-gc-stalls "$JDK17" -XX:+UseZGC 300 gc:file=gc-jdk17-z-gc-stalls.log
gc gc-jdk17-z-gcstar "$JDK17" -XX:+UseZGC 100 'gc*:file=gc-jdk17-z-gcstar.log:time,level,tags'
gc gc-jdk25-g1-gc-timemillis "$JDK25" -XX:+UseG1GC 300 gc:file=gc-jdk25-g1-gc-timemillis.log:timemillis,uptimemillis,pid
gc gc-jdk25-parallel-gcstar "$JDK25" -XX:+UseParallelGC 200 'gc*:file=gc-jdk25-parallel-gcstar.log:utctime,uptimenanos,tid,level,tags'
gc gc-jdk25-serial-gcstar-hostname "$JDK25" -XX:+UseSerialGC 200 'gc*:file=gc-jdk25-serial-gcstar-hostname.log:hostname,uptime,level,tags'
gc gc-jdk25-z-gcstar "$JDK25" -XX:+UseZGC 100 'gc*:file=gc-jdk25-z-gcstar.log:utctime,uptimenanos,level,tags'
gc gc-jdk25-shenandoah-generational-gcstar "$JDK25" '-XX:+UseShenandoahGC -XX:+UnlockExperimentalVMOptions -XX:ShenandoahGCMode=generational' 60 'gc*:file=gc-jdk25-shenandoah-generational-gcstar.log:uptime,level,tags'
# without decorators (:none): only the messages tell unified logging
gc gc-jdk17-g1-gcstar-none "$JDK17" -XX:+UseG1GC 200 'gc*,safepoint:file=gc-jdk17-g1-gcstar-none.log:none'
gc gc-jdk25-z-gcstar-none "$JDK25" -XX:+UseZGC 100 'gc*:file=gc-jdk25-z-gcstar-none.log:none'
gc gc-jdk25-parallel-gc-none "$JDK25" -XX:+UseParallelGC 300 'gc:file=gc-jdk25-parallel-gc-none.log:none'
"$JDK25" -Xmx64m -XX:+UseG1GC '-Xlog:gc*:file=gcrot.log:uptime,level,tags:filecount=2,filesize=16k' -cp "$WORK" Allocate 600 >/dev/null
for f in gcrot.log gcrot.log.0 gcrot.log.1; do
  [ -f "$f" ] && head -n 600 "$f" > "$OUT/gc-jdk25-g1-rotated-$f"
done
fi

# More combinations: each collector with gc, gc* and gc*,safepoint, the other decorator sets,
# G1 with humongous objects, a JDK 17 rotated set; at most 300 lines each
LINES_KEPT=300
gc gc-jdk17-parallel-gcstar-safepoint-uptime "$JDK17" -XX:+UseParallelGC 200 'gc*,safepoint:file=gc-jdk17-parallel-gcstar-safepoint-uptime.log:uptime'
gc gc-jdk17-serial-gcstar-safepoint-utctime "$JDK17" -XX:+UseSerialGC 200 'gc*,safepoint:file=gc-jdk17-serial-gcstar-safepoint-utctime.log:utctime'
gc gc-jdk17-g1-gc-uptimenanos "$JDK17" -XX:+UseG1GC 300 'gc:file=gc-jdk17-g1-gc-uptimenanos.log:uptimenanos'
gc gc-jdk17-g1-humongous-gcstar "$JDK17" -XX:+UseG1GC '300 humongous' 'gc*:file=gc-jdk17-g1-humongous-gcstar.log:time,uptime,level,tags'
gc gc-jdk17-g1-gcstar-hostname "$JDK17" -XX:+UseG1GC 200 'gc*:file=gc-jdk17-g1-gcstar-hostname.log:hostname'
gc gc-jdk17-shenandoah-gc-timemillis-pid-tid "$JDK17" -XX:+UseShenandoahGC 100 'gc:file=gc-jdk17-shenandoah-gc-timemillis-pid-tid.log:timemillis,pid,tid'
gc gc-jdk17-shenandoah-gcstar-safepoint "$JDK17" -XX:+UseShenandoahGC 60 'gc*,safepoint:file=gc-jdk17-shenandoah-gcstar-safepoint.log:time,uptime,level,tags'
gc gc-jdk17-z-gcstar-safepoint-hostname "$JDK17" -XX:+UseZGC 100 'gc*,safepoint:file=gc-jdk17-z-gcstar-safepoint-hostname.log:hostname,uptime,level,tags'
gc gc-jdk17-z-gc-uptime "$JDK17" -XX:+UseZGC 300 'gc:file=gc-jdk17-z-gc-uptime.log:uptime'
gc gc-jdk25-g1-gcstar-uptime "$JDK25" -XX:+UseG1GC 200 'gc*:file=gc-jdk25-g1-gcstar-uptime.log:uptime'
gc gc-jdk25-g1-humongous-gcstar-safepoint "$JDK25" -XX:+UseG1GC '300 humongous' 'gc*,safepoint:file=gc-jdk25-g1-humongous-gcstar-safepoint.log:time,uptime,level,tags'
gc gc-jdk25-shenandoah-gcstar-safepoint "$JDK25" -XX:+UseShenandoahGC 60 'gc*,safepoint:file=gc-jdk25-shenandoah-gcstar-safepoint.log:time,uptime,level,tags'
gc gc-jdk25-shenandoah-gc-utctime "$JDK25" -XX:+UseShenandoahGC 100 'gc:file=gc-jdk25-shenandoah-gc-utctime.log:utctime'
gc gc-jdk25-z-gc-timemillis-pid-tid "$JDK25" -XX:+UseZGC 300 'gc:file=gc-jdk25-z-gc-timemillis-pid-tid.log:timemillis,pid,tid'
gc gc-jdk25-z-gcstar-safepoint-hostname "$JDK25" -XX:+UseZGC 100 'gc*,safepoint:file=gc-jdk25-z-gcstar-safepoint-hostname.log:hostname'
gc gc-jdk25-serial-gc-utctime "$JDK25" -XX:+UseSerialGC 300 'gc:file=gc-jdk25-serial-gc-utctime.log:utctime'
gc gc-jdk25-parallel-gcstar-safepoint-uptimenanos "$JDK25" -XX:+UseParallelGC 200 'gc*,safepoint:file=gc-jdk25-parallel-gcstar-safepoint-uptimenanos.log:uptimenanos'
# tags without a level, tags alone, a level alone; debug and trace levels
gc gc-jdk17-g1-gcstar-safepoint-uptime-tags "$JDK17" -XX:+UseG1GC 100 'gc*,safepoint:file=gc-jdk17-g1-gcstar-safepoint-uptime-tags.log:uptime,tags'
gc gc-jdk17-g1-gcstar-safepoint-tags "$JDK17" -XX:+UseG1GC 100 'gc*,safepoint:file=gc-jdk17-g1-gcstar-safepoint-tags.log:tags'
gc gc-jdk25-shenandoah-gcstar-level "$JDK25" -XX:+UseShenandoahGC 60 'gc*:file=gc-jdk25-shenandoah-gcstar-level.log:level'
gc gc-jdk25-g1-gcstar-debug "$JDK25" -XX:+UseG1GC 100 'gc*=debug,safepoint:file=gc-jdk25-g1-gcstar-debug.log:uptime,level,tags'
gc gc-jdk25-serial-gcstar-trace "$JDK25" -XX:+UseSerialGC 100 'gc*=trace:file=gc-jdk25-serial-gcstar-trace.log:uptime,level,tags'
"$JDK17" -Xmx64m -XX:+UseParallelGC '-Xlog:gc*,safepoint:file=gcrot17.log:utctime,level,tags:filecount=2,filesize=16k' -cp "$WORK" Allocate 300 >/dev/null
for f in gcrot17.log gcrot17.log.0 gcrot17.log.1; do
  [ -f "$f" ] && head -n 300 "$f" > "$OUT/gc-jdk17-parallel-rotated-$f"
done
ls -l "$OUT"
