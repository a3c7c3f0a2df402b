#!/usr/bin/env python3
"""Summarise one lit run for utils/run-tests.sh.

Usage: lit_summary.py LIT_LOG LIT_EXIT_CODE [JSON_REPORT]

LIT_LOG is lit's captured stdout (run with a full summary, i.e. without
--terse-summary). JSON_REPORT, lit's `-o` file, is used to show the output of
failing tests, shortened. The last line printed is always

    <passed> passed, <failed> failed

with passed = Passed + Expectedly Failed (+ Passed With Retry) and
failed = Failed + Unexpectedly Passed + Unresolved + Timed Out. The exit code
is 1 when anything failed (or lit itself failed), 0 otherwise.
"""

import json
import os
import re
import sys

PASSED_LABELS = ("Passed", "Expectedly Failed", "Passed With Retry")
FAILED_LABELS = ("Failed", "Unexpectedly Passed", "Unresolved", "Timed Out")
FAILED_CODES = ("FAIL", "XPASS", "UNRESOLVED", "TIMEOUT")

# How much failure output to repeat at the end of the log.
MAX_FAILURES_SHOWN = 25
MAX_LINES_PER_FAILURE = 40

_COUNT_LINE = re.compile(r"^\s+(?P<label>[A-Za-z][A-Za-z ]*?)\s*:\s*(?P<count>\d+)\s+\(")


def parse_summary(log_text):
    """{label: count} from the last summary block of a lit log, or None."""
    marker = "Total Discovered Tests:"
    position = log_text.rfind(marker)
    if position < 0:
        return None
    counts = {}
    for line in log_text[position:].splitlines()[1:]:
        match = _COUNT_LINE.match(line)
        if match:
            counts[match.group("label")] = int(match.group("count"))
    return counts


def show_failures(report_path):
    try:
        with open(report_path, encoding="utf-8") as handle:
            tests = json.load(handle).get("tests", [])
    except (OSError, ValueError):
        return
    failing = [t for t in tests if t.get("code") in FAILED_CODES]
    if not failing:
        return
    print("=" * 72)
    print("Output of failing tests (shortened; rerun lit with -v for all of it):")
    for test in failing[:MAX_FAILURES_SHOWN]:
        print("-" * 72)
        print("%s: %s" % (test.get("code"), test.get("name")))
        lines = (test.get("output") or "").rstrip().splitlines()
        for line in lines[:MAX_LINES_PER_FAILURE]:
            print("  " + line)
        if len(lines) > MAX_LINES_PER_FAILURE:
            print("  ... (%d more lines)" % (len(lines) - MAX_LINES_PER_FAILURE))
    if len(failing) > MAX_FAILURES_SHOWN:
        print("-" * 72)
        print("... and %d more failing tests" % (len(failing) - MAX_FAILURES_SHOWN))
    print("=" * 72)


def main(argv):
    if len(argv) < 3:
        sys.stderr.write(__doc__)
        return 2
    log_path, lit_rc = argv[1], int(argv[2])
    report_path = argv[3] if len(argv) > 3 else None

    try:
        with open(log_path, encoding="utf-8", errors="replace") as handle:
            log_text = handle.read()
    except OSError:
        log_text = ""

    if report_path and os.path.exists(report_path):
        show_failures(report_path)

    counts = parse_summary(log_text)
    if counts is None:
        print("lit did not print a summary (exit code %d): counting the run as "
              "one failure" % lit_rc)
        counts = {}
    passed = sum(counts.get(label, 0) for label in PASSED_LABELS)
    failed = sum(counts.get(label, 0) for label in FAILED_LABELS)
    if lit_rc != 0 and failed == 0:
        # lit failed without a failing test (configuration / discovery error).
        failed = 1
    print("%d unsupported, %d skipped" % (counts.get("Unsupported", 0),
                                         counts.get("Skipped", 0)))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
