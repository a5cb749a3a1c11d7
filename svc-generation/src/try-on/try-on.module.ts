import { Module } from '@nestjs/common';
import { ImageProcessor } from '../imaging/image-processor.js';
import { AccessTokenQueryInstaller } from '../jobs/access-token-query.middleware.js';
import { JobsController } from '../jobs/jobs.controller.js';
import { JobsService } from '../jobs/jobs.service.js';
import { MediaClient } from '../media/media-client.js';
import { ResultFilesService } from '../results/result-files.service.js';
import { ResultsController } from '../results/results.controller.js';
import { VtonClient } from '../vton/vton-client.js';
import { TryOnController } from './try-on.controller.js';
import { TryOnService } from './try-on.service.js';

@Module({
  controllers: [TryOnController, JobsController, ResultsController],
  providers: [AccessTokenQueryInstaller, TryOnService, JobsService, ResultFilesService, MediaClient, VtonClient, ImageProcessor],
  exports: [TryOnService, MediaClient, VtonClient, ImageProcessor],
})
export class TryOnModule {}
