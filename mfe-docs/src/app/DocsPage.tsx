import { Suspense, lazy, useCallback, useEffect, useId, useState } from 'react';
import { Navigate, useLocation, useParams, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { useHydrated, usePageTitle } from '@vton/shell-sdk';
import { Button, Container, media } from '@vton/ui';
import { ALL_ARTICLES, ARTICLE_ALIASES, DEFAULT_ARTICLE_ID, findArticle, sectionOf } from '../content/catalog';
import { ArticleView } from '../features/articles/components/ArticleView';
import { DocsSidebar } from '../features/navigation/components/DocsSidebar';

// Loaded with the first opening: the drawer brings Radix Dialog, which an article does not need to
// hydrate (a prerendered page that waited for it would take longer to answer a first tap).
const MobileDocsDrawer = lazy(() => import('../features/navigation/components/MobileDocsDrawer').then((m) => ({ default: m.MobileDocsDrawer })));

const Layout = styled(Container)`
  display: grid;
  grid-template-columns: 260px minmax(0, 1fr);
  gap: 48px;
  padding-top: 40px;
  padding-bottom: 64px;
  ${media.belowMobileBreakpoint} { grid-template-columns: minmax(0, 1fr); padding-top: 16px; }
`;

const DesktopSidebar = styled.aside`
  position: sticky;
  top: calc(${({ theme }) => theme.layout.headerHeight} + 24px);
  align-self: start;
  max-height: calc(100vh - ${({ theme }) => theme.layout.headerHeight} - 48px);
  overflow-y: auto;
  ${media.belowMobileBreakpoint} { display: none; }
`;

const DrawerButton = styled(Button)`
  justify-self: start;
  ${media.fromMobileBreakpoint} { display: none; }
`;

/** /docs/:articleId — the search lives in ?q= so /docs?q=… opens with it filled. */
export function DocsPage() {
  const { articleId = '' } = useParams();
  const { search } = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  // The prerendered article has no search; a ?q= from the address applies once hydrated.
  const query = useHydrated() ? (searchParams.get('q') ?? '') : '';
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerId = useId();
  const article = findArticle(articleId);
  usePageTitle(article ? `${article.title} · Docs` : 'Docs');

  useEffect(() => setDrawerOpen(false), [articleId]);

  const setQuery = useCallback(
    (next: string) =>
      setSearchParams(
        (params) => {
          const updated = new URLSearchParams(params);
          if (next) updated.set('q', next);
          else updated.delete('q');
          return updated;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  const alias = ARTICLE_ALIASES[articleId];
  if (alias) return <Navigate to={{ pathname: `/docs/${alias}`, search }} replace />;
  if (!article) return <Navigate to={{ pathname: `/docs/${DEFAULT_ARTICLE_ID}`, search }} replace />;

  const index = ALL_ARTICLES.indexOf(article);
  const closeDrawer = () => setDrawerOpen(false);

  return (
    <Layout>
      <DesktopSidebar>
        <DocsSidebar query={query} onQueryChange={setQuery} />
      </DesktopSidebar>
      <DrawerButton
        variant="outline"
        size="sm"
        aria-expanded={drawerOpen}
        aria-controls={drawerOpen ? drawerId : undefined}
        onClick={() => setDrawerOpen(true)}
      >
        Browse documentation
      </DrawerButton>
      {drawerOpen && (
        <Suspense fallback={null}>
          <MobileDocsDrawer id={drawerId} onClose={closeDrawer}>
            <DocsSidebar query={query} onQueryChange={setQuery} onNavigate={closeDrawer} />
          </MobileDocsDrawer>
        </Suspense>
      )}
      <ArticleView article={article} section={sectionOf(article.id)!.title} previous={ALL_ARTICLES[index - 1]} next={ALL_ARTICLES[index + 1]} />
    </Layout>
  );
}
