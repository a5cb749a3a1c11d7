import { useState, type ChangeEvent, type InputHTMLAttributes } from 'react';
import styled from 'styled-components';
import { Input, Label } from '@vton/ui';
import { hasErrors, type FieldErrors } from '../utils/validation';
import { PasswordRequirements } from './PasswordRequirements';

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

/**
 * The fields of an auth form: their values, the errors shown (checked again on every change once
 * the form was submitted), and on submit the first wrong field focused. `ids` are the inputs' ids.
 */
export function useFormFields<V extends Record<string, string>>(initial: V, validate: (values: V) => FieldErrors<keyof V & string>, ids: Record<keyof V, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<keyof V & string>>({});
  const [submitted, setSubmitted] = useState(false);
  /** What a field's input takes: its id, value, error and change handler. */
  const field = (name: keyof V & string) => ({
    id: ids[name],
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [name]: event.target.value };
      setValues(next);
      if (submitted) setErrors(validate(next));
    },
  });
  /** On submit: shows what `found` says is wrong and focuses its first field; true when nothing is. */
  const accept = (found = validate(values)): boolean => {
    setSubmitted(true);
    setErrors(found);
    if (!hasErrors(found)) return true;
    focusFirstError(found, ids);
    return false;
  };
  return { values, field, accept };
}

type FormFields<V extends Record<string, string>> = ReturnType<typeof useFormFields<V>>;

/** The e-mail address every auth form starts with. */
export function EmailField(props: Omit<FieldProps, 'label'>) {
  return <TextField label="Email" type="email" autoComplete="email" placeholder="you@example.com" {...props} />;
}

/** A new password, the rules it must keep and its confirmation (registration and reset). */
export function NewPasswordFields({ fields, label, requirementsId }: { fields: FormFields<{ password: string; confirmPassword: string }>; label: string; requirementsId: string }) {
  return (
    <>
      <PasswordField label={label} autoComplete="new-password" describedBy={requirementsId} {...fields.field('password')} />
      <PasswordRequirements id={requirementsId} password={fields.values.password} />
      <PasswordField label={`Confirm ${label.toLowerCase()}`} autoComplete="new-password" {...fields.field('confirmPassword')} />
    </>
  );
}
