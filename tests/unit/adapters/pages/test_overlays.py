"""Consent banners and dialogs are taken out of the page before any extractor reads it."""

from __future__ import annotations

import lxml.html
import pytest

from adapters.pages.candidates import parse_html, resiliparse_markdown
from adapters.pages.html_article import html_to_article, parse_page, read_tree
from adapters.pages.html_markdown import Element
from adapters.pages.overlays import (
    MAX_OVERLAYS,
    SKIP_LINKS_LOOKED_AT,
    drop_overlays,
    drop_skip_links,
    may_hold_overlays,
)
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
    return root, drop_overlays(root, found, structure.text_chars)


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


SKIPPABLE = f"""<html><body>
<a class="screen-reader-text skip-link" href="#content">Skip to content</a>
<ul id="skipnav"><li><a href="#menu">Jump to the menu</a></li></ul>
<div class="skip-links"><a href="#search">Skip to search</a></div>
<a class="visually-hidden-focusable" href="#footer">Go to the footer</a>
<nav id="menu"><a href="/">Home</a> <a class="skip-ahead" href="/next">Skip ahead to part two</a></nav>
<main id="content"><h1>Two ports on the case</h1>{POSTS}</main></body></html>"""


def test_skip_links_to_places_on_the_page_go_and_other_links_stay() -> None:
    parsed = parse_page(SKIPPABLE)
    assert parsed is not None
    text = _text(parsed[0])

    assert "Skip to content" not in text and "Skip to search" not in text
    assert "Jump to the menu" not in text and "Go to the footer" not in text
    assert "Skip ahead to part two" in text  # says "skip", but leads to another page
    assert "Home" in text and "cable pass-through" in text


def test_the_answer_no_longer_opens_with_a_skip_link() -> None:
    article = html_to_article(SKIPPABLE, "https://forum.example.com/topic/2")

    assert "Skip to" not in article.markdown and "cable pass-through" in article.markdown


def test_only_the_first_links_of_a_page_are_looked_at_for_skip_links_marked_by_their_surroundings() -> None:
    links = "".join(f'<a href="/p{n}">Page {n}</a> ' for n in range(SKIP_LINKS_LOOKED_AT))
    late = '<div class="skip-links"><a href="#end">Skip to the end</a></div>'
    root = parse_html(f"<html><body>{links}{late}</body></html>")

    assert drop_skip_links(root) == 0
    assert "Skip to the end" in _text(root)


def test_a_skip_link_past_the_header_menu_goes_when_its_own_markup_says_so() -> None:
    menu = "".join(f'<a href="/c{n}">Category {n}</a> ' for n in range(SKIP_LINKS_LOOKED_AT * 3))
    page = f"""<html><body><header>{menu}</header><main>
    <a class="sr-only sr-only-focusable" href="#results">Go to the results</a>
    <a id="skip-to-list" href="#list">Jump to the list</a>
    <span class="visually-hidden-focusable"><a href="#end">Go to the end</a></span>
    <h1>Shelves</h1><p id="results">Twelve shelves for books.</p></main></body></html>"""
    root = parse_html(page)

    assert drop_skip_links(root) == 2
    text = _text(root)
    assert "Go to the results" not in text and "Jump to the list" not in text
    assert "Go to the end" in text  # marked only by its parent, and not among the first links
    assert "Category 29" in text and "Twelve shelves for books." in text


def test_a_link_whose_own_class_says_it_skips_goes_wherever_it_is() -> None:
    filler = "".join(f'<p><a href="/p{n}">Story {n}</a></p>' for n in range(SKIP_LINKS_LOOKED_AT * 2))
    carousel = '<a class="carousel__skip-button" href="#after-{n}">Skip listing</a><ul id="c{n}"><li>Lamp {n}</li></ul>'
    page = f"<html><body>{filler}{carousel.format(n=1)}{carousel.format(n=2)}<p id='end'>The end.</p></body></html>"
    root = parse_html(page)

    assert drop_skip_links(root) == 2
    text = _text(root)
    assert "Skip listing" not in text and "Lamp 1" in text and "Lamp 2" in text and "Story 19" in text


def test_the_extractors_that_parse_the_page_themselves_read_it_without_skip_links() -> None:
    gallery = '<a class="pipf-product-gallery__skip-button" href="#after-images">Skip images</a>'
    shelf = "<p id='after-images'>Twelve shelves.</p>"
    page = f"<html><body><main><h1>Shelf unit</h1>{gallery}{shelf}</main></body></html>"

    parsed = parse_page(page)

    assert parsed is not None
    _, written = parsed  # what trafilatura and readability read
    assert "Skip images" not in written and "Twelve shelves." in written


def test_links_whose_own_class_says_skip_but_that_lead_elsewhere_or_nowhere_stay() -> None:
    links = "".join(f'<a href="/p{n}">Page {n}</a> ' for n in range(SKIP_LINKS_LOOKED_AT))
    page = f"""<html><body>{links}<p>Read on.</p><a class="skip-ahead" href="/part-two">Skip ahead to part two</a>
    <a class="Focusable" href="#">Learn more</a></body></html>"""
    root = parse_html(page)

    assert drop_skip_links(root) == 0


def test_a_page_of_many_skipping_links_costs_a_bounded_number_of_drops() -> None:
    links = '<a class="skip" href="#x">Skip</a>' * 5000
    root = parse_html(f"<html><body><p>Text.</p>{links}</body></html>")

    assert drop_skip_links(root) == MAX_OVERLAYS


