import { useMutation } from '@tanstack/react-query';
import type { AuthMessageResponse, ForgotPasswordRequest } from '@vton/contracts';
import { apiRequest } from '@vton/shell-sdk';

export async function forgotPassword(body: ForgotPasswordRequest): Promise<AuthMessageResponse> {
  return (await apiRequest('POST', '/api/auth/forgot-password', body)).json();
}

export function useForgotPasswordMutation() {
  return useMutation({ mutationFn: forgotPassword });
}
