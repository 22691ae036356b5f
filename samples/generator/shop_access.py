#!/usr/bin/env python3
"""Writes samples/shop-access.log: the web shop of "How (NOT TO) measure latency", as nginx logs it
with the combined format plus $request_time.

Seeded, so the file is the same on every run. The latencies are chosen to match the article's
table: Browse products, Add to cart and Search miss their categories (instant, instant,
seamless); Register and Generate PDF invoice (attention) meet theirs. Run from the repository
root:  python3 samples/generator/shop_access.py > samples/shop-access.log
"""
import random
from datetime import datetime, timedelta, timezone

SEED = 20131204
rng = random.Random(SEED)

AGENTS = [
    "Mozilla/5.0 (Windows NT 6.1; WOW64; rv:25.0) Gecko/20100101 Firefox/25.0",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_9_0) AppleWebKit/537.71 (KHTML, like Gecko) Version/7.0 Safari/537.71",
    "Mozilla/5.0 (Windows NT 6.3; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/31.0.1650.57 Safari/537.36",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 7_0_4 like Mac OS X) AppleWebKit/537.51.1 (KHTML, like Gecko) Version/7.0 Mobile/11B554a Safari/9537.53",
]


def lognormal(median, spread):
    """A latency in seconds: most near the median, a long tail to the right."""
    return rng.lognormvariate(0, spread) * median


def browse():
    pid = rng.randint(100000, 130000)
    return "GET", "/product/%d" % pid, 200, rng.randint(9000, 40000), lognormal(0.62, 0.35)


def add_to_cart():
    return "GET", "/addToShoppingCart?product=%d" % rng.randint(100000, 130000), 200, 35, lognormal(2.2, 0.35)


def search():
    return "POST", "/searchProduct", 200, rng.randint(2000, 30000), lognormal(2.7, 0.15)


def register():
    return "POST", "/register", 301, 184, lognormal(0.41, 0.12)


def pdf_invoice():
    return "GET", "/viewPDFInvoice", 200, rng.randint(9000, 15000), lognormal(3.2, 0.3)


def listing():
    return "GET", "/product", rng.choice([200, 302]), 35, lognormal(0.05, 0.5)


def purchase():
    return "GET", "/purchase", 302, 0, lognormal(0.9, 0.4)


def static():
    name = rng.choice(["css/shop.css", "js/shop.js", "img/logo.png", "img/banner.jpg"])
    return "GET", "/static/" + name, 200, rng.randint(1000, 90000), lognormal(0.002, 0.5)


def not_found():
    return "GET", rng.choice(["/wp-login.php", "/favicon.ico", "/product/abc", "/.env"]), 404, 162, lognormal(0.001, 0.4)


OPERATIONS = [(browse, 800), (add_to_cart, 280), (search, 380), (register, 110), (pdf_invoice, 120),
              (listing, 150), (purchase, 90), (static, 160), (not_found, 40)]

PAGES = ["https://myshop.com/home", "https://myshop.com/products/searchProducts",
         "https://myshop.com/product/128773", "https://myshop.com/purchase", "-"]


def main():
    events = [op for op, n in OPERATIONS for _ in range(n)]
    rng.shuffle(events)
    t = datetime(2013, 12, 4, 12, 0, 0, tzinfo=timezone(timedelta(hours=2)))
    for op in events:
        method, path, status, size, seconds = op()
        roll = rng.random()
        if roll < 0.006:  # the client gave up waiting: nginx logs 499 and how long it waited
            status, size = 499, 0
        elif roll < 0.016 and status < 400:  # the backend failed
            status, size = rng.choice([500, 502, 503, 504]), 568
        t += timedelta(milliseconds=rng.randint(50, 900))
        ip = "82.192.%d.%d" % (rng.randint(0, 255), rng.randint(1, 254))
        print('%s - - [%s] "%s %s HTTP/1.1" %d %d "%s" "%s" %.3f' % (
            ip, t.strftime("%d/%b/%Y:%H:%M:%S %z"), method, path, status, size, rng.choice(PAGES),
            rng.choice(AGENTS), seconds))


if __name__ == "__main__":
    main()
