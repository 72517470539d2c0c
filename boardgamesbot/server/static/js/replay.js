// Step-by-step replay: each frame is exactly what this viewer was sent after k moves.
// After the end (if the table allows it) every seat's view and the full position can be shown.

import { api } from "./api.js";
import { clear, h, toast } from "./dom.js";
import { lang, t } from "./i18n.js";
import { icon } from "./icons.js";

export async function openReplay(page, reveal = false) {
  const path = page.seat === null ? `/api/rooms/${page.roomId}/replay` : `/api/rooms/${page.roomId}/seats/${page.seat}/replay`;
  let data;
  try {
    data = await api(`${path}${reveal ? "?reveal=1" : ""}`, { token: page.token, lang: lang() });
  } catch (err) {
    toast(err.message, "error", 6000);
    return;
  }
  const state = { frames: data.frames, index: page.replay?.index ?? data.frames.length - 1, revealed: !!data.revealed || reveal, as: "me" };
  state.index = Math.min(state.index, data.frames.length - 1);
  page.replay = state;
  draw(page);
}

function draw(page) {
  const tr = t();
  const st = page.replay;
  const frames = st.frames;
  const frame = frames[st.index];
  const game = page.ui;
  let view = frame.view;
  if (st.revealed && st.as !== "me" && frame.views?.[st.as]) view = frame.views[st.as];
  const lastKeys = new Set(frame.action && game ? game.touched(frame.action, frame.seat) : []);
  const ui = { next: new Set(), selected: new Set(), last: lastKeys, onClick: () => {}, firstKey: null, me: page.seat };
  const go = (i) => {
    st.index = Math.max(0, Math.min(frames.length - 1, i));
    draw(page);
  };
  const slider = h("input#replayslider", { type: "range", min: 0, max: frames.length - 1, value: st.index,
    "aria-label": tr.replay, on: { input: (e) => go(Number(e.target.value)) } });
  const moveText = frame.action
    ? h("p.replaymove", game?.seatBadge(view, frame.seat, tr) || h(`span.seatdot.s${frame.seat}`), " ", frame.bot ? icon("bot") : null, ` ${page.nameOf(frame.seat)}: ${frame.text}`)
    : h("p.replaymove", "—");
  const tools = [];
  if (page.view?.over && page.room.reveal_at_end && !st.revealed) {
    tools.push(h("button.btn.small#revealbtn", { type: "button", on: { click: () => openReplay(page, true) } }, icon("eye"), " ", tr.replayRevealed));
  }
  if (st.revealed && frame.views) {
    const sel = h("select#revealas", { on: { change: (e) => { st.as = e.target.value; draw(page); } } },
      h("option", { value: "me" }, page.seat === null ? tr.watching : page.nameOf(page.seat)),
      Object.keys(frame.views).map((s) => h("option", { value: s, selected: st.as === s }, `${tr.seat} ${Number(s) + 1}: ${page.nameOf(Number(s))}`)));
    tools.push(sel);
  }
  const board = game ? game.render(view, ui, tr, (s) => page.nameOf(s)) : h("pre", JSON.stringify(view, null, 1));
  const controls = h("div.replaycontrols",
    h("button.btn#rfirst", { type: "button", on: { click: () => go(0) } }, tr.first),
    h("button.btn#rprev", { type: "button", on: { click: () => go(st.index - 1) } }, tr.prev),
    h("span.replaystep#replaystep", tr.step(frame.step, frames[frames.length - 1].step)),
    h("button.btn#rnext", { type: "button", on: { click: () => go(st.index + 1) } }, tr.next),
    h("button.btn#rlast", { type: "button", on: { click: () => go(frames.length - 1) } }, tr.last));
  clear(page.app).append(
    h("div.roomhead", h("h1", `${page.room.title} — ${page.seat === null ? tr.replaySpectator : tr.replayTitle}`),
      h("div.roomlinks", h("button.btn.primary#backtogame", { type: "button", on: { click: () => { page.replay = null; page.render(); } } }, tr.backToGame))),
    h("section.panel.replay", controls, slider, moveText, h("div.replaytools", tools),
      h("div.boardarea", board),
      st.revealed && frame.position ? h("details.position", h("summary", tr.fullPosition), h("pre", frame.position)) : null),
    h("section.panel.scores", game ? game.scores(view, page.room, tr, (s) => page.nameOf(s)) : null));
  document.onkeydown = (e) => {
    if (!page.replay) {
      document.onkeydown = null;
      return;
    }
    if (e.key === "ArrowRight") go(st.index + 1);
    if (e.key === "ArrowLeft") go(st.index - 1);
  };
}
