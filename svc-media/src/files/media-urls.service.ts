import { Injectable } from '@nestjs/common';
import { MediaConfig } from '../config/media.config.js';
import { UrlSigner } from './url-signer.js';

/** Signed same-origin URLs for keys the caller looked up by (id, userId). */
@Injectable()
export class MediaUrls extends UrlSigner {
  constructor(config: MediaConfig) {
    super(Buffer.from(config.MEDIA_URL_SIGNING_SECRET), config.SIGNED_URL_TTL_SECONDS);
  }

  signOrNull(key: string | null | undefined): string | null {
    return key ? this.sign(key) : null;
  }
}
