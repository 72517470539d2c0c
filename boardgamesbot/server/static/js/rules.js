// How-to-play page: the rules desk's sheet when the server has it, else a pointer
// to the rules document; plus an ask box when the rules desk answers questions.

import { api } from "./api.js";
import { clear, h } from "./dom.js";
import { lang, t } from "./i18n.js";
import { onLangChange } from "./main.js";

export async function mountRules(app, game) {
  const draw = () => render(app, game);
  onLangChange(draw);
  await draw();
}

async function render(app, game) {
  const tr = t();
  clear(app).append(h("p.loading", tr.loading));
  let title = game;
  let deskOn = false;
  try {
    const cat = await api("/api/games", { lang: lang() });
    title = cat.games.find((g) => g.name === game)?.title || game;
    deskOn = !!cat.rules_desk;
  } catch {
    /* the page still works without the catalogue */
  }
  const sheetBox = h("article.sheet#sheet");
  try {
    const res = await api(`/api/rules/${game}?fmt=html`, { lang: lang() });
    sheetBox.append(...safeNodes(res.sheet));
  } catch (err) {
    sheetBox.append(h("p", `${tr.rulesUnavailable} `, h("code", `docs/rules/${game}.md`), "."), h("p.small.muted", err.message));
  }
  const page = h("section.panel.rules", sheetBox.querySelector("h1") ? null : h("h1", `${tr.rulesPage}: ${title}`), sheetBox);
  if (deskOn) page.append(askBox(game));
  page.append(h("p", h("a.btn", { href: "/" }, tr.newGame)));
  clear(app).append(page);
}

/**
 * The sheet's HTML as inert nodes. The server already sanitizes it (an ingested rulebook is anyone's
 * text) and the page's CSP forbids inline script; this drops anything active once more, as a third wall.
 */
function safeNodes(html) {
  const doc = new DOMParser().parseFromString(String(html), "text/html");
  for (const el of doc.body.querySelectorAll("script, style, iframe, object, embed, link, meta, form, img")) el.remove();
  for (const el of doc.body.querySelectorAll("*")) {
    for (const attr of [...el.attributes]) {
      const name = attr.name.toLowerCase();
      const bad = name.startsWith("on") || name === "style" || (name === "href" && !/^(https?:|mailto:|#|\/)/i.test(attr.value.trim()));
      if (bad) el.removeAttribute(attr.name);
    }
  }
  return [...doc.body.childNodes];
}

function askBox(game) {
  const tr = t();
  const input = h("input#question", { type: "text", maxlength: 2000, placeholder: tr.askPlaceholder });
  const out = h("div.answer#answer");
  const ask = async () => {
    const question = input.value.trim();
    if (!question) return;
    clear(out).append(h("p.loading", tr.loading));
    try {
      // no lang: the desk answers in the language the question is asked in
      const res = await api(`/api/rules/${game}/ask`, { method: "POST", body: { question } });
      clear(out).append(answerEl(res.answer, tr));
    } catch (err) {
      clear(out).append(h("p.error", err.message));
    }
  };
  input.addEventListener("keydown", (e) => e.key === "Enter" && ask());
  return h("div.askbox", h("h2", tr.ask), h("div.formrow", input, h("button.btn.primary", { type: "button", on: { click: ask } }, tr.askBtn)), out);
}

/** The rules desk's answer: the direct answer first (with its confidence), then the rules that say so, then
 * the rulebook's words (a table stays a table). Everything is text nodes: nothing from the server is parsed as HTML. */
function answerEl(answer, tr) {
  if (!answer || typeof answer !== "object") return h("p", String(answer ?? ""));
  const pt = answer.language === "pt";
  const rules = answer.rules || [];
  const passages = answer.passages || [];
  const lines = (answer.verdict && answer.verdict.scores && answer.verdict.scores[`lines_${answer.language}`]) || [];
  const confidence = typeof answer.confidence === "number" ? Math.round(answer.confidence * 100) : null;
  const quote = (p) =>
    p.table
      ? h("table.quotetable", h("tbody", String(p.quote).split("\n").map((row) =>
          h("tr", row.replace(/^\|\s*|\s*\|$/g, "").split(" | ").map((cell) => h("td", cell))))))
      : h("blockquote", p.quote);
  return h("div.answerbox",
    answer.answer ? h(answer.abstained ? "p.answertext.muted" : "p.answertext", h("strong", String(answer.answer))) : null,
    confidence !== null ? h("p.small.muted", `${pt ? "Confiança" : "Confidence"}: ${confidence}%`) : null,
    lines.length ? h("ul.small", lines.map((line) => h("li", String(line)))) : null,
    (answer.notes || []).filter((n) => !String(answer.answer || "").includes(n)).map((n) => h("p.small", String(n))),
    answer.no_good_match && !answer.answer ? h("p.muted", tr.noGoodMatch) : null,
    rules.length ? h("div", h("h4", tr.matchingRules), h("ul.rulelist", rules.map((r) => h("li",
      h("code", r.id), " ", r.text, r.section ? h("span.muted.small", ` — ${r.section}`) : null,
      r.decision ? h("span.badge", tr.projectDecision) : null)))) : null,
    passages.length ? h("div", h("h4", tr.sources), h("ul.passages", passages.map((p) => h("li",
      quote(p), h("span.muted.small", [p.source, p.section, p.page ? `p. ${p.page}` : null].filter(Boolean).join(" · ")))))) : null);
}
