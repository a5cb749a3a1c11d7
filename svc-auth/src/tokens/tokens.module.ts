import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module.js';
import { JwksController } from './jwks.controller.js';
import { TokenService } from './token.service.js';

// SigningKeys itself is registered once by ServiceKitModule (as the app's JWT key resolver)
// and is injected here from there.
@Module({
  imports: [SessionsModule],
  providers: [TokenService],
  controllers: [JwksController],
  exports: [TokenService],
})
export class TokensModule {}
