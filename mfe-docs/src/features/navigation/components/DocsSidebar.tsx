import { useEffect, useId, useRef } from 'react';
import { NavLink, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { Input } from '@vton/ui';
import { ALL_ARTICLES, DOC_SECTIONS, type DocArticle } from '../../../content/catalog';
import { searchArticles } from '../utils/searchArticles';

const Nav = styled.nav`
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
  small { display: block; margin-top: 2px; font-size: 12px; }
`;

const SearchLabel = styled.label`
  display: block;
  margin-bottom: 6px;
  font-size: 13px;
  font-weight: 600;
`;

const Empty = styled.p`
  margin-top: 16px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 14px;
`;

interface DocsSidebarProps {
  query: string;
  onQueryChange: (query: string) => void;
  /** Called when an article link is followed (the mobile drawer closes). */
  onNavigate?: () => void;
}

/** The article list with its search box; while searching, it lists only the matches. */
export function DocsSidebar({ query, onQueryChange, onNavigate }: DocsSidebarProps) {
  const searchId = useId();
  const searchBox = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();

  // On a prerendered article, text typed before the page hydrated is in the box but not in the
  // search: take it over once.
  useEffect(() => {
    const typed = searchBox.current?.value ?? '';
    if (typed !== query) onQueryChange(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at mount
  }, []);
  const searching = query.trim() !== '';
  const matches = searching ? searchArticles(ALL_ARTICLES, query) : [];
  const search = searching ? `?q=${encodeURIComponent(query)}` : '';

  const link = (article: DocArticle, withDescription = false) => (
    <li key={article.id}>
      <NavLink to={`/docs/${article.id}${search}`} onClick={onNavigate}>
        {article.title}
        {withDescription && <small>{article.description}</small>}
      </NavLink>
    </li>
  );

  return (
    <Nav aria-label="Documentation">
      <div role="search">
        <SearchLabel htmlFor={searchId}>Search the docs</SearchLabel>
        <Input
          ref={searchBox}
          id={searchId}
          type="search"
          placeholder="Title, topic or tag"
          value={query}
          onChange={(event) => onQueryChange(event.target.value)}
          onKeyDown={(event) => {
            // Enter opens the first hit, as a search box does
            if (event.key !== 'Enter' || event.nativeEvent.isComposing || matches.length === 0) return;
            event.preventDefault();
            navigate(`/docs/${matches[0].id}${search}`);
            onNavigate?.();
          }}
        />
      </div>
      {searching ? (
        <section aria-live="polite">
          <h2>
            {matches.length} {matches.length === 1 ? 'result' : 'results'}
          </h2>
          {matches.length ? <ul>{matches.map((article) => link(article, true))}</ul> : <Empty>No articles match “{query.trim()}”.</Empty>}
        </section>
      ) : (
        DOC_SECTIONS.map((section) => (
          <section key={section.title}>
            <h2>{section.title}</h2>
            <ul>{section.articles.map((article) => link(article))}</ul>
          </section>
        ))
      )}
    </Nav>
  );
}
