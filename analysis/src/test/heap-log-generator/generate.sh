#!/bin/sh
# Writes GC logs of LeakingAllocator (a known allocation rate, a growing live set) with JDK 17
# and Temurin 25, G1, Parallel, Serial, ZGC and Shenandoah, into src/test/resources/heap-logs/:
# NAME.log and NAME.txt (what the program measured of itself). The young/old split and metaspace
# come from gc,heap (its debug level adds the heap before each collection); the runs named
# *-heapdebug log it. Usage: sh generate.sh [NAME...] (from anywhere; no NAME: every run).
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
OUT="$HERE/../resources/heap-logs"
JDK17=${JDK17:-/usr/lib/jvm/java-17-openjdk-amd64/bin/java}
JDK25=${JDK25:-/usr/lib/jvm/temurin-25-jdk-amd64/bin/java}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$OUT"
"${JDK17%java}javac" -d "$WORK" "$HERE/LeakingAllocator.java" "$HERE/KnownLiveSet.java" \
  "$HERE/StallingAllocator.java"
cd "$WORK"
WANTED=" $* "
# run NAME JAVA GC-FLAG XLOG-DECORATIONS [TAGS]: 100 MB/s allocated, 1.5 MB/s kept, for 40 s
run() {
  name=$1; java=$2; gc=$3; deco=$4; tags=${5:-gc*}
  if [ "$WANTED" != "  " ] && [ "${WANTED#* $name }" = "$WANTED" ]; then
    return 0
  fi
  "$java" -Xms160m -Xmx160m "$gc" "-Xlog:$tags:file=$name.log:$deco" -cp "$WORK" \
    LeakingAllocator 100 1536 40 > "$OUT/$name.txt"
  case $name in
    *-heapdebug) gzip -9 -n -c "$name.log" > "$OUT/$name.log.gz" ;; # ZGC's and Shenandoah's are large
    *) cp "$name.log" "$OUT/$name.log" ;;
  esac
}
run jdk17-g1 "$JDK17" -XX:+UseG1GC time,uptime,level,tags
run jdk17-parallel "$JDK17" -XX:+UseParallelGC uptime,level,tags
run jdk17-serial "$JDK17" -XX:+UseSerialGC utctime,uptimemillis,level,tags
run jdk25-g1 "$JDK25" -XX:+UseG1GC time,uptime,level,tags
run jdk25-parallel "$JDK25" -XX:+UseParallelGC uptime,level,tags
run jdk25-serial "$JDK25" -XX:+UseSerialGC utctime,uptimemillis,level,tags
HEAPDEBUG='gc*,gc+heap=debug'
run jdk17-g1-heapdebug "$JDK17" -XX:+UseG1GC uptime,level,tags "$HEAPDEBUG"
run jdk17-parallel-heapdebug "$JDK17" -XX:+UseParallelGC uptime,level,tags "$HEAPDEBUG"
run jdk17-zgc-heapdebug "$JDK17" -XX:+UseZGC uptime,level,tags "$HEAPDEBUG"
run jdk17-shenandoah-heapdebug "$JDK17" -XX:+UseShenandoahGC uptime,level,tags "$HEAPDEBUG"
run jdk25-serial-heapdebug "$JDK25" -XX:+UseSerialGC uptime,level,tags "$HEAPDEBUG"
run jdk25-g1-heapdebug "$JDK25" -XX:+UseG1GC uptime,level,tags "$HEAPDEBUG"
run jdk25-zgc-heapdebug "$JDK25" -XX:+UseZGC uptime,level,tags "$HEAPDEBUG"
run jdk25-shenandoah-heapdebug "$JDK25" -XX:+UseShenandoahGC uptime,level,tags "$HEAPDEBUG"
# generational ZGC and Shenandoah with gc* at info: LeakingAllocator 100 1536 20
gen() {
  name=$1; shift
  if [ "$WANTED" != "  " ] && [ "${WANTED#* $name }" = "$WANTED" ]; then
    return 0
  fi
  "$JDK25" -Xms160m -Xmx160m "$@" "-Xlog:gc*:file=$name.log:time,uptime,level,tags" -cp "$WORK" \
    LeakingAllocator 100 1536 20 > "$OUT/$name.txt"
  gzip -9 -n -c "$name.log" > "$OUT/$name.log.gz"
}
gen jdk25-zgc -XX:+UseZGC
gen jdk25-shenandoah-generational -XX:+UseShenandoahGC -XX:ShenandoahGCMode=generational
# live NAME JAVA HEAP-MB SECONDS: KnownLiveSet (32 MiB kept, 2 MiB/s more, 100 MiB/s of garbage)
live() {
  name=$1; java=$2; heap=$3; seconds=$4
  if [ "$WANTED" != "  " ] && [ "${WANTED#* $name }" = "$WANTED" ]; then
    return 0
  fi
  "$java" "-Xms${heap}m" "-Xmx${heap}m" -XX:+UseShenandoahGC \
    "-Xlog:gc*:file=$name.log:time,uptime,level,tags" -cp "$WORK" \
    KnownLiveSet 32 2048 100 "$seconds" > "$OUT/$name.txt"
  gzip -9 -n -c "$name.log" > "$OUT/$name.log.gz"
}
live jdk17-shenandoah-live "$JDK17" 160 30
live jdk25-shenandoah-live "$JDK25" 160 30
# jdk17-shenandoah-full-excerpt is cut by hand from KnownLiveSet 32 2048 100 18 on an 80 MiB
# heap (the README says which lines)
# stall NAME JAVA: StallingAllocator (2 threads, 40 MiB kept in a 64 MiB heap, 3 s) under ZGC,
# which cannot free memory as fast: its threads stall on allocation (and relocation)
stall() {
  name=$1; java=$2
  if [ "$WANTED" != "  " ] && [ "${WANTED#* $name }" = "$WANTED" ]; then
    return 0
  fi
  "$java" -Xms64m -Xmx64m -XX:+UseZGC "-Xlog:gc*:file=$name.log:time,uptime,level,tags" \
    -cp "$WORK" StallingAllocator 2 40 3 > /dev/null
  gzip -9 -n -c "$name.log" > "$OUT/$name.log.gz"
}
stall jdk17-zgc-stalls "$JDK17"
stall jdk25-zgc-stalls "$JDK25"
