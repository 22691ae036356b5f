#!/bin/sh
# Regenerates ../../resources/nginx-logs/escapes/: needs nginx and python3; uses 127.0.0.1:18380.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out="$here/../../resources/nginx-logs/escapes"
tmp=/tmp/tardy-nginx-escapes
rm -rf "$tmp" && mkdir -p "$tmp"
nginx -p "$tmp" -c "$here/nginx.conf" & nginx=$!
trap 'kill "$nginx" 2>/dev/null || true' EXIT
sleep 1
python3 "$here/drive.py"
sleep 1
kill "$nginx"
wait "$nginx" 2>/dev/null || true
mkdir -p "$out"
for f in combined json-request json-default raw; do
  cp "$tmp/$f.log" "$out/$f.log"
done
wc -lc "$out"/*.log
