// The game page: live play over a WebSocket, seats, share links, log, result, replay.

import { api, fragment, RoomSocket, store } from "./api.js";
import { explanationBox, hintPanel, markPoints } from "./coach.js";
import { clear, copyText, formatClock, h, toast } from "./dom.js";
import { loadGameUI } from "./gameui.js";
import { lang, t } from "./i18n.js";
import { icon } from "./icons.js";
import { onLangChange } from "./main.js";
import { Picker } from "./picker.js";
import { openReplay } from "./replay.js";

const LOG_LIMIT = 150; // older moves stay in the replay
const MIN_COVER_WAIT = 30; // the server refuses a shorter wait for a seat a person holds (docs/server.md)

export async function mountRoom(app, roomId) {
  const page = new RoomPage(app, roomId);
  await page.start();
  window.bgbRoom = page; // handy for debugging in the browser console
  return page;
}

class RoomPage {
  constructor(app, roomId) {
    this.app = app;
    this.roomId = roomId;
    this.token = null;
    this.seat = null;
    this.room = null;
    this.view = null;
    this.legalText = {};
    this.history = [];
    this.last = null;
    this.lastKeys = new Set();
    this.picker = null;
    this.pickerTurn = -1;
    this.status = "connecting";
    this.sending = false;
    this.replay = null;
    this.ui = undefined; // the game's UI module once loaded (null: the game has none)
    this.uiName = null;
    this.hintState = null; // {turn, loading | data | error}: the hint asked for at that turn
    this.why = {}; // step -> {loading | explanation | error}: "why?" asked on a log line
    this.chat = []; // messages of this viewer's audience (players or spectators)
    this.muted = [];
    this.chatBox = null; // built once, so typing survives the redraws
    this.clockAt = 0; // performance.now() when the last clock figures arrived
    this.roundInfo = null; // a round just ended: the game module's summary of it
    this.prevView = null;
    this.rematchLink = null;
    this.wantReplay = new URLSearchParams(location.search).get("replay") === "1";
    this.ticker = setInterval(() => this.tickClocks(), 250);
  }

  async start() {
    const frag = fragment();
    clear(this.app).append(h("p.loading", t().loading));
    if (frag.invite) {
      await this.showJoin(frag.invite);
      return;
    }
    this.token = frag.seat;
    this.connect();
    onLangChange((code) => {
      this.lastError = null; // its words were in the old language
      this.socket?.setLang(code);
      this.relabelCoach();
      this.render();
    });
    window.addEventListener("hashchange", () => location.reload());
  }

  connect() {
    this.socket = new RoomSocket(this.roomId, {
      token: this.token,
      lang: lang(),
      onMessage: (msg) => this.onMessage(msg),
      onStatus: (status) => {
        this.status = status;
        this.renderStatus();
        if (status === "gone") this.showGone();
      },
    });
  }

  // ---- joining through an invite ---------------------------------------------
  async showJoin(invite) {
    const tr = t();
    let summary = null;
    try {
      summary = (await api(`/api/rooms/${this.roomId}`, { lang: lang() })).room;
    } catch (err) {
      clear(this.app).append(h("div.panel.error", h("h2", tr.errorTitle), h("p", err.message)));
      return;
    }
    try {
      const status = await api(`/api/rooms/${this.roomId}/invite`, { method: "POST", body: { invite }, lang: lang() });
      if (status.used) {
        this.showBadLink(tr.inviteUsed(status.seat + 1));
        return;
      }
    } catch (err) {
      this.showBadLink(err.message);
      return;
    }
    const openSeat = summary.seats.find((s) => s.kind === "human" && !s.claimed);
    const name = h("input#joinname", { type: "text", maxlength: 40, value: localStorage.getItem("bgb:name") || "", placeholder: tr.yourName });
    const btn = h("button.btn.primary#joinbtn", { type: "button" }, tr.join);
    btn.addEventListener("click", async () => {
      btn.disabled = true;
      try {
        const nm = name.value.trim();
        if (nm) localStorage.setItem("bgb:name", nm);
        const res = await api(`/api/rooms/${this.roomId}/join`, { method: "POST", body: { invite, ...(nm ? { name: nm } : {}) }, lang: lang() });
        store.saveSeats(this.roomId, [...store.seats(this.roomId), { seat: res.seat, link: res.link }]);
        history.replaceState(null, "", res.link);
        toast(tr.joined, "ok");
        this.token = fragment().seat;
        this.connect();
        onLangChange((code) => {
          this.socket?.setLang(code);
          this.render();
        });
      } catch (err) {
        toast(err.message, "error", 6000);
        btn.disabled = false;
        if (err.code === "invite_used" || err.code === "bad_token") watch.hidden = false;
      }
    });
    const watch = h("p", { hidden: true }, h("a.btn#watchinstead", { href: `/r/${this.roomId}` }, tr.watchInstead));
    clear(this.app).append(h("section.panel.join",
      h("h2", `${summary.title} — ${tr.joinTitle}`),
      openSeat ? h("p", tr.joinAs(openSeat.seat + 1)) : null,
      h("div.formrow", h("label", { for: "joinname" }, tr.yourName), name, btn), watch));
  }

