import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  ErrorCode,
  MAX_WEBHOOK_ENDPOINTS_PER_ACCOUNT,
  WEBHOOK_ERRORS,
  type CreatedWebhookEndpoint,
  type CreateWebhookEndpointRequest,
  type WebhookDeliveryRecord,
  type WebhookEndpointRecord,
} from '@vton/contracts';
import { ApiException } from '@vton/service-kit';
import { randomUUID } from 'node:crypto';
import type { Repository } from 'typeorm';
import { GenerationConfig } from '../config/generation.config.js';
import { asBadRequest, checkedAddress, parseWebhookUrl, WebhookResolver } from './webhook-address.js';
import { WebhookDeliveryEntity } from './webhook-delivery.entity.js';
import { WebhookEndpointEntity } from './webhook-endpoint.entity.js';
import { newWebhookSecret } from './webhook-signature.js';
import { toDeliveryRecord } from './webhook-records.js';

const DELIVERIES_LISTED = 20;

/**
 * The account's webhook endpoints (the API keys page): at most 5, HTTPS (http://localhost only in
 * local mode), refused when the host resolves to a private, loopback or link-local address. The
 * signing secret is returned once, when the endpoint is added.
 */
@Injectable()
export class WebhookEndpointsService {
  constructor(
    @InjectRepository(WebhookEndpointEntity) private readonly endpoints: Repository<WebhookEndpointEntity>,
    @InjectRepository(WebhookDeliveryEntity) private readonly deliveries: Repository<WebhookDeliveryEntity>,
    private readonly config: GenerationConfig,
    private readonly resolver: WebhookResolver,
  ) {}

  async create(userId: number, request: CreateWebhookEndpointRequest): Promise<CreatedWebhookEndpoint> {
    if ((await this.endpoints.countBy({ userId })) >= MAX_WEBHOOK_ENDPOINTS_PER_ACCOUNT) {
      throw new ApiException(409, ErrorCode.CONFLICT, WEBHOOK_ERRORS.tooMany);
    }
    try {
      const url = parseWebhookUrl(request.url, this.config.WEBHOOKS_LOCAL_MODE);
      await checkedAddress(url, this.resolver, this.config.WEBHOOKS_LOCAL_MODE);
    } catch (error) {
      throw asBadRequest(error);
    }
    const row: WebhookEndpointEntity = {
      id: randomUUID(),
      userId,
      url: request.url,
      events: [...new Set(request.events)],
      secret: newWebhookSecret(),
      createdAt: new Date(),
      disabledAt: null,
    };
    await this.endpoints.insert(row);
    return { ...toEndpointRecord(row, null), secret: row.secret };
  }

  async list(userId: number): Promise<WebhookEndpointRecord[]> {
    const rows = await this.endpoints.find({ where: { userId }, order: { createdAt: 'ASC' } });
    const latest = rows.length
      ? await this.deliveries
          .createQueryBuilder('d')
          .distinctOn(['d.endpoint_id'])
          .where('d.endpoint_id IN (:...ids)', { ids: rows.map((r) => r.id) })
          .orderBy('d.endpoint_id')
          .addOrderBy('d.created_at', 'DESC')
          .getMany()
      : [];
    const byEndpoint = new Map(latest.map((d) => [d.endpointId, toDeliveryRecord(d)]));
    return rows.map((row) => toEndpointRecord(row, byEndpoint.get(row.id) ?? null));
  }

  async remove(userId: number, id: string): Promise<void> {
    const result = await this.endpoints.delete({ id, userId });
    if (!result.affected) throw new ApiException(404, ErrorCode.NOT_FOUND, WEBHOOK_ERRORS.notFound);
  }

  async listDeliveries(userId: number, endpointId: string): Promise<WebhookDeliveryRecord[]> {
    await this.endpointOf(userId, endpointId);
    const rows = await this.deliveries.find({ where: { endpointId }, order: { createdAt: 'DESC' }, take: DELIVERIES_LISTED });
    return rows.map(toDeliveryRecord);
  }

  /** One endpoint of the account; 404 for anyone else's. */
  async endpointOf(userId: number, id: string): Promise<WebhookEndpointEntity> {
    const endpoint = await this.endpoints.findOneBy({ id, userId });
    if (!endpoint) throw new ApiException(404, ErrorCode.NOT_FOUND, WEBHOOK_ERRORS.notFound);
    return endpoint;
  }
}

function toEndpointRecord(row: WebhookEndpointEntity, lastDelivery: WebhookDeliveryRecord | null): WebhookEndpointRecord {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    createdAt: row.createdAt.toISOString(),
    disabledAt: row.disabledAt ? row.disabledAt.toISOString() : null,
    lastDelivery,
  };
}
