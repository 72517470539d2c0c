// Liar's Dice in the browser: your own dice drawn face up, everyone else's as a cup and a count,
// this round's bids, the last round's reveal, and a bid picker (how many × which face) plus "Liar!".
// Move codes: "3x5" (at least three 5s), "liar", "spot" (boardgamesbot/games/liars_dice/actions.py).
// Only what the view holds is drawn: other players' dice of the round in play are never in it.

import { h, s } from "../dom.js";
import { lang } from "../i18n.js";

const WORDS = {
  en: {
    pickBid: "Pick how many dice, then a face — or call liar.",
    pickFace: "Now pick the face.",
    pickQuantity: "Now pick how many dice.",
    yourDice: "Your dice",
    diceLeft: (n) => (n === 1 ? "1 die" : `${n} dice`),
    out: "out",
    cupOf: (name, n) => `${name}: ${n === 1 ? "1 die" : `${n} dice`} under the cup`,
    currentBid: "Bid to beat",
    noBid: (name) => `No bid yet — ${name} opens the round.`,
    by: (name) => `by ${name}`,
    bidsThisRound: "Bids this round",
    none: "none yet",
    quantity: "How many",
    face: "Face",
    liar: "Liar!",
    spot: "Spot on!",
    liarHelp: "Call the last bid a lie: every cup is lifted and the dice are counted.",
    spotHelp: "Claim the last bid is exactly right.",
    round: (n) => `Round ${n}`,
    inPlay: (n) => `${n} dice in play`,
    wild: (faces) => `wild: ${faces}`,
    lastRound: (n) => `Round ${n} revealed`,
    called: (who, call, bid, bidder) => `${who} ${call === "spot" ? "called spot-on on" : "called liar on"} ${bid} by ${bidder}:`,
    counted: (n, face) => `${n} ${n === 1 ? "die counts" : "dice count"} as ${face}.`,
    lost: (name) => `${name} lost a die.`,
    gained: (name) => `${name} won a die back.`,
    nobody: "Nobody lost a die.",
    winnerKeeps: (name, n) => `${name} is the last with dice (${n} left).`,
    rounds: (n) => `${n} rounds played.`,
    termination: {
      last_player: "only one player has dice left",
      one_round: "the single round was settled",
      round_cap: "the round limit was reached",
    },
  },
  pt: {
    pickBid: "Escolha quantos dados e depois uma face — ou duvide.",
    pickFace: "Agora escolha a face.",
    pickQuantity: "Agora escolha quantos dados.",
    yourDice: "Seus dados",
    diceLeft: (n) => (n === 1 ? "1 dado" : `${n} dados`),
    out: "fora",
    cupOf: (name, n) => `${name}: ${n === 1 ? "1 dado" : `${n} dados`} sob o copo`,
    currentBid: "Aposta a superar",
    noBid: (name) => `Ainda sem aposta — ${name} abre a rodada.`,
    by: (name) => `de ${name}`,
    bidsThisRound: "Apostas desta rodada",
    none: "nenhuma ainda",
    quantity: "Quantos",
    face: "Face",
    liar: "Duvido!",
    spot: "Exata!",
    liarHelp: "Dizer que a última aposta é mentira: todos os copos são levantados e os dados contados.",
    spotHelp: "Afirmar que a última aposta está exata.",
    round: (n) => `Rodada ${n}`,
    inPlay: (n) => `${n} dados em jogo`,
    wild: (faces) => `curinga: ${faces}`,
    lastRound: (n) => `Rodada ${n} revelada`,
    called: (who, call, bid, bidder) => `${who} ${call === "spot" ? "disse exata a" : "duvidou de"} ${bid}, de ${bidder}:`,
    counted: (n, face) => `${n} ${n === 1 ? "dado vale" : "dados valem"} ${face}.`,
    lost: (name) => `${name} perdeu um dado.`,
    gained: (name) => `${name} recuperou um dado.`,
    nobody: "Ninguém perdeu dado.",
    winnerKeeps: (name, n) => `${name} é o último com dados (restam ${n}).`,
    rounds: (n) => `${n} rodadas jogadas.`,
    termination: {
      last_player: "só um jogador ainda tem dados",
      one_round: "a rodada única foi decidida",
      round_cap: "o limite de rodadas foi atingido",
    },
  },
};

const w = () => WORDS[lang() === "pt" ? "pt" : "en"];

// How this game can end, in the reader's language (the result panel asks before its generic table).
export function terminationText(code) {
  return w().termination[code];
}


const PIPS = {
  1: [[50, 50]],
  2: [[28, 28], [72, 72]],
  3: [[28, 28], [50, 50], [72, 72]],
  4: [[28, 28], [72, 28], [28, 72], [72, 72]],
  5: [[28, 28], [72, 28], [50, 50], [28, 72], [72, 72]],
  6: [[28, 26], [72, 26], [28, 50], [72, 50], [28, 74], [72, 74]],
};

