#!/bin/sh
# Regenerates ../resources/nginx-logs/: needs nginx and python3; uses 127.0.0.1:18080/18090 only.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out="$here/../resources/nginx-logs"
rm -rf /tmp/tardy-nginx && mkdir -p /tmp/tardy-nginx
python3 "$here/backend.py" & backend=$!
nginx -p /tmp/tardy-nginx -c "$here/nginx.conf" & server=$!
sleep 1
python3 "$here/drive.py" "${1:-2000}"
sleep 1
kill "$server" "$backend"
wait "$server" "$backend" 2>/dev/null || true
mkdir -p "$out"
for f in combined combined-upstream json custom; do cp "/tmp/tardy-nginx/$f.log" "$out/$f.log"; done
wc -l "$out"/*.log
