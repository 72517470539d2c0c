// Alcatraz in the browser: objectives, deck and two discard piles in the middle,
// each player's row of cat cards around, and the multi-step turn guided click by click.

import { h } from "../dom.js";
import { lang } from "../i18n.js";
import { icon } from "../icons.js";

// This game's own words (generic labels come from i18n.js as `t`).
const WORDS = {
  en: {
    peek: "Look at one face-down card of your row: click it.",
    start: "Draw from the deck, take a discard pile's top card, or declare an objective.",
    hold: "Click a card of your row to swap it in (then the pile for the old card), click a pile to discard, or use the ability.",
    holdNoAbility: "Click a card of your row to swap it in (then the pile for the old card), or click a pile to discard.",
    roundOver: (r) => `Round ${r} is over`,
    emptied: "emptied their row",
    roundScore: "Round score",
    circlesNow: "Circles",
    total: "Total",
    capped: "The round reached its turn limit.",
    holdTaken: "Click the card of your row this card replaces (it stays face up), then the pile for the old card.",
    holdSwapPile: "Choose the discard pile for the card you replace.",
    after: "Declare an objective, or end your turn.",
    claim: "Choose 2 or 3 adjacent cards: click the first, then the last.",
    claimLast: "Now click the last card of the group (2 or 3 adjacent cards).",
    pilePrompt: "Choose a discard pile for the used cards.",
    abilityPick: "Click the card of your row to use the ability on.",
    deck: "Deck",
    pile: (p) => `Pile ${p}`,
    objectives: "Objectives",
    objectivesLeft: (n) => `${n} left`,
    held: "Card in hand",
    fromDeck: "drawn from the deck",
    fromPile: "taken from a pile",
    pending: "Cards waiting for a pile",
    claimBanner: (v) => `Declared objective ${v}`,
    round: (r) => (r > 2 ? `Tie-break round ${r}` : `Round ${r} of 2`),
    victory: "Victory pile",
    circles: "Circles",
    points: (n) => `${n} pt`,
    ability: { look: "look", adjust: "+1 / −1", flip: "flip sign" },
    abilityBtn: { look: "Ability: look at a card", plus: "Ability: +1 on a card", minus: "Ability: −1 on a card", flip: "Ability: flip a card's sign" },
    endTurn: "End turn",
    seenBy: "seen by",
    lastRound: "Last turns of the round!",
    unknown: "face down",
    memory: "you remember",
  },
  pt: {
    peek: "Olhe uma carta fechada da sua fileira: clique nela.",
    start: "Compre do baralho, pegue o topo de um monte de descarte ou anuncie um objetivo.",
    hold: "Clique numa carta da sua fileira para trocar (depois no monte da carta substituída), num monte para descartar, ou use a habilidade.",
    holdNoAbility: "Clique numa carta da sua fileira para trocar (depois no monte da carta substituída) ou num monte para descartar.",
    roundOver: (r) => `A rodada ${r} terminou`,
    emptied: "esvaziou a fileira",
    roundScore: "Pontos da rodada",
    circlesNow: "Círculos",
    total: "Total",
    capped: "A rodada chegou ao limite de turnos.",
    holdTaken: "Clique na carta da sua fileira que esta carta substitui (ela fica aberta) e depois no monte da carta antiga.",
    holdSwapPile: "Escolha o monte de descarte para a carta substituída.",
    after: "Anuncie um objetivo ou encerre o turno.",
    claim: "Escolha 2 ou 3 cartas vizinhas: clique na primeira e depois na última.",
    claimLast: "Agora clique na última carta do grupo (2 ou 3 cartas vizinhas).",
    pilePrompt: "Escolha um monte de descarte para as cartas usadas.",
    abilityPick: "Clique na carta da sua fileira onde usar a habilidade.",
    deck: "Baralho",
    pile: (p) => `Monte ${p}`,
    objectives: "Objetivos",
    objectivesLeft: (n) => `restam ${n}`,
    held: "Carta na mão",
    fromDeck: "comprada do baralho",
    fromPile: "pegada de um monte",
    pending: "Cartas esperando um monte",
    claimBanner: (v) => `Objetivo anunciado: ${v}`,
    round: (r) => (r > 2 ? `Rodada de desempate ${r}` : `Rodada ${r} de 2`),
    victory: "Pilha de vitória",
    circles: "Círculos",
    points: (n) => `${n} pt`,
    ability: { look: "olhar", adjust: "+1 / −1", flip: "trocar sinal" },
    abilityBtn: { look: "Habilidade: olhar uma carta", plus: "Habilidade: +1 numa carta", minus: "Habilidade: −1 numa carta", flip: "Habilidade: trocar o sinal de uma carta" },
    endTurn: "Encerrar turno",
    seenBy: "vista por",
    lastRound: "Últimos turnos da rodada!",
    unknown: "fechada",
    memory: "você lembra",
  },
};
const w = () => WORDS[lang() === "pt" ? "pt" : "en"];


