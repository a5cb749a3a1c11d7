import { Link } from 'react-router-dom';
import styled from 'styled-components';

// && outweighs the article's own list rules (ul, ol as a grid), which would stack the trail vertically
const Trail = styled.nav`
  && ol { display: flex; flex-wrap: wrap; gap: 6px; margin: 0 0 16px; padding: 0; list-style: none; font-size: 14px; color: ${({ theme }) => theme.colors.textMuted}; }
  li + li::before { content: '/'; margin-right: 6px; opacity: 0.6; }
  a { color: inherit; text-decoration: none; }
  a:hover { color: ${({ theme }) => theme.colors.text}; text-decoration: underline; }
  [aria-current='page'] { color: ${({ theme }) => theme.colors.text}; }
`;

/** Docs / section / article, the article marked as the current page. */
export function Breadcrumbs({ section, title }: { section: string; title: string }) {
  return (
    <Trail aria-label="Breadcrumb">
      <ol>
        <li>
          <Link to="/docs">Docs</Link>
        </li>
        <li>{section}</li>
        <li aria-current="page">{title}</li>
      </ol>
    </Trail>
  );
}
