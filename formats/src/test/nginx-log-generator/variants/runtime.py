"""Runs a command as a container runtime would and writes its standard output and error as Docker's
json-file driver and as containerd/CRI-O do: one entry per line, lines over 16 KiB split in parts.
Usage: runtime.py DOCKER_FILE CRI_FILE COMMAND..."""
import datetime
import subprocess
import sys
import threading

PART = 16 * 1024
lock = threading.Lock()


def now():
    # RFC 3339 with nanoseconds, trailing zeros trimmed as Go's time.RFC3339Nano does
    t = datetime.datetime.now(datetime.timezone.utc)
    frac = ("%06d000" % t.microsecond).rstrip("0")
    return t.strftime("%Y-%m-%dT%H:%M:%S") + ("." + frac if frac else "") + "Z"


def go_json(data):
    """A JSON string as Go's encoder writes it: <, >, & and U+2028/9 escaped, bad UTF-8 as U+FFFD."""
    out = []
    for ch in data.decode("utf-8", errors="replace"):
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\r":
            out.append("\\r")
        elif ch == "\t":
            out.append("\\t")
        elif ch < " " or ch in "<>&\u2028\u2029":
            out.append("\\u%04x" % ord(ch))
        else:
            out.append(ch)
    return "".join(out)


def pump(stream, name, docker, cri):
    for line in iter(stream.readline, b""):
        body = line[:-1] if line.endswith(b"\n") else line
        parts = [body[i:i + PART] for i in range(0, len(body), PART)] or [b""]
        with lock:
            for k, part in enumerate(parts):
                last = k == len(parts) - 1
                t = now()
                text = part + (b"\n" if last else b"")
                docker.write(('{"log":"%s","stream":"%s","time":"%s"}\n' % (go_json(text), name, t)).encode("utf-8"))
                cri.write(t.encode() + b" " + name.encode() + (b" F " if last else b" P ") + part + b"\n")
            docker.flush()
            cri.flush()


if __name__ == "__main__":
    with open(sys.argv[1], "wb") as docker, open(sys.argv[2], "wb") as cri:
        p = subprocess.Popen(sys.argv[3:], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        threads = [threading.Thread(target=pump, args=(p.stdout, "stdout", docker, cri)),
                   threading.Thread(target=pump, args=(p.stderr, "stderr", docker, cri))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        p.wait()
