/// The pages' one script, served as `/static/app.js` so that the
/// Content-Security-Policy needs no inline script. Every page works without
/// it; it only adds a live filter on the board, a live MOD preview while
/// typing the readings (exactly the server's figure, or nothing), and print buttons.
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
            // The MOD exactly as the server computes it: integers in tenths
            // of a percent and hundredths of a bar, halves shallower, feet
            // from the exact depth, the richer O2 of the two readings, the
            // logbook's rounding. Anything it cannot read for certain shows nothing.
            var tenths = function (text) {
              var match = /^([0-9]{1,4})(?:\\.([0-9]))?$/.exec(text);
              return match ? Number(match[1]) * 10 + (match[2] ? Number(match[2]) : 0) : null;
            };
            var hundredths = function (text) {
              var match = /^([0-9])(?:\\.([0-9])([0-9])?)?$/.exec(text);
              return match ? Number(match[1]) * 100 + (match[2] ? Number(match[2]) * 10 : 0) + (match[3] ? Number(match[3]) : 0) : null;
            };
            var names = [["nitrox", "nitrox"], ["eanx", "nitrox"], ["ean", "nitrox"], ["nx", "nitrox"],
              ["trimix", "helium"], ["heliox", "heliox"], ["tmx", "helium"], ["tx", "helium"]];
            // A gas as `gaslog fill --o2` reads it: {o2, he} in tenths, he null when not written.
            var reading = function (text) {
              var plain = tenths(text);
              if (plain !== null) { return { o2: plain, he: null }; }
              var body = text.toLowerCase();
              if (body === "air") { return { o2: 210, he: null }; }
              if (body === "oxygen" || body === "o2") { return { o2: 1000, he: null }; }
              var kind = "";
              for (var index = 0; index < names.length; index++) {
                if (body.indexOf(names[index][0]) === 0) {
                  body = body.slice(names[index][0].length);
                  if (body.charAt(0) === " ") { body = body.slice(1); }
                  kind = names[index][1];
                  break;
                }
              }
              var slash = body.indexOf("/");
              if (slash !== -1) {
                var oxygen = tenths(body.slice(0, slash));
                var helium = tenths(body.slice(slash + 1));
                if (oxygen === null || helium === null) { return null; }
                if (kind === "nitrox" && helium !== 0) { return null; }
                if (kind === "heliox" && oxygen + helium !== 1000) { return null; }
                return { o2: oxygen, he: helium };
              }
              if (kind === "helium" || kind === "heliox") { return null; }
              if (body.slice(-1) === "%") { body = body.slice(0, -1); }
              var percent = tenths(body);
              return percent === null ? null : { o2: percent, he: null };
            };
            // A helium field as `--he` reads it: 0 to 95, in tenths; undefined when empty, null when unreadable.
            var heliumField = function (element) {
              var text = element ? element.value.replace(/^ +| +$/g, "") : "";
              if (text === "") { return undefined; }
              var value = tenths(text.slice(-1) === "%" ? text.slice(0, -1) : text);
              return value !== null && value <= 950 ? value : null;
            };
            // The mix of a reading with a separate helium value, or null when out of range.
            var mix = function (gas, helium) {
              if (gas === null || helium === null || (helium !== undefined && gas.he !== null)) { return null; }
              var he = gas.he !== null ? gas.he : helium !== undefined ? helium : 0;
              if (he === 0) { return gas.o2 >= 210 && gas.o2 <= 1000 ? { o2: gas.o2, he: 0 } : null; }
              return gas.o2 >= 50 && gas.o2 <= 1000 && he >= 10 && he <= 950 && gas.o2 + he <= 1000 ? { o2: gas.o2, he: he } : null;
            };
            var floorDivide = function (numerator, denominator) {
              var remainder = ((numerator % denominator) + denominator) % denominator;
              return (numerator - remainder) / denominator;
            };
            // (ppO₂ / fO₂ − 1) × perBar = (10 × centibar − permille) × perBar / permille, rounded.
            var depth = function (permille, centibar, perBar, rounding) {
              var numerator = (10 * centibar - permille) * perBar;
              if (rounding === "down") { return floorDivide(numerator, permille); }
              // Nearest, an exact half shallower: ⌈x − ½⌉ = −⌊(d − 2n) / 2d⌋.
              return -floorDivide(permille - 2 * numerator, 2 * permille);
            };
            var field = function (id) {
              var element = document.getElementById(id);
              return element ? element.value.replace(/^ +| +$/g, "") : "";
            };
            var update = function () {
              preview.textContent = "";
              var text = field("fill-o2");
              if (text === "") { return; }
              var blender = mix(reading(text), heliumField(document.getElementById("field-he")));
              if (blender === null) { return; }
              var diverText = field("field-diver-o2");
              var diverHelium = heliumField(document.getElementById("field-diver-he"));
              var oxygen = blender.o2;
              var fromDiver = false;
              if (diverText !== "") {
                var diverReading = reading(diverText);
                if (diverReading === null || diverHelium === null) { return; }
                if (diverHelium !== undefined && diverReading.he !== null) { return; }
                var diver = mix(diverReading, diverHelium !== undefined ? diverHelium : diverReading.he === null ? blender.he : undefined);
                if (diver === null) { return; }
                // Readings beyond the tolerance (1 point of O2, 2 of helium) are refused: nothing to preview.
                if (Math.abs(diver.o2 - blender.o2) > 10 || Math.abs(diver.he - blender.he) > 20) { return; }
                if (diver.o2 > oxygen) { oxygen = diver.o2; fromDiver = true; }
              } else if (diverHelium !== undefined) {
                return;
              }
              var checked = document.querySelector("input[name=ppo2]:checked");
              var centibar = checked ? hundredths(checked.value) : null;
              if (centibar === null || centibar < 100 || centibar > 160) { return; }
              var rounding = preview.getAttribute("data-rounding") === "down" ? "down" : "nearest";
              var metres = depth(oxygen, centibar, 10, rounding) + " m";
              var feet = depth(oxygen, centibar, 33, rounding) + " ft";
              var both = preview.getAttribute("data-unit") === "imperial" ? feet + " / " + metres : metres + " / " + feet;
              preview.textContent = "MOD preview: " + both + " at ppO\\u2082 " + checked.value + (fromDiver ? ", from the diver\\u2019s richer reading" : "");
            };
            ["fill-o2", "field-he", "field-diver-o2", "field-diver-he"].forEach(function (id) {
              var element = document.getElementById(id);
              if (element) { element.addEventListener("input", update); }
            });
            document.querySelectorAll("input[name=ppo2]").forEach(function (radio) { radio.addEventListener("change", update); });
            update();
          }
        });

        """
}