  /** A link whose secret no longer works still lets the person watch. */
  showBadLink(message) {
    const tr = t();
    clear(this.app).append(h("div.panel.error#badlink", h("h2", tr.errorTitle), h("p", message),
      h("p", h("a.btn", { href: `/r/${this.roomId}` }, tr.watchInstead), " ", h("a.btn", { href: "/" }, tr.newGame))));
  }

  showGone() {
    clear(this.app).append(h("div.panel.error", h("h2", t().errorTitle), h("p", t().unknownRoom)));
  }

  // ---- messages ----------------------------------------------------------------
  onMessage(msg) {
    const tr = t();
    switch (msg.type) {
      case "welcome":
        this.seat = msg.seat;
        this.room = msg.room;
        break;
      case "room":
        this.room = msg.room;
        this.clockAt = performance.now();
        this.scheduleRender();
        break;
      case "chat":
        if (msg.reset) this.chat = [];
        this.chat.push(...msg.messages);
        if (this.chat.length > 200) this.chat = this.chat.slice(-200);
        if (msg.muted) {
          this.muted = msg.muted;
          this.scheduleRender(); // the mute buttons say what they will do now
        }
        this.drawChat();
        break;
      case "rematch_ready":
        this.rematchLink = msg.link;
        if (msg.seat !== null && msg.seat !== undefined) {
          store.saveSeats(msg.room, [{ seat: msg.seat, link: msg.link }]);
          location.assign(msg.link); // everyone accepted: the players go to the new game together
          return;
        }
        this.scheduleRender();
        break;
      case "state":
        this.onState(msg);
        break;
      case "ack":
        this.sending = false;
        break;
      case "error": {
        this.sending = false;
        if (!this.view && (msg.code === "bad_token" || msg.code === "unknown_room")) {
          this.socket?.close();
          this.showBadLink(msg.message);
          return;
        }
        const rule = msg.rule_id ? `[${msg.rule_id}] ` : "";
        const text = msg.message?.startsWith(`[${msg.rule_id}]`) ? msg.message : `${rule}${msg.message}`;
        if (msg.code === "stale") toast(text, "warn", 3000); // the fresh state follows at once
        else this.showError(msg.code === "illegal_action" || msg.code === "invalid_action_text" ? `${tr.illegal}: ${text}` : text);
        this.picker?.reset();
        this.render();
        break;
      }
      default:
        break;
    }
  }

  showError(text) {
    toast(text, "error", 7000);
    const box = document.getElementById("errorbox");
    if (box) {
      box.textContent = text;
      box.hidden = false;
    }
    this.lastError = text;
  }

  /** Load the game's UI module once; until it arrives the page waits (render() needs it). */
  ensureUI(name) {
    if (this.uiName === name) return;
    this.uiName = name;
    loadGameUI(name).then((mod) => {
      this.ui = mod;
      this.lastKeys = new Set(this.last && mod ? mod.touched(this.last.action, this.last.seat) : []);
      this.pickerTurn = -1;
      this.refreshPicker();
      this.scheduleRender();
    });
  }

  refreshPicker() {
    if (!this.view || this.pickerTurn === this.view.turn) return;
    const game = this.ui;
    this.picker = new Picker(this.view.legal || [], (code) => (game ? game.paths(code) : [[`btn:${code}`]]));
    this.pickerTurn = this.view.turn;
  }

  onState(msg) {
    this.ensureUI(msg.room.ui);
    this.prevView = this.view;
    this.room = msg.room;
    this.clockAt = performance.now();
    this.seat = msg.seat;
    this.view = msg.view;
    this.legalText = msg.legal_text || {};
    const hist = msg.history;
    if (hist) {
      if (hist.from === this.history.length) this.history.push(...hist.entries);
      else this.history = [...this.history.slice(0, hist.from), ...hist.entries];
    }
    this.last = msg.last || this.history[this.history.length - 1] || null;
    const game = this.ui;
    this.lastKeys = new Set(this.last && game ? game.touched(this.last.action, this.last.seat) : []);
    // others' moves are shown in the "last move" line under the turn line, never as a floating note over the board
    if (msg.last && msg.last.seat === this.seat) this.lastError = null;
    if (msg.last && this.prevView && this.ui?.roundSummary) {
      const info = { events: msg.events || [], view: msg.view, prev: this.prevView };
      if (this.ui.roundSummary(info, t(), (s) => this.nameOf(s))) this.roundInfo = info;
    }
    if (this.wantReplay && this.ui !== undefined) {
      this.wantReplay = false;
      setTimeout(() => openReplay(this), 0);
    }
    this.refreshPicker();
    this.sending = false;
    this.scheduleRender();
  }

