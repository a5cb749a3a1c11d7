import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { GenerationConfig } from '../config/generation.config.js';
import { WebhookResolver } from './webhook-address.js';
import { WebhookDeliveryEntity } from './webhook-delivery.entity.js';
import { WebhookEndpointEntity } from './webhook-endpoint.entity.js';
import { WebhookEndpointsService } from './webhook-endpoints.service.js';
import { WebhooksController } from './webhooks.controller.js';

/** The account's webhook endpoints: add (address checked), list with the last delivery, delete, deliveries. */
@Module({
  imports: [TypeOrmModule.forFeature([WebhookEndpointEntity, WebhookDeliveryEntity])],
  controllers: [WebhooksController],
  providers: [
    WebhookEndpointsService,
    {
      provide: WebhookResolver,
      useFactory: (config: GenerationConfig) => new WebhookResolver(config.WEBHOOK_DNS_SERVERS?.split(',') ?? []),
      inject: [GenerationConfig],
    },
  ],
  exports: [WebhookEndpointsService, WebhookResolver, TypeOrmModule],
})
export class WebhooksModule {}
