#!/usr/bin/env bash
# tardy's Spark job on a real Spark standalone cluster on this machine, compared byte for byte
# with the command line. Starts a Master and Workers as their own JVMs from the Spark jars Maven
# resolves (bound to 127.0.0.1), submits tardy-spark.jar with spark-submit's main class for each
# case below, runs `java -jar cli/target/tardy.jar` with the same arguments in a directory of the
# same shape, and compares exit codes, standard output, standard error and every file written.
# Stops the cluster on the way out; exits 1 on any difference. Takes several minutes: each case
# is a Spark application with its own driver and executor JVMs. Run by hand:
#
#   spark/cluster-test.sh [--no-build] [--cluster-mode] [--time N] [--executors N]
#                         [--executor-cores N] [--executor-memory SIZE] [--only RE]
#
#   --no-build       use the jars and class path already built
#   --cluster-mode   also submit a few cases with --deploy-mode cluster (the driver on a Worker)
#   --time N         then time `report` on the 1 M-line bench log (TARDY_TIME_INPUT), N runs
#                    each, interleaved: wall time, and CPU time of the command line's JVM
#                    (--threads 1), of the Spark driver and of the executors (their JVMs' whole
#                    CPU, as the Workers reap them), and the job's tasks: their count, and
#                    from Spark's event log the CPU of the task threads alone (running, and
#                    deserialising their closures) and their collectors' time, which the
#                    executors' JIT and time-driven threads (heartbeats, RPC) do not share
#   --executors N    executors per application (default 3)
#   --executor-cores N   cores of each executor (default 1): one JVM of N cores compiles
#                    tardy's parser and Spark's code once where N JVMs of one core do it N times
#   --executor-memory SIZE  each executor's heap (default 512m)
#   --only RE        only the cases whose names match this regular expression
#
# Environment: TARDY_SPARK_WORK (default /tmp/tardy-spark-test), TARDY_CORPUS (default
# /work/shared/corpus), TARDY_BENCH (default /tmp/tardy-bench), TARDY_SPARK_PORT (the Master's,
# default 17077), TARDY_TIME_INPUT (the logs --time reads, separated by spaces, default the 1 M-line
# bench log), TARDY_EXECUTOR_JAVA (more JVM options of the executors, e.g. -Xlog:gc or
# -XX:StartFlightRecording). Cases whose inputs are absent are skipped, and say so.
set -uo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
work=${TARDY_SPARK_WORK:-/tmp/tardy-spark-test}
corpus=${TARDY_CORPUS:-/work/shared/corpus}
bench=${TARDY_BENCH:-/tmp/tardy-bench}
port=${TARDY_SPARK_PORT:-17077}
time_input=${TARDY_TIME_INPUT:-$bench/nginx-1000000.log}
build=1 cluster_mode=0 time_runs=0 executors=3 executor_cores=1 executor_memory=512m only=.
workers=2 worker_cores=2

while [ $# -gt 0 ]; do
  case $1 in
    --no-build) build=0 ;;
    --cluster-mode) cluster_mode=1 ;;
    --time) time_runs=$2; shift ;;
    --executors) executors=$2; shift ;;
    --executor-cores) executor_cores=$2; shift ;;
    --executor-memory) executor_memory=$2; shift ;;
    --only) only=$2; shift ;;
    -h|--help) sed -n '2,/^set /p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "unknown option: $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done

cli_jar=$root/cli/target/tardy.jar
job_jar=$root/spark/target/tardy-spark.jar
master=spark://127.0.0.1:$port
# the JVM options Spark 4 needs on Java 17, as spark-submit's launcher adds them
jvm_args=$(sed -n 's:.*<spark.jvm.args>\(.*\)</spark.jvm.args>.*:\1:p' "$root/spark/pom.xml")
export SPARK_HOME=$work/home SPARK_SCALA_VERSION=2.13 SPARK_LOCAL_IP=127.0.0.1 \
  SPARK_PUBLIC_DNS=127.0.0.1

mkdir -p "$work"
rm -rf "$work/runs" "$work/logs" "$work"/worker-*
mkdir -p "$work/runs" "$work/logs" "$work/data"

