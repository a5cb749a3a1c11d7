import { Injectable } from '@nestjs/common';
import { ErrorCode } from '@vton/contracts';
import { ApiException, type AuthenticatedUser } from '@vton/service-kit';
import { GenerationConfig } from '../config/generation.config.js';
import type { GenerateTryOnDto } from './dto/generate-try-on.dto.js';

@Injectable()
export class TryOnService {
  constructor(private readonly config: GenerationConfig) {}

  /** Until the generation issue builds the engine client, callers get a clear 503. */
  async generate(_user: AuthenticatedUser, _request: GenerateTryOnDto): Promise<never> {
    if (!this.config.VTON_API_URL) {
      throw new ApiException(503, ErrorCode.SERVICE_UNAVAILABLE, 'The try-on engine is not configured yet (VTON_API_URL)');
    }
    throw new ApiException(503, ErrorCode.SERVICE_UNAVAILABLE, 'Try-on generation is not available yet');
  }
}
