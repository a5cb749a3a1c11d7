import 'reflect-metadata';
import { runMigrationsCommand } from '@vton/service-kit';
import { MediaConfig } from '../config/media.config.js';
import { mediaDatabase } from './data-source.js';

await runMigrationsCommand({ app: 'svc-media', config: MediaConfig, database: mediaDatabase });
