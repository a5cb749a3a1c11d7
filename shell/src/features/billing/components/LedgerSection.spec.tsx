import { about } from './LedgerSection';

const JOB = '0d8f3c2a-5b1e-4c6d-9e7f-112233445566';

describe('what a credit history entry is about', () => {
  it('names the product and the model photo of a model run, with its try-on and its retry', () => {
    expect(about({ key: `try-on:${JOB}:16:1`, note: 'Linen shirt on anna.png' })).toBe('Linen shirt on anna.png · try-on 0d8f3c2a');
    expect(about({ key: `try-on:${JOB}:16:3`, note: 'Linen shirt on anna.png' })).toBe('Linen shirt on anna.png · try-on 0d8f3c2a (retry 2)');
  });

  it('names the model photo by its id for entries written before runs had notes', () => {
    expect(about({ key: `try-on:${JOB}:16:2`, note: null })).toBe('Try-on 0d8f3c2a, model 16 (retry 1)');
  });

  it('shows a grant’s or an adjustment’s note as it is, and nothing without one', () => {
    expect(about({ key: 'trial:7', note: 'Free trial (7 days)' })).toBe('Free trial (7 days)');
    expect(about({ key: null, note: null })).toBe('');
  });
});
