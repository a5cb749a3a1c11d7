import { useState, type FormEvent } from 'react';
import { PASSWORD_RESET_LINK_HOURS } from '@vton/contracts';
import { toast } from '@vton/shell-sdk';
import { Button } from '@vton/ui';
import { useForgotPasswordMutation } from '../api/forgotPassword';
import { requestErrorToast } from '../utils/authErrors';
import { hasErrors, validateEmailOnly, type FieldErrors } from '../utils/validation';
import { AuthForm, AuthLead, AuthTitle } from './AuthLayout';
import { EmailField, focusFirstError } from './FormFields';

const expiry = PASSWORD_RESET_LINK_HOURS === 1 ? '1 hour' : `${PASSWORD_RESET_LINK_HOURS} hours`;

/** "Forgot password?": asks for the address, then says to check the inbox, whether or not it has an account. */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'email'>>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  const mutation = useForgotPasswordMutation();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateEmailOnly(email);
    setErrors(found);
    if (hasErrors(found)) {
      focusFirstError(found, { email: 'forgot-email' });
      return;
    }
    try {
      await mutation.mutateAsync({ email: email.trim() });
      setSentTo(email.trim());
    } catch (error) {
      toast(requestErrorToast('Could not send the reset link', error));
    }
  };

  if (sentTo) {
    return (
      <>
        <div>
          <AuthTitle>Check your email</AuthTitle>
          <AuthLead>
            If an account exists for <strong>{sentTo}</strong>, we&apos;ve sent a link to reset your password. The link
            expires in {expiry}.
          </AuthLead>
        </div>
        <Button variant="outline" onClick={onBack}>
          Back to sign in
        </Button>
      </>
    );
  }

  return (
    <>
      <div>
        <AuthTitle>Reset your password</AuthTitle>
        <AuthLead>Enter the e-mail address of your account and we&apos;ll send you a link to choose a new password.</AuthLead>
      </div>
      <AuthForm noValidate onSubmit={submit} aria-label="Reset your password">
        <EmailField
          id="forgot-email"
          value={email}
          error={errors.email}
          onChange={(e) => {
            setEmail(e.target.value);
            if (errors.email) setErrors(validateEmailOnly(e.target.value));
          }}
        />
        <Button type="submit" size="lg" loading={mutation.isPending}>
          {mutation.isPending ? 'Sending...' : 'Send reset link'}
        </Button>
        <Button type="button" variant="ghost" onClick={onBack}>
          Back to sign in
        </Button>
      </AuthForm>
    </>
  );
}
