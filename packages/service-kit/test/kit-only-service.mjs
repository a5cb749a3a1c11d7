// A service with nothing but the kit, started as a service's main.ts starts one (bootstrapService,
// from the built kit): what an operator sees when its environment is wrong.
import 'reflect-metadata';
import { bootstrapService, defineService, ServiceConfig, ServiceKitModule } from '../dist/index.js';

const database = { migrations: [] };
await bootstrapService(defineService({
  app: 'svc-auth',
  title: 'kit only',
  config: ServiceConfig,
  database,
  module: (config) => ServiceKitModule.forRoot({ app: 'svc-auth', config, database }),
}));