/** A die face as SVG (1–6). */
export function dieSvg(face, extra = "") {
  const svg = s("svg", { viewBox: "0 0 100 100", class: `ld-die ${extra}`.trim(), role: "img", "aria-label": String(face) });
  svg.append(s("rect", { x: 5, y: 5, width: 90, height: 90, rx: 18, fill: "#fff", stroke: "#1d2a33", "stroke-width": 5 }));
  for (const [cx, cy] of PIPS[face] || []) svg.append(s("circle", { cx, cy, r: 9, fill: face === 1 ? "#c62828" : "#1d2a33" }));
  return svg;
}

function cupSvg() {
  const svg = s("svg", { viewBox: "0 0 60 52", class: "ld-cupsvg", "aria-hidden": "true" });
  svg.append(
    s("path", { d: "M12 6 H48 L54 46 H6 Z", fill: "#8a5a2b", stroke: "#5b3a1a", "stroke-width": 3, "stroke-linejoin": "round" }),
    s("rect", { x: 3, y: 44, width: 54, height: 6, rx: 3, fill: "#5b3a1a" }),
  );
  return svg;
}

const BID = /^(\d+)x([1-6])$/;

/** Click paths of a move code: a bid is a quantity then a face (either order); calls are buttons of their own. */
export function paths(code) {
  const m = BID.exec(code);
  if (m) return [[`q:${m[1]}`, `f:${m[2]}`], [`f:${m[2]}`, `q:${m[1]}`]];
  return [[`call:${code}`]];
}

/** The move a sequence of clicks names, legal or not, so the server can say which rule forbids it. */
export function compose(keys) {
  const q = keys.find((k) => k.startsWith("q:"));
  const f = keys.find((k) => k.startsWith("f:"));
  if (keys.length === 1 && keys[0].startsWith("call:")) return { code: keys[0].slice(5) };
  if (keys.length === 1 && (q || f)) return { partial: true };
  if (keys.length === 2 && q && f) return { code: `${q.slice(2)}x${f.slice(2)}` };
  return null;
}

/** Keys the last move touched: the bid in this round's list, or the reveal of the round it settled. */
export function touched(code) {
  if (!code) return [];
  return BID.test(code) ? [`bid:${code}`] : ["reveal"];
}

export function prompt(view, prefix) {
  const words = w();
  if (!prefix.length) return words.pickBid;
  return prefix[0].startsWith("q:") ? words.pickFace : words.pickQuantity;
}

/** The home page's picture of the game. */
export function art() {
  return h("div.art.ldart", dieSvg(3), dieSvg(5), dieSvg(1));
}

function wildFaces(view) {
  const faces = [];
  if (view.variant?.ones_wild) faces.push(1);
  if (view.variant?.sixes_wild) faces.push(6);
  return faces;
}

function counts(face, die, wild) {
  return die === face || wild.includes(die);
}

function bidEl(q, f, extra = {}) {
  return h("span.ld-bid", extra, `${q} ×`, dieSvg(f, "small"));
}

function seatsEl(view, nameOf) {
  const words = w();
  return h("div.ld-table", (view.dice_counts || []).map((n, seat) => {
    const mine = seat === view.seat;
    const cls = ["ld-seat"];
    if (!view.over && seat === view.to_move) cls.push("tomove");
    if (mine) cls.push("mine");
    if (!n) cls.push("isout");
    const head = h("div.ld-seatname", h("span", nameOf(seat)), h("span.small.muted", n ? words.diceLeft(n) : words.out));
    if (mine && n && view.dice) {
      return h(`div.${cls.join(".")}`, { dataset: { seat } }, head,
        h("div.ld-dice#mydice", { "aria-label": words.yourDice }, view.dice.map((d) => dieSvg(d))));
    }
    return h(`div.${cls.join(".")}`, { dataset: { seat } }, head,
      n ? h("div.ld-cup", { title: words.cupOf(nameOf(seat), n), "aria-label": words.cupOf(nameOf(seat), n) }, cupSvg(), h("span.ld-count", `×${n}`)) : null);
  }));
}

function bidBar(view, ui, nameOf) {
  const words = w();
  const bids = view.bids || [];
  const bar = h("div.ld-bidbar",
    h("span.small.muted", `${words.round(view.round)} · ${words.inPlay(view.dice_in_play)}`),
    wildFaces(view).length ? h("span.small.muted", words.wild(wildFaces(view).join(", "))) : null);
  if (!bids.length) {
    bar.append(h("strong", view.over ? "" : words.noBid(nameOf(view.starter))));
    return bar;
  }
  const [seat, q, f] = bids[bids.length - 1];
  bar.append(h("span", words.currentBid, ": "), h("span.ld-bidbig#currentbid", `${q} ×`, dieSvg(f)), h("span.muted", words.by(nameOf(seat))));
  const list = h("ol.ld-history#bidhistory", { "aria-label": words.bidsThisRound }, bids.map(([who, bq, bf]) => {
    const key = `bid:${bq}x${bf}`;
    return h(`li${ui.last.has(key) ? ".last" : ""}`, { dataset: { key } }, h("span.small", `${nameOf(who)}:`), bidEl(bq, bf));
  }));
  bar.append(h("div.ld-fullrow", h("span.small.muted", `${words.bidsThisRound}: `), list));
  return bar;
}

