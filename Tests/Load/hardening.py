"""Issue #36's load tests of the HTTP layer, each bounded in count and time,
against a running gaslog-server on 127.0.0.1 (loopback addresses only).

    python3 hardening.py spool --port P --reader-token T --tmpdir DIR
        20 unauthenticated and 20 reader requests announce 50 MB imports and
        send their bodies slowly: the free space of DIR's file system (statvfs)
        never falls by more than 1 MiB while they run, and each is answered
        within 1 s.
    python3 hardening.py lockout --port P --account root --password PW
        100 wrong-password attempts for the account from 127.0.0.2 to
        127.0.0.4 over 30 s, while the account signs in with the right
        password from 127.0.0.5 every 2 s: every sign-in succeeds within 1 s.
    python3 hardening.py slow --port P
        600 slow-header connections from 20 loopback addresses, reopened as
        they are cut, for 30 s; an honest client on 127.0.0.9 sends a request
        every 0.25 s: at least 95 % are answered within 2 s.

Prints one line of figures; exits 1 when the scenario's bound is not met.
"""

import argparse
import base64
import os
import select
import socket
import sys
import threading
import time

HOST = "127.0.0.1"


def connect(port, source, timeout=5.0):
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind((source, 0))
    sock.settimeout(timeout)
    sock.connect((HOST, port))
    return sock


def read_status(sock, deadline):
    """The status of the answer on sock, or 0 when none came before deadline (monotonic)."""
    data = b""
    while b"\r\n" not in data:
        left = deadline - time.monotonic()
        if left <= 0:
            return 0
        sock.settimeout(left)
        try:
            chunk = sock.recv(4096)
        except (socket.timeout, OSError):
            return 0
        if not chunk:
            return 0
        data += chunk
    parts = data.split(b" ", 2)
    return int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 0


def free_bytes(folder):
    stats = os.statvfs(folder)
    return stats.f_bavail * stats.f_frsize


