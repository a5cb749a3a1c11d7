import { Body, Controller, Get, HttpCode, Param, Post, Req, Res, UseInterceptors } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOperation, ApiProduces, ApiQuery, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { TryOnJob, TryOnResult } from '@vton/contracts';
import { ApiKeyScopes, ApiOwnRecord, ApiRecordIdRule, ApiResult, CurrentUser, RecordIdPipe, RetryAfterInterceptor, type AuthenticatedUser } from '@vton/service-kit';
import type { Request, Response } from 'express';
import { ApiQueuesTryOns } from '../http/api-queues-try-ons.js';
import { GenerationMetrics } from '../metrics/generation-metrics.js';
import { callerOf } from '../media/caller.js';
import { GenerateTryOnDto } from './dto/generate-try-on.dto.js';
import { JobEvents } from './job-events.js';
import { JobsService } from './jobs.service.js';

const KEEPALIVE_MS = 15_000;

@ApiTags('Try-on jobs')
@ApiKeyScopes('try-on')
@Controller('/api/try-on/jobs')
@UseInterceptors(RetryAfterInterceptor)
export class JobsController {
  constructor(
    private readonly jobs: JobsService,
    private readonly jobEvents: JobEvents,
    private readonly metrics: GenerationMetrics,
  ) {}

  @Post()
  @ApiOperation({
    operationId: 'startJob',
    summary: 'Start a try-on job',
    description: 'Queues one try-on per ready model photo and answers at once; follow it with `GET /api/try-on/jobs/{id}`, its event stream, or a `job.completed` webhook.',
  })
  @ApiResult('TryOnJob', { status: 201, description: 'The job, every model `queued`.' })
  @ApiBadRequestResponse({ description: 'An invalid body; an uncropped garment; no ready models; a model without a mask.' })
  @ApiNotFoundResponse({ description: 'The garment or a model photo is not yours or does not exist.' })
  @ApiServiceUnavailableResponse({ description: 'svc-media is unreachable.' })
  @ApiQueuesTryOns('The account has MAX_QUEUED_MODELS_PER_ACCOUNT models waiting, or the API key is over its rate; see Retry-After.')
  create(@CurrentUser() user: AuthenticatedUser, @Body() request: GenerateTryOnDto, @Req() req: Request): Promise<TryOnJob> {
    return this.jobs.create(callerOf(user, req), request);
  }

  // Before ':id', which would take "latest" for a job id.
  @Get('latest')
  @ApiOperation({ operationId: 'getLatestJob', summary: 'Get your most recent try-on job', description: 'The job you started last with a Try on (not a product of a catalogue run), as `GET /api/try-on/jobs/{id}` answers it (the studio shows its results again after a reload).' })
  @ApiResult('TryOnJob', { description: 'Your most recent job; saved results carry freshly signed URLs.' })
  @ApiNoContentResponse({ description: 'You have not started a job yet (no body).' })
  async latest(@CurrentUser() user: AuthenticatedUser, @Req() req: Request, @Res() res: Response): Promise<void> {
    const job = await this.jobs.latest(user.id);
    // "No job yet" is a normal answer, not an error: a 404 here was printed in red in the
    // browser's console on every new seller's first visit to the studio.
    if (!job) {
      res.status(204).end();
      return;
    }
    res.status(200).json(await this.jobs.withFreshUrls(callerOf(user, req), job));
  }

  @Get(':id')
  @ApiOperation({ operationId: 'getJob', summary: 'Get a try-on job' })
  @ApiResult('TryOnJob', { description: 'The job; saved results carry freshly signed URLs.' })
  @ApiOwnRecord('job')
  async get(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string, @Req() req: Request): Promise<TryOnJob> {
    return this.jobs.withFreshUrls(callerOf(user, req), await this.jobs.get(user.id, id));
  }

