"""What the checks for withheld pages cost on ordinary pages, and which real pages they take for a wall.

Every page a fetch reads is asked whether it is a bot check in the page's place (``domain.walls.
check_in_place``), whether its title says it is the site's not-found page (``domain.not_found.
not_found_title``) and whether its redirect ended on a sign-in page (``sign_in_in_place``); every
refusal is asked whose check it is (``refusal_reason``), and a small page whether it is a parking or
expiry page in the site's place (``domain.parked_domains.parked``; here over its whole HTML as its
text, more than the tool reads). This runs them over the scored pages of both extraction corpora
(869, all served with 200) and prints the time per page and every page taken for a check, a
not-found page or a parked domain, as a 2xx answer and as if it had been a 403's body. Usage:

    .venv/bin/python -m bench.walls [--repeat 20]
"""

from __future__ import annotations

import argparse
import statistics
import time

from bench.extraction_corpora import Selection, load
from domain.not_found import not_found_title
from domain.page_titles import HEAD_CHARS
from domain.parked_domains import parked
from domain.server_placeholders import placeholder
from domain.walls import HEAD_BYTES, answered_instead, check_in_place, refusal_reason, sign_in_in_place


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20)
    repeat = parser.parse_args().repeat
    cases = load(Selection())
    in_place, refused, not_found, landers, costs, parking_costs = [], [], [], [], [], []
    for case in cases:
        started = time.perf_counter()
        for _ in range(repeat):
            guard = check_in_place(case.html)
            titled = not_found_title(case.html[:HEAD_CHARS].decode("utf-8", errors="replace"))
            sign_in_in_place(case.url or "https://example.com/a", "https://example.com/a/")
        costs.append((time.perf_counter() - started) / repeat)
        if guard is not None:
            in_place.append(f"{case.corpus}/{case.page_id} ({case.kind}): {guard}")
        if titled is not None:
            not_found.append(f"{case.corpus}/{case.page_id} ({case.kind})")
        url, text = case.url or "https://example.com/a", case.html.decode("utf-8", errors="replace")
        started = time.perf_counter()
        for _ in range(repeat):
            lander = parked(url, case.html[:HEAD_BYTES], text) or placeholder(url, case.html[:HEAD_BYTES], text)
        parking_costs.append((time.perf_counter() - started) / repeat)
        if lander is not None:
            landers.append(f"{case.corpus}/{case.page_id} ({case.kind}, {len(case.html):,} bytes): {lander}")
        said = refusal_reason(403, {}, case.html[:HEAD_BYTES], whole=len(case.html) <= HEAD_BYTES)
        if said != "HTTP 403":
            refused.append(f"{case.corpus}/{case.page_id}: {said.removeprefix('HTTP 403: ')}")
    costs.sort()
    print(f"{len(cases)} corpus pages, each checked {repeat} times")
    print(
        f"per page: median {statistics.median(costs) * 1e6:.1f} µs, "
        f"p99 {costs[int(len(costs) * 0.99)] * 1e6:.1f} µs, slowest {costs[-1] * 1e6:.1f} µs"
    )
    parking_costs.sort()
    print(
        "parked-domain and placeholder marks over the whole HTML: "
        f"median {statistics.median(parking_costs) * 1e6:.1f} µs, "
        f"slowest {parking_costs[-1] * 1e6:.1f} µs"
    )
    print(f"hostile answers, the slowest of {repeat} (the checks a 2xx answer with little text gets):")
    for name, seconds in _hostile(repeat):
        print(f"  {name}: {seconds * 1e3:.2f} ms")
    print(f"taken for a bot check as served (2xx): {len(in_place)}")
    for line in in_place:
        print(f"  {line}")
    print(f"whose title says the page is not there: {len(not_found)}")
    for line in not_found:
        print(f"  {line}")
    print(
        "taken for a parked or expired domain or a server's placeholder, at any size "
        f"(the tool asks of pages of 64 KB or less): {len(landers)}"
    )
    for line in landers:
        print(f"  {line}")
    print(f"taken for a bot check had the same body come with a 403: {len(refused)}")
    kinds: dict[str, int] = {}
    for line in refused:
        guard = line.split(": ", 1)[1]
        kinds[guard] = kinds.get(guard, 0) + 1
    for guard, count in sorted(kinds.items(), key=lambda item: -item[1]):
        print(f"  {count:3d}  {guard}")


def _hostile(repeat: int) -> list[tuple[str, float]]:
    """``answered_instead`` on answers built to be slow: a head of unclosed title tags (which took
    0.38 s before the title's tag was bounded), a host of 120 labels its text repeats (under the
    2,000 characters of text the checks are asked of) and a head of ad keys."""
    host = ".".join("abc" for _ in range(120)) + ".com"
    cases = [
        ("64 KB of '<title'", "https://oldblog.net/a", b"<title" * 10_922, "Related searches"),
        ("a host of 120 labels, named 3 times", f"https://{host}/a", b"<title>x</title>", (host + " ") * 3),
        ("64 KB of 'data-adblockkey' without <html", "https://oldblog.net/a", b" data-adblockkey=" * 3_855, ""),
    ]
    timed = []
    for name, url, head, text in cases:
        slowest = 0.0
        for _ in range(repeat):
            started = time.perf_counter()
            answered_instead(url, head, text)
            slowest = max(slowest, time.perf_counter() - started)
        timed.append((name, slowest))
    return timed


if __name__ == "__main__":
    main()
