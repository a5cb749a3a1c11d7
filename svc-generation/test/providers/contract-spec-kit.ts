import type { GarmentCategory } from '@vton/contracts';
import type { TryOnProvider } from '../../src/providers/try-on-provider.js';
import type { FakeScenario } from '../fakes/fake-server.js';
import { failedCall, failureOf, sampleInput } from './provider-inputs.js';

/**
 * The tests every adapter's contract spec has in common (src/providers/<name>/<name>.contract.spec.ts),
 * written once: how a fake's failure scenarios, a timeout and a cancelled call reach the caller.
 * Each spec keeps the tests that are its engine's own.
 */
export interface ContractSubject<Settings> {
  /** The spec's fake (started in its beforeAll, hence a function). */
  fake: () => { scenario: FakeScenario };
  /** The adapter under test, talking to the fake. */
  provider: (overrides?: Partial<Settings>) => TryOnProvider;
  /** What the spec sends: a placement engine's sample is a `product`; by default `upper_body`. */
  category?: GarmentCategory;
}

/**
 * Each scenario of the fake, and the model failure the adapter must turn it into: `exactly` compares
 * every field of the failure (code, message, retryable, status, retryAfterMs), else only those named.
 */
export function itFailsAs<S>(subject: ContractSubject<S>, cases: [title: string, scenario: FakeScenario, failure: object][], match: 'exactly' | 'named' = 'named'): void {
  it.each(cases)('%s', async (_title, scenario, failure) => {
    subject.fake().scenario = scenario;
    const failed = await failedCall(subject.provider(), subject.category);
    if (match === 'exactly') expect(failed).toEqual(failure);
    else expect(failed).toMatchObject(failure);
  });
}

/** An engine that does not answer in time (the fake's `slow`): a retryable processing error naming the engine and the timeout. */
export function itGivesUpAtTheTimeout<S>(subject: ContractSubject<S>, title: string, engine: string, settings: Partial<S> & { timeoutMs: number }): void {
  it(title, async () => {
    subject.fake().scenario = 'slow';
    expect(await failedCall(subject.provider(settings), subject.category)).toMatchObject({
      code: 'VTON_PROCESSING_ERROR',
      message: `Failed to process VTON request: ${engine} did not finish within ${settings.timeoutMs} ms`,
      retryable: true,
    });
  });
}

/** A call the caller cancels while the engine still works on it ends at once, as a processing error. */
export function itStopsWhenTheCallerCancels<S>(subject: ContractSubject<S>): void {
  it('stops when the caller cancels', async () => {
    subject.fake().scenario = 'slow';
    const provider = subject.provider();
    const controller = new AbortController();
    const pending = provider.tryOn(await sampleInput(provider, subject.category, controller.signal));
    setTimeout(() => controller.abort(), 50);
    expect(await failureOf(pending)).toMatchObject({ code: 'VTON_PROCESSING_ERROR', message: 'Failed to process VTON request: the request was cancelled' });
  });
}

/** A key the engine refuses: `failure` is what the caller sees, and the message never holds the key (`secret`, a part of it). */
export function itRefusesAWrongKey<S>(subject: ContractSubject<S>, title: string, wrongKey: Partial<S>, secret: string, failure: object): void {
  it(title, async () => {
    const failed = await failedCall(subject.provider(wrongKey), subject.category);
    expect(failed).toMatchObject(failure);
    expect(failed.message).not.toContain(secret);
  });
}
