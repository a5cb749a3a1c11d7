import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import type { ApiKeyScope } from '@vton/contracts';

export const API_KEY_SCOPES_METADATA = 'vton:apiKeyScopes';
/** Where an operation's scopes are noted in the OpenAPI document (turned into its `security`). */
export const API_KEY_SCOPES_EXTENSION = 'x-api-key-scopes';

/**
 * Lets personal API keys call a route (or every route of a controller) when they hold one of
 * `scopes`. Routes without it are for the browser's sign-in only: a key gets 403 there.
 */
export const ApiKeyScopes = (...scopes: [ApiKeyScope, ...ApiKeyScope[]]) =>
  applyDecorators(SetMetadata(API_KEY_SCOPES_METADATA, scopes), ApiExtension(API_KEY_SCOPES_EXTENSION, scopes));
