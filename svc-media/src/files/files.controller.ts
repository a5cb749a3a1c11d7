import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiForbiddenResponse, ApiNotFoundResponse, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import { ErrorCode } from '@vton/contracts';
import { ApiException, ApiResult, Public, PublicApi } from '@vton/service-kit';
import type { Request, Response } from 'express';
import { ObjectStorage } from '../storage/object-storage.service.js';
import { MediaUrls } from './media-urls.service.js';
import { sendObject } from './send-object.js';
import { MEDIA_FILES_PATH } from './url-signer.js';

@ApiTags('Files')
@Controller()
export class FilesController {
  constructor(
    private readonly urls: MediaUrls,
    private readonly storage: ObjectStorage,
  ) {}

  /** Public: an <img> cannot send a Bearer header, so the signature is the authorization. */
  @Public()
  @PublicApi()
  @Get(`${MEDIA_FILES_PATH}/*key`)
  @ApiOperation({
    operationId: 'downloadImage',
    summary: 'Download an image',
    description: 'The URLs in the records (`url`, `croppedUrl`, `imageUrl`, …) lead here; the signature in the URL is the permission, so no token is sent. They expire (an hour by default): read the record again for a fresh one.',
  })
  @ApiParam({ name: 'key', description: 'The object key, as in the record URL.', schema: { type: 'string' } })
  @ApiQuery({ name: 'exp', description: 'Expiry of the link (Unix seconds).', schema: { type: 'integer' } })
  @ApiQuery({ name: 'sig', description: 'The link’s signature.', schema: { type: 'string' } })
  @ApiResult(null, { description: 'The image bytes, with Cache-Control private until the link expires, and an ETag.', mediaType: 'image/*' })
  @ApiForbiddenResponse({ description: 'Expired or invalid signature.' })
  @ApiNotFoundResponse({ description: 'The image no longer exists.' })
  async file(@Req() req: Request, @Res() res: Response): Promise<void> {
    // Keys are plain ASCII; an encoded path can only fail the signature check.
    const key = req.path.slice(MEDIA_FILES_PATH.length + 1);
    const check = this.urls.check(key, req.query.exp, req.query.sig);
    if (check === 'expired') throw new ApiException(403, ErrorCode.FORBIDDEN, 'This image link has expired; reload the page for a new one');
    if (check !== 'valid') throw new ApiException(403, ErrorCode.FORBIDDEN, 'Invalid image link');
    const remaining = this.urls.secondsLeft(Number(req.query.exp));
    await sendObject(req, res, this.storage, key, `private, max-age=${remaining}`);
  }
}
