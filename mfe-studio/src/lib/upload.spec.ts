import { TEMPORARILY_UNAVAILABLE } from '@vton/contracts';
import { NEW_TRACE_PARENT, traceIdOf } from '@vton/shell-sdk/testing';
import { uploadGarment } from '../features/garment/api/uploadGarment';
import { uploadMask } from '../features/mask-editor/api/uploadMask';
import { uploadModelPhotos } from '../features/model-photos/api/uploadModelPhotos';
import { keepSuggestedMask } from '../features/suggested-masks/api/suggestedMasks';
import { errorMessage } from './upload';

describe('errorMessage', () => {
  it('reads the message of the product error shape', () => {
    expect(errorMessage(new Error('400: {"statusCode":400,"code":"INVALID_INPUT","message":"The mask is empty"}'))).toBe('The mask is empty');
  });
  it('keeps plain bodies and other errors', () => {
    expect(errorMessage(new Error('500: Internal Server Error'))).toBe('Internal Server Error');
    // A service down says so (the SDK's wording), not the gateway's status text.
    expect(errorMessage(new Error('502: Bad Gateway'))).toBe(TEMPORARILY_UNAVAILABLE.description);
    expect(errorMessage(new Error('boom'))).toBe('boom');
  });
});

/** What the browser sends of an XMLHttpRequest: its method, URL, headers and credentials; it answers 200 `[]`. */
class RecordedUpload {
  static sent: RecordedUpload[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  withCredentials = false;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send() {
    RecordedUpload.sent.push(this);
    this.status = 200;
    this.responseText = '[]';
    queueMicrotask(() => this.onload?.());
  }
}

describe('uploads (XMLHttpRequest, for their progress) send what apiRequest sends', () => {
  const realXhr = globalThis.XMLHttpRequest;
  beforeEach(() => {
    RecordedUpload.sent = [];
    globalThis.XMLHttpRequest = RecordedUpload as unknown as typeof XMLHttpRequest;
    localStorage.setItem('auth_token', 'tok');
  });
  afterEach(() => {
    globalThis.XMLHttpRequest = realXhr;
    localStorage.clear();
  });

  const file = new File(['x'], 'shirt.png', { type: 'image/png' });
  const png = new Blob(['x'], { type: 'image/png' });
  it.each([
    ['the garment', 'POST /api/garments', () => uploadGarment(file, () => undefined, null, 'upper_body')],
    ['a replaced garment', 'PUT /api/garments/4', () => uploadGarment(file, () => undefined, 4)],
    ['model photos', 'POST /api/models', () => uploadModelPhotos([file], () => undefined)],
    ['a mask', 'POST /api/models/7/mask', () => uploadMask(7, png, 'upper_body')],
    ['a suggested mask', 'PUT /api/models/7/suggested-mask', () => keepSuggestedMask(7, png, 'upper_body')],
  ])('%s: its own W3C traceparent (the services join its trace), the Bearer token and cookies', async (_what, call, upload) => {
    await upload();
    await upload();
    const [first, second] = RecordedUpload.sent;
    expect(`${first.method} ${first.url}`).toBe(call);
    expect(first.withCredentials).toBe(true);
    expect(first.headers).toEqual({ Authorization: 'Bearer tok', traceparent: expect.stringMatching(NEW_TRACE_PARENT) });
    // A new trace per upload, as per API call.
    expect(traceIdOf(second.headers.traceparent)).not.toBe(traceIdOf(first.headers.traceparent));
  });
});
