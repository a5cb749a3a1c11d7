import { Module, type DynamicModule } from '@nestjs/common';
import { BILLING_PATHS, INTERNAL_BILLING_PATHS } from '@vton/contracts';
import { defineService, ServiceKitModule } from '@vton/service-kit';
import { AccountsModule } from './accounts/accounts.module.js';
import { ApiKeysModule } from './api-keys/api-keys.module.js';
import { ApiKeysService } from './api-keys/api-keys.service.js';
import { BillingModule } from './billing/billing.module.js';
import { ApiReferenceController } from './api-reference/api-reference.controller.js';
import { AuthConfig } from './config/auth.config.js';
import { authDatabase } from './database/data-source.js';
import { SessionsModule } from './sessions/sessions.module.js';
import { SessionsService } from './sessions/sessions.service.js';
import { SigningKeys } from './tokens/signing-keys.js';
import { TokensModule } from './tokens/tokens.module.js';

@Module({})
export class AppModule {
  static register(config: AuthConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        // svc-auth verifies its own tokens with its own key and asks its own sessions and API keys tables.
        ServiceKitModule.forRoot({
          app: 'svc-auth',
          config,
          database: authDatabase,
          jwtKeys: SigningKeys,
          sessions: SessionsService,
          apiKeys: ApiKeysService,
          imports: [SessionsModule, ApiKeysModule],
        }),
        TokensModule,
        AccountsModule,
        BillingModule,
      ],
      controllers: [ApiReferenceController],
    };
  }
}

export const authService = defineService({
  app: 'svc-auth',
  title: 'svc-auth: accounts and tokens',
  config: AuthConfig,
  database: authDatabase,
  module: (config) => AppModule.register(config),
  // Stripe signs the exact bytes it sends; events can be larger than the 32kb of JSON bodies.
  rawBody: { paths: [BILLING_PATHS.stripeWebhook], limit: '1mb' },
  // svc-generation's batches: a 500-cell run reserves 500 keys, each with its note (up to ~170 kB).
  largerJsonBody: { paths: [INTERNAL_BILLING_PATHS.reservations, INTERNAL_BILLING_PATHS.settlements], limit: '512kb' },
});
