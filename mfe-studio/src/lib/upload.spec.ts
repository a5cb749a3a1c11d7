import { TEMPORARILY_UNAVAILABLE } from '@vton/contracts';
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
