"""A work a DOI names, as its registry describes it (Crossref for articles, DataCite for data, software
and preprints), written as Markdown: what it is, who made it, where it appeared, its abstract.

Both registries' answers are read into one ``Work``. Crossref's abstracts are JATS XML
(``<jats:p>``, ``<jats:title>``) and DataCite's plain text or HTML; either is read as an HTML
fragment, JATS paragraphs as paragraphs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

from adapters.json_fields import number, obj, objs, one_line, strings, text
from adapters.sites.arxiv import ARXIV_ID
from adapters.sites.fragments import post_markdown
from domain.markdown_lines import headings_below

_ARXIV_DOI = re.compile(r"10\.48550/arxiv\.(.{1,40})", re.IGNORECASE)
#: Authors named; the rest are counted.
SHOWN_AUTHORS = 20
_JATS = re.compile(r"<(/?)jats:(p|title|sec|italic|bold|sub|sup|list|list-item)\b", re.IGNORECASE)
_JATS_AS_HTML = {"p": "p", "title": "h3", "sec": "div", "italic": "i", "bold": "b", "sub": "sub", "sup": "sup",
                 "list": "ul", "list-item": "li"}  # fmt: skip


@dataclass
class Work:
    doi: str
    title: str
    authors: list[str] = field(default_factory=list)
    venue: str = ""  # the journal, proceedings or repository
    published: str = ""  # "2020-05-17", "2020-05", "2020"
    publisher: str = ""
    kind: str = ""  # "journal-article", "Dataset"...
    abstract: str = ""  # HTML (JATS made HTML)
    licence: str = ""
    subjects: list[str] = field(default_factory=list)
    cited_by: int | None = None
    references: int | None = None
    registry: str = ""
    preprints: list[str] = field(default_factory=list)  # arXiv identifiers of the work's preprints
    identifiers: list[str] = field(default_factory=list)  # others worth naming: "PMID 123", "PMCID PMC456"
    summary: str = ""  # a one-sentence summary the source wrote (Semantic Scholar's TLDR)
    summary_by: str = ""  # who wrote it, for its label


def crossref_work(message: dict[str, Any], doi: str) -> Work | None:
    """A Crossref ``/works/{doi}`` answer's ``message``; None when it names no title."""
    title = " ".join(" ".join(strings(message.get("title"))[:1]).split())
    if not title:
        return None
    authors = [_person(author) for author in objs(message.get("author"))]
    dated = next(
        (
            obj(message, key)
            for key in ("published", "published-print", "published-online", "issued")
            if obj(message, key)
        ),
        {},
    )
    return Work(
        doi=doi,  # the one asked, checked already: the answer's own could be anything
        title=title,
        authors=[author for author in authors if author],
        venue=" ".join(" ".join(strings(message.get("container-title"))[:1]).split()),
        published=_date_parts(dated.get("date-parts")),
        publisher=" ".join(text(message.get("publisher")).split()),
        kind=text(message.get("type")),
        abstract=_jats_as_html(text(message.get("abstract"))),
        licence=next((text(item.get("URL")) for item in objs(message.get("license")) if text(item.get("URL"))), ""),
        subjects=strings(message.get("subject"))[:10],
        cited_by=number(message.get("is-referenced-by-count")),
        references=number(message.get("references-count")),
        registry="Crossref",
        preprints=_arxiv_preprints(obj(message, "relation")),
    )


def datacite_work(attributes: dict[str, Any], doi: str) -> Work | None:
    """A DataCite ``/dois/{doi}`` answer's ``data.attributes``; None when it names no title."""
    title = " ".join(next((text(item.get("title")) for item in objs(attributes.get("titles"))), "").split())
    if not title:
        return None
    publisher = attributes.get("publisher")
    issued = next(
        (text(item.get("date")) for item in objs(attributes.get("dates")) if item.get("dateType") == "Issued"), ""
    )
    year = number(attributes.get("publicationYear"))
    abstract = next(
        (text(item.get("description")) for item in objs(attributes.get("descriptions"))
         if item.get("descriptionType") == "Abstract" and text(item.get("description"))),
        "",
    )  # fmt: skip
    types = obj(attributes, "types")
    return Work(
        doi=doi,
        title=title,
        authors=[name for creator in objs(attributes.get("creators")) if (name := _person(creator))],
        venue=" ".join(text(obj(attributes, "container").get("title")).split()),
        published=issued[:10] if re.fullmatch(r"\d{4}(-\d{2}){0,2}.*", issued) else (str(year) if year else ""),
        publisher=" ".join((text(publisher) or text(obj(attributes, "publisher").get("name"))).split()),
        kind=text(types.get("resourceType")) or text(types.get("resourceTypeGeneral")),
        abstract=abstract,
        licence=next(
            (text(item.get("rightsUri")) for item in objs(attributes.get("rightsList")) if text(item.get("rightsUri"))),
            "",
        ),
        subjects=[text(item.get("subject")) for item in objs(attributes.get("subjects")) if text(item.get("subject"))][
            :10
        ],
        cited_by=number(attributes.get("citationCount")),
        registry="DataCite",
    )


