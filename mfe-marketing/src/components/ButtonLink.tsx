import { Link } from 'react-router-dom';
import styled, { css } from 'styled-components';

/** A link that looks like the UI kit's primary or outline button: navigation stays a real <a href>. */
export const ButtonLink = styled(Link)<{ $variant?: 'primary' | 'outline'; $size?: 'md' | 'lg' }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radii.md};
  font-weight: 600;
  white-space: nowrap;
  text-decoration: none;
  transition: filter 0.15s ease, background 0.15s ease;
  ${({ $size = 'md' }) =>
    $size === 'lg' ? css`height: 48px; padding: 0 28px; font-size: 16px;` : css`height: 40px; padding: 0 18px; font-size: 15px;`}
  ${({ $variant = 'primary', theme }) =>
    $variant === 'primary'
      ? css`
          background: ${theme.gradients.brand};
          color: ${theme.colors.primaryText};
          box-shadow: 0 6px 20px rgba(139, 108, 255, 0.35);
          &:hover { filter: brightness(1.08); }
        `
      : css`
          color: ${theme.colors.text};
          border-color: ${theme.colors.borderStrong};
          &:hover { background: rgba(255, 255, 255, 0.04); }
        `}
`;
