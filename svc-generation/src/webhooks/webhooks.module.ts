import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { GenerationConfig } from '../config/generation.config.js';
import { CreditsModule } from '../credits/credits.module.js';
import { QueueModule } from '../queue/queue.module.js';
import { WebhookResolver } from './webhook-address.js';
import { WebhookDeliveries, WEBHOOK_DELIVERY_QUEUE } from './webhook-deliveries.service.js';
import { WebhookDeliveryEntity } from './webhook-delivery.entity.js';
import { WebhookEndpointEntity } from './webhook-endpoint.entity.js';
import { WebhookEndpointsService } from './webhook-endpoints.service.js';
import { WebhookEventEntity } from './webhook-event.entity.js';
import { WebhookEventPublisher } from './webhook-events.publisher.js';
import { PgBossWebhookQueue } from './webhook-queue.js';
import { WebhooksController } from './webhooks.controller.js';
import { WebhooksPlanGuard } from './webhooks-plan.guard.js';

/**
 * The account's webhook endpoints: add (address checked), list with the last delivery, delete, deliveries;
 * the deliveries and their attempts, and the outbox of try-on events they are made from.
 */
@Module({
  imports: [TypeOrmModule.forFeature([WebhookEndpointEntity, WebhookDeliveryEntity, WebhookEventEntity]), QueueModule, CreditsModule],
  controllers: [WebhooksController],
  providers: [
    WebhookEndpointsService,
    {
      provide: WebhookResolver,
      useFactory: (config: GenerationConfig) => new WebhookResolver(config.WEBHOOK_DNS_SERVERS?.split(',') ?? []),
      inject: [GenerationConfig],
    },
    WebhookDeliveries,
    { provide: WEBHOOK_DELIVERY_QUEUE, useClass: PgBossWebhookQueue },
    WebhookEventPublisher,
    WebhooksPlanGuard,
  ],
  exports: [WebhookEndpointsService, WebhookResolver, WebhookDeliveries, WebhookEventPublisher, WebhooksPlanGuard, CreditsModule],
})
export class WebhooksModule {}
