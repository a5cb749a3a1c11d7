import { Body, Controller, Get, HttpCode, Logger, Param, Post, Query, Req, Res, UseInterceptors } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiProduces,
  ApiQuery,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { RunsPage, TryOnRun } from '@vton/contracts';
import { ApiKeyScopes, ApiOwnRecord, ApiPageQuery, ApiRecordIdRule, ApiResult, CurrentUser, pageSize, RecordIdPipe, RetryAfterInterceptor, type AuthenticatedUser, type PageSizes } from '@vton/service-kit';
import type { Request, Response } from 'express';
import { Readable } from 'node:stream';
import type { CellRow } from '../jobs/run-store.js';
import { ApiQueuesTryOns } from '../http/api-queues-try-ons.js';
import { MediaNotFoundError } from '../media/media-client.js';
import { RESULT_FILES_PATH, ResultFilesService } from '../results/result-files.service.js';
import { callerOf } from '../media/caller.js';
import { StartRunDto } from './dto/start-run.dto.js';
import { writeRunArchive } from './run-archive.js';
import { RunsService } from './runs.service.js';

const PAGE_SIZES: PageSizes = { default: 20, max: 100 };
const PAYMENT = 'INSUFFICIENT_CREDITS: "This try-on needs N credits; you have M left." (one credit per cell that runs); PLAN_REQUIRED: the free trial has ended. Nothing was queued.';
const TOO_MANY_CELLS = 'The account would have more than MAX_RUN_CELLS run cells waiting; see Retry-After.';

@ApiTags('Catalogue runs')
@ApiKeyScopes('try-on')
@Controller('/api/try-on/runs')
@UseInterceptors(RetryAfterInterceptor)
export class RunsController {
  private readonly logger = new Logger('CatalogueRuns');

  constructor(
    private readonly runs: RunsService,
    private readonly resultFiles: ResultFilesService,
  ) {}

  @Post()
  @ApiOperation({
    operationId: 'startRun',
    summary: 'Start a catalogue run',
    description:
      'Every product on every model photo: one cell per pair, each a queued try-on like a job\'s model (same queue, fairness and retries; one credit per cell that runs). Each product is tried on with its own category (the product library\'s) and the model photo\'s mask for that category; a model photo without one gets a `skipped` cell saying why. At most MAX_RUN_CELLS cells (500 by default). Follow it with `GET /api/try-on/runs/{id}` or a `run.completed` webhook; download everything with `GET /api/try-on/runs/{id}/archive`.',
  })
  @ApiResult('TryOnRun', { status: 201, description: 'The run: its cells `queued` (a worker may have started some) or `skipped`.' })
  @ApiBadRequestResponse({ description: 'An invalid body; more cells than MAX_RUN_CELLS; a product not cropped; a prompt for a product not in the run.' })
  @ApiNotFoundResponse({ description: 'A product or a model photo is not yours or does not exist.' })
  @ApiQueuesTryOns(TOO_MANY_CELLS, PAYMENT)
  @ApiServiceUnavailableResponse({ description: 'svc-media is unreachable.' })
  create(@CurrentUser() user: AuthenticatedUser, @Body() request: StartRunDto, @Req() req: Request): Promise<TryOnRun> {
    return this.runs.create(callerOf(user, req), request);
  }

  @Get()
  @ApiOperation({ operationId: 'listRuns', summary: 'List your catalogue runs', description: 'Newest first, each with its counts per state (no cells).' })
  @ApiPageQuery(PAGE_SIZES)
  @ApiResult('RunsPage', { description: 'One page of runs.' })
  list(@CurrentUser() user: AuthenticatedUser, @Query('limit') limit?: string, @Query('cursor') cursor?: string): Promise<RunsPage> {
    return this.runs.list(user.id, pageSize(limit, PAGE_SIZES), cursor || undefined);
  }

  @Get(':id')
  @ApiOperation({ operationId: 'getRun', summary: 'Get a catalogue run', description: 'The run with every cell (products × model photos), as the grid fills: state, result (signed URLs) and error.' })
  @ApiResult('TryOnRun', { description: 'The run.' })
  @ApiOwnRecord('run')
  async get(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string, @Req() req: Request): Promise<TryOnRun> {
    return this.runs.withFreshUrls(callerOf(user, req), await this.runs.get(user.id, id));
  }