def spool(options):
    """Finding 1: nothing is spooled before the credentials."""
    start_free = free_bytes(options.tmpdir)
    lowest = [start_free]
    stop = threading.Event()

    def watch():
        while not stop.is_set():
            lowest[0] = min(lowest[0], free_bytes(options.tmpdir))
            time.sleep(0.01)

    watcher = threading.Thread(target=watch)
    watcher.start()
    results, lock = [], threading.Lock()

    def client(number, authorization):
        head = "POST /api/v1/import HTTP/1.1\r\nHost: x\r\nContent-Type: text/csv\r\nContent-Length: 50000000\r\n"
        if authorization:
            head += "Authorization: " + authorization + "\r\n"
        status, seconds = 0, float("inf")
        try:
            sock = connect(options.port, "127.0.0.%d" % (10 + number % 20))
            began = time.monotonic()
            sock.sendall((head + "\r\n").encode())
            # The body, slowly: 4 KiB every 50 ms, while waiting for the answer (at most 5 s).
            sock.setblocking(False)
            until = began + 5
            answered = b""
            while time.monotonic() < until and b"\r\n" not in answered:
                readable, _, _ = select.select([sock], [], [], 0.05)
                if readable:
                    try:
                        chunk = sock.recv(4096)
                    except OSError:
                        break
                    if not chunk:
                        break
                    answered += chunk
                    continue
                try:
                    sock.send(b"x" * 4096)
                except OSError:
                    pass
            if b"\r\n" in answered:
                seconds = time.monotonic() - began
                status = int(answered.split(b" ", 2)[1])
            sock.close()
        except OSError:
            pass
        with lock:
            results.append((authorization is not None, status, seconds))

    threads = [threading.Thread(target=client, args=(n, None)) for n in range(20)]
    threads += [threading.Thread(target=client, args=(n, "Bearer " + options.reader_token)) for n in range(20, 40)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    stop.set()
    watcher.join()
    fall = max(0, start_free - lowest[0])
    statuses = sorted(set(s for _, s, _ in results))
    slowest = max(s for _, _, s in results) if results else float("inf")
    good = len(results) == 40 and all(
        (s == 403 if reader else s == 401) and seconds <= 1.0 for reader, s, seconds in results
    )
    print(
        "spool: 40 requests announcing 50 MB: statuses %s, slowest answer %.3f s; free space fell by at most %.2f MiB"
        % (statuses, slowest, fall / 1048576)
    )
    return good and fall <= 1 << 20


def lockout(options):
    """Finding 2: a stranger cannot lock the account out."""
    wrong = "Basic " + base64.b64encode(("%s:wrong" % options.account).encode()).decode()
    right = "Basic " + base64.b64encode(("%s:%s" % (options.account, options.password)).encode()).decode()
    request = "GET /api/v1/config HTTP/1.1\r\nHost: x\r\nConnection: close\r\nAuthorization: %s\r\n\r\n"
    stop = threading.Event()
    attackers = []
    counts = {"sent": 0}

    def attempt(source):
        try:
            sock = connect(options.port, source)
            sock.sendall((request % wrong).encode())
            read_status(sock, time.monotonic() + 40)
            sock.close()
        except OSError:
            pass

    def attack():
        # 100 attempts over 30 s, from three addresses in turn.
        for number in range(100):
            if stop.is_set():
                return
            thread = threading.Thread(target=attempt, args=("127.0.0.%d" % (2 + number % 3),))
            thread.start()
            attackers.append(thread)
            counts["sent"] += 1
            time.sleep(0.3)

    attacker = threading.Thread(target=attack)
    attacker.start()
    sign_ins = []
    began = time.monotonic()
    while time.monotonic() - began < 30:
        started = time.monotonic()
        status = 0
        try:
            sock = connect(options.port, "127.0.0.5")
            sock.sendall((request % right).encode())
            status = read_status(sock, started + 5)
            sock.close()
        except OSError:
            pass
        sign_ins.append((status, time.monotonic() - started))
        time.sleep(max(0.0, 2 - (time.monotonic() - started)))
    stop.set()
    attacker.join(timeout=40)
    for thread in attackers:
        thread.join(timeout=45)
    slowest = max(seconds for _, seconds in sign_ins)
    failed = [s for s, seconds in sign_ins if s != 200 or seconds > 1]
    print(
        "lockout: %d wrong attempts from 3 addresses; %d sign-ins from another address, %d failed or over 1 s, the slowest %.3f s"
        % (counts["sent"], len(sign_ins), len(failed), slowest)
    )
    return counts["sent"] == 100 and not failed


def slow(options):
    """Finding 3: slow clients from many addresses do not take the service down."""
    duration, target = 30.0, 600
    sources = ["127.0.3.%d" % (n + 1) for n in range(20)]
    stop = threading.Event()
    opened = {"count": 0}

    def slow_clients():
        socks = {}
        next_line = {}
        number = 0
        while not stop.is_set():
            # Reopen up to 600, 30 from each of 20 addresses.
            while len(socks) < target and not stop.is_set():
                source = sources[number % len(sources)]
                number += 1
                try:
                    sock = connect(options.port, source, timeout=2)
                    sock.sendall(b"GET /healthz HTTP/1.1\r\n")
                    sock.setblocking(False)
                except OSError:
                    break
                socks[sock] = source
                next_line[sock] = time.monotonic() + 1
                opened["count"] += 1
            readable, _, _ = select.select(list(socks), [], [], 0.05) if socks else ([], [], [])
            for sock in readable:
                try:
                    data = sock.recv(4096)
                except OSError:
                    data = b""
                if not data:
                    sock.close()
                    del socks[sock]
                    next_line.pop(sock, None)
            now = time.monotonic()
            for sock in list(socks):
                if next_line[sock] <= now:
                    try:
                        sock.send(b"X-Slow: yes\r\n")
                    except OSError:
                        pass
                    next_line[sock] = now + 1
        for sock in socks:
            sock.close()

    flood = threading.Thread(target=slow_clients)
    flood.start()
    time.sleep(2)
    began = time.monotonic()
    answers = []
    while time.monotonic() - began < duration - 2:
        started = time.monotonic()
        status = 0
        try:
            sock = connect(options.port, "127.0.0.9", timeout=2)
            sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            status = read_status(sock, started + 2)
            sock.close()
        except OSError:
            pass
        answers.append(status == 200 and time.monotonic() - started <= 2)
        time.sleep(max(0.0, 0.25 - (time.monotonic() - started)))
    stop.set()
    flood.join(timeout=10)
    share = sum(answers) / len(answers) if answers else 0
    print(
        "slow: %d slow-header connections opened from 20 addresses; the honest client had %d of %d (%.1f %%) answered within 2 s"
        % (opened["count"], sum(answers), len(answers), share * 100)
    )
    return share >= 0.95


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("scenario", choices=["spool", "lockout", "slow"])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--reader-token")
    parser.add_argument("--tmpdir")
    parser.add_argument("--account", default="root")
    parser.add_argument("--password")
    options = parser.parse_args()
    ok = {"spool": spool, "lockout": lockout, "slow": slow}[options.scenario](options)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
