const FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A stored time as the page shows it ("12 May 2026, 14:05"), or `never` when there is none. */
export function formatWhen(iso: string | null, never = 'Never'): string {
  return iso ? FORMAT.format(new Date(iso)) : never;
}
