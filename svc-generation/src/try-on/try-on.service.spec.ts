import { loadConfig } from '@vton/service-kit';
import { GenerationConfig } from '../config/generation.config.js';
import { TryOnService } from './try-on.service.js';

const user = { id: 1, email: 'seller@example.com' };
const request = { garmentId: 1, modelIds: [2] };
const config = (env: Record<string, string>) =>
  loadConfig(GenerationConfig, { DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/vton', ...env });

describe('TryOnService', () => {
  it('says the engine is not configured when VTON_API_URL is unset', async () => {
    await expect(new TryOnService(config({})).generate(user, request)).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The try-on engine is not configured yet (VTON_API_URL)',
    });
  });

  it('still answers 503 while generation is not built, even with an engine configured', async () => {
    const service = new TryOnService(config({ VTON_API_URL: 'http://127.0.0.1:7860' }));
    await expect(service.generate(user, request)).rejects.toMatchObject({ status: 503 });
  });
});
