import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { flushTelemetry } from './flush.js';

/** On shutdown (SIGTERM), the spans still buffered are exported before the process ends. */
@Injectable()
export class TelemetryFlush implements OnApplicationShutdown {
  async onApplicationShutdown(): Promise<void> {
    await flushTelemetry();
  }
}
