// A player's page: name, language, games played, a rating per game with a plot of its history, recent games.

import { api } from "./api.js";
import { clear, h, s } from "./dom.js";
import { lang, t } from "./i18n.js";
import { onLangChange } from "./main.js";
import { signOut } from "./session.js";

const W = 520;
const H = 160;
const PAD = 28;

/** The rating's history drawn from its numbers: μ (line), μ ± σ (band) and the shown figure μ − 3σ (dashed). */
export function ratingPlot(points, label) {
  const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, class: "ratingplot", role: "img", "aria-label": label, "data-points": points.length });
  if (!points.length) return svg;
  const values = points.flatMap((p) => [p.mu + p.sigma, p.mu - p.sigma, p.ordinal]);
  let lo = Math.min(...values);
  let hi = Math.max(...values);
  if (hi - lo < 1) { hi += 0.5; lo -= 0.5; }
  const x = (i) => PAD + (points.length === 1 ? (W - 2 * PAD) / 2 : (i * (W - 2 * PAD)) / (points.length - 1));
  const y = (v) => H - PAD + ((lo - v) * (H - 2 * PAD)) / (hi - lo);
  const band = [...points.map((p, i) => `${x(i)},${y(p.mu + p.sigma)}`), ...points.map((p, i) => `${x(i)},${y(p.mu - p.sigma)}`).reverse()];
  svg.append(
    s("line", { x1: PAD, y1: H - PAD, x2: W - PAD, y2: H - PAD, class: "axis" }),
    s("line", { x1: PAD, y1: PAD, x2: PAD, y2: H - PAD, class: "axis" }),
    s("text", { x: 2, y: y(hi) + 4, class: "tick" }, document.createTextNode(hi.toFixed(1))),
    s("text", { x: 2, y: y(lo) + 4, class: "tick" }, document.createTextNode(lo.toFixed(1))),
    s("polygon", { points: band.join(" "), class: "band" }),
    s("polyline", { points: points.map((p, i) => `${x(i)},${y(p.ordinal)}`).join(" "), class: "ordinal" }),
    s("polyline", { points: points.map((p, i) => `${x(i)},${y(p.mu)}`).join(" "), class: "mu" }),
    ...points.map((p, i) => s("circle", { cx: x(i), cy: y(p.mu), r: 3, class: "dot" },
      s("title", {}, document.createTextNode(`μ ${p.mu.toFixed(2)} σ ${p.sigma.toFixed(2)}`)))));
  return svg;
}

export async function mountProfile(app, name) {
  let games = {};
  const draw = async () => {
    const tr = t();
    clear(app).append(h("p.loading", tr.loading));
    let data;
    try {
      data = await api(`/api/accounts/${encodeURIComponent(name)}`);
      games = Object.fromEntries((await api("/api/games", { lang: lang() })).games.map((g) => [g.name, g.title]));
    } catch (err) {
      clear(app).append(h("div.panel.error", h("h2", tr.errorTitle), h("p", err.message)));
      return;
    }
    const acc = data.account;
    const title = (g) => games[g] || g;
    const ratings = data.ratings.length
      ? data.ratings.map((r) => h("div.ratingbox", { dataset: { game: r.game } },
          h("h3", tr.ratingIn(title(r.game))),
          h("p.ratingfig", h("strong.ordinal", r.ordinal.toFixed(1)), ` (μ ${r.mu.toFixed(2)}, σ ${r.sigma.toFixed(2)}, ${tr.gamesPlayed(r.games)})`),
          ratingPlot(r.start ? [r.start, ...r.history] : r.history, tr.ratingIn(title(r.game)))))
      : [h("p.muted", tr.noRatings)];
    const recent = h("ul.recent", data.recent.map((g) => h("li", { dataset: { room: g.room } },
      h("span.gtitle", title(g.game)), " · ", h("span.small", new Date(g.created).toLocaleString(lang() === "pt" ? "pt-BR" : "en")),
      " · ", h("span.badge", g.over ? tr.finished : tr.inPlay), g.rated ? h("span.badge.ratedb", tr.rated) : null, " ",
      h("a.btn.small", { href: `/r/${g.room}` }, tr.openGame), " ",
      g.over ? h("a.btn.small.replaylink", { href: `/r/${g.room}?replay=1` }, tr.watchReplay) : null)));
    clear(app).append(h("section.panel.profile#profile",
      h("h2", acc.name),
      h("p.muted", tr.memberSince(new Date(acc.created).toLocaleDateString(lang() === "pt" ? "pt-BR" : "en")), " · ",
        `${tr.profileLang}: ${acc.lang === "pt" ? "Português (BR)" : "English"}`, " · ", h("span#gamesplayed", tr.gamesPlayed(data.games_played))),
      data.me ? h("div.actions", h("a.btn", { href: "/lobby" }, tr.lobby),
        h("button.btn#signout", { type: "button", on: { click: async () => { await signOut(); location.assign("/"); } } }, tr.signOut)) : null),
      h("section.panel", h("p.small.muted", tr.ratingHelp), ...ratings),
      h("section.panel", h("h3", data.me ? tr.yourGames : tr.recentGames), recent));
  };
  onLangChange(() => draw());
  await draw();
}
