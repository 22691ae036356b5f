#!/usr/bin/env python3
"""Rewrites an nginx combined + $request_time log (GenLogs nginx-real) as another server's log of
the same requests, for the same-requests benchmark of BENCHMARKS.md:

  bench/access-log-as.py iis < nginx.log > iis.log   IIS's W3C log (default fields, time-taken ms)
  bench/access-log-as.py gcp < nginx.log > gcp.log   Google Cloud LogEntry JSON (latency "0.012s")

Lines whose request is not METHOD PATH PROTOCOL (TLS bytes, "-") are left out.
"""
import json
import re
import sys
from datetime import datetime, timezone

LINE = re.compile(r'^(\S+) \S+ \S+ \[([^\]]+)\] "(\S+) (\S+) (HTTP/[0-9.]+)" (\d{3}) (\d+) "([^"]*)" "([^"]*)" (\S+)$')
FIELDS = ("date time s-ip cs-method cs-uri-stem cs-uri-query s-port cs-username c-ip cs(User-Agent)"
          " cs(Referer) sc-status sc-substatus sc-win32-status time-taken")


def main():
    kind = sys.argv[1]
    out = sys.stdout
    if kind == "iis":
        out.write("#Software: Microsoft Internet Information Services 10.0\n#Version: 1.0\n"
                  "#Date: 2023-03-08 00:00:00\n#Fields: " + FIELDS + "\n")
    for n, line in enumerate(sys.stdin):
        m = LINE.match(line.rstrip("\n"))
        if not m or m.group(10) == "-":
            continue
        ip, stamp, method, target, proto, status, size, referer, agent, seconds = m.groups()
        when = datetime.strptime(stamp, "%d/%b/%Y:%H:%M:%S %z").astimezone(timezone.utc)
        path, _, query = target.partition("?")
        if kind == "iis":
            out.write("%s %s 10.0.0.5 %s %s %s 443 - %s %s %s %s 0 0 %d\n" % (
                when.strftime("%Y-%m-%d"), when.strftime("%H:%M:%S"), method, path, query or "-", ip,
                agent.replace(" ", "+") or "-", referer if referer and referer != "-" else "-", status,
                round(float(seconds) * 1000)))
        else:
            entry = {"httpRequest": {"requestMethod": method, "requestUrl": "https://shop.example.com" + target,
                                     "status": int(status), "responseSize": size, "userAgent": agent,
                                     "remoteIp": ip, "latency": seconds + "s", "protocol": proto},
                     "insertId": "%012x" % n, "logName": "projects/shop/logs/requests",
                     "resource": {"type": "http_load_balancer", "labels": {"project_id": "shop"}},
                     "timestamp": when.strftime("%Y-%m-%dT%H:%M:%SZ"), "severity": "INFO"}
            out.write(json.dumps(entry, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