const OVERLAY_TEXT = { p: "+1", m: "−1", n: "±" };
const ABILITY_TEXT = { adjust: "±1", flip: "±" };
const abilityMark = (a) => (a === "look" ? icon("eye") : ABILITY_TEXT[a] || "");

/** Click paths of a move code (see boardgamesbot/games/alcatraz/actions.py for the codes). */
/** Words for the moves that are buttons rather than clicks on the board. */
export function buttonLabel(code) {
  return code === "end" ? w().endTurn : undefined;
}

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
  // the used cards left the row (it closed up): outline them where they wait for a pile, not the cards now in their slots
  if (/^use\d-\d$/.test(code)) return ["pending"];
  return [];
}

export function prompt(view, prefix, t) {
  const p = view.phase;
  if (p === "peek") return w().peek;
  if (p === "start") return w().start;
  if (p === "hold") {
    if (prefix[0]?.startsWith("slot:")) return w().holdSwapPile;
    if (prefix[0]?.startsWith("ab:")) return w().abilityPick;
    if (view.held?.from === "pile") return w().holdTaken;
    const ability = (view.legal || []).some((c) => /^(look|plus|minus|flip)\d$/.test(c));
    return ability ? w().hold : w().holdNoAbility;
  }
  if (p === "after_draw") return w().after;
  if (p === "claim") return prefix.length ? w().claimLast : w().claim;
  if (p === "pile") return w().pilePrompt;
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
  // a card taken from a pile cannot use its ability: it shows none
  const ability = v !== null && v !== undefined && !card.noAbility ? view.abilities?.[String(v)] : null;
  const cls = ["card", up ? "up" : "down", up || v === null || v === undefined ? "" : "known", up ? valueClass(v) : ""].filter(Boolean);
  const label = up ? String(v) : v !== null && v !== undefined ? `${w().unknown} (${w().memory}: ${v})` : w().unknown;
  const el = h(`button.${cls.join(".")}`, { type: "button", "aria-label": label, title: label, ...extra });
  if (up) {
    el.append(h("span.cv.tl", String(v)), h("span.cv.big", String(v)), h("span.cv.br", String(v)));
    if (ability) el.append(h("span.ability", { title: w().ability[ability] }, abilityMark(ability)));
  } else {
    el.append(h("span.back"));
    if (v !== null && v !== undefined) el.append(h("span.memo", String(v)));
  }
  if (card.ovl?.length) {
    el.append(h("span.ovls", card.ovl.map(([e, val]) => h(`span.ovl.e${e}`, { title: `${OVERLAY_TEXT[e]} (${val})` }, OVERLAY_TEXT[e]))));
  }
  if (card.seen?.length && !up) {
    el.append(h("span.seen", { title: `${w().seenBy} ${card.seen.map((x) => x + 1).join(", ")}` },
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
      h("span.vp", { title: w().victory }, icon("trophy"), " ", String(view.scores?.[seat] ?? 0)),
      circles ? h("span.circles", { title: w().circles }, "◯".repeat(circles)) : null),
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
  const objs = h("div.objectives", h("div.zonelabel", w().objectives, h("span.small", ` (${w().objectivesLeft(view.objective_deck ?? 0)})`)));
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
    h("div.zonelabel", w().deck),
    mark(h("button.card.down.deck", { type: "button", "aria-label": w().deck }, h("span.back"), h("span.count", String(view.deck ?? 0))), "deck", ui)));
  (view.piles || []).forEach((pile, i) => {
    const key = `pile:${i + 1}`;
    const face = pile.top === null || pile.top === undefined
      ? h("button.card.empty", { type: "button", "aria-label": w().pile(i + 1) }, "∅")
      : cardEl({ v: pile.top, up: true }, view, t, { "aria-label": `${w().pile(i + 1)}: ${pile.top}` });
    face.append(h("span.count", String(pile.count)));
    drawZone.append(h("div.pilebox", h("div.zonelabel", w().pile(i + 1)), mark(face, key, ui)));
  });
  if (view.held) {
    const held = view.held;
    const el = held.v === null || held.v === undefined
      ? h("div.card.down", h("span.back"))
      : cardEl({ v: held.v, up: true, noAbility: held.from === "pile" }, view, t, { tabindex: -1 });
    drawZone.append(h("div.pilebox.heldbox", h("div.zonelabel", w().held), el,
      h("div.small", held.from === "pile" ? w().fromPile : w().fromDeck)));
  }
  if (view.pending?.length) {
    drawZone.append(h("div.pilebox.heldbox", h("div.zonelabel", w().pending),
      h("div.pendingcards", { dataset: { key: "pending" } }, view.pending.map((v) => {
        const el = cardEl({ v, up: true, noAbility: true }, view, t, { tabindex: -1 });
        if (ui.last.has("pending")) el.classList.add("last");
        return el;
      }))));
  }
  table.append(drawZone);

  // ability buttons while holding a drawn card
  const abilities = ["look", "plus", "minus", "flip"].filter((a) => ui.next.has(`ab:${a}`) || ui.selected.has(`ab:${a}`));
  if (abilities.length) {
    table.append(h("div.abilitybar", abilities.map((a) => mark(h("button.btn.ability", { type: "button" }, w().abilityBtn[a]), `ab:${a}`, ui))));
  }
  const banners = [];
  if (view.claim) banners.push(h("div.banner.claim", w().claimBanner(view.claim)));
  if (view.ending && !view.over) banners.push(h("div.banner.ending", w().lastRound));
  table.prepend(h("div.roundline", h("span.round", w().round(view.round || 1)), ...banners));
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
  return h("div.az-scores", h("div.subhead", `${t.scores} — ${w().round(view.round || 1)}`), table,
    h("div.facts", h("span.fact", `${w().deck}: ${view.deck ?? "?"}`)));
}