  /** Fast bot games send many states a second: draw at most once per frame. */
  scheduleRender() {
    if (this.renderQueued) return;
    this.renderQueued = true;
    requestAnimationFrame(() => {
      this.renderQueued = false;
      this.render();
    });
  }

  // ---- hints and "why?" (server/coach.py: only what the asking seat may know) ----------------
  async askHint() {
    if (!this.isMyTurn() || this.hintState?.loading) return;
    const turn = this.view.turn;
    this.hintState = { turn, loading: true };
    this.render();
    try {
      const data = await api(`/api/rooms/${this.roomId}/seats/${this.seat}/hint`, { token: this.token, lang: lang() });
      if (this.hintState?.turn === turn) this.hintState = { turn, data };
    } catch (err) {
      if (this.hintState?.turn === turn) this.hintState = { turn, error: err.message };
    }
    this.render();
  }

  currentHint() {
    const st = this.hintState;
    return st && this.view && st.turn === this.view.turn && this.isMyTurn() ? st : null;
  }

  async askWhy(entry) {
    const step = entry.step;
    if (this.why[step] && !this.why[step].error) {
      delete this.why[step]; // a second click folds the explanation away
      this.render();
      return;
    }
    this.why[step] = { step, loading: true };
    this.render();
    try {
      const data = await api(`/api/rooms/${this.roomId}/explain/${step}`, { token: this.token, lang: lang() });
      this.why[step] = data;
    } catch (err) {
      this.why[step] = { step, error: err.message };
    }
    this.render();
    document.querySelector(`.whybox[data-step="${step}"]`)?.scrollIntoView({ block: "nearest" });
  }

  /** After a language change the coach's words are asked for again (the server caches them). */
  relabelCoach() {
    const open = Object.keys(this.why);
    this.why = {};
    for (const step of open) {
      const entry = this.history.find((e) => String(e.step) === step);
      if (entry) this.askWhy(entry);
    }
    if (this.currentHint()?.data) {
      this.hintState = null;
      this.askHint();
    }
  }

  // ---- actions -----------------------------------------------------------------
  sendMove(code) {
    if (this.sending || !this.view) return;
    this.sending = true;
    this.socket.send({ type: "move", action: code, turn: this.view.turn });
  }

  onClick(key) {
    if (!this.picker || !this.isMyTurn() || this.replay) return;
    const step = this.picker.resolve(key, (keys) => this.ui?.compose(keys, this.view));
    if (step.send) this.sendMove(step.send);
    else if (step.none) toast(t().notPossible, "warn", 2500);
    this.render();
  }

  isMyTurn() {
    return this.view && this.seat !== null && this.view.to_move === this.seat && !this.view.over && this.room?.status === "playing" && !this.mySeatInfo()?.stand_in;
  }

  mySeatInfo() {
    return this.seat === null ? null : this.room?.seats?.[this.seat];
  }

  nameOf(seat) {
    const tr = t();
    const info = this.room?.seats?.[seat];
    const generic = !info?.name || (info.kind === "bot" && info.name === info.bot);
    let name = generic ? `${info?.kind === "bot" ? tr.bot : tr.seat} ${seat + 1}` : info.name;
    if (generic && info?.kind === "bot") name = name[0].toUpperCase() + name.slice(1);
    if (seat === this.seat) name += ` (${tr.you})`;
    return `\u2068${name}\u2069`; // an isolate: a right-to-left name never reorders the text around it
  }

  // ---- drawing -------------------------------------------------------------------
  renderStatus() {
    const el = document.getElementById("connstatus");
    if (!el) return;
    const tr = t();
    el.textContent = this.status === "reconnecting" ? tr.reconnecting : this.status === "connecting" ? tr.connecting : "";
    el.hidden = !el.textContent;
  }

