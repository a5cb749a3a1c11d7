import { useState, type InputHTMLAttributes } from 'react';
import styled from 'styled-components';
import { Input, Label } from '@vton/ui';

export const FieldBlock = styled.div`
  display: grid;
  gap: 2px;
`;

const InputRow = styled.div`
  position: relative;
  & > input { padding-right: 64px; }
`;

const Toggle = styled.button`
  position: absolute;
  right: 6px;
  top: 50%;
  transform: translateY(-50%);
  height: 30px;
  padding: 0 10px;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 13px;
  font-weight: 600;
  cursor: pointer;
  &:hover, &:focus-visible { color: ${({ theme }) => theme.colors.text}; background: rgba(255, 255, 255, 0.06); outline: none; }
`;

export const FieldError = styled.p`
  margin-top: 6px;
  font-size: 13px;
  color: ${({ theme }) => theme.colors.destructive};
`;

type NativeInput = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'>;

interface FieldProps extends NativeInput {
  id: string;
  label: string;
  error?: string;
  /** Ids of extra descriptions (e.g. the password requirement list). */
  describedBy?: string;
}

function describedBy(id: string, error?: string, extra?: string): string | undefined {
  return [error ? `${id}-error` : undefined, extra].filter(Boolean).join(' ') || undefined;
}

/** A labelled input whose error text is tied to it (aria-describedby, aria-invalid). */
export function TextField({ id, label, error, describedBy: extra, ...input }: FieldProps & { type?: string }) {
  return (
    <FieldBlock>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, error, extra)} {...input} />
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </FieldBlock>
  );
}

/** A password input with its own show/hide toggle. */
export function PasswordField({ id, label, error, describedBy: extra, ...input }: FieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <FieldBlock>
      <Label htmlFor={id}>{label}</Label>
      <InputRow>
        <Input
          id={id}
          type={visible ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, extra)}
          {...input}
        />
        <Toggle
          type="button"
          aria-label={`${visible ? 'Hide' : 'Show'} ${label.toLowerCase()}`}
          aria-pressed={visible}
          aria-controls={id}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? 'Hide' : 'Show'}
        </Toggle>
      </InputRow>
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </FieldBlock>
  );
}

/** Moves focus to the first field with an error (ids by field name), so Enter-submit lands there. */
export function focusFirstError(errors: object, ids: Record<string, string>): void {
  const first = Object.keys(errors)[0];
  if (first && ids[first]) document.getElementById(ids[first])?.focus();
}
