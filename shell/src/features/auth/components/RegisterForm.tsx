import { useEffect, useState, type FormEvent } from 'react';
import { toast } from '@vton/shell-sdk';
import { Button } from '@vton/ui';
import { useRegisterMutation } from '../api/register';
import { registerErrorToast } from '../utils/authErrors';
import { hasErrors, loadCommonPasswordCheck, validateRegister, type FieldErrors, type RegisterValues } from '../utils/validation';
import { AuthForm } from './AuthLayout';
import { focusFirstError, PasswordField, TextField } from './FormFields';
import { PasswordRequirements } from './PasswordRequirements';

/** Create Account: success remembers the address and shows "Check your email" (spec §4). */
export function RegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  // Start loading the common-passwords check as the form opens, so submitting needs no wait.
  useEffect(() => void loadCommonPasswordCheck().catch(() => undefined), []);
  const [values, setValues] = useState<RegisterValues>({ email: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors<keyof RegisterValues>>({});
  const [submitted, setSubmitted] = useState(false);
  const mutation = useRegisterMutation();

  const change = (field: keyof RegisterValues, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors(validateRegister(next));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    let found = validateRegister(values);
    // The common-passwords list is loaded when the form opens; a submit faster than that waits for it.
    if (!hasErrors(found)) found = validateRegister(values, await loadCommonPasswordCheck().catch(() => undefined));
    setErrors(found);
    if (hasErrors(found)) {
      focusFirstError(found, { email: 'register-email', password: 'register-password', confirmPassword: 'register-confirm-password' });
      return;
    }
    const email = values.email.trim();
    try {
      await mutation.mutateAsync({ email, password: values.password, confirmPassword: values.confirmPassword });
      toast({ title: 'Account created!', description: 'Please check your email to verify your account.' });
      onRegistered(email);
    } catch (error) {
      toast(registerErrorToast(error));
    }
  };

  return (
    <AuthForm noValidate onSubmit={submit} aria-label="Create account">
      <TextField
        id="register-email"
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        value={values.email}
        error={errors.email}
        onChange={(e) => change('email', e.target.value)}
      />
      <PasswordField
        id="register-password"
        label="Password"
        autoComplete="new-password"
        value={values.password}
        error={errors.password}
        describedBy="register-password-requirements"
        onChange={(e) => change('password', e.target.value)}
      />
      <PasswordRequirements id="register-password-requirements" password={values.password} />
      <PasswordField
        id="register-confirm-password"
        label="Confirm password"
        autoComplete="new-password"
        value={values.confirmPassword}
        error={errors.confirmPassword}
        onChange={(e) => change('confirmPassword', e.target.value)}
      />
      <Button type="submit" size="lg" loading={mutation.isPending}>
        {mutation.isPending ? 'Creating account...' : 'Create Account'}
      </Button>
    </AuthForm>
  );
}
