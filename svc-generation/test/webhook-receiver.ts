import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A receiver on 127.0.0.1 (allowed in local mode): every delivery, and an answer the test picks. */
export class Receiver {
  deliveries: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  answers: number[] = [];
  private server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      this.deliveries.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(this.answers.shift() ?? 204).end();
    });
  });
  url = '';

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://localhost:${(this.server.address() as AddressInfo).port}/hooks`;
    return this;
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
