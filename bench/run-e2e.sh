#!/usr/bin/env bash
# End-to-end throughput of `tardy report`, whole process (JVM start included), on seeded generated
# logs, next to the baselines a user would otherwise run on the same file in the same call:
# cat, wc -l, an awk | sort per-endpoint (per-VM-op) p99 pipeline, zcat, and GoAccess when it is
# installed; and the yardstick: a bare 2-thread scanner (bench BareScanner) that only splits lines
# and records the last field into one histogram. Inputs: the few-operations generator (nginx), one
# with hashed assets and millions of ids (nginx-assets, ~1,000 groups past the cap), JDK 17 and
# JDK 8 pause logs (with `tardy hlog` beside `tardy report`), browser-facing traffic (nginx-real, 5 M
# and 100 k lines, JSON, both thread counts), gzip, stdin, and 10 lines (beside a
# bare `java` Hello). Commands of one group run interleaved, rep by rep, so machine noise hits all alike;
# the table gives min and median wall time, lines/s and MB/s at the median, and peak RSS
# (largest over the reps, from /usr/bin/time); for the 10-line group, wall and CPU percentiles too.
#
#   bench/run-e2e.sh [--reps N] [--lines N] [--data DIR] [--big N] [--quick] [--only REGEX] [--before JAR]
#                    [--older JAR] [--java JAVA_HOME]
#
# --lines  lines of the nginx, JDK 8 and JDK 17 logs (default 5000000)
# --big    also run an N-line nginx log for RSS flatness (e.g. 50000000, ~10 GB of /tmp)
# --quick  1 rep, no awk/GoAccess baselines
# --only   run only the groups whose name matches REGEX (e.g. 'gcstar|jdk17'); the others' data
#          is still generated
# --before a tardy.jar built before a change: the JVM-log, timeline, nginx (all three) and gzip groups also run it
#          and this checkout's jar the same way (java -jar, no class-data archive), interleaved; the
#          10-line group also runs it through this launcher, with the archive it trains for it; the
#          JDK 17 group runs `hlog` with both jars too
# --older  with --before, a second earlier jar run the same way beside them ("java -jar, older")
# --java   another Java installation (e.g. /usr/lib/jvm/temurin-25-jdk-amd64): the 10-line group also
#          runs its bare Hello, and tardy through this launcher on it (with the archive the launcher
#          trains for that Java, untimed, here), and with --before the earlier jar the same way
# Data goes to DIR (default /tmp/tardy-bench); it is generated once and reused (seed 42).
# Needs: cli/target/tardy.jar and bench/target/benchmarks.jar (mvn -Pbench package -DskipTests).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
reps=3
lines=5000000
data=/tmp/tardy-bench
big=0
quick=0
only=
before_jar=
older_jar=
other_home=
while [ $# -gt 0 ]; do
  case "$1" in
    --reps) reps="$2"; shift 2 ;;
    --lines) lines="$2"; shift 2 ;;
    --data) data="$2"; shift 2 ;;
    --big) big="$2"; shift 2 ;;
    --quick) quick=1; reps=1; shift ;;
    --only) only="$2"; shift 2 ;;
    --before) before_jar="$2"; shift 2 ;;
    --older) older_jar="$2"; shift 2 ;;
    --java) other_home="$2"; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

tardy_jar="${TARDY_JAR:-$root/cli/target/tardy.jar}"
bench_jar="${BENCH_JAR:-$root/bench/target/benchmarks.jar}"
java="${JAVA_HOME:+$JAVA_HOME/bin/}java"
# the launcher's heap, collector and inlining (bin/tardy); the bare Hello and the java -jar rows get these, not
# its -XX:-UsePerfData, which is part of what the launcher does for a short run
jopts="${TARDY_JAVA_OPTS:--Xmx256m -XX:+UseParallelGC -XX:FreqInlineSize=60}"
other_java=
other_name=
if [ -n "$other_home" ]; then
  other_java="$other_home/bin/java"
  [ -x "$other_java" ] || { echo "no $other_java" >&2; exit 2; }
  other_name="Java $("$other_java" -XshowSettings:properties -version 2>&1 \
    | awk '$1 == "java.specification.version" { print $3 }')"
