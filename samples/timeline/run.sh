#!/usr/bin/env bash
# Produces real logs for the request/pause timeline: Debian's nginx in front of a small JDK
# HTTP backend (Backend.java) that runs with -Xlog:gc*,safepoint, under a bounded load from a
# local client (Load.java), with pauses provoked (System.gc, allocation bursts, a jcmd
# Thread.print loop). Loopback only; at most REQUESTS requests within SECONDS per run.
#
#   samples/timeline/run.sh [OUT_DIR]        (default: samples/timeline)
#   RUNS="serial-utctime" samples/timeline/run.sh    (only the runs named)
#
# Needs nginx (apt-get install -y nginx) and a JDK 17+ (java, jcmd). Four runs:
#   g1-time/         G1, decorators time,uptime,level,tags, JVM in America/New_York (-0500);
#                    nginx in Asia/Kolkata ($time_local and $time_iso8601 carry +0530)
#   parallel-uptime/ Parallel GC, decorators uptime,level,tags (needs --start-time)
#   serial-utctime/  Serial GC, decorators utctime,uptimemillis,level,tags, JVM in
#                    Australia/Adelaide (+1030, which utctime must not show); nginx in
#                    America/St_Johns (-0330)
# Each run directory gets:
#   access-msec.log      JSON lines with $msec, $time_iso8601 and $request_time (ms resolution)
#   access-combined.log  the same requests as combined + $request_time ($time_local: seconds)
#   access-iso.log       (serial-utctime) the same requests as JSON with $time_iso8601 only
#                        (seconds, with the zone's offset)
#   jvm.log              the backend JVM's -Xlog:gc*,safepoint output
#   backend.tsv          the backend's own record: received / began to answer per request (epoch us)
#                        and the JVM's start time (RuntimeMXBean)
#   client.tsv           the client's own record: sent / answered per request (epoch us)
#   anchor.log           (parallel-uptime) the safepoints again with wall-clock time: where
#                        uptime 0 was, to the millisecond (RuntimeMXBean's start is later)
#   recording.jfr.gz     (g1-jfr: 600 requests) the same JVM's Flight Recorder recording,
#                        default settings, gzipped: the pauses of jvm.log, as JFR events
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
OUT=${1:-$HERE}
REQUESTS=${REQUESTS:-1500}
SECONDS_MAX=${SECONDS_MAX:-60}
THREADS=${THREADS:-8}
NGINX_PORT=${NGINX_PORT:-18080}
BACKEND_PORT=${BACKEND_PORT:-18081}
JAVA=${JAVA:-java}
JCMD=${JCMD:-jcmd}
NGINX=${NGINX:-$(command -v nginx || echo /usr/sbin/nginx)}

