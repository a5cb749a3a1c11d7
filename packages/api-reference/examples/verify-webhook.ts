// Your webhook endpoint: check each delivery's signature before trusting it (npm install standardwebhooks).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Webhook } from 'standardwebhooks';
import type { components } from './vton-api';

type JobEvent = components['schemas']['JobWebhookEvent'];

// The endpoint's signing secret (whsec_…), shown once when you add the endpoint.
const webhook = new Webhook(process.env.VTON_WEBHOOK_SECRET!);

// A body that breaks off (the sender went away) must not take the server down: answer 400.
export const server = createServer((req, res) => {
  receive(req, res).catch(() => res.headersSent || res.writeHead(400).end());
});

async function receive(req: IncomingMessage, res: ServerResponse) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  // Verify the raw body exactly as it arrived: parsing and re-serialising it would break the signature.
  let event: JobEvent;
  try {
    event = webhook.verify(Buffer.concat(chunks).toString('utf8'), req.headers as Record<string, string>) as JobEvent;
  } catch {
    res.writeHead(400).end();
    return;
  }
  if (event.type === 'job.completed') {
    // webhook-id is the same on every retry: use it to handle each event once.
    console.log(`Job ${event.data.id} done:`, event.data.models.map((m) => m.result?.imageUrl));
  }
  res.writeHead(204).end();
}
