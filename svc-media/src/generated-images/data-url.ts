import { ErrorCode } from '@vton/contracts';
import { ApiException } from '@vton/service-kit';
import { formatBytes } from '../uploads/multipart.js';

const HEADER = /^data:image\/(png|jpeg|webp);base64,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The bytes of an image data URL (`data:image/png;base64,...`; PNG, JPEG or WebP). A
 * remote URL is refused, never fetched: the server would otherwise fetch whatever a
 * caller names. The bytes are still sniffed later: the declared type is not believed.
 */
export function decodeImageDataUrl(value: string, maxLength: number): Buffer {
  if (value.length > maxLength) {
    throw new ApiException(413, ErrorCode.PAYLOAD_TOO_LARGE, `imageUrl is larger than the ${formatBytes(maxLength)} limit`);
  }
  if (!/^data:/i.test(value)) {
    throw new ApiException(400, ErrorCode.INVALID_INPUT, 'imageUrl must be a data URL (data:image/png;base64,…); remote URLs are not accepted');
  }
  const header = HEADER.exec(value);
  if (!header) {
    throw new ApiException(415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'imageUrl must be a base64 PNG, JPEG or WebP data URL');
  }
  const payload = value.slice(header[0].length);
  if (payload.length === 0 || !BASE64.test(payload)) {
    throw new ApiException(400, ErrorCode.INVALID_INPUT, 'imageUrl is not valid base64');
  }
  return Buffer.from(payload, 'base64');
}
