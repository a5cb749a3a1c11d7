import { ApiProperty } from '@nestjs/swagger';
import { MAX_WEBHOOK_URL_LENGTH, WEBHOOK_EVENT_TYPES, type CreateWebhookEndpointRequest, type WebhookEventType } from '@vton/contracts';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';

export const WEBHOOK_VALIDATION = {
  urlRequired: 'Enter the URL of your endpoint',
  urlTooLong: `A webhook URL can be at most ${MAX_WEBHOOK_URL_LENGTH} characters`,
  eventsRequired: 'Choose at least one event',
  unknownEvent: `Events are ${WEBHOOK_EVENT_TYPES.join(', ')}`,
} as const;

export class CreateWebhookEndpointDto implements CreateWebhookEndpointRequest {
  @ApiProperty({ example: 'https://shop.example/webhooks/vton', maxLength: MAX_WEBHOOK_URL_LENGTH })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: WEBHOOK_VALIDATION.urlRequired })
  @IsNotEmpty({ message: WEBHOOK_VALIDATION.urlRequired })
  @MaxLength(MAX_WEBHOOK_URL_LENGTH, { message: WEBHOOK_VALIDATION.urlTooLong })
  url: string;

  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES, isArray: true, example: ['job.completed', 'job.failed'] })
  @IsArray({ message: WEBHOOK_VALIDATION.eventsRequired })
  @ArrayNotEmpty({ message: WEBHOOK_VALIDATION.eventsRequired })
  @ArrayMaxSize(WEBHOOK_EVENT_TYPES.length, { message: WEBHOOK_VALIDATION.unknownEvent })
  @IsIn(WEBHOOK_EVENT_TYPES, { each: true, message: WEBHOOK_VALIDATION.unknownEvent })
  events: WebhookEventType[];
}
