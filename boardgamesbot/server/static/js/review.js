// The post-game review page, /r/{room}/review/{seat} (with #seat=TOKEN for one's own seat): each decision
// judged from what that seat knew then (the server's coach), the three biggest mistakes explained, and an
// SVG chart of the estimated win chance drawn from the numbers.

import { api, fragment } from "./api.js";
import { clear, h, s } from "./dom.js";
import { lang, t } from "./i18n.js";
import { onLangChange } from "./main.js";

const POLL_MS = 1500;

export async function mountReview(app, roomId, seat) {
  const page = new ReviewPage(app, roomId, Number(seat));
  window.bgbReview = page; // lets tests (and the curious) read what the page shows
  await page.start();
  return page;
}

class ReviewPage {
  constructor(app, roomId, seat) {
    this.app = app;
    this.roomId = roomId;
    this.seat = seat;
    this.token = fragment().seat;
    this.room = null;
    this.data = null;
    this.error = null;
    this.timer = null;
  }

  async start() {
    clear(this.app).append(h("p.loading", t().loading));
    onLangChange(() => this.load());
    await this.load();
  }

  async load() {
    clearTimeout(this.timer);
    try {
      this.room = (await api(`/api/rooms/${this.roomId}`, { token: this.token, lang: lang() })).room;
      this.data = await api(`/api/rooms/${this.roomId}/review/${this.seat}`, { token: this.token, lang: lang() });
      this.error = null;
    } catch (err) {
      this.error = err.message;
    }
    this.render();
    if (!this.error && this.data?.status === "running") this.timer = setTimeout(() => this.load(), POLL_MS);
  }

  nameOf(seat) {
    const tr = t();
    const info = this.room?.seats?.[seat];
    const generic = !info?.name || (info.kind === "bot" && info.name === info.bot);
    let name = generic ? `${info?.kind === "bot" ? tr.bot : tr.seat} ${seat + 1}` : info.name;
    if (generic) name = name[0].toUpperCase() + name.slice(1);
    return `\u2068${name}\u2069`;
  }

