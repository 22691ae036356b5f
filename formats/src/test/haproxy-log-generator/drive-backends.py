"""Sends a seeded mix of requests through HAProxy (backends.cfg), choosing the backend by Host,
and writes what it sent, counted here: backend, operation (as tardy names it), requests."""
import collections
import http.client
import random
import sys
from concurrent.futures import ThreadPoolExecutor

TOTAL = int(sys.argv[1])
TRUTH = sys.argv[2]
rng = random.Random(34)


def plan(i):
    backend = "api" if rng.random() < 0.6 else "www"
    r = rng.random()
    if r < 0.40:
        method, target, operation = "GET", "/fast", "GET /fast"
    elif r < 0.50:
        method, target, operation = "GET", "/slow", "GET /slow"
    elif r < 0.85:
        n = rng.randint(1, 300)
        method = rng.choice(["GET", "PUT"])
        target, operation = "/product/%d" % n, method + " /product/{id}"
    else:
        method, target, operation = "POST", "/error", "POST /error"
    return backend, method, target, operation


def send(item):
    backend, method, target, _ = item
    conn = http.client.HTTPConnection("127.0.0.1", 18080, timeout=10)
    body = b"{}" if method in ("POST", "PUT") else None
    conn.request(method, target, body=body, headers={"Host": backend + ".example"})
    conn.getresponse().read()
    conn.close()


if __name__ == "__main__":
    items = [plan(i) for i in range(TOTAL)]
    with ThreadPoolExecutor(4) as pool:
        list(pool.map(send, items))
    sent = collections.Counter((b, op) for b, _, _, op in items)
    with open(TRUTH, "w") as out:
        for (backend, operation), n in sorted(sent.items()):
            out.write("%s\t%s\t%d\n" % (backend, operation, n))
