// Tiny DOM builder: every user-provided string goes through textContent, never innerHTML.

/** h("div.cls#id", {attrs, on:{click}}, ...children) -> Element */
export function h(tag, props, ...children) {
  const [, name = "div", rest = ""] = /^([a-z0-9]*)(.*)$/i.exec(tag);
  const el = document.createElement(name || "div");
  for (const part of rest.match(/[.#][^.#]+/g) || []) {
    if (part[0] === ".") el.classList.add(part.slice(1));
    else el.id = part.slice(1);
  }
  if (props && (typeof props !== "object" || props instanceof Node || Array.isArray(props))) {
    children.unshift(props);
    props = null;
  }
  for (const [key, value] of Object.entries(props || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "on") for (const [ev, fn] of Object.entries(value)) el.addEventListener(ev, fn);
    else if (key === "class") el.className += (el.className ? " " : "") + value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key === "style" && typeof value === "object") Object.assign(el.style, value);
    else if (key in el && typeof value !== "string") el[key] = value;
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** SVG element builder (namespaced). */
export function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  for (const c of children.flat()) if (c) el.append(c);
  return el;
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

/** A short-lived message at the top of the screen (bot moves, errors). */
export function toast(text, kind = "info", ms = 3500) {
  let box = document.getElementById("toasts");
  if (!box) {
    box = h("div#toasts", { "aria-live": "polite" });
    document.body.append(box);
  }
  const item = h(`div.toast.toast-${kind}`, { role: kind === "error" ? "alert" : "status" }, text);
  // moves by others replace each other, so the notes never pile up over the board
  if (kind === "bot" || kind === "info") for (const old of box.querySelectorAll(".toast-bot, .toast-info")) old.remove();
  while (box.children.length >= 3) box.firstChild.remove();
  box.append(item);
  setTimeout(() => item.classList.add("fade"), ms);
  setTimeout(() => item.remove(), ms + 600);
  return item;
}

/** Remove every toast at once (a language switch must not leave words of the old language behind). */
export function clearToasts() {
  const box = document.getElementById("toasts");
  if (box) clear(box);
}

/** "1:05", "12:00:00", "3 d 4 h": a clock's time left for people. */
export function formatClock(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  if (s >= 2 * 86400) return `${Math.floor(s / 86400)} d ${Math.floor((s % 86400) / 3600)} h`;
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, "0");
  return hh ? `${hh}:${String(mm).padStart(2, "0")}:${ss}` : `${mm}:${ss}`;
}

export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
