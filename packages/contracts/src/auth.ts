/** Auth calls of spec §7. */
export interface LoginRequest { email: string; password: string }
export interface LoginResponse { token: string }
export interface RegisterRequest { email: string; password: string; confirmPassword: string }
export interface VerifyEmailResponse { success: boolean; token: string; message: string }
export interface CurrentUser { id: number; email: string; isEmailVerified: 'true' | 'false'; createdAt: string }
export interface MeResponse { user: CurrentUser }

/** JWT claims every service checks (issuer, audience; ES256 from svc-auth's JWKS). */
export const JWT_ISSUER = 'vton-studio/svc-auth';
export const JWT_AUDIENCE = 'vton-studio';
export const JWT_ALGORITHM = 'ES256';
export const JWKS_PATH = '/api/auth/.well-known/jwks.json';