fi
for f in "$tardy_jar" "$bench_jar"; do
  [ -f "$f" ] || { echo "missing $f: run mvn -B -Pbench package -DskipTests" >&2; exit 2; }
done
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (apt-get install -y time)" >&2; exit 2; }

mkdir -p "$data" "$root/bench/results"
stamp="$(date -u +%Y%m%dT%H%M%SZ)"
out="$root/bench/results/e2e-$stamp.md"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

gen() { # KIND LINES FILE; with --only, only the data of the groups that run
  if [ -n "$only" ] && [ "$2" -gt 10 ] && ! [[ "$1 $2" =~ $only ]] \
    && ! { [[ timeline =~ $only ]] && [[ "$1 $2" =~ ^(gcstar $lines|nginx 1000000)$ ]]; }; then
    return 0
  fi
  if [ ! -s "$3" ]; then
    echo "generating $3 ($2 lines of $1)..." >&2
    "$java" -cp "$bench_jar" tardy.bench.GenLogs "$1" "$2" "$3.tmp" 42 && mv "$3.tmp" "$3"
  fi
}

nginx="$data/nginx-$lines.log"
jdk8="$data/jdk8-$lines.log"
jdk17="$data/jdk17-$lines.log"
gcstar="$data/gcstar-$lines.log"
nginx1m="$data/nginx-1000000.log"
assets="$data/nginx-assets-$lines.log"
tail_log="$data/nginx-tail-$lines.log"
real="$data/nginx-real-$lines.log"
real100k="$data/nginx-real-100000.log"
gen nginx "$lines" "$nginx"
gen nginx-real "$lines" "$real"
gen nginx-real 100000 "$real100k"
gen nginx-assets "$lines" "$assets"
gen nginx-tail "$lines" "$tail_log"
gen jdk8 "$lines" "$jdk8"
gen jdk17 "$lines" "$jdk17"
gen gcstar "$lines" "$gcstar"
gen nginx 1000000 "$nginx1m"
[ -s "$nginx.gz" ] || [ ! -s "$nginx" ] || { echo "compressing $nginx..." >&2; gzip -n -6 -c "$nginx" > "$nginx.gz"; }
[ -s "$assets.gz" ] || [ ! -s "$assets" ] || { echo "compressing $assets..." >&2; gzip -n -6 -c "$assets" > "$assets.gz"; }
gen nginx 10 "$data/nginx-10.log" # the first lines of every seed-42 nginx log
if [ "$big" -gt 0 ]; then gen nginx "$big" "$data/nginx-$big.log"; fi

# tardy as users run it: through the launcher (its JVM options and class-data archive); the
# launcher's one-time work (a build when stale, the archive's training run) happens here, untimed
tardy() { echo "$root/bin/tardy report $*"; }
maxops=25000 # the most --max-operations allows (Limits.OPERATIONS_MAX)
"$root/bin/tardy" report "$data/nginx-10.log" > /dev/null
if [ -n "$other_home" ]; then JAVA_HOME="$other_home" "$root/bin/tardy" report "$data/nginx-10.log" > /dev/null; fi

awk_nginx="LC_ALL=C awk '{u=\$6\" \"\$7; sub(/\\?.*/,\"\",u); gsub(/[0-9]+/,\"N\",u); print u, \$NF}' FILE \
 | LC_ALL=C sort -k1,2 -k3,3n -S 2G \
 | LC_ALL=C awk 'function flush(){ if(n) printf \"%s count=%d p50=%s p99=%s max=%s\\n\", k, n, a[int(n*0.5+0.9999999)], a[int(n*0.99+0.9999999)], a[n]; n=0 } { key=\$1\" \"\$2; if(key!=k){flush(); k=key} a[++n]=\$3 } END{flush()}'"
