import document from '@vton/api-reference/openapi.json';

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
        const parameters = (op.parameters ?? []).map((p: Json) => resolve(p)!);
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
              <table>
                <caption>Parameters</caption>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">In</th>
                    <th scope="col">Required</th>
                    <th scope="col">Description</th>
                  </tr>
                </thead>
                <tbody>
                  {parameters.map((p: Json) => (
                    <tr key={`${p.in} ${p.name}`}>
                      <td>
                        <code>{p.name}</code>
                      </td>
                      <td>{p.in}</td>
                      <td>{p.required ? 'yes' : 'no'}</td>
                      <td>{p.description ?? schemaName(p.schema)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
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
            <table>
              <caption>Answers</caption>
              <thead>
                <tr>
                  <th scope="col">Status</th>
                  <th scope="col">Meaning</th>
                  <th scope="col">Body</th>
                </tr>
              </thead>
              <tbody>
                {Object.entries<Json>(op.responses).map(([status, ref]) => {
                  const response = resolve(ref)!;
                  const content = response.content ? Object.entries<Json>(response.content)[0] : undefined;
                  return (
                    <tr key={status}>
                      <td>
                        <code>{status}</code>
                      </td>
                      <td>{response.description}</td>
                      <td>{content ? `${schemaName(content[1].schema)} (${content[0]})` : '—'}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </section>
        );
      })}
    </>
  );
}
