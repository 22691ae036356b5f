#!/bin/sh
# Regenerates ../../resources/nginx-logs/variants/: needs nginx, python3, curl and util-linux's
# logger and rsyslogd; uses 127.0.0.1:18280/18281/18290, TCP 18525 and UDP 18535 only.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out="$here/../../resources/nginx-logs/variants"
tmp=/tmp/tardy-nginx-variants
rm -rf "$tmp" && mkdir -p "$tmp"
python3 "$here/backend.py" & backend=$!
python3 "$here/../syslog-receiver.py" tcp 18525 "$tmp/syslog-rfc5424.log" & receiver=$!
rsyslogd -n -f "$here/rsyslog.conf" -i "$tmp/rsyslogd.pid" & rsyslog=$!
# nginx in the foreground under the runtime emulation, its stdout/stderr becoming docker/CRI logs
python3 "$here/runtime.py" "$tmp/docker.log" "$tmp/cri.log" nginx -p "$tmp" -c "$here/nginx.conf" & runtime=$!
trap 'kill "$(cat "$tmp/nginx.pid" 2>/dev/null)" "$backend" "$receiver" "$rsyslog" 2>/dev/null || true' EXIT
sleep 1
python3 "$here/drive.py" "${1:-400}"
sleep 1
# the combined log forwarded line by line as RFC 5424 messages, as a log shipper would
logger --rfc5424 --size 131072 -n 127.0.0.1 -P 18525 -T -t nginx -f "$tmp/combined.log"
sleep 1
kill "$(cat "$tmp/nginx.pid")" "$backend" "$receiver" "$rsyslog"
wait "$runtime" "$backend" "$receiver" "$rsyslog" 2>/dev/null || true
mkdir -p "$out"
for f in msec-middle pipes keyvalue ltsv json-strings raw combined docker cri syslog-rfc5424 \
    rsyslog-traditional rsyslog-rfc3339 rsyslog-rfc5424; do
  cp "$tmp/$f.log" "$out/$f.log"
done
wc -lc "$out"/*.log
