import { forwardRef, type ButtonHTMLAttributes } from 'react';
import styled, { css } from 'styled-components';
import { Spinner } from './Spinner.js';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'destructive';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Spec §4: a loading button is disabled and shows a spinner. */
  loading?: boolean;
}

const variants = {
  primary: css`
    background: ${({ theme }) => theme.gradients.brand};
    color: ${({ theme }) => theme.colors.primaryText};
    box-shadow: 0 6px 20px rgba(139, 108, 255, 0.35);
    &:hover:not(:disabled) { filter: brightness(1.08); }
  `,
  secondary: css`
    background: ${({ theme }) => theme.colors.surfaceRaised};
    color: ${({ theme }) => theme.colors.text};
    &:hover:not(:disabled) { background: #26263a; }
  `,
  outline: css`
    background: transparent;
    color: ${({ theme }) => theme.colors.text};
    border-color: ${({ theme }) => theme.colors.borderStrong};
    &:hover:not(:disabled) { background: rgba(255, 255, 255, 0.04); }
  `,
  ghost: css`
    background: transparent;
    color: ${({ theme }) => theme.colors.textMuted};
    &:hover:not(:disabled) { color: ${({ theme }) => theme.colors.text}; background: rgba(255, 255, 255, 0.06); }
  `,
  destructive: css`
    background: ${({ theme }) => theme.colors.destructive};
    color: #fff;
    &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.destructiveHover}; }
  `,
};

const sizes = {
  sm: css`height: 32px; padding: 0 12px; font-size: 14px;`,
  md: css`height: 40px; padding: 0 18px; font-size: 15px;`,
  lg: css`height: 48px; padding: 0 24px; font-size: 16px;`,
  icon: css`height: 40px; width: 40px; padding: 0;`,
};

/**
 * The button look, for anything that must look like a button: a real link styled with it
 * (`styled(Link)` + buttonStyles) keeps navigation crawlable while matching the kit.
 */
export const buttonStyles = css<{ $variant?: ButtonVariant; $size?: ButtonSize }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radii.md};
  font-weight: 600;
  white-space: nowrap;
  text-decoration: none;
  cursor: pointer;
  transition: filter 0.15s ease, background 0.15s ease, color 0.15s ease, transform 0.1s ease;
  &:active:not(:disabled) { transform: translateY(1px); }
  &:disabled { opacity: 0.55; cursor: not-allowed; }
  ${({ $variant = 'primary' }) => variants[$variant]}
  ${({ $size = 'md' }) => sizes[$size]}
`;

const StyledButton = styled.button<{ $variant: ButtonVariant; $size: ButtonSize }>`
  ${buttonStyles}
`;

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', loading = false, disabled, children, type = 'button', ...rest },
  ref,
) {
  return (
    <StyledButton
      ref={ref}
      type={type}
      $variant={variant}
      $size={size}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <Spinner size={16} />}
      {children}
    </StyledButton>
  );
});
