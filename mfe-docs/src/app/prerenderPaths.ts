import { ALL_ARTICLES, ARTICLE_ALIASES } from '../content/catalog';

/** Every article is prerendered to HTML at build time; /docs itself only redirects. */
export const PRERENDER_PATHS = ALL_ARTICLES.map((article) => `/docs/${article.id}`);

/**
 * The docs' pages the browser renders without a prerendered file: /docs and the landing page's
 * aliases (they redirect to an article). With the articles, that is every page: any other
 * /docs/<id> is the 404 page, status 404 (issue 32).
 */
export const CLIENT_PATHS = ['/docs', ...Object.keys(ARTICLE_ALIASES).map((alias) => `/docs/${alias}`)];
