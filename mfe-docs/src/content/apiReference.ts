import { createElement, lazy } from 'react';
import { API_REFERENCE_SECTIONS } from '@vton/api-reference/sections';
import type { DocArticle } from './types';

/** "Try-on jobs" → "try-on-jobs" */
const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

const TITLES: Record<string, string> = { Webhooks: 'Webhook events' };

/**
 * The "API reference" section: the quick start, the overview, and one article per tag of the
 * public API's OpenAPI document (packages/api-reference), searchable by each operation's summary
 * and path like any article. The document itself is loaded only with an operations article.
 */
export const API_ARTICLES: DocArticle[] = [
  {
    id: 'api-quick-start',
    title: 'API quick start',
    description: 'Upload a garment and a model photo, send a mask, start a try-on, wait for the webhook and download the result, with curl or TypeScript.',
    tags: ['api', 'curl', 'typescript', 'api keys', 'webhooks'],
    content: lazy(() => import('./articles/ApiQuickStart')),
  },
  {
    id: 'api-reference',
    title: 'API overview',
    description: 'API keys and their scopes, rate limits, errors, webhook signatures and the OpenAPI document.',
    tags: ['api', 'authentication', 'scopes', 'rate limit', 'errors', 'openapi'],
    content: lazy(() => import('./articles/ApiOverview')),
  },
  ...API_REFERENCE_SECTIONS.map((section) => ({
    id: `api-${slug(section.tag)}`,
    title: TITLES[section.tag] ?? `${section.tag} API`,
    description: section.description,
    tags: ['api', ...section.operations.map((o) => o.summary.toLowerCase()), ...new Set(section.operations.map((o) => o.path))],
    content: lazy(() => import('./articles/ApiOperations').then(({ ApiOperations }) => ({ default: () => createElement(ApiOperations, { tag: section.tag }) }))),
  })),
];
