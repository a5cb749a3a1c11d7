import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BillingModule } from '../billing/billing.module.js';
import { ThrottlingModule } from '../throttling/throttling.module.js';
import { TokensModule } from '../tokens/tokens.module.js';
import { ApiKey } from './api-key.entity.js';
import { ApiKeysAuthorizeController, ApiKeysController } from './api-keys.controller.js';
import { ApiKeysService } from './api-keys.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([ApiKey]), ThrottlingModule, TokensModule, BillingModule],
  controllers: [ApiKeysController, ApiKeysAuthorizeController],
  providers: [ApiKeysService],
  exports: [ApiKeysService],
})
export class ApiKeysModule {}
