import { ALL_ARTICLES } from '../content/catalog';

/** Every article is prerendered to HTML at build time; /docs itself only redirects. */
export const PRERENDER_PATHS = ALL_ARTICLES.map((article) => `/docs/${article.id}`);
