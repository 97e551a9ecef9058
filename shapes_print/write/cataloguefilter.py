"""Write stage, the catalogue's finder: a form that narrows the page to the kits asked for.

Input: the choices the page's kits offer (games, versions, papers, player counts), each a
value and the words shown for it. Output: the form's HTML, its style and a short inline
script. The form is `hidden` until the script runs, so without script (or with it blocked)
the page simply lists every kit; nothing is loaded from the network. The script reads each
kit's `data-` attributes, heading and files' titles (in their own language, accents folded),
hides the kits and sections that do not match, and says in a status line how many match,
with a link to each.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from html import escape

# The finder's choices, in the order the form shows them: the kit attribute each one
# matches (`data-game` ...), the label, and what "no choice" is called.
FIELDS = (
    ("game", "Game", "Every game"),
    ("version", "Version", "Every version"),
    ("paper", "Paper", "Every paper"),
    ("players", "Players", "Any number"),
)
LISTED_MATCHES = 24  # the status line links each match up to this many, then just counts
# A word typed in American spelling finds the kits our headings spell the British way.
SPELLINGS = {"color": "colour", "gray": "grey", "center": "centre"}

Choices = Sequence[tuple[str, str]]  # a value and the words shown for it


def finder(choices: Mapping[str, Choices]) -> str:
    """The form: a choice for each of `FIELDS`, a box of words, a reset, and the status."""
    selects = "".join(
        f'<label>{label} <select name="{name}"><option value="">{none}</option>'
        + "".join(
            f'<option value="{escape(value)}">{escape(shown)}</option>'
            for value, shown in choices.get(name, ())
        )
        + "</select></label>"
        for name, label, none in FIELDS
    )
    return f"""<section id="find" aria-labelledby="find-heading" hidden>
<h2 id="find-heading">Find a kit</h2>
<form role="search" aria-labelledby="find-heading">
{selects}<label>Words <input type="search" name="words" autocomplete="off" placeholder="collect 3 letter 4"></label>
<button type="reset">Show every kit</button>
</form>
<div id="found" role="status"></div>
</section>
"""


SCRIPT = (
    """
(function () {
  "use strict";
  var find = document.getElementById("find");
  var form = find.querySelector("form");
  var found = document.getElementById("found");
  var kits = Array.prototype.slice.call(document.querySelectorAll(".kit"));
  var groups = Array.prototype.slice.call(
    document.querySelectorAll("#kits section, #kits .paper")).reverse();
  var fields = __FIELDS__;
  var listed = __LISTED__;
  var spellings = __SPELLINGS__;
  // Accents folded ("reune" finds "Reúne", and an accent typed finds a word without it).
  function words(text) {
    return text.normalize("NFD").replace(/[\\u0300-\\u036f]/g, "").toLowerCase()
      .split(/[^0-9a-z\\u00c0-\\u024f]+/).filter(Boolean)
      .map(function (word) { return spellings[word] || word; });
  }
  // A word matches the start of a kit's word ("lett" finds letter), but a number only the
  // whole number: "1" is one player, not the start of 10.
  function has(own, word) {
    return /^[0-9]+$/.test(word) ? own === word : own.indexOf(word) === 0;
  }
  // A kit is found by its heading, its version and its files' own titles, in their own
  // language ("Reúne 3" finds the Spanish Collect 3).
  kits.forEach(function (kit) {
    var titles = Array.prototype.map.call(
      kit.querySelectorAll("a.open, img[alt]"),
      function (named) { return named.alt || named.textContent; });
    kit.words = words([kit.querySelector("h5").textContent, kit.dataset.version]
      .concat(titles).join(" "));
  });
  function matches(kit, asked) {
    return fields.every(function (name) {
      var wanted = form.elements[name].value;
      return !wanted || kit.dataset[name] === wanted;
    }) && asked.every(function (word) {
      return kit.words.some(function (own) { return has(own, word); });
    });
  }
  function update() {
    var asked = words(form.elements.words.value);
    var shown = kits.filter(function (kit) {
      kit.hidden = !matches(kit, asked);
      return !kit.hidden;
    });
    groups.forEach(function (group) {
      group.hidden = !group.querySelector(".kit:not([hidden])");
    });
    found.textContent = "";
    var all = shown.length === kits.length;
    var line = document.createElement("p");
    line.textContent = all ? "Every kit is listed below (" + kits.length + ")."
      : shown.length === 0 ? "No kit matches: choose fewer things."
      : (shown.length === 1 ? "1 kit matches" : shown.length + " kits match") +
        (shown.length <= listed ? ":" : "; they are listed below.");
    found.appendChild(line);
    if (!all && shown.length && shown.length <= listed) {
      var list = document.createElement("ul");
      shown.forEach(function (kit) {
        var item = document.createElement("li");
        var link = document.createElement("a");
        link.href = "#" + kit.querySelector("h5").id;
        link.textContent = kit.querySelector("h5").textContent;
        item.appendChild(link);
        list.appendChild(item);
      });
      found.appendChild(list);
    }
  }
  form.addEventListener("input", update);
  form.addEventListener("change", update);
  form.addEventListener("reset", function () { setTimeout(update, 0); });
  form.addEventListener("submit", function (event) { event.preventDefault(); });
  find.hidden = false;
  update();
})();
""".replace("__FIELDS__", json.dumps([name for name, _, _ in FIELDS]))
    .replace("__LISTED__", str(LISTED_MATCHES))
    .replace("__SPELLINGS__", json.dumps(SPELLINGS))
)

STYLE = """
[hidden] { display: none !important; }
#find form { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: end; }
#find label { display: flex; flex-direction: column; font-weight: 600; font-size: .9rem; }
#find select, #find input, #find button { font: inherit; font-weight: 400; min-height: 2.5rem;
  padding: .2rem .4rem; border: 1px solid var(--muted); border-radius: 4px; background: #fff;
  color: var(--ink); }
#find button { cursor: pointer; }
#find :focus-visible { outline: 3px solid var(--ink); outline-offset: 2px; }
#found ul { display: flex; flex-wrap: wrap; gap: .2rem 1.25rem; padding: 0; list-style: none; }
.context { position: absolute; width: 1px; height: 1px; overflow: hidden;
  clip-path: inset(50%); white-space: nowrap; }
@media (max-width: 40rem) {
  #find label { flex: 1 1 45%; }
  #find select, #find input { width: 100%; }
  .context { position: static; width: auto; height: auto; clip-path: none;
    white-space: normal; }
}
"""