if [ "$build" = 1 ]; then
  echo "building tardy.jar, tardy-spark.jar and Spark's class path (log: $work/build.log)"
  (cd "$root" && mvn -B -ntp -q -DskipTests package dependency:build-classpath -pl spark -am \
    -Dmdep.outputFile="$work/classpath" -Dmdep.includeScope=provided) > "$work/build.log" 2>&1 \
    || { echo "build failed: $work/build.log" >&2; exit 2; }
fi
[ -f "$work/classpath" ] && [ -f "$job_jar" ] && [ -f "$cli_jar" ] \
  || { echo "nothing built: run without --no-build" >&2; exit 2; }

# A Spark home as the Worker's executor launcher expects one: jars/ holds Spark and its
# libraries, not tardy (which reaches the executors in the job jar only).
rm -rf "$SPARK_HOME"
mkdir -p "$SPARK_HOME/jars" "$SPARK_HOME/conf"
tr ':' '\n' < "$work/classpath" | grep -v '/tardy-[a-z]*-[0-9.]*\(-SNAPSHOT\)\{0,1\}\.jar$' \
  | while read -r jar; do ln -s "$jar" "$SPARK_HOME/jars/"; done
spark_cp="$SPARK_HOME/conf:$SPARK_HOME/jars/*"

# Spark's own log lines go to a file per JVM: standard error is left to tardy's messages
cat > "$SPARK_HOME/conf/log4j2.properties" <<EOF
rootLogger.level = info
rootLogger.appenderRef.file.ref = file
appender.file.type = File
appender.file.name = file
appender.file.fileName = \${sys:tardy.spark.log:-$work/logs/spark.log}
appender.file.layout.type = PatternLayout
appender.file.layout.pattern = %d{HH:mm:ss.SSS} %p %c{1}: %m%n%ex
EOF

pids=() submit_conf=()
stop_cluster() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null; done
  pids=()
}
trap stop_cluster EXIT

spark_jvm() { # name, heap, class, args...
  local name=$1 heap=$2
  shift 2
  # shellcheck disable=SC2086 # jvm_args is a list of options
  java "-Xmx$heap" $jvm_args "-Dtardy.spark.log=$work/logs/$name.log" -cp "$spark_cp" "$@"
}
daemon() { # the same in the background, its process id kept (not a subshell's) to stop it
  local name=$1 heap=$2
  shift 2
  # shellcheck disable=SC2086
  java "-Xmx$heap" $jvm_args "-Dtardy.spark.log=$work/logs/$name.log" -cp "$spark_cp" "$@" \
    > "$work/logs/$name.out" 2>&1 &
  pids+=($!)
}

if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
  echo "port $port is taken: set TARDY_SPARK_PORT" >&2
  exit 2
fi
echo "starting a Spark master and $workers workers ($worker_cores cores, 2 GiB each) on $master"
daemon master 256m org.apache.spark.deploy.master.Master --host 127.0.0.1 --port "$port" \
  --webui-port $((port + 1))
for w in $(seq 1 $workers); do
  daemon "worker-$w" 256m org.apache.spark.deploy.worker.Worker --host 127.0.0.1 \
    --cores $worker_cores --memory 2g --work-dir "$work/worker-$w" \
    --webui-port $((port + 1 + w)) "$master"
done
for _ in $(seq 1 120); do
  registered=$(grep -c "Registering worker" "$work/logs/master.log" 2>/dev/null)
  [ "${registered:-0}" -ge $workers ] && break
  sleep 1
done
[ "${registered:-0}" -ge $workers ] \
  || { echo "the workers did not register: see $work/logs" >&2; exit 2; }

