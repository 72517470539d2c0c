// The guided first game, /learn/{game}: the game's scripted deal walked step by step (the server checks every
// answer: play/tutorial.py). Each step says what to look at (outlined on the board), cites its rule, and waits
// for the learner's move (clicks, as in a real game) or a "Next". A wrong move is explained and nothing changes.
// At the end: a real short game against the easy bot, hints on.

import { api, store } from "./api.js";
import { markPoints } from "./coach.js";
import { clear, h, toast } from "./dom.js";
import { loadGameUI } from "./gameui.js";
import { lang, t } from "./i18n.js";
import { icon } from "./icons.js";
import { onLangChange } from "./main.js";
import { Picker } from "./picker.js";

export async function mountLearn(app, game) {
  const page = new LearnPage(app, game);
  window.bgbLearn = page; // tests read the step from here; people may look too
  await page.start();
  return page;
}

class LearnPage {
  constructor(app, game) {
    this.app = app;
    this.game = game;
    this.data = null; // the server's picture of the walk (step, view, legal moves, words)
    this.ui = null;
    this.picker = null;
    this.message = null; // {kind: "ok" | "wrong", text, rule}
    this.moved = null; // the board right after my move, shown with its words before the bot's scripted reply
    this.sending = false;
  }

  async start() {
    clear(this.app).append(h("p.loading", t().loading));
    onLangChange(() => this.relabel());
    try {
      await this.accept(await api(`/api/learn/${this.game}`, { lang: lang() }));
    } catch (err) {
      clear(this.app).append(h("div.panel.error", h("h2", t().learnNone), h("p", err.message)));
    }
  }

  async accept(data) {
    if (this.ui === null && data.ui) this.ui = await loadGameUI(data.ui);
    this.data = data;
    const legal = Object.keys(data.legal_text || {});
    this.picker = legal.length ? new Picker(legal, (code) => (this.ui ? this.ui.paths(code) : [[`btn:${code}`]])) : null;
    this.render();
  }

  /** The same walk in the new language (the answers so far are replayed by the server). */
  async relabel() {
    if (!this.data) return;
    try {
      const data = await api(`/api/learn/${this.game}`, { method: "POST", body: { answers: this.data.answers, lang: lang() } });
      this.message = null;
      this.moved = null;
      await this.accept(data);
    } catch (err) {
      toast(err.message, "error", 5000);
    }
  }

  async send(answer) {
    if (this.sending || !this.data) return;
    this.sending = true;
    try {
      const data = await api(`/api/learn/${this.game}`, { method: "POST", body: { answers: this.data.answers, answer, lang: lang() } });
      const verdict = data.verdict;
      if (!verdict.ok) {
        this.message = { kind: "wrong", text: verdict.words, rule: verdict.rule, engine: verdict.engine };
        this.picker?.reset();
        this.sending = false;
        this.render();
        return;
      }
      this.message = verdict.words ? { kind: "ok", text: verdict.words } : null;
      this.moved = data.moved ? { view: data.moved, message: this.message } : null;
      if (this.moved) this.message = null;
      this.sending = false;
      await this.accept(data);
    } catch (err) {
      this.sending = false;
      toast(err.message, "error", 5000);
    }
  }

  onClick(key) {
    if (!this.picker || this.sending || this.moved) return;
    const step = this.picker.resolve(key, (keys) => this.ui?.compose(keys, this.data.view));
    if (step.send) this.send(step.send);
    else if (step.none) toast(t().notPossible, "warn", 2500);
    this.render();
  }

  render() {
    const tr = t();
    const d = this.data;
    if (!d) return;
    const step = d.step;
    const showing = this.moved ? this.moved.view : d.view;
    const mine = !this.moved && step?.kind === "move";
    const ui = {
      next: mine && this.picker && !this.sending ? this.picker.next() : new Set(),
      selected: mine && this.picker ? this.picker.selected() : new Set(),
      firstKey: mine && this.picker ? this.picker.prefix[0] : null,
      last: new Set(this.lastKeys()),
      onClick: (key) => this.onClick(key),
      me: d.seat,
    };
    const board = this.ui ? this.ui.render(showing, ui, tr, (seat) => seatName(seat, d.seat)) : h("pre", JSON.stringify(showing, null, 1));
    if (!this.moved && step) markPoints(board, step.point);

    const head = h("div.roomhead", h("h1", d.title),
      h("div.roomlinks", h("a.btn.ghost", { href: `/rules/${d.game}`, target: "_blank", rel: "noopener" }, icon("book"), " ", tr.howToPlay)));
    const progress = h("div.learnprogress", h("span#learnstep", tr.learnStep(Math.min(d.index + 1, d.total), d.total)),
      h("progress", { max: d.total, value: d.index }));
    clear(this.app).append(head, progress, h("div.learngrid", h("section.boardcol", this.stepPanel(tr), h("div.boardarea", board), this.buttons(tr)),
      h("aside.sidecol", h("section.panel.scores", h("h3", tr.scores), this.ui ? this.ui.scores(showing, { seats: [] }, tr, (seat) => seatName(seat, d.seat)) : null))));
    this.app.dataset.learnIndex = String(d.index); // lets tests wait until the page shows a step
  }

