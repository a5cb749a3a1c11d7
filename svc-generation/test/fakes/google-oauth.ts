import { generateKeyPairSync, randomBytes, verify, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sendJson, type RecordedRequest } from './fake-server.js';

const GOOGLE_TOKEN_AUDIENCE = 'https://oauth2.googleapis.com/token';
const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/** google.rpc.Status, the error body of every Google API. */
export const googleError = (code: number, status: string, message: string, details?: object[]) => ({ error: { code, message, status, ...(details ? { details } : {}) } });

/**
 * Google's OAuth token endpoint for one service account, as the Vertex AI and Gemini fakes serve it:
 * it takes the JWT-bearer grant (RFC 7523), checks the assertion's RS256 signature against the
 * account's public key, its issuer, audience, scope and lifetime, and issues short-lived access
 * tokens that `bearerIsValid` then accepts. `writeCredentials` writes the account's JSON with its
 * `token_uri` pointing at the fake (and one signed with a key the fake does not know).
 */
export class GoogleOAuthFake {
  readonly project = 'studio-test-project';
  readonly clientEmail = 'try-on@studio-test-project.iam.gserviceaccount.com';
  tokensIssued = 0;
  private readonly keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  private readonly stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  private readonly tokens = new Map<string, number>();

  /** Answers POST /token; false for any other request. */
  handle(req: RecordedRequest, res: http.ServerResponse): boolean {
    if (req.method !== 'POST' || req.path !== '/token') return false;
    if (!/^application\/x-www-form-urlencoded/.test(req.headers['content-type'] ?? '')) {
      sendJson(res, 400, { error: 'invalid_request', error_description: 'Content-Type must be application/x-www-form-urlencoded' });
      return true;
    }
    const form = new URLSearchParams(req.body.toString('utf8'));
    if (form.get('grant_type') !== JWT_BEARER) {
      sendJson(res, 400, { error: 'unsupported_grant_type', error_description: 'Invalid grant_type' });
      return true;
    }
    const problem = checkAssertion(form.get('assertion') ?? '', this.keys.publicKey, this.clientEmail);
    if (problem) {
      sendJson(res, 400, { error: 'invalid_grant', error_description: problem });
      return true;
    }
    const token = `ya29.fake-${randomBytes(12).toString('hex')}`;
    this.tokens.set(token, Date.now() + 3599_000);
    this.tokensIssued++;
    sendJson(res, 200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
    return true;
  }

  /** Whether `Authorization: Bearer …` carries a token this endpoint issued and that has not expired. */
  bearerIsValid(authorization: string | undefined): boolean {
    const bearer = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
    const expires = bearer ? this.tokens.get(bearer) : undefined;
    return !!expires && expires >= Date.now();
  }

  /** The service-account files: `credentialsFile` (this account) and `wrongKeyCredentialsFile` (signed with a key the endpoint refuses). */
  writeCredentials(tokenUri: string, dir?: string): { dir: string; credentialsFile: string; wrongKeyCredentialsFile: string } {
    const folder = dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'google-fake-'));
    fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
    const account = (key: KeyObject) => ({
      type: 'service_account',
      project_id: this.project,
      private_key_id: randomBytes(20).toString('hex'),
      private_key: key.export({ type: 'pkcs8', format: 'pem' }).toString(),
      client_email: this.clientEmail,
      client_id: '123456789012345678901',
      auth_uri: 'https://accounts.google.com/o/oauth2/auth',
      token_uri: tokenUri,
      universe_domain: 'googleapis.com',
    });
    const credentialsFile = path.join(folder, 'service-account.json');
    const wrongKeyCredentialsFile = path.join(folder, 'wrong-key.json');
    fs.writeFileSync(credentialsFile, JSON.stringify(account(this.keys.privateKey)), { mode: 0o600 });
    fs.writeFileSync(wrongKeyCredentialsFile, JSON.stringify(account(this.stranger)), { mode: 0o600 });
    return { dir: folder, credentialsFile, wrongKeyCredentialsFile };
  }
}

/** Google's checks of a JWT-bearer assertion (RFC 7523): RS256 signature, issuer, audience, scope and a lifetime of at most an hour. */
function checkAssertion(assertion: string, publicKey: KeyObject, clientEmail: string): string | null {
  const parts = assertion.split('.');
  if (parts.length !== 3) return 'Invalid JWT: Token must be a short-lived token and in a reasonable timeframe';
  const [header, payload, signature] = parts;
  let head: { alg?: string };
  let claims: { iss?: string; aud?: string; scope?: string; iat?: number; exp?: number };
  try {
    head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return 'Invalid JWT: malformed';
  }
  if (head.alg !== 'RS256') return 'Invalid JWT: algorithm must be RS256';
  if (!verify('RSA-SHA256', Buffer.from(`${header}.${payload}`), publicKey, Buffer.from(signature, 'base64url'))) return 'Invalid JWT Signature.';
  if (claims.iss !== clientEmail) return 'Invalid JWT: unknown issuer';
  if (claims.aud !== GOOGLE_TOKEN_AUDIENCE) return 'Invalid JWT: audience must be https://oauth2.googleapis.com/token';
  if (!claims.scope?.split(' ').includes('https://www.googleapis.com/auth/cloud-platform')) return 'Invalid JWT: missing the cloud-platform scope';
  const now = Math.floor(Date.now() / 1000);
  if (!claims.iat || !claims.exp || claims.exp - claims.iat > 3600 || claims.iat > now + 300 || claims.exp < now) {
    return 'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.';
  }
  return null;
}
