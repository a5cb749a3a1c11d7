import { Body, Controller, HttpCode, Post, Req, Res, UseInterceptors } from '@nestjs/common';
import { ApiBadRequestResponse, ApiInternalServerErrorResponse, ApiNotFoundResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { GenerateResponse } from '@vton/contracts';
import { ApiKeyScopes, ApiResult, CurrentUser, RetryAfterInterceptor, type AuthenticatedUser } from '@vton/service-kit';
import type { Request, Response } from 'express';
import { ApiQueuesTryOns } from '../http/api-queues-try-ons.js';
import { JobsService } from './jobs.service.js';
import { callerOf } from '../media/caller.js';
import { GenerateTryOnDto } from './dto/generate-try-on.dto.js';

@ApiTags('Try-on')
@ApiKeyScopes('try-on')
@Controller()
export class GenerateController {
  constructor(private readonly jobs: JobsService) {}

  /** Spec §7's call: the models go through the queue like a job's, and the answer waits for all of them. */
  @Post('/api/try-on/generate')
  @HttpCode(200)
  @UseInterceptors(RetryAfterInterceptor)
  @ApiOperation({
    operationId: 'generateTryOn',
    summary: 'Try on and wait for every result',
    description: 'Runs every ready model photo at once and answers when all are done (spec §7). For long batches prefer a job (`POST /api/try-on/jobs`) and a webhook.',
  })
  @ApiResult('GenerateResponse', { description: 'One result per model that succeeded (partial success is kept).' })
  @ApiBadRequestResponse({ description: '`issues` for an invalid body; INVALID_INPUT for "No ready models available", "Model {id} does not have inpaint mask data", an uncropped garment.' })
  @ApiNotFoundResponse({ description: 'Garment or model not found (or not yours).' })
  @ApiQueuesTryOns('The account has MAX_QUEUED_MODELS_PER_ACCOUNT models waiting; see Retry-After.')
  @ApiInternalServerErrorResponse({ description: 'BATCH_VTON_FAILED: "All VTON requests failed: …" with `details.failures`.' })
  @ApiServiceUnavailableResponse({ description: 'svc-media is unreachable, or no model succeeded while our media storage stayed down past the job’s time limit (`details.failures` with SERVICE_UNAVAILABLE); see Retry-After.' })
  async generate(
    @CurrentUser() user: AuthenticatedUser,
    @Body() request: GenerateTryOnDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<GenerateResponse> {
    // A caller who hung up wants nothing more: its models still queued or running are stopped.
    const abandoned = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) abandoned.abort();
    });
    return this.jobs.generate(callerOf(user, req), request, abandoned.signal);
  }
}
