import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TryOnResultFileEntity } from './result-file.entity.js';
import { ResultFilesService } from './result-files.service.js';

/** Results kept here when the gallery save failed (`try_on_result_files`); the route serving them is composed in ApiModule. */
@Module({
  imports: [TypeOrmModule.forFeature([TryOnResultFileEntity])],
  providers: [ResultFilesService],
  exports: [ResultFilesService],
})
export class ResultFilesModule {}