  render() {
    const tr = t();
    const back = h("a.btn.ghost#backtoroom", { href: `/r/${this.roomId}${this.token ? `#seat=${this.token}` : ""}` }, tr.backToRoom);
    const head = h("div.roomhead", h("h1", tr.reviewTitle(this.nameOf(this.seat), this.room?.title || "")), h("div.roomlinks", back));
    if (this.error) {
      clear(this.app).append(head, h("div.panel.error#reviewerror", h("h2", tr.errorTitle), h("p", this.error)));
      return;
    }
    const d = this.data;
    if (!d || d.status === "running") {
      const done = d?.done || 0;
      const total = d?.total || 0;
      clear(this.app).append(head, h("section.panel.reviewwait#reviewwait",
        h("p", tr.reviewRunning(done, total)),
        h("progress", { max: Math.max(total, 1), value: done })));
      return;
    }
    if (d.status === "failed") {
      clear(this.app).append(head, h("div.panel.error", h("h2", tr.reviewFailed), h("p", d.error || "")));
      return;
    }
    const r = d.review;
    const n = r.decisions.length;
    const agree = r.decisions.filter((x) => x.played === x.best).length;
    const lost = (r.average_loss * 50).toFixed(1);
    const summary = h("section.panel.reviewsummary",
      h("p", tr.reviewIntro(n, r.iterations, r.weigh)),
      h("ul.reviewfacts", h("li", tr.reviewAgree(agree, n)), h("li", tr.reviewLoss(lost))));
    const chart = h("section.panel.reviewchart", h("h3", tr.reviewChart), drawChart(r));
    const mistakes = h("section.panel.mistakes#mistakes", h("h3", tr.mistakes),
      r.mistakes.length
        ? h("ol.mistakelist", r.mistakes.map((m, i) => h("li.mistake", { dataset: { step: m.step } },
          h("div.mistakehead", h("span.mistakeno", String(i + 1)), h("strong", tr.mistakeAt(m.step))),
          h("ul.reasons", m.lines.map((line) => h("li", line))))))
        : h("p", tr.noMistakes));
    const table = h("details.panel.alldecisions", h("summary", tr.allDecisions),
      h("div.tablewrap", h("table.decisions",
        h("thead", h("tr", h("th", tr.colMove), h("th", tr.colPlayed), h("th", tr.colWin), h("th", tr.colBest), h("th", tr.colWin), h("th", tr.colLost))),
        h("tbody", r.decisions.map((x) => h(`tr${x.loss >= 0.04 ? ".lossy" : ""}`,
          h("td", String(x.step)), h("td", x.played_text), h("td.num", String(x.played_win)),
          h("td", x.best === x.played ? "=" : x.best_text), h("td.num", String(x.best_win)),
          h("td.num", (x.loss * 50).toFixed(1))))))));
    clear(this.app).append(head, summary, chart, mistakes, table);
  }
}

/** The win-chance chart: after each move played (line), with the best move (dashed), mistakes numbered. */
function drawChart(review) {
  const tr = t();
  const W = 640;
  const H = 260;
  const pad = { l: 44, r: 14, t: 14, b: 40 };
  const pts = review.decisions;
  const xs = pts.map((p) => p.step);
  const x0 = Math.min(...xs, 0);
  const x1 = Math.max(...xs, x0 + 1);
  const X = (v) => pad.l + ((v - x0) / (x1 - x0)) * (W - pad.l - pad.r);
  const Y = (v) => pad.t + (1 - v / 100) * (H - pad.t - pad.b);
  const line = (key) => pts.map((p, i) => `${i ? "L" : "M"}${X(p.step).toFixed(1)},${Y(p[key]).toFixed(1)}`).join(" ");
  const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, class: "winchart", role: "img", "aria-label": tr.reviewChart, id: "winchart" });
  svg.append(s("title", {}, document.createTextNode(tr.reviewChart)));
  for (const v of [0, 25, 50, 75, 100]) {
    svg.append(s("line", { x1: pad.l, x2: W - pad.r, y1: Y(v), y2: Y(v), class: v === 50 ? "grid mid" : "grid" }));
    svg.append(s("text", { x: pad.l - 6, y: Y(v) + 4, class: "tick", "text-anchor": "end" }, document.createTextNode(String(v))));
  }
  const ticks = 6;
  for (let i = 0; i <= ticks; i++) {
    const v = Math.round(x0 + ((x1 - x0) * i) / ticks);
    svg.append(s("text", { x: X(v), y: H - pad.b + 16, class: "tick", "text-anchor": "middle" }, document.createTextNode(String(v))));
  }
  svg.append(s("text", { x: (W + pad.l) / 2, y: H - 6, class: "axis", "text-anchor": "middle" }, document.createTextNode(tr.chartX)));
  svg.append(s("text", { x: 12, y: pad.t + (H - pad.t - pad.b) / 2, class: "axis", "text-anchor": "middle",
    transform: `rotate(-90 12 ${pad.t + (H - pad.t - pad.b) / 2})` }, document.createTextNode(tr.chartY)));
  if (pts.length) {
    svg.append(s("path", { d: line("best_win"), class: "best" }));
    svg.append(s("path", { d: line("played_win"), class: "played" }));
    for (const p of pts) svg.append(s("circle", { cx: X(p.step), cy: Y(p.played_win), r: 2.2, class: "dot" }));
  }
  review.mistakes.forEach((m, i) => {
    const g = s("g", { class: "mistake", "data-step": m.step });
    g.append(s("circle", { cx: X(m.step), cy: Y(m.played_win), r: 8 }));
    g.append(s("text", { x: X(m.step), y: Y(m.played_win) + 4, "text-anchor": "middle" }, document.createTextNode(String(i + 1))));
    svg.append(g);
  });
  const legend = h("div.chartlegend",
    h("span.lg.played", tr.chartPlayed), h("span.lg.best", tr.chartBest), review.mistakes.length ? h("span.lg.lgmistake", tr.chartMistake) : null);
  return h("div.chartwrap", svg, legend);
}
