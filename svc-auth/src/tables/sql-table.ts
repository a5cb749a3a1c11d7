/** An entity's table as SQL names it, schema included ("auth"."sessions"), for raw queries. */
export function sqlTable(metadata: { tablePath: string }): string {
  return metadata.tablePath
    .split('.')
    .map((part) => `"${part}"`)
    .join('.');
}
