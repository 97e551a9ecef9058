"""The page `preview --serve` shows (commands/serve.py): plain HTML, a little CSS and a
script that listens to the server's event stream and draws what each event says.

Nothing is loaded from elsewhere. Each event carries everything shown (the watcher's last
line, the build's error if any, each kit's pictures), so the page draws it whole; pictures
keep their address while their bytes are the same, so only changed pages load again, and
are outlined. The "Element boxes" switch shows each kit's cards with their layouts' boxes
drawn (`preview --boxes`, built beside the kit) and the texts that shrank, in place of the
kit, and a legend of the boxes' colours. `GAME` is replaced by the game's name when
served, `BOXES` by whether the switch starts on, `LEGEND` by the legend's items.
"""

PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Preview: GAME</title>
<style>
:root { color-scheme: light; --ink: #1a1a1a; --muted: #4d4d4d; --accent: #0072B2;
  --error: #B00020; }
body { margin: 0 auto; max-width: 80rem; padding: 0 1rem 3rem; color: var(--ink);
  font: 1rem/1.5 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif;
  background: #d9d9d9; }
header { position: sticky; top: 0; z-index: 1; padding: .5rem 0; background: #d9d9d9;
  border-bottom: 1px solid #808080; }
h1 { margin: .25rem 0; font-size: 1.5rem; }
h2 { margin: 1.5rem 0 .5rem; font-size: 1.15rem; }
#status { margin: .25rem 0; color: var(--muted); }
#error { margin: .5rem 0; padding: .5rem .75rem; background: #fff; color: var(--error);
  border: 3px solid var(--error); border-radius: 4px; }
#error pre { margin: 0; white-space: pre-wrap; font-weight: 700; }
#error p { margin: .25rem 0 0; color: var(--ink); }
fieldset { display: inline-flex; gap: 1rem; margin: .25rem 0; border: 0; padding: 0; }
legend { float: left; margin-right: .5rem; font-weight: 600; }
.pictures { display: flex; flex-direction: column; gap: 1rem; margin: 0; padding: 0;
  list-style: none; }
figure { margin: 0; }
figure img { display: block; max-width: 100%; height: auto; background: #fff;
  outline: 1px solid #808080; }
figure.changed img { outline: 4px solid var(--accent); }
figcaption { font-size: .9rem; color: var(--muted); }
.sizes { margin: 0 0 1rem; padding-left: 1.25rem; }
#legend { display: flex; flex-wrap: wrap; gap: .25rem 1.25rem; margin: .25rem 0; padding: 0;
  list-style: none; font-size: .9rem; }
.swatch { display: inline-block; width: 1rem; height: .7rem; margin-right: .35rem;
  border: 2px solid; vertical-align: -.05rem; background: #fff; }
[hidden] { display: none !important; }
</style>
</head>
<body>
<header>
<h1>Preview: GAME</h1>
<p id="status" role="status">Connecting to the preview&hellip;</p>
<div id="error" role="alert" hidden><pre></pre><p></p></div>
<form id="views"><fieldset><legend>Show</legend>
<label><input type="radio" name="view" value="pages" checked> Page by page</label>
<label><input type="radio" name="view" value="sheets"> Contact sheets</label>
<label><input type="checkbox" name="boxes" BOXES> Element boxes</label>
</fieldset></form>
<ul id="legend" hidden>LEGEND</ul>
</header>
<main id="kits"></main>
<noscript><p>This page needs script to show the pictures; they are also in each kit's
preview/ folder.</p></noscript>
<script>
(function () {
  "use strict";
  var kits = document.getElementById("kits");
  var status = document.getElementById("status");
  var error = document.getElementById("error");
  var views = document.getElementById("views");
  var last = null;
  var before = new Set();
  function figure(picture, changed) {
    var item = document.createElement("li");
    var shown = document.createElement("figure");
    if (changed) shown.className = "changed";
    var image = document.createElement("img");
    image.src = picture.src;
    image.width = picture.width;
    image.height = picture.height;
    image.alt = picture.title;
    var caption = document.createElement("figcaption");
    caption.textContent = picture.title + (changed ? " (changed)" : "");
    shown.append(image, caption);
    item.append(shown);
    return item;
  }
  function draw() {
    if (!last) return;
    status.textContent = last.error
      ? "The last build failed; save a fix and it builds again."
      : last.status;
    error.hidden = !last.error;
    error.querySelector("pre").textContent = last.error ? last.error.line : "";
    error.querySelector("p").textContent = last.error
      ? (last.error.hint ? "Hint: " + last.error.hint + ". " : "") +
        "The pictures below are the last good build's."
      : "";
    var view = views.elements.view.value;
    var boxes = views.elements.boxes.checked;
    document.getElementById("legend").hidden = !boxes;
    var parts = [];
    last.kits.forEach(function (kit) {
      if (kit.boxes !== boxes) return;
      var heading = document.createElement("h2");
      heading.textContent = kit.folder;
      parts.push(heading);
      if (kit.boxes) {
        var sizes = document.createElement("ul");
        sizes.className = "sizes";
        (kit.shrunk.length ? kit.shrunk : ["Every card text is set at the size its layout asks."])
          .forEach(function (line) {
            var item = document.createElement("li");
            item.textContent = line;
            sizes.append(item);
          });
        parts.push(sizes);
      }
      var list = document.createElement("ul");
      list.className = "pictures";
      (view === "sheets" ? kit.sheets : kit.pages).forEach(function (picture) {
        list.append(figure(picture, before.size > 0 && !before.has(picture.src)));
      });
      parts.push(list);
    });
    kits.replaceChildren.apply(kits, parts);
  }
  function sources(shown) {
    var all = new Set();
    shown.kits.forEach(function (kit) {
      kit.pages.concat(kit.sheets).forEach(function (p) { all.add(p.src); });
    });
    return all;
  }
  var events = new EventSource("/events");
  events.onmessage = function (event) {
    var shown = JSON.parse(event.data);
    if (last && JSON.stringify(shown.kits) !== JSON.stringify(last.kits)) {
      before = sources(last);  // pages not in the build before are outlined as changed
    }
    last = shown;
    draw();
  };
  events.onerror = function () {
    status.textContent = "The preview is not answering (stopped with Ctrl-C?); " +
      "this page picks up again when it is back.";
  };
  views.addEventListener("change", draw);
})();
</script>
</body>
</html>
"""
