// Step-by-step replay, fetched a page (100 frames) at a time: frame k is what this viewer may see
// after k moves (before the end: only what the seat may know now). After the end, if the table
// allows it, the hidden cards can be shown: the full position and any chosen seat's view.

import { api } from "./api.js";
import { clear, h, toast } from "./dom.js";
import { lang, t } from "./i18n.js";
import { icon } from "./icons.js";

const PAGE = 100;

function basePath(page) {
  return page.seat === null ? `/api/rooms/${page.roomId}/replay` : `/api/rooms/${page.roomId}/seats/${page.seat}/replay`;
}

/** The page of frames that holds frame ``index`` (pages are cached until the view changes). */
async function loadPage(page, st, index) {
  const start = Math.floor(index / PAGE) * PAGE;
  if (st.pages.has(start)) return st.pages.get(start);
  const params = new URLSearchParams({ from: String(start), limit: String(PAGE) });
  if (st.revealed) params.set("reveal", "1");
  if (st.revealed && st.as !== "me") params.set("as", st.as);
  const data = await api(`${basePath(page)}?${params}`, { token: page.token, lang: lang() });
  st.steps = data.steps;
  st.pages.set(start, data.frames);
  return data.frames;
}

export async function openReplay(page, reveal = false) {
  const st = { pages: new Map(), steps: page.room?.step ?? 0, revealed: reveal, as: page.replay?.as ?? "me", index: 0 };
  const wanted = page.replay?.index ?? st.steps;
  try {
    await loadPage(page, st, Math.min(wanted, st.steps));
  } catch (err) {
    toast(err.message, "error", 6000);
    return;
  }
  st.index = Math.min(wanted, st.steps);
  page.replay = st;
  await show(page, st.index);
}

async function show(page, index) {
  const st = page.replay;
  if (!st) return;
  const i = Math.max(0, Math.min(st.steps, index));
  try {
    const frames = await loadPage(page, st, i);
    st.index = i;
    draw(page, frames[i % PAGE] || frames[frames.length - 1]);
  } catch (err) {
    toast(err.message, "error", 6000);
  }
}

function draw(page, frame) {
  const tr = t();
  const st = page.replay;
  const game = page.ui;
  const view = frame.view;
  const lastKeys = new Set(frame.action && game ? game.touched(frame.action, frame.seat) : []);
  const ui = { next: new Set(), selected: new Set(), last: lastKeys, onClick: () => {}, firstKey: null, me: page.seat };
  const go = (i) => show(page, i);
  const slider = h("input#replayslider", { type: "range", min: 0, max: st.steps, value: st.index,
    "aria-label": tr.replay, on: { change: (e) => go(Number(e.target.value)) } });
  const moveText = frame.action
    ? h("p.replaymove", game?.seatBadge(view, frame.seat, tr) || h(`span.seatdot.s${frame.seat}`), " ", frame.bot ? icon("bot") : null, " ", h("bdi", page.nameOf(frame.seat)), `: ${frame.text}`)
    : h("p.replaymove", "—");
  const tools = [];
  if (page.view?.over && page.room.reveal_at_end && !st.revealed) {
    tools.push(h("button.btn.small#revealbtn", { type: "button", on: { click: () => openReplay(page, true) } }, icon("eye"), " ", tr.replayRevealed));
  }
  if (st.revealed) {
    const sel = h("select#revealas", { on: { change: (e) => { st.as = e.target.value; st.pages.clear(); go(st.index); } } },
      h("option", { value: "me" }, page.seat === null ? tr.watching : page.nameOf(page.seat)),
      page.room.seats.map((s) => h("option", { value: String(s.seat), selected: st.as === String(s.seat) }, `${tr.seat} ${s.seat + 1}: ${page.nameOf(s.seat)}`)));
    tools.push(sel);
  }
  const board = game ? game.render(view, ui, tr, (s) => page.nameOf(s)) : h("pre", JSON.stringify(view, null, 1));
  const controls = h("div.replaycontrols",
    h("button.btn#rfirst", { type: "button", on: { click: () => go(0) } }, tr.first),
    h("button.btn#rprev", { type: "button", on: { click: () => go(st.index - 1) } }, tr.prev),
    h("span.replaystep#replaystep", tr.step(frame.step, st.steps)),
    h("button.btn#rnext", { type: "button", on: { click: () => go(st.index + 1) } }, tr.next),
    h("button.btn#rlast", { type: "button", on: { click: () => go(st.steps) } }, tr.last));
  clear(page.app).append(
    h("div.roomhead", h("h1", `${page.room.title} — ${page.seat === null ? tr.replaySpectator : tr.replayTitle}`),
      h("div.roomlinks", h("button.btn.primary#backtogame", { type: "button", on: { click: () => { page.replay = null; page.render(); } } }, tr.backToGame))),
    h("section.panel.replay", controls, slider, moveText, h("div.replaytools", tools),
      h("div.boardarea", board),
      st.revealed && frame.position ? h("details.position", h("summary", tr.fullPosition), h("pre", frame.position)) : null),
    h("section.panel.scores", game ? game.scores(view, page.room, tr, (s) => page.nameOf(s)) : null));
  page.app.dataset.replayStep = String(frame.step); // lets tests wait until the picture matches the frame
  document.onkeydown = (e) => {
    if (!page.replay) {
      document.onkeydown = null;
      return;
    }
    if (e.key === "ArrowRight") go(st.index + 1);
    if (e.key === "ArrowLeft") go(st.index - 1);
  };
}
