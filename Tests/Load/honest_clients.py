"""Honest API clients from one address are never reset (issue #35, item 14).

THREADS threads each post FILLS fills to a running gaslog-server, all from
127.0.0.1 with a Bearer token: on a new connection per request, or with
--keep-alive on one kept-alive connection per thread. Every request must be
answered 201 and none reset; the run is bounded by --deadline seconds. Prints
one line per run and writes the notes of the acknowledged fills to --acked,
for the caller to compare with the logbook's export.

    python3 honest_clients.py --port P --token T --threads 16 --fills 20 \
        --run r1 --acked FILE [--keep-alive] [--deadline 120]
"""

import argparse
import http.client
import json
import sys
import threading
import time


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--token", required=True)
    parser.add_argument("--threads", type=int, required=True)
    parser.add_argument("--fills", type=int, required=True)
    parser.add_argument("--run", required=True, help="a name, part of each fill's note")
    parser.add_argument("--acked", required=True, help="file to write the acknowledged notes to")
    parser.add_argument("--keep-alive", action="store_true")
    parser.add_argument("--deadline", type=float, default=120.0, help="seconds the whole run may take")
    options = parser.parse_args()

    # Loopback only: the server under test is on this machine.
    host = "127.0.0.1"
    headers = {"Authorization": "Bearer " + options.token, "Content-Type": "application/json"}
    deadline = time.monotonic() + options.deadline
    lock = threading.Lock()
    acked, failures = [], []
    connections = [0]
    start = threading.Barrier(options.threads)

    def client(number):
        connection = None
        try:
            start.wait(timeout=30)
        except threading.BrokenBarrierError:
            pass
        for index in range(options.fills):
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                with lock:
                    failures.append(f"thread {number}: deadline reached before fill {index}")
                return
            note = f"{options.run} t{number} f{index}"
            body = json.dumps({"cylinder": f"Load {number % 8}", "o2": 32, "note": note})
            try:
                if connection is None:
                    connection = http.client.HTTPConnection(host, options.port, timeout=min(30.0, remaining))
                    with lock:
                        connections[0] += 1
                connection.request("POST", "/api/v1/fills", body=body, headers=headers)
                response = connection.getresponse()
                answer = response.read()
                if response.status == 201:
                    with lock:
                        acked.append(note)
                else:
                    with lock:
                        failures.append(f"{note}: answered {response.status} {answer[:200]!r}")
                if response.will_close or not options.keep_alive:
                    connection.close()
                    connection = None
            except (ConnectionResetError, ConnectionAbortedError, BrokenPipeError, http.client.RemoteDisconnected) as error:
                with lock:
                    failures.append(f"{note}: reset ({type(error).__name__}: {error})")
                connection.close()
                connection = None
            except OSError as error:
                with lock:
                    failures.append(f"{note}: {type(error).__name__}: {error}")
                if connection is not None:
                    connection.close()
                connection = None
        if connection is not None:
            connection.close()

    began = time.monotonic()
    threads = [threading.Thread(target=client, args=(number,), daemon=True) for number in range(options.threads)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=max(0.0, deadline + 5 - time.monotonic()))
    elapsed = time.monotonic() - began
    hung = sum(thread.is_alive() for thread in threads)

    with lock:
        with open(options.acked, "w", encoding="utf-8") as file:
            file.writelines(note + "\n" for note in acked)
        resets = sum(" reset (" in failure for failure in failures)
        mode = "keep-alive" if options.keep_alive else "new connection per request"
        print(
            f"{options.run}: {options.threads} threads x {options.fills} fills ({mode}): "
            f"{len(acked)} answered 201, {resets} reset, {len(failures) - resets} other failures, "
            f"{hung} threads hung, {connections[0]} connections, {elapsed:.1f} s"
        )
        for failure in failures[:20]:
            print("  " + failure, file=sys.stderr)
        expected = options.threads * options.fills
        return 0 if len(acked) == expected and not failures and hung == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
