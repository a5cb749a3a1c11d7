import { memo, Suspense } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { LoadingState } from '@vton/ui';
import type { DocArticle } from '../../../content/catalog';
import { Breadcrumbs } from './Breadcrumbs';

const Article = styled.article`
  min-width: 0;
  h1 { font-size: clamp(30px, 4vw, 40px); }
  h2 { margin-top: 36px; font-size: 22px; }
  p, li, td { color: ${({ theme }) => theme.colors.textMuted}; }
  p { margin-top: 12px; }
  strong, em, th { color: ${({ theme }) => theme.colors.text}; }
  ul, ol { margin: 12px 0 0; padding-left: 22px; display: grid; gap: 8px; }
  a { color: ${({ theme }) => theme.colors.primaryHover}; }
  code, kbd {
    padding: 1px 6px;
    border-radius: 6px;
    background: ${({ theme }) => theme.colors.surfaceRaised};
    border: 1px solid ${({ theme }) => theme.colors.borderStrong};
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: 0.9em;
    color: ${({ theme }) => theme.colors.text};
  }
  pre {
    margin-top: 12px;
    padding: 14px 16px;
    overflow-x: auto;
    border-radius: 10px;
    background: ${({ theme }) => theme.colors.surfaceRaised};
    border: 1px solid ${({ theme }) => theme.colors.border};
    font-size: 13px;
    line-height: 1.55;
  }
  pre code { padding: 0; border: 0; background: none; font-size: inherit; }
  table { width: 100%; margin-top: 12px; border-collapse: collapse; font-size: 15px; }
  caption { text-align: left; padding-bottom: 8px; color: ${({ theme }) => theme.colors.textMuted}; font-size: 13px; }
  th, td { padding: 10px 12px; text-align: left; vertical-align: top; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; }
  thead th { font-size: 13px; text-transform: uppercase; letter-spacing: 0.06em; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Lead = styled.p`
  && { margin-top: 12px; font-size: 18px; color: ${({ theme }) => theme.colors.text}; }
`;

const Tags = styled.ul`
  && { display: flex; flex-wrap: wrap; gap: 8px; margin: 16px 0 8px; padding: 0; list-style: none; }
  a {
    display: inline-block;
    padding: 2px 10px;
    border-radius: ${({ theme }) => theme.radii.pill};
    border: 1px solid ${({ theme }) => theme.colors.borderStrong};
    color: ${({ theme }) => theme.colors.text};
    font-size: 13px;
    text-decoration: none;
  }
  a:hover { background: rgba(139, 108, 255, 0.16); }
`;

const Pager = styled.nav`
  display: flex;
  justify-content: space-between;
  gap: 16px;
  margin-top: 48px;
  padding-top: 20px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  a { text-decoration: none; }
  span { display: block; font-size: 13px; color: ${({ theme }) => theme.colors.textMuted}; }
`;

interface ArticleViewProps {
  article: DocArticle;
  section: string;
  previous?: DocArticle;
  next?: DocArticle;
}

/**
 * One article: breadcrumbs, title, description, tags (each a search), its body and the
 * neighbours. Memoised: a search typed in the sidebar (or applied right after hydration) must not
 * re-render an article whose prerendered body is still hydrating.
 */
export const ArticleView = memo(function ArticleView({ article, section, previous, next }: ArticleViewProps) {
  const Content = article.content;
  return (
    <Article aria-labelledby="doc-title">
      <Breadcrumbs section={section} title={article.title} />
      <h1 id="doc-title">{article.title}</h1>
      <Lead>{article.description}</Lead>
      <Tags aria-label="Tags">
        {article.tags.map((tag) => (
          <li key={tag}>
            <Link to={`/docs/${article.id}?q=${encodeURIComponent(tag)}`}>
              #{tag}
            </Link>
          </li>
        ))}
      </Tags>
      <Suspense fallback={<LoadingState text="Loading article..." />}>
        <Content />
      </Suspense>
      <Pager aria-label="More articles">
        {previous ? (
          <Link to={`/docs/${previous.id}`} rel="prev">
            <span>Previous</span>
            {previous.title}
          </Link>
        ) : (
          <span />
        )}
        {next && (
          <Link to={`/docs/${next.id}`} rel="next" style={{ textAlign: 'right' }}>
            <span>Next</span>
            {next.title}
          </Link>
        )}
      </Pager>
    </Article>
  );
});
