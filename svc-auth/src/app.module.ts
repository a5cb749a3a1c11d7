import { Module, type DynamicModule } from '@nestjs/common';
import { defineService, ServiceKitModule } from '@vton/service-kit';
import { AccountsModule } from './accounts/accounts.module.js';
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
        // svc-auth verifies its own tokens with its own key and asks its own sessions table.
        ServiceKitModule.forRoot({ app: 'svc-auth', config, database: authDatabase, jwtKeys: SigningKeys, sessions: SessionsService, imports: [SessionsModule] }),
        TokensModule,
        AccountsModule,
      ],
    };
  }
}

export const authService = defineService({
  app: 'svc-auth',
  title: 'svc-auth: accounts and tokens',
  config: AuthConfig,
  database: authDatabase,
  module: (config) => AppModule.register(config),
});
