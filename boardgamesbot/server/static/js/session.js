// Who is signed in (the session cookie is HttpOnly: the page asks the server), and the forms' calls.

import { api } from "./api.js";

let current; // undefined: not asked yet; null: a guest; {name, key, lang, created}
const listeners = new Set();

export async function account(refresh = false) {
  if (current === undefined || refresh) {
    try {
      current = (await api("/api/session")).account;
    } catch {
      current = null;
    }
  }
  return current;
}

export function onAccountChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

function changed(value) {
  current = value;
  for (const fn of listeners) fn(value);
  return value;
}

export async function signIn(username, password) {
  return changed((await api("/api/session", { method: "POST", body: { username, password } })).account);
}

export async function register(username, password, lang) {
  return changed((await api("/api/accounts", { method: "POST", body: { username, password, lang } })).account);
}

export async function signOut() {
  await api("/api/session", { method: "DELETE" });
  return changed(null);
}

export async function setAccountLang(lang) {
  if (current) current = (await api("/api/session", { method: "PATCH", body: { lang } })).account;
}
