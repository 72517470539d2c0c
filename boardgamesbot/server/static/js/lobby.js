// The lobby: open public tables, live over a WebSocket; filters; one-click seats; "play now against a bot".

import { api, ListenSocket, store } from "./api.js";
import { clear, h, toast } from "./dom.js";
import { lang, t } from "./i18n.js";
import { icon } from "./icons.js";
import { onLangChange } from "./main.js";
import { account } from "./session.js";

const filters = { game: "", rated: false, free: true };

export async function mountLobby(app) {
  let catalog = { games: [] };
  let tables = null;
  let me = null;
  const title = (g) => catalog.games.find((x) => x.name === g)?.title || g;
  const list = h("div#tables.tables");

  const drawTables = () => {
    const tr = t();
    if (tables === null) return;
    const shown = tables.filter((tb) => (!filters.game || tb.game === filters.game) && (!filters.rated || tb.rated) && (!filters.free || tb.free > 0));
    clear(list).append(shown.length ? h("ul.tablelist", shown.map((tb) => tableRow(tb))) : h("p.muted#notables", tr.noTables));
  };

  const tableRow = (tb) => {
    const tr = t();
    const seats = tb.seats.map((s) => h(`span.tseat${s.claimed || s.kind === "bot" ? "" : ".free"}`,
      s.kind === "bot" ? [icon("bot"), ` ${tr.level[s.bot] || s.bot}`] : s.claimed ? h("bdi", s.name || `${tr.seat} ${s.seat + 1}`) : tr.open));
    const variant = Object.entries(tb.variant || {}).map(([k, v]) => `${k}=${v}`).join(", ");
    const join = h("button.btn.primary.small.sitbtn", { type: "button", dataset: { room: tb.id }, disabled: tb.free < 1,
      on: { click: () => sit(tb, join) } }, tr.sitDown);
    return h("li.tablerow", { dataset: { room: tb.id, game: tb.game } },
      h("div.tmain", h("strong", title(tb.game)), " · ", `${tb.players} ${tr.players.toLowerCase()}`, " · ",
        h(`span.badge${tb.rated ? ".ratedb" : ""}`, tb.rated ? tr.rated : tr.unrated), " ",
        h("span.badge", tb.clock ? tr.clockLabel(tb.clock) : tr.noClock), " ",
        h("span.badge", tb.lang === "pt" ? "PT" : "EN"), " ", h("span.small.freecount", tr.seatsFree(tb.free))),
      h("div.tseats", seats),
      variant ? h("div.small.muted", variant) : null,
      h("div.tjoin", join));
  };

  const sit = async (tb, btn) => {
    btn.disabled = true;
    try {
      const name = localStorage.getItem("bgb:name") || "";
      const res = await api(`/api/rooms/${tb.id}/sit`, { method: "POST", body: name && !me ? { name } : {}, lang: lang() });
      store.saveSeats(tb.id, [...store.seats(tb.id), { seat: res.seat, link: res.link }]);
      location.assign(res.link);
    } catch (err) {
      toast(err.message, "error", 6000);
      btn.disabled = false;
    }
  };

  const playNow = async (btn) => {
    btn.disabled = true;
    const game = catalog.games.find((g) => g.name === filters.game) || catalog.games[0];
    try {
      const name = me?.name || localStorage.getItem("bgb:name") || "";
      const seats = [{ kind: "human", ...(name ? { name } : {}) }];
      for (let i = 1; i < game.min_players; i++) seats.push({ kind: "bot", bot: "medium" });
      const res = await api("/api/rooms", { method: "POST", body: { game: game.name, players: game.min_players, seats, lang: lang() } });
      store.saveSeats(res.room.id, res.seats || []);
      location.assign(res.seats[0].link);
    } catch (err) {
      toast(err.message, "error", 6000);
      btn.disabled = false;
    }
  };

  const draw = async () => {
    const tr = t();
    catalog = await api("/api/games", { lang: lang() });
    me = await account();
    const gameSel = h("select#filtergame", { on: { change: (e) => { filters.game = e.target.value; drawTables(); } } },
      h("option", { value: "" }, tr.filterAll), catalog.games.map((g) => h("option", { value: g.name, selected: filters.game === g.name }, g.title)));
    const check = (key, label) => h("label.check.inline", h("input", { type: "checkbox", id: `filter${key}`, checked: filters[key],
      on: { change: (e) => { filters[key] = e.target.checked; drawTables(); } } }), " ", label);
    const playBtn = h("button.btn.primary#playnow", { type: "button", on: { click: () => playNow(playBtn) } }, icon("bot"), " ", tr.playNow);
    clear(app).append(
      h("section.panel.lobby",
        h("div.lobbyhead", h("h2", tr.tables),
          h("div.actions.inline", playBtn, h("a.btn#createtable", { href: "/?table=public" }, tr.createTable))),
        me ? null : h("p.small.muted", h("a", { href: "/login?next=/lobby" }, tr.signIn), " — ", tr.ratedNeedsLogin),
        h("div.formrow.filters", h("label", { for: "filtergame" }, tr.filterGame), gameSel, check("rated", tr.filterRated), check("free", tr.filterFree)),
        list));
    drawTables();
  };

  const socket = new ListenSocket("/ws/lobby", (msg) => {
    if (msg.type === "lobby") {
      tables = msg.tables;
      drawTables();
    }
  });
  window.bgbLobby = { socket, tables: () => tables };
  onLangChange(() => draw());
  await draw();
}
