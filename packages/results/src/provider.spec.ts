import { isBuiltInPreview, providerCaption, resultProvider, resultProviderLabel } from './provider';

describe('the provider of a result', () => {
  it('is read from a result or a gallery record’s metadata, with its label when the result carries one', () => {
    expect(resultProvider({ provider: 'vertex', providerModel: 'virtual-try-on-001' })).toBe('vertex');
    expect(resultProvider({ provider: 'gemini', providerModel: 'gemini-3.1-flash-image' })).toBe('gemini');
    expect(resultProvider({ processedAt: '2026-11-25T10:00:00Z' })).toBeUndefined();
    // The frontends keep no list of providers: a provider added after this build is still the result's provider.
    expect(resultProvider({ provider: 'acme', providerLabel: 'Acme Try-On' })).toBe('acme');
    expect(resultProviderLabel({ provider: 'acme', providerLabel: 'Acme Try-On' })).toBe('Acme Try-On');
    expect(resultProviderLabel({ provider: 'fashn', providerModel: 'tryon-v1.6' })).toBeUndefined();
    expect(resultProvider({ provider: 42 })).toBeUndefined();
    expect(resultProviderLabel({ providerLabel: '' })).toBeUndefined();
    expect(resultProvider(null)).toBeUndefined();
  });

  it('is shown by its name', () => {
    expect(['local', 'seed', 'fashn', 'vertex', 'fal', 'gemini', 'openai', 'bfl'].map((name) => providerCaption(name as Parameters<typeof providerCaption>[0]))).toEqual([
      'Made with Local compositor',
      'Made with VTON service',
      'Made with FASHN',
      'Made with Google Vertex AI',
      'Made with fal.ai',
      'Made with Google Gemini',
      'Made with OpenAI',
      'Made with Black Forest Labs',
    ]);
  });

  it('is shown by the label the result carries, also for a provider this build has never heard of', () => {
    expect(providerCaption('acme', 'Acme Try-On')).toBe('Made with Acme Try-On');
    expect(providerCaption('fashn', 'FASHN')).toBe('Made with FASHN');
  });

  it('is shown as before for a result saved before results carried a label, and not at all for an unknown provider without one', () => {
    expect(providerCaption('gemini')).toBe('Made with Google Gemini');
    expect(providerCaption('acme')).toBeUndefined();
    expect(providerCaption('constructor')).toBeUndefined();
    expect(providerCaption(undefined)).toBeUndefined();
  });

  it('is the built-in engine’s preview only when the metadata says so', () => {
    expect(isBuiltInPreview({ provider: 'seed', providerModel: 'vton-multipart', builtInEngine: true })).toBe(true);
    expect(isBuiltInPreview({ provider: 'seed', providerModel: 'vton-multipart' })).toBe(false);
    expect(isBuiltInPreview({ builtInEngine: 'yes' })).toBe(false);
    expect(isBuiltInPreview(null)).toBe(false);
  });
});
