/**
 * Postgres LISTEN/NOTIFY channels of svc-generation. Channels are global to the database, so each is
 * named after the service's schema (two installations side by side, as the tests run, never hear
 * each other).
 */
export interface Channels {
  /** A job's models changed; the payload is the job id. The API's event streams listen. */
  jobChanged: string;
  /** Work may be claimable: a model was queued, or a provider slot freed. Idle workers listen. */
  work: string;
  /** A job was abandoned by its caller; the payload is the job id. Workers stop its running models. */
  jobCancelled: string;
}

export function channelsFor(schema: string): Channels {
  return { jobChanged: `${schema}.job_changed`, work: `${schema}.work`, jobCancelled: `${schema}.job_cancelled` };
}
