// Each game's web UI is one module, js/games/<ui>.js, with its styles in css/games/<ui>.css, named by the
// server (/api/games "ui", room summary "ui"). Generic pages load them here and never name a game.
// docs/ui.md lists what a game module exports.

const loaded = new Map();

/** The UI module of a game (a promise; null when the game has no web UI or its module fails to load). */
export function loadGameUI(ui) {
  if (!ui || !/^[a-z0-9_]+$/.test(ui)) return Promise.resolve(null);
  if (!loaded.has(ui)) {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = `/css/games/${ui}.css`;
    document.head.append(link);
    loaded.set(ui, import(`./games/${ui}.js`).catch((err) => {
      console.error(`game UI ${ui} failed to load`, err);
      return null;
    }));
  }
  return loaded.get(ui);
}
