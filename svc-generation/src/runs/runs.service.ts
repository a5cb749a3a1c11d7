import { Injectable, Logger } from '@nestjs/common';
import { ErrorCode, GARMENT_CATEGORY_LABELS, type GarmentRecord, type ModelPhotoRecord, type RunsPage, type TryOnResult, type TryOnRun } from '@vton/contracts';
import { ApiException } from '@vton/service-kit';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { GenerationConfig } from '../config/generation.config.js';
import { creditNote } from '../credits/credit-holds.js';
import { CreditReservations } from '../credits/credit-reservations.js';
import { CreditSettler } from '../credits/credit-settler.js';
import { CreditsClient } from '../credits/credits-client.js';
import { countingRefusals, type ModelError, type RequeuedModel, type RunJobPlan } from '../jobs/job-store.js';
import { RunStore, type CellRow } from '../jobs/run-store.js';
import { MediaClient, type Caller } from '../media/media-client.js';
import { GenerationMetrics } from '../metrics/generation-metrics.js';
import { JobQueue } from '../queue/job-queue.js';
import { maskOf, JobPlanner } from '../jobs/job-planner.js';
import { WebhookEventPublisher } from '../webhooks/webhook-events.publisher.js';
import type { StartRunDto } from './dto/start-run.dto.js';

/** A skipped cell's error code: the model photo has no approved mask for the product's category. */
export const MASK_MISSING = 'MASK_MISSING';
/** A cancelled cell's error code. */
export const CANCELED = 'CANCELED';
const CANCELED_ERROR: ModelError = { code: CANCELED, message: 'Cancelled by the seller before it finished' };
/** Products read from svc-media at once while a run is planned. */
const GARMENT_READS = 8;
/** A stored result URL that stays valid longer than this is served as it is; others are signed again. */
const FRESH_FOR_MS = 15 * 60 * 1000;
const RESIGN_TIMEOUT_MS = 5000;

/** Why a cell is skipped, in the seller's words. */
export function maskMissing(model: Pick<ModelPhotoRecord, 'filename'>, category: GarmentRecord['category']): ModelError {
  return { code: MASK_MISSING, message: `Model photo "${model.filename}" has no approved mask for ${GARMENT_CATEGORY_LABELS[category]}` };
}

/**
 * Catalogue runs, the API side: a run is checked with the seller's token (every product theirs and
 * cropped, every model photo theirs), its cells' credits are reserved, and its products are queued
 * as jobs of the one queue, all in one transaction; the workers run the cells like any model.
 */
@Injectable()
export class RunsService {
  private readonly logger = new Logger('CatalogueRuns');

  constructor(
    private readonly config: GenerationConfig,
    private readonly runs: RunStore,
    private readonly planner: JobPlanner,
    private readonly media: MediaClient,
    private readonly queue: JobQueue,
    private readonly credits: CreditsClient,
    private readonly reservations: CreditReservations,
    private readonly settler: CreditSettler,
    private readonly metrics: GenerationMetrics,
    private readonly webhooks: WebhookEventPublisher,
  ) {}

  /** POST /api/try-on/runs */
  async create(caller: Caller, request: StartRunDto): Promise<TryOnRun> {
    const garmentIds = [...new Set(request.garmentIds)];
    const modelIds = [...new Set(request.modelIds)];
    const cells = garmentIds.length * modelIds.length;
    const max = this.config.MAX_RUN_CELLS;
    if (cells > max) {
      throw new ApiException(
        400,
        ErrorCode.INVALID_INPUT,
        `A run may have at most ${max} cells (products × model photos); this one has ${cells} (${garmentIds.length} × ${modelIds.length}). Split it into smaller runs.`,
      );
    }
    const prompts = new Map<number, string>();
    for (const override of request.prompts ?? []) {
      if (!garmentIds.includes(override.garmentId)) throw new ApiException(400, ErrorCode.INVALID_INPUT, `prompts names garment ${override.garmentId}, which is not in garmentIds`);
      prompts.set(override.garmentId, override.prompt);
    }
    const [garments, models] = await Promise.all([this.garmentsOf(caller, garmentIds), this.media.listModels(caller)]);
    const byId = new Map(models.map((m) => [m.id, m]));
    for (const id of modelIds) if (!byId.has(id)) throw new ApiException(404, ErrorCode.NOT_FOUND, `Model ${id} not found`);
    const positions = new Map(modelIds.map((id, i) => [id, i]));
    const runId = randomUUID();
    const jobs: RunJobPlan[] = garments.map((garment) => {
      const plan: RunJobPlan = { jobId: randomUUID(), garmentId: garment.id, garmentName: garment.name, prompt: prompts.get(garment.id) ?? request.prompt, garmentCategory: garment.category, models: [], skipped: [], positions };
      for (const id of modelIds) {
        const model = byId.get(id)!;
        // Each product's own category decides which mask is used; without one the cell is skipped, not failed.
        const mask = maskOf(model, garment.category);
        if (mask) plan.models.push({ id, filename: model.filename, width: model.width, height: model.height, bounds: mask.bounds, maskCategory: garment.category });
        else plan.skipped.push({ modelId: id, error: maskMissing(model, garment.category) });
      }
      return plan;
    });
    const queued = jobs.flatMap((job) => job.models.map((m) => ({ jobId: job.jobId, modelId: m.id, run: 1, note: creditNote(job.garmentName, m.filename) })));
    // One credit per cell that will run, reserved before anything is queued: 402 and nothing queued when short.
    await this.reservations.reserveThenQueue(caller.userId, queued, () =>
      countingRefusals(this.metrics.jobsRefused, () => this.runs.create(caller.userId, { id: runId, prompt: request.prompt, garmentIds, modelIds }, jobs)),
    );
    this.metrics.jobsCreated.inc(jobs.length);
    const run = await this.get(caller.userId, runId);
    this.logger.log({ runId }, `Run ${runId} queued: ${garments.length} product(s) × ${modelIds.length} model photo(s), ${queued.length} cell(s) queued, ${cells - queued.length} skipped`);
    // Nothing to run (every cell skipped): it is complete already, and its webhook says so now.
    if (run.status === 'completed') await this.webhooks.publishRunCompleted(caller.userId, run, 0);
    return run;
  }

