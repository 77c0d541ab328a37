#!/usr/bin/env node
// A client of reviewgate's TCP event-bus bridge with Node's standard library only.
// Frames: a 4-byte big-endian length, then that many bytes of UTF-8 JSON
// {type, address, replyAddress, headers, body}.
//
// Usage:
//   node reviewgate-bus.mjs HOST:PORT diff REPO BASE HEAD   git diff BASE..HEAD of the served repository REPO
//   node reviewgate-bus.mjs HOST:PORT events [SECONDS]      print review events as they are published
// Every frame carries the bridge's credential: $REVIEWGATE_TOKEN, else this user's secret (what `reviewgate token`
// prints: the file `token` in $REVIEWGATE_STATE_DIR, $XDG_STATE_HOME/reviewgate or ~/.local/state/reviewgate).
import net from 'node:net';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export function token() {
  if (process.env.REVIEWGATE_TOKEN) return process.env.REVIEWGATE_TOKEN;
  const state = process.env.REVIEWGATE_STATE_DIR
    || (process.env.XDG_STATE_HOME ? join(process.env.XDG_STATE_HOME, 'reviewgate') : join(homedir(), '.local', 'state', 'reviewgate'));
  try {
    return readFileSync(join(state, 'token'), 'utf8').trim();
  } catch (e) {
    throw new Error(`no reviewgate token: set REVIEWGATE_TOKEN, or start reviewgate once so that it creates ${join(state, 'token')}`);
  }
}

export class Bus {
  constructor(host, port) {
    this.socket = net.createConnection({ host, port });
    this.headers = { authorization: `Bearer ${token()}` };
    this.pending = new Map();
    this.listeners = new Map();
    this.errors = [];
    let buffered = Buffer.alloc(0);
    this.socket.on('data', (chunk) => {
      buffered = Buffer.concat([buffered, chunk]);
      while (buffered.length >= 4) {
        const length = buffered.readUInt32BE(0);
        if (buffered.length < 4 + length) break;
        const frame = JSON.parse(buffered.subarray(4, 4 + length).toString('utf8'));
        buffered = buffered.subarray(4 + length);
        this.dispatch(frame);
      }
    });
    this.ready = new Promise((resolve, reject) => {
      this.socket.once('connect', resolve);
      this.socket.once('error', reject);
    });
  }

  dispatch(frame) {
    const waiter = this.pending.get(frame.address);
    if (waiter) {
      this.pending.delete(frame.address);
      if (frame.type === 'err') waiter.reject(new Error(`[${frame.failureCode}] ${frame.message}`));
      else waiter.resolve(frame.body);
    } else if (frame.type === 'message' && this.listeners.has(frame.address)) {
      this.listeners.get(frame.address)(frame.body);
    } else if (frame.type === 'pong' && this.onPong) {
      this.onPong();
    } else if (frame.type === 'err') {
      console.error(`error: ${frame.message}`);
    }
  }

  write(frame) {
    const data = Buffer.from(JSON.stringify(frame), 'utf8');
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length, 0);
    this.socket.write(Buffer.concat([length, data]));
  }

  /** Sends a request; resolves with the reply's body, rejects with the failure's code and text. */
  request(address, body) {
    const replyAddress = `node.${randomUUID()}`;
    return new Promise((resolve, reject) => {
      this.pending.set(replyAddress, { resolve, reject });
      this.write({ type: 'send', address, replyAddress, headers: this.headers, body });
    });
  }

  /** Calls handler with the body of every message published to address; resolves once the bridge has taken it. */
  register(address, handler) {
    this.listeners.set(address, handler);
    this.write({ type: 'register', address, headers: this.headers });
    return new Promise((resolve) => {
      this.onPong = resolve;
      this.write({ type: 'ping' });
    });
  }

  close() {
    this.socket.end();
  }
}

async function main(argv) {
  const [target, command, ...rest] = argv;
  if (!target || !command) {
    console.error('usage: reviewgate-bus.mjs HOST:PORT diff REPO BASE HEAD | events [SECONDS]');
    return 2;
  }
  const colon = target.lastIndexOf(':');
  const bus = new Bus(target.slice(0, colon), Number(target.slice(colon + 1)));
  await bus.ready;
  try {
    if (command === 'diff' && rest.length === 3) {
      const [repo, base, head] = rest;
      const result = await bus.request('reviewgate.git.diff', { repo, base, head });
      process.stdout.write(result.diff);
      return 0;
    }
    if (command === 'events') {
      const seconds = Number(rest[0] ?? 60);
      await bus.register('reviewgate.review.events', (event) => console.log(JSON.stringify(event)));
      console.log('registered');
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      return 0;
    }
    console.error('usage: reviewgate-bus.mjs HOST:PORT diff REPO BASE HEAD | events [SECONDS]');
    return 2;
  } catch (error) {
    console.error(`reviewgate: ${error.message}`);
    return 1;
  } finally {
    bus.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await main(process.argv.slice(2));
}
