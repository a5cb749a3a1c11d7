import 'reflect-metadata';
import { runMigrationsCommand } from '@vton/service-kit';
import { authService } from '../app.module.js';

await runMigrationsCommand(authService).catch((error: Error) => {
  process.stderr.write(`svc-auth: migrations failed: ${error.message}\n`);
  process.exit(1);
});
