// Turning clicks into moves. Each game maps every legal move code to one or more
// click paths (e.g. ["hand:3", "sq:C4"]); the picker walks those paths as the
// player clicks, so only the next possible targets light up at each step.

export class Picker {
  /** legal: move codes; pathsOf(code) -> array of paths (arrays of target keys). */
  constructor(legal, pathsOf) {
    this.routes = [];
    for (const code of legal) for (const path of pathsOf(code) || []) this.routes.push({ code, path });
    this.prefix = [];
  }

  matching(prefix = this.prefix) {
    return this.routes.filter((r) => prefix.every((key, i) => r.path[i] === key));
  }

  /** Keys the player may click next. */
  next() {
    const out = new Set();
    for (const r of this.matching()) if (r.path.length > this.prefix.length) out.add(r.path[this.prefix.length]);
    return out;
  }

  /** Keys chosen so far (shown as selected). */
  selected() {
    return new Set(this.prefix);
  }

  /** The move codes still possible after the clicks so far. */
  codes() {
    return [...new Set(this.matching().map((r) => r.code))];
  }

  /**
   * Register a click. Returns {done: code} when a move is complete,
   * {more: true} when more clicks are needed, or {miss: [...prefix, key]}
   * when the click leads to no legal move (the game may still name the
   * attempted move so the server can explain which rule forbids it).
   */
  click(key) {
    const attempt = [...this.prefix, key];
    const routes = this.matching(attempt);
    if (routes.length === 0) {
      return { miss: attempt };
    }
    const complete = routes.filter((r) => r.path.length === attempt.length);
    const longer = routes.filter((r) => r.path.length > attempt.length);
    if (complete.length && !longer.length) {
      this.prefix = [];
      return { done: complete[0].code };
    }
    this.prefix = attempt;
    return { more: true };
  }

  reset() {
    this.prefix = [];
  }

  /**
   * A click resolved with the game's compose(keys) for clicks that match no legal move. Returns
   * {send: code} (a complete move, legal or not: the server names the rule that forbids it),
   * {wait: true} (more clicks needed) or {none: true} (nothing can start with this click).
   * A miss first tries the clicks so far, then this click alone as the start of another move.
   */
  resolve(key, compose) {
    let result = this.click(key);
    if (result.done) return { send: result.done };
    if (!result.miss) return { wait: true };
    const attempt = compose(result.miss);
    if (attempt?.code) {
      this.reset();
      return { send: attempt.code };
    }
    if (attempt?.partial) {
      this.prefix = result.miss;
      return { wait: true };
    }
    this.reset();
    result = this.click(key);
    if (result.done) return { send: result.done };
    if (!result.miss) return { wait: true };
    const again = compose([key]);
    if (again?.code) return { send: again.code };
    if (again?.partial) {
      this.prefix = [key];
      return { wait: true };
    }
    return { none: true };
  }
}
