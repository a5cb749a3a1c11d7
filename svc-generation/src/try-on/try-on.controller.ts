import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiInternalServerErrorResponse, ApiNotFoundResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { GenerateResponse } from '@vton/contracts';
import { ApiKeyScopes, ApiResult, CurrentUser, type AuthenticatedUser } from '@vton/service-kit';
import type { Request, Response } from 'express';
import { callerOf } from './caller.js';
import { GenerateTryOnDto } from './dto/generate-try-on.dto.js';
import { TryOnService } from './try-on.service.js';

@ApiTags('Try-on')
@ApiKeyScopes('try-on')
@Controller()
export class TryOnController {
  constructor(private readonly tryOn: TryOnService) {}

  @Post('/api/try-on/generate')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'generateTryOn',
    summary: 'Try on and wait for every result',
    description: 'Runs every ready model photo at once and answers when all are done (spec §7). For long batches prefer a job (`POST /api/try-on/jobs`) and a webhook.',
  })
  @ApiResult('GenerateResponse', { description: 'One result per model that succeeded (partial success is kept).' })
  @ApiBadRequestResponse({ description: '`issues` for an invalid body; INVALID_INPUT for "No ready models available", "Model {id} does not have inpaint mask data", an uncropped garment.' })
  @ApiNotFoundResponse({ description: 'Garment or model not found (or not yours).' })
  @ApiInternalServerErrorResponse({ description: 'BATCH_VTON_FAILED: "All VTON requests failed: …" with `details.failures`.' })
  @ApiServiceUnavailableResponse({ description: 'The try-on engine is not configured, or svc-media is unreachable.' })
  async generate(
    @CurrentUser() user: AuthenticatedUser,
    @Body() request: GenerateTryOnDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<GenerateResponse> {
    // A caller who hung up wants nothing more: stop the VTON calls still waiting or running.
    const abandoned = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) abandoned.abort();
    });
    return this.tryOn.generate(callerOf(user, req), request, abandoned.signal);
  }
}
