import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiForbiddenResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ErrorCode } from '@vton/contracts';
import { ApiException, Public } from '@vton/service-kit';
import type { Request, Response } from 'express';
import { ObjectStorage } from '../storage/object-storage.service.js';
import { MediaUrls } from './media-urls.service.js';
import { sendObject } from './send-object.js';
import { MEDIA_FILES_PATH } from './url-signer.js';

@ApiTags('files')
@Controller()
export class FilesController {
  constructor(
    private readonly urls: MediaUrls,
    private readonly storage: ObjectStorage,
  ) {}

  /** Public: an <img> cannot send a Bearer header, so the signature is the authorization. */
  @Public()
  @Get(`${MEDIA_FILES_PATH}/*key`)
  @ApiOperation({ summary: 'An image behind a signed URL (exp + sig), as returned in the records.', security: [] })
  @ApiOkResponse({ description: 'The image, with Cache-Control private until the URL expires, and an ETag.' })
  @ApiForbiddenResponse({ description: 'Expired or invalid signature.' })
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