  /** Keys of the last move (outlined in gold): my move while its words show, else the last move played. */
  lastKeys() {
    const d = this.data;
    if (!this.ui) return [];
    if (this.moved) return this.ui.touched(d.answers[d.answers.length - 1], d.seat);
    return d.last ? this.ui.touched(d.last.action, d.last.seat) : [];
  }

  nextButton(tr) {
    const d = this.data;
    if (this.moved) {
      return h("button.btn.primary#learnnext", { type: "button", on: { click: () => { this.moved = null; this.render(); } } }, tr.learnNext);
    }
    if (d.step && d.step.kind !== "move") {
      return h("button.btn.primary#learnnext", { type: "button", disabled: this.sending, on: { click: () => { this.message = null; this.send(""); } } }, tr.learnNext);
    }
    return null;
  }

  stepPanel(tr) {
    const d = this.data;
    if (this.moved) {
      const msg = this.moved.message;
      return h("section.panel.learnstep.done#learnpanel", msg ? h("p.learnmsg.ok#learnmsg", msg.text) : null,
        h("div.learnactions", this.nextButton(tr)));
    }
    if (d.finished) {
      return h("section.panel.learnstep.finished#learnpanel",
        h("h2", icon("trophy"), " ", tr.learnDone),
        this.message?.kind === "ok" ? h("p.learnmsg.ok", this.message.text) : null,
        h("p", d.finale),
        h("div.actions",
          h("a.btn.ghost", { href: `/learn/${d.game}` }, tr.learnRestart),
          h("button.btn.primary.big#practice", { type: "button", on: { click: (e) => this.practice(e.target) } }, tr.learnPractice)));
    }
    const step = d.step;
    return h(`section.panel.learnstep.${step.kind}#learnpanel`, { dataset: { kind: step.kind } },
      step.rule ? h("p.rulecite", h("span.ruleid", step.rule), " ", step.rule_text || "") : null,
      step.kind === "watch" ? h("p.small.muted", icon("bot"), " ", tr.learnWatch) : null,
      h("p.learnsay#learnsay", step.say),
      this.message ? h(`p.learnmsg.${this.message.kind}#learnmsg`, { role: this.message.kind === "wrong" ? "alert" : "status" },
        this.message.kind === "wrong" && this.message.rule ? h("span.ruleid", this.message.rule) : null, " ", this.message.text,
        this.message.kind === "wrong" ? ` ${tr.learnTry}` : null) : null,
      step.kind === "move" ? h("p.prompt", this.ui?.prompt?.(d.view, this.picker?.prefix || [], tr) || tr.learnYourMove)
        : h("div.learnactions", this.nextButton(tr)));
  }

  buttons(tr) {
    const d = this.data;
    const out = [];
    if (!this.moved && d.step && d.step.kind === "move") {
      for (const code of Object.keys(d.legal_text || {})) {
        const path = this.ui ? this.ui.paths(code) : [[`btn:${code}`]];
        if (path[0][0] === `btn:${code}`) {
          out.push(h("button.btn.movebtn", { type: "button", dataset: { code }, title: d.legal_text[code],
            on: { click: () => this.send(code) } }, this.ui?.buttonLabel?.(code) || d.legal_text[code]));
        }
      }
      if (this.picker?.prefix.length) {
        out.push(h("button.btn.ghost#cancelpick", { type: "button", on: { click: () => { this.picker.reset(); this.render(); } } }, tr.cancelPick));
      }
    }
    return h("div.controls", h("div.movebuttons", out));
  }

  async practice(btn) {
    const d = this.data;
    btn.disabled = true;
    const name = localStorage.getItem("bgb:name") || "";
    const seats = [{ kind: "human", ...(name ? { name } : {}) }];
    for (let i = 1; i < d.practice.players; i++) seats.push({ kind: "bot", bot: "easy" });
    try {
      const res = await api("/api/rooms", { method: "POST", body: { game: d.game, players: d.practice.players, seats,
        variant: d.practice.variant, lang: lang(), hints: true } });
      store.saveSeats(res.room.id, res.seats || []);
      location.assign(res.seats[0].link);
    } catch (err) {
      toast(err.message, "error", 6000);
      btn.disabled = false;
    }
  }
}

function seatName(seat, me) {
  const tr = t();
  return seat === me ? `${tr.seat} ${seat + 1} (${tr.you})` : `${tr.bot} ${seat + 1}`;
}
