// The home page: pick a game, the players and who sits where, the options; start.

import { api, store } from "./api.js";
import { clear, h, toast } from "./dom.js";
import { lang, t } from "./i18n.js";
import { loadGameUI } from "./gameui.js";
import { icon } from "./icons.js";
import { onLangChange } from "./main.js";
import { account } from "./session.js";

const LEVELS = ["easy", "medium", "hard"];

const form = {
  game: null,
  players: 2,
  seats: [],
  variant: {},
  reveal_at_end: true,
  stand_in: "medium",
  name: localStorage.getItem("bgb:name") || "",
  public: new URLSearchParams(location.search).get("table") === "public",
  rated: false,
  clock: "none", // none | realtime | turn
  minutes: 5,
  increment: 5,
  hours: 24,
  on_timeout: "stand_in",
};
let me = null;

let catalog = null;
const uis = new Map(); // game name -> its UI module (or null)

export async function mountHome(app) {
  const draw = async () => {
    catalog = await api("/api/games", { lang: lang() });
    me = await account();
    await Promise.all(catalog.games.map(async (g) => uis.set(g.name, await loadGameUI(g.ui))));
    if (!form.game || !catalog.games.some((g) => g.name === form.game)) form.game = catalog.games[0]?.name;
    render(app);
  };
  onLangChange(() => draw());
  clear(app).append(h("p.loading", t().loading));
  await draw();
}

function gameInfo() {
  return catalog.games.find((g) => g.name === form.game);
}

function defaultSeats(n) {
  const seats = [];
  for (let i = 0; i < n; i++) seats.push(form.seats[i] || (i === 0 ? { kind: "human" } : { kind: "bot", bot: "medium" }));
  return seats;
}

function seatValue(seat) {
  return seat.kind === "bot" ? `bot:${seat.bot}` : seat.kind;
}

function gameArt(name) {
  return uis.get(name)?.art?.() || h("div.art", h("span.gametitle", name.slice(0, 1).toUpperCase()));
}

