import './telemetry.js';
import 'reflect-metadata';
import { bootstrapService } from '@vton/service-kit';
import { authService } from './app.module.js';

await bootstrapService(authService);
