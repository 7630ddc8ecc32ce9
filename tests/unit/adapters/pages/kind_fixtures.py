"""Small pages of each kind, written for the tests: chrome around content, marked so tests can tell them apart."""

from __future__ import annotations

import json

CHROME = """<nav class="site-nav"><a href="/">Home</a> <a href="/about">NAV-MARKER About</a></nav>"""
FOOTER = """<footer><p>FOOTER-MARKER Copyright 2025 Example Ltd. All rights reserved.</p></footer>"""

STORY = (
    "The valley council agreed on Monday to rebuild the old stone bridge over the river, after two winters "
    "in which floods closed the crossing for weeks at a time and cut the upper farms off from the market town. "
)


def _page(title: str, body: str, head: str = "") -> str:
    return f"<!doctype html><html><head><title>{title}</title>{head}</head><body>{CHROME}{body}{FOOTER}</body></html>"


def page_with_head(title: str, body: str, head: str = "") -> str:
    """A page of the site's chrome around ``body``, with ``head`` (meta tags) in its head."""
    return _page(title, body, head)


def _json_ld(data: object) -> str:
    return f'<script type="application/ld+json">{json.dumps(data)}</script>'


ARTICLE_WITH_COMMENTS = _page(
    "Bridge to be rebuilt",
    f"""<main><article><h1>Bridge to be rebuilt</h1>
<p>{STORY}</p><p>Engineers expect the work to take eighteen months. {STORY}</p>
<p>A temporary footbridge will open in spring so that walkers can still cross. {STORY}</p></article>
<section id="comments" class="comments"><h3>Comments</h3>
<div class="comment"><p>COMMENT-MARKER About time, the ford is a nightmare in March.</p></div></section></main>""",
    _json_ld({"@context": "https://schema.org", "@type": "NewsArticle", "headline": "Bridge to be rebuilt"}),
)

_POSTS = [
    ("marta_k", "How do I stop my sourdough starter smelling of nail varnish? I feed it once a day with rye."),
    ("oldbaker", "That smell means it is hungry. Feed it twice a day for a week and keep it somewhere warmer."),
    ("lin.w", "Seconding that; I also switched half the rye for white flour and the smell went within days."),
    ("pete", "Check the water too: heavily chlorinated tap water slowed mine down, filtered water fixed it."),
]

FORUM_THREAD = _page(
    "Starter smells of nail varnish - Baking Forum",
    "<main><h1>Starter smells of nail varnish</h1>"
    + "".join(
        f'<div class="post" id="p{n}"><div class="post-author">{author}</div>'
        f'<div class="post-body"><p>{text}</p></div><a href="/report/{n}">Report</a></div>'
        for n, (author, text) in enumerate(_POSTS)
    )
    + "</main>",
    _json_ld(
        {
            "@context": "https://schema.org",
            "@type": "DiscussionForumPosting",
            "headline": "Starter smells of nail varnish",
            "author": {"@type": "Person", "name": _POSTS[0][0]},
            "text": _POSTS[0][1],
            "comment": [
                {"@type": "Comment", "author": {"@type": "Person", "name": a}, "text": t} for a, t in _POSTS[1:]
            ],
        }
    ),
)
FORUM_POSTS = _POSTS

LISTING_ITEMS = [
    ("Walking the ridge path", "A full day out along the northern ridge, with two steep climbs and wide views."),
    ("Three lakes loop", "An easy afternoon circuit past three small lakes, good for families and dogs."),
    ("The old mine track", "Follow the miners' cart road up the valley to the ruined engine house."),
    ("Coastal cliffs walk", "Cliff-top paths with seabird colonies in early summer; windy in any season."),
    ("Forest of firs", "A shaded walk under tall firs, muddy after rain, with a cafe at the far end."),
    ("Church to church", "Five villages and their churches linked by field paths and quiet lanes."),
    ("Waterfall gorge", "A short but rocky scramble up the gorge to the highest waterfall in the county."),
]

LISTING = _page(
    "Walks in the valley",
    "<main><h1>Walks in the valley</h1><ul class='walks'>"
    + "".join(
        f'<li class="walk-card"><h2><a href="/walks/{n}">{title}</a></h2><p>{teaser}</p></li>'
        for n, (title, teaser) in enumerate(LISTING_ITEMS)
    )
    + "</ul></main>",
)

