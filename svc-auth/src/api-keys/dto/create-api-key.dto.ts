import { ApiProperty } from '@nestjs/swagger';
import { API_KEY_SCOPES, MAX_API_KEY_NAME_LENGTH, type ApiKeyScope, type CreateApiKeyRequest } from '@vton/contracts';
import { OneOrMoreOf, RequiredText } from '@vton/service-kit';
import { IsString, MaxLength } from 'class-validator';

export const API_KEY_VALIDATION = {
  nameRequired: 'Give the key a name',
  nameTooLong: `A key name can be at most ${MAX_API_KEY_NAME_LENGTH} characters`,
  scopesRequired: 'Choose at least one scope',
  unknownScope: `Scopes are ${API_KEY_SCOPES.join(', ')}`,
} as const;

export class CreateApiKeyDto implements CreateApiKeyRequest {
  @ApiProperty({ description: 'Shown on the API keys page to tell keys apart.', example: 'Shopify sync', maxLength: MAX_API_KEY_NAME_LENGTH })
  @RequiredText(MAX_API_KEY_NAME_LENGTH, { required: API_KEY_VALIDATION.nameRequired, tooLong: API_KEY_VALIDATION.nameTooLong })
  name: string;

  @ApiProperty({ enum: API_KEY_SCOPES, isArray: true, example: ['try-on', 'gallery:read'] })
  @OneOrMoreOf(API_KEY_SCOPES, { required: API_KEY_VALIDATION.scopesRequired, unknown: API_KEY_VALIDATION.unknownScope })
  scopes: ApiKeyScope[];
}

/** The body of the internal authorize call: the key travels only here, never in a URL. */
export class AuthorizeApiKeyDto {
  @IsString()
  @MaxLength(200)
  key: string;
}
