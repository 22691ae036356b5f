#!/bin/sh
# Regenerates ../resources/samples/httpd-*/ and ../resources/httpd-logs/: needs Debian's apache2,
# python3 and util-linux's logger; uses 127.0.0.1:18080/18090 and TCP 18515 only.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
gen="$here/../nginx-log-generator"
out="$here/../resources/httpd-logs"
rm -rf /tmp/tardy-httpd && mkdir -p /tmp/tardy-httpd
python3 "$gen/syslog-receiver.py" tcp 18515 /tmp/tardy-httpd/syslog-combined-d.log & syslog=$!
python3 "$gen/backend.py" & backend=$!
apache2 -f "$here/httpd.conf" -DFOREGROUND & server=$!
sleep 1
python3 "$gen/drive.py" "${1:-2000}"
sleep 1
kill "$server" "$backend"
wait "$server" "$backend" 2>/dev/null || true
sleep 1
kill "$syslog"
wait "$syslog" 2>/dev/null || true
mkdir -p "$out"
for f in vhost-combined combined common combined-d common-d timers ms-first syslog-combined-d; do
  cp "/tmp/tardy-httpd/$f.log" "$out/$f.log"
done
wc -l "$out"/*.log
