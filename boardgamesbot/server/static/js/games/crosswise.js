// Crosswise in the browser: a 6×6 board (rows = orange team, columns = green team),
// the player's hand, live line values, and click paths for every move code.

import { h, s } from "../dom.js";
import { lang } from "../i18n.js";

// This game's own words (generic labels come from i18n.js as `t`).
const WORDS = {
  en: {
    bag: "Bag",
    usedActions: "Action tiles used",
    hand: "Your hand",
    handOfSeat: (name) => `${name}'s hand`,
    handOf: (name, n) => `${name}: ${n} tiles`,
    knownTiles: "known to all",
    lineValues: "Line values now",
    teamRows: "Orange team (rows)",
    teamCols: "Green team (columns)",
    pickTile: "Click a tile in your hand, then a square.",
    pickSquare: "Now click a square for this tile.",
    removeSquare: "Remove: click the board tile to take into your hand.",
    moveFrom: "Move: click the board tile to move.",
    moveTo: "Move: click the empty square to move it to.",
    swapA: "Swap: click the first board tile.",
    swapB: "Swap: click the second board tile.",
    tradeSquare: "Trade: click the board tile to take.",
    tradeHand: "Trade: click the symbol from your hand to put there.",
    symbols: ["sun", "moon", "star", "heart", "diamond", "clover"],
    actions: { R: "remove", M: "move", S: "swap", T: "trade" },
    redraw: "Return hand & redraw",
    sixLine: (kind, id) => `Six identical symbols in ${kind === "row" ? "row" : "column"} ${id}`,
    pass: "Pass",
  },
  pt: {
    bag: "Saco",
    usedActions: "Peças de ação usadas",
    hand: "Sua mão",
    handOfSeat: (name) => `Mão de ${name}`,
    handOf: (name, n) => `${name}: ${n} peças`,
    knownTiles: "conhecidas por todos",
    lineValues: "Valor das linhas agora",
    teamRows: "Equipe laranja (linhas)",
    teamCols: "Equipe verde (colunas)",
    pickTile: "Clique numa peça da sua mão e depois numa casa.",
    pickSquare: "Agora clique numa casa para esta peça.",
    removeSquare: "Retirar: clique na peça do tabuleiro que vai para a sua mão.",
    moveFrom: "Mover: clique na peça do tabuleiro a mover.",
    moveTo: "Mover: clique na casa vazia de destino.",
    swapA: "Trocar: clique na primeira peça do tabuleiro.",
    swapB: "Trocar: clique na segunda peça do tabuleiro.",
    tradeSquare: "Trocar com a mão: clique na peça do tabuleiro que vai levar.",
    tradeHand: "Trocar com a mão: clique no símbolo da sua mão que vai colocar lá.",
    symbols: ["sol", "lua", "estrela", "coração", "losango", "trevo"],
    actions: { R: "retirar", M: "mover", S: "trocar", T: "trocar com a mão" },
    redraw: "Devolver a mão e tirar outra",
    sixLine: (kind, id) => `Seis símbolos iguais na ${kind === "row" ? "linha" : "coluna"} ${id}`,
    pass: "Passar",
  },
};
const w = () => WORDS[lang() === "pt" ? "pt" : "en"];


const COLS = "ABCDEF";
const SYMBOL_COLORS = ["#f59e0b", "#2563eb", "#9333ea", "#e11d48", "#0d9488", "#15803d"];