function revealEl(view, ui, nameOf) {
  const words = w();
  const r = (view.rounds || [])[view.rounds.length - 1];
  if (!r) return null;
  const [bidder, q, f] = r.bids[r.bids.length - 1];
  const wild = wildFaces(view);
  const result = r.loser !== null ? words.lost(nameOf(r.loser)) : r.gainer !== null ? words.gained(nameOf(r.gainer)) : words.nobody;
  return h(`section.ld-reveal${ui.last.has("reveal") ? ".last" : ""}#reveal`, { dataset: { key: "reveal" } },
    h("strong", words.lastRound(r.round)),
    h("p", words.called(nameOf(r.caller), r.call, `${q}×${f}`, nameOf(bidder)), " ", h("strong", words.counted(r.count, f)), " ", result),
    h("div.ld-revealcups", r.dice.map((cup, seat) => (cup.length
      ? h("span.ld-revealcup", h("span.small", `${nameOf(seat)}:`), cup.map((d) => dieSvg(d, `small${counts(f, d, wild) ? " match" : ""}`)))
      : null))));
}

function pickerEl(view, ui) {
  const words = w();
  const mark = (el, key) => {
    if (ui.next.has(key)) el.classList.add("target");
    if (ui.selected.has(key)) el.classList.add("selected");
    return el;
  };
  const total = view.dice_in_play || 0;
  const qs = h("div.ld-row#quantities", h("span.ld-rowlabel", words.quantity));
  for (let q = 1; q <= total; q++) {
    const key = `q:${q}`;
    qs.append(mark(h("button.ld-q", { type: "button", dataset: { key }, on: { click: () => ui.onClick(key) } }, String(q)), key));
  }
  const fs = h("div.ld-row#faces", h("span.ld-rowlabel", words.face));
  for (let f = 1; f <= 6; f++) {
    const key = `f:${f}`;
    fs.append(mark(h("button.ld-f", { type: "button", dataset: { key }, "aria-label": `${words.face} ${f}`, on: { click: () => ui.onClick(key) } }, dieSvg(f)), key));
  }
  const calls = h("div.ld-calls");
  const options = [["liar", words.liar, words.liarHelp]];
  if (view.variant?.spot_on) options.push(["spot", words.spot, words.spotHelp]);
  for (const [code, label, help] of options) {
    const key = `call:${code}`;
    calls.append(mark(h("button.ld-call", { type: "button", id: `call-${code}`, title: help, dataset: { key }, on: { click: () => ui.onClick(key) } }, label), key));
  }
  return h("div.ld-picker", qs, fs, calls);
}

/** Everything the board area shows. ui: {next:Set, selected:Set, last:Set, onClick(key)} */
export function render(view, ui, t, nameOf = (seat) => String(seat + 1)) {
  const wrap = h("div.ld");
  wrap.append(seatsEl(view, nameOf), bidBar(view, ui, nameOf));
  const reveal = revealEl(view, ui, nameOf);
  if (reveal) wrap.append(reveal);
  const own = ui.me === undefined || ui.me === view.seat;
  if (own && view.seat !== null && view.seat !== undefined && !view.over && (view.dice_counts || [])[view.seat]) wrap.append(pickerEl(view, ui));
  return wrap;
}

/** Side panel: dice left per seat and the dice in play. */
export function scores(view, room, t, nameOf) {
  const words = w();
  return h("div.ld-scores",
    h("ul.seatlist", (view.dice_counts || []).map((n, seat) => h("li.seatitem", { dataset: { seat } },
      h("span.seatname", nameOf(seat)), " — ", h("strong", n ? words.diceLeft(n) : words.out)))),
    h("p.small.muted", `${words.round(view.round)} · ${words.inPlay(view.dice_in_play)}`));
}

/** A seat's mark in lists: its dice left. */
export function seatBadge(view, seat) {
  const n = (view.dice_counts || [])[seat];
  return h("span.ld-badge", { title: w().diceLeft(n ?? 0) }, String(n ?? ""));
}

export function outcomeLines(view, t, nameOf = (seat) => String(seat + 1)) {
  const o = view.outcome;
  if (!o) return [];
  const words = w();
  const lines = [];
  if (o.winners.length === 1) lines.push(words.winnerKeeps(nameOf(o.winners[0]), o.scores[o.winners[0]]));
  lines.push(words.rounds((view.rounds || []).length));
  return lines;
}