function render(app) {
  const tr = t();
  const info = gameInfo();
  if (!info) {
    clear(app).append(h("div.panel.error", tr.errorTitle));
    return;
  }
  form.players = Math.min(Math.max(form.players, info.min_players), info.max_players);
  form.seats = defaultSeats(form.players);

  const games = h("div.gamepick", catalog.games.map((g) => h(`button.gamecard${g.name === form.game ? ".chosen" : ""}`, {
    type: "button", dataset: { game: g.name }, "aria-pressed": String(g.name === form.game),
    on: { click: () => { form.game = g.name; form.variant = {}; render(app); } },
  }, gameArt(g.name), h("span.gametitle", g.title), h("span.small", `${g.min_players}–${g.max_players} ${tr.players.toLowerCase()}`))));

  const playersSel = h("select#players", {
    on: { change: (e) => { form.players = Number(e.target.value); render(app); } },
  });
  for (let n = info.min_players; n <= info.max_players; n++) playersSel.append(h("option", { value: n, selected: n === form.players }, String(n)));

  const teams = info.teams?.[String(form.players)] || [];
  const seatRows = form.seats.map((seat, i) => {
    const sel = h("select.seatkind", {
      dataset: { seat: i }, "aria-label": `${tr.seat} ${i + 1}`,
      on: { change: (e) => {
        const v = e.target.value;
        form.seats[i] = v.startsWith("bot:") ? { kind: "bot", bot: v.slice(4) } : { kind: v };
        render(app);
      } },
    });
    sel.append(h("option", { value: "human" }, tr.kindMe));
    for (const lvl of LEVELS) sel.append(h("option", { value: `bot:${lvl}` }, botLabel(lvl)));
    sel.append(h("option", { value: "open" }, tr.kindOpen));
    sel.value = seatValue(seat);
    const team = teams.findIndex((tm) => tm.includes(i));
    const teamTag = uis.get(form.game)?.seatTag?.(team, teams, tr) || null;
    // the seat's mark is the game's own (team colours in team games), as on the board
    const badge = uis.get(form.game)?.seatBadge?.({ teams, seat: null }, i, tr) || h(`span.seatdot.s${i}`);
    return h("div.seatrow", badge, h("span.seatno", `${tr.seat} ${i + 1}`), sel, teamTag);
  });

  const variants = h("div.variants", info.variants.map((opt) => variantField(opt)));
  const nameInput = h("input#myname", { type: "text", maxlength: 40, value: me ? me.name : form.name, placeholder: tr.yourName, disabled: !!me,
    on: { input: (e) => { form.name = e.target.value; localStorage.setItem("bgb:name", form.name); } } });
  const standIn = h("select#standin", { on: { change: (e) => { form.stand_in = e.target.value; } } },
    LEVELS.map((lvl) => h("option", { value: lvl, selected: lvl === form.stand_in }, tr.level[lvl])));

  const createBtn = h("button.btn.primary.big#create", { type: "button", on: { click: () => create(createBtn) } }, tr.create);

  clear(app).append(
    h("section.hero", h("h1", tr.app), h("p", tr.tagline)),
    h("section.panel.newgame",
      h("h2", tr.chooseGame), games,
      h("div.rulelink", h("a", { href: `/rules/${form.game}` }, icon("book"), " ", `${tr.howToPlay}: ${info.title}`)),
      h("h2", tr.seats),
      h("div.formrow", h("label", { for: "players" }, tr.players), playersSel,
        h("label", { for: "myname" }, tr.yourName), nameInput),
      h("div.seats", seatRows),
      h("h2", tr.options),
      info.variants.length ? h("details.variantbox", h("summary", tr.variantOptions), variants) : null,
      tableOptions(app),
      h("details.variantbox", h("summary", tr.roomOptions),
        checkbox("reveal_at_end", tr.revealAtEnd),
        h("div.formrow", h("label", { for: "standin" }, tr.standIn), standIn)),
      h("div.actions", createBtn)),
    h("footer.foot", tr.footer));
}

/** "hard (≈ 31.2)": a bot level with its calibrated OpenSkill rating in this game, so levels mean something. */
function botLabel(level) {
  const tr = t();
  const r = catalog.bot_ratings?.[form.game]?.[level];
  return r ? `${tr.botLevel[level]} (≈ ${r.mu.toFixed(1)})` : tr.botLevel[level];
}

/** Who can join (private / public in the lobby), rated, and the clock. */
function tableOptions(app) {
  const tr = t();
  if (!me) form.rated = false;
  const kind = h("select#tablekind", { on: { change: (e) => { form.public = e.target.value === "public"; } } },
    h("option", { value: "private", selected: !form.public }, tr.privateTable),
    h("option", { value: "public", selected: form.public }, tr.publicTable));
  const rated = h("label.check", h("input#rated", { type: "checkbox", checked: form.rated, disabled: !me,
    on: { change: (e) => { form.rated = e.target.checked; form.on_timeout = form.rated ? "forfeit" : "stand_in"; render(app); } } }),
    " ", tr.ratedGame, me ? null : h("span.small.muted", ` — ${tr.ratedNeedsLogin}`));
  const clockSel = h("select#clockkind", { on: { change: (e) => { form.clock = e.target.value; render(app); } } },
    ["none", "realtime", "turn"].map((k) => h("option", { value: k, selected: form.clock === k },
      { none: tr.clockNone, realtime: tr.clockRealtime, turn: tr.clockTurn }[k])));
  const num = (id, key, min, max, step) => h(`input#${id}.secs`, { type: "number", min, max, step, value: form[key],
    on: { change: (e) => { form[key] = Number(e.target.value); } } });
  const clockFields = form.clock === "realtime"
    ? [num("clockminutes", "minutes", 0.1, 120, "any"), h("span.small", tr.clockMinutes), num("clockincrement", "increment", 0, 600, 1), h("span.small", tr.clockIncrement)]
    : form.clock === "turn" ? [num("clockhours", "hours", 0.01, 336, "any"), h("span.small", tr.clockHours)] : [];
  const timeout = form.clock === "none" ? null : h("div.formrow", h("label", { for: "ontimeout" }, tr.onTimeout),
    h("select#ontimeout", { on: { change: (e) => { form.on_timeout = e.target.value; } } },
      h("option", { value: "stand_in", selected: form.on_timeout === "stand_in" }, tr.timeoutStandIn),
      form.rated ? h("option", { value: "forfeit", selected: form.on_timeout === "forfeit" }, tr.timeoutForfeit) : null));
  return h("div.tableopts2",
    h("div.formrow", h("label", { for: "tablekind" }, tr.tableKind), kind),
    rated,
    h("div.formrow", h("label", { for: "clockkind" }, tr.clock), clockSel, ...clockFields),
    timeout);
}

