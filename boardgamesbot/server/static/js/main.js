// Client-side routes (the server answers index.html for each): / , /r/{room}, /r/{room}/review/{seat},
// /learn/{game}, /rules/{game}.

import { api } from "./api.js";
import { clear, h } from "./dom.js";
import { lang, setLang, t } from "./i18n.js";

const listeners = new Set();

/** Pages re-render their labels when the language changes. */
export function onLangChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

let gameList = null; // [{name, title}] from /api/games, fetched once

async function topnav() {
  const nav = clear(document.getElementById("topnav"));
  nav.append(h("a", { href: "/" }, t().newGame));
  document.getElementById("langlabel").textContent = t().language;
  try {
    gameList ??= (await api("/api/games")).games;
  } catch {
    return; // the links to the rules are a convenience; the page works without them
  }
  nav.append(...gameList.map((g) => h("a", { href: `/rules/${g.name}` }, `${t().howToPlay}: ${g.title}`)));
}

async function route() {
  const app = document.getElementById("app");
  const path = location.pathname;
  let m;
  if ((m = /^\/r\/([A-Za-z0-9_-]+)\/review\/([0-9])\/?$/.exec(path))) {
    const { mountReview } = await import("./review.js");
    return mountReview(app, m[1], m[2]);
  }
  if ((m = /^\/learn\/([a-z0-9_-]+)\/?$/.exec(path))) {
    const { mountLearn } = await import("./learn.js");
    return mountLearn(app, m[1]);
  }
  if ((m = /^\/r\/([A-Za-z0-9_-]+)\/?$/.exec(path))) {
    const { mountRoom } = await import("./room.js");
    return mountRoom(app, m[1]);
  }
  if ((m = /^\/rules\/([a-z0-9_-]+)\/?$/.exec(path))) {
    const { mountRules } = await import("./rules.js");
    return mountRules(app, m[1]);
  }
  const { mountHome } = await import("./home.js");
  return mountHome(app);
}

function start() {
  setLang(lang());
  const select = document.getElementById("lang");
  select.value = lang();
  select.addEventListener("change", () => {
    setLang(select.value);
    topnav();
    for (const fn of listeners) fn(lang());
  });
  topnav();
  route().catch((err) => {
    const app = clear(document.getElementById("app"));
    app.append(h("div.panel.error", h("h2", t().errorTitle), h("p", String(err.message || err))));
  });
}

start();