awk_jdk17="grep -F '[safepoint]' FILE | LC_ALL=C awk '{print \$3, \$(NF-1)}' \
 | LC_ALL=C sort -k1,1 -k2,2n -S 1G \
 | LC_ALL=C awk 'function flush(){ if(n) printf \"%s count=%d p50=%s p99=%s max=%s\\n\", k, n, a[int(n*0.5+0.9999999)], a[int(n*0.99+0.9999999)], a[n]; n=0 } { if(\$1!=k){flush(); k=\$1} a[++n]=\$2 } END{flush()}'"
awk_gcstar="grep -F '] GC(' FILE | grep -F ' Pause ' | LC_ALL=C awk '\$NF ~ /ms\$/ {print \$NF + 0}' | LC_ALL=C sort -g -S 1G \
 | LC_ALL=C awk '{a[NR]=\$1} END{n=NR; printf \"count=%d p50=%s p99=%s max=%s\\n\", n, a[int(n*0.5+0.9999999)], a[int(n*0.99+0.9999999)], a[n]}'"
awk_jdk8="grep -F 'Total time for which' FILE | LC_ALL=C awk '{print \$(NF-6)}' | LC_ALL=C sort -n -S 1G \
 | LC_ALL=C awk '{a[NR]=\$1} END{n=NR; printf \"count=%d p50=%s p99=%s max=%s\\n\", n, a[int(n*0.5+0.9999999)], a[int(n*0.99+0.9999999)], a[n]}'"
goaccess_cmd="goaccess FILE --log-format='%h %^[%d:%t %^] \"%r\" %s %b \"%R\" \"%u\" %T' --date-format=%d/%b/%Y --time-format=%T --no-progress -o $work/ga.json"

declare -A median_of
rows=()
spread_rows=() # wall and CPU percentiles of the start-up group, whose runs are short enough for many reps