submit() { # deploy mode, application name, tardy's arguments...
  local mode=$1 name=$2
  shift 2
  local executor_java="-Dtardy.spark.log=$work/logs/executor-$name.log ${executor_opts:-}"
  executor_java+=" ${TARDY_EXECUTOR_JAVA:-}"
  spark_jvm "driver-$name" 1g org.apache.spark.deploy.SparkSubmit --master "$master" \
    --deploy-mode "$mode" --name "tardy $name" --class tardy.spark.TardyJob \
    --conf spark.executor.cores="$executor_cores" \
    --conf spark.cores.max=$((executors * executor_cores)) \
    --conf spark.executor.memory="$executor_memory" --conf spark.ui.enabled=false \
    --conf "spark.executor.extraJavaOptions=$executor_java" \
    --conf "spark.driver.extraJavaOptions=-Dtardy.spark.log=$work/logs/driver-$name-on-worker.log" \
    --conf spark.standalone.submit.waitAppCompletion=true "${submit_conf[@]}" \
    "$job_jar" "$@"
}

# Each side runs in its own directory holding the same links, so relative paths, the names
# in reports and messages, and the files written are the same.
data_links() {
  ln -s "$root/samples" "$1/samples"
  ln -s "$work/data" "$1/data"
  [ -d "$corpus" ] && ln -s "$corpus" "$1/corpus"
  [ -d "$bench" ] && ln -s "$bench" "$1/bench"
}

differences=0 cases=0
differ() { echo "DIFFERS: $*"; differences=$((differences + 1)); }

