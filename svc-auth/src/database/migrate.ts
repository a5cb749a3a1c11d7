import 'reflect-metadata';
import { runMigrationsCommand } from '@vton/service-kit';
import { AuthConfig } from '../config/auth.config.js';
import { authDatabase } from './data-source.js';

await runMigrationsCommand({ app: 'svc-auth', config: AuthConfig, database: authDatabase });