  render() {
    if (!this.room || !this.view || this.replay || this.ui === undefined) return;
    const tr = t();
    const game = this.ui;
    const focus = document.activeElement?.id;
    const scroll = document.getElementById("log")?.scrollTop;
    const picker = this.picker;
    const mine = this.isMyTurn();
    const ui = {
      next: mine && picker && !this.sending ? picker.next() : new Set(),
      selected: mine && picker ? picker.selected() : new Set(),
      firstKey: mine && picker ? picker.prefix[0] : null,
      last: this.lastKeys,
      onClick: (key) => this.onClick(key),
    };

    const board = game ? game.render(this.view, ui, tr, (s) => this.nameOf(s)) : h("pre", JSON.stringify(this.view, null, 1));
    const hintNow = this.currentHint();
    markPoints(board, hintNow?.data?.hint?.point);
    const fresh = this.last && this.last.step !== this.animatedStep;
    const others = fresh && this.last.seat !== this.seat;
    const roundPanel = this.roundInfo && game?.roundSummary ? game.roundSummary(this.roundInfo, tr, (s) => this.nameOf(s)) : null;
    if (roundPanel) roundPanel.append(h("button.btn.small#closeround", { type: "button", on: { click: () => { this.roundInfo = null; this.render(); } } }, tr.close));
    const main = h("section.boardcol",
      this.turnLine(),
      this.lastMoveLine(),
      h("div#errorbox.errorbox", { hidden: !this.lastError, role: "alert" }, this.lastError || ""),
      this.view.over ? this.resultPanel(game) : null,
      roundPanel,
      this.controls(game, ui),
      hintNow ? hintPanel(hintNow, {
        onPlay: (code) => { this.hintState = null; this.sendMove(code); this.render(); },
        onClose: () => { this.hintState = null; this.render(); },
      }) : null,
      h(`div.boardarea${fresh ? ".fresh" : ""}${others ? ".byothers" : ""}`, board));
    this.animatedStep = this.last?.step; // the pop plays once per move, not on every redraw

    const side = h("aside.sidecol",
      this.seatsPanel(game),
      this.chatPanel(),
      h("section.panel.scores", h("h3", tr.scores), game ? game.scores(this.view, this.room, tr, (s) => this.nameOf(s)) : null),
      this.logPanel(),
      this.sharePanel(),
      this.tablePanel());

    const head = h("div.roomhead",
      h("h1", this.room.title),
      h("span#connstatus.connstatus", { hidden: true }),
      h("div.roomlinks",
        h("a.btn.ghost", { href: `/rules/${this.room.game}`, target: "_blank", rel: "noopener" }, icon("book"), " ", tr.howToPlay),
        h("button.btn.ghost#replaybtn", { type: "button", on: { click: () => openReplay(this) } }, icon("replay"), " ", tr.replay)));

    clear(this.app).append(head, h("div.roomgrid", main, side));
    this.renderStatus();
    const log = document.getElementById("log");
    if (log) log.scrollTop = scroll !== undefined && this.history.length === this._logLen ? scroll : log.scrollHeight;
    this._logLen = this.history.length;
    if (focus) document.getElementById(focus)?.focus();
    this.app.dataset.turn = String(this.view.turn); // lets tests wait until the picture matches the state
    this.tickClocks();
  }

  /** The seat whose clock runs and its time left now (counted down here from the server's figure). */
  clockLeft(seat) {
    const c = this.room?.clock;
    if (!c) return null;
    if (c.running === seat && c.remaining !== null && c.remaining !== undefined) {
      return c.remaining - (performance.now() - this.clockAt) / 1000;
    }
    if (c.kind === "realtime") return c.left?.[seat] ?? null;
    return null;
  }

  tickClocks() {
    if (!this.room?.clock) return;
    for (const el of document.querySelectorAll(".clockval[data-seat]")) {
      const left = this.clockLeft(Number(el.dataset.seat));
      el.textContent = left === null ? "—" : formatClock(left);
      el.classList.toggle("low", left !== null && left < 10 && this.room.clock.running === Number(el.dataset.seat));
    }
  }

  /** Who controls a seat now: a bot level (a bot seat, a stand-in, or a clock's one-move stand-in) or null. */
  botThinking() {
    const v = this.view;
    if (!v || v.over || this.room?.status !== "playing") return false;
    const info = this.room.seats?.[v.to_move];
    return !!info && (info.kind === "bot" || !!info.stand_in);
  }

  lastMoveLine() {
    const tr = t();
    const e = this.last;
    if (!e) return h("div.lastmove#lastmove", { hidden: true });
    const mark = this.ui?.seatBadge(this.view, e.seat, tr) || h(`span.seatdot.s${e.seat}`);
    return h(`div.lastmove${e.seat === this.seat ? ".mine" : ""}#lastmove`, { "aria-live": "polite" },
      h("span.small.muted", `${tr.lastMove}: `), mark, e.bot ? icon("bot") : null,
      h("span.who", `${this.nameOf(e.seat)}: `), h("span.what", e.text || e.action));
  }

  // ---- chat ------------------------------------------------------------------------
  chatPanel() {
    const tr = t();
    if (!this.chatBox) {
      const list = h("ol#chatlog.chatlog");
      const input = h("input#chatinput", { type: "text", maxlength: 300, autocomplete: "off" });
      const send = () => {
        const text = input.value.trim();
        if (!text) return;
        this.socket?.send({ type: "chat", text });
        input.value = "";
      };
      input.addEventListener("keydown", (e) => { if (e.key === "Enter") send(); });
      const btn = h("button.btn.small#chatsend", { type: "button", on: { click: send } });
      const title = h("h3");
      this.chatBox = { panel: h("section.panel.chatpanel#chat", title, list, h("div.chatrow", input, btn)), list, input, btn, title };
    }
    const box = this.chatBox;
    box.title.textContent = this.seat === null ? tr.chatSpectators : tr.chatPlayers;
    box.input.placeholder = tr.chatPlaceholder;
    box.btn.textContent = tr.send;
    this.drawChat();
    return box.panel;
  }

