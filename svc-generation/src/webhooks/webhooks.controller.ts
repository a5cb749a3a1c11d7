import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post, UseGuards } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiForbiddenResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { WEBHOOKS_PATH, type CreatedWebhookEndpoint, type WebhookDeliveriesResponse, type WebhookEndpointsResponse } from '@vton/contracts';
import { ApiOwnRecord, CurrentUser, type AuthenticatedUser } from '@vton/service-kit';
import { CreateWebhookEndpointDto } from './create-webhook-endpoint.dto.js';
import { WebhookEndpointsService } from './webhook-endpoints.service.js';
import { WebhooksPlanGuard } from './webhooks-plan.guard.js';

/**
 * The API keys page's webhook calls. A browser sign-in only (no ApiKeyScopes): a leaked key
 * cannot point the account's events somewhere else.
 */
@ApiTags('Webhooks')
@Controller(WEBHOOKS_PATH)
export class WebhooksController {
  constructor(private readonly webhooks: WebhookEndpointsService) {}

  @Get()
  @ApiOperation({ operationId: 'listWebhookEndpoints', summary: 'List your webhook endpoints' })
  @ApiOkResponse({ description: '`{ endpoints }`, oldest first, each with its last delivery.' })
  async list(@CurrentUser() user: AuthenticatedUser): Promise<WebhookEndpointsResponse> {
    return { endpoints: await this.webhooks.list(user.id) };
  }

  @Post()
  @ApiOperation({ operationId: 'createWebhookEndpoint', summary: 'Add a webhook endpoint' })
  @ApiCreatedResponse({ description: 'The endpoint with `secret` (whsec_…): shown this once.' })
  @ApiBadRequestResponse({ description: 'Not an https URL, a URL that resolves to a private, loopback or link-local address, or no or unknown events.' })
  @ApiConflictResponse({ description: 'The account already has 5 endpoints.' })
  @ApiForbiddenResponse({ description: 'PLAN_REQUIRED: webhooks need the Enterprise plan.' })
  @UseGuards(WebhooksPlanGuard)
  create(@CurrentUser() user: AuthenticatedUser, @Body() body: CreateWebhookEndpointDto): Promise<CreatedWebhookEndpoint> {
    return this.webhooks.create(user.id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ operationId: 'deleteWebhookEndpoint', summary: 'Delete a webhook endpoint' })
  @ApiNoContentResponse({ description: 'Deleted with its deliveries; nothing more is sent to it.' })
  @ApiOwnRecord('endpoint', 'uuid')
  remove(@CurrentUser() user: AuthenticatedUser, @Param('id', new ParseUUIDPipe()) id: string): Promise<void> {
    return this.webhooks.remove(user.id, id);
  }

  @Get(':id/deliveries')
  @ApiOperation({ operationId: 'listWebhookDeliveries', summary: 'Recent deliveries to an endpoint' })
  @ApiOkResponse({ description: '`{ deliveries }`: the last 20, newest first, with status, attempts and the last response code.' })
  @ApiOwnRecord('endpoint', 'uuid')
  async deliveries(@CurrentUser() user: AuthenticatedUser, @Param('id', new ParseUUIDPipe()) id: string): Promise<WebhookDeliveriesResponse> {
    return { deliveries: await this.webhooks.listDeliveries(user.id, id) };
  }
}
