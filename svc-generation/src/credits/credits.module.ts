import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ServiceCredentials } from '../media/service-credential.js';
import { CreditHoldEntity } from './credit-hold.entity.js';
import { CreditHolds } from './credit-holds.js';
import { CreditReservations } from './credit-reservations.js';
import { CreditSettler } from './credit-settler.js';
import { CreditsClient } from './credits-client.js';

/**
 * Credits (svc-auth's ledger, over HTTP): reserved before a model run is queued, held in
 * credit_holds with the run, settled when it ends. The service credential is provided here for the
 * ledger and for the workers' calls to svc-media alike.
 */
@Module({
  imports: [TypeOrmModule.forFeature([CreditHoldEntity])],
  providers: [CreditsClient, CreditHolds, CreditReservations, CreditSettler, ServiceCredentials],
  exports: [CreditsClient, CreditHolds, CreditReservations, CreditSettler, ServiceCredentials],
})
export class CreditsModule {}
