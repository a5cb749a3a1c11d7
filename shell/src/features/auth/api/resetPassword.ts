import { useMutation } from '@tanstack/react-query';
import type { AuthMessageResponse, ResetPasswordRequest } from '@vton/contracts';
import { apiRequest } from '@vton/shell-sdk';

export async function resetPassword(body: ResetPasswordRequest): Promise<AuthMessageResponse> {
  return (await apiRequest('POST', '/api/auth/reset-password', body)).json();
}

export function useResetPasswordMutation() {
  return useMutation({ mutationFn: resetPassword });
}
