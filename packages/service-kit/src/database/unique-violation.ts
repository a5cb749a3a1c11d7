/** Whether a failed statement broke a unique index (Postgres's 23505): a row with that key is there already. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string }).code === '23505';
}
