import './telemetry.js';
import 'reflect-metadata';
import { bootstrapService } from '@vton/service-kit';
import { generationService } from './app.module.js';

await bootstrapService(generationService);