# group NAME FILE LABEL1 CMD1 [LABEL2 CMD2 ...]: runs every command $reps times, interleaved.
# Lines and MB/s are those of FILE, or of the uncompressed FILE minus .gz when it exists.
group() {
  local name="$1" file="$2"; shift 2
  if [ -n "$only" ] && ! [[ "$name" =~ $only ]]; then return 0; fi
  local labels=() cmds=()
  while [ $# -gt 0 ]; do labels+=("$1"); cmds+=("${2//FILE/$file}"); shift 2; done
  local n_lines bytes
  local plain="${file%.gz}"
  n_lines=$(wc -l < "$plain")
  bytes=$(stat -c %s "$plain")
  local i r
  for ((r = 1; r <= reps; r++)); do
    for i in "${!cmds[@]}"; do
      local t="$work/t.$i.$r" t0 t1
      t0=$(date +%s%N)
      if /usr/bin/time -f "%M %U %S" -o "$t.rss" sh -c "${cmds[$i]} > $work/out.$i 2> $work/err.$i"; then
        t1=$(date +%s%N)
        echo "$(( (t1 - t0) / 1000000 )) $(tail -1 "$t.rss")" | awk '{printf "%.3f %s %.2f\n", $1 / 1000, $2, $3 + $4}' > "$t"
      else
        echo "FAILED: ${labels[$i]}: $(head -c 400 "$work/err.$i")" >&2
        echo "FAIL 0 0" > "$t"
      fi
    done
  done
  for i in "${!cmds[@]}"; do
    local walls rss mn md cpu
    walls=$(for ((r = 1; r <= reps; r++)); do tail -1 "$work/t.$i.$r" | cut -d' ' -f1; done | sort -g)
    rss=$(for ((r = 1; r <= reps; r++)); do tail -1 "$work/t.$i.$r" | cut -d' ' -f2; done | sort -n | tail -1)
    cpu=$(for ((r = 1; r <= reps; r++)); do tail -1 "$work/t.$i.$r" | cut -d' ' -f3; done | sort -g \
      | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}')
    mn=$(echo "$walls" | head -1)
    md=$(echo "$walls" | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}')
    median_of["$name/${labels[$i]}"]="$md"
    median_of["$name/${labels[$i]}/cpu"]="$cpu"
    local row cell="${labels[$i]//|/\\|}" # a | in a label would end its table cell
    if [ "$mn" = FAIL ]; then
      row=$(printf '| %s | %s | FAILED | | | | | | |' "$name" "$cell")
    else
      row=$(CELL="$cell" awk -v n="$name" -v mn="$mn" -v md="$md" -v lines="$n_lines" \
        -v bytes="$bytes" -v rss="$rss" -v cpu="$cpu" 'BEGIN{
          printf "| %s | %s | %d | %.3f | %.3f | %.2f | %.2f M | %.0f | %.0f |", n, ENVIRON["CELL"], lines, mn, md,
            cpu, (md > 0 ? lines / md / 1e6 : 0), (md > 0 ? bytes / md / 1e6 : 0), rss / 1024 }')
    fi
    rows+=("$row")
    echo "$row" >&2
    if [ "$name" = "nginx 10" ] && [ "$mn" != FAIL ]; then
      spread_rows+=("| ${cell} | $(echo "$walls" | spread) | $(for ((r = 1; r <= reps; r++)); do
        tail -1 "$work/t.$i.$r" | cut -d' ' -f3; done | sort -g | spread) |")
    fi
  done
}

# spread < SECONDS (sorted, one a line): p10 / p25 / p50 / p75 / p90 in ms, nearest rank
spread() {
  awk 'function q(p) { i = int(NR * p + 0.999999); if (i < 1) i = 1; return a[i] * 1000 }
    { a[NR] = $1 } END { printf "%.0f / %.0f / %.0f / %.0f / %.0f", q(0.1), q(0.25), q(0.5), q(0.75), q(0.9) }'
}

base_nginx=() base_jdk17=() base_jdk8=() base_gcstar=() ga=()
if [ "$quick" = 0 ]; then
  base_nginx=("awk|sort per endpoint" "$awk_nginx")
  base_jdk17=("grep|awk|sort per op" "$awk_jdk17")
  base_jdk8=("grep|awk|sort" "$awk_jdk8")
  base_gcstar=("grep|awk|sort (all pauses)" "$awk_gcstar")
  if command -v goaccess > /dev/null; then ga=("goaccess" "$goaccess_cmd"); fi
fi
# --before: the earlier jar and this one, both as java -jar (neither has the launcher's archive)
jars=()
if [ -n "$before_jar" ]; then
  jars=("java -jar, before" "$java $jopts -jar $before_jar report FILE"
    "java -jar, after" "$java $jopts -jar $tardy_jar report FILE")
  if [ -n "$older_jar" ]; then
    jars=("java -jar, older" "$java $jopts -jar $older_jar report FILE" "${jars[@]}")
  fi
fi
set +u # empty arrays on bash < 4.4
scanner="$java -cp $bench_jar tardy.bench.BareScanner FILE"
group "nginx ${lines}" "$nginx" \
  "cat" "cat FILE" \
  "wc -l" "wc -l FILE" \
  "bare 2-thread scanner" "$scanner" \
  "tardy report" "$(tardy FILE)" \
  "tardy report --threads 1" "$(tardy --threads 1 FILE)" \
  "tardy report - (stdin)" "$(tardy -) < FILE" \
  "${jars[@]}" \
  "${base_nginx[@]}"
group "nginx-assets ${lines}" "$assets" \
  "bare 2-thread scanner" "$scanner" \
  "tardy report" "$(tardy FILE)" \
  "tardy report - (stdin)" "$(tardy -) < FILE" \
  "${jars[@]}" \
  "tardy report --max-operations $maxops" "$(tardy --max-operations $maxops FILE)" \
  "tardy report --format json" "$(tardy --format json FILE)" \
  "tardy report --format json --max-operations $maxops" "$(tardy --format json --max-operations $maxops FILE)" \
  "${base_nginx[@]}"
# browser-facing traffic (issue 36): the JSON report, both thread counts, against the scanner; and
# a 100 k-line log, where the fixed cost (planning, sampling, compilation) is most of the run
group "nginx-real ${lines}" "$real" \
  "bare 2-thread scanner" "$scanner" \
  "tardy report --format json" "$(tardy --format json FILE)" \
  "tardy report --format json --threads 1" "$(tardy --format json --threads 1 FILE)" \
  "${jars[@]}"
group "nginx-real 100000" "$real100k" \
  "bare 2-thread scanner" "$scanner" \
  "tardy report --format json" "$(tardy --format json FILE)" \
  "${jars[@]}"
group "nginx-tail ${lines}" "$tail_log" \
  "bare 2-thread scanner" "$scanner" \
  "tardy report" "$(tardy FILE)" \
  "${jars[@]}" \
  "${base_nginx[@]}"
group "nginx ${lines} .gz" "$nginx.gz" \
  "zcat" "zcat FILE" \
  "tardy report" "$(tardy FILE)" \
  "${jars[@]}"
group "nginx-assets ${lines} .gz" "$assets.gz" \
  "zcat" "zcat FILE" \
  "tardy report" "$(tardy FILE)" \
  "${jars[@]}"
group "nginx 1M" "$nginx1m" \
  "wc -l" "wc -l FILE" \
  "tardy report" "$(tardy FILE)" \
  "${base_nginx[@]}" \
  "${ga[@]}"
hlog_jars=() # tardy hlog with the code of both jars, as java -jar
if [ -n "$before_jar" ]; then
  hlog_jars=("java -jar hlog, before" "$java $jopts -jar $before_jar hlog -o $work/before.hlog FILE"
    "java -jar hlog, after" "$java $jopts -jar $tardy_jar hlog -o $work/after.hlog FILE")
fi
group "jdk17 ${lines}" "$jdk17" \
  "wc -l" "wc -l FILE" \
  "tardy report" "$(tardy FILE)" \
  "tardy hlog" "$root/bin/tardy hlog -o $work/out.hlog FILE" \
  "tardy report --threads 1" "$(tardy --threads 1 FILE)" \
  "${jars[@]}" \
  "${hlog_jars[@]}" \
  "${base_jdk17[@]}"
group "gcstar ${lines}" "$gcstar" \
  "wc -l" "wc -l FILE" \
  "bare 2-thread scanner" "$scanner" \
  "tardy report" "$(tardy FILE)" \
  "tardy report --threads 1" "$(tardy --threads 1 FILE)" \
  "${jars[@]}" \
  "${base_gcstar[@]}"
# the timeline: an access log beside a JVM log whose every line gives time and uptime (lines and
# MB/s are the gc* log's); the JVM log is read twice, for the pause index and for its own tables
jars_timeline=()
if [ -n "$before_jar" ]; then
  jars_timeline=("java -jar, before" "$java $jopts -jar $before_jar report $nginx1m FILE"
    "java -jar, after" "$java $jopts -jar $tardy_jar report $nginx1m FILE")
fi
group "timeline: nginx 1M beside gc* ${lines}" "$gcstar" \
  "tardy report, gc* log alone" "$(tardy FILE)" \
  "tardy report, access log alone" "$(tardy "$nginx1m")" \
  "tardy report, both (timeline)" "$(tardy "$nginx1m" FILE)" \
  "${jars_timeline[@]}"
group "jdk8 ${lines}" "$jdk8" \
  "wc -l" "wc -l FILE" \
  "tardy report" "$(tardy FILE)" \
  "tardy report --threads 1" "$(tardy --threads 1 FILE)" \
  "${jars[@]}" \
  "${base_jdk8[@]}"
before_10=() # start-up with the code of both jars: as users run them, and with no archive
if [ -n "$before_jar" ]; then
  # this launcher beside a copy of the earlier jar: it trains that jar's archive (untimed, here)
  mkdir -p "$work/before/bin" "$work/before/cli/target"
  cp "$root/bin/tardy" "$work/before/bin/" && cp "$before_jar" "$work/before/cli/target/tardy.jar"
  "$work/before/bin/tardy" report "$data/nginx-10.log" > /dev/null
  before_10=("tardy report, before" "$work/before/bin/tardy report FILE"
    "java -jar, before, no class-data archive" "$java $jopts -jar $before_jar report FILE")
fi
other_10=() # the same on another Java: its Hello, and tardy through the launcher with its archive
if [ -n "$other_home" ]; then
  other_10=("java Hello, $other_name" "$other_java $jopts -cp $bench_jar tardy.bench.Hello"
    "tardy report, $other_name" "JAVA_HOME=$other_home $root/bin/tardy report FILE"
    "java -jar, no class-data archive, $other_name" "$other_java $jopts -jar $tardy_jar report FILE")
  if [ -n "$before_jar" ]; then
    JAVA_HOME="$other_home" "$work/before/bin/tardy" report "$data/nginx-10.log" > /dev/null
    other_10+=("tardy report, before, $other_name" "JAVA_HOME=$other_home $work/before/bin/tardy report FILE")
  fi
fi
group "nginx 10" "$data/nginx-10.log" \
  "java Hello" "$java $jopts -cp $bench_jar tardy.bench.Hello" \
  "tardy report" "$(tardy FILE)" \
  "java -jar, no class-data archive" "$java $jopts -jar $tardy_jar report FILE" \
  "${before_10[@]}" \
  "${other_10[@]}"
if [ "$big" -gt 0 ]; then
  group "nginx ${big}" "$data/nginx-$big.log" "tardy report" "$(tardy FILE)"
fi
set -u

ratio() { # A B: median(A) / median(B)
  awk -v a="${median_of[$1]:-0}" -v b="${median_of[$2]:-0}" \
    'BEGIN{ if (a ~ /FAIL/ || b ~ /FAIL/ || a == 0 || b == 0) print "n/a"; else printf "%.1f×", a / b }'
}

{
  echo "# tardy end-to-end, $stamp"
  echo
  echo "$(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GiB, load average at the end $(cut -d' ' -f1-3 /proc/loadavg), $("$java" -version 2>&1 | head -1)${other_java:+ (and $("$other_java" -version 2>&1 | head -1) where a row says $other_name)}, JVM options: $jopts; $reps reps, interleaved; data in $data (seed 42), from the page cache."
  echo
  echo "| input | command | lines | min s | median s | CPU s (median) | lines/s (median) | MB/s (median) | peak RSS MiB |"
  echo "|---|---|---:|---:|---:|---:|---:|---:|---:|"
  printf '%s\n' "${rows[@]}"
  if [ "${#spread_rows[@]}" -gt 0 ]; then
    echo
    echo "Start-up (nginx 10), $reps runs each, ms:"
    echo
    echo "| command | wall p10 / p25 / p50 / p75 / p90 | CPU p10 / p25 / p50 / p75 / p90 |"
    echo "|---|---|---|"
    printf '%s\n' "${spread_rows[@]}"
  fi
  echo
  echo "Ratios (median wall times):"
  echo
  echo "- nginx ${lines}: tardy / bare scanner = $(ratio "nginx ${lines}/tardy report" "nginx ${lines}/bare 2-thread scanner") (≤ 2× is the goal); tardy / wc -l = $(ratio "nginx ${lines}/tardy report" "nginx ${lines}/wc -l"); awk|sort / tardy = $(ratio "nginx ${lines}/awk|sort per endpoint" "nginx ${lines}/tardy report"); stdin / file = $(ratio "nginx ${lines}/tardy report - (stdin)" "nginx ${lines}/tardy report") (≤ 1.2× is the goal)"
  echo "- nginx-assets ${lines}: tardy / bare scanner = $(ratio "nginx-assets ${lines}/tardy report" "nginx-assets ${lines}/bare 2-thread scanner") (≤ 2.5× is the goal); stdin / file = $(ratio "nginx-assets ${lines}/tardy report - (stdin)" "nginx-assets ${lines}/tardy report") (≤ 1.2× is the goal); --max-operations $maxops / default = $(ratio "nginx-assets ${lines}/tardy report --max-operations $maxops" "nginx-assets ${lines}/tardy report") table, $(ratio "nginx-assets ${lines}/tardy report --format json --max-operations $maxops" "nginx-assets ${lines}/tardy report --format json") JSON (≤ 1.5× is the goal); awk|sort / tardy = $(ratio "nginx-assets ${lines}/awk|sort per endpoint" "nginx-assets ${lines}/tardy report")"
  echo "- nginx-real ${lines}: tardy --format json / bare scanner = $(ratio "nginx-real ${lines}/tardy report --format json" "nginx-real ${lines}/bare 2-thread scanner") (≤ 2× is the goal); --threads 1 / --threads 2 = $(ratio "nginx-real ${lines}/tardy report --format json --threads 1" "nginx-real ${lines}/tardy report --format json") (≥ 1.7× is the goal); 100 k lines: $(ratio "nginx-real 100000/tardy report --format json" "nginx-real 100000/bare 2-thread scanner") the scanner"
  echo "- nginx-tail ${lines}: tardy / bare scanner = $(ratio "nginx-tail ${lines}/tardy report" "nginx-tail ${lines}/bare 2-thread scanner"); awk|sort / tardy = $(ratio "nginx-tail ${lines}/awk|sort per endpoint" "nginx-tail ${lines}/tardy report")"
  echo "- nginx ${lines} .gz: tardy / zcat = $(ratio "nginx ${lines} .gz/tardy report" "nginx ${lines} .gz/zcat") (≤ 1× is the goal); nginx-assets .gz: $(ratio "nginx-assets ${lines} .gz/tardy report" "nginx-assets ${lines} .gz/zcat")"
  echo "- nginx 1M: awk|sort / tardy = $(ratio "nginx 1M/awk|sort per endpoint" "nginx 1M/tardy report"); goaccess / tardy = $(ratio "nginx 1M/goaccess" "nginx 1M/tardy report")"
  echo "- jdk17 ${lines}: tardy hlog / tardy report = $(ratio "jdk17 ${lines}/tardy hlog" "jdk17 ${lines}/tardy report") (≤ 2× is the goal; java -jar: $(ratio "jdk17 ${lines}/java -jar hlog, after" "jdk17 ${lines}/java -jar, after") after, $(ratio "jdk17 ${lines}/java -jar hlog, before" "jdk17 ${lines}/java -jar, before") before); tardy / wc -l = $(ratio "jdk17 ${lines}/tardy report" "jdk17 ${lines}/wc -l"); grep|awk|sort / tardy = $(ratio "jdk17 ${lines}/grep|awk|sort per op" "jdk17 ${lines}/tardy report")"
  echo "- gcstar ${lines}: tardy / wc -l = $(ratio "gcstar ${lines}/tardy report" "gcstar ${lines}/wc -l"); grep|awk|sort / tardy = $(ratio "gcstar ${lines}/grep|awk|sort (all pauses)" "gcstar ${lines}/tardy report")"
  echo "- jdk8 ${lines}: tardy / wc -l = $(ratio "jdk8 ${lines}/tardy report" "jdk8 ${lines}/wc -l"); --threads 1 / default = $(ratio "jdk8 ${lines}/tardy report --threads 1" "jdk8 ${lines}/tardy report"); grep|awk|sort / tardy = $(ratio "jdk8 ${lines}/grep|awk|sort" "jdk8 ${lines}/tardy report")"
  echo "- nginx 10: tardy / java Hello = $(ratio "nginx 10/tardy report" "nginx 10/java Hello") (≤ 4× is the goal); before: $(ratio "nginx 10/tardy report, before" "nginx 10/java Hello")"
  if [ -n "$other_home" ]; then
    echo "- nginx 10 on $other_name: tardy / java Hello = $(ratio "nginx 10/tardy report, $other_name" "nginx 10/java Hello, $other_name") (≤ 4× is the goal); before: $(ratio "nginx 10/tardy report, before, $other_name" "nginx 10/java Hello, $other_name")"
  fi
} | tee "$out"
echo "written to $out" >&2
