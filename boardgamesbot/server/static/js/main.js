// Client-side routes (the server answers index.html for each): / , /r/{room}, /rules/{game}, /lobby, /login, /u/{name}.

import { api } from "./api.js";
import { clear, clearToasts, h } from "./dom.js";
import { lang, setLang, t } from "./i18n.js";
import { account, onAccountChange, setAccountLang } from "./session.js";

const listeners = new Set();

/** Pages re-render their labels when the language changes. */
export function onLangChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

let gameList = null; // [{name, title}] from /api/games, fetched once

async function topnav() {
  const nav = clear(document.getElementById("topnav"));
  nav.append(h("a", { href: "/" }, t().newGame), h("a#navlobby", { href: "/lobby" }, t().lobby));
  document.getElementById("langlabel").textContent = t().language;
  drawWho();
  try {
    gameList ??= (await api("/api/games")).games;
  } catch {
    return; // the links to the rules are a convenience; the page works without them
  }
  nav.append(...gameList.map((g) => h("a", { href: `/rules/${g.name}` }, `${t().howToPlay}: ${g.title}`)));
}

/** The account corner of the top bar: the signed-in name (to the profile) or "Sign in". */
async function drawWho() {
  let box = document.getElementById("who");
  if (!box) {
    box = h("span#who.who");
    document.getElementById("topbar").insertBefore(box, document.querySelector(".langpick"));
  }
  const me = await account();
  clear(box).append(me
    ? h("a#whoami", { href: `/u/${encodeURIComponent(me.name)}` }, me.name)
    : h("a#signinlink", { href: `/login?next=${encodeURIComponent(location.pathname + location.search)}` }, t().signIn));
}

async function route() {
  const app = document.getElementById("app");
  const path = location.pathname;
  let m;
  if ((m = /^\/r\/([A-Za-z0-9_-]+)\/?$/.exec(path))) {
    const { mountRoom } = await import("./room.js");
    return mountRoom(app, m[1]);
  }
  if (/^\/lobby\/?$/.test(path)) {
    const { mountLobby } = await import("./lobby.js");
    return mountLobby(app);
  }
  if (/^\/login\/?$/.test(path)) {
    const { mountLogin } = await import("./login.js");
    return mountLogin(app);
  }
  if ((m = /^\/u\/([^/]+)\/?$/.exec(path))) {
    const { mountProfile } = await import("./profile.js");
    return mountProfile(app, decodeURIComponent(m[1]));
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
    clearToasts(); // nothing in the old language stays on screen
    setAccountLang(select.value).catch(() => {});
    topnav();
    for (const fn of listeners) fn(lang());
  });
  topnav();
  onAccountChange(() => drawWho());
  route().catch((err) => {
    const app = clear(document.getElementById("app"));
    app.append(h("div.panel.error", h("h2", t().errorTitle), h("p", String(err.message || err))));
  });
}

start();