  /** The run as its owner sees it; 404 for anyone else. */
  async get(userId: number, runId: string): Promise<TryOnRun> {
    const run = await this.runs.find(userId, runId);
    if (!run) throw new ApiException(404, ErrorCode.NOT_FOUND, 'Catalogue run not found');
    return run;
  }

  async list(userId: number, limit: number, cursor?: string): Promise<RunsPage> {
    const page = await this.runs.list(userId, limit, cursor);
    if (!page) throw new ApiException(400, ErrorCode.INVALID_INPUT, 'cursor is not one this API returned');
    return page;
  }

  /**
   * The run with its results' URLs signed again where they expire soon (a stored result keeps the
   * URL it got when it was saved): svc-media signs them in calls of a hundred. A result that cannot
   * be signed again keeps its stored URL.
   */
  async withFreshUrls(caller: Caller, run: TryOnRun, signal?: AbortSignal): Promise<TryOnRun> {
    const stale = run.cells.filter((c) => c.result?.savedImage && expiresWithin(c.result.imageUrl, FRESH_FOR_MS));
    if (!stale.length) return run;
    try {
      const records = new Map((await this.media.generatedImages(caller, stale.map((c) => c.result!.savedImage!.id), RESIGN_TIMEOUT_MS, signal)).map((r) => [r.id, r]));
      for (const cell of stale) {
        const record = records.get(cell.result!.savedImage!.id);
        if (record) cell.result = { ...cell.result!, imageUrl: record.imageUrl, savedImage: record };
      }
    } catch (error) {
      if (!signal?.aborted) this.logger.warn({ runId: run.id }, `Run ${run.id}: could not sign ${stale.length} result(s) again, their stored URLs are kept: ${(error as Error).message}`);
    }
    return run;
  }

  /** POST …/cells/:cellId/retry: a failed, skipped or cancelled cell runs again (a skipped one once its model photo has the mask). */
  async retryCell(caller: Caller, runId: string, cellId: number): Promise<TryOnRun> {
    await this.get(caller.userId, runId);
    const cell = (await this.runs.cells(runId)).find((c) => c.id === cellId);
    if (!cell) throw new ApiException(404, ErrorCode.NOT_FOUND, `Cell ${cellId} is not part of this run`);
    if (!['failed', 'skipped', 'canceled'].includes(cell.state)) {
      throw new ApiException(409, ErrorCode.CONFLICT, `Cell ${cellId} is ${cell.state}; only a failed, skipped or cancelled cell can be retried`);
    }
    const { ready, missing } = await this.replan(caller, [cell]);
    if (missing.length) throw new ApiException(409, ErrorCode.CONFLICT, missing[0].error.message);
    const requeued = await this.requeue(caller, ready);
    if (!requeued.length) throw new ApiException(409, ErrorCode.CONFLICT, `Cell ${cellId} was retried already`);
    return this.withFreshUrls(caller, await this.get(caller.userId, runId));
  }

  /** POST …/retry-failed: every failed cell runs again (those whose model photo lost its mask since stay failed). */
  async retryFailed(caller: Caller, runId: string): Promise<TryOnRun> {
    await this.get(caller.userId, runId);
    const failed = (await this.runs.cells(runId)).filter((c) => c.state === 'failed');
    if (failed.length) {
      const { ready } = await this.replan(caller, failed);
      await this.requeue(caller, ready);
    }
    return this.withFreshUrls(caller, await this.get(caller.userId, runId));
  }

