// Talking to the server: JSON over HTTP and one WebSocket per viewer (docs/server.md).

export class ApiError extends Error {
  constructor(status, error) {
    super(error?.message || `HTTP ${status}`);
    this.status = status;
    this.code = error?.code || "error";
    this.ruleId = error?.rule_id || null;
  }
}

export async function api(path, { method = "GET", body, token, lang } = {}) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const url = lang ? `${path}${path.includes("?") ? "&" : "?"}lang=${lang}` : path;
  const res = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  try {
    data = await res.json();
  } catch {
    data = null;
  }
  if (!res.ok) throw new ApiError(res.status, data?.error);
  return data;
}

/** Secrets live in the URL fragment (#seat=..., #invite=...), never sent to the server in a URL. */
export function fragment() {
  const params = new URLSearchParams(location.hash.slice(1));
  return { seat: params.get("seat"), invite: params.get("invite") };
}

/**
 * One live connection to a room. Reconnects with backoff; every (re)connect
 * says hello again, so the server answers with the full state.
 */
export class RoomSocket {
  constructor(roomId, { token, lang, onMessage, onStatus }) {
    this.roomId = roomId;
    this.token = token;
    this.lang = lang;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.retry = 0;
    this.closed = false;
    this.nextId = 1;
    this.open();
  }

  open() {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${proto}://${location.host}/ws/rooms/${encodeURIComponent(this.roomId)}`);
    this.ws = ws;
    this.onStatus?.("connecting");
    ws.addEventListener("open", () => {
      this.retry = 0;
      const hello = { type: "hello", lang: this.lang };
      if (this.token) hello.token = this.token;
      ws.send(JSON.stringify(hello));
      this.onStatus?.("open");
    });
    ws.addEventListener("message", (ev) => {
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch {
        return;
      }
      this.onMessage?.(msg);
    });
    ws.addEventListener("close", (ev) => {
      if (ws.closedOnPurpose) return;
      if (this.closed || ev.code === 4404) {
        this.onStatus?.(ev.code === 4404 ? "gone" : "closed");
        return;
      }
      this.onStatus?.("reconnecting");
      const wait = Math.min(8000, 400 * 2 ** this.retry++);
      setTimeout(() => !this.closed && this.open(), wait);
    });
  }

  send(msg) {
    if (this.ws?.readyState !== WebSocket.OPEN) return null;
    const id = this.nextId++;
    this.ws.send(JSON.stringify({ ...msg, id }));
    return id;
  }

  /** The server fixes a connection's language at hello, so a new language means a new connection. */
  setLang(lang) {
    this.lang = lang;
    this.retry = 0;
    const old = this.ws;
    this.open();
    old.closedOnPurpose = true;
    old.close();
  }

  close() {
    this.closed = true;
    this.ws?.close();
  }
}

export const store = {
  invites(roomId) {
    try {
      return JSON.parse(localStorage.getItem(`bgb:invites:${roomId}`) || "[]");
    } catch {
      return [];
    }
  },
  saveInvites(roomId, invites) {
    localStorage.setItem(`bgb:invites:${roomId}`, JSON.stringify(invites));
  },
  seats(roomId) {
    try {
      return JSON.parse(localStorage.getItem(`bgb:seats:${roomId}`) || "[]");
    } catch {
      return [];
    }
  },
  saveSeats(roomId, seats) {
    localStorage.setItem(`bgb:seats:${roomId}`, JSON.stringify(seats));
  },
};

/** A socket that only listens (the lobby): reconnects with backoff, hands each message on. */
export class ListenSocket {
  constructor(path, onMessage) {
    this.path = path;
    this.onMessage = onMessage;
    this.retry = 0;
    this.closed = false;
    this.open();
  }

  open() {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${proto}://${location.host}${this.path}`);
    this.ws = ws;
    ws.addEventListener("open", () => { this.retry = 0; });
    ws.addEventListener("message", (ev) => {
      try {
        this.onMessage(JSON.parse(ev.data));
      } catch {
        /* a message the page cannot read is skipped */
      }
    });
    ws.addEventListener("close", () => {
      if (this.closed) return;
      setTimeout(() => !this.closed && this.open(), Math.min(8000, 400 * 2 ** this.retry++));
    });
  }

  close() {
    this.closed = true;
    this.ws?.close();
  }
}
