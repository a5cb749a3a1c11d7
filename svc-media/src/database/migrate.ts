import 'reflect-metadata';
import { runMigrationsCommand } from '@vton/service-kit';
import { mediaService } from '../app.module.js';

await runMigrationsCommand(mediaService).catch((error: Error) => {
  process.stderr.write(`svc-media: migrations failed: ${error.message}\n`);
  process.exit(1);
});
