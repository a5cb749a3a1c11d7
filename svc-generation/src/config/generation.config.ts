import { ServiceConfig } from '@vton/service-kit';
import { IsOptional, IsUrl } from 'class-validator';

export class GenerationConfig extends ServiceConfig {
  PORT = 3003;
  DATABASE_SCHEMA = 'generation';

  /** The try-on engine; unset until the generation issue brings the local one. */
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] }, { message: 'VTON_API_URL must be an http(s) URL' })
  VTON_API_URL?: string;

  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] }, { message: 'MEDIA_SERVICE_URL must be an http(s) URL' })
  MEDIA_SERVICE_URL = 'http://127.0.0.1:3002';
}