def test_the_first_look_finds_a_dialog_by_role_by_aria_modal_or_by_its_element_alone() -> None:
    quiet = '<html><body><main><p class="intro" id="top">Plain page.</p></main>{}</body></html>'

    assert not may_hold_overlays(parse_html(quiet.format("")))
    for overlay in (
        '<div role="alertdialog">Sure?</div>',
        '<div aria-modal="true">Sign in</div>',
        "<dialog>Hi</dialog>",
    ):
        root, dropped = _cleared(quiet.format(overlay))
        assert may_hold_overlays(parse_html(quiet.format(overlay)))
        assert dropped == 1 and "Plain page." in _text(root)


def test_cookie_in_a_class_inside_the_page_s_main_part_or_an_article_is_a_topic_not_a_banner() -> None:
    recipe = "Cream the butter and sugar, beat in the egg, fold in the flour and bake for twelve minutes. "
    archive = "".join(
        f'<article class="post type-post {tag}"><h2>Recipe {n}</h2><p>{recipe}</p></article>'
        for n, tag in enumerate(["tag-cookies", "tag-cakes", "category-gdpr tag-cookies", "tag-bread"])
    )
    guide = f"""<main><h1>HTTP cookies</h1><h2 id="creating_cookies">Creating cookies</h2><p>{recipe}</p>
    <section id="cookie-prefixes"><h2>Cookie prefixes</h2><p>{recipe}</p></section>
    <div role="dialog"><p>Rate this page</p></div></main>"""
    archive_root, archive_dropped = _cleared(f"<html><body><h1>Baking</h1>{archive}</body></html>")
    guide_root, guide_dropped = _cleared(
        f'<html><body>{guide}<div class="cookie-bar">We use cookies.</div></body></html>'
    )

    assert archive_dropped == 0 and all(f"Recipe {n}" in _text(archive_root) for n in range(4))
    assert guide_dropped == 2  # the bar outside the main part, and the dialog inside it
    assert "Creating cookies" in _text(guide_root) and "Cookie prefixes" in _text(guide_root)
    assert "Rate this page" not in _text(guide_root) and "We use cookies" not in _text(guide_root)


def test_half_the_page_goes_only_when_the_page_s_headline_or_main_part_is_elsewhere() -> None:
    story = "<p>" + "The bridge over the river reopened on Monday after two winters of floods. " * 8 + "</p>"
    holds_main = f'<html><body><div class="consent-wrapper"><div role="main">{story}</div></div></body></html>'
    no_landmarks = f'<html><body><div class="site cookie-notice-hidden">{story}</div></body></html>'

    for page in (holds_main, no_landmarks):
        root, dropped = _cleared(page)
        assert dropped == 0 and "reopened on Monday" in _text(root)


def test_a_consent_panel_of_many_marked_elements_does_not_use_up_the_overlays_looked_at() -> None:
    vendors = "".join(
        f'<div id="CybotCookiebotDialogVendor{n}"><p>Vendor {n}</p></div>' for n in range(MAX_OVERLAYS * 3)
    )
    page = f"""<html><head><link id="cookie-notice-css" rel="stylesheet" href="/c.css"></head><body>
    <main><h1>Two ports</h1>{POSTS}</main><div id="CybotCookiebotDialog">{vendors}</div>
    <div role="dialog"><p>Sign in to reply</p></div></body></html>"""
    root, dropped = _cleared(page)

    assert dropped == 2
    assert (
        "Vendor 7" not in _text(root) and "Sign in to reply" not in _text(root) and "cable pass-through" in _text(root)
    )


def test_nested_overlays_around_the_page_s_content_all_stay() -> None:
    opened = '<div class="cookie-layer">' * 250
    page = f"<html><body>{opened}<main><h1>Two ports</h1>{POSTS}</main>{'</div>' * 250}</body></html>"
    root, dropped = _cleared(page)

    assert dropped == 0 and "cable pass-through" in _text(root)


def test_text_after_a_script_still_counts_once_a_banner_beside_it_is_gone() -> None:
    story = "The bridge over the river reopened on Monday after two winters of floods. " * 5
    root = parse_html(
        "<html><body><p>Intro.</p><script>x = 1</script>"
        f'<div class="cookie-bar">We use cookies.</div>{story}</body></html>'
    )
    _, structure = read_tree(root)

    assert "reopened on Monday" in _text(root) and "We use cookies" not in _text(root)
    assert structure.text_chars >= len(story.strip())


@pytest.mark.parametrize(
    "link",
    [
        '<a class="_1jsqk240" href="#bd">Skip to Main Content</a>',  # a hashed name: its words say it
        '<a class="css-lgslny" href="#main">Skip navigation</a>',
        '<a class="x7" href="#ipsLayout_mainArea">Jump to content</a>',
        '<a class="a11y" href="#contenu">Aller au contenu principal</a>',
        '<a class="mw-jump-link" href="#bodyContent">Content</a>',
        '<a class="is-sr-only" href="#content">Main content</a>',  # seen by screen readers only
        '<a class="screen-reader-text" href="#site-content">To the content</a>',
        '<span class="jumplink-container"><a href="#MainContent">Main</a></span>',
    ],
)
def test_a_skip_link_is_known_by_its_words_or_by_being_for_screen_readers_only(link: str) -> None:
    root = parse_html(f"<html><body>{link}<main id='content'><p>Twelve shelves for books.</p></main></body></html>")

    assert drop_skip_links(root) == 1
    assert _text(root) == "Twelve shelves for books."


@pytest.mark.parametrize(
    "link",
    [
        '<a href="#jump-ropes">Jump ropes</a>',  # a table of contents' section
        '<a href="#skipping-stones">Skipping stones</a>',
        '<a href="/part-two">Skip ahead to part two</a>',  # leads to another page
    ],
)
def test_links_that_only_sound_like_skip_links_stay(link: str) -> None:
    root = parse_html(f"<html><body>{link}<main><p>Twelve shelves for books.</p></main></body></html>")

    assert drop_skip_links(root) == 0
