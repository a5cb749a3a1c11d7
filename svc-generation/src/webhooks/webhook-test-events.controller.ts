import { Controller, HttpCode, Param, ParseUUIDPipe, Post, UseGuards } from '@nestjs/common';
import { ApiAcceptedResponse, ApiForbiddenResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { WEBHOOKS_PATH, type WebhookDeliveryRecord } from '@vton/contracts';
import { ApiOwnRecord, CurrentUser, type AuthenticatedUser } from '@vton/service-kit';
import { WebhookDeliveries } from './webhook-deliveries.service.js';
import { WebhooksPlanGuard } from './webhooks-plan.guard.js';

/** "Send test event" on the API keys page: a browser sign-in only, like the other webhook routes. */
@ApiTags('Webhooks')
@Controller(WEBHOOKS_PATH)
export class WebhookTestEventsController {
  constructor(private readonly deliveries: WebhookDeliveries) {}

  @Post(':id/test')
  @HttpCode(202)
  @ApiOperation({ operationId: 'sendWebhookTestEvent', summary: 'Send a test event' })
  @ApiAcceptedResponse({ description: 'The `webhook.test` delivery, queued.' })
  @ApiOwnRecord('endpoint', 'uuid')
  @ApiForbiddenResponse({ description: 'PLAN_REQUIRED: webhooks need the Enterprise plan.' })
  @UseGuards(WebhooksPlanGuard)
  sendTest(@CurrentUser() user: AuthenticatedUser, @Param('id', new ParseUUIDPipe()) id: string): Promise<WebhookDeliveryRecord> {
    return this.deliveries.sendTest(user.id, id);
  }
}
