// The coach's pieces shared by the game page and the guided game: outlining the board keys a hint or a
// step is about, a hint's panel, and a move's explanation ("why?"). Words come from the server already
// translated; only textContent is used.

import { h } from "./dom.js";
import { t } from "./i18n.js";

/**
 * Outline the elements a hint or a tutorial step points at. Game modules tag their clickable pieces
 * with data-key (sq:C4, slot:2, pile:1, hand:3, obj:12, deck) and cards in other rows with data-card.
 */
export function markPoints(root, keys) {
  if (!root || !keys?.length) return;
  for (const key of keys) {
    const safe = CSS.escape(key);
    for (const el of root.querySelectorAll(`[data-key="${safe}"], [data-card="${safe}"]`)) el.classList.add("point");
  }
}

/** The hint panel: the move, why (lines built from what the bot measured), other good moves, Play it. */
export function hintPanel(state, { onPlay, onClose }) {
  const tr = t();
  if (state.loading) return h("section.panel.hintpanel#hintpanel", { "aria-live": "polite" }, h("p.muted", tr.hintThinking));
  if (state.error) return h("section.panel.hintpanel.error#hintpanel", h("p", state.error));
  const hint = state.data?.hint;
  if (!hint) return null;
  const alternatives = hint.alternatives || [];
  return h("section.panel.hintpanel#hintpanel", { "aria-live": "polite" },
    h("h3", tr.hintTitle(hint.text)),
    h("ul.reasons", (hint.lines || hint.public || []).map((line) => h("li", line))),
    alternatives.length ? h("details.alts", h("summary", tr.hintAlternatives),
      h("ul", alternatives.map((alt) => h("li", `${alt.text} — ${tr.winChance(alt.win_chance)}`)))) : null,
    h("div.actions",
      h("button.btn.ghost#hintclose", { type: "button", on: { click: onClose } }, tr.hintClose),
      h("button.btn.primary#hintplay", { type: "button", dataset: { code: hint.move }, on: { click: () => onPlay(hint.move) } }, tr.hintPlay)));
}

/** A move's explanation under its log line: every reason for the mover (or after the end), else the public ones. */
export function explanationBox(data, name) {
  const tr = t();
  if (data.loading) return h("div.whybox", { dataset: { step: data.step } }, h("span.muted", tr.hintThinking));
  if (data.error) return h("div.whybox.error", { dataset: { step: data.step } }, data.error);
  const exp = data.explanation || {};
  const lines = exp.private ? exp.lines || [] : exp.public || [];
  return h("div.whybox", { dataset: { step: data.step } },
    h("div.whytitle", tr.whyTitle(name)),
    h("ul.reasons", lines.map((line) => h("li", line))),
    exp.private ? null : h("p.small.muted", tr.whyPrivate));
}
