"""A backend with known latencies for the variants generator (127.0.0.1:18290 only)."""
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import backend  # noqa: E402  the generator's backend, with these routes


class Handler(backend.Handler):
    def route(self, path):
        if path.startswith("/api/v1/users/"):
            return 200, random.uniform(0.002, 0.030)
        if path.startswith("/api/v1/orders"):
            return 200, random.uniform(0.020, 0.120)
        if path.startswith("/product/"):
            return 200, random.uniform(0.005, 0.060)
        if path.startswith("/search"):
            return 200, random.uniform(0.050, 0.300)
        if path.startswith("/static/"):
            return 200, 0.001
        if path.startswith("/long"):
            return 200, 0.010
        return 404, 0.0


if __name__ == "__main__":
    backend.serve(Handler, 18290)