function star(cx, cy, outer, inner) {
  const pts = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 ? inner : outer;
    const a = (Math.PI / 5) * i - Math.PI / 2;
    pts.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

/** The picture on a tile: one shape per symbol, one white glyph per action tile. */
export function tileSvg(ch) {
  const svg = s("svg", { viewBox: "0 0 100 100", class: "glyph", "aria-hidden": "true" });
  const n = "123456".indexOf(ch);
  if (n >= 0) {
    const fill = SYMBOL_COLORS[n];
    const shapes = [
      () => [
        s("circle", { cx: 50, cy: 50, r: 19, fill }),
        ...Array.from({ length: 8 }, (_, i) => {
          const a = (Math.PI / 4) * i;
          return s("line", {
            x1: 50 + 27 * Math.cos(a), y1: 50 + 27 * Math.sin(a), x2: 50 + 39 * Math.cos(a), y2: 50 + 39 * Math.sin(a),
            stroke: fill, "stroke-width": 7, "stroke-linecap": "round",
          });
        }),
      ],
      () => [s("path", { d: "M60 14 A37 37 0 1 0 60 86 A29 29 0 1 1 60 14 Z", fill })],
      () => [s("polygon", { points: star(50, 53, 40, 17), fill, "stroke-linejoin": "round" })],
      () => [s("path", { d: "M50 86 C22 64 12 48 14 35 C16 21 30 14 40 18 C46 20 49 25 50 30 C51 25 54 20 60 18 C70 14 84 21 86 35 C88 48 78 64 50 86 Z", fill })],
      () => [s("polygon", { points: "50,10 84,50 50,90 16,50", fill })],
      () => [
        s("rect", { x: 46, y: 56, width: 8, height: 32, rx: 4, fill }),
        s("circle", { cx: 50, cy: 30, r: 16, fill }),
        s("circle", { cx: 31, cy: 54, r: 16, fill }),
        s("circle", { cx: 69, cy: 54, r: 16, fill }),
      ],
    ];
    svg.append(...shapes[n]());
    return svg;
  }
  const stroke = { stroke: "#fff", "stroke-width": 8, "stroke-linecap": "round", "stroke-linejoin": "round", fill: "none" };
  const paths = {
    R: ["M50 72 L50 20", "M32 38 L50 20 L68 38", "M24 84 L76 84"],
    M: ["M16 50 L80 50", "M62 32 L80 50 L62 68", "M16 30 L16 70"],
    S: ["M20 36 L80 36", "M66 22 L80 36 L66 50", "M80 66 L20 66", "M34 52 L20 66 L34 80"],
    T: ["M34 80 L34 22", "M20 36 L34 22 L48 36", "M66 20 L66 78", "M52 64 L66 78 L80 64"],
  }[ch] || [];
  for (const d of paths) svg.append(s("path", { d, ...stroke }));
  return svg;
}

export function tileEl(ch, t, extra = {}) {
  const isAction = "RMST".includes(ch);
  const label = isAction ? w().actions[ch] : `${ch} ${w().symbols[Number(ch) - 1]}`;
  return h(`button.tile${isAction ? ".action" : ".sym"}.t${ch}`, { type: "button", title: label, "aria-label": label, ...extra },
    tileSvg(ch), h("span.corner", isAction ? ch : ch));
}

const PLACE = /^([1-6])([A-F][1-6])$/;

/** Click paths of a move code (see boardgamesbot/games/crosswise/actions.py for the codes). */
export function paths(code) {
  let m = PLACE.exec(code);
  if (m) return [[`hand:${m[1]}`, `sq:${m[2]}`]];
  const parts = code.split("-");
  switch (parts[0]) {
    case "R": return [["hand:R", `sq:${parts[1]}`]];
    case "M": return [["hand:M", `sq:${parts[1]}`, `sq:${parts[2]}`]];
    case "S": return [["hand:S", `sq:${parts[1]}`, `sq:${parts[2]}`], ["hand:S", `sq:${parts[2]}`, `sq:${parts[1]}`]];
    case "T": return [["hand:T", `sq:${parts[1]}`, `hand:${parts[2]}`]];
    default: return [[`btn:${code}`]];
  }
}

/** The move a sequence of clicks names, legal or not, so the server can say which rule it breaks. */
export function compose(keys) {
  const [first, ...rest] = keys;
  if (!first?.startsWith("hand:")) return null;
  const tile = first.slice(5);
  const sq = rest.map((k) => (k.startsWith("sq:") ? k.slice(3) : null));
  if ("123456".includes(tile)) return rest.length === 1 && sq[0] ? { code: `${tile}${sq[0]}` } : null;
  if (tile === "R") return sq[0] ? { code: `R-${sq[0]}` } : null;
  if (tile === "M" || tile === "S") {
    if (rest.length === 1 && sq[0]) return { partial: true };
    if (rest.length === 2 && sq[0] && sq[1] && sq[0] !== sq[1]) return { code: `${tile}-${sq[0]}-${sq[1]}` };
    return null;
  }
  if (tile === "T") {
    if (rest.length === 1 && sq[0]) return { partial: true };
    const sym = rest[1]?.startsWith("hand:") ? rest[1].slice(5) : "";
    if (rest.length === 2 && sq[0] && "123456".includes(sym) && sym) return { code: `T-${sq[0]}-${sym}` };
  }
  return null;
}

/** Board keys a move touched (to highlight the last move, e.g. a bot's). */
export function touched(code) {
  if (!code) return [];
  return (code.match(/[A-F][1-6]/g) || []).map((sq) => `sq:${sq}`);
}

export function prompt(view, prefix, t) {
  if (!prefix.length) return w().pickTile;
  const tile = prefix[0].slice(5);
  if ("123456".includes(tile)) return w().pickSquare;
  if (tile === "R") return w().removeSquare;
  if (tile === "M") return prefix.length === 1 ? w().moveFrom : w().moveTo;
  if (tile === "S") return prefix.length === 1 ? w().swapA : w().swapB;
  if (tile === "T") return prefix.length === 1 ? w().tradeSquare : w().tradeHand;
  return "";
}

export function teamOfSeat(view, seat) {
  return (view.teams || []).findIndex((team) => team.includes(seat));
}

/** Words for the moves that are buttons rather than clicks on the board. */
export function buttonLabel(code) {
  return { PASS: w().pass, REDRAW: w().redraw }[code];
}

/** The home page's picture of the game. */
export function art() {
  return h("div.art.cwart", ..."1352".split("").map((ch) => h(`span.minitile.t${ch}`, tileSvg(ch))));
}

/** The home page's label for a seat's team (rows or columns). */
export function seatTag(team, teams, t) {
  return teams.length === 2 ? h(`span.teamtag.team${team}`, team === 0 ? w().teamRows : w().teamCols) : null;
}

/** The result headline: the winning team by its lines. */
export function headline(outcome, t) {
  return t.winner(teamName(outcome.winning_teams[0], t));
}

export function teamName(team, t) {
  return team === 0 ? w().teamRows : w().teamCols;
}

/** Everything the board area shows. ui: {next:Set, selected:Set, last:Set, onClick(key)} */
export function render(view, ui, t, nameOf = (seat) => String(seat + 1)) {
  const board = h("div.cw-board", { role: "grid", "aria-label": "Crosswise board" });
  const rows = view.line_scores?.rows || [];
  const cols = view.line_scores?.columns || [];
  board.append(h("div.corner"));
  for (let c = 0; c < 6; c++) board.append(h("div.colhead", COLS[c]));
  board.append(h("div.corner.scorehead", "Σ"));
  for (let r = 0; r < 6; r++) {
    board.append(h("div.rowhead", String(r + 1)));
    const line = view.board?.[r] || "......";
    for (let c = 0; c < 6; c++) {
      const name = `${COLS[c]}${r + 1}`;
      const key = `sq:${name}`;
      const ch = line[c];
      const cls = ["sq"];
      if (ui.next.has(key)) cls.push("target");
      if (ui.selected.has(key)) cls.push("selected");
      if (ui.last.has(key)) cls.push("last");
      const cell = h(`div.${cls.join(".")}`, {
        role: "gridcell", dataset: { key, sq: name }, title: name,
        on: { click: () => ui.onClick(key) },
      });
      if (ch && ch !== ".") cell.append(tileEl(ch, t, { tabindex: -1 }));
      else cell.append(h("span.sqname", name));
      board.append(cell);
    }
    board.append(h("div.linescore.orange", { title: `${t.rows} ${r + 1}` }, String(rows[r] ?? 0)));
  }
  board.append(h("div.corner.scorehead", "Σ"));
  for (let c = 0; c < 6; c++) board.append(h("div.linescore.green", { title: `${t.columns} ${COLS[c]}` }, String(cols[c] ?? 0)));
  board.append(h("div.corner"));

  const wrap = h("div.cw");
  wrap.append(h("div.cw-boardwrap", board));

  if (view.seat !== null && view.seat !== undefined && view.hand !== null) {
    const hand = h("div.hand", { "aria-label": w().hand });
    const text = view.hand === "-" ? "" : view.hand || "";
    let marked = false;
    for (const ch of text) {
      const key = `hand:${ch}`;
      const cls = [];
      if (ui.next.has(key)) cls.push("target");
      if (!marked && ui.firstKey === key) {
        cls.push("selected");
        marked = true;
      }
      const tile = tileEl(ch, t, { dataset: { key }, on: { click: () => ui.onClick(key) } });
      tile.classList.add(...cls);
      hand.append(tile);
    }
    const own = ui.me === undefined || ui.me === view.seat;
    wrap.append(h("div.handbox", h("div.handlabel", own ? w().hand : w().handOfSeat(nameOf(view.seat))), hand));
  }
  return wrap;
}

/** Side-panel facts: team totals, line values, bag and used action tiles. */
export function scores(view, room, t, nameOf) {
  const rows = view.line_scores?.rows || [];
  const cols = view.line_scores?.columns || [];
  const sum = (a) => a.reduce((x, y) => x + y, 0);
  const teamBox = (team, total) => h(`div.teambox.team${team}`,
    h("div.teamname", teamName(team, t)),
    h("div.teamtotal", String(total)),
    h("div.teammembers", (view.teams?.[team] || []).map((s) => nameOf(s)).join(" · ")));
  const used = view.used || {};
  return h("div.cw-scores",
    h("div.subhead", w().lineValues),
    h("div.teams", teamBox(0, sum(rows)), teamBox(1, sum(cols))),
    h("div.facts",
      h("span.fact", `${w().bag}: ${view.bag_size ?? "?"}`),
      h("span.fact", `${w().usedActions}: `, ..."RMST".split("").map((ch) => h("span.usedtile", tileEl(ch, t, { tabindex: -1, disabled: true }), `${used[ch] ?? 0}/3`)))),
    h("div.handsizes", (view.hand_sizes || []).map((n, seat) => {
      // tiles a player took from the board are public: everyone saw them go into that hand
      const known = seat === view.seat ? "" : (view.known?.[seat] || "").replace("-", "");
      return h("span.fact", w().handOf(nameOf(seat), n),
        known ? h("span.knownhand", { title: w().knownTiles }, " (", ...known.split("").map((ch) => h("span.usedtile", tileEl(ch, t, { tabindex: -1, disabled: true }))), ")") : null);
    })));
}

export function seatBadge(view, seat, t) {
  const team = teamOfSeat(view, seat);
  return team < 0 ? null : h(`span.teamdot.team${team}`, { title: teamName(team, t) });
}

export function outcomeLines(view, t) {
  const o = view.outcome;
  if (!o) return [];
  const ts = o.team_scores || [];
  const lines = [`${w().teamRows}: ${ts[0] ?? "?"} — ${w().teamCols}: ${ts[1] ?? "?"}`];
  const six = /^(row|column) (\w)$/.exec(o.details?.six_line || "");
  if (six) lines.push(w().sixLine(six[1], six[2]));
  return lines;
}
