"""Formulas written in MathML, read as the TeX their page wrote them in.

arXiv's HTML papers (LaTeXML), pages set with KaTeX or MathJax, and Wikipedia write a formula as
MathML, with its TeX source in the markup (``alttext``, ``<annotation encoding="application/x-tex">``)
and often a visual copy beside it that screen readers are told to skip (``aria-hidden``). Read as
text, the MathML came out as its tokens run together with invisible operators between them
("Attention⁢(Q,K,V)=softmax⁢((Q⁢K^T)/(dk))⁢V"), then its TeX again, then the visual copy's
letters a third time. A model reads TeX fluently. So a formula becomes its TeX between dollars
(two for one displayed on a line of its own) in a code span, which every candidate keeps
character for character (trafilatura escapes underscores and stars in text: ``d\\_{k}``), and the
hidden visual copy beside it goes. A formula whose page gave no TeX gets the TeX its MathML reads as (``mathml_tex``).
"""

from __future__ import annotations

import re

from lxml import etree

from adapters.pages.html_markdown import Element, drop_tree

_TEX_ENCODINGS = frozenset({"application/x-tex", "text/x-tex", "application/x-latex", "tex", "latex"})
# Wikipedia wraps each formula's TeX in a style command that says nothing to a reader of the TeX.
_STYLE_WRAPPER = re.compile(r"\{\\(?:display|text)style\s(.*)\}", re.DOTALL)
# Function application, invisible times, invisible separator, invisible plus: MathML's operators
# that a browser does not draw; in text they split "QK" into two words.
_INVISIBLE_OPERATORS = str.maketrans(dict.fromkeys(range(0x2061, 0x2065)))
# How far up from a formula its visual copy is looked for: KaTeX, MathJax and Wikipedia set the
# MathML and the copy side by side in a wrapper each, two levels up.
_WRAPPER_LEVELS = 2


def formulas_as_tex(root: Element) -> int:
    """Each ``<math>`` of ``root`` as a code span of its TeX, its hidden visual copy out; how many changed."""
    changed = 0
    top = _top(root)
    for formula in list(root.iter("math")):
        if _top(formula) is not top:
            continue  # in a visual copy taken out already
        if any(ancestor.tag == "math" for ancestor in formula.iterancestors()):
            continue  # inside another formula, which speaks for it
        tex = _tex(formula)
        displayed = _displayed(formula)
        _visual_copies_out(formula)
        target = _wrapper_of(formula)
        code = etree.Element("code")
        code.text = f"$${tex}$$" if displayed else f"${tex}$"
        code.tail = target.tail
        target.getparent().replace(target, code)
        changed += 1
    return changed


def _top(element: Element) -> Element:
    """The outermost ancestor (lxml keeps a removed element's document, not its place in it)."""
    top = element
    for ancestor in element.iterancestors():
        top = ancestor
    return top


def _tex(formula: Element) -> str:
    """The TeX the page wrote the formula in, or else the TeX its MathML reads as."""
    for annotation in formula.iter("annotation"):
        if (annotation.get("encoding") or "").strip().lower() in _TEX_ENCODINGS and (annotation.text or "").strip():
            return _tidied(annotation.text)
    alttext = formula.get("alttext") or ""
    return _tidied(alttext) if alttext.strip() else _tidied(mathml_tex(formula))


def _tidied(tex: str) -> str:
    one_line = " ".join(tex.split())
    wrapped = _STYLE_WRAPPER.fullmatch(one_line)
    return wrapped.group(1).strip() if wrapped else one_line


def _displayed(formula: Element) -> bool:
    if formula.get("display") == "block" or formula.get("mode") == "display":
        return True
    # KaTeX marks a displayed formula on the wrapper around its own two.
    wrappers = [ancestor for _, ancestor in zip(range(_WRAPPER_LEVELS + 1), formula.iterancestors(), strict=False)]
    return any("katex-display" in (wrapper.get("class") or "") for wrapper in wrappers)


def _visual_copies_out(formula: Element) -> None:
    """The elements hidden from screen readers beside the formula, within its inline wrappers."""
    inner = formula
    for _ in range(_WRAPPER_LEVELS):
        wrapper = inner.getparent()
        if wrapper is None or not _inline_wrapper(wrapper):
            return
        for sibling in list(wrapper):
            if sibling is not inner and isinstance(sibling.tag, str) and sibling.get("aria-hidden") == "true":
                drop_tree(sibling)
        inner = wrapper


def _wrapper_of(formula: Element) -> Element:
    """The outermost inline wrapper holding nothing but the formula (KaTeX's spans, MathJax's custom
    elements, Wikipedia's span hidden by its style): the TeX takes its place, so that an extractor
    that drops custom elements or hidden styles still reads it."""
    target = formula
    for _ in range(_WRAPPER_LEVELS):
        wrapper = target.getparent()
        if wrapper is None or wrapper.getparent() is None or not _inline_wrapper(wrapper) or len(wrapper) != 1:
            break
        if (wrapper.text or "").strip() or (target.tail or "").strip():
            break
        target = wrapper
    return target


def _inline_wrapper(element: Element) -> bool:
    """A ``<span>`` or a custom element (MathJax's ``<mjx-container>``): what math libraries wrap a formula in."""
    return isinstance(element.tag, str) and (element.tag == "span" or "-" in element.tag)


def mathml_tex(element: Element) -> str:
    """MathML read as TeX, for a formula whose page gave none (MathJax's copy for screen readers,
    MathML written by hand): fractions, scripts, roots, over- and underscripts, tables and rows;
    any other element as its parts in order. Annotations and invisible operators are left out."""
    if not isinstance(element.tag, str) or element.tag in ("annotation", "annotation-xml"):
        return ""
    parts = [mathml_tex(child) for child in element]
    if element.tag in _TOKENS:
        return (element.text or "").translate(_INVISIBLE_OPERATORS).strip()
    if element.tag == "msqrt":  # its children are one row
        return r"\sqrt{" + " ".join(part for part in parts if part) + "}"
    arity, layout = _LAYOUTS.get(element.tag, (0, ""))
    if arity and len(parts) == arity:
        return layout.format(*parts)
    if element.tag == "mtable":
        return r"\begin{matrix} " + r" \\ ".join(parts) + r" \end{matrix}"
    if element.tag == "mtr":
        return " & ".join(parts)
    if element.tag == "mfenced":
        return (
            (element.get("open") or "(")
            + (element.get("separators") or ",").join(parts)
            + (element.get("close") or ")")
        )
    return " ".join(part for part in parts if part)


_TOKENS = frozenset({"mi", "mn", "mo", "mtext", "ms"})
# Elements of a fixed number of parts, and the TeX they read as ({0} the first part...).
_LAYOUTS = {
    "mfrac": (2, r"\frac{{{0}}}{{{1}}}"),
    "msup": (2, "{{{0}}}^{{{1}}}"),
    "msub": (2, "{{{0}}}_{{{1}}}"),
    "msubsup": (3, "{{{0}}}_{{{1}}}^{{{2}}}"),
    "mroot": (2, r"\sqrt[{1}]{{{0}}}"),
    "mover": (2, r"\overset{{{1}}}{{{0}}}"),
    "munder": (2, r"\underset{{{1}}}{{{0}}}"),
    "munderover": (3, r"\underset{{{1}}}{{\overset{{{2}}}{{{0}}}}}"),
}
