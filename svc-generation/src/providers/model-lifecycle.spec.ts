import { loadConfig } from '@vton/service-kit';
import { checkModelLifecycle } from './model-lifecycle.js';
import { chosenModels, ProviderConfigs } from './registry.js';

const config = (env: Record<string, string>) => loadConfig(ProviderConfigs, { DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db', ...env });
const OPENAI = { PLACEMENT_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-123456' };

/** The check on `day` for `env`'s configuration: what the start logs, as warnings and errors. */
function checkOn(day: string, env: Record<string, string>) {
  const notices = checkModelLifecycle(chosenModels(config(env)), new Date(day));
  const of = (level: string) => notices.filter((n) => n.level === level).map((n) => n.message);
  return { warnings: of('warn'), errors: of('error') };
}

describe('the start’s model lifecycle check (the configured models against their providers’ shutdown dates)', () => {
  it('is an error for a model already shut down, naming what to set instead and the source', () => {
    expect(checkOn('2026-11-28T08:00:00Z', { ...OPENAI, OPENAI_IMAGE_MODEL: 'gpt-image-1' })).toEqual({
      warnings: [],
      errors: [
        'OPENAI_IMAGE_MODEL=gpt-image-1: OpenAI shut this model down on 2026-10-23, and every call with it fails; set OPENAI_IMAGE_MODEL=gpt-image-2.6-sunburst (or gpt-image-2.6-flare) (https://developers.openai.com/api/docs/deprecations)',
      ],
    });
  });

  it('warns of a shutdown ahead with its date, and is an error for the same model from that day (00:00 UTC)', () => {
    const env = { ...OPENAI, OPENAI_IMAGE_MODEL: 'gpt-image-1.5' };
    expect(checkOn('2026-11-30T23:59:59Z', env)).toEqual({
      warnings: [
        'OPENAI_IMAGE_MODEL=gpt-image-1.5: OpenAI shuts this model down on 2026-12-01; set OPENAI_IMAGE_MODEL=gpt-image-2.6-sunburst (or gpt-image-2.6-flare) before then (https://developers.openai.com/api/docs/deprecations)',
      ],
      errors: [],
    });
    expect(checkOn('2026-12-01T00:00:00Z', env)).toEqual({ warnings: [], errors: [expect.stringContaining('OPENAI_IMAGE_MODEL=gpt-image-1.5: OpenAI shut this model down on 2026-12-01,')] });
  });

  it('says nothing of a model it has no date for, or of a provider that is not chosen', () => {
    expect(checkOn('2026-11-28T08:00:00Z', { ...OPENAI, OPENAI_IMAGE_MODEL: 'gpt-image-2.6-flare' })).toEqual({ warnings: [], errors: [] });
    expect(checkOn('2026-11-28T08:00:00Z', { PLACEMENT_PROVIDER: 'local', OPENAI_IMAGE_MODEL: 'gpt-image-1' })).toEqual({ warnings: [], errors: [] });
  });

  it('checks the try-on provider’s model and the placement engine’s, each by its own variable', () => {
    expect(chosenModels(config({ VTON_PROVIDER: 'fal', FAL_KEY: 'k-123456', PLACEMENT_PROVIDER: 'fal' }))).toEqual([
      { variable: 'FAL_MODEL', model: 'fal-ai/leffa/virtual-tryon' },
      { variable: 'FAL_PLACEMENT_MODEL', model: 'fal-ai/nano-banana-2/edit' },
    ]);
    const both = checkOn('2026-11-28T08:00:00Z', { VTON_PROVIDER: 'vertex', GOOGLE_CLOUD_PROJECT: 'p', ...OPENAI, OPENAI_IMAGE_MODEL: 'gpt-image-1.5' });
    expect(both.warnings).toEqual([
      expect.stringMatching(/^VERTEX_MODEL=virtual-try-on-001: Google shuts this model down on 2027-03-15; Google names no replacement/),
      expect.stringMatching(/^OPENAI_IMAGE_MODEL=gpt-image-1\.5: OpenAI shuts this model down on 2026-12-01;/),
    ]);
  });

  it('starts every provider with its default model on 2026-11-28, warning only of Vertex AI’s virtual-try-on-001', () => {
    const warned: string[] = [];
    for (const [tryOn, placement] of [['fashn', 'gemini'], ['vertex', 'openai'], ['fal', 'bfl'], ['local', 'fal']]) {
      const env = { VTON_PROVIDER: tryOn, PLACEMENT_PROVIDER: placement, FASHN_API_KEY: 'k-123456', FAL_KEY: 'k-123456', OPENAI_API_KEY: 'k-123456', BFL_API_KEY: 'k-123456', GOOGLE_CLOUD_PROJECT: 'p' };
      const { warnings, errors } = checkOn('2026-11-28T08:00:00Z', env);
      expect(errors).toEqual([]);
      warned.push(...warnings);
    }
    expect(warned).toEqual([expect.stringMatching(/^VERTEX_MODEL=virtual-try-on-001: /)]);
  });
});