export function seatBadge(view, seat) {
  return h(`span.seatdot.s${seat}`);
}

export function outcomeLines(view, t, nameOf) {
  const o = view.outcome;
  if (!o) return [];
  return (o.ranking || []).map((seat, i) => `${i + 1}. ${nameOf(seat)} — ${o.scores?.[seat] ?? 0} pt, ◯ ${view.circles?.[seat] ?? 0}`);
}

/**
 * A round just ended (its `round_end` event came with this state): who emptied their row, circles,
 * the round's scores and the totals. `info`: {events, view, prev} (prev: the view before the move).
 */
export function roundSummary(info, t, nameOf) {
  const end = (info.events || []).find((e) => e.kind === "round_end");
  if (!end) return null;
  const emptied = new Set([...(info.prev?.emptied || []), ...info.events.filter((e) => e.kind === "row_empty").map((e) => e.seat)]);
  const n = end.scores.length;
  const totals = Array.from({ length: n }, (_, s) => (info.view.round_scores || []).reduce((a, r) => a + (r[s] ?? 0), 0));
  const rows = Array.from({ length: n }, (_, seat) => h("tr", { dataset: { seat } },
    h("td", h(`span.seatdot.s${seat}`), " ", h("span.seatname", nameOf(seat))),
    h("td.num", String(end.scores[seat])),
    h("td", emptied.has(seat) ? `◯ ${w().emptied}` : ""),
    h("td.num", String(end.circles[seat] ?? 0)),
    h("td.num", String(totals[seat]))));
  return h("section.panel.roundsummary#roundsummary",
    h("h3", w().roundOver(end.round)),
    end.capped ? h("p.small", w().capped) : null,
    h("table.roundtable", h("thead", h("tr", h("th", ""), h("th", w().roundScore), h("th", ""), h("th", w().circlesNow), h("th", w().total))),
      h("tbody", rows)));
}
