import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiExcludeController,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { API_KEY_AUTHORIZE_PATH, API_KEYS_PATH, type ApiKeyAuthorization, type ApiKeysResponse, type CreatedApiKey } from '@vton/contracts';
import { ApiOwnRecord, CurrentUser, Public, type AuthenticatedUser } from '@vton/service-kit';
import { ApiKeysService } from './api-keys.service.js';
import { AuthorizeApiKeyDto, CreateApiKeyDto } from './dto/create-api-key.dto.js';

/**
 * The API keys page's calls. Only a browser sign-in reaches them: an API key gets 403 (no
 * ApiKeyScopes), so a leaked key can never mint more keys.
 */
@ApiTags('API keys')
@ApiUnauthorizedResponse({ description: 'No valid sign-in.' })
@ApiForbiddenResponse({ description: 'Called with an API key: keys are managed from a browser sign-in only.' })
@Controller(API_KEYS_PATH)
export class ApiKeysController {
  constructor(private readonly apiKeys: ApiKeysService) {}

  @Get()
  @ApiOperation({ summary: 'List your API keys', operationId: 'listApiKeys' })
  @ApiOkResponse({ description: '`{ keys }`: active keys, newest first, each with its prefix only.' })
  async list(@CurrentUser() user: AuthenticatedUser): Promise<ApiKeysResponse> {
    return { keys: await this.apiKeys.list(user.id) };
  }

  @Post()
  @ApiOperation({ summary: 'Create an API key', operationId: 'createApiKey' })
  @ApiCreatedResponse({ description: 'The key with `key` in full: shown this once, never again.' })
  @ApiBadRequestResponse({ description: 'No name, or no or unknown scopes.' })
  @ApiConflictResponse({ description: 'The account already has the most keys it may have.' })
  create(@CurrentUser() user: AuthenticatedUser, @Body() body: CreateApiKeyDto): Promise<CreatedApiKey> {
    return this.apiKeys.create(user.id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Revoke an API key', operationId: 'revokeApiKey' })
  @ApiNoContentResponse({ description: 'Revoked: the key stops working on every service at once.' })
  @ApiOwnRecord('active key', 'uuid')
  revoke(@CurrentUser() user: AuthenticatedUser, @Param('id', new ParseUUIDPipe()) id: string): Promise<void> {
    return this.apiKeys.revoke(user.id, id);
  }
}

/**
 * What every other service asks about a key on each request made with one. Outside /api, so the
 * gateway and the ingress never route it; the other services reach svc-auth directly.
 */
@ApiExcludeController()
@Public()
@Controller()
export class ApiKeysAuthorizeController {
  constructor(private readonly apiKeys: ApiKeysService) {}

  @Post(API_KEY_AUTHORIZE_PATH)
  @HttpCode(200)
  authorize(@Body() body: AuthorizeApiKeyDto): Promise<ApiKeyAuthorization> {
    return this.apiKeys.authorize(body.key);
  }
}
