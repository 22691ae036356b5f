#!/bin/sh
# Regenerates ../resources/haproxy-logs/: needs Debian's haproxy and python3; uses
# 127.0.0.1:18080/18090 and UDP 18516 only.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
gen="$here/../nginx-log-generator"
out="$here/../resources/haproxy-logs"
rm -rf /tmp/tardy-haproxy && mkdir -p /tmp/tardy-haproxy
python3 "$gen/syslog-receiver.py" udp 18516 /tmp/tardy-haproxy/syslog-httplog.log & syslog=$!
python3 "$gen/backend.py" & backend=$!
haproxy -f "$here/haproxy.cfg" > /tmp/tardy-haproxy/httplog.log 2> /tmp/tardy-haproxy/haproxy.err & server=$!
sleep 1
python3 "$gen/drive.py" "${1:-2000}"
python3 "$here/abort.py"
sleep 1
kill "$server" "$backend" "$syslog"
wait "$server" "$backend" "$syslog" 2>/dev/null || true
mkdir -p "$out"
for f in httplog syslog-httplog; do
  cp "/tmp/tardy-haproxy/$f.log" "$out/$f.log"
done
wc -l "$out"/*.log
