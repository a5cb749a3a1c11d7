import { jest } from '@jest/globals';
import { BadRequestException, NotFoundException, UnauthorizedException, type ArgumentsHost } from '@nestjs/common';
import { SERVICE_UNAVAILABLE_MESSAGE } from '@vton/contracts';
import { ApiException } from './api-exception.js';
import { ApiExceptionFilter, toApiErrorBody } from './api-exception.filter.js';

describe('toApiErrorBody', () => {
  it('keeps the code, message and issues of an ApiException', () => {
    const error = new ApiException(400, 'VALIDATION_FAILED', 'email must be an email', {
      issues: [{ path: ['email'], message: 'email must be an email' }],
    });
    expect(toApiErrorBody(error, 'req-1')).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'email must be an email',
      issues: [{ path: ['email'], message: 'email must be an email' }],
      requestId: 'req-1',
    });
  });

  it('maps Nest HTTP exceptions to a code from their status', () => {
    expect(toApiErrorBody(new NotFoundException('Cannot GET /nope'), 'r')).toEqual({
      statusCode: 404, code: 'NOT_FOUND', message: 'Cannot GET /nope', requestId: 'r',
    });
    expect(toApiErrorBody(new UnauthorizedException(), 'r')).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED', message: 'Unauthorized' });
    expect(toApiErrorBody(new BadRequestException(['first', 'second']), 'r')).toMatchObject({ code: 'INVALID_INPUT', message: 'first' });
  });

  it('keeps the status of body-parser errors meant for the caller', () => {
    const tooLarge = Object.assign(new Error('request entity too large'), { status: 413, expose: true });
    expect(toApiErrorBody(tooLarge, 'r')).toMatchObject({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: 'request entity too large' });
  });

  it.each([
    ['a refused connection (Postgres or S3 stopped)', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['fetch failed with a socket error as its cause', new TypeError('fetch failed', { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) })],
    ['a TypeORM query error over pg admin shutdown', Object.assign(new Error('terminating connection due to administrator command'), { name: 'QueryFailedError', driverError: { code: '57P01' } })],
    ['pg losing its connection', new Error('Connection terminated unexpectedly')],
    ['the S3 server asking to slow down', Object.assign(new Error('Please reduce your request rate.'), { code: 'SlowDown' })],
    ['a connection tried on several addresses', Object.assign(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]), {})],
  ])('answers 503 SERVICE_UNAVAILABLE for %s, without its internals', (_what, error) => {
    expect(toApiErrorBody(error, 'r')).toEqual({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: SERVICE_UNAVAILABLE_MESSAGE, requestId: 'r' });
  });

  it('keeps a unique violation or a bad query a 500', () => {
    expect(toApiErrorBody(Object.assign(new Error('duplicate key'), { name: 'QueryFailedError', driverError: { code: '23505' } }), 'r').statusCode).toBe(500);
    expect(toApiErrorBody(Object.assign(new Error('syntax error'), { code: '42601' }), 'r').statusCode).toBe(500);
  });

  it('answers 500 without the internals of an unexpected error', () => {
    const body = toApiErrorBody(new Error('password authentication failed for user "postgres"'), 'r');
    expect(body).toEqual({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'Internal server error', requestId: 'r' });
  });
});

describe('ApiExceptionFilter', () => {
  it('writes the body with the status and the request id of the request', () => {
    const response = { headersSent: false, status: jest.fn().mockReturnThis(), json: jest.fn(), getHeader: jest.fn(), setHeader: jest.fn() };
    const request = { id: 'abc-123', method: 'GET', url: '/x', path: '/x' };
    const host = { switchToHttp: () => ({ getRequest: () => request, getResponse: () => response }) } as unknown as ArgumentsHost;
    new ApiExceptionFilter().catch(new NotFoundException('Cannot GET /x'), host);
    expect(response.status).toHaveBeenCalledWith(404);
    expect(response.json).toHaveBeenCalledWith({ statusCode: 404, code: 'NOT_FOUND', message: 'Cannot GET /x', requestId: 'abc-123' });
    expect(response.setHeader).not.toHaveBeenCalled();
  });

  it('adds Retry-After to a 503', () => {
    const response = { headersSent: false, status: jest.fn().mockReturnThis(), json: jest.fn(), getHeader: jest.fn(), setHeader: jest.fn() };
    const request = { id: 'r', method: 'GET', url: '/x', path: '/x' };
    const host = { switchToHttp: () => ({ getRequest: () => request, getResponse: () => response }) } as unknown as ArgumentsHost;
    new ApiExceptionFilter().catch(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }), host);
    expect(response.status).toHaveBeenCalledWith(503);
    expect(response.setHeader).toHaveBeenCalledWith('Retry-After', '5');
  });
});
