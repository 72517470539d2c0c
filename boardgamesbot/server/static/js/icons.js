// Small inline SVG icons, so nothing depends on emoji fonts being installed.

import { s } from "./dom.js";

const ICONS = {
  trophy: [
    ["path", { d: "M7 3h10v5a5 5 0 0 1-10 0z", fill: "currentColor" }],
    ["path", { d: "M7 5H4v2a3 3 0 0 0 3 3M17 5h3v2a3 3 0 0 1-3 3", fill: "none", stroke: "currentColor", "stroke-width": 1.6 }],
    ["path", { d: "M10.5 13h3v4h-3zM8 18h8v3H8z", fill: "currentColor" }],
  ],
  eye: [
    ["path", { d: "M2 12s3.6-6 10-6 10 6 10 6-3.6 6-10 6S2 12 2 12z", fill: "none", stroke: "currentColor", "stroke-width": 1.8 }],
    ["circle", { cx: 12, cy: 12, r: 3, fill: "currentColor" }],
  ],
  cat: [
    ["path", { d: "M4 20V9l3-5 3 4h4l3-4 3 5v11z", fill: "currentColor" }],
    ["circle", { cx: 9, cy: 13, r: 1.3, fill: "#fff" }],
    ["circle", { cx: 15, cy: 13, r: 1.3, fill: "#fff" }],
    ["path", { d: "M11 16h2l-1 1.2z", fill: "#fff" }],
  ],
  bot: [
    ["rect", { x: 4, y: 7, width: 16, height: 12, rx: 3, fill: "currentColor" }],
    ["path", { d: "M12 3v4", stroke: "currentColor", "stroke-width": 2 }],
    ["circle", { cx: 12, cy: 3, r: 1.6, fill: "currentColor" }],
    ["circle", { cx: 9, cy: 12.5, r: 1.7, fill: "#fff" }],
    ["circle", { cx: 15, cy: 12.5, r: 1.7, fill: "#fff" }],
    ["path", { d: "M9 16.5h6", stroke: "#fff", "stroke-width": 1.5, "stroke-linecap": "round" }],
  ],
  person: [
    ["circle", { cx: 12, cy: 8, r: 4, fill: "currentColor" }],
    ["path", { d: "M4 21a8 8 0 0 1 16 0z", fill: "currentColor" }],
  ],
  clock: [
    ["circle", { cx: 12, cy: 13, r: 8, fill: "none", stroke: "currentColor", "stroke-width": 2 }],
    ["path", { d: "M12 9v4.5l3 2M9.5 3h5", fill: "none", stroke: "currentColor", "stroke-width": 2, "stroke-linecap": "round" }],
  ],
  link: [
    ["path", { d: "M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1", fill: "none", stroke: "currentColor", "stroke-width": 2, "stroke-linecap": "round" }],
  ],
  book: [
    ["path", { d: "M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2z", fill: "none", stroke: "currentColor", "stroke-width": 1.8 }],
    ["path", { d: "M4 21a2 2 0 0 1 2-2h13v2z", fill: "currentColor" }],
  ],
  replay: [
    ["path", { d: "M4 12a8 8 0 1 0 2.4-5.7", fill: "none", stroke: "currentColor", "stroke-width": 2, "stroke-linecap": "round" }],
    ["path", { d: "M3 3v5h5", fill: "none", stroke: "currentColor", "stroke-width": 2, "stroke-linecap": "round" }],
  ],
};

export function icon(name, cls = "icon") {
  const svg = s("svg", { viewBox: "0 0 24 24", class: cls, "aria-hidden": "true" });
  for (const [tag, attrs] of ICONS[name] || []) svg.append(s(tag, attrs));
  return svg;
}
