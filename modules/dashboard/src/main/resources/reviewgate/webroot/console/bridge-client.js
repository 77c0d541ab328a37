// A small client for the reviewgate event-bus bridge over a raw WebSocket (/eventbus/websocket).
// Frames are the bridge's JSON: send / publish / register / ping out; rec / err in.
// Written for this project (no third-party code); the protocol is Vert.x's SockJS bridge message format.
export class BridgeClient {
  constructor(url, {pingMs = 10000} = {}) {
    this.url = url;
    this.pingMs = pingMs;
    this.pending = new Map();   // replyAddress -> {resolve, reject, timer}
    this.handlers = new Map();  // address -> [fn]
    this.counter = 0;
  }

  open() {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(this.url);
      ws.binaryType = 'arraybuffer';  // the bridge writes its JSON frames as binary WebSocket messages
      this.ws = ws;
      ws.onopen = () => {
        this.pinger = setInterval(() => this.#write({type: 'ping'}), this.pingMs);
        resolve(this);
      };
      ws.onerror = () => reject(new Error('could not open the bridge at ' + this.url));
      ws.onclose = () => {
        clearInterval(this.pinger);
        for (const [, p] of this.pending) { clearTimeout(p.timer); p.reject(new Error('bridge closed')); }
        this.pending.clear();
      };
      const text = new TextDecoder();
      ws.onmessage = (event) => this.#receive(JSON.parse(
        typeof event.data === 'string' ? event.data : text.decode(event.data)));
    });
  }

  // Sends a request and resolves with the reply body; rejects with {failureCode, message} on failure.
  request(address, body, timeoutMs = 30000) {
    const replyAddress = 'reply.' + Date.now().toString(36) + '.' + (++this.counter);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(replyAddress);
        reject({failureCode: 504, message: 'no reply from ' + address + ' in ' + timeoutMs + ' ms'});
      }, timeoutMs);
      this.pending.set(replyAddress, {resolve, reject, timer});
      this.#write({type: 'send', address, body, headers: {}, replyAddress});
    });
  }

  // Receives messages published on an event address (the bridge lets through reviewgate.*.events* only).
  subscribe(address, fn) {
    if (!this.handlers.has(address)) {
      this.handlers.set(address, []);
      this.#write({type: 'register', address, headers: {}});
    }
    this.handlers.get(address).push(fn);
  }

  close() { this.ws?.close(); }

  #write(frame) {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(frame));
  }

  #receive(frame) {
    const waiting = frame.address && this.pending.get(frame.address);
    if (waiting) {
      this.pending.delete(frame.address);
      clearTimeout(waiting.timer);
      if (frame.type === 'err') waiting.reject({failureCode: frame.failureCode, message: frame.message});
      else waiting.resolve(frame.body);
      return;
    }
    if (frame.type === 'err' && !frame.address) {
      // e.g. access_denied: the address is not open to the bridge. Fail every request still waiting.
      for (const [key, p] of this.pending) {
        clearTimeout(p.timer);
        p.reject({failureCode: 403, message: 'refused by the bridge: ' + (frame.body || frame.message)});
        this.pending.delete(key);
      }
      return;
    }
    for (const fn of this.handlers.get(frame.address) || []) fn(frame.body, frame);
  }
}
