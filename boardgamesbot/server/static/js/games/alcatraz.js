// Alcatraz in the browser: objectives, deck and two discard piles in the middle,
// each player's row of cat cards around, and the multi-step turn guided click by click.

import { h } from "../dom.js";
import { icon } from "../icons.js";

const OVERLAY_TEXT = { p: "+1", m: "−1", n: "±" };
const ABILITY_TEXT = { adjust: "±1", flip: "±" };
const abilityMark = (a) => (a === "look" ? icon("eye") : ABILITY_TEXT[a] || "");

/** Click paths of a move code (see boardgamesbot/games/alcatraz/actions.py for the codes). */
/** The home page's picture of the game. */
export function art() {
  return h("div.art.azart", ...[7, -2, 12].map((v) => h(`span.minicard${v < 0 ? ".neg" : ""}`, String(v))), h("span.minicard.back"));
}

export function paths(code) {
  let m;
  if ((m = /^peek(\d)$/.exec(code))) return [[`slot:${m[1]}`]];
  if (code === "draw") return [["deck"]];
  if ((m = /^(take|discard|pile)(\d)$/.exec(code))) return [[`pile:${m[2]}`]];
  if ((m = /^swap(\d)\/(\d)$/.exec(code))) return [[`slot:${m[1]}`, `pile:${m[2]}`]];
  if ((m = /^(look|plus|minus|flip)(\d)$/.exec(code))) return [[`ab:${m[1]}`, `slot:${m[2]}`]];
  if ((m = /^claim(\d+)$/.exec(code))) return [[`obj:${m[1]}`]];
  if ((m = /^use(\d)-(\d)$/.exec(code))) return [[`slot:${m[1]}`, `slot:${m[2]}`], [`slot:${m[2]}`, `slot:${m[1]}`]];
  return [[`btn:${code}`]];
}

/** The move a click sequence names in the current phase, legal or not (the server explains refusals). */
export function compose(keys, view) {
  const phase = view?.phase;
  const [a, b] = keys;
  const num = (k, p) => (k?.startsWith(p) ? k.slice(p.length) : null);
  if (keys.length === 1) {
    if (phase === "peek" && num(a, "slot:")) return { code: `peek${num(a, "slot:")}` };
    if (phase === "start" && a === "deck") return { code: "draw" };
    if (phase === "start" && num(a, "pile:")) return { code: `take${num(a, "pile:")}` };
    if ((phase === "start" || phase === "after_draw") && num(a, "obj:")) return { code: `claim${num(a, "obj:")}` };
    if (phase === "hold" && num(a, "pile:")) return { code: `discard${num(a, "pile:")}` };
    if (phase === "pile" && num(a, "pile:")) return { code: `pile${num(a, "pile:")}` };
    if (phase === "claim" && num(a, "slot:")) return { partial: true };
  }
  if (keys.length === 2 && phase === "claim" && num(a, "slot:") && num(b, "slot:")) {
    const [x, y] = [Number(num(a, "slot:")), Number(num(b, "slot:"))].sort((p, q) => p - q);
    return { code: `use${x}-${y}` };
  }
  if (keys.length === 2 && phase === "hold" && num(a, "ab:") && num(b, "slot:")) return { code: `${num(a, "ab:")}${num(b, "slot:")}` };
  return null;
}

/** Keys a move touched, for the last-move highlight (slots are in the mover's row). */
export function touched(code, seat) {
  let m;
  if (!code) return [];
  if (code === "draw") return ["deck"];
  if ((m = /^(take|discard|pile)(\d)$/.exec(code))) return [`pile:${m[2]}`];
  if ((m = /^swap(\d)\/(\d)$/.exec(code))) return [`card:${seat}:${m[1]}`, `pile:${m[2]}`];
  if ((m = /^(peek|look|plus|minus|flip)(\d)$/.exec(code))) return [`card:${seat}:${m[2]}`];
  if ((m = /^claim(\d+)$/.exec(code))) return [`obj:${m[1]}`];
  if ((m = /^use(\d)-(\d)$/.exec(code))) {
    const out = [];
    for (let i = Number(m[1]); i <= Number(m[2]); i++) out.push(`card:${seat}:${i}`);
    return out;
  }
  return [];
}

