// Sign in / create an account. The server sets an HttpOnly session cookie; guests can still play with links.

import { clear, h, toast } from "./dom.js";
import { lang, t } from "./i18n.js";
import { onLangChange } from "./main.js";
import { account, register, signIn, signOut } from "./session.js";

function nextPage() {
  const next = new URLSearchParams(location.search).get("next") || "/lobby";
  return next.startsWith("/") && !next.startsWith("//") && !next.startsWith("/login") ? next : "/lobby";
}

export async function mountLogin(app) {
  let mode = "signin";
  const draw = async () => {
    const tr = t();
    const me = await account();
    if (me) {
      clear(app).append(h("section.panel.account#accountbox",
        h("h2", tr.signedInAs(me.name)),
        h("div.actions",
          h("a.btn", { href: `/u/${encodeURIComponent(me.name)}` }, tr.profile),
          h("a.btn", { href: "/lobby" }, tr.lobby),
          h("button.btn#signout", { type: "button", on: { click: async () => { await signOut(); draw(); } } }, tr.signOut))));
      return;
    }
    const user = h("input#username", { type: "text", maxlength: 24, autocomplete: "username", required: true });
    const pass = h("input#password", { type: "password", maxlength: 200, autocomplete: mode === "signin" ? "current-password" : "new-password", required: true });
    const error = h("p.errorbox#loginerror", { hidden: true, role: "alert" });
    const submit = h("button.btn.primary#loginsubmit", { type: "submit" }, mode === "signin" ? tr.signIn : tr.register);
    const form = h("form.loginform", { on: { submit: async (e) => {
      e.preventDefault();
      submit.disabled = true;
      try {
        if (mode === "signin") await signIn(user.value, pass.value);
        else await register(user.value, pass.value, lang());
        location.assign(nextPage());
      } catch (err) {
        error.textContent = err.message;
        error.hidden = false;
        toast(err.message, "error", 5000);
        submit.disabled = false;
      }
    } } },
      h("div.formrow", h("label", { for: "username" }, tr.username), user),
      h("div.formrow", h("label", { for: "password" }, tr.password), pass),
      error,
      mode === "register" ? h("p.small.muted", tr.accountHelp) : null,
      h("div.actions", submit));
    const other = h("button.linklike#loginswitch", { type: "button", on: { click: () => { mode = mode === "signin" ? "register" : "signin"; draw(); } } },
      mode === "signin" ? tr.newAccount : tr.haveAccount);
    clear(app).append(h("section.panel.account", h("h2", mode === "signin" ? tr.signIn : tr.register), form, h("p", other)));
    user.focus();
  };
  onLangChange(() => draw());
  await draw();
}
