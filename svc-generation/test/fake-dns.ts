import dgram from 'node:dgram';
import { isIPv4 } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * A tiny DNS server (RFC 1035 over UDP) answering A and AAAA questions from a table the test
 * changes at will: the outside resolver a webhook host name goes through, so a test can make a
 * name point somewhere else between two lookups (DNS rebinding). Unknown names: NXDOMAIN.
 */
export class FakeDns {
  readonly records = new Map<string, string[]>();
  private readonly socket = dgram.createSocket('udp4');
  server = '';

  async start(): Promise<this> {
    this.socket.on('message', (query, peer) => this.socket.send(this.answer(query), peer.port, peer.address));
    await new Promise<void>((resolve) => this.socket.bind(0, '127.0.0.1', resolve));
    this.server = `127.0.0.1:${this.socket.address().port}`;
    return this;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.socket.close(() => resolve()));
  }

  private answer(query: Buffer): Buffer {
    // The question: labels up to the zero byte, then type and class.
    let offset = 12;
    const labels: string[] = [];
    while (query[offset] !== 0) {
      labels.push(query.subarray(offset + 1, offset + 1 + query[offset]).toString('ascii'));
      offset += query[offset] + 1;
    }
    const questionEnd = offset + 5;
    const type = query.readUInt16BE(offset + 1);
    const name = labels.join('.').toLowerCase();
    const known = this.records.get(name);
    const wanted = (known ?? []).filter((a) => (type === 1 ? isIPv4(a) : type === 28 ? !isIPv4(a) : false));
    const header = Buffer.alloc(12);
    header.writeUInt16BE(query.readUInt16BE(0), 0); // same id
    header.writeUInt16BE(known ? 0x8180 : 0x8183, 2); // a response; NXDOMAIN for names not in the table
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(wanted.length, 6);
    const answers = wanted.map((address) => {
      const bytes = Buffer.from(ipaddr.parse(address).toByteArray());
      const record = Buffer.alloc(12);
      record.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
      record.writeUInt16BE(type, 2);
      record.writeUInt16BE(1, 4); // IN
      record.writeUInt32BE(0, 6); // TTL 0: never cached
      record.writeUInt16BE(bytes.length, 10);
      return Buffer.concat([record, bytes]);
    });
    return Buffer.concat([header, query.subarray(12, questionEnd), ...answers]);
  }
}
