import { IsIn, IsOptional } from 'class-validator';
import { ModelName, OptionalHttpUrl } from '../../config/config-rules.js';
import type { ConfigClass } from '../provider-config.js';
import type { GoogleCloudConfig } from './google-cloud.config.js';

/** The variables of Vertex AI Virtual Try-On (VTON_PROVIDER=vertex): declared, defaulted and validated here, composed by the registry. */
export function withVertexConfig<B extends ConfigClass>(Base: B) {
  class VertexConfig extends Base {
    /** Unset: the location's host (global: aiplatform.googleapis.com; us, eu: aiplatform.{location}.rep.googleapis.com; else {location}-aiplatform.googleapis.com). */
    @OptionalHttpUrl()
    VERTEX_API_URL?: string;

    @ModelName()
    VERTEX_MODEL = 'virtual-try-on-001';

    /** Vertex AI's personGeneration parameter, passed through (allow_adult, allow_all, dont_allow); unset, Google's default. */
    @IsOptional()
    @IsIn(['dont_allow', 'allow_adult', 'allow_all'], { message: 'VERTEX_PERSON_GENERATION must be one of dont_allow, allow_adult, allow_all' })
    VERTEX_PERSON_GENERATION?: string;
  }
  return VertexConfig;
}

export type VertexConfig = InstanceType<ReturnType<typeof withVertexConfig>> & GoogleCloudConfig;

/**
 * Vertex AI's host for a location, as Google's SDKs choose it: `global` is aiplatform.googleapis.com,
 * the `us` and `eu` multi-regions their regional endpoints aiplatform.{location}.rep.googleapis.com,
 * any other region {location}-aiplatform.googleapis.com.
 */
export function vertexHost(location: string): string {
  if (location === 'global') return 'https://aiplatform.googleapis.com';
  if (location === 'us' || location === 'eu') return `https://aiplatform.${location}.rep.googleapis.com`;
  return `https://${location}-aiplatform.googleapis.com`;
}

/** Where Vertex AI is called: VERTEX_API_URL, else the location's host. The provider's base and `npm start`'s banner. */
export const vertexApiUrl = (config: VertexConfig) => config.VERTEX_API_URL ?? vertexHost(config.GOOGLE_CLOUD_LOCATION);
