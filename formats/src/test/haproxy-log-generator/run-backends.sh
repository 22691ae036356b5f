#!/bin/sh
# Regenerates ../resources/haproxy-logs/backends.log and backends-sent.tsv (what the client sent,
# counted by the client): needs Debian's haproxy and python3; uses 127.0.0.1:18080/18090 only.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
gen="$here/../nginx-log-generator"
out="$here/../resources/haproxy-logs"
rm -rf /tmp/tardy-haproxy-be && mkdir -p /tmp/tardy-haproxy-be
python3 "$gen/backend.py" 2>/dev/null & backend=$!  # keep-alive resets are not news
haproxy -f "$here/backends.cfg" > /tmp/tardy-haproxy-be/backends.log 2> /tmp/tardy-haproxy-be/haproxy.err & server=$!
sleep 1
python3 "$here/drive-backends.py" "${1:-1500}" "$out/backends-sent.tsv"
sleep 1
kill "$server" "$backend"
wait "$server" "$backend" 2>/dev/null || true
cp /tmp/tardy-haproxy-be/backends.log "$out/backends.log"
wc -l "$out/backends.log" "$out/backends-sent.tsv"