# same NAME ARGS...: the command line and the Spark job give the same bytes and exit code
same() {
  local name=$1
  shift
  [[ $name =~ $only ]] || return
  local arg
  for arg in "$@"; do
    case $arg in
      corpus/*) [ -d "$corpus" ] || { echo "skipped  $name: no corpus at $corpus"; return; } ;;
      bench/*) [ -e "$bench/${arg#bench/}" ] \
        || { echo "skipped  $name: no $bench/${arg#bench/}"; return; } ;;
    esac
  done
  local dir=$work/runs/$name
  mkdir -p "$dir/cli" "$dir/spark"
  data_links "$dir/cli"
  data_links "$dir/spark"
  local start=$SECONDS
  (cd "$dir/cli" && java -jar "$cli_jar" "$@" > ../cli.out 2> ../cli.err; echo $? > ../cli.code)
  (cd "$dir/spark" && submit client "$name" "$@" > ../spark.out 2> ../spark.err
    echo $? > ../spark.code)
  cases=$((cases + 1))
  # the JVM Spark runs in says that it was given the vector module (spark.jvm.args); tardy not
  grep -v '^WARNING: Using incubator modules: jdk.incubator.vector$' "$dir/spark.err" \
    > "$dir/spark.err.tardy"
  local ok=1
  cmp -s "$dir/cli.code" "$dir/spark.code" \
    || { differ "$name: exit code $(cat "$dir/cli.code") vs $(cat "$dir/spark.code")"; ok=0; }
  cmp -s "$dir/cli.out" "$dir/spark.out" || { differ "$name: standard output"; ok=0; }
  cmp -s "$dir/cli.err" "$dir/spark.err.tardy" || { differ "$name: standard error"; ok=0; }
  local file
  for file in $(cd "$dir/cli" && find . -type f) $(cd "$dir/spark" && find . -type f); do
    cmp -s "$dir/cli/$file" "$dir/spark/$file" || { differ "$name: $file"; ok=0; }
  done
  [ "$ok" = 1 ] && echo "same     $name (exit $(cat "$dir/cli.code"), $((SECONDS - start)) s)"
  [ "$ok" = 1 ] || { echo "  see $dir"; diff "$dir/cli.err" "$dir/spark.err.tardy" | head -5; }
}

# refused NAME MESSAGE ARGS...: what a Spark job cannot do is a usage error of one line
refused() {
  local name=$1 message=$2
  shift 2
  [[ $name =~ $only ]] || return
  local dir=$work/runs/$name
  mkdir -p "$dir/spark"
  data_links "$dir/spark"
  (cd "$dir/spark" && submit client "$name" "$@" < /dev/null > ../spark.out 2> ../spark.err
    echo $? > ../spark.code)
  cases=$((cases + 1))
  local err
  err=$(grep -v '^WARNING: Using incubator modules' "$dir/spark.err")
  if [ "$(cat "$dir/spark.code")" = 2 ] && [ "$(printf '%s\n' "$err" | wc -l)" = 1 ] \
      && [[ $err == *"$message"* ]]; then
    echo "refused  $name: $err"
  else
    differ "$name: exit $(cat "$dir/spark.code") (2 wanted), standard error: $err"
  fi
}

# inputs the cases below make: damaged, empty, and refused ones
printf 'groups:\n  - name: [unclosed\n' > "$work/data/bad-requirements.yaml"
printf 'budgets:\n  nothing: here\n' > "$work/data/wrong-requirements.yaml"
gzip -c "$root/samples/shop-access.log" | head -c 3000 > "$work/data/truncated.log.gz"
: > "$work/data/empty.log"
printf 'not a log line\nnor this one\n' > "$work/data/garbage.log"

echo "client mode, $executors executors of $executor_cores core(s) and $executor_memory:"
same report-table report samples/shop-access.log
same report-json-nginx report --format json samples/access-nginx.log
same report-csv-jvm report --format csv 'samples/gc-*.log' samples/safepoint-jdk17.log
same report-html report -o report.html samples/shop-access.log
same report-hgrm report --format hgrm samples/gc-g1-jdk17.log
same report-interval report --format json --interval 1m --sort p99 samples/shop-access.log
same report-window report --format json --from 2026-11-20T10:00:00Z --grouping ids \
  samples/shop-access.log
same report-timeline report --format json samples/timeline/g1-time/access-msec.log \
  samples/timeline/g1-time/jvm.log
same report-start-time report --format json --start-time 2024-05-01T10:00:00Z \
  samples/timeline/parallel-uptime/access-msec.log samples/timeline/parallel-uptime/jvm.log
same check-json check --format json --requirements samples/shop-requirements.yaml \
  samples/shop-access.log
same check-table check --requirements samples/shop-requirements.yaml samples/shop-access.log
same hlog-jvm hlog --interval 1s -o pauses.hlog samples/gc-g1-jdk17.log
same hlog-requests hlog -o requests.hlog samples/shop-access.log
same missing-file report samples/no-such.log
same missing-glob report 'samples/no-such-*.log'
same directory report samples/timeline
same missing-requirements check --requirements samples/no-such.yaml samples/shop-access.log
same bad-requirements check --requirements data/bad-requirements.yaml samples/shop-access.log
same wrong-requirements check --requirements data/wrong-requirements.yaml samples/shop-access.log
same truncated-gzip report --format json data/truncated.log.gz
same empty-log report --format json data/empty.log
same garbage-log report data/garbage.log
same unknown-option report --no-such-option samples/shop-access.log
refused stdin 'standard input' report -
refused rejects '--rejects' report --rejects rejects.txt samples/shop-access.log
refused follow '--follow' report --follow samples/shop-access.log
refused fleet-beside-table 'tardy report data/fleet-table --fleet COLUMN' report --fleet host \
  --table data/fleet-table samples/shop-access.log

# executors whose JVMs default to another time zone, a Turkish locale (dotless i) and ASCII
elsewhere='-Duser.timezone=Pacific/Chatham -Duser.language=tr -Duser.country=TR'
elsewhere+=' -Dfile.encoding=US-ASCII'
executor_opts=$elsewhere same executors-elsewhere-report report --format json \
  samples/timeline/serial-utctime/access-iso.log samples/timeline/serial-utctime/jvm.log
executor_opts=$elsewhere same executors-elsewhere-hlog hlog -o requests.hlog --interval 10s \
  corpus/access/elastic_beats/filebeat/module/nginx/ingress_controller/test/test.log

same corpus-access-netdata report --format json \
  corpus/access/netdata_go.d.plugin/modules/weblog/testdata/full.log
same corpus-access-ingress report --format json \
  corpus/access/elastic_beats/filebeat/module/nginx/ingress_controller/test/test.log
same corpus-access-mixed report --format json \
  corpus/access/crowdsecurity_hub/.tests/npmplus-logs/npmplus-logs.log
same corpus-jvm-zgc-gz report --format json \
  corpus/jvm/krzysztofslusarski_jvm-gc-logs-analyzer/safepoint-analyzer-commons/src/test/resources/zgc.log.gz
same corpus-jvm-jdk8-gz report --format csv \
  corpus/jvm/microsoft_gctoolkit-testdata/gctoolkit-gclogs/preunified/cms/parnew/details/tenuring/BF653AA1-F897-4279-9570-2E4837D311E8-1405428823225.log.gz
same corpus-jvm-rotated report --format json \
  'corpus/jvm/microsoft_gctoolkit-testdata/gctoolkit-gclogs-rolling/rolling/jdk14/rollinglogs/short_restart_4.log*'
same corpus-jvm-hlog hlog -o safepoints.hlog corpus/jvm/lalaorya_gctrace/logs/gc.log.3

same bench-report-json report --format json bench/nginx-1000000.log
same bench-check check --format json --requirements samples/shop-requirements.yaml \
  bench/nginx-1000000.log
same bench-hlog hlog -o requests.hlog bench/nginx-1000000.log
same bench-timeline report --format json bench/nginx-1000000.log bench/gcstar-5000000.log

# cluster mode: the driver is launched by a Worker, in a directory of its own, and its standard
# streams are files there; spark-submit waits for it. Paths are absolute, as the driver's
# working directory is not this one.
driver_dir() { # the directory of the driver a Worker started last
  ls -td "$work"/worker-*/driver-* 2>/dev/null | head -1
}
# in_cluster NAME ARGS... (@ in an argument: the run's directory)
in_cluster() {
  local name=$1
  shift
  [[ $name =~ $only ]] || return
  local dir=$work/runs/$name
  mkdir -p "$dir/cli" "$dir/spark"
  local start=$SECONDS
  (cd "$dir/cli" && java -jar "$cli_jar" "${@//@/$dir/cli}" > ../cli.out 2> ../cli.err
    echo $? > ../cli.code)
  submit cluster "$name" "${@//@/$dir/spark}" > "$dir/submit.out" 2> "$dir/submit.err"
  echo $? > "$dir/submit.code"
  cases=$((cases + 1))
  local driver
  driver=$(driver_dir)
  local ok=1
  cmp -s "$dir/cli.out" "$driver/stdout" || { differ "$name: the driver's standard output"; ok=0; }
  grep -v '^WARNING: Using incubator modules' "$driver/stderr" | grep -v '^Launch Command' \
    | grep -v '^========================================$' | sed '/^$/d' \
    | sed "s|$dir/spark|$dir/cli|g" > "$dir/spark.err"
  cmp -s "$dir/cli.err" "$dir/spark.err" || { differ "$name: the driver's standard error"; ok=0; }
  local file
  for file in $(cd "$dir/cli" && find . -type f | sort); do
    cmp -s "$dir/cli/$file" "$dir/spark/$file" || { differ "$name: $file"; ok=0; }
  done
  # spark-submit exits 0 once the driver ends, whatever its exit code: its state says it
  local state want=FINISHED
  state=$(sed -n 's/.*State of driver [^ ]* is \([A-Z]*\), exiting.*/\1/p' \
    "$work/logs/driver-$name.log" | tail -1)
  [ "$(cat "$dir/cli.code")" = 0 ] || want=FAILED
  [ "$state" = "$want" ] || { differ "$name: the driver's state $state, $want wanted"; ok=0; }
  [ "$ok" = 1 ] && echo "same     $name (cluster mode: exit $(cat "$dir/cli.code"), the" \
    "driver $state, spark-submit's exit $(cat "$dir/submit.code"), $((SECONDS - start)) s)"
  [ "$ok" = 1 ] || echo "  see $dir and $driver"
}

