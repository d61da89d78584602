// The replay page's script: the copy button, and the timeline. It reads
// the snapshots from #replay-data (made by src/html/replay.rs) and only
// shows them: it knows no rule of the game.
(function () {
  "use strict";
  var copy = document.getElementById("copy");
  if (copy) {
    copy.addEventListener("click", function () {
      var pre = document.getElementById("game-text");
      var done = function () {
        copy.textContent = "copied";
        setTimeout(function () { copy.textContent = "copy"; }, 1500);
      };
      var fallback = function () {
        var range = document.createRange();
        range.selectNodeContents(pre);
        var sel = window.getSelection();
        sel.removeAllRanges();
        sel.addRange(range);
        document.execCommand("copy");
        done();
      };
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(pre.textContent).then(done, fallback);
      } else {
        fallback();
      }
    });
  }

  var dataEl = document.getElementById("replay-data");
  if (!dataEl) return;
  var D = JSON.parse(dataEl.textContent);
  var E = D.ev.length;
  var STEP = 256;
  var clone = function (s) {
    return s.map(function (p) { return { f: p.f, hp: p.hp, hand: p.hand.slice() }; });
  };
  var apply = function (s, e) {
    for (var j = 4; j < e.length; j++) {
      var d = e[j], p = s[d[0]];
      p.f = d[1];
      p.hp = d[2];
      var ins = d[5].split("");
      p.hand.splice.apply(p.hand, [d[3], d[4]].concat(ins));
    }
  };
  var state = D.init.map(function (p) { return { f: p[0], hp: p[1], hand: p[2].split("") }; });
  var checkpoints = [clone(state)];
  for (var i = 0; i < E; i++) {
    apply(state, D.ev[i]);
    if ((i + 1) % STEP === 0) checkpoints.push(clone(state));
  }
  var stateAt = function (k) {
    var c = Math.floor(k / STEP);
    var s = clone(checkpoints[c]);
    for (var i = c * STEP; i < k; i++) apply(s, D.ev[i]);
    return s;
  };

  var seats = [];
  for (var s = 0; s < D.init.length; s++) seats.push(document.getElementById("seat-" + s));
  var templates = {};
  "PKDFNWJZ".split("").forEach(function (c) {
    templates[c] = document.getElementById("card-" + c).content.firstElementChild;
  });
  var slider = document.getElementById("slider");
  var where = document.getElementById("where");
  var now = document.getElementById("now");
  var position = document.getElementById("position");
  var timeline = document.querySelector(".timeline");
  document.getElementById("controls").hidden = false;
  document.getElementById("hint").hidden = false;
  // The list items, by event number. Their ids go, so that the browser
  // does not scroll the page to #event-N: the script shows it instead.
  var items = [];
  Array.prototype.forEach.call(document.querySelectorAll("#events > li"), function (li, k) {
    items[k] = li;
    li.removeAttribute("id");
  });
  var current = -1;
  var selected = null;

  var cards = function (n) { return n === 1 ? "1 card" : n + " cards"; };
  var show = function (k, scroll) {
    k = Math.max(0, Math.min(E, k));
    current = k;
    var st = stateAt(k);
    var e = k > 0 ? D.ev[k - 1] : null;
    st.forEach(function (p, i) {
      var el = seats[i];
      el.classList.toggle("dead", !(p.f & 1));
      el.classList.toggle("armed", !!(p.f & 2));
      el.classList.toggle("public", !!(p.f & 4));
      el.classList.toggle("suspected", !!(p.f & 8));
      el.classList.toggle("actor", !!e && e[3] === i);
      el.classList.toggle("turn", !!e && e[1] === i);
      el.querySelectorAll(".heart").forEach(function (h, j) {
        h.classList.toggle("lost", j >= p.hp);
      });
      el.querySelector(".hpnum").textContent = p.hp + "/4";
      el.querySelector(".count").textContent = cards(p.hand.length);
      var frag = document.createDocumentFragment();
      p.hand.forEach(function (c) { frag.appendChild(templates[c].cloneNode(true)); });
      var hand = el.querySelector(".hand");
      while (hand.firstChild) hand.removeChild(hand.firstChild);
      hand.appendChild(frag);
    });
    var deck = e ? e[2] : D.deck;
    where.textContent = (k === 0 ? "The deal, before any event" : "After event " + k + " of " + E) +
      (e && e[0] > 0 ? " · turn " + e[0] + ", pig " + (e[1] + 1) + "'s" : "") +
      " · deck: " + cards(deck) + " left";
    position.textContent = k + " / " + E;
    slider.value = k;
    if (selected) selected.classList.remove("sel");
    selected = items[k];
    while (now.firstChild) now.removeChild(now.firstChild);
    if (selected) {
      selected.classList.add("sel");
      now.appendChild(document.createTextNode(k === 0 ? "" : "event " + k + ": "));
      Array.prototype.forEach.call(selected.childNodes, function (n) {
        now.appendChild(n.cloneNode(true));
      });
      if (scroll) {
        // Scroll the timeline only, never the page.
        var box = timeline.getBoundingClientRect(), at = selected.getBoundingClientRect();
        if (at.top < box.top + 40 || at.bottom > box.bottom - 10) {
          timeline.scrollTop += at.top - box.top - timeline.clientHeight / 3;
        }
      }
    }
    if (location.hash !== "#event-" + k) history.replaceState(null, "", "#event-" + k);
  };

  var fromHash = function () {
    var m = /^#event-(\d+)$/.exec(location.hash);
    // Without an address, the page opens where the timeline says (a
    // failure page: the event where the program went another way).
    var start = parseInt(document.getElementById("events").getAttribute("data-start") || "0", 10);
    return m ? parseInt(m[1], 10) : start;
  };
  slider.addEventListener("input", function () { show(parseInt(slider.value, 10), true); });
  document.getElementById("prev").addEventListener("click", function () { show(current - 1, true); });
  document.getElementById("next").addEventListener("click", function () { show(current + 1, true); });
  document.getElementById("events").addEventListener("click", function (ev) {
    var k = items.indexOf(ev.target.closest("li"));
    if (k >= 0) show(k, false);
  });
  document.addEventListener("keydown", function (ev) {
    if (ev.target === slider || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    var to = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: E }[ev.key];
    if (to !== undefined) {
      ev.preventDefault();
      show(to, true);
    }
  });
  window.addEventListener("hashchange", function () { show(fromHash(), true); });
  show(fromHash(), true);
  window.addEventListener("load", function () { window.scrollTo(0, 0); });
})();
