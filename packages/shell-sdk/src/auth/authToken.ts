import { AUTH_TOKEN_STORAGE_KEY } from '@vton/contracts';

/** The stored sign-in token, or null when there is none or storage is unavailable (privacy mode: anonymous). */
export function getAuthToken(): string | null {
  try {
    return localStorage.getItem(AUTH_TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}