  drawChat() {
    const box = this.chatBox;
    if (!box) return;
    const tr = t();
    const atEnd = box.list.scrollTop + box.list.clientHeight >= box.list.scrollHeight - 8;
    clear(box.list).append(...this.chat.map((m) => h(`li.chatmsg${m.seat === this.seat && m.seat !== null ? ".mine" : ""}`, { dataset: { id: m.id } },
      m.seat !== null && m.seat !== undefined ? (this.ui?.seatBadge(this.view, m.seat, tr) || h(`span.seatdot.s${m.seat}`)) : null,
      h("span.who", m.seat !== null && m.seat !== undefined ? `${this.nameOf(m.seat)}: ` : `\u2068${m.name || tr.spectator}\u2069: `),
      h("span.chattext", m.text))));
    if (atEnd) box.list.scrollTop = box.list.scrollHeight;
  }

  // ---- rematch -----------------------------------------------------------------------
  rematchBar() {
    const tr = t();
    const r = this.room.rematch;
    if (r?.room || this.rematchLink) {
      return h("div.rematch#rematch", h("strong", tr.rematchStarted), " ",
        h("a.btn.primary#rematchgo", { href: this.rematchLink || `/r/${r.room}` }, tr.rematchGo));
    }
    if (this.seat === null) return r ? h("div.rematch#rematch", tr.rematchOffer(this.nameOf(r.by))) : null;
    const send = (accept) => this.socket.send({ type: "rematch", accept });
    if (!r || r.declined !== null) {
      return h("div.rematch#rematch",
        r && r.declined !== null ? h("p.small", tr.rematchDeclined(this.nameOf(r.declined))) : null,
        h("button.btn.primary#rematchbtn", { type: "button", on: { click: () => send(true) } }, icon("replay"), " ", tr.rematch));
    }
    if (r.accepted.includes(this.seat)) return h("div.rematch#rematch", h("span", tr.rematchWaiting));
    return h("div.rematch#rematch", h("strong", tr.rematchOffer(this.nameOf(r.by))), " ",
      h("button.btn.primary#rematchaccept", { type: "button", on: { click: () => send(true) } }, tr.rematchAccept), " ",
      h("button.btn#rematchdecline", { type: "button", on: { click: () => send(false) } }, tr.rematchDecline));
  }

  /** The game-end summary: every seat's place, score, decisions (and a stand-in's), rating change. */
  summaryTable() {
    const tr = t();
    const o = this.view.outcome;
    const changes = Object.fromEntries((this.room.rating?.changes || []).map((c) => [c.seat, c]));
    const order = o.ranking?.length ? o.ranking : this.room.seats.map((s) => s.seat);
    const rows = order.map((seat, i) => {
      const mine = this.history.filter((e) => e.seat === seat);
      const byBot = mine.filter((e) => e.bot).length;
      const c = changes[seat];
      const delta = c ? c.after.ordinal - c.before.ordinal : null;
      return h("tr", { dataset: { seat } },
        h("td", String(o.winners.includes(seat) ? 1 : i + 1)),
        h("td", this.ui?.seatBadge(this.view, seat, tr) || null, " ", h("span.seatname", this.nameOf(seat))),
        h("td.num", String(o.scores?.[seat] ?? "")),
        h("td.num", this.room.seats[seat].kind === "bot" ? String(mine.length) : `${mine.length}${byBot ? ` (${byBot} ${tr.summaryBot})` : ""}`),
        this.room.rated ? h("td.num.ratingdelta", c ? `${c.after.ordinal.toFixed(1)} (${delta >= 0 ? "+" : ""}${delta.toFixed(1)})` : "…") : null);
    });
    const head = h("tr", h("th", tr.summaryRank), h("th", tr.players), h("th", tr.summaryScore), h("th", tr.summaryMoves),
      this.room.rated ? h("th", tr.ratingChange) : null);
    const rating = this.room.rating;
    return h("div.summary#summary", h("h3", tr.summaryTitle), h("table.summarytable", h("thead", head), h("tbody", rows)),
      this.room.rated && rating?.unrated ? h("p.small.muted#unrated", tr.notRated(rating.unrated)) : null,
      this.room.rated && !rating?.unrated && !rating?.changes ? h("p.small.muted", tr.ratingPending) : null);
  }

