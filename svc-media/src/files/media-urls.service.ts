import { Injectable } from '@nestjs/common';
import { MediaConfig } from '../config/media.config.js';
import { signingSecret } from './signing-secret.js';
import { UrlSigner } from './url-signer.js';

/** Signed same-origin URLs for keys the caller looked up by (id, userId). */
@Injectable()
export class MediaUrls extends UrlSigner {
  constructor(config: MediaConfig) {
    super(signingSecret(config), config.SIGNED_URL_TTL_SECONDS);
  }

  signOrNull(key: string | null | undefined): string | null {
    return key ? this.sign(key) : null;
  }
}
