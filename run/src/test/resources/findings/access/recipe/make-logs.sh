#!/bin/sh
# Re-creates the nginx access logs of src/test/resources/findings/access/ with Debian's nginx in
# front of backend.py, on loopback only:
#   outside-backend.log: GET /big/{id} (4 MB) fetched by clients limited to 8 MB/s, so nginx
#     (sending with a small socket buffer) holds the buffered answer long after the backend is
#     done; plus fast requests
#   client-closed.log: GET /slow/{id} (3 s) asked by clients that give up after 1 s (499)
#   healthy.log: the same operations with no slow client and no timeout, and GET /busy/{id}
#     (a slow backend: the request time follows the upstream time, no finding)
# Usage: make-logs.sh [output-dir]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$here/..}
work=$(mktemp -d)
python3 "$here/backend.py" 18081 & backend=$!
trap 'kill $backend; [ -f "$work/nginx.pid" ] && kill "$(cat "$work/nginx.pid")"; rm -rf "$work"' EXIT
mkdir -p "$work/logs"
# one server (port) per log, each writes its own access log: server PORT NAME [listen options]
server() {
  echo "  server { listen 127.0.0.1:$1 ${3:-}; access_log $work/logs/$2.log timed;"
  echo "    location / { proxy_pass http://127.0.0.1:18081; proxy_max_temp_file_size 0;"
  echo "                 proxy_buffers 1024 8k; } }"
}
{
  cat <<CONF
worker_processes 1;
pid $work/nginx.pid;
error_log $work/logs/error.log;
events { worker_connections 256; }
http {
  log_format timed '\$remote_addr - \$remote_user [\$time_local] "\$request" \$status'
      ' \$body_bytes_sent "\$http_referer" "\$http_user_agent" \$request_time'
      ' \$upstream_response_time';
  client_body_temp_path $work/body; proxy_temp_path $work/proxy;
  fastcgi_temp_path $work/fcgi; uwsgi_temp_path $work/uwsgi; scgi_temp_path $work/scgi;
CONF
  server 18082 outside-backend sndbuf=16k
  server 18083 client-closed
  server 18084 healthy
  echo "}"
} >"$work/nginx.conf"
nginx -c "$work/nginx.conf" -p "$work"
sleep 1

# get PORT N PARALLEL PATH [curl options]: N requests of PATH/{i}, PARALLEL at a time
get() {
  port=$1 n=$2 parallel=$3 path=$4
  shift 4
  seq "$n" | xargs -P "$parallel" -I{} curl -s -o /dev/null "$@" "http://127.0.0.1:$port$path/{}" \
    || true
}

get 18082 120 12 /big --limit-rate 8M
get 18082 300 8 /fast

get 18083 20 20 /slow --max-time 1
get 18083 300 8 /fast

get 18084 120 12 /big
get 18084 300 8 /fast
get 18084 60 10 /busy
get 18084 5 5 /slow

sleep 1
cp "$work"/logs/outside-backend.log "$work"/logs/client-closed.log "$work"/logs/healthy.log "$out"/