PRODUCT = _page(
    "Trailmaster 40 rucksack",
    """<main><div class="product"><h1>Trailmaster 40 rucksack</h1>
<p class="lead">A forty-litre pack for long days on the hill, with a ventilated back and a rain cover.</p>
<table class="specs"><tr><th>Volume</th><td>40 litres</td></tr><tr><th>Weight</th><td>1.2 kg</td></tr>
<tr><th>Fabric</th><td>Recycled ripstop nylon</td></tr></table>
<button>Add to basket</button></div></main>""",
    _json_ld(
        {
            "@context": "https://schema.org",
            "@type": "Product",
            "name": "Trailmaster 40 rucksack",
            "description": "A forty-litre pack for long days on the hill, with a ventilated back and a rain cover.",
            "offers": {"@type": "Offer", "price": "89.00", "priceCurrency": "GBP"},
        }
    ),
)

DOCUMENTATION = _page(
    "Reading a config file - riverlib docs",
    """<main><h1>Reading a config file</h1>
<p>Call <code>load_config</code> with a path; it returns a mapping of section names to settings and
raises <code>ConfigError</code> when the file cannot be parsed.</p>
<pre><code>from riverlib import load_config

config = load_config("settings.toml")
print(config["server"]["port"])
</code></pre>
<p>The loader understands these keys in the server section:</p>
<table><tr><th>key</th><th>default</th><th>meaning</th></tr>
<tr><td>port</td><td>8080</td><td>the port to listen on</td></tr>
<tr><td>workers</td><td>4</td><td>how many worker processes to start</td></tr></table>
<pre><code>[server]
port = 9000
workers = 2
</code></pre></main>""",
)

# The same kind of thread with no schema.org markup: only the look-alike post blocks tell.
UNDECLARED_THREAD = _page(
    "Which wood for a workbench top?",
    "<main><h1>Which wood for a workbench top?</h1>"
    + "".join(
        f'<div class="message" id="m{n}"><b>member{n}</b><p>Reply number {n}: beech is hard and cheap.</p></div>'
        for n in range(7)
    )
    + "</main>",
)

# A list of books whose readers' comments sit below it: a run of "comments", but a shorter one
# than the run of linked entries the page is about.
_BLURB = "a family saga over three generations of river pilots, told by the youngest daughter in letters home"
LIST_WITH_COMMENTS = _page(
    "The best river novels",
    "<main><h1>The best river novels</h1><div class='books'>"
    + "".join(
        f"<div class='book'><a href='/book/{n}'>River novel {n}</a> by Author {n}<p>Book {n}: {_BLURB}.</p></div>"
        for n in range(8)
    )
    + "</div><section><h2>Readers' comments</h2>"
    + "".join(
        f"<div class='comment'><b>reader{n}</b><p>Comment {n}: the third one on this list is the one "
        "I give to friends who say they do not read novels, and it has never failed.</p></div>"
        for n in range(6)
    )
    + "</section></main>",
)

# A thread with a box of similar threads in its main part: the run of posts is the longer one.
THREAD_WITH_SIMILAR_THREADS = _page(
    "Which wood for a workbench top?",
    "<main><h1>Which wood for a workbench top?</h1>"
    + "".join(
        f'<div class="message" id="m{n}"><b>member{n}</b><p>Reply number {n}: beech is hard, cheap and '
        "easy to flatten again with a plane when the top gets marked after a few years of use.</p></div>"
        for n in range(7)
    )
    + "<div class='similar'>"
    + "".join(f"<div class='thread'><a href='/t/{n}'>Workbench vice question {n}</a></div>" for n in range(6))
    + "</div></main>",
)

ARTICLE_WITH_CAPTIONED_FIGURES = _page(
    "Bridge to be rebuilt",
    f"""<main><article><h1>Bridge to be rebuilt</h1>
<p>{STORY}</p>
<figure><img src="/bridge.jpg" alt="The old stone bridge in flood"><figcaption>CAPTION-MARKER The bridge in
February. Photo: Valley Archive</figcaption></figure>
<p>Engineers expect the work to take eighteen months. {STORY}</p>
<p>A temporary footbridge will open in spring so that walkers can still cross. {STORY}</p>
<ul><li><img src="/ferry.jpg" alt="A ferry"> TEASER-MARKER Ferry fares rise again next year</li>
<li><img src="/mill.jpg" alt="The mill"> TEASER-MARKER Old mill reopens as a museum</li></ul>
<p>The works start after the summer, when the river is at its lowest. {STORY}</p></article></main>""",
    _json_ld({"@context": "https://schema.org", "@type": "NewsArticle", "headline": "Bridge to be rebuilt"}),
)

