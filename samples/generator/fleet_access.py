#!/usr/bin/env python3
"""Writes a small fleet's nginx logs (combined format plus $request_time): four hosts serving the
same three operations alike, but web-03, whose orders take about 2.5 times as long (a host with a
slow disk or a noisy neighbour), in Hive's directories DIR/host=web-0N/access.log.

Seeded, so the logs are the same on every run. samples/fleet/ is their histogram table, judged by
samples/fleet-requirements.yaml; run from the repository root:
  python3 samples/generator/fleet_access.py /tmp/fleet-logs
  bin/tardy check --requirements samples/fleet-requirements.yaml --table samples/fleet \\
      /tmp/fleet-logs/host=*/access.log
samples/fleet-slo/ is the same logs' table with an error budget on the orders:
  bin/tardy check --requirements samples/fleet-slo-requirements.yaml --table samples/fleet-slo \\
      /tmp/fleet-logs/host=*/access.log
"""
import os
import random
import sys
from datetime import datetime, timedelta, timezone

SEED = 20261129
HOSTS = ["web-01", "web-02", "web-03", "web-04"]
SLOW = "web-03"
REQUESTS = 1500


def main(root):
    rng = random.Random(SEED)
    start = datetime(2026, 11, 27, 10, 0, 0, tzinfo=timezone.utc)
    for n, host in enumerate(HOSTS):
        path = os.path.join(root, "host=" + host, "access.log")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as log:
            for i in range(REQUESTS):
                pick = rng.random()
                if pick < 0.6:
                    method, uri, seconds = "GET", "/api/orders/%d" % rng.randint(1000, 9999), rng.lognormvariate(0, 0.5) * 0.040
                    if host == SLOW:
                        seconds *= 2.5
                elif pick < 0.85:
                    method, uri, seconds = "POST", "/api/cart", rng.lognormvariate(0, 0.4) * 0.120
                else:
                    method, uri, seconds = "GET", "/search?q=%d" % rng.randint(1, 500), rng.lognormvariate(0, 0.6) * 0.200
                when = start + timedelta(seconds=i * 2)
                log.write('10.1.%d.%d - - [%s] "%s %s HTTP/1.1" 200 %d "-" "curl/8.5.0" %.3f\n' % (
                    n, rng.randint(2, 250), when.strftime("%d/%b/%Y:%H:%M:%S +0000"), method, uri,
                    rng.randint(200, 4000), seconds))


if __name__ == "__main__":
    main(sys.argv[1])
