import { Webhook } from 'standardwebhooks';
import { newWebhookSecret, signWebhook } from './webhook-signature.js';

describe('webhook signatures (Standard Webhooks)', () => {
  it('makes whsec_ secrets of 32 random bytes', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(secret);
  });

  it('signs id.timestamp.body so the standardwebhooks verifier accepts it, and refuses any change', () => {
    const secret = newWebhookSecret();
    const body = JSON.stringify({ type: 'job.completed', timestamp: new Date().toISOString(), data: { id: 'a1' } });
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = { 'webhook-id': 'msg_1', 'webhook-timestamp': String(timestamp), 'webhook-signature': signWebhook(secret, 'msg_1', timestamp, body) };
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(secret).verify(body.replace('a1', 'a2'), headers)).toThrow();
    expect(() => new Webhook(secret).verify(body, { ...headers, 'webhook-id': 'msg_2' })).toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
  });
});
