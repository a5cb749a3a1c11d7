import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BillingModule } from '../billing/billing.module.js';
import { MailModule } from '../mail/mail.module.js';
import { SessionsModule } from '../sessions/sessions.module.js';
import { ThrottlingModule } from '../throttling/throttling.module.js';
import { TokensModule } from '../tokens/tokens.module.js';
import { User } from '../users/entities/user.entity.js';
import { AccountsController } from './accounts.controller.js';
import { AccountsService } from './accounts.service.js';
import { PasswordHasher } from './passwords.js';

@Module({
  imports: [TypeOrmModule.forFeature([User]), TokensModule, MailModule, ThrottlingModule, SessionsModule, BillingModule],
  controllers: [AccountsController],
  providers: [AccountsService, PasswordHasher],
})
export class AccountsModule {}
