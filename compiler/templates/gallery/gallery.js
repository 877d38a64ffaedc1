// The gallery's search and kind filter: plain JavaScript, no server, no build step.
// The filter state lives in the URL fragment (#q=erudite&kind=proc), so a link shows a filtered page.
(function () {
  "use strict";
  var search = document.getElementById("search");
  var kind = document.getElementById("kind");
  var count = document.getElementById("count");
  var nothing = document.getElementById("nothing");
  var items = Array.prototype.slice.call(document.querySelectorAll("article.item"));
  var groups = Array.prototype.slice.call(document.querySelectorAll("section.group"));

  function readFragment() {
    var params = new URLSearchParams(window.location.hash.replace(/^#/, ""));
    search.value = params.get("q") || "";
    kind.value = params.get("kind") || "";
    if (kind.value !== (params.get("kind") || "")) { kind.value = ""; }  // an unknown kind shows all
  }

  function writeFragment() {
    var params = new URLSearchParams();
    if (search.value) { params.set("q", search.value); }
    if (kind.value) { params.set("kind", kind.value); }
    var text = params.toString();
    history.replaceState(null, "", text ? "#" + text : window.location.pathname + window.location.search);
  }

  function apply() {
    var words = search.value.toLowerCase().split(/\s+/).filter(Boolean);
    var shown = 0;
    items.forEach(function (item) {
      var text = item.getAttribute("data-text");
      var match = (!kind.value || item.getAttribute("data-kind") === kind.value) &&
        words.every(function (w) { return text.indexOf(w) !== -1; });
      item.hidden = !match;
      if (match) { shown += 1; }
    });
    groups.forEach(function (group) {
      group.hidden = !group.querySelector("article.item:not([hidden])");
    });
    count.textContent = shown + " of " + items.length;
    nothing.hidden = shown !== 0;
    document.body.setAttribute("data-shown", String(shown));
  }

  search.addEventListener("input", function () { apply(); writeFragment(); });
  kind.addEventListener("change", function () { apply(); writeFragment(); });
  window.addEventListener("hashchange", function () { readFragment(); apply(); });
  readFragment();
  apply();
  document.body.setAttribute("data-ready", "1");
}());
