import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { WEBHOOK_TEST_EVENT_TYPE, type TestWebhookEvent, type WebhookDeliveryRecord, type WebhookEvent } from '@vton/contracts';
import { randomUUID } from 'node:crypto';
import { IsNull, type EntityManager, type Repository } from 'typeorm';
import { GenerationConfig } from '../config/generation.config.js';
import { CreditsClient } from '../credits/credits-client.js';
import { checkedAddress, parseWebhookUrl, WebhookAddressError, WebhookResolver } from './webhook-address.js';
import { sendWebhook, type WebhookAnswer } from './webhook-client.js';
import { WebhookDeliveryEntity } from './webhook-delivery.entity.js';
import { WebhookEndpointEntity } from './webhook-endpoint.entity.js';
import { WebhookEndpointsService } from './webhook-endpoints.service.js';
import { toDeliveryRecord } from './webhook-records.js';
import { signWebhook } from './webhook-signature.js';

export const WEBHOOK_DELIVERY_QUEUE = Symbol('WEBHOOK_DELIVERY_QUEUE');

/**
 * Where the next attempt of a delivery waits: the durable queue, a job per attempt. With
 * `manager`, the job is queued in that transaction (the delivery row and its job commit together).
 */
export interface WebhookDeliveryQueue {
  schedule(deliveryId: string, attempt: number, delaySeconds: number, manager?: EntityManager): Promise<void>;
}

export const USER_AGENT = 'VTON-Studio-Webhooks/1.0';
const TEST_MESSAGE = 'A test event from VTON Studio: your endpoint is reachable and its signature check works.';

/** The result of one attempt, for the queue's handler and the tests. */
export interface AttemptOutcome {
  status: WebhookDeliveryRecord['status'];
  /** Seconds until the next attempt, when there is one. */
  retryInSeconds: number | null;
}

/**
 * The deliveries of events to the account's endpoints, and each delivery attempt (run by the
 * queue's worker): signed the Standard Webhooks way, sent only to an address checked just before,
 * retried on the WEBHOOK_RETRY_DELAYS_SECONDS schedule.
 */
@Injectable()
export class WebhookDeliveries {
  private readonly logger = new Logger('Webhooks');

  constructor(
    @InjectRepository(WebhookEndpointEntity) private readonly endpoints: Repository<WebhookEndpointEntity>,
    @InjectRepository(WebhookDeliveryEntity) private readonly deliveries: Repository<WebhookDeliveryEntity>,
    private readonly config: GenerationConfig,
    private readonly resolver: WebhookResolver,
    private readonly registry: WebhookEndpointsService,
    @Inject(WEBHOOK_DELIVERY_QUEUE) private readonly queue: WebhookDeliveryQueue,
    private readonly credits: CreditsClient,
  ) {}

  /** "Send test event": a `webhook.test` delivery to this endpoint, whatever it subscribed to. */
  async sendTest(userId: number, endpointId: string): Promise<WebhookDeliveryRecord> {
    const endpoint = await this.registry.endpointOf(userId, endpointId);
    const event: TestWebhookEvent = { type: WEBHOOK_TEST_EVENT_TYPE, timestamp: new Date().toISOString(), data: { endpointId, message: TEST_MESSAGE } };
    const [delivery] = await this.enqueue(userId, [endpoint], `msg_${randomUUID().replaceAll('-', '')}`, event);
    return toDeliveryRecord(delivery);
  }

  /**
   * Announces an event of the account to every endpoint subscribed to its type. `eventId` names
   * the event once for all (the `webhook-id`): announcing the same event again sends nothing new.
   */
  async publish(userId: number, eventId: string, event: WebhookEvent, manager?: EntityManager): Promise<void> {
    const repository = manager ? manager.getRepository(WebhookEndpointEntity) : this.endpoints;
    const endpoints = (await repository.find({ where: { userId, disabledAt: IsNull() } })).filter((e) => (e.events as string[]).includes(event.type));
    if (!endpoints.length) return;
    // An account that left Enterprise keeps its endpoints (they deliver again if it comes back) but
    // its events go nowhere meanwhile. Asked only of accounts with endpoints; a ledger that cannot
    // answer fails the publication, which is tried again, so no event is lost or sent unpaid.
    if (this.credits.enabled && !(await this.credits.entitlements(userId)).webhooks) {
      this.logger.log({ userId, eventId }, `${event.type} not delivered: the account's plan no longer includes webhooks`);
      return;
    }
    await this.enqueue(userId, endpoints, eventId, event, manager);
  }

