// Client-side routes (the server answers index.html for each): / , /r/{room}, /rules/{game}.

import { clear, h } from "./dom.js";
import { lang, setLang, t } from "./i18n.js";

const listeners = new Set();

/** Pages re-render their labels when the language changes. */
export function onLangChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

function topnav() {
  const nav = clear(document.getElementById("topnav"));
  nav.append(
    h("a", { href: "/" }, t().newGame),
    h("a", { href: "/rules/crosswise" }, `${t().howToPlay}: Crosswise`),
    h("a", { href: "/rules/alcatraz" }, `${t().howToPlay}: Alcatraz`),
  );
  document.getElementById("langlabel").textContent = t().language;
}

async function route() {
  const app = document.getElementById("app");
  const path = location.pathname;
  let m;
  if ((m = /^\/r\/([A-Za-z0-9_-]+)\/?$/.exec(path))) {
    const { mountRoom } = await import("./room.js");
    return mountRoom(app, m[1]);
  }
  if ((m = /^\/rules\/([a-z]+)\/?$/.exec(path))) {
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
