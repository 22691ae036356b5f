#!/bin/sh
# Writes GC logs of LeakingAllocator (a known allocation rate, a growing live set) with JDK 17
# and Temurin 25, G1, Parallel and Serial, into src/test/resources/heap-logs/: NAME.log and
# NAME.txt (what the program measured of itself). Usage: sh generate.sh (from anywhere).
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
OUT="$HERE/../resources/heap-logs"
JDK17=${JDK17:-/usr/lib/jvm/java-17-openjdk-amd64/bin/java}
JDK25=${JDK25:-/usr/lib/jvm/temurin-25-jdk-amd64/bin/java}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$OUT"
"${JDK17%java}javac" -d "$WORK" "$HERE/LeakingAllocator.java"
cd "$WORK"
# run NAME JAVA GC-FLAG XLOG-DECORATIONS: 100 MB/s allocated, 1.5 MB/s kept, for 40 s
run() {
  name=$1; java=$2; gc=$3; deco=$4
  "$java" -Xms160m -Xmx160m "$gc" "-Xlog:gc*:file=$name.log:$deco" -cp "$WORK" \
    LeakingAllocator 100 1536 40 > "$OUT/$name.txt"
  cp "$name.log" "$OUT/$name.log"
}
run jdk17-g1 "$JDK17" -XX:+UseG1GC time,uptime,level,tags
run jdk17-parallel "$JDK17" -XX:+UseParallelGC uptime,level,tags
run jdk17-serial "$JDK17" -XX:+UseSerialGC utctime,uptimemillis,level,tags
run jdk25-g1 "$JDK25" -XX:+UseG1GC time,uptime,level,tags
run jdk25-parallel "$JDK25" -XX:+UseParallelGC uptime,level,tags
run jdk25-serial "$JDK25" -XX:+UseSerialGC utctime,uptimemillis,level,tags