  /**
   * One attempt of a delivery, run by the queue's worker. A job for an attempt already made (the
   * queue delivers at least once) does nothing. Resolves the host again and refuses a private
   * address; otherwise POSTs the signed body to the checked address and records the answer.
   */
  async attempt(deliveryId: string, attempt: number): Promise<AttemptOutcome | null> {
    const delivery = await this.deliveries.findOneBy({ id: deliveryId });
    if (!delivery || delivery.status !== 'pending' || delivery.attempts >= attempt) return null;
    const endpoint = await this.endpoints.findOneBy({ id: delivery.endpointId });
    let answer: WebhookAnswer;
    if (!endpoint || endpoint.disabledAt) {
      answer = { status: null, retryAfterSeconds: null, error: 'The endpoint was removed or disabled' };
    } else {
      answer = await this.send(endpoint, delivery);
    }
    const ok = answer.status !== null && answer.status >= 200 && answer.status < 300;
    const gone = answer.status === 410 || !endpoint || !!endpoint.disabledAt;
    const delays = this.config.webhookRetryDelaysSeconds;
    let retryInSeconds: number | null = null;
    if (!ok && !gone && attempt <= delays.length) {
      // ±10 % jitter so many failing deliveries do not come back at the same instant.
      const base = delays[attempt - 1] * (0.9 + Math.random() * 0.2);
      retryInSeconds = Math.max(1, Math.round(Math.max(base, answer.retryAfterSeconds ?? 0)));
    }
    const status = ok ? 'succeeded' : retryInSeconds === null ? 'failed' : 'pending';
    // The attempt's record and the next attempt commit together: recorded alone (the queue stopped by a
    // shutdown in between), the delivery would stay pending with no attempt left to come.
    await this.deliveries.manager.transaction(async (manager) => {
      await manager.update(
        WebhookDeliveryEntity,
        { id: deliveryId },
        {
          status,
          attempts: attempt,
          lastResponseCode: answer.status,
          lastError: ok ? null : (answer.error ?? `The endpoint answered ${answer.status}`),
          lastAttemptAt: new Date(),
          nextAttemptAt: retryInSeconds === null ? null : new Date(Date.now() + retryInSeconds * 1000),
        },
      );
      if (retryInSeconds !== null) await this.queue.schedule(deliveryId, attempt + 1, retryInSeconds, manager);
    });
    if (answer.status === 410 && endpoint) {
      // Standard Webhooks: 410 Gone means the receiver wants nothing more.
      await this.endpoints.update({ id: endpoint.id }, { disabledAt: new Date() });
      this.logger.log(`Webhook endpoint ${endpoint.id} answered 410 Gone and is disabled`);
    }
    return { status, retryInSeconds };
  }

  private async send(endpoint: WebhookEndpointEntity, delivery: WebhookDeliveryEntity): Promise<WebhookAnswer> {
    const local = this.config.WEBHOOKS_LOCAL_MODE;
    let url: URL;
    let address: string;
    try {
      url = parseWebhookUrl(endpoint.url, local);
      address = await checkedAddress(url, this.resolver, local);
    } catch (error) {
      if (!(error instanceof WebhookAddressError)) throw error;
      this.logger.warn(`Webhook delivery ${delivery.id} not sent: ${error.message}`);
      return { status: null, retryAfterSeconds: null, error: error.message };
    }
    const timestamp = Math.floor(Date.now() / 1000);
    return sendWebhook({
      url,
      address,
      headers: {
        'content-type': 'application/json',
        'user-agent': USER_AGENT,
        'webhook-id': delivery.eventId,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signWebhook(endpoint.secret, delivery.eventId, timestamp, delivery.payload),
      },
      body: delivery.payload,
      timeoutMs: this.config.WEBHOOK_TIMEOUT_MS,
      maxResponseBytes: this.config.WEBHOOK_MAX_RESPONSE_BYTES,
    });
  }

  /** Stores one delivery per endpoint and queues its first attempt, in one transaction. */
  private async enqueue(userId: number, endpoints: WebhookEndpointEntity[], eventId: string, event: WebhookEvent, outer?: EntityManager): Promise<WebhookDeliveryEntity[]> {
    const payload = JSON.stringify(event);
    const inTransaction = <T>(work: (manager: EntityManager) => Promise<T>) => (outer ? work(outer) : this.deliveries.manager.transaction(work));
    return inTransaction(async (manager) => {
      const created: WebhookDeliveryEntity[] = [];
      for (const endpoint of endpoints) {
        const row: WebhookDeliveryEntity = {
          id: randomUUID(),
          eventId,
          endpointId: endpoint.id,
          userId,
          eventType: event.type,
          payload,
          status: 'pending',
          attempts: 0,
          lastResponseCode: null,
          lastError: null,
          createdAt: new Date(),
          lastAttemptAt: null,
          nextAttemptAt: new Date(),
        };
        // The same event announced twice (a job finishing on two workers) is delivered once: SQL for ON CONFLICT DO NOTHING RETURNING.
        const inserted: unknown[] = await manager.query(
          `INSERT INTO ${sqlTable(manager, WebhookDeliveryEntity)} ("id", "event_id", "endpoint_id", "user_id", "event_type", "payload", "created_at", "next_attempt_at")
           VALUES ($1, $2, $3, $4, $5, $6, $7, $7) ON CONFLICT ("event_id", "endpoint_id") DO NOTHING RETURNING "id"`,
          [row.id, eventId, endpoint.id, userId, event.type, payload, row.createdAt],
        );
        if (!inserted.length) continue;
        await this.queue.schedule(row.id, 1, 0, manager);
        created.push(row);
      }
      return created;
    });
  }

}

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- an entity class, as TypeORM's getMetadata takes it
function sqlTable(manager: EntityManager, entity: Function): string {
  return manager.connection
    .getMetadata(entity)
    .tablePath.split('.')
    .map((part) => `"${part}"`)
    .join('.');
}
