// The connection to reviewgate's event-bus bridge: requests with a short time limit, subscriptions that survive a
// reconnect, and reconnecting with backoff after the server went away (a restarted server comes back on the same
// address). Listeners hear 'live', 'down', 'refused' (still down after a few attempts: a restarted server forgot the
// session) and 'back' (live again after a loss: the page then reloads its data).
import {BridgeClient} from '../console/bridge-client.js';

const REQUEST_MS = 15000;
const RETRY_MS = [500, 1000, 2000, 4000, 8000];
const SIGN_IN_AFTER = 4;   // failed attempts after which the page says a restarted server needs a new sign-in

export class Bus {
  constructor(url) {
    this.url = url;
    this.client = null;
    this.handlers = new Map();   // address -> handler (one per address; replaced when the view changes)
    this.stateListeners = [];
    this.attempt = 0;
    this.everLive = false;
  }

  onState(fn) { this.stateListeners.push(fn); }

  async open() {
    const client = new BridgeClient(this.url);
    await client.open();
    this.client = client;
    for (const address of this.handlers.keys()) this.#register(client, address);
    client.ws.addEventListener('close', () => this.#lost(client));
    const back = this.everLive;
    this.everLive = true;
    this.attempt = 0;
    this.#tell(back ? 'back' : 'live');
  }

  // One handler per event address; registering again replaces it.
  on(address, fn) {
    const known = this.handlers.has(address);
    this.handlers.set(address, fn);
    if (!known && this.client) this.#register(this.client, address);
  }

  clearHandlers() { for (const address of this.handlers.keys()) this.handlers.set(address, () => {}); }

  request(address, body, timeoutMs = REQUEST_MS) {
    if (!this.client || this.client.ws.readyState !== WebSocket.OPEN) {
      return Promise.reject({message: 'not connected to reviewgate; reconnecting (your text is kept)'});
    }
    return this.client.request(address, body, timeoutMs);
  }

  #register(client, address) { client.subscribe(address, (body) => this.handlers.get(address)?.(body)); }

  #lost(client) {
    if (this.client !== client) return;
    this.client = null;
    this.#tell('down');
    const retry = () => this.open().catch(() => {
      this.attempt++;
      if (this.attempt === SIGN_IN_AFTER) this.#tell('refused');
      setTimeout(retry, RETRY_MS[Math.min(this.attempt, RETRY_MS.length - 1)]);
    });
    setTimeout(retry, RETRY_MS[0]);
  }

  #tell(state) { for (const fn of this.stateListeners) fn(state); }
}
