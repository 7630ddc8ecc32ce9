"""Formulas in MathML read as the TeX their page wrote them in, once, whichever candidate wins."""

from __future__ import annotations

import pytest
from lxml import etree

from adapters.pages import profiles
from adapters.pages.html_article import html_to_article
from adapters.pages.math_markup import formulas_as_tex, mathml_tex
from tests.unit.adapters.pages.page_trees import cut_candidates, tree

URL = "https://papers.example/html/2401.00001v1"
PROSE = (
    "<p>The attention function maps a query and a set of key and value pairs to an output, where the query, "
    "the keys, the values and the output are all vectors, and the output is a weighted sum of the values.</p>"
)
# How LaTeXML (arXiv's HTML papers), KaTeX, Wikipedia and MathJax 3 write a formula.
LATEXML = (
    '<p>The outputs are <math alttext="\\mathrm{softmax}(\\frac{QK^{T}}{\\sqrt{d_{k}}})V" display="inline">'
    "<semantics><mrow><mi>softmax</mi><mo>&#8290;</mo><mfrac><mrow><mi>Q</mi><mo>&#8290;</mo><msup><mi>K</mi>"
    "<mi>T</mi></msup></mrow><msqrt><msub><mi>d</mi><mi>k</mi></msub></msqrt></mfrac><mo>&#8290;</mo><mi>V</mi>"
    '</mrow><annotation encoding="application/x-tex">\\mathrm{softmax}(\\frac{QK^{T}}{\\sqrt{d_{k}}})V</annotation>'
    "</semantics></math> for every query at once.</p>"
    '<table class="ltx_equation"><tr><td><math alttext="\\sum_{i=1}^{n} x_i w_i" display="block"><mrow>'
    "<munderover><mo>&#8721;</mo><mi>i</mi><mi>n</mi></munderover></mrow></math></td><td>(1)</td></tr></table>"
)
KATEX = (
    '<p>The identity <span class="katex"><span class="katex-mathml"><math><semantics><mrow><msup><mi>e</mi>'
    '<mrow><mi>i</mi><mi>π</mi></mrow></msup></mrow><annotation encoding="application/x-tex">e^{i\\pi}</annotation>'
    '</semantics></math></span><span class="katex-html" aria-hidden="true"><span class="mord">e</span>'
    '<span class="msupsub">VISUALCOPY</span></span></span> relates the constants.</p>'
)
WIKIPEDIA = (
    '<p>Energy is <span class="mwe-math-element"><span class="mwe-math-mathml-inline" style="display: none;">'
    '<math alttext="{\\displaystyle E=mc^{2}}"><semantics><mrow><mi>E</mi></mrow><annotation '
    'encoding="application/x-tex">{\\displaystyle E=mc^{2}}</annotation></semantics></math></span>'
    '<img src="https://wikimedia.example/math/abc.svg" class="mwe-math-fallback-image-inline" aria-hidden="true" '
    'alt="{\\displaystyle E=mc^{2}}"></span> for a body at rest.</p>'
)
MATHJAX = (
    '<p>Without TeX, <mjx-container class="MathJax" jax="CHTML"><mjx-math aria-hidden="true"><mjx-mi>VISUALCOPY'
    '</mjx-mi></mjx-math><mjx-assistive-mml display="inline"><math><msup><mi>a</mi><mn>2</mn></msup><mo>+</mo>'
    "<mi>b</mi><mo>&#8290;</mo><mi>c</mi></math></mjx-assistive-mml></mjx-container> is read from its MathML.</p>"
)
PAGE = (
    "<!doctype html><html><head><title>Attention</title></head><body><nav><a href='/'>Papers</a></nav><main>"
    f"<article><h1>Attention</h1>{PROSE}{LATEXML}{PROSE}{KATEX}{WIKIPEDIA}{MATHJAX}{PROSE}</article></main></body></html>"
)
EXPECTED = (
    "The outputs are `$\\mathrm{softmax}(\\frac{QK^{T}}{\\sqrt{d_{k}}})V$` for every query at once.",
    "`$$\\sum_{i=1}^{n} x_i w_i$$`",
    "The identity `$e^{i\\pi}$` relates the constants.",
    "Energy is `$E=mc^{2}$` for a body at rest.",
    "Without TeX, `${a}^{2} + b c$` is read from its MathML.",
)