  turnLine() {
    const tr = t();
    const v = this.view;
    let text;
    let cls = "turnline";
    if (this.room.status === "waiting") text = tr.waitingFor;
    else if (v.over) {
      text = tr.gameOver;
      cls += ".over";
    } else if (this.isMyTurn()) {
      text = tr.yourTurn;
      cls += ".mine";
    } else text = tr.turnOf(this.nameOf(v.to_move));
    const who = this.seat === null ? tr.watching : tr.youAre(this.nameOf(this.seat));
    const thinking = this.botThinking();
    if (thinking) {
      text = tr.thinking(this.nameOf(v.to_move));
      cls += ".thinking";
    }
    const running = this.room.clock?.running;
    const clock = running !== null && running !== undefined
      ? h(`span.turnclock${running === this.seat ? ".mine" : ""}`, { title: tr.timeLeft }, icon("clock"), " ", h("span.clockval", { dataset: { seat: running } }, ""))
      : null;
    return h(`div.${cls}#turnline`, h("strong", text), thinking ? h("span.dots", { "aria-hidden": "true" }, h("i"), h("i"), h("i")) : null, clock, h("span.who", who));
  }

  controls(game, ui) {
    const tr = t();
    if (!this.isMyTurn()) return h("div.controls", this.seat === null || this.view.over ? null : h("p.prompt.muted", tr.noMoves));
    const prefix = this.picker?.prefix || [];
    const prompt = game ? game.prompt(this.view, prefix, tr) : "";
    const buttons = [];
    // moves that have no place on the board (pass, redraw, end turn) are buttons
    for (const code of this.view.legal || []) {
      const path = game ? game.paths(code) : [[`btn:${code}`]];
      if (path[0][0] === `btn:${code}`) {
        const label = this.ui?.buttonLabel?.(code) || this.legalText[code] || code;
        buttons.push(h("button.btn.movebtn", { type: "button", dataset: { code }, title: this.legalText[code] || code,
          disabled: this.sending, on: { click: () => this.sendMove(code) } }, label));
      }
    }
    if (this.room.hints) {
      buttons.push(h("button.btn.hintbtn#hintbtn", { type: "button", disabled: !!this.currentHint()?.loading,
        on: { click: () => this.askHint() } }, icon("bulb"), " ", tr.hint));
    }
    if (prefix.length) {
      buttons.push(h("button.btn.ghost#cancelpick", { type: "button", on: { click: () => { this.picker.reset(); this.render(); } } }, tr.cancelPick));
    }
    const possible = this.picker ? this.picker.codes() : [];
    const list = h("details.movelist", h("summary", `${tr.moves} (${possible.length})`),
      h("ul", possible.slice(0, 200).map((code) => h("li", h("button.linklike", { type: "button", dataset: { code },
        on: { click: () => this.sendMove(code) } }, this.legalText[code] || code)))));
    return h("div.controls", h("p.prompt#prompt", prompt), h("div.movebuttons", buttons), list);
  }

  resultPanel(game) {
    const tr = t();
    const o = this.view.outcome;
    if (!o) return null;
    let headline;
    const teams = this.view.teams;
    const names = o.winners.map((s) => this.nameOf(s)).join(", ");
    if ((o.winning_teams || []).length !== 1) headline = tr.draw;
    else headline = game?.headline?.(o, tr) || (teams && o.winners.length > 1 ? tr.winners(names) : tr.winner(names));
    const iWon = this.seat !== null && o.winners.includes(this.seat) && (o.winning_teams || []).length === 1;
    return h(`section.panel.result${iWon ? ".won" : ""}#result`,
      h("h2", icon("trophy"), " ", headline),
      h("p", `${tr.endedBecause}: ${game?.terminationText?.(o.termination, tr) || tr.termination[o.termination] || o.termination}`),
      o.tiebreak ? h("p", `${tr.tiebreakLabel}: ${tr.tiebreak[o.tiebreak] || o.tiebreak}`) : null,
      h("ul.outcome", (game ? game.outcomeLines(this.view, tr, (s) => this.nameOf(s)) : []).map((line) => h("li", line))),
      this.summaryTable(),
      this.reviewLinks(),
      this.rematchBar(),
      h("div.actions",
        h("button.btn", { type: "button", on: { click: () => openReplay(this) } }, icon("replay"), " ", tr.replay),
        h("a.btn.primary", { href: "/" }, tr.newGame)));
  }

  /** After the end: my own review (with my seat link), and every seat's when the table reveals everything. */
  reviewLinks() {
    const tr = t();
    const links = [];
    const hash = this.token ? `#seat=${this.token}` : "";
    if (this.seat !== null) {
      links.push(h("a.btn.primary#reviewmine", { href: `/r/${this.roomId}/review/${this.seat}${hash}` }, icon("chart"), " ", tr.reviewMine));
    }
    if (this.room.reveal_at_end) {
      for (const info of this.room.seats) {
        if (info.seat === this.seat) continue;
        links.push(h("a.btn.small.ghost", { href: `/r/${this.roomId}/review/${info.seat}${hash}`, dataset: { review: info.seat } },
          tr.reviewSeat(this.nameOf(info.seat))));
      }
    }
    return links.length ? h("div.reviewlinks", links) : null;
  }

