import 'reflect-metadata';
import { runMigrationsCommand } from '@vton/service-kit';
import { generationService } from '../app.module.js';

await runMigrationsCommand(generationService).catch((error: Error) => {
  process.stderr.write(`svc-generation: migrations failed: ${error.message}\n`);
  process.exit(1);
});
