import { jest } from '@jest/globals';
import type { NextFunction, Request, Response } from 'express';
import { assignRequestId, requestIdFrom, requestIdOf } from './request-id.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('request id', () => {
  it('honours a plain incoming id', () => {
    expect(requestIdFrom('gateway-7f3a.12')).toBe('gateway-7f3a.12');
  });

  it('generates a UUID when none came or the incoming one could inject into logs', () => {
    expect(requestIdFrom(undefined)).toMatch(UUID);
    expect(requestIdFrom('a\nfake log line')).toMatch(UUID);
    expect(requestIdFrom('x'.repeat(200))).toMatch(UUID);
  });

  it('binds the id to the request and echoes it in the response header', () => {
    const req = { headers: { 'x-request-id': 'abc' } } as unknown as Request;
    const setHeader = jest.fn();
    const next = jest.fn() as NextFunction;
    assignRequestId(req, { setHeader } as unknown as Response, next);
    expect(requestIdOf(req)).toBe('abc');
    expect(setHeader).toHaveBeenCalledWith('x-request-id', 'abc');
    expect(next).toHaveBeenCalled();
  });
});
