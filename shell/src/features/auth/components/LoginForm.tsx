import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast, useAuth } from '@vton/shell-sdk';
import { Button } from '@vton/ui';
import { useLoginMutation } from '../api/login';
import { loginErrorToast } from '../utils/authErrors';
import { validateLogin } from '../utils/validation';
import { AuthForm, LinkButton } from './AuthLayout';
import { EmailField, PasswordField, useFormFields } from './FormFields';

/** Sign In: e-mail and password; success stores the token, welcomes and goes to /app (spec §4). */
export function LoginForm({ onForgotPassword }: { onForgotPassword: () => void }) {
  const fields = useFormFields({ email: '', password: '' }, validateLogin, { email: 'login-email', password: 'login-password' });
  const { values } = fields;
  const mutation = useLoginMutation();
  const auth = useAuth();
  const navigate = useNavigate();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!fields.accept()) return;
    try {
      const { token } = await mutation.mutateAsync({ email: values.email.trim(), password: values.password });
      await auth.login(token);
      toast({ title: 'Welcome back!', description: 'You have successfully signed in.' });
      navigate('/app');
    } catch (error) {
      toast(loginErrorToast(error));
    }
  };

  return (
    <AuthForm noValidate onSubmit={submit} aria-label="Sign in">
      <EmailField {...fields.field('email')} />
      <PasswordField label="Password" autoComplete="current-password" {...fields.field('password')} />
      <LinkButton type="button" onClick={onForgotPassword}>
        Forgot password?
      </LinkButton>
      <Button type="submit" size="lg" loading={mutation.isPending}>
        {mutation.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
    </AuthForm>
  );
}
