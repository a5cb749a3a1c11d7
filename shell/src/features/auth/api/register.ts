import { useMutation } from '@tanstack/react-query';
import type { RegisterRequest, RegisterResponse } from '@vton/contracts';
import { apiRequest } from '@vton/shell-sdk';

export async function register(body: RegisterRequest): Promise<RegisterResponse> {
  return (await apiRequest('POST', '/api/auth/register', body)).json();
}

export function useRegisterMutation() {
  return useMutation({ mutationFn: register });
}