  @Post(':id/cells/:cellId/retry')
  @HttpCode(200)
  @ApiOperation({ operationId: 'retryRunCell', summary: 'Retry one cell of a run', description: 'A failed, skipped (once the model photo has the mask) or cancelled cell runs again, as a new run of its model.' })
  @ApiResult('TryOnRun', { description: 'The run with the cell queued again.' })
  @ApiRecordIdRule('cell id')
  @ApiNotFoundResponse({ description: 'No such run of yours, or no such cell in it.' })
  @ApiConflictResponse({ description: 'The cell has not failed, been skipped or cancelled; or its model photo still has no mask for the product\'s category.' })
  @ApiQueuesTryOns('The account has MAX_RUN_CELLS run cells waiting; see Retry-After.', PAYMENT)
  retryCell(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string, @Param('cellId', RecordIdPipe) cellId: number, @Req() req: Request): Promise<TryOnRun> {
    return this.runs.retryCell(callerOf(user, req), id, cellId);
  }

  @Post(':id/retry-failed')
  @HttpCode(200)
  @ApiOperation({ operationId: 'retryFailedRunCells', summary: 'Retry every failed cell of a run' })
  @ApiResult('TryOnRun', { description: 'The run with its failed cells queued again (none failed: the run as it is).' })
  @ApiOwnRecord('run')
  @ApiQueuesTryOns(TOO_MANY_CELLS, PAYMENT)
  retryFailed(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string, @Req() req: Request): Promise<TryOnRun> {
    return this.runs.retryFailed(callerOf(user, req), id);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @ApiOperation({ operationId: 'cancelRun', summary: 'Cancel the rest of a run', description: 'Cells not finished yet become `canceled` (queued ones are withdrawn, running ones stopped) and their credits are released; finished cells keep their results.' })
  @ApiResult('TryOnRun', { description: 'The run, complete.' })
  @ApiOwnRecord('run')
  cancel(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string, @Req() req: Request): Promise<TryOnRun> {
    return this.runs.cancel(callerOf(user, req), id);
  }

  /** A ZIP streamed as it is written: nothing is held whole, in memory or on disk. */
  @Get(':id/archive')
  @ApiOperation({
    operationId: 'downloadRunArchive',
    summary: 'Download a run as one ZIP',
    description:
      'Every succeeded cell\'s result at full resolution, named `<product>__<model>.png` from the product\'s name and the model photo\'s file name (made safe and unique), plus `manifest.csv` (product, model, category, state, file, error) with every cell. Streamed as it is written. Also takes `?access_token=` (a download link cannot send headers).',
  })
  @ApiProduces('application/zip')
  @ApiQuery({ name: 'access_token', required: false, description: 'The token or API key, for a plain download link.', schema: { type: 'string' } })
  @ApiResult(null, { description: 'The ZIP.', mediaType: 'application/zip' })
  @ApiOwnRecord('run')
  async archive(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const caller = callerOf(user, req);
    const { run, cells, garments, models } = await this.runs.archiveContents(caller, id);
    const succeeded = cells.filter((c) => c.state === 'succeeded' && c.result);
    const signed = await this.runs.signedResults(caller, succeeded.map((c) => c.result!));
    const gone = new AbortController();
    res.once('close', () => gone.abort());
    res.status(200);
    res.setHeader('content-type', 'application/zip');
    res.setHeader('content-disposition', `attachment; filename="catalogue-run-${run.id.slice(0, 8)}.zip"`);
    try {
      await writeRunArchive(res, { cells, garments, models, createdAt: new Date(run.createdAt) }, (cell) => this.openResult(cell, signed), gone.signal);
    } catch (error) {
      if (!gone.signal.aborted) this.logger.error({ runId: id }, `Run ${id}: the archive could not be finished, the download is cut: ${(error as Error).message}`);
      res.destroy();
    }
  }

  /** A result's bytes from where it is kept: the gallery (svc-media, by a freshly signed URL), this service's fallback store, or inline. */
  private async openResult(cell: CellRow, signed: Map<number, string>): Promise<Readable | null> {
    const result = cell.result!;
    if (result.savedImage) {
      const url = signed.get(result.savedImage.id);
      if (!url) return null;
      try {
        return await this.runs.resultStream(url);
      } catch (error) {
        if (error instanceof MediaNotFoundError) return null;
        throw error;
      }
    }
    if (result.imageUrl.startsWith(`${RESULT_FILES_PATH}/`)) {
      const url = new URL(result.imageUrl, 'http://local');
      const png = await this.resultFiles.find(url.pathname.slice(RESULT_FILES_PATH.length + 1), url.searchParams.get('key') ?? '');
      return png ? Readable.from([png]) : null;
    }
    const inline = /^data:image\/png;base64,(.*)$/.exec(result.imageUrl)?.[1];
    return inline ? Readable.from([Buffer.from(inline, 'base64')]) : null;
  }
}
