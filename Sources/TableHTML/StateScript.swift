import TableModel

/// The title a section goes by: its title header, or its id.
enum PDFTitle {
    static func of(_ section: Section) -> String {
        if case .title(let title)? = section.header, !title.isEmpty { return title }
        return section.id
    }
}

/// The page's only script: it switches a stateful section's lists and animates the change from
/// one to the other (deleted rows fade out, inserted ones fade in, moved ones slide: FLIP), in
/// about 300 ms, and not at all when the reader prefers reduced motion. Allowed by its hash in the
/// page's Content-Security-Policy.
enum StateScript {
    static let source = """
        (function () {
          "use strict";
          document.documentElement.classList.add("js");
          var reduce = window.matchMedia("(prefers-reduced-motion: reduce)");
          var duration = 300;
          function rows(list) {
            var map = new Map();
            Array.prototype.forEach.call(list.children, function (li) { map.set(li.getAttribute("data-id"), li); });
            return map;
          }
          document.querySelectorAll("[data-switcher]").forEach(function (switcher) {
            var section = switcher.closest("section");
            switcher.addEventListener("click", function (event) {
              var button = event.target.closest("button[data-state]");
              if (!button || button.getAttribute("aria-pressed") === "true") { return; }
              var from = section.querySelector("ul.state-list.current");
              var to = null;
              section.querySelectorAll("ul.state-list").forEach(function (list) {
                if (list.getAttribute("data-state") === button.getAttribute("data-state")) { to = list; }
              });
              if (!from || !to) { return; }
              switcher.querySelectorAll("button").forEach(function (other) {
                other.setAttribute("aria-pressed", String(other === button));
              });
              var sectionBox = section.getBoundingClientRect();
              var before = new Map();
              rows(from).forEach(function (li, id) { before.set(id, li.getBoundingClientRect()); });
              var ghosts = [];
              if (!reduce.matches) {
                var targets = rows(to);
                rows(from).forEach(function (li, id) {
                  if (targets.has(id)) { return; }
                  var box = before.get(id);
                  var ghost = li.cloneNode(true);
                  ghost.classList.add("ghost");
                  ghost.removeAttribute("data-id");
                  ghost.style.top = (box.top - sectionBox.top) + "px";
                  ghost.style.left = (box.left - sectionBox.left) + "px";
                  ghost.style.width = box.width + "px";
                  ghost.style.height = box.height + "px";
                  ghosts.push(ghost);
                });
              }
              from.classList.remove("current");
              to.classList.add("current");
              if (reduce.matches) { return; }
              ghosts.forEach(function (ghost) {
                section.appendChild(ghost);
                ghost.animate([{ opacity: 1 }, { opacity: 0 }], { duration: duration, easing: "ease-out" })
                  .finished.then(function () { ghost.remove(); });
              });
              rows(to).forEach(function (li, id) {
                var old = before.get(id);
                if (old) {
                  var dy = old.top - li.getBoundingClientRect().top;
                  if (Math.abs(dy) > 0.5) {
                    li.animate([{ transform: "translateY(" + dy + "px)" }, { transform: "none" }], { duration: duration, easing: "ease-in-out" });
                  }
                } else {
                  li.animate([{ opacity: 0 }, { opacity: 1 }], { duration: duration, easing: "ease-in" });
                }
              });
            });
          });
        })();
        """
}
