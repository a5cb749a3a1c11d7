import { lazy } from 'react';
import { API_ARTICLES } from './apiReference';
import SECTIONS from './catalog.json';
import type { DocArticle, DocSection } from './types';

export type { DocArticle, DocSection } from './types';

/** Spec §3 "Documentation article"; content is the article body, loaded from its own chunk. */
export const DOC_SECTIONS: DocSection[] = [
  // The written articles are data (catalog.json); `body` names each one's component in articles/.
  ...SECTIONS.map((section) => ({
    title: section.title,
    articles: section.articles.map(({ body, ...article }) => ({
      ...article,
      content: lazy(() => import(/* webpackExclude: /\.spec\./ */ `./articles/${body}`)),
    })),
  })),
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
