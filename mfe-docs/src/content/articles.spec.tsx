import { act, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { BRUSH_SIZE, BRUSH_HARDNESS, TARGET_IMAGE_SIZE, UNDO_HISTORY_LIMIT } from '@vton/contracts';
import { ALL_ARTICLES, DOC_SECTIONS } from './catalog';

async function rendered(id: string): Promise<HTMLElement> {
  const { content: Content } = ALL_ARTICLES.find((a) => a.id === id)!;
  let container!: HTMLElement;
  await act(async () => {
    ({ container } = render(
      <MemoryRouter>
        <Content />
      </MemoryRouter>,
    ));
  });
  return container;
}

async function bodyText(id: string): Promise<string> {
  return (await rendered(id)).textContent ?? '';
}

/** Where the article's links go. */
async function articleLinks(id: string): Promise<string[]> {
  return [...(await rendered(id)).querySelectorAll('a')].map((a) => a.getAttribute('href') ?? '');
}

describe('documentation content', () => {
  it('has the sections and eight articles of the spec, the providers article and the API reference', () => {
    expect(DOC_SECTIONS.map((s) => [s.title, s.articles.map((a) => a.id)])).toEqual([
      ['Getting Started', ['quick-start', 'best-practices']],
      ['Tutorials', ['crop-masking', 'prompt-guide', 'placing-products', 'catalogue-runs', 'export-results']],
      ['Reference', ['faq', 'troubleshooting', 'keyboard-shortcuts', 'try-on-providers']],
      [
        'API reference',
        ['api-quick-start', 'api-reference', 'api-garments', 'api-model-photos', 'api-try-on-jobs', 'api-try-on', 'api-catalogue-runs', 'api-gallery', 'api-files', 'api-webhooks'],
      ],
    ]);
  });

  it('walks through the API with curl step by step, verifies webhooks and shows the typed TypeScript client', async () => {
    const text = await bodyText('api-quick-start');
    for (const step of ['Upload the garment photo', 'Crop it to a square', 'Upload a model photo', 'Send the mask', 'Start the try-on', 'Wait for the webhook', 'Download the result']) {
      expect(text).toContain(step);
    }
    expect(text).toContain('-F "file=@garment.jpg" "$VTON_URL/api/garments"');
    expect(text).toContain("import createClient from 'openapi-fetch'");
    expect(text).toContain("import type { paths } from './vton-api'");
    expect(text).toContain("import { Webhook } from 'standardwebhooks'");
  });

  it('shows every operation of an API section from the OpenAPI document, with its scope and answers', async () => {
    const garments = await bodyText('api-garments');
    expect(garments).toContain('POST /api/garments');
    expect(garments).toContain('Crop a garment');
    expect(garments).toContain('API key scope: try-on.');
    expect(garments).toContain('GarmentRecord (application/json)');
    expect(garments).toContain('429');
    const events = await bodyText('api-webhooks');
    for (const type of ['job.completed', 'job.failed', 'model.succeeded', 'model.failed']) expect(events).toContain(`EVENT ${type}`);
    expect(events).toContain('webhook-signature');
    const overview = await bodyText('api-reference');
    expect(overview).toContain('RateLimit-Policy');
    expect(overview).toContain('/api/openapi.json');
  });

  it('tells how to set up each try-on provider, what it costs in time, and what the mask guarantee means', async () => {
    const text = await bodyText('try-on-providers');
    for (const variable of ['VTON_PROVIDER', 'FASHN_API_KEY', 'FASHN_MODE', 'GOOGLE_APPLICATION_CREDENTIALS', 'GOOGLE_CLOUD_LOCATION', 'VERTEX_MODEL', 'FAL_KEY', 'FAL_MODEL', 'FAL_QUEUE_URL']) {
      expect(text).toContain(variable);
    }
    expect(text).toContain('12–17 s (quality)');
    expect(text).toContain('50 try-on requests a minute');
    expect(text).toContain('Every pixel outside the softened mask is exactly the pixel of the photo you uploaded');
  });

  it('tells when to choose Product, how to paint its mask, what every engine is told, and how to set each placement engine up', async () => {
    const text = await bodyText('placing-products');
    expect(text).toContain('Paint where the product goes');
    expect(text).toContain('keep its label, printed text, shape, proportions and colours exactly');
    for (const variable of ['PLACEMENT_PROVIDER', 'GEMINI_API_KEY', 'GEMINI_MODEL', 'GOOGLE_APPLICATION_CREDENTIALS', 'OPENAI_API_KEY', 'OPENAI_IMAGE_MODEL', 'BFL_API_KEY', 'BFL_MODEL', 'FAL_KEY', 'FAL_PLACEMENT_MODEL']) {
      expect(text).toContain(variable);
    }
    expect(text).toContain('refused to place the product for safety reasons');
    expect(await bodyText('try-on-providers')).toContain('Placing any product');
  });

  it('offers only OpenAI models that are not shut down, with the default first and the shutdown dates from OpenAI’s page', async () => {
    const text = await bodyText('placing-products');
    expect(text).toContain('default gpt-image-2.6-sunburst');
    expect(text).toContain('OpenAI shuts gpt-image-1.5 down on 1 December 2026 and has shut gpt-image-1 down');
    expect(text).not.toMatch(/OPENAI_IMAGE_MODEL \([^)]*gpt-image-1\b/);
    expect(text).toContain('starts with a model its provider has already shut down, it logs an error naming the model and what to set instead');
    expect(await articleLinks('placing-products')).toContain('https://developers.openai.com/api/docs/deprecations');
  });

  it('says what each placement engine costs as its provider publishes it, with the date and where it was read', async () => {
    const text = await bodyText('placing-products');
    for (const figure of [
      '$0.08 per image at 1K, 1.5 times that at 2K',
      '$0.03 for the first megapixel of output plus $0.015 per further megapixel of input and output',
      'FLUX.2 [pro] image editing from $0.045',
      '1,120 tokens for a 1K image and 1,680 for a 2K one',
    ]) {
      expect(text).toContain(figure);
    }
    expect(text.match(/as of 28 November 2026/g)).toHaveLength(3);
    const links = await articleLinks('placing-products');
    for (const source of [
      'https://fal.ai/models/fal-ai/nano-banana-2/edit',
      'https://fal.ai/models/fal-ai/flux-2-pro/edit',
      'https://docs.bfl.ai/quick_start/pricing',
      'https://ai.google.dev/gemini-api/docs/pricing',
      'https://openai.com/api/pricing/',
    ]) {
      expect(links).toContain(source);
    }
  });

  it('says when Vertex AI retires virtual-try-on-001, from Google’s model page', async () => {
    const text = await bodyText('try-on-providers');
    expect(text).toContain('a support end date of 14 September 2026 and a retirement date of 15 March 2027, and names no replacement');
  });

  it('states the formats, sizes and batch advice the product works with', async () => {
    const faq = await bodyText('faq');
    expect(faq).toContain('JPG, PNG and WebP');
    expect(faq).toContain('Results are always PNG');
    const practices = await bodyText('best-practices');
    expect(practices).toContain('at least 2 MP');
    expect(practices).toContain('5-10 models per batch');
    expect(practices).toContain(`${TARGET_IMAGE_SIZE} × ${TARGET_IMAGE_SIZE}`);
  });

  it('documents the mask editor limits from the shared constants', async () => {
    const text = await bodyText('crop-masking');
    expect(text).toContain(`Size ${BRUSH_SIZE.min} to ${BRUSH_SIZE.max} px (default ${BRUSH_SIZE.default})`);
    expect(text).toContain(`hardness ${BRUSH_HARDNESS.min} to ${BRUSH_HARDNESS.max}% (default ${BRUSH_HARDNESS.default})`);
    expect(text).toContain(`last ${UNDO_HISTORY_LIMIT} steps`);
  });

  it('lists every editor shortcut, with Cmd on Mac', async () => {
    const text = await bodyText('keyboard-shortcuts');
    for (const keys of ['Space + drag', 'Middle mouse + drag', 'Mouse wheel', 'Ctrl + 0', 'Ctrl + Z', 'Ctrl + Y', '[', ']', 'Delete']) {
      expect(text).toContain(keys);
    }
    expect(text).toContain('On a Mac, use Cmd');
  });

  it('explains the errors a user can meet', async () => {
    const text = await bodyText('troubleshooting');
    for (const message of ['No ready models available', 'VTON Generation Failed', 'All VTON requests failed', 'Crop failed', 'Email verification required', 'Password requirements not met']) {
      expect(text).toContain(message);
    }
  });
});
