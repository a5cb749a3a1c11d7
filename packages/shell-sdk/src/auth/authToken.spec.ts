import { getAuthToken } from './authToken';
import { httpError } from '../api/apiRequest';

describe('getAuthToken', () => {
  afterEach(() => {
    localStorage.clear();
    jest.restoreAllMocks();
  });

  it('reads the stored token, or null when there is none', () => {
    expect(getAuthToken()).toBeNull();
    localStorage.setItem('auth_token', 'jwt-1');
    expect(getAuthToken()).toBe('jwt-1');
  });

  it('treats unavailable storage as signed out', () => {
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(getAuthToken()).toBeNull();
  });
});

describe('httpError', () => {
  it('is "<status>: <body>", falling back to the status text', () => {
    expect(httpError(409, '{"message":"taken"}', 'Conflict').message).toBe('409: {"message":"taken"}');
    expect(httpError(502, '', 'Bad Gateway').message).toBe('502: Bad Gateway');
  });
});
