import { lazy } from 'react';
import { API_ARTICLES } from './apiReference';
import type { DocArticle, DocSection } from './types';

export type { DocArticle, DocSection } from './types';

/** Spec §3 "Documentation article"; content is the article body, loaded from its own chunk. */
export const DOC_SECTIONS: DocSection[] = [
  {
    title: 'Getting Started',
    articles: [
      {
        id: 'quick-start',
        title: 'Quick Start Guide',
        description: 'From a garment photo to your first try-on result in a few minutes.',
        tags: ['basics', 'upload', 'first try-on'],
        content: lazy(() => import('./articles/QuickStart')),
      },
      {
        id: 'best-practices',
        title: 'Best Practices',
        description: 'Photos, masks and batch sizes that give the most convincing results.',
        tags: ['quality', 'photos', 'resolution', 'batch'],
        content: lazy(() => import('./articles/BestPractices')),
      },
    ],
  },
  {
    title: 'Tutorials',
    articles: [
      {
        id: 'crop-masking',
        title: 'Cropping & Masking',
        description: 'Crop the garment to a square and paint where it goes on each model photo.',
        tags: ['crop', 'mask', 'brush', 'inpaint'],
        content: lazy(() => import('./articles/CropMasking')),
      },
      {
        id: 'prompt-guide',
        title: 'Using Prompts',
        description: 'Write prompts that describe the garment, its fit and how it is worn.',
        tags: ['prompt', 'text', 'style'],
        content: lazy(() => import('./articles/PromptGuide')),
      },
      {
        id: 'placing-products',
        title: 'Placing any product',
        description: 'Handbags, watches, bottles, lamps: choose Product, paint where it goes, and which placement engine to configure.',
        tags: ['product', 'placement', 'mask', 'prompt', 'gemini', 'openai', 'flux', 'pricing'],
        content: lazy(() => import('./articles/PlacingProducts')),
      },
      {
        id: 'catalogue-runs',
        title: 'Catalogue runs',
        description: 'Many products on many model photos in one go: the product library, masks per category, the grid, retry, and one ZIP of everything.',
        tags: ['catalogue', 'run', 'batch', 'collection', 'grid', 'zip', 'archive', 'manifest', 'product library'],
        content: lazy(() => import('./articles/CatalogueRuns')),
      },
      {
        id: 'export-results',
        title: 'Exporting Results',
        description: 'View, zoom, download and keep your try-on results.',
        tags: ['export', 'download', 'gallery', 'png', '4k'],
        content: lazy(() => import('./articles/ExportResults')),
      },
    ],
  },
  {
    title: 'Reference',
    articles: [
      {
        id: 'faq',
        title: 'FAQ',
        description: 'Answers about formats, limits, speed, credits and privacy.',
        tags: ['help', 'questions', 'credits', 'formats'],
        content: lazy(() => import('./articles/Faq')),
      },
      {
        id: 'troubleshooting',
        title: 'Troubleshooting',
        description: 'What each error message means and what to do about it.',
        tags: ['help', 'errors', 'sign in', 'generation'],
        content: lazy(() => import('./articles/Troubleshooting')),
      },
      {
        id: 'keyboard-shortcuts',
        title: 'Keyboard Shortcuts',
        description: 'Pan, zoom, undo, redo and brush keys of the mask editor.',
        tags: ['keyboard', 'shortcuts', 'mask editor'],
        content: lazy(() => import('./articles/KeyboardShortcuts')),
      },
      {
        id: 'try-on-providers',
        title: 'Choosing a try-on provider',
        description: 'The built-in engine (a preview), FASHN, Google Vertex AI and fal.ai for garments, the placement engines for products: setup, time and cost per image, and what stays untouched in your photo.',
        tags: ['providers', 'fashn', 'vertex', 'fal', 'pricing', 'setup'],
        content: lazy(() => import('./articles/TryOnProviders')),
      },
    ],
  },
  // Generated from the public API's OpenAPI document (see apiReference.ts).
  { title: 'API reference', articles: API_ARTICLES },
];

export const ALL_ARTICLES: DocArticle[] = DOC_SECTIONS.flatMap((section) => section.articles);

export const DEFAULT_ARTICLE_ID = 'quick-start';

/**
 * Spec §2: the landing page links /docs/prompts and /docs/export while the articles are
 * prompt-guide and export-results; both readings stand, so the short ids lead to the articles.
 */
export const ARTICLE_ALIASES: Record<string, string> = {
  prompts: 'prompt-guide',
  export: 'export-results',
};

export function findArticle(id: string | undefined): DocArticle | undefined {
  return ALL_ARTICLES.find((article) => article.id === id);
}

export function sectionOf(id: string): DocSection | undefined {
  return DOC_SECTIONS.find((section) => section.articles.some((article) => article.id === id));
}