function clockBody() {
  if (form.clock === "realtime") return { kind: "realtime", initial: Math.round(form.minutes * 60), increment: form.increment };
  if (form.clock === "turn") return { kind: "turn", per_move: Math.round(form.hours * 3600) };
  return null;
}

function checkbox(key, label) {
  return h("label.check", h("input", { type: "checkbox", checked: !!form[key], dataset: { opt: key },
    on: { change: (e) => { form[key] = e.target.checked; } } }), " ", label);
}

function variantField(opt) {
  const current = opt.name in form.variant ? form.variant[opt.name] : opt.default;
  let input;
  if (typeof opt.default === "boolean") {
    input = h("input", { type: "checkbox", checked: !!current, dataset: { variant: opt.name }, on: { change: (e) => { form.variant[opt.name] = e.target.checked; } } });
    return h("label.check.variant", input, " ", h("code", opt.name), " — ", opt.help);
  }
  if (opt.choices?.length) {
    input = h("select", { on: { change: (e) => { form.variant[opt.name] = e.target.value; } } },
      opt.choices.map((c) => h("option", { value: c, selected: c === current }, String(c))));
  } else if (typeof opt.default === "number") {
    input = h("input", { type: "number", value: current, step: 1, on: { change: (e) => { form.variant[opt.name] = Number(e.target.value); } } });
  } else {
    input = h("input", { type: "text", value: current, on: { change: (e) => { form.variant[opt.name] = e.target.value; } } });
  }
  input.dataset.variant = opt.name;
  return h("div.variant", h("label", h("code", opt.name), " ", input), h("div.help", opt.help));
}

async function create(btn) {
  const tr = t();
  btn.disabled = true;
  btn.textContent = tr.creating;
  const name = me ? "" : form.name.trim();
  const seats = form.seats.map((seat, i) => {
    if (seat.kind === "human") return { kind: "human", ...(name ? { name } : {}) };
    if (seat.kind === "open") return { kind: "open" };
    return { kind: "bot", bot: seat.bot };
  });
  // several "me" seats play from one browser: number them so the names stay apart
  const mine = seats.filter((s) => s.kind === "human");
  if (mine.length > 1 && name) mine.forEach((s, i) => { s.name = `${name} ${i + 1}`; });
  try {
    const res = await api("/api/rooms", { method: "POST", body: {
      game: form.game, players: form.players, seats, variant: form.variant, lang: lang(),
      reveal_at_end: form.reveal_at_end, stand_in: form.stand_in,
      public: form.public, rated: form.rated, clock: clockBody(),
      ...(form.clock !== "none" ? { on_timeout: form.rated ? form.on_timeout : "stand_in" } : {}),
    } });
    const roomId = res.room.id;
    store.saveInvites(roomId, res.invites || []);
    store.saveSeats(roomId, res.seats || []);
    location.assign(res.seats?.length ? res.seats[0].link : res.spectate);
  } catch (err) {
    toast(err.message, "error", 6000);
    btn.disabled = false;
    btn.textContent = tr.create;
  }
}
