"""A page that says it is not there: a site's "Page not found" page served with 200 (a soft 404).

Pure, standard library only. Many sites (single-page apps above all, and CMSs set up so) answer a
missing address with their not-found page and status 200; the agent then read "Page not found.
Try the search" as the page. Known by its title, in the words sites use (a title's part between
separators: "Page not found | Example", "404 - Example", "Seite nicht gefunden"), and by little
text (``walls.answered_instead``), so that an article whose title quotes those words is still an
article; nor is a page whose address is about "404" judged (a reference page on the status code).
"""

from __future__ import annotations

import re

from domain.page_titles import TITLE_SEPARATORS, page_title

_WORDS = frozenset(
    {
        "404", "404 not found", "not found", "error 404", "404 error", "page not found", "404 page not found",
        "file not found", "nothing found", "page does not exist", "this page does not exist",
        "the page you requested could not be found", "page doesn't exist", "no such page",
        "oops page not found", "sorry page not found", "error 404 page not found", "404 page",
        "seite nicht gefunden", "page introuvable", "page non trouvée", "página no encontrada",
        "página não encontrada", "pagina non trovata", "pagina niet gevonden",
        "strona nie została znaleziona", "страница не найдена", "ページが見つかりません", "页面不存在",
        "找不到页面", "페이지를 찾을 수 없습니다",
    }
)  # fmt: skip
# "404: This page could not be found" (Next.js), "Error 404 (Not Found)!!1"; not "404 Media".
_SAYS_404 = re.compile(r"^(?:error\s*)?404\b(?=.*\b(?:not found|could not be found|not exist)\b)")


def not_found_title(html: str) -> str | None:
    """The page's title when it says the page is not there, else None."""
    title = page_title(html)
    if title is None:
        return None
    for part in TITLE_SEPARATORS.split(title):
        words = " ".join(re.sub(r"[!.,'’]", " ", part.lower()).split())
        if words in _WORDS or _SAYS_404.match(words):
            return title
    return None


def names_not_found(url: str) -> bool:
    """Whether the address itself is about not-found pages (``/404``, ``.../Status/404``, ``/not-found``):
    such a page is asked for, and its title says so by right."""
    path = url.split("?", 1)[0].split("#", 1)[0].lower()
    return bool(_ABOUT_NOT_FOUND.search(path))


_ABOUT_NOT_FOUND = re.compile(r"(?:^|[/._-])(?:404|not[-_]?found)(?:[/._-]|$)")
