import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for svc-media or object storage on 127.0.0.1 that answers, or misbehaves, as each test
 * says; it records what reached it.
 */
export class FakePeer {
  handle: (req: http.IncomingMessage, res: http.ServerResponse) => void = (_req, res) => res.writeHead(200).end();
  /** The requests, the bytes of their bodies received, and whether each one's connection was seen to close. */
  requests: http.IncomingMessage[] = [];
  received: number[] = [];
  closed: Promise<void>[] = [];
  private server = http.createServer((req, res) => {
    const index = this.received.push(0) - 1;
    this.requests.push(req);
    req.on('data', (chunk: Buffer) => (this.received[index] += chunk.length));
    this.closed.push(new Promise((resolve) => req.socket.once('close', () => resolve())));
    this.handle(req, res);
  });
  origin = '';

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** Reads what the requests still send: a paused socket would not see the other side close it. */
  resume(): void {
    for (const req of this.requests) req.resume();
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** A request's whole body, as text. */
export function bodyOf(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.once('error', reject);
  });
}
