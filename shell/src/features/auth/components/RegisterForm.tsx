import { useEffect, type FormEvent } from 'react';
import { toast } from '@vton/shell-sdk';
import { Button } from '@vton/ui';
import { useRegisterMutation } from '../api/register';
import { registerErrorToast } from '../utils/authErrors';
import { hasErrors, loadCommonPasswordCheck, validateRegister } from '../utils/validation';
import { AuthForm } from './AuthLayout';
import { EmailField, NewPasswordFields, useFormFields } from './FormFields';

/** Create Account: success remembers the address and shows "Check your email" (spec §4). */
export function RegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  // Start loading the common-passwords check as the form opens, so submitting needs no wait.
  useEffect(() => void loadCommonPasswordCheck().catch(() => undefined), []);
  const fields = useFormFields({ email: '', password: '', confirmPassword: '' }, validateRegister, {
    email: 'register-email',
    password: 'register-password',
    confirmPassword: 'register-confirm-password',
  });
  const { values } = fields;
  const mutation = useRegisterMutation();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    let found = validateRegister(values);
    // The common-passwords list is loaded when the form opens; a submit faster than that waits for it.
    if (!hasErrors(found)) found = validateRegister(values, await loadCommonPasswordCheck().catch(() => undefined));
    if (!fields.accept(found)) return;
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
      <EmailField {...fields.field('email')} />
      <NewPasswordFields fields={fields} label="Password" requirementsId="register-password-requirements" />
      <Button type="submit" size="lg" loading={mutation.isPending}>
        {mutation.isPending ? 'Creating account...' : 'Create Account'}
      </Button>
    </AuthForm>
  );
}
