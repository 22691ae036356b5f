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
ls -l "$OUT"
