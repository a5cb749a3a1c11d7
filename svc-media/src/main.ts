import './telemetry.js';
import 'reflect-metadata';
import { bootstrapService } from '@vton/service-kit';
import { mediaService } from './app.module.js';

await bootstrapService(mediaService);
