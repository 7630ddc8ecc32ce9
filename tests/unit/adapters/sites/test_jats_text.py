"""A paper's JATS body read as Markdown: sections as headings, lists, figures, tables, formulas; references out."""

from __future__ import annotations

import pytest

from adapters.pages.xml_text import XmlUnreadable
from adapters.sites.jats_text import jats_body_markdown

ARTICLE = b"""<?xml version="1.0" encoding="UTF-8"?>
<article xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:mml="http://www.w3.org/1998/Math/MathML">
<front><article-meta><title-group><article-title>Hedged search</article-title></title-group></article-meta></front>
<body>
<sec><title>Introduction</title>
<p>Agents need search that <italic>fails over</italic> <xref ref-type="bibr" rid="b1">[1]</xref>; see
<ext-link ext-link-type="uri" xlink:href="https://relay.example">the relay</ext-link>.</p>
<sec><title>Why now</title><p>Providers fail.</p>
<list list-type="order"><list-item><p>Measure.</p></list-item><list-item><p>Hedge.</p></list-item></list></sec>
</sec>
<sec><title>Results</title>
<disp-formula id="e1"><tex-math>p = 1 - (1 - q)^n</tex-math></disp-formula>
<fig id="f1"><label>Figure 1</label><caption><p>Calls per provider.</p></caption><graphic xlink:href="f1.png"/></fig>
<table-wrap id="t1"><label>Table 1</label><caption><p>Latency.</p></caption>
<table><thead><tr><th>provider</th><th>ms</th></tr></thead><tbody><tr><td>serper</td><td>420</td></tr></tbody></table>
</table-wrap>
<supplementary-material><p>Data S1.</p></supplementary-material>
</sec>
</body>
<back><ack><p>We thank the reviewers.</p></ack>
<ref-list><ref id="b1"><mixed-citation>A. Author.</mixed-citation></ref></ref-list></back>
</article>"""


def test_a_body_reads_as_sections_lists_figures_tables_and_formulas() -> None:
    markdown = jats_body_markdown(ARTICLE)
    assert markdown.startswith(
        "# Introduction\n\nAgents need search that *fails over* [1]; see [the relay](https://relay.example).\n\n"
        "## Why now\n\nProviders fail.\n\n1. Measure.\n2. Hedge.\n\n# Results\n\n$p = 1 - (1 - q)^n$\n\n"
    )
    assert "**Figure 1**" in markdown and "Calls per provider." in markdown
    assert "| serper | 420 |" in markdown and "**Table 1**" in markdown
    assert markdown.endswith("# Acknowledgements\n\nWe thank the reviewers.")
    assert "Data S1" not in markdown and "A. Author" not in markdown and "f1.png" not in markdown


def test_an_article_without_a_body_reads_as_nothing_and_bytes_that_are_not_xml_are_refused() -> None:
    assert jats_body_markdown(b"<article><front/></article>") == ""
    with pytest.raises(XmlUnreadable):
        jats_body_markdown(b"")
