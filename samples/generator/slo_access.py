#!/usr/bin/env python3
"""Writes samples/slo/checkout-3d.log: three days of an nginx access log (combined plus
$request_time) of a checkout service whose latency and errors degrade in known hours, for the
error-budget example of the README. Deterministic: the same file every run.

Known degradations (UTC, the log starts 2026-11-01 00:00):
  - day 1, 10:00-10:40: 40 % of checkouts slower than 300 ms (a fast burn: pages)
  - day 2, 13:00-19:00: 8 % slower than 300 ms (a slow burn: the 6 h alert pages)
  - day 2, 22:00 to day 3, 00:30: no requests at all (a gap in the log)
  - day 3, 23:30-24:00: 30 % answered 503 (still burning at the end of the log)
"""
import random
import sys
import time

START = 1793491200  # 2026-11-01T00:00:00Z
DAYS = 3
rnd = random.Random(32)


def bad_share(minute):
    day, m = divmod(minute, 1440)
    if day == 0 and 600 <= m < 640:
        return 0.40, 0.0
    if day == 1 and 780 <= m < 1140:
        return 0.08, 0.0
    if day == 2 and m >= 1410:
        return 0.003, 0.30
    return 0.003, 0.001


def gap(minute):
    return 1440 + 1320 <= minute < 2 * 1440 + 30


def main(out):
    for minute in range(DAYS * 1440):
        if gap(minute):
            continue
        slow, errors = bad_share(minute)
        for i in range(2 + minute % 3):
            t = START + minute * 60 + rnd.randrange(60)
            stamp = time.strftime('%d/%b/%Y:%H:%M:%S +0000', time.gmtime(t))
            latency = rnd.uniform(0.301, 0.950) if rnd.random() < slow else rnd.uniform(0.020, 0.290)
            status = 503 if rnd.random() < errors else 200
            out.write('10.0.0.%d - - [%s] "POST /checkout HTTP/1.1" %d 512 "-" "load/1.0" %.3f\n'
                      % (1 + i, stamp, status, latency))
            if i == 0:
                out.write('10.0.0.9 - - [%s] "GET /health HTTP/1.1" 200 2 "-" "probe/1.0" 0.001\n' % stamp)


if __name__ == '__main__':
    main(sys.stdout)
