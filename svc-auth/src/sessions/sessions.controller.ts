import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { ErrorCode, REVOKED_SESSIONS_PATH, type RevokedSessionsResponse } from '@vton/contracts';
import { ApiException, Public } from '@vton/service-kit';
import { SessionsService } from './sessions.service.js';

@ApiTags('tokens')
@Controller()
export class SessionsController {
  constructor(private readonly sessions: SessionsService) {}

  /**
   * Public like the JWKS, which the other services read next to it: an ended session's id is
   * useless to anyone (its tokens no longer work), and nothing else is listed.
   */
  @Public()
  @Get(REVOKED_SESSIONS_PATH)
  @ApiQuery({ name: 'since', required: false, description: 'ISO time: only sessions ended after it' })
  @ApiOkResponse({ description: '{ revoked: [{ sessionId, expiresAt }], asOf }: ended sessions whose tokens have not expired.' })
  revoked(@Query('since') since?: string): Promise<RevokedSessionsResponse> {
    const from = since === undefined || since === '' ? undefined : new Date(since);
    if (from && (Number.isNaN(from.getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(since!))) {
      throw new ApiException(400, ErrorCode.INVALID_INPUT, 'since must be an ISO 8601 time');
    }
    return this.sessions.revokedSince(from);
  }
}
