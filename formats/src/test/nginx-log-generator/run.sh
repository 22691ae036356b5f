#!/bin/sh
# Regenerates ../resources/nginx-logs/: needs nginx, python3 and util-linux's logger; uses
# 127.0.0.1:18080/18090 and UDP 18514 and TCP 18515 only.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out="$here/../resources/nginx-logs"
rm -rf /tmp/tardy-nginx && mkdir -p /tmp/tardy-nginx
python3 "$here/syslog-receiver.py" udp 18514 /tmp/tardy-nginx/syslog-combined.log & nginx_syslog=$!
python3 "$here/syslog-receiver.py" tcp 18515 /tmp/tardy-nginx/syslog-jvm-rfc5424.log & jvm_syslog=$!
python3 "$here/backend.py" & backend=$!
nginx -p /tmp/tardy-nginx -c "$here/nginx.conf" & server=$!
sleep 1
python3 "$here/drive.py" "${1:-2000}"
# a JVM's safepoint log sent line by line as RFC 5424 messages, as a log shipper would
logger --rfc5424 -n 127.0.0.1 -P 18515 -T -t java -f "$here/../resources/jvm-logs/jdk17-z-gc-and-safepoint.log"
sleep 1
kill "$server" "$backend" "$nginx_syslog" "$jvm_syslog"
wait "$server" "$backend" "$nginx_syslog" "$jvm_syslog" 2>/dev/null || true
mkdir -p "$out"
for f in combined combined-upstream json custom stock-combined main main-rt timed ingress ingress-legacy \
    syslog-combined syslog-jvm-rfc5424; do
  cp "/tmp/tardy-nginx/$f.log" "$out/$f.log"
done
wc -l "$out"/*.log
