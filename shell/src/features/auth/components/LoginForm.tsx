import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast, useAuth } from '@vton/shell-sdk';
import { Button } from '@vton/ui';
import { useLoginMutation } from '../api/login';
import { loginErrorToast } from '../utils/authErrors';
import { hasErrors, validateLogin, type FieldErrors, type LoginValues } from '../utils/validation';
import { AuthForm, LinkButton } from './AuthLayout';
import { focusFirstError, PasswordField, TextField } from './FormFields';

/** Sign In: e-mail and password; success stores the token, welcomes and goes to /app (spec §4). */
export function LoginForm({ onForgotPassword }: { onForgotPassword: () => void }) {
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<keyof LoginValues>>({});
  const [submitted, setSubmitted] = useState(false);
  const mutation = useLoginMutation();
  const auth = useAuth();
  const navigate = useNavigate();

  const change = (field: keyof LoginValues, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors(validateLogin(next));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validateLogin(values);
    setErrors(found);
    if (hasErrors(found)) {
      focusFirstError(found, { email: 'login-email', password: 'login-password' });
      return;
    }
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
      <TextField
        id="login-email"
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        value={values.email}
        error={errors.email}
        onChange={(e) => change('email', e.target.value)}
      />
      <PasswordField
        id="login-password"
        label="Password"
        autoComplete="current-password"
        value={values.password}
        error={errors.password}
        onChange={(e) => change('password', e.target.value)}
      />
      <LinkButton type="button" onClick={onForgotPassword}>
        Forgot password?
      </LinkButton>
      <Button type="submit" size="lg" loading={mutation.isPending}>
        {mutation.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
    </AuthForm>
  );
}
