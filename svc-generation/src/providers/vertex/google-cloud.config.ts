import { IsOptional, IsString, Matches } from 'class-validator';
import type { ConfigClass } from '../provider-config.js';

/** The variables of Google Cloud's credentials, project and location, which Vertex AI (VTON_PROVIDER=vertex) and Gemini through Vertex AI (PLACEMENT_PROVIDER=gemini) share: declared, defaulted and validated here, composed by the registry. */
export function withGoogleCloudConfig<B extends ConfigClass>(Base: B) {
  class GoogleCloudConfig extends Base {
    /** A Google service-account JSON (its token_uri is honoured); unset: Application Default Credentials. */
    @IsOptional()
    @IsString()
    GOOGLE_APPLICATION_CREDENTIALS?: string;

    /** The Google Cloud project; unset: the credentials' project. */
    @IsOptional()
    @IsString()
    GOOGLE_CLOUD_PROJECT?: string;

    @Matches(/^[a-z0-9-]+$/, { message: 'GOOGLE_CLOUD_LOCATION must be a region such as us-central1' })
    GOOGLE_CLOUD_LOCATION = 'us-central1';
  }
  return GoogleCloudConfig;
}

export type GoogleCloudConfig = InstanceType<ReturnType<typeof withGoogleCloudConfig>>;
