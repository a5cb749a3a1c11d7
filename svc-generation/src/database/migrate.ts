import 'reflect-metadata';
import { runMigrationsCommand } from '@vton/service-kit';
import { GenerationConfig } from '../config/generation.config.js';
import { generationDatabase } from './data-source.js';

await runMigrationsCommand({ app: 'svc-generation', config: GenerationConfig, database: generationDatabase });
