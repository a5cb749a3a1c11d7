import { Module } from '@nestjs/common';
import { ImageProcessor } from '../imaging/image-processor.js';
import { JobStore } from '../jobs/job-store.js';
import { ServiceCredentials } from '../media/service-credential.js';
import { WorkerMediaClient } from '../media/worker-media-client.js';
import { MetricsModule } from '../metrics/metrics.module.js';
import { JobQueue } from '../queue/job-queue.js';
import { ResultFilesService } from '../results/result-files.service.js';
import { TRY_ON_PROVIDER } from '../vton/try-on-provider.js';
import { VtonClient } from '../vton/vton-client.js';
import { ModelRunner } from './model-runner.js';
import { ModelWorker } from './model-worker.js';
import { Reconciler } from './reconciler.js';

/** The worker role: claims models from the queue, calls the provider, composes, saves. HTTP only for health and /metrics. */
@Module({
  imports: [MetricsModule],
  providers: [
    ModelWorker,
    ModelRunner,
    Reconciler,
    JobStore,
    JobQueue,
    WorkerMediaClient,
    ServiceCredentials,
    ResultFilesService,
    VtonClient,
    { provide: TRY_ON_PROVIDER, useExisting: VtonClient },
    ImageProcessor,
  ],
})
export class WorkerModule {}
