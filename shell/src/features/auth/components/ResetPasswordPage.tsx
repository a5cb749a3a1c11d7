import { useEffect, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from '@vton/shell-sdk';
import { Button } from '@vton/ui';
import { useResetPasswordMutation } from '../api/resetPassword';
import { useSearchMetadata } from '../hooks/useSearchMetadata';
import { requestErrorToast } from '../utils/authErrors';
import { hasErrors, loadCommonPasswordCheck, validateNewPassword } from '../utils/validation';
import { AuthCard, AuthForm, AuthLayout, AuthLead, AuthTitle } from './AuthLayout';
import { NewPasswordFields, useFormFields } from './FormFields';

/** /reset-password?token=…: a new password with the registration rules, then sign in. */
export function ResetPasswordPage() {
  useSearchMetadata({
    title: 'Reset password',
    description: 'Choose a new password for your VTON Studio account.',
    noIndex: true,
  });
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const navigate = useNavigate();
  // Start loading the common-passwords check as the form opens, so submitting needs no wait.
  useEffect(() => void loadCommonPasswordCheck().catch(() => undefined), []);
  const fields = useFormFields({ password: '', confirmPassword: '' }, validateNewPassword, { password: 'reset-password', confirmPassword: 'reset-confirm-password' });
  const { values } = fields;
  const mutation = useResetPasswordMutation();

  if (!token) {
    return (
      <AuthLayout>
        <AuthCard role="alert">
          <div>
            <AuthTitle>Invalid reset link</AuthTitle>
            <AuthLead>No token provided. Request a new link to reset your password.</AuthLead>
          </div>
          <Button onClick={() => navigate('/auth?tab=forgot')}>Request a new link</Button>
        </AuthCard>
      </AuthLayout>
    );
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    let found = validateNewPassword(values);
    // The common-passwords list is loaded when the form opens; a submit faster than that waits for it.
    if (!hasErrors(found)) found = validateNewPassword(values, await loadCommonPasswordCheck().catch(() => undefined));
    if (!fields.accept(found)) return;
    try {
      await mutation.mutateAsync({ token, ...values });
      toast({ title: 'Password updated', description: 'You can now sign in with your new password.' });
      navigate('/auth?tab=login', { replace: true });
    } catch (error) {
      toast(requestErrorToast('Password reset failed', error));
    }
  };

  return (
    <AuthLayout>
      <AuthCard>
        <div>
          <AuthTitle>Choose a new password</AuthTitle>
          <AuthLead>Use it the next time you sign in to your studio.</AuthLead>
        </div>
        <AuthForm noValidate onSubmit={submit} aria-label="Choose a new password">
          <NewPasswordFields fields={fields} label="New password" requirementsId="reset-password-requirements" />
          <Button type="submit" size="lg" loading={mutation.isPending}>
            {mutation.isPending ? 'Resetting password...' : 'Reset password'}
          </Button>
        </AuthForm>
      </AuthCard>
    </AuthLayout>
  );
}