  @Post(':id/models/:modelId/retry')
  @HttpCode(200)
  @ApiOperation({ operationId: 'retryModel', summary: 'Retry a failed model of a job' })
  @ApiResult('TryOnJob', { description: 'The job with the model queued again.' })
  @ApiRecordIdRule('model id')
  @ApiNotFoundResponse({ description: 'No such job of yours, or no such model in it.' })
  @ApiConflictResponse({ description: 'The model has not failed.' })
  @ApiQueuesTryOns('The account has MAX_QUEUED_MODELS_PER_ACCOUNT models waiting; see Retry-After.')
  retry(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string, @Param('modelId', RecordIdPipe) modelId: number, @Req() req: Request): Promise<TryOnJob> {
    return this.jobs.retry(callerOf(user, req), id, modelId);
  }

  /** Server-sent events: a `job` event with the whole TryOnJob now and after every change. */
  @Get(':id/events')
  @ApiOperation({ operationId: 'followJob', summary: 'Follow a try-on job (server-sent events)' })
  @ApiProduces('text/event-stream')
  @ApiQuery({ name: 'access_token', required: false, description: 'The token or API key, for EventSource (which cannot send headers).', schema: { type: 'string' } })
  @ApiResult(null, { description: '`event: job` with `data:` the whole TryOnJob, now and after each change; `: ping` comments keep the connection open.', mediaType: 'text/event-stream' })
  @ApiOwnRecord('job')
  async events(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    // Watched from the start: a reader that leaves during the first read (the re-sign may take
    // seconds) must not leave a subscription and timers behind.
    const gone = new AbortController();
    const leave = () => gone.abort();
    res.once('close', leave);
    if (res.destroyed || req.destroyed || req.socket.destroyed) gone.abort();
    let first: TryOnJob;
    try {
      first = await this.jobs.withFreshUrls(callerOf(user, req), await this.jobs.get(user.id, id), gone.signal);
    } catch (error) {
      res.off('close', leave);
      throw error;
    }
    if (gone.signal.aborted) return;
    // Later snapshots are read from the database with the URLs stored at save time: results
    // re-signed for the first message keep their fresh URLs (by result id) in every message.
    const fresh = new Map<string, TryOnResult>();
    for (const model of first.models) if (model.result) fresh.set(model.result.id, model.result);
    const withFresh = (job: TryOnJob): TryOnJob => ({
      ...job,
      models: job.models.map((m) => (m.result && fresh.has(m.result.id) ? { ...m, result: fresh.get(m.result.id)! } : m)),
    });
    res.status(200);
    res.setHeader('content-type', 'text/event-stream; charset=utf-8');
    res.setHeader('cache-control', 'no-cache, no-transform');
    res.setHeader('connection', 'keep-alive');
    res.setHeader('x-accel-buffering', 'no');
    res.flushHeaders();
    req.socket.setNoDelay(true);

    let lastData = '';
    let lastUpdatedAt = '';
    const send = (snapshot: TryOnJob) => {
      const job = withFresh(snapshot);
      // A snapshot read before a newer one may arrive after it: never go back.
      if (job.updatedAt < lastUpdatedAt) return;
      const data = JSON.stringify(job);
      if (data === lastData) return;
      lastData = data;
      lastUpdatedAt = job.updatedAt;
      res.write(`event: job\ndata: ${data}\n\n`);
    };
    // Changes are announced by whichever process made them (a worker, another API replica) through
    // Postgres NOTIFY; a change made between the first read and this subscription is caught by re-reading once.
    const unsubscribe = this.jobEvents.subscribe(id, send);
    send(first);
    void this.jobEvents.publish(id);
    this.metrics.eventStreams.inc();
    const keepalive = setInterval(() => res.write(': ping\n\n'), KEEPALIVE_MS);
    gone.signal.addEventListener(
      'abort',
      () => {
        unsubscribe();
        clearInterval(keepalive);
        this.metrics.eventStreams.dec();
      },
      { once: true },
    );
  }
}
