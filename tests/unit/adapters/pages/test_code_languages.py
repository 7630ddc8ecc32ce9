"""Code blocks labelled with the language their page names for them, whichever extractor wins."""

from __future__ import annotations

import pytest

from adapters.pages.code_languages import code_languages, fences_labelled
from adapters.pages.html_article import html_to_article
from tests.unit.adapters.pages.page_trees import tree

PROSE = (
    "<p>This guide explains how to configure the relay for a team, step by step, with an example "
    "for each setting and the command that applies it, so that nothing is left to guess.</p>"
)
# How highlighters and documentation generators name a sample's language.
SAMPLES = [
    ('<pre><code class="language-python">import relay\nrelay.run()\n</code></pre>', "python"),
    ('<div class="highlight-python notranslate"><div class="highlight"><pre><span class="kn">from</span> x '
     "<span class=\"kn\">import</span> y\n</pre></div></div>", "python"),
    ('<pre class="lang-bash prettyprint"><code>pip install relay\n</code></pre>', "bash"),
    ('<pre data-language="yaml"><code>providers:\n  - serper\n</code></pre>', "yaml"),
    ('<div class="highlight highlight-source-go"><pre>package main\n</pre></div>', "go"),
    ('<pre class="sourceCode rust"><code class="sourceCode rust">fn main() {}\n</code></pre>', "rust"),
    ('<pre class="brush: sql">SELECT 1;\n</pre>', "sql"),
]  # fmt: skip


def test_the_agent_reads_each_sample_with_its_language() -> None:
    page = "".join(sample + PROSE for sample, _ in SAMPLES)
    html = f"<html><head><title>Guide</title></head><body><article><h1>Guide</h1>{PROSE}{page}</article></body></html>"
    markdown = html_to_article(html, "https://docs.example.org/guide").markdown
    openings = [line for line in markdown.splitlines() if line.startswith("```") and line != "```"]
    assert openings == [f"```{language}" for _, language in SAMPLES]


@pytest.mark.parametrize(
    "markup",
    [
        '<pre><code class="language-text">plain words here</code></pre>',
        '<pre class="nohighlight">plain words here</pre>',
        "<pre>plain words here</pre>",
        '<pre><code class="language-a;rm">plain words here</code></pre>',
    ],
)
def test_a_block_without_a_language_or_with_a_non_language_is_not_labelled(markup: str) -> None:
    assert code_languages(tree(markup)) == {}


def test_only_bare_fences_whose_code_the_page_labelled_get_a_label() -> None:
    languages = {"importrelay": "python", "ls-la": "bash"}
    markdown = (
        "Intro.\n\n```\nimport relay\n```\n\n```javascript\nls -la\n```\n\n"
        "- item\n\n  ~~~~\n  ls  -la\n  ~~~~\n\n```\nunknown()\n```\n\n```\nimport relay"
    )
    assert fences_labelled(markdown, languages) == (
        "Intro.\n\n```python\nimport relay\n```\n\n```javascript\nls -la\n```\n\n"
        "- item\n\n  ~~~~bash\n  ls  -la\n  ~~~~\n\n```\nunknown()\n```\n\n```\nimport relay"
    )
