import { Link } from 'react-router-dom';
import { QUICK_START_CURL_STEPS, QUICK_START_TS, VERIFY_WEBHOOK_TS } from '@vton/api-reference/examples';

/** The quick start of the API: the same files the e2e test runs (packages/api-reference/examples). */
export default function ApiQuickStart() {
  return (
    <>
      <p>
        Everything the studio does, your code can do. This walk-through dresses one model photo in one garment with nothing but{' '}
        <code>curl</code> and <code>jq</code>. You need three files: <code>garment.jpg</code>, <code>model.jpg</code> and <code>mask.png</code>{' '}
        (the model photo's size, white where the garment goes).
      </p>
      <h2>Before you start</h2>
      <ol>
        <li>
          On the <Link to="/account/api-keys">API keys page</Link> (user menu → API keys), create a key with the <code>try-on</code> scope. It is
          shown once: copy it.
        </li>
        <li>
          On the same page, add a webhook endpoint for <code>job.completed</code> and <code>job.failed</code> and copy its signing secret
          (<code>whsec_…</code>). Your endpoint must be reachable over HTTPS.
        </li>
      </ol>
      {QUICK_START_CURL_STEPS.map((step, index) => (
        <section key={step.id} aria-labelledby={`step-${step.id}`}>
          <h2 id={`step-${step.id}`}>
            {index + 1}. {step.title}
          </h2>
          <p>{step.explanation}</p>
          <pre>
            <code>{step.commands}</code>
          </pre>
        </section>
      ))}
      <h2>Check each webhook's signature</h2>
      <p>
        Deliveries carry <code>webhook-id</code>, <code>webhook-timestamp</code> and <code>webhook-signature</code> (Standard Webhooks). Any
        Standard Webhooks library verifies them with your endpoint's secret; answer 2xx within 15 seconds, or the delivery is retried with
        growing pauses for up to 24 hours. A retry keeps its <code>webhook-id</code>, so use it to handle each event once.
      </p>
      <pre>
        <code>{VERIFY_WEBHOOK_TS}</code>
      </pre>
      <h2>The same in TypeScript, with a typed client</h2>
      <p>
        Generate the types from the API's OpenAPI document (<code>/api/openapi.json</code>) with <code>openapi-typescript</code> and call the API
        through <code>openapi-fetch</code>: paths, parameters and answers are all checked by the compiler. See the{' '}
        <Link to="/docs/api-reference">API overview</Link> for scopes, limits and errors.
      </p>
      <pre>
        <code>{QUICK_START_TS}</code>
      </pre>
    </>
  );
}