export function prompt(view, prefix, t) {
  const p = view.phase;
  if (p === "peek") return t.az.peek;
  if (p === "start") return t.az.start;
  if (p === "hold") {
    if (prefix[0]?.startsWith("slot:")) return t.az.holdSwapPile;
    if (prefix[0]?.startsWith("ab:")) return t.az.abilityPick;
    return view.held?.from === "pile" ? t.az.holdTaken : t.az.hold;
  }
  if (p === "after_draw") return t.az.after;
  if (p === "claim") return prefix.length ? t.az.claimLast : t.az.claim;
  if (p === "pile") return t.az.pile;
  return "";
}

function valueClass(v) {
  if (v === null || v === undefined) return "";
  if (v < 0) return "neg";
  if (v >= 11) return "high";
  if (v >= 7) return "mid";
  return "low";
}

/** One cat card: a face (value, ability mark) or a back (with what the viewer remembers, if anything). */
export function cardEl(card, view, t, extra = {}) {
  const { v, up } = card;
  const ability = v !== null && v !== undefined ? view.abilities?.[String(v)] : null;
  const cls = ["card", up ? "up" : "down", up || v === null || v === undefined ? "" : "known", up ? valueClass(v) : ""].filter(Boolean);
  const label = up ? String(v) : v !== null && v !== undefined ? `${t.az.unknown} (${t.az.memory}: ${v})` : t.az.unknown;
  const el = h(`button.${cls.join(".")}`, { type: "button", "aria-label": label, title: label, ...extra });
  if (up) {
    el.append(h("span.cv.tl", String(v)), h("span.cv.big", String(v)), h("span.cv.br", String(v)));
    if (ability) el.append(h("span.ability", { title: t.az.ability[ability] }, abilityMark(ability)));
  } else {
    el.append(h("span.back"));
    if (v !== null && v !== undefined) el.append(h("span.memo", String(v)));
  }
  if (card.ovl?.length) {
    el.append(h("span.ovls", card.ovl.map(([e, val]) => h(`span.ovl.e${e}`, { title: `${OVERLAY_TEXT[e]} (${val})` }, OVERLAY_TEXT[e]))));
  }
  if (card.seen?.length && !up) {
    el.append(h("span.seen", { title: `${t.az.seenBy} ${card.seen.map((x) => x + 1).join(", ")}` },
      card.seen.map((x) => h(`span.seendot.s${x}`))));
  }
  return el;
}

function mark(el, key, ui) {
  if (ui.next.has(key)) el.classList.add("target");
  if (ui.selected.has(key)) el.classList.add("selected");
  if (ui.last.has(key)) el.classList.add("last");
  el.dataset.key = key;
  el.addEventListener("click", () => ui.onClick(key));
  return el;
}

function rowEl(view, seat, ui, t, nameOf) {
  const mine = seat === view.seat;
  const cards = view.rows?.[seat] || [];
  const row = h(`div.azrow${mine ? ".mine" : ""}${view.current === seat && !view.over ? ".current" : ""}`);
  const list = h("div.cards");
  cards.forEach((card, i) => {
    const el = cardEl(card, view, t);
    const cardKey = `card:${seat}:${i + 1}`;
    if (ui.last.has(cardKey)) el.classList.add("last");
    el.dataset.card = cardKey;
    if (mine) mark(el, `slot:${i + 1}`, ui);
    else el.tabIndex = -1;
    list.append(h("div.slot", el, h("span.slotno", String(i + 1))));
  });
  if (!cards.length) list.append(h("div.emptyrow", "—"));
  const circles = view.circles?.[seat] || 0;
  row.append(
    h("div.rowhead",
      h(`span.seatdot.s${seat}`),
      h("span.rowname", nameOf(seat)),
      h("span.vp", { title: t.az.victory }, icon("trophy"), " ", String(view.scores?.[seat] ?? 0)),
      circles ? h("span.circles", { title: t.az.circles }, "◯".repeat(circles)) : null),
    list);
  return row;
}

