import './imaging/image-heap.js';
import './worker-telemetry.js';
import 'reflect-metadata';
import { bootstrapService, loadConfig } from '@vton/service-kit';
import { generationWorker } from './app.module.js';
import { GenerationConfig } from './config/generation.config.js';

// The worker calls svc-media with its service credential: without the secret it could do nothing.
try {
  if (!loadConfig(GenerationConfig, process.env).GENERATION_SERVICE_SECRET) {
    process.stderr.write('svc-generation worker: Invalid configuration: GENERATION_SERVICE_SECRET must be set (the same secret as svc-media\'s)\n');
    process.exit(1);
  }
} catch {
  // bootstrapService reports configuration errors by variable name.
}
await bootstrapService(generationWorker);
