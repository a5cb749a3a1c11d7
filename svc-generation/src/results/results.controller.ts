import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import { ErrorCode } from '@vton/contracts';
import { ApiException, ApiResult, Public, PublicApi } from '@vton/service-kit';
import type { Response } from 'express';
import { ResultFilesService } from './result-files.service.js';

@ApiTags('Files')
@Controller('/api/try-on/results')
export class ResultsController {
  constructor(private readonly files: ResultFilesService) {}

  /** A result whose gallery save failed; the URL's key is the permission (an <img> sends no Bearer header). */
  @Public()
  @PublicApi()
  @Get(':id')
  @ApiOperation({
    operationId: 'downloadUnsavedResult',
    summary: 'Download a result the gallery could not save',
    description: 'A result URL leads here only when saving to the gallery failed; the `key` in it is the permission. Kept for a day.',
  })
  @ApiParam({ name: 'id', schema: { type: 'string' } })
  @ApiQuery({ name: 'key', schema: { type: 'string' } })
  @ApiResult(null, { description: 'The composed PNG.', mediaType: 'image/png' })
  @ApiNotFoundResponse({ description: 'Unknown, expired, or wrong key.' })
  async get(@Param('id') id: string, @Query('key') key: string | undefined, @Res() res: Response): Promise<void> {
    const png = key ? await this.files.find(id, key) : null;
    if (!png) throw new ApiException(404, ErrorCode.NOT_FOUND, 'Result not found');
    res.setHeader('content-type', 'image/png');
    res.setHeader('cache-control', 'private, max-age=3600');
    res.setHeader('content-disposition', 'inline; filename="vton-result.png"');
    res.end(png);
  }
}
