import { ApiProperty } from '@nestjs/swagger';
import { MAX_WEBHOOK_URL_LENGTH, WEBHOOK_EVENT_TYPES, type CreateWebhookEndpointRequest, type WebhookEventType } from '@vton/contracts';
import { OneOrMoreOf, RequiredText } from '@vton/service-kit';

export const WEBHOOK_VALIDATION = {
  urlRequired: 'Enter the URL of your endpoint',
  urlTooLong: `A webhook URL can be at most ${MAX_WEBHOOK_URL_LENGTH} characters`,
  eventsRequired: 'Choose at least one event',
  unknownEvent: `Events are ${WEBHOOK_EVENT_TYPES.join(', ')}`,
} as const;

export class CreateWebhookEndpointDto implements CreateWebhookEndpointRequest {
  @ApiProperty({ example: 'https://shop.example/webhooks/vton', maxLength: MAX_WEBHOOK_URL_LENGTH })
  @RequiredText(MAX_WEBHOOK_URL_LENGTH, { required: WEBHOOK_VALIDATION.urlRequired, tooLong: WEBHOOK_VALIDATION.urlTooLong })
  url: string;

  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES, isArray: true, example: ['job.completed', 'job.failed'] })
  @OneOrMoreOf(WEBHOOK_EVENT_TYPES, { required: WEBHOOK_VALIDATION.eventsRequired, unknown: WEBHOOK_VALIDATION.unknownEvent })
  events: WebhookEventType[];
}
