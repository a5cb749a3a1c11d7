import { gaxios, GoogleAuth, JWT } from 'google-auth-library';
import fs from 'node:fs';

/** Google's OAuth token endpoint: google-auth-library sends every service-account grant here, whatever the file says. */
export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
export const CLOUD_PLATFORM_SCOPE = 'https://www.googleapis.com/auth/cloud-platform';

/**
 * Google credentials for Vertex AI through the standard library: a service-account JSON when
 * GOOGLE_APPLICATION_CREDENTIALS names one (built as the library's JWT client, as it recommends for
 * a credential file it did not choose itself), otherwise Application Default Credentials (the
 * same variable for other credential types, gcloud's ADC file, or the metadata server on
 * GKE/Cloud Run). The library ignores the file's `token_uri`
 * (research/providers.md), so its own transport is given a request interceptor that sends the
 * JWT-bearer grant to that `token_uri` instead: a private or test token endpoint is honoured, and
 * the assertion stays exactly what Google's endpoint expects.
 */
export function googleAuthFor(credentialsFile: string | undefined): GoogleAuth {
  if (!credentialsFile) return new GoogleAuth({ scopes: [CLOUD_PLATFORM_SCOPE] });
  let credentials: Record<string, unknown>;
  try {
    credentials = JSON.parse(fs.readFileSync(credentialsFile, 'utf8')) as Record<string, unknown>;
  } catch (error) {
    // The message names the file, never its content (it holds a private key).
    throw new Error(`GOOGLE_APPLICATION_CREDENTIALS (${credentialsFile}) is not a readable JSON file: ${(error as Error).message.split('\n')[0]}`);
  }
  if (credentials.type !== 'service_account') return new GoogleAuth({ scopes: [CLOUD_PLATFORM_SCOPE] });
  if (typeof credentials.client_email !== 'string' || typeof credentials.private_key !== 'string') {
    throw new Error(`GOOGLE_APPLICATION_CREDENTIALS (${credentialsFile}) is a service account without client_email or private_key`);
  }
  const tokenUri = typeof credentials.token_uri === 'string' ? credentials.token_uri : undefined;
  const transporter = new gaxios.Gaxios();
  if (tokenUri && tokenUri !== GOOGLE_TOKEN_URL) {
    transporter.interceptors.request.add({
      resolved: async (config) => {
        const url = config.url instanceof URL ? config.url.href : String(config.url);
        if (url === GOOGLE_TOKEN_URL) config.url = new URL(tokenUri);
        return config;
      },
    });
  }
  const client = new JWT({
    email: credentials.client_email,
    key: credentials.private_key,
    keyId: typeof credentials.private_key_id === 'string' ? credentials.private_key_id : undefined,
    scopes: [CLOUD_PLATFORM_SCOPE],
    transporter,
  });
  const projectId = typeof credentials.project_id === 'string' ? credentials.project_id : undefined;
  return new GoogleAuth({ authClient: client, ...(projectId ? { projectId } : {}) });
}