  seatsPanel(game) {
    const tr = t();
    const room = this.room;
    const me = this.seat;
    const list = h("ul.seatlist");
    for (const info of room.seats) {
      const s = info.seat;
      const badges = [];
      if (info.kind === "bot") badges.push(h("span.badge.botb", icon("bot"), ` ${tr.level[info.bot] || info.bot}`));
      else if (!info.claimed && !info.stand_in) badges.push(h("span.badge.openb", tr.open));
      else {
        if (info.stand_in) badges.push(h("span.badge.botb", { title: tr.standingIn(tr.level[info.stand_in] || info.stand_in) }, icon("bot"), ` ${tr.level[info.stand_in] || info.stand_in}`));
        if (info.away && s !== me) badges.push(h("span.badge.awayb", tr.away));
        if (info.cover_after !== null && info.cover_after !== undefined) badges.push(h("span.badge", tr.coverSet(info.cover_after)));
      }
      const toMove = !this.view.over && this.view.to_move === s && room.status === "playing";
      const thinking = toMove && (info.kind === "bot" || !!info.stand_in);
      if (info.stand_in_reason === "forfeit") badges.push(h("span.badge.awayb", tr.forfeit));
      const rating = room.rating?.current?.[s];
      if (rating) badges.push(h("span.badge.ratedb", { title: `μ ${rating.mu.toFixed(2)} σ ${rating.sigma.toFixed(2)}` }, `${tr.ratingShort} ${rating.ordinal.toFixed(1)}`));
      if (room.clock && info.kind === "human" && (room.clock.kind === "realtime" || room.clock.running === s)) {
        badges.push(h(`span.badge.clockb${room.clock.running === s ? ".running" : ""}`, { title: tr.timeLeft }, icon("clock"), " ", h("span.clockval", { dataset: { seat: s } }, "")));
      }
      if (info.account && info.kind === "human") badges.push(h("a.small.acct", { href: `/u/${encodeURIComponent(info.account)}` }, "@", h("bdi", info.account)));
      const muteBtn = me !== null && s !== me && info.kind === "human" && info.claimed
        ? h("button.linklike.small.mutebtn", { type: "button", dataset: { mute: s }, on: { click: () => this.socket.send({ type: "mute", seat: s, on: !this.muted.includes(s) }) } },
          this.muted.includes(s) ? tr.unmute : tr.mute)
        : null;
      const row = h(`li.seatitem${toMove ? ".tomove" : ""}${thinking ? ".thinking" : ""}${s === me ? ".me" : ""}`, { dataset: { seat: s } },
        h("span.turnmark", toMove ? "▶" : ""),
        game ? game.seatBadge(this.view, s, tr) : null,
        h("span.seatname", this.nameOf(s)), ...badges, muteBtn);
      const tools = this.seatTools(info);
      list.append(row);
      if (tools) list.append(h("li.seattools", tools));
    }
    return h("section.panel.seats", h("h3", tr.players), list);
  }

  seatTools(info) {
    const tr = t();
    const me = this.seat;
    if (me === null || this.view.over || info.kind !== "human") return null;
    if (info.seat === me) {
      if (info.stand_in) {
        return h("button.btn.small#takeback", { type: "button", on: { click: () => this.socket.send({ type: "bot", on: false }) } }, tr.takeBack);
      }
      return h("button.btn.small.ghost#handtobot", { type: "button", on: { click: () => this.socket.send({ type: "bot", on: true, bot: this.room.stand_in || undefined }) } }, icon("bot"), " ", tr.handToBot);
    }
    if (!info.claimed || info.stand_in) return null;
    return this.coverTool(info);
  }

