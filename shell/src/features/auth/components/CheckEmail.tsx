import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { VERIFICATION_LINK_HOURS } from '@vton/contracts';
import { toast } from '@vton/shell-sdk';
import { Button } from '@vton/ui';
import { useResendVerificationMutation } from '../api/resendVerification';
import { requestErrorToast } from '../utils/authErrors';
import { AuthLead, AuthTitle } from './AuthLayout';

const Tips = styled.ul`
  display: grid;
  gap: 8px;
  margin: 0;
  padding-left: 20px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Actions = styled.div`
  display: grid;
  gap: 10px;
`;

/** After registration (spec §2): the address, what to do next, and Back to Home. */
export function CheckEmail({ email }: { email: string }) {
  const navigate = useNavigate();
  const resend = useResendVerificationMutation();

  const resendLink = async () => {
    try {
      await resend.mutateAsync({ email });
      toast({ title: 'Email sent', description: `We've sent a new verification link to ${email}.` });
    } catch (error) {
      toast(requestErrorToast('Could not resend the email', error));
    }
  };

  return (
    <>
      <div>
        <AuthTitle>Check your email</AuthTitle>
        <AuthLead>
          We&apos;ve sent a verification link to <strong>{email}</strong>.
        </AuthLead>
      </div>
      <Tips aria-label="Tips">
        <li>Click the link in the email to verify your account.</li>
        <li>Check your spam folder if you don&apos;t see it.</li>
        <li>The link expires in {VERIFICATION_LINK_HOURS} hours.</li>
      </Tips>
      <Actions>
        <Button onClick={() => navigate('/')}>Back to Home</Button>
        <Button variant="ghost" loading={resend.isPending} onClick={resendLink}>
          {resend.isPending ? 'Sending...' : 'Resend email'}
        </Button>
      </Actions>
    </>
  );
}
