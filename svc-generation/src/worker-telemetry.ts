// Before anything it instruments is loaded (worker-main.ts imports this first): traces, and trace ids in the logs.
import { startTelemetry } from '@vton/service-kit/telemetry';

startTelemetry('svc-generation-worker');
