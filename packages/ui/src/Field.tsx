import styled, { css } from 'styled-components';

export const Label = styled.label`
  display: block;
  margin-bottom: 6px;
  font-size: 14px;
  font-weight: 500;
  color: ${({ theme }) => theme.colors.text};
`;

/** The box a seller types into, one line or several. */
const fieldBox = css`
  width: 100%;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  &::placeholder { color: ${({ theme }) => theme.colors.textMuted}; }
`;

export const Input = styled.input`
  ${fieldBox}
  height: 42px;
  padding: 0 12px;
  transition: border-color 0.15s ease;
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focusRing}; outline-offset: 1px; border-color: transparent; }
  &[aria-invalid='true'] { border-color: ${({ theme }) => theme.colors.destructive}; }
`;

/** A fieldset without the browser's frame: it groups controls (disabled, it disables them all) and the caller lays them out. */
export const Fieldset = styled.fieldset`
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;
`;

export const Textarea = styled.textarea`
  ${fieldBox}
  padding: 10px 12px;
  resize: vertical;
`;
