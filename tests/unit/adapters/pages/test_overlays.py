"""Consent banners and dialogs are taken out of the page before any extractor reads it."""

from __future__ import annotations

import lxml.html

from adapters.pages.candidates import parse_html, resiliparse_markdown
from adapters.pages.html_article import html_to_article, read_tree
from adapters.pages.html_markdown import Element
from adapters.pages.overlays import MAX_OVERLAYS, drop_overlays
from adapters.pages.page_kind import Structure, detect_kind, measure
from adapters.pages.structured_data import StructuredData, read_structured_data

POSTS = "".join(
    f'<article class="post"><header><a href="/u/{name}">{name}</a> <time>March 19, 2024</time></header>'
    f"<p>{text} {text} {text}</p></article>"
    for name, text in [
        ("rabbids", "Does anyone know what the two round ports on the back of the case are for? The manual is quiet."),
        ("devbiker", "I have heard the rear one is meant for an external connection to the lighting hub of the case."),
        ("hwfan", "The bottom one is a cable pass-through for the front fans; it comes with a rubber grommet too."),
    ]
)
# What a consent manager puts in the page: a banner and its whole settings panel, as much text as the thread.
PREFERENCES = "".join(
    f"<h4>{name} Cookies</h4><p>These technologies help us understand how the site is used and how visitors "
    f"navigate through it, which sites they come from and how often they return to the {name.lower()} pages.</p>"
    for name in ("Strictly Necessary", "Analytics", "Functional", "Targeting")
)
THREAD = f"""<!doctype html><html class="js cookie-banner-visible"><head><title>Two ports on the case</title></head>
<body><main><h1>Two ports on the case</h1>{POSTS}</main>
<div id="onetrust-consent-sdk"><div class="ot-banner"><p>We use cookies to improve your experience.</p>
<button>Accept all</button></div>
<div role="dialog" aria-label="Privacy Preference Center"><h3>Privacy Preference Center</h3>{PREFERENCES}</div></div>
<div class="CybotCookiebotDialog"><p>This website uses cookies from partners.</p></div>
<dialog><p>Sign in to reply to this topic.</p></dialog>
</body></html>"""


def _text(root: Element) -> str:
    return str(lxml.html.tostring(root, encoding="unicode", method="text"))


def _cleared(html: str) -> tuple[Element, int]:
    """The page with its overlays dropped, as the pipeline's first step does it, and how many went."""
    root, found = parse_html(html), []
    structure = measure(root, found)
    return root, drop_overlays(found, structure.text_chars)


def test_consent_panels_and_dialogs_leave_the_page_and_the_thread_stays() -> None:
    root, dropped = _cleared(THREAD)

    assert dropped == 3
    text = _text(root)
    assert "Privacy Preference Center" not in text and "We use cookies" not in text
    assert "partners" not in text and "Sign in to reply" not in text
    assert "cable pass-through" in text and "Two ports on the case" in text


def test_resiliparse_no_longer_reads_the_preference_panel_as_the_thread() -> None:
    before = resiliparse_markdown(parse_html(THREAD))
    after = resiliparse_markdown(_cleared(THREAD)[0])

    assert "Targeting Cookies" in before  # what the panel cost the agent
    assert "Cookies" not in after and "cable pass-through" in after


def test_the_extraction_never_hands_the_agent_the_consent_panel() -> None:
    article = html_to_article(THREAD, "https://forum.example.com/topic/1")

    assert "cable pass-through" in article.markdown
    assert "Cookies" not in article.markdown and "Privacy Preference Center" not in article.markdown


def test_an_element_holding_half_the_page_is_the_page_whatever_it_is_called() -> None:
    recipe = "Cream the butter and sugar, beat in the egg, fold in the flour and chocolate, bake for twelve minutes. "
    recipes = f"""<html><body><nav><a href="/">Home</a></nav>
    <div class="cookie-recipes"><h1>Chocolate chip cookies</h1><p>{recipe * 4}</p></div>
    <div class="consent-bar"><p>We use cookies.</p></div></body></html>"""
    opened = f"""<html><body><ul><li><a href="/a">An article</a></li></ul><div role="dialog" aria-modal="true">
    <article><h1>The article, opened over the list</h1><p>{recipe * 4}</p></article></div></body></html>"""
    (recipes_root, recipes_dropped), (opened_root, opened_dropped) = _cleared(recipes), _cleared(opened)

    assert recipes_dropped == 1 and opened_dropped == 0
    assert "Chocolate chip cookies" in _text(recipes_root) and "We use cookies" not in _text(recipes_root)
    assert "The article, opened over the list" in _text(opened_root)


def test_a_page_with_no_overlay_is_left_as_it_was() -> None:
    page = f"<html><body><main>{POSTS}</main></body></html>"
    before = lxml.html.tostring(parse_html(page))
    root, dropped = _cleared(page)

    assert dropped == 0
    assert lxml.html.tostring(root) == before


def test_a_consent_panel_longer_than_a_short_thread_still_goes() -> None:
    thread = f"<html><body><main><h1>Two ports</h1>{POSTS}</main>"
    panel = f'<div id="consent-sdk"><h3>Privacy Preference Center</h3>{PREFERENCES * 3}</div></body></html>'
    root, dropped = _cleared(thread + panel)

    assert dropped == 1
    assert "Privacy Preference Center" not in _text(root) and "cable pass-through" in _text(root)


def test_the_tail_text_after_a_dropped_banner_stays() -> None:
    root, _ = _cleared(
        "<html><body><p>First part of the text, long enough to be the page itself here."
        '<span class="gdpr-note">we keep your data</span> and the rest of the sentence.</p></body></html>'
    )

    text = _text(root)
    assert "we keep your data" not in text and "and the rest of the sentence." in text


def test_a_vendor_list_in_a_consent_panel_no_longer_makes_a_story_a_listing() -> None:
    story = "<p>" + "The bridge over the river reopened on Monday after two winters of floods. " * 8 + "</p>"
    vendors = "".join(f'<div class="vendor"><a href="/v{n}">Ad partner {n}</a> stores cookies</div>' for n in range(12))
    page = f'<html><body><main>{story}</main><div id="consentmanager">{vendors}</div></body></html>'
    unread = parse_html(page)

    assert detect_kind(*read_tree(parse_html(page))) == "page"
    assert detect_kind(*_measured(unread)) == "listing"  # what the panel's list of links made of it


def _measured(root: Element) -> tuple[StructuredData, Structure]:
    return read_structured_data(root), measure(root)


def test_a_page_naming_every_element_an_overlay_costs_a_bounded_number_of_drops() -> None:
    page = "<html><body><p>" + "text " * 2000 + "</p>" + '<div class="cookie">x</div>' * 5000 + "</body></html>"

    assert _cleared(page)[1] == MAX_OVERLAYS