def test_the_agent_reads_each_formula_once_as_tex_in_a_code_span() -> None:
    markdown = html_to_article(PAGE, URL).markdown
    for line in EXPECTED:
        assert line in markdown
    assert "VISUALCOPY" not in markdown and "\u2062" not in markdown and "displaystyle" not in markdown
    assert "| (1) |" in markdown  # the numbered equation's table is left whole


@pytest.mark.parametrize("name", profiles.COST_ORDER)
def test_every_candidate_reads_the_tex_whole(name: str) -> None:
    run, _ = cut_candidates(PAGE, URL)
    answer = run(name)
    for tex in ("\\frac{QK^{T}}{\\sqrt{d_{k}}}", "$$\\sum_{i=1}^{n} x_i w_i$$", "$e^{i\\pi}$", "$E=mc^{2}$"):
        assert tex in answer, name  # no candidate escapes an underscore or drops a hidden wrapper's formula
    assert "{a}^{2} + b c" in answer, name  # trafilatura drops custom elements: the TeX takes their place
    assert "VISUALCOPY" not in answer, name


def test_the_html_the_extractors_parse_themselves_holds_the_tex() -> None:
    _, written = cut_candidates(PAGE, URL)
    assert "<math" not in written and "<code>$e^{i\\pi}$</code>" in written


@pytest.mark.parametrize(
    ("mathml", "tex"),
    [
        ("<mfrac><mi>a</mi><mn>2</mn></mfrac>", "\\frac{a}{2}"),
        ("<msubsup><mi>x</mi><mi>i</mi><mn>2</mn></msubsup>", "{x}_{i}^{2}"),
        ("<msqrt><mi>x</mi><mo>+</mo><mn>1</mn></msqrt>", "\\sqrt{x + 1}"),
        ("<mroot><mi>x</mi><mn>3</mn></mroot>", "\\sqrt[3]{x}"),
        ("<munderover><mo>∑</mo><mi>i</mi><mi>n</mi></munderover>", "\\underset{i}{\\overset{n}{∑}}"),
        ("<mover><mi>x</mi><mo>‾</mo></mover>", "\\overset{‾}{x}"),
        ("<mtable><mtr><mtd><mn>1</mn></mtd><mtd><mn>0</mn></mtd></mtr><mtr><mtd><mn>0</mn></mtd><mtd><mn>1</mn>"
         "</mtd></mtr></mtable>", "\\begin{matrix} 1 & 0 \\\\ 0 & 1 \\end{matrix}"),
        ("<mfenced open='[' close=']'><mi>a</mi><mi>b</mi></mfenced>", "[a,b]"),
        ("<mi>f</mi><mo>&#8289;</mo><mo>(</mo><mi>x</mi><mo>)</mo>", "f ( x )"),
        ("<mfrac><mi>a</mi></mfrac>", "a"),  # a fraction missing a part: its parts as they are
        ("<semantics><mi>y</mi><annotation-xml encoding='MathML-Content'><ci>y</ci></annotation-xml></semantics>", "y"),
    ],
)  # fmt: skip
def test_mathml_without_tex_reads_as_the_tex_it_lays_out(mathml: str, tex: str) -> None:
    formula = etree.fromstring(f"<math>{mathml}</math>", etree.HTMLParser()).find(".//math")
    assert mathml_tex(formula) == tex


def test_a_displayed_katex_formula_gets_two_dollars_and_a_page_without_formulas_is_left_alone() -> None:
    displayed = tree(
        '<p><span class="katex-display"><span class="katex"><span class="katex-mathml"><math><annotation '
        'encoding="application/x-tex">x^2</annotation></math></span></span></span></p>'
    )
    assert formulas_as_tex(displayed) == 1
    assert "".join(displayed.itertext()) == "$$x^2$$"
    plain = tree(PROSE)
    assert formulas_as_tex(plain) == 0


def test_a_formula_in_a_visual_copy_taken_out_first_is_not_read_twice() -> None:
    root = tree(
        '<p><span><math alttext="a"></math><span aria-hidden="true"><math alttext="b"></math></span></span></p>'
    )
    assert formulas_as_tex(root) == 1
    assert "".join(root.itertext()) == "$a$"
