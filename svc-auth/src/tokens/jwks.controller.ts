import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { JWKS_PATH } from '@vton/contracts';
import { Public } from '@vton/service-kit';
import { SigningKeys } from './signing-keys.js';

@ApiTags('tokens')
@Controller()
export class JwksController {
  constructor(private readonly keys: SigningKeys) {}

  @Public()
  @Get(JWKS_PATH)
  @Header('Cache-Control', 'public, max-age=300')
  @ApiOperation({ operationId: 'jwks', summary: 'Token signing keys (JWKS)' })
  @ApiOkResponse({ description: 'The public keys that verify svc-auth tokens (ES256).' })
  jwks() {
    return this.keys.jwks();
  }
}