WORK=$(mktemp -d)
BACKEND_PID=
NGINX_PID=
DUMPS_PID=
cleanup() {
  [ -n "$DUMPS_PID" ] && kill "$DUMPS_PID" 2>/dev/null || true
  [ -n "$NGINX_PID" ] && kill -QUIT "$NGINX_PID" 2>/dev/null || true
  [ -n "$BACKEND_PID" ] && kill "$BACKEND_PID" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

start_nginx() {
  mkdir -p "$WORK/nginx/logs"
  cat > "$WORK/nginx/nginx.conf" <<EOF
worker_processes 1;
daemon off;
pid $WORK/nginx/nginx.pid;
error_log $WORK/nginx/logs/error.log warn;
events { worker_connections 256; }
http {
  log_format precise escape=json '{"msec":"\$msec","time_iso8601":"\$time_iso8601","request":"\$request","status":"\$status","request_time":"\$request_time","upstream_response_time":"\$upstream_response_time"}';
  log_format timed '\$remote_addr - \$remote_user [\$time_local] "\$request" \$status \$body_bytes_sent "\$http_referer" "\$http_user_agent" \$request_time';
  access_log $WORK/access-msec.log precise;
  access_log $WORK/access-combined.log timed;
  log_format iso escape=json '{"time_iso8601":"\$time_iso8601","request":"\$request","status":"\$status","request_time":"\$request_time"}';
  access_log $WORK/access-iso.log iso;
  client_body_temp_path $WORK/nginx/body;
  proxy_temp_path $WORK/nginx/proxy;
  fastcgi_temp_path $WORK/nginx/fastcgi;
  uwsgi_temp_path $WORK/nginx/uwsgi;
  scgi_temp_path $WORK/nginx/scgi;
  upstream backend { server 127.0.0.1:$BACKEND_PORT; keepalive 16; }
  server {
    listen 127.0.0.1:$NGINX_PORT;
    location / {
      proxy_pass http://backend;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_read_timeout 30s;
    }
  }
}
EOF
  # nginx keeps TZ from its environment: $time_local in another zone than the JVM's
  TZ=${NGINX_TZ:-Asia/Kolkata} "$NGINX" -p "$WORK/nginx" -c "$WORK/nginx/nginx.conf" &
  NGINX_PID=$!
}

wait_for() { # port
  for _ in $(seq 1 300); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; then return 0; fi
    sleep 0.1
  done
  echo "run.sh: nothing listens on 127.0.0.1:$1" >&2
  return 1
}

run() { # name, JVM time zone, nginx time zone, JVM options...
  local name=$1 tz=$2
  NGINX_TZ=$3
  shift 3
  case " $RUNS " in *" $name "*) ;; *) return 0 ;; esac
  rm -f "$WORK"/*.log "$WORK"/*.tsv "$WORK"/*.jfr
  TZ=$tz "$JAVA" -Xms128m -Xmx128m "$@" "$HERE/Backend.java" "$BACKEND_PORT" "$WORK/backend.tsv" &
  BACKEND_PID=$!
  wait_for "$BACKEND_PORT"
  start_nginx
  wait_for "$NGINX_PORT"
  # a thread dump every 500 ms: safepoints that are not collections
  (while sleep 0.5; do "$JCMD" "$BACKEND_PID" Thread.print >/dev/null 2>&1 || true; done) &
  DUMPS_PID=$!
  "$JAVA" "$HERE/Load.java" "http://127.0.0.1:$NGINX_PORT" "$REQUESTS" "$SECONDS_MAX" "$THREADS" "$WORK/client.tsv"
  kill "$DUMPS_PID"; wait "$DUMPS_PID" 2>/dev/null || true; DUMPS_PID=
  # quit the backend directly, not through nginx: the access log holds the load only
  (exec 3<>"/dev/tcp/127.0.0.1/$BACKEND_PORT"; printf 'GET /admin/quit HTTP/1.0\r\n\r\n' >&3; cat <&3 >/dev/null) || true
  wait "$BACKEND_PID" || true; BACKEND_PID=
  kill -QUIT "$NGINX_PID"; wait "$NGINX_PID" || true; NGINX_PID=
  mkdir -p "$OUT/$name"
  cp "$WORK/access-msec.log" "$WORK/access-combined.log" "$WORK/jvm.log" "$WORK/backend.tsv" "$WORK/client.tsv" "$OUT/$name/"
  [ -f "$WORK/anchor.log" ] && cp "$WORK/anchor.log" "$OUT/$name/"
  [ "$name" = serial-utctime ] && cp "$WORK/access-iso.log" "$OUT/$name/"
  [ -f "$WORK/recording.jfr" ] && gzip -9 -n -c "$WORK/recording.jfr" > "$OUT/$name/recording.jfr.gz"
  echo "run.sh: $OUT/$name: $(wc -l < "$OUT/$name/access-msec.log") requests, $(wc -l < "$OUT/$name/jvm.log") JVM log lines"
}

RUNS=${RUNS:-g1-time parallel-uptime serial-utctime g1-jfr}
run g1-time America/New_York Asia/Kolkata -XX:+UseG1GC "-Xlog:gc*,safepoint:file=$WORK/jvm.log:time,uptime,level,tags"
# anchor.log: the same safepoints with wall-clock time, only to know where uptime 0 truly was
run parallel-uptime UTC Asia/Kolkata -XX:+UseParallelGC "-Xlog:gc*,safepoint:file=$WORK/jvm.log:uptime,level,tags" \
  "-Xlog:safepoint:file=$WORK/anchor.log:time,uptime"
run serial-utctime Australia/Adelaide America/St_Johns -XX:+UseSerialGC \
  "-Xlog:gc*,safepoint:file=$WORK/jvm.log:utctime,uptimemillis,level,tags"
# the JVM's pauses twice: in its unified log and in a Flight Recorder recording (default settings)
REQUESTS=${JFR_REQUESTS:-600} run g1-jfr UTC Asia/Kolkata -XX:+UseG1GC "-Xlog:gc*,safepoint:file=$WORK/jvm.log:time,uptime,level,tags" \
  "-XX:StartFlightRecording:filename=$WORK/recording.jfr,settings=default"
