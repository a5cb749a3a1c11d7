import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Container, media } from '@vton/ui';
import { PRODUCT_NAME, useHydrated } from '@vton/shell-sdk';

/** Spec §2 footer columns; /docs/prompts and /docs/export are the landing's own article links. */
export const FOOTER_COLUMNS = [
  {
    title: 'Getting Started',
    links: [
      { label: 'Quick Start Guide', to: '/docs/quick-start' },
      { label: 'Best Practices', to: '/docs/best-practices' },
      { label: 'Start Creating', to: '/app' },
      { label: 'FAQ', to: '/docs/faq' },
    ],
  },
  {
    title: 'Tutorials',
    links: [
      { label: 'Cropping & Masking', to: '/docs/crop-masking' },
      { label: 'Using Prompts', to: '/docs/prompts' },
      { label: 'Exporting Results', to: '/docs/export' },
      { label: 'Keyboard Shortcuts', to: '/docs/keyboard-shortcuts' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Terms of Service', to: '/terms' },
      { label: 'Privacy Policy', to: '/privacy' },
      { label: 'Cookie Policy', to: '/cookies' },
      { label: 'GDPR', to: '/gdpr' },
    ],
  },
] as const;

const Bar = styled.footer`
  margin-top: 24px;
  padding: 56px 0 32px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  font-size: 14px;
`;

const Columns = styled.div`
  display: grid;
  grid-template-columns: 1.4fr repeat(3, 1fr);
  gap: 32px;
  ${media.belowMobileBreakpoint} { grid-template-columns: 1fr 1fr; }
  h2 { margin-bottom: 12px; font-size: 14px; font-weight: 700; }
  ul { margin: 0; padding: 0; list-style: none; display: grid; gap: 8px; }
  a { color: ${({ theme }) => theme.colors.textMuted}; text-decoration: none; }
  a:hover { color: ${({ theme }) => theme.colors.text}; text-decoration: underline; }
`;

const Brand = styled.div`
  ${media.belowMobileBreakpoint} { grid-column: 1 / -1; }
  strong { font-size: 16px; }
  p { margin-top: 8px; max-width: 280px; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Copyright = styled.p`
  margin-top: 40px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * "© <year> VTON Studio…". A prerendered page carries its build's year: hydration keeps that
 * text, then the key change re-creates the line with the visitor's year (they differ only after
 * New Year).
 */
function CopyrightLine() {
  const hydrated = useHydrated();
  return (
    <Copyright key={hydrated ? 'visitor' : 'build'} suppressHydrationWarning>
      © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
    </Copyright>
  );
}

export function SiteFooter() {
  return (
    <Bar>
      <Container>
        <Columns>
          <Brand>
            <strong>{PRODUCT_NAME}</strong>
            <p>Virtual try-on and product placement for e-commerce sellers and content creators.</p>
          </Brand>
          {FOOTER_COLUMNS.map((column) => (
            <nav key={column.title} aria-label={column.title}>
              <h2>{column.title}</h2>
              <ul>
                {column.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to}>{link.label}</Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </Columns>
        <CopyrightLine />
      </Container>
    </Bar>
  );
}
