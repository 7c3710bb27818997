#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Runs meson tests over and over, several at once, to measure how often they
fail on a loaded machine (flaky widget tests). Each test runs with the command
and environment meson would give it; all share the caller's display, so run it
under one display the way the test script does:

    xvfb-run -a dbus-run-session build-aux/stress-tests.py _build/dev \\
        --rounds 24 --jobs 6 --load 3 test-processes-window

--load N adds N busy loops at the lowest priority for the whole run. Prints a
line per run and, at the end, how many runs of each test failed; the logs of
every run stay in a temporary folder (named at the end). Exits non-zero when
any run failed."""
import argparse
import concurrent.futures
import json
import os
import subprocess
import sys
import tempfile
import time


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('builddir')
    parser.add_argument('tests', nargs='+', help='test names (meson test --list)')
    parser.add_argument('--rounds', type=int, default=10, help='runs of each test (10)')
    parser.add_argument('--jobs', type=int, default=4, help='runs at once (4)')
    parser.add_argument('--load', type=int, default=0, help='busy loops beside them (0)')
    args = parser.parse_args()

    known = {t['name']: t for t in json.loads(
        subprocess.check_output(['meson', 'introspect', args.builddir, '--tests']))}
    missing = [name for name in args.tests if name not in known]
    if missing:
        sys.exit(f'no such test: {", ".join(missing)}')
    logdir = tempfile.mkdtemp(prefix='jx-stress.')

    def run(job):
        round_, name = job
        test = known[name]
        env = dict(os.environ)
        env.update(test['env'])
        start = time.monotonic()
        with open(os.path.join(logdir, f'{name}.{round_}.log'), 'w') as log:
            try:
                result = subprocess.run(test['cmd'], env=env, cwd=test['workdir'] or args.builddir,
                                        stdout=log, stderr=subprocess.STDOUT,
                                        timeout=test['timeout'] or None).returncode
            except subprocess.TimeoutExpired:
                result = 'timeout'
        return name, round_, result, time.monotonic() - start

    busy = [subprocess.Popen(['nice', '-n', '19', 'sh', '-c', 'while :; do :; done'])
            for _ in range(args.load)]
    failed = {name: 0 for name in args.tests}
    try:
        jobs = [(r, name) for r in range(args.rounds) for name in args.tests]
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            for name, round_, result, seconds in pool.map(run, jobs):
                print(f'{"ok  " if result == 0 else f"FAIL ({result})"} {name} #{round_} {seconds:.0f} s',
                      flush=True)
                if result != 0:
                    failed[name] += 1
    finally:
        for process in busy:
            process.kill()
            process.wait()
    for name in args.tests:
        print(f'{name}: {failed[name]} of {args.rounds} runs failed')
    print(f'logs in {logdir}')
    sys.exit(1 if any(failed.values()) else 0)


if __name__ == '__main__':
    main()
