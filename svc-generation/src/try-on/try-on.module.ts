import { Module, RequestMethod, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { ImageProcessor } from '../imaging/image-processor.js';
import { accessTokenFromQuery } from '../jobs/access-token-query.middleware.js';
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
  providers: [TryOnService, JobsService, ResultFilesService, MediaClient, VtonClient, ImageProcessor],
  exports: [TryOnService, MediaClient, VtonClient, ImageProcessor],
})
export class TryOnModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(accessTokenFromQuery).forRoutes({ path: 'api/try-on/jobs/*path', method: RequestMethod.GET });
  }
}
