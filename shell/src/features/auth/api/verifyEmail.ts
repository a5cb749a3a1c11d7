import type { VerifyEmailResponse } from '@vton/contracts';
import { apiRequest } from '@vton/shell-sdk';

/** Spec §7: POST with the token in the query and no body. */
export async function verifyEmailAndLogin(token: string): Promise<VerifyEmailResponse> {
  return (await apiRequest('POST', `/api/auth/verify-email-and-login?token=${encodeURIComponent(token)}`)).json();
}