  /** POST …/cancel: the cells not finished yet are cancelled (queued ones withdrawn, running ones stopped); their credits go back. */
  async cancel(caller: Caller, runId: string): Promise<TryOnRun> {
    await this.get(caller.userId, runId);
    const { units, jobIds } = await this.runs.cancel(runId, CANCELED_ERROR);
    await this.queue.cancel(units);
    if (this.credits.enabled) for (const jobId of jobIds) await this.settler.settleJob(jobId);
    if (units.length) this.logger.log({ runId }, `Run ${runId}: ${units.length} cell(s) cancelled by the seller`);
    return this.withFreshUrls(caller, await this.get(caller.userId, runId));
  }

  /** The run's stored cells and their products and model photos, for the archive. */
  async archiveContents(caller: Caller, runId: string): Promise<{ run: TryOnRun; cells: CellRow[]; garments: Map<number, GarmentRecord>; models: Map<number, ModelPhotoRecord> }> {
    const run = await this.get(caller.userId, runId);
    const cells = await this.runs.cells(runId);
    const [garments, models] = await Promise.all([this.garmentsFound(caller, run.garmentIds), this.media.listModels(caller)]);
    return { run, cells, garments, models: new Map(models.map((m) => [m.id, m])) };
  }

  /** Saved results of these cells with freshly signed URLs, by gallery image id (deleted ones are absent). */
  async signedResults(caller: Caller, results: TryOnResult[]): Promise<Map<number, string>> {
    const ids = results.flatMap((r) => (r.savedImage ? [r.savedImage.id] : []));
    const records = ids.length ? await this.media.generatedImages(caller, ids) : [];
    return new Map(records.map((r) => [r.id, r.imageUrl]));
  }

  /** A saved result's full-resolution PNG as a stream, from its signed URL. */
  resultStream(signedUrl: string): Promise<Readable> {
    return this.media.signedFile(signedUrl);
  }

  /** The cells' model photos checked again: ready with their runs' new inputs, or still without the mask. */
  private async replan(caller: Caller, cells: CellRow[]): Promise<{ ready: RequeuedModel[]; missing: { cell: CellRow; error: ModelError }[] }> {
    const [listed, products] = await Promise.all([this.media.listModels(caller), this.garmentsFound(caller, cells.map((c) => c.garmentId))]);
    const models = new Map(listed.map((m) => [m.id, m]));
    const ready: RequeuedModel[] = [];
    const missing: { cell: CellRow; error: ModelError }[] = [];
    for (const cell of cells) {
      const model = models.get(cell.modelId);
      if (!model) {
        missing.push({ cell, error: { code: ErrorCode.NOT_FOUND, message: `Model ${cell.modelId} not found` } });
        continue;
      }
      const mask = maskOf(model, cell.category);
      if (!mask) missing.push({ cell, error: maskMissing(model, cell.category) });
      else {
        const product = products.get(cell.garmentId);
        // a product that cannot be read (deleted) costs the run only its note in the credit history
        const note = product ? creditNote(product.name, model.filename) : undefined;
        ready.push({ jobId: cell.jobId, modelId: cell.modelId, run: cell.run + 1, input: { width: model.width, height: model.height, bounds: mask.bounds, maskCategory: cell.category }, ...(note ? { note } : {}) });
      }
    }
    return { ready, missing };
  }

  /** These products of the seller's, by id; one that cannot be read (deleted since) is left out. */
  private async garmentsFound(caller: Caller, ids: number[]): Promise<Map<number, GarmentRecord>> {
    const garments = await Promise.all([...new Set(ids)].map((id) => this.media.getGarment(caller, id).catch(() => null)));
    return new Map(garments.flatMap((g) => (g ? [[g.id, g] as const] : [])));
  }

  /** Reserves the new runs' credits and queues them; what another retry took first is given back. */
  private async requeue(caller: Caller, models: RequeuedModel[]): Promise<RequeuedModel[]> {
    return this.reservations.reserveThenQueue(
      caller.userId,
      models,
      () => countingRefusals(this.metrics.jobsRefused, () => this.runs.requeue(caller.userId, models)),
      { notQueued: (queued) => models.filter((m) => !queued.some((q) => q.jobId === m.jobId && q.modelId === m.modelId)) },
    );
  }

  /** The products, read a few at a time with the seller's token: each must be theirs (404) and cropped (400). */
  private async garmentsOf(caller: Caller, ids: number[]): Promise<GarmentRecord[]> {
    const garments: GarmentRecord[] = [];
    for (let i = 0; i < ids.length; i += GARMENT_READS) {
      garments.push(...(await Promise.all(ids.slice(i, i + GARMENT_READS).map((id) => this.planner.garmentOf(caller, id)))));
    }
    const uncropped = garments.find((g) => !g.croppedUrl);
    if (uncropped) throw new ApiException(400, ErrorCode.INVALID_INPUT, `Garment ${uncropped.id} has not been cropped yet`);
    return garments;
  }

}

/** Whether a signed URL (`…?exp=<unix seconds>&sig=…`) runs out within `ms`; a URL without `exp` never does. */
function expiresWithin(url: string, ms: number): boolean {
  const exp = /[?&]exp=(\d+)/.exec(url)?.[1];
  return exp !== undefined && Number(exp) * 1000 < Date.now() + ms;
}

