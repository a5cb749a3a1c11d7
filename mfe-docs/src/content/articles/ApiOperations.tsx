import document from '@vton/api-reference/openapi.json';
import { DataTable } from '@vton/ui';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the OpenAPI document is walked as plain JSON
type Json = Record<string, any>;
const spec = document as unknown as Json;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Follows a local `$ref` ("#/components/…") to what it names. */
function resolve(node: Json | undefined): Json | undefined {
  if (!node?.$ref) return node;
  return resolve(node.$ref.slice(2).split('/').reduce((at: Json, key: string) => at?.[key], spec));
}

/** A schema in a few words: its component name, "list of X", or its type. */
function schemaName(schema: Json | undefined): string {
  if (!schema) return '';
  if (schema.$ref) return schema.$ref.split('/').pop();
  if (schema.type === 'array') return `list of ${schemaName(schema.items)}`;
  if (schema.format === 'binary') return 'file';
  return Array.isArray(schema.type) ? schema.type.join(' or ') : (schema.type ?? '');
}

interface Operation {
  key: string;
  method: string;
  path: string;
  op: Json;
}

function operationsOf(tag: string): Operation[] {
  const operations = Object.entries<Json>(spec.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]?.tags?.includes(tag)).map((m) => ({ key: `${m} ${path}`, method: m.toUpperCase(), path, op: item[m] })),
  );
  const events = Object.entries<Json>(spec.webhooks ?? {})
    .filter(([, item]) => item.post.tags?.includes(tag))
    .map(([type, item]) => ({ key: type, method: 'EVENT', path: type, op: item.post }));
  return [...operations, ...events];
}

/** One tag of the public API's OpenAPI document, operation by operation. */
export function ApiOperations({ tag }: { tag: string }) {
  return (
    <>
      {operationsOf(tag).map(({ key, method, path, op }) => {
        const scopes: string[] | undefined = op.security?.[0]?.apiKey;
        const parameters: Json[] = (op.parameters ?? []).map((p: Json) => resolve(p)!);
        const body = op.requestBody ? Object.entries<Json>(op.requestBody.content)[0] : undefined;
        const bodySchema = body ? resolve(body[1].schema) : undefined;
        return (
          <section key={key} aria-labelledby={op.operationId}>
            <h2 id={op.operationId}>
              <code>{method}</code> {path}
            </h2>
            <p>
              <strong>{op.summary}</strong>
              {op.description ? ` — ${op.description}` : ''}
            </p>
            <p>
              {method === 'EVENT'
                ? 'Sent to your endpoints that chose this event, signed with their secret.'
                : scopes
                  ? `API key scope: ${scopes.join(' or ')}.`
                  : 'No key needed: the URL carries its own permission.'}
            </p>
            {parameters.length > 0 && (
              <DataTable
                caption="Parameters"
                columns={['Name', 'In', 'Required', 'Description']}
                rows={parameters}
                rowKey={(p) => `${p.in} ${p.name}`}
                cells={(p) => [<code>{p.name}</code>, p.in, p.required ? 'yes' : 'no', p.description ?? schemaName(p.schema)]}
              />
            )}
            {body && (
              <p>
                Body (<code>{body[0]}</code>):{' '}
                {bodySchema?.properties
                  ? Object.entries<Json>(bodySchema.properties).map(([name, schema], i) => (
                      <span key={name}>
                        {i > 0 && ', '}
                        <code>{name}</code> {schemaName(schema)}
                        {bodySchema.required?.includes(name) ? '' : ' (optional)'}
                      </span>
                    ))
                  : schemaName(body[1].schema)}
              </p>
            )}
            <DataTable
              caption="Answers"
              columns={['Status', 'Meaning', 'Body']}
              rows={Object.entries<Json>(op.responses)}
              rowKey={([status]) => status}
              cells={([status, ref]) => {
                const response = resolve(ref)!;
                const content = response.content ? Object.entries<Json>(response.content)[0] : undefined;
                return [<code>{status}</code>, response.description, content ? `${schemaName(content[1].schema)} (${content[0]})` : '—'];
              }}
            />
          </section>
        );
      })}
    </>
  );
}
