/** What the start logs of a configured model: a shutdown ahead (warn) or one already past (error). */
export interface ModelLifecycleNotice {
  level: 'warn' | 'error';
  message: string;
}

/** A configured model: the *_MODEL variable that names it, and its value. */
export interface ChosenModel {
  variable: string;
  model: string;
}

/** Models their provider has said it shuts down, with the page that says so. */
interface ModelShutdown {
  /** The variable these models are set in: the same id means another thing at another provider. */
  variable: string;
  provider: string;
  models: readonly string[];
  /** The provider's shutdown (retirement) date; from 00:00 UTC that day the model counts as gone. */
  shutdown: string;
  /** What to set instead, in the provider's words where it names one. */
  instead: string;
  source: string;
}

const OPENAI_DEPRECATIONS = 'https://developers.openai.com/api/docs/deprecations';
// OpenAI recommends gpt-image-2.6-sunburst or -flare for every image model it retires; Sunburst is the
// one for edits that must hold up (OpenAI's image generation guide), which placing a product is.
const OPENAI_INSTEAD = 'set OPENAI_IMAGE_MODEL=gpt-image-2.6-sunburst (or gpt-image-2.6-flare)';

/**
 * Every shutdown date we know for a model a *_MODEL variable may name, each from its provider's own
 * page (as read on 2026-11-28). Only dates a provider has published: none is known for flux-2-pro
 * (BFL), fal-ai/leffa/virtual-tryon or fal-ai/nano-banana-2/edit (fal), tryon-v1.6 (FASHN, "stable")
 * or gemini-3.1-flash-image (Google: "no shutdown date announced"). Gemini's retired previews and
 * gemini-2.5-flash-image are left out: GEMINI_MODEL serves the Gemini API and Vertex AI, whose pages
 * give different dates or none we found.
 */
const MODEL_SHUTDOWNS: readonly ModelShutdown[] = [
  // dall-e-2/-3 and gpt-image-1: also the openai SDK's ImageModel notes (7.57.0).
  { variable: 'OPENAI_IMAGE_MODEL', provider: 'OpenAI', models: ['dall-e-2', 'dall-e-3'], shutdown: '2026-05-12', instead: OPENAI_INSTEAD, source: OPENAI_DEPRECATIONS },
  { variable: 'OPENAI_IMAGE_MODEL', provider: 'OpenAI', models: ['gpt-image-1'], shutdown: '2026-10-23', instead: OPENAI_INSTEAD, source: OPENAI_DEPRECATIONS },
  {
    variable: 'OPENAI_IMAGE_MODEL',
    provider: 'OpenAI',
    models: ['gpt-image-1.5', 'gpt-image-1.5-2025-12-16', 'gpt-image-1-mini', 'chatgpt-image-latest'],
    shutdown: '2026-12-01',
    instead: OPENAI_INSTEAD,
    source: OPENAI_DEPRECATIONS,
  },
  // Google gives a retirement date (the model's last day) and no successor.
  {
    variable: 'VERTEX_MODEL',
    provider: 'Google',
    models: ['virtual-try-on-001'],
    shutdown: '2027-03-15',
    instead: 'Google names no replacement: move try-on to VTON_PROVIDER=fashn or fal',
    source: 'https://docs.cloud.google.com/gemini-enterprise-agent-platform/models/vto/virtual-try-on-001',
  },
];

/** The shutdown MODEL_SHUTDOWNS knows for `model` set in `variable`, and whether `today` is past it. */
export function shutdownOf(variable: string, model: string, today: Date): (ModelShutdown & { past: boolean }) | undefined {
  const known = MODEL_SHUTDOWNS.find((entry) => entry.variable === variable && entry.models.includes(model));
  return known && { ...known, past: today.getTime() >= Date.parse(`${known.shutdown}T00:00:00Z`) };
}

/**
 * The start's check of the configured models against MODEL_SHUTDOWNS on `today`: a model already
 * shut down is an error naming what to set instead, one with a shutdown date ahead a warning with that
 * date; a model the table does not know says nothing. An error does not stop the start: the dates
 * pass on their own, and a pod restarted after one (a node drain) would otherwise take the other
 * engine's try-ons, job reads and webhooks down with the one engine whose calls now fail.
 */
export function checkModelLifecycle(chosen: readonly ChosenModel[], today: Date): ModelLifecycleNotice[] {
  const notices: ModelLifecycleNotice[] = [];
  for (const { variable, model } of chosen) {
    const known = shutdownOf(variable, model, today);
    if (!known) continue;
    const { provider, shutdown, instead, source } = known;
    notices.push(
      known.past
        ? { level: 'error', message: `${variable}=${model}: ${provider} shut this model down on ${shutdown}, and every call with it fails; ${instead} (${source})` }
        : { level: 'warn', message: `${variable}=${model}: ${provider} shuts this model down on ${shutdown}; ${instead} before then (${source})` },
    );
  }
  return notices;
}
