import { useMutation } from '@tanstack/react-query';
import type { AuthMessageResponse, ResendVerificationRequest } from '@vton/contracts';
import { apiRequest } from '@vton/shell-sdk';

export async function resendVerification(body: ResendVerificationRequest): Promise<AuthMessageResponse> {
  return (await apiRequest('POST', '/api/auth/resend-verification', body)).json();
}

export function useResendVerificationMutation() {
  return useMutation({ mutationFn: resendVerification });
}
