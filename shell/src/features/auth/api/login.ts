import { useMutation } from '@tanstack/react-query';
import type { LoginRequest, LoginResponse } from '@vton/contracts';
import { apiRequest } from '@vton/shell-sdk';

export async function login(body: LoginRequest): Promise<LoginResponse> {
  return (await apiRequest('POST', '/api/auth/login', body)).json();
}

export function useLoginMutation() {
  return useMutation({ mutationFn: login });
}
