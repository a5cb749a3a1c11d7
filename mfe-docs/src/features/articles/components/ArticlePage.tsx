import { Navigate, NavLink, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { usePageTitle } from '@vton/shell-sdk';
import { Container, media } from '@vton/ui';
import { DEFAULT_ARTICLE_ID, DOC_SECTIONS, findArticle } from '../data/articles';

const Layout = styled(Container)`
  display: grid;
  grid-template-columns: 240px 1fr;
  gap: 48px;
  padding-top: 48px;
  padding-bottom: 64px;
  ${media.belowMobileBreakpoint} { grid-template-columns: 1fr; }
`;

const Sidebar = styled.nav`
  h2 { margin: 20px 0 8px; font-size: 12px; text-transform: uppercase; letter-spacing: 0.08em; color: ${({ theme }) => theme.colors.textMuted}; }
  ul { margin: 0; padding: 0; list-style: none; }
  a {
    display: block;
    padding: 6px 10px;
    border-radius: ${({ theme }) => theme.radii.sm};
    text-decoration: none;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  a:hover { color: ${({ theme }) => theme.colors.text}; }
  a[aria-current='page'] { color: ${({ theme }) => theme.colors.text}; background: rgba(139, 108, 255, 0.16); }
`;

const Article = styled.article`
  h1 { font-size: 36px; }
  p { margin-top: 12px; color: ${({ theme }) => theme.colors.textMuted}; }
`;

/** One documentation article; bare /docs and unknown ids go to the quick-start article. */
export function ArticlePage() {
  const { articleId } = useParams();
  const article = findArticle(articleId);
  usePageTitle(article ? `${article.title} · Docs` : undefined);
  if (!article) return <Navigate to={`/docs/${DEFAULT_ARTICLE_ID}`} replace />;
  return (
    <Layout>
      <Sidebar aria-label="Documentation">
        {DOC_SECTIONS.map((section) => (
          <section key={section.title}>
            <h2>{section.title}</h2>
            <ul>
              {section.articles.map((item) => (
                <li key={item.id}>
                  <NavLink to={`/docs/${item.id}`}>{item.title}</NavLink>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </Sidebar>
      <Article>
        <h1>{article.title}</h1>
        <p>{article.description}</p>
      </Article>
    </Layout>
  );
}