export function render(view, ui, t, nameOf) {
  const wrap = h("div.az");
  const n = view.players || 0;
  const me = view.seat;
  const others = [];
  for (let i = 1; i <= n; i++) {
    const seat = ((me ?? -1) + i + n) % n;
    if (seat !== me) others.push(seat);
  }
  wrap.append(h("div.opponents", others.map((seat) => rowEl(view, seat, ui, t, nameOf))));

  // the middle of the table
  const table = h("div.aztable");
  const objs = h("div.objectives", h("div.zonelabel", t.az.objectives, h("span.small", ` (${t.az.objectivesLeft(view.objective_deck ?? 0)})`)));
  const objRow = h("div.objrow");
  for (const v of view.objectives || []) {
    const claimed = view.claim === v;
    objRow.append(mark(h(`button.objective${claimed ? ".claimed" : ""}`, { type: "button", "aria-label": `objective ${v}` },
      h("span.objv", String(v)), h("span.objcat", icon("cat"))), `obj:${v}`, ui));
  }
  objs.append(objRow);
  table.append(objs);

  const drawZone = h("div.drawzone");
  drawZone.append(h("div.pilebox",
    h("div.zonelabel", t.az.deck),
    mark(h("button.card.down.deck", { type: "button", "aria-label": t.az.deck }, h("span.back"), h("span.count", String(view.deck ?? 0))), "deck", ui)));
  (view.piles || []).forEach((pile, i) => {
    const key = `pile:${i + 1}`;
    const face = pile.top === null || pile.top === undefined
      ? h("button.card.empty", { type: "button", "aria-label": t.az.pile(i + 1) }, "∅")
      : cardEl({ v: pile.top, up: true }, view, t, { "aria-label": `${t.az.pile(i + 1)}: ${pile.top}` });
    face.append(h("span.count", String(pile.count)));
    drawZone.append(h("div.pilebox", h("div.zonelabel", t.az.pile(i + 1)), mark(face, key, ui)));
  });
  if (view.held) {
    const held = view.held;
    const el = held.v === null || held.v === undefined
      ? h("div.card.down", h("span.back"))
      : cardEl({ v: held.v, up: true }, view, t, { tabindex: -1 });
    drawZone.append(h("div.pilebox.heldbox", h("div.zonelabel", t.az.held), el,
      h("div.small", held.from === "pile" ? t.az.fromPile : t.az.fromDeck)));
  }
  if (view.pending?.length) {
    drawZone.append(h("div.pilebox.heldbox", h("div.zonelabel", t.az.pending),
      h("div.pendingcards", view.pending.map((v) => cardEl({ v, up: true }, view, t, { tabindex: -1 })))));
  }
  table.append(drawZone);

  // ability buttons while holding a drawn card
  const abilities = ["look", "plus", "minus", "flip"].filter((a) => ui.next.has(`ab:${a}`) || ui.selected.has(`ab:${a}`));
  if (abilities.length) {
    table.append(h("div.abilitybar", abilities.map((a) => mark(h("button.btn.ability", { type: "button" }, t.az.abilityBtn[a]), `ab:${a}`, ui))));
  }
  const banners = [];
  if (view.claim) banners.push(h("div.banner.claim", t.az.claimBanner(view.claim)));
  if (view.ending && !view.over) banners.push(h("div.banner.ending", t.az.lastRound));
  table.prepend(h("div.roundline", h("span.round", t.az.round(view.round || 1)), ...banners));
  wrap.append(table);

  if (me !== null && me !== undefined) wrap.append(rowEl(view, me, ui, t, nameOf));
  return wrap;
}

export function scores(view, room, t, nameOf) {
  const n = view.players || 0;
  const rounds = view.round_scores || [];
  const table = h("table.azscores",
    h("thead", h("tr", h("th", ""), rounds.map((_, i) => h("th", `R${i + 1}`)), h("th", icon("trophy")), h("th", "◯"))),
    h("tbody", Array.from({ length: n }, (_, seat) => h("tr",
      h("td", h(`span.seatdot.s${seat}`), " ", nameOf(seat)),
      rounds.map((r) => h("td", String(r[seat] ?? ""))),
      h("td.num", { title: (view.victory?.[seat] || []).join(", ") }, String(view.scores?.[seat] ?? 0),
        (view.victory?.[seat] || []).length ? h("span.vpcards", (view.victory[seat] || []).map((v) => h(`span.vpcard${v < 0 ? ".neg" : ""}`, String(v)))) : null),
      h("td.num", String(view.circles?.[seat] ?? 0))))));
  return h("div.az-scores", h("div.subhead", `${t.scores} — ${t.az.round(view.round || 1)}`), table,
    h("div.facts", h("span.fact", `${t.az.deck}: ${view.deck ?? "?"}`)));
}

export function seatBadge(view, seat) {
  return h(`span.seatdot.s${seat}`);
}

export function outcomeLines(view, t, nameOf) {
  const o = view.outcome;
  if (!o) return [];
  return (o.ranking || []).map((seat, i) => `${i + 1}. ${nameOf(seat)} — ${o.scores?.[seat] ?? 0} pt, ◯ ${view.circles?.[seat] ?? 0}`);
}