def arxiv_id(doi: str) -> str | None:
    """Pure: the arXiv identifier of one of arXiv's own DOIs (``10.48550/arXiv.2106.01234``), else None."""
    found = _ARXIV_DOI.fullmatch(doi)
    return found.group(1) if found else None


def work_markdown(work: Work, page_text: str | None, instead: tuple[str, str] | None = None) -> str:
    """The work's record, and the publisher's page under it when it could be read, else ``instead``
    (a heading and a text: its preprint's, its open-access copy's)."""
    # Every record's field is written on its own line's part, whatever a registry's answer held.
    lines = [f"# {one_line(work.title)}", ""]
    if authors := [one_line(author) for author in work.authors if one_line(author)]:
        more = len(authors) - SHOWN_AUTHORS
        lines += [", ".join(authors[:SHOWN_AUTHORS]) + (f" and {more:,} more" if more > 0 else ""), ""]
    venue = one_line(work.venue)
    facts = [f"*{venue}*" if venue else "", one_line(work.published), one_line(work.publisher),
             _doi_link(work.doi) if work.doi else "", one_line(work.kind.replace("-", " ")),
             *(one_line(identifier) for identifier in work.identifiers)]  # fmt: skip
    lines.append(" · ".join(fact for fact in facts if fact))
    counts = [f"cited by {work.cited_by:,}" if work.cited_by else "",
              f"{work.references:,} references" if work.references else "",
              f"licence: {work.licence}" if _LICENCE.fullmatch(work.licence) else ""]  # fmt: skip
    if counts := [count for count in counts if count]:
        lines.append(" · ".join(counts).capitalize() if counts[0].startswith("cited") else " · ".join(counts))
    if work.subjects:
        lines.append("Subjects: " + ", ".join(" ".join(subject.split()) for subject in work.subjects))
    if summary := " ".join(work.summary.split()):
        lines += ["", f"**In one sentence** ({work.summary_by}): {summary}"]
    if work.abstract.strip():
        abstract = post_markdown(work.abstract)
        lines += ["", "## Abstract", "", re.sub(r"^#+ Abstract\s*\n+", "", abstract, flags=re.IGNORECASE)]
    if page_text:
        lines += ["", "## The publisher's page", "", headings_below(page_text, 2)]
    elif instead is not None:
        lines += ["", f"## {instead[0]}", "", headings_below(instead[1], 2)]
    return "\n".join(lines).strip() + "\n"


def _arxiv_preprints(relation: dict[str, Any]) -> list[str]:
    """The arXiv identifiers among the preprints a Crossref record relates (``has-preprint``)."""
    found = []
    for item in objs(relation.get("has-preprint"))[:10]:
        kind, ident = text(item.get("id-type")).lower(), text(item.get("id")).strip()
        named = arxiv_id(ident) if kind == "doi" else ident.removeprefix("arXiv:") if kind == "arxiv" else None
        if named and ARXIV_ID.fullmatch(named):
            found.append(named)
    return found


def _person(person: dict[str, Any]) -> str:
    given, family = (
        text(person.get("given") or person.get("givenName")),
        text(person.get("family") or person.get("familyName")),
    )
    name = f"{given} {family}" if given and family else text(person.get("name")) or family or given
    return " ".join(name.split())


def _date_parts(value: Any) -> str:
    parts = value[0] if isinstance(value, list) and value and isinstance(value[0], list) else []
    numbers = [part for part in parts[:3] if isinstance(part, int) and not isinstance(part, bool)]
    if not numbers or not 0 < numbers[0] < 10_000:
        return ""
    return "-".join([f"{numbers[0]:04d}", *(f"{part:02d}" for part in numbers[1:] if 0 < part < 100)])


def _jats_as_html(abstract: str) -> str:
    return _JATS.sub(lambda tag: f"<{tag.group(1)}{_JATS_AS_HTML[tag.group(2).lower()]}", abstract)


def _doi_link(doi: str) -> str:
    """ "DOI [10.1234/x](https://doi.org/10.1234/x)": on one line, brackets in the text escaped and the
    address percent-encoded, so a DOI with parentheses (or an answer's made-up one) stays one link."""
    doi = one_line(doi)
    shown = doi.replace("\\", "\\\\").replace("[", "\\[").replace("]", "\\]")
    return f"DOI [{shown}](https://doi.org/{quote(doi, safe='/:;._-', errors='replace')})"


def answered_doi(value: Any) -> str:
    """A DOI an API's answer names, when it is one a link and a request can carry; "" otherwise."""
    doi = text(value).strip()
    if not DOI.fullmatch(doi) or not doi.isprintable():
        return ""
    try:
        doi.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate
        return ""
    return doi


_LICENCE = re.compile(r"https?://\S{1,500}")  # an address on one line, or no licence written
#: A DOI as written: "10.", a registrant of four to nine digits, "/", then anything but whitespace.
DOI = re.compile(r"10\.[0-9]{4,9}/\S{1,300}")
