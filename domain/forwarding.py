"""Pages that send their reader to other pages: a refresh that moves on at once, a frameset.

Pure, standard library only. A site that moves a page often leaves a stub behind instead of a
server redirect: Hugo's aliases, Jekyll's redirect-from and many documentation hosts write
``<meta http-equiv="refresh" content="0; url=...">`` over a line saying "Redirecting...". A browser
goes on at once; a fetcher that stops there hands the agent the stub. A frameset (old Javadoc,
old intranets) has no text of its own: its frames are pages of their own, and their fallback
(``<noframes>``) is for browsers without frames. Both are read here from the start of the page's
HTML, the way a browser would act on them, and so is the ``Refresh`` header some servers send
with a page instead of a redirect. A page with little text of its own that shows other documents
inside it (a report in an ``<iframe>``, a PDF in an ``<embed>``) names them (``embedded_documents``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html.parser import HTMLParser
from urllib.parse import urldefrag, urljoin, urlsplit

from domain.redaction import without_userinfo

#: A refresh that waits longer than this is a page the reader is meant to see first (a "session
#: ended" notice, a news page reloading itself every few minutes), not a stub on the way.
MAX_REFRESH_SECONDS = 5
#: Only the start of a page is read: a refresh sits in its head and a frameset is short. A refresh
#: further down comes after a page's worth of content, which is then what is read.
SCAN_CHARS = 65_536
#: Frames named in one answer; a frameset of more is not a layout anyone reads frame by frame.
MAX_FRAMES = 20
#: How much of a page with little text of its own is read for the documents it embeds (a shell's
#: scripts can fill its head; the parse runs in a thread, on such pages only).
EMBED_SCAN_CHARS = 1_000_000
_EMBEDDING = {"iframe": "src", "embed": "src", "object": "data"}

# What makes a page worth parsing here; most pages have neither, and are not parsed at all.
_MARKERS = re.compile(rb"http-equiv\s*=\s*[\"']?\s*refresh|<frameset", re.IGNORECASE)
# The refresh's content, as browsers read it: seconds, then optionally ";" or "," or spaces, "url="
# and the address, in quotes or not ("0; URL='/new/'", "0;url=/new/", "3, /new/", "0 url=/new/").
_REFRESH = re.compile(r"\s*(\d+)(?:\.[\d.]*)?\s*[;,]?\s*(?:url\s*=\s*)?(.*)", re.IGNORECASE | re.DOTALL)


@dataclass(frozen=True)
class Frame:
    url: str
    title: str  # the frame's title, else its name, else its address


@dataclass(frozen=True)
class Forwarding:
    """Where a page sends its reader: ``refresh`` (the address it moves on to) or its ``frames``."""

    refresh: str | None = None
    frames: tuple[Frame, ...] = ()


def may_forward(body: bytes) -> bool:
    """Whether the start of ``body`` holds a refresh or a frameset at all (a search of bytes, no parse)."""
    return _MARKERS.search(body, 0, SCAN_CHARS * 4) is not None


def header_refresh(content: str, page_url: str) -> Forwarding | None:
    """Where a ``Refresh`` header (``0; url=/new``, read as the tag's content) sends the reader, if anywhere."""
    target = _refresh_target(content, page_url)
    return None if target is None else Forwarding(refresh=target)


def forwarding(html: str, page_url: str) -> Forwarding | None:
    """Where the page at ``page_url`` sends its reader, or None when it is a page to read."""
    scan = _Scan()
    scan.feed(html[:SCAN_CHARS])
    scan.close()
    if scan.frameset and scan.frames:
        frames = [_frame(src, title, page_url) for src, title in scan.frames]
        kept = tuple(frame for frame in frames if frame is not None)
        if kept:
            return Forwarding(frames=kept[:MAX_FRAMES])
    for content in scan.refreshes:
        target = _refresh_target(content, page_url)
        if target is not None:
            return Forwarding(refresh=target)
    return None


def embedded_documents(html: str, page_url: str) -> tuple[Frame, ...]:
    """The documents the page shows inside itself (``<iframe src>``, ``<embed src>``, ``<object data>``),
    in order, each once: what a page with little text of its own is showing (a report, a PDF viewer)."""
    scan = _Embeds()
    scan.feed(html[:EMBED_SCAN_CHARS])
    scan.close()
    found: dict[str, Frame] = {}
    for src, title in scan.embeds:
        frame = _frame(src, title, page_url)
        if frame is not None and frame.url not in found:
            found[frame.url] = frame
    return tuple(found.values())[:MAX_FRAMES]


def frames_markdown(frames: tuple[Frame, ...]) -> str:
    """The frames as a list of links, each under the words its frameset gives it."""
    return "\n".join(f"- [{_link_text(frame.title)}](<{frame.url}>)" for frame in frames)


def _refresh_target(content: str, page_url: str) -> str | None:
    """The address a refresh moves on to soon enough, when it is another page than this one."""
    parsed = _REFRESH.fullmatch(content)
    if parsed is None or int(parsed.group(1)) > MAX_REFRESH_SECONDS:
        return None
    address = _unquoted((parsed.group(2) or "").strip())
    if not address:
        return None  # a page reloading itself
    target = _web_address(address, page_url)
    if target is None or urldefrag(target).url == urldefrag(page_url).url:
        return None
    return target


def _frame(src: str, title: str, page_url: str) -> Frame | None:
    target = _web_address(src, page_url)
    if target is None:
        return None
    return Frame(target, title or urlsplit(target).path.rsplit("/", 1)[-1] or target)


def _web_address(link: str, page_url: str) -> str | None:
    """``link`` made absolute against the page, when it leads to a web page (not ``javascript:``,
    ``about:blank``). Credentials the page wrote into it are left out, as a server's in a redirect are."""
    try:
        target = urljoin(page_url, link.strip())
        parts = urlsplit(target)
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return None
    return without_userinfo(target)


def _unquoted(address: str) -> str:
    if address[:1] in ("'", '"'):
        closing = address.find(address[0], 1)
        return address[1:closing] if closing > 0 else address[1:]
    return address


def _link_text(title: str) -> str:
    """A title safe between a link's brackets: one line, brackets escaped."""
    one_line = " ".join(title.split())
    return one_line.replace("\\", "\\\\").replace("[", "\\[").replace("]", "\\]")


class _Scan(HTMLParser):
    """One pass over the start of the page: its refreshes (outside ``<noscript>``) and its frames."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.refreshes: list[str] = []
        self.frames: list[tuple[str, str]] = []
        self.frameset = False  # a frameset opened before any body: the page is its frames
        self._body = False
        self._noscript = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "noscript":
            self._noscript += 1
        elif tag == "body":
            self._body = True
        elif tag == "frameset" and not self._body:
            self.frameset = True
        elif tag == "frame" and self.frameset and len(self.frames) < MAX_FRAMES * 2:
            named = {name: value or "" for name, value in attrs}
            if named.get("src", "").strip():
                self.frames.append((named["src"], (named.get("title") or named.get("name") or "").strip()))
        elif tag == "meta" and not self._noscript:
            named = {name: value or "" for name, value in attrs}
            if named.get("http-equiv", "").strip().lower() == "refresh" and "content" in named:
                self.refreshes.append(named["content"])

    def handle_endtag(self, tag: str) -> None:
        if tag == "noscript" and self._noscript:
            self._noscript -= 1


class _Embeds(HTMLParser):
    """The sources of the page's iframes, embeds and objects that a reader sees, with the words that
    name them: not those for browsers without scripts (``<noscript>``: a tag manager's frame) nor
    the hidden or zero-sized ones (tracking frames)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.embeds: list[tuple[str, str]] = []
        self._noscript = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "noscript":
            self._noscript += 1
        source = _EMBEDDING.get(tag)
        if source is None or self._noscript or len(self.embeds) >= MAX_FRAMES * 5:
            return
        named = {name: value or "" for name, value in attrs}
        if named.get(source, "").strip() and not _unseen(named):
            self.embeds.append((named[source], (named.get("title") or named.get("name") or "").strip()))

    def handle_endtag(self, tag: str) -> None:
        if tag == "noscript" and self._noscript:
            self._noscript -= 1


def _unseen(attributes: dict[str, str]) -> bool:
    style = attributes.get("style", "").replace(" ", "").lower()
    return (
        "hidden" in attributes
        or attributes.get("aria-hidden") == "true"
        or "display:none" in style
        or "visibility:hidden" in style
        or any(attributes.get(size, "").strip() in ("0", "0px", "1", "1px") for size in ("width", "height"))
    )
