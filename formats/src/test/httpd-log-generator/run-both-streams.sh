#!/bin/sh
# Regenerates ../resources/httpd-logs/stdout-stderr.log: Apache as the httpd container image runs
# it, the access log on stdout and the error log on stderr, both in one file (as kubectl logs
# gives them), at LogLevel info: 20 pages, 20 missing files and one path that climbs out. Needs
# Debian's apache2 and curl; uses 127.0.0.1:18580 only.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
work=/tmp/tardy-httpd-both
rm -rf "$work" && mkdir -p "$work/www" && echo hi > "$work/www/index.html"
chmod 755 "$work" "$work/www"
apache2 -DFOREGROUND -f "$here/both-streams.conf" > "$work/both.log" 2>&1 & server=$!
sleep 2
for i in $(seq 1 20); do
  curl -s -o /dev/null http://127.0.0.1:18580/
  curl -s -o /dev/null "http://127.0.0.1:18580/missing$i"
done
curl -s -o /dev/null --path-as-is "http://127.0.0.1:18580/../../etc/passwd"
sleep 1
kill "$server"
wait "$server" 2>/dev/null || true
cp "$work/both.log" "$here/../resources/httpd-logs/stdout-stderr.log"
wc -l "$here/../resources/httpd-logs/stdout-stderr.log"
