/// The pages' one script, served as `/static/app.js` so that the
/// Content-Security-Policy needs no inline script. Every page works without
/// it; it only adds a live filter on the board, a live MOD preview while
/// typing the O₂, and print buttons.
enum WebScript {
    static let js = """
        "use strict";
        document.addEventListener("DOMContentLoaded", function () {
          var filter = document.getElementById("board-filter");
          if (filter) {
            filter.addEventListener("input", function () {
              var needle = filter.value.trim().toLowerCase();
              document.querySelectorAll("tr[data-name]").forEach(function (row) {
                row.hidden = needle !== "" && row.getAttribute("data-name").toLowerCase().indexOf(needle) === -1;
              });
            });
          }
          document.querySelectorAll("[data-print]").forEach(function (button) {
            button.hidden = false;
            button.addEventListener("click", function () { window.print(); });
          });
          var o2 = document.getElementById("fill-o2");
          var preview = document.getElementById("mod-preview");
          if (o2 && preview) {
            var update = function () {
              var percent = parseFloat(o2.value.replace(/^ean\\s*/i, "").replace(",", "."));
              if (/^air$/i.test(o2.value.trim())) { percent = 21; }
              var checked = document.querySelector("input[name=ppo2]:checked");
              var ppo2 = checked ? parseFloat(checked.value) : 1.4;
              if (!(percent >= 21 && percent <= 100)) { preview.textContent = ""; return; }
              var metres = Math.round((ppo2 / (percent / 100) - 1) * 10);
              var feet = Math.round((ppo2 / (percent / 100) - 1) * 33);
              preview.textContent = "MOD preview: about " + metres + " m / " + feet + " ft at ppO\\u2082 " + ppo2 + " (the tag gives the exact figure)";
            };
            o2.addEventListener("input", update);
            document.querySelectorAll("input[name=ppo2]").forEach(function (radio) { radio.addEventListener("change", update); });
            update();
          }
        });

        """
}
