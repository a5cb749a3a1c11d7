import { ServiceConfig } from '@vton/service-kit';
import { IsNotEmpty, IsString, IsUrl } from 'class-validator';

export class MediaConfig extends ServiceConfig {
  PORT = 3002;
  DATABASE_SCHEMA = 'media';

  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] }, { message: 'S3_ENDPOINT must be an http(s) URL' })
  S3_ENDPOINT!: string;

  @IsString({ message: 'S3_ACCESS_KEY must be set' })
  @IsNotEmpty({ message: 'S3_ACCESS_KEY must be set' })
  S3_ACCESS_KEY!: string;

  @IsString({ message: 'S3_SECRET_KEY must be set' })
  @IsNotEmpty({ message: 'S3_SECRET_KEY must be set' })
  S3_SECRET_KEY!: string;

  @IsString()
  @IsNotEmpty({ message: 'S3_BUCKET must not be empty' })
  S3_BUCKET = 'vton-media';

  @IsString()
  @IsNotEmpty({ message: 'S3_REGION must not be empty' })
  S3_REGION = 'us-east-1';
}
