#!/bin/sh
# Regenerates ../resources/haproxy-logs/stdout-with-server-states.log: HAProxy's stdout and stderr
# in one file (as kubectl logs gives them), its health checks seeing one backend start late and
# the other stop, beside 40 requests. Needs Debian's haproxy, python3 and curl; uses
# 127.0.0.1:18480-18482 only.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out="$here/../resources/haproxy-logs/stdout-with-server-states.log"
python3 -m http.server 18481 --bind 127.0.0.1 >/dev/null 2>&1 & first=$!
sleep 1
haproxy -db -f "$here/server-states.cfg" > /tmp/tardy-haproxy-states.log 2>&1 & server=$!
sleep 3 # app2 is DOWN: nothing listens on 18482 yet
for i in $(seq 1 30); do curl -s -o /dev/null http://127.0.0.1:18480/; done
python3 -m http.server 18482 --bind 127.0.0.1 >/dev/null 2>&1 & second=$!
sleep 3 # app2 is UP
kill "$first"
sleep 3 # app1 is DOWN
for i in $(seq 1 10); do curl -s -o /dev/null "http://127.0.0.1:18480/x$i"; done
kill "$server" "$second"
wait "$server" "$second" 2>/dev/null || true
cp /tmp/tardy-haproxy-states.log "$out"
wc -l "$out"
