/**
 * svc-auth's public entry for other services' tests (`svc-auth/testing`): they start the real
 * svc-auth and issue its tokens through this, never by reaching into its src/.
 */
export { authService } from './app.module.js';
export { SigningKeys } from './tokens/signing-keys.js';
export { TokenService } from './tokens/token.service.js';