if [ "$cluster_mode" = 1 ]; then
  echo "cluster mode:"
  in_cluster cluster-report-json report --format json -o @/report.json \
    "$root/samples/shop-access.log"
  in_cluster cluster-check check --format json --requirements \
    "$root/samples/shop-requirements.yaml" -o @/verdicts.json "$root/samples/shop-access.log"
  in_cluster cluster-hlog hlog -o @/pauses.hlog "$root/samples/gc-g1-jdk17.log"
  in_cluster cluster-missing-file report "$root/samples/no-such.log"
fi

echo "$cases cases, $differences differences"

if [ "$time_runs" -gt 0 ]; then
  echo "wall and CPU time of report --format json, $time_runs runs each, interleaved: the" \
    "command line with --threads 1, spark-submit in client mode with $executors executors of" \
    "$executor_cores core(s) and $executor_memory"
  mkdir -p "$work/runs/time"
  tick=$(getconf CLK_TCK)
  executors_cpu() { # CPU seconds of the Workers' reaped children: the executors that ended
    local pid total=0
    for pid in "${pids[@]:1}"; do
      total=$((total + $(awk '{print $16 + $17}' "/proc/$pid/stat")))
    done
    echo "$total"
  }
  executors_gone() { # waits until no Worker has an executor left to reap (30 s at most)
    local pid _
    for _ in $(seq 1 30); do
      for pid in "${pids[@]:1}"; do
        [ -n "$(pgrep -P "$pid")" ] && { sleep 1; continue 2; }
      done
      return
    done
  }
  timed() { # label, command... (a shell function too): wall and CPU seconds of the command
    local label=$1 seconds TIMEFORMAT='%R %U %S' before after
    shift
    before=$(executors_cpu)
    seconds=$( { time "$@" > /dev/null 2>> "$work/runs/time/err"; } 2>&1 )
    executors_gone
    after=$(executors_cpu)
    printf '%-22s wall %7s s  CPU %6.2f s  executors %6.2f s  load %s' "$label" \
      "${seconds%% *}" "$(echo "$seconds" | awk '{print $2 + $3}')" \
      "$(awk -v d=$((after - before)) -v t="$tick" 'BEGIN {print d / t}')" \
      "$(cut -d' ' -f1-3 /proc/loadavg)"
  }
  job_time() { # the Spark job's own time, planning and the JVMs' start left out; its tasks
    sed -n 's/.*Job [0-9]* finished: collect at InPlanOrder.* took \([0-9]*\)\..*/\1/p' \
      "$work/logs/driver-time.log" | tail -1 | awk '{printf "   the job %.1f s", $1 / 1000}'
    printf '   %s tasks' "$(grep -c 'Finished task' "$work/logs/driver-time.log")"
  }
  # Spark's event log of the application: what its tasks' own threads spent (Spark's metrics),
  # which the executors' time-driven threads and their JIT do not share
  submit_conf=(--conf spark.eventLog.enabled=true --conf "spark.eventLog.dir=file://$work/events"
    --conf spark.eventLog.rolling.enabled=false --conf spark.eventLog.compress=false)
  tasks_cpu() { # the tasks' CPU (running, and deserialising their closures) and GC, in seconds
    find "$work/events" -type f ! -name '.*' -exec cat {} + | jq -r 'select(.Event == "SparkListenerTaskEnd")
        | ."Task Metrics" | [."Executor CPU Time", ."Executor Deserialize CPU Time",
          ."JVM GC Time"] | @tsv' \
      | awk '{ run += $1; ser += $2; gc += $3 }
        END { printf "   tasks CPU %.2f s (closures %.2f s), GC %.2f s", run / 1e9, ser / 1e9,
          gc / 1e3 }'
  }
  for _ in $(seq 1 "$time_runs"); do
    for input in $time_input; do # a list of files: each timed in turn
      [ -e "$input" ] || { echo "no $input" >&2; continue; }
      echo "$input ($(stat -c %s "$input") bytes):"
      timed "  java -jar tardy.jar" java -jar "$cli_jar" report --format json --threads 1 \
        "$input"
      echo
      rm -f "$work/logs/driver-time.log"
      rm -rf "$work/events" && mkdir -p "$work/events"
      timed "  spark-submit" submit client time report --format json "$input"
      job_time
      tasks_cpu
      echo
    done
  done
fi

stop_cluster
[ "$differences" = 0 ]
