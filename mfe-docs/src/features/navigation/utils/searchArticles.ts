import type { DocArticle } from '../../../content/catalog';

/** Spec §2: a query matches an article's title, description or a tag, ignoring case. */
export function searchArticles<T extends Pick<DocArticle, 'title' | 'description' | 'tags'>>(articles: readonly T[], query: string): T[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [...articles];
  return articles.filter(
    (article) =>
      article.title.toLocaleLowerCase().includes(needle) ||
      article.description.toLocaleLowerCase().includes(needle) ||
      article.tags.some((tag) => tag.toLocaleLowerCase().includes(needle)),
  );
}
