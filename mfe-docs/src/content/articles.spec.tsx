import { act, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { BRUSH_SIZE, BRUSH_HARDNESS, TARGET_IMAGE_SIZE, UNDO_HISTORY_LIMIT } from '@vton/contracts';
import { ALL_ARTICLES, DOC_SECTIONS } from './catalog';

async function bodyText(id: string): Promise<string> {
  const { content: Content } = ALL_ARTICLES.find((a) => a.id === id)!;
  let container!: HTMLElement;
  await act(async () => {
    ({ container } = render(
      <MemoryRouter>
        <Content />
      </MemoryRouter>,
    ));
  });
  return container.textContent ?? '';
}

describe('documentation content', () => {
  it('has the sections and eight articles of the spec, and the providers article', () => {
    expect(DOC_SECTIONS.map((s) => [s.title, s.articles.map((a) => a.id)])).toEqual([
      ['Getting Started', ['quick-start', 'best-practices']],
      ['Tutorials', ['crop-masking', 'prompt-guide', 'export-results']],
      ['Reference', ['faq', 'troubleshooting', 'keyboard-shortcuts', 'try-on-providers']],
    ]);
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