# Captions as news sites write them: brackets, markup and line breaks inside the alt text, and
# the caption repeated as its own paragraph under the picture.
ARTICLE_WITH_ECHOED_CAPTIONS = _page(
    "Lander bids open",
    f"""<main><article><h1>Lander bids open</h1>
<p>{STORY}</p>
<figure><img src="/lander.jpg" alt="A lander concept on the Moon
[Artist's impression via the agency]">
<figcaption>A lander concept on the Moon [Artist's impression via the agency]</figcaption></figure>
<p>Bids close in the spring. {STORY}</p>
<p>The agency will choose two designs. {STORY}</p>
<p><img src="/chart.png" alt="Costs by year, &lt;i&gt;in millions&lt;/i&gt;"></p>
<p>Costs by year, in millions</p>
<p>The first flight is planned for three years from now. {STORY}</p></article></main>""",
    _json_ld({"@context": "https://schema.org", "@type": "NewsArticle", "headline": "Lander bids open"}),
)

# A shop's "about us" page under a mega-menu: the menu's columns are the largest run of linked
# blocks on the page and hold most of its words, but they are chrome, not a list of items.
_MENU_COLUMNS = [
    ("Tents", ["One-person tents", "Two-person tents", "Family tents", "Tent footprints", "Tent pegs"]),
    ("Packs", ["Daypacks", "Rucksacks", "Hydration packs", "Pack covers", "Travel bags"]),
    ("Footwear", ["Walking boots", "Trail shoes", "Sandals", "Gaiters", "Insoles"]),
    ("Clothing", ["Waterproof jackets", "Fleeces", "Base layers", "Walking trousers", "Hats"]),
    ("Cooking", ["Stoves", "Fuel", "Pans", "Mugs", "Water filters"]),
    ("Navigation", ["Maps", "Compasses", "GPS units", "Map cases", "Whistles"]),
]
PAGE_UNDER_A_MEGA_MENU = (
    "<!doctype html><html><head><title>About us</title></head><body>"
    "<header><nav class='mega-menu'><ul class='menu'>"
    + "".join(
        f"<li class='column'><a href='/{name.lower()}'>{name}</a><ul>"
        + "".join(f"<li><a href='/{name.lower()}/{n}'>{entry}</a></li>" for n, entry in enumerate(entries))
        + "</ul></li>"
        for name, entries in _MENU_COLUMNS
    )
    + "</ul></nav></header>"
    "<main><h1>About us</h1><p>We are a family business that has sold walking gear from one shop in the"
    " valley since 1982.</p></main></body></html>"
)

# A page whose "you may also like" tiles each carry a script: the tiles' visible text is a small
# part of the page, their script source would be most of it.
_TILE_SCRIPT = "<script>window.track && window.track('tile-rendered', {slot: 1, widget: 'carousel'});</script>" * 8
PAGE_WITH_SCRIPTED_TILES = _page(
    "Repairing a dry-stone wall",
    f"<main><h1>Repairing a dry-stone wall</h1><p>{STORY}</p><p>{STORY}</p>"
    "<div class='carousel'>"
    + "".join(f"<div class='tile'><a href='/guides/{n}'>Guide {n}</a>{_TILE_SCRIPT}</div>" for n in range(6))
    + "</div></main>",
)

# A thread whose replies quote the opening post whole, as forum software does on "Quote".
OPENING_POST = (
    "I currently use closed headphones at night and I am looking for something with a wider stage and better"
    " separation of instruments, mostly for music and some games, on a budget of about four hundred pounds."
)
QUOTING_REPLIES = [
    "Have a look at the Caldera closed: the stage is wide for a closed design and the mids are smooth.",
    "Second the Caldera, though you will want an amplifier to get the best out of them at home.",
]
QUOTING_THREAD = _page(
    "Closed headphones with a wide stage",
    "<main><h1>Closed headphones with a wide stage</h1>"
    f'<article class="message"><div class="user">nightlistener</div><div class="body">{OPENING_POST}</div></article>'
    + "".join(
        f'<article class="message"><div class="user">member{n}</div><div class="body">'
        f'<blockquote class="quote"><div class="quote-title">nightlistener said:</div>'
        f'<div class="quote-content">{OPENING_POST}</div></blockquote>{reply}</div></article>'
        for n, reply in enumerate(QUOTING_REPLIES)
    )
    + "</main>",
    _json_ld({"@context": "https://schema.org", "@type": "DiscussionForumPosting", "headline": "Closed headphones"}),
)
