import { Link } from 'react-router-dom';
import { DataTable } from '@vton/ui';
import { API_KEY_SCOPE_DESCRIPTIONS, API_KEY_SCOPES, MAX_WEBHOOK_ENDPOINTS_PER_ACCOUNT, PUBLIC_OPENAPI_PATH, WEBHOOK_EVENT_DESCRIPTIONS, WEBHOOK_EVENT_TYPES } from '@vton/contracts';

/** How the API works as a whole: keys and scopes, limits, errors, webhooks, the document. */
export default function ApiOverview() {
  return (
    <>
      <p>
        The API is the studio's own: the same routes on the same address, answering in JSON. Its OpenAPI 3.1 document is at{' '}
        <a href={PUBLIC_OPENAPI_PATH}>
          <code>{PUBLIC_OPENAPI_PATH}</code>
        </a>
        ; the articles of this section show it operation by operation. Start with the <Link to="/docs/api-quick-start">API quick start</Link>.
      </p>
      <h2>API keys and scopes</h2>
      <p>
        Create keys on the <Link to="/account/api-keys">API keys page</Link>. A key is shown once; afterwards the page lists it by its first
        characters with when it was created and last used, and you can revoke it: it stops working at once. Send it as{' '}
        <code>Authorization: Bearer vtk_…</code>. Each key has one or more scopes, and each operation says which ones may call it; a key without
        them gets <code>403</code>.
      </p>
      <DataTable columns={['Scope', 'Allows']} rows={API_KEY_SCOPES} rowKey={(scope) => scope} cells={(scope) => [<code>{scope}</code>, API_KEY_SCOPE_DESCRIPTIONS[scope]]} />
      <p>A key can never create keys, change webhooks, the password or sign-ins: those stay with you in the studio.</p>
      <h2>Rate limit</h2>
      <p>
        Each key may make 60 requests a minute unless your plan says otherwise. Every answer to a key carries <code>RateLimit-Policy</code> (the
        quota and its window, e.g. <code>"api-key";q=60;w=60</code>) and <code>RateLimit</code> (what is left and when it starts again, e.g.{' '}
        <code>"api-key";r=42;t=18</code>). Over the limit the answer is <code>429</code> with <code>Retry-After</code> in seconds. Your account's
        try-on limits apply to keys as to the studio.
      </p>
      <h2>Errors</h2>
      <p>
        Every error has the same JSON body: <code>statusCode</code>, a stable <code>code</code> (such as <code>VALIDATION_FAILED</code>,{' '}
        <code>NOT_FOUND</code>, <code>TOO_MANY_REQUESTS</code>), a readable <code>message</code>, and for a <code>400</code> the list{' '}
        <code>issues</code> of field problems. <code>401</code> means no key, an unknown or a revoked one. <code>503</code> means a service is
        briefly unavailable: wait <code>Retry-After</code> seconds and try again. <code>504</code> means a service did not begin answering in
        time: try again in a moment.
      </p>
      <h2>Webhooks</h2>
      <p>
        Add up to {MAX_WEBHOOK_ENDPOINTS_PER_ACCOUNT} HTTPS endpoints on the API keys page and choose their events. Endpoints must be on the public
        internet: addresses in private, loopback or link-local ranges are refused when you add them and again before every delivery.
      </p>
      <DataTable columns={['Event', 'Sent when']} rows={WEBHOOK_EVENT_TYPES} rowKey={(type) => type} cells={(type) => [<code>{type}</code>, WEBHOOK_EVENT_DESCRIPTIONS[type]]} />
      <p>
        The body is <code>{'{ type, timestamp, data }'}</code>; <code>data</code> is the job (or the job id and the model) as the API answers
        it. Result URLs in it are signed and valid for an hour: read the job again for fresh ones. Each delivery is signed the Standard Webhooks way
        and retried (5 seconds, 5 minutes, 30 minutes, 2, 5 and 10 hours, then a last try 24 hours after the event) until your endpoint answers
        2xx; <code>410 Gone</code> disables the endpoint. <strong>Send test event</strong> on the page delivers a <code>webhook.test</code> event.
      </p>
    </>
  );
}
