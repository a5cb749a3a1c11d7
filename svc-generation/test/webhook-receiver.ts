import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A receiver on 127.0.0.1 (allowed in local mode): every delivery, and an answer the test picks.
 * While `holding`, it answers nothing: each delivery stays open (`open` counts them) until `release()`.
 */
export class Receiver {
  deliveries: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  answers: number[] = [];
  holding = false;
  private readonly held = new Set<http.ServerResponse>();
  private server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      this.deliveries.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (!this.holding) {
        res.writeHead(this.answers.shift() ?? 204).end();
        return;
      }
      // A sender that gives up closes the connection: that delivery is no longer open.
      this.held.add(res);
      res.on('close', () => this.held.delete(res));
    });
  });
  url = '';

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://localhost:${(this.server.address() as AddressInfo).port}/hooks`;
    return this;
  }

  /** Deliveries that arrived while holding and are still waiting for their answer. */
  get open(): number {
    return this.held.size;
  }

  /** Answers every held delivery, and the next ones at once. */
  release(): void {
    this.holding = false;
    for (const res of this.held) res.writeHead(this.answers.shift() ?? 204).end();
    this.held.clear();
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The payloads of one type, parsed. */
  of(type: string) {
    return this.deliveries.filter((d) => JSON.parse(d.body).type === type);
  }
}