  /**
   * Letting a bot cover another player's seat is a kick-like act: it is explained, asks for a
   * wait of at least the server's minimum (30 s), and takes a confirmation before it is sent.
   */
  coverTool(info) {
    const tr = t();
    const target = info.seat;
    const name = this.nameOf(target);
    if (info.cover_after !== null && info.cover_after !== undefined) {
      return h("div.cover", h("span.small", tr.coverIsSet(name, info.cover_after)),
        h("button.btn.small.ghost", { type: "button", dataset: { coverCancel: target },
          on: { click: () => this.socket.send({ type: "cover", target, after: null }) } }, tr.cancel));
    }
    // the page redraws on every message: what the player is doing here survives it
    this.coverDrafts ??= {};
    const draft = (this.coverDrafts[target] ??= { open: false, after: 60, confirming: false });
    const secs = h("input.secs", { type: "number", min: MIN_COVER_WAIT, max: 3600, step: 1, value: draft.after, "aria-label": tr.seconds,
      on: { input: (e) => { draft.after = e.target.value; draft.confirming = false; } } });
    const confirm = h("div.coverconfirm", { hidden: !draft.confirming });
    const showConfirm = () => {
      clear(confirm).append(h("p.small", tr.coverConfirmText(name, draft.after)),
        h("button.btn.small.primary", { type: "button", dataset: { coverConfirm: target }, on: { click: () => {
          this.coverDrafts[target] = null;
          this.socket.send({ type: "cover", target, after: draft.after });
        } } }, tr.coverConfirm),
        h("button.btn.small.ghost", { type: "button", on: { click: () => { draft.confirming = false; confirm.hidden = true; } } }, tr.cancel));
      confirm.hidden = false;
    };
    const ask = h("button.btn.small", { type: "button", dataset: { cover: target }, on: { click: () => {
      const typed = String(secs.value).trim() === "" ? NaN : Number(secs.value);
      draft.after = Math.max(MIN_COVER_WAIT, Math.min(3600, Math.round(Number.isFinite(typed) ? typed : 60)));
      secs.value = String(draft.after);
      draft.confirming = true;
      showConfirm();
    } } }, tr.coverAsk);
    if (draft.confirming) showConfirm();
    const box = h("details.cover", { open: draft.open, on: { toggle: () => { draft.open = box.open; } } },
      h("summary.small", tr.coverSummary(name)),
      h("p.small.muted", tr.coverExplain(MIN_COVER_WAIT)),
      h("div.coverrow", h("span.small", tr.coverAfter), secs, h("span.small", tr.seconds), ask), confirm);
    return box;
  }

  logPanel() {
    const tr = t();
    const shown = this.history.slice(-LOG_LIMIT);
    const canWhy = (e) => e.seat !== null && e.seat !== undefined && (this.view.over || (this.room.hints && (e.bot || e.seat === this.seat)));
    const items = shown.map((e) => h(`li${e.bot ? ".botmove" : ""}${e.seat === this.seat ? ".mymove" : ""}`,
      h("span.step", String(e.step)),
      e.seat !== null && e.seat !== undefined ? (this.ui?.seatBadge(this.view, e.seat, tr) || h(`span.seatdot.s${e.seat}`)) : null,
      e.bot ? icon("bot") : null,
      h("span.who", e.seat !== null && e.seat !== undefined ? `${this.nameOf(e.seat)}: ` : ""),
      h("span.what", e.text || e.action),
      canWhy(e) ? h("button.linklike.whybtn", { type: "button", dataset: { step: e.step }, "aria-expanded": String(!!this.why[e.step]),
        on: { click: () => this.askWhy(e) } }, tr.why) : null,
      this.why[e.step] ? explanationBox(this.why[e.step], this.nameOf(e.seat)) : null));
    const more = this.history.length - shown.length;
    return h("section.panel.logpanel", h("h3", tr.log), h("ol#log.log", more > 0 ? h("li.more", tr.earlierMoves(more)) : null, items));
  }

  /** The variant options this table plays with, so nobody is surprised by a rule. */
  tablePanel() {
    const tr = t();
    const entries = Object.entries(this.room.variant || {});
    if (!entries.length) return null;
    return h("details.panel.tableopts", h("summary", tr.variantOptions),
      h("ul", entries.map(([k, v]) => h("li", h("code", k), " = ", h("strong", String(v))))),
      h("p.small", h("a", { href: `/rules/${this.room.game}`, target: "_blank", rel: "noopener" }, tr.howToPlay)));
  }

  sharePanel() {
    const tr = t();
    const abs = (link) => new URL(link, location.origin).href;
    const rows = [];
    const invites = store.invites(this.roomId).filter((inv) => {
      const info = this.room.seats[inv.seat];
      return info && info.kind === "human" && !info.claimed;
    });
    for (const inv of invites) rows.push(linkRow(tr.inviteFor(inv.seat + 1), abs(inv.link), `invite-${inv.seat}`));
    if (this.seat !== null) rows.push(linkRow(tr.yourLink, location.href, "mylink"));
    rows.push(linkRow(tr.spectatorLink, abs(`/r/${this.roomId}`), "spectate"));
    const others = store.seats(this.roomId).filter((s) => s.seat !== this.seat);
    for (const other of others) rows.push(linkRow(`${tr.seat} ${other.seat + 1}`, abs(other.link), `seat-${other.seat}`));
    return h("details.panel.share", { open: invites.length > 0 || this.room.status === "waiting" },
      h("summary", icon("link"), " ", tr.share), rows);
  }
}

function linkRow(label, url, id) {
  const tr = t();
  const input = h("input.linkinput", { type: "text", readonly: true, value: url, id: `link-${id}`, on: { focus: (e) => e.target.select() } });
  const btn = h("button.btn.small", { type: "button", on: { click: async () => {
    const ok = await copyText(url);
    if (!ok) input.select();
    btn.textContent = tr.copied;
    setTimeout(() => { btn.textContent = tr.copy; }, 1500);
  } } }, tr.copy);
  return h("div.linkrow", h("label", { for: `link-${id}` }, label), h("div.linkbox", input, btn));
}
