import { isBuiltInPreview, providerCaption, resultProvider } from './provider';

describe('the provider of a result', () => {
  it('is read from a result or a gallery record’s metadata, and only when it is a known provider', () => {
    expect(resultProvider({ provider: 'vertex', providerModel: 'virtual-try-on-001' })).toBe('vertex');
    expect(resultProvider({ processedAt: '2026-11-25T10:00:00Z' })).toBeUndefined();
    expect(resultProvider({ provider: 'acme' })).toBeUndefined();
    expect(resultProvider(null)).toBeUndefined();
  });

  it('is shown by its name', () => {
    expect([providerCaption('local'), providerCaption('seed'), providerCaption('fashn'), providerCaption('vertex'), providerCaption('fal')]).toEqual([
      'Made with Local compositor',
      'Made with VTON service',
      'Made with FASHN',
      'Made with Google Vertex AI',
      'Made with fal.ai',
    ]);
  });

  it('is the built-in engine’s preview only when the metadata says so', () => {
    expect(isBuiltInPreview({ provider: 'seed', providerModel: 'vton-multipart', builtInEngine: true })).toBe(true);
    expect(isBuiltInPreview({ provider: 'seed', providerModel: 'vton-multipart' })).toBe(false);
    expect(isBuiltInPreview({ builtInEngine: 'yes' })).toBe(false);
    expect(isBuiltInPreview(null)).toBe(false);
  });
});
