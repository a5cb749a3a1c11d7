// Before anything it instruments is loaded (main.ts imports this first): traces, and trace ids in the logs.
import { startTelemetry } from '@vton/service-kit/telemetry';

startTelemetry('svc-media');
