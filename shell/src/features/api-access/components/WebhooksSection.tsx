import { useState } from 'react';
import styled from 'styled-components';
import {
  MAX_WEBHOOK_ENDPOINTS_PER_ACCOUNT,
  WEBHOOK_EVENT_DESCRIPTIONS,
  WEBHOOK_EVENT_TYPES,
  type WebhookDeliveryRecord,
  type WebhookEndpointRecord,
} from '@vton/contracts';
import { apiErrorMessage, apiErrorToast, toast } from '@vton/shell-sdk';
import { Badge, Button, DataTable } from '@vton/ui';
import { useCreateWebhookEndpoint } from '../api/createWebhookEndpoint';
import { useDeleteWebhookEndpoint } from '../api/deleteWebhookEndpoint';
import { useSendWebhookTestEvent } from '../api/sendWebhookTestEvent';
import { useWebhookDeliveries } from '../api/webhookDeliveries';
import { useWebhookEndpoints } from '../api/webhookEndpoints';
import { formatWhen } from '../utils/formatWhen';
import { CreateWithChoicesForm } from './CreateWithChoicesForm';
import { usePlanRefusal } from './PlanRefusal';
import { AccessList, AccessSection, REMOVE_CONTROL, focusAfterRemoving } from './AccessSection';
import { Actions, Mono, Muted, Table, TableScroll, boxInPanel } from '../../../components/accountPanels';

const EndpointList = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: 16px;
`;

const Endpoint = styled.li`
  ${boxInPanel}
  border: 1px solid ${({ theme }) => theme.colors.border};
`;

const STATUS_LABELS: Record<WebhookDeliveryRecord['status'], string> = { pending: 'Retrying', succeeded: 'Delivered', failed: 'Failed' };

/** Endpoints (up to 5): add one (its secret shown once), see how deliveries went, send a test event, delete. */
export function WebhooksSection() {
  const endpoints = useWebhookEndpoints();
  const create = useCreateWebhookEndpoint();
  const refusal = usePlanRefusal('webhooks');
  const full = (endpoints.data?.endpoints.length ?? 0) >= MAX_WEBHOOK_ENDPOINTS_PER_ACCOUNT;

  return (
    <AccessSection
      title="Webhooks"
      intro="Get an HTTPS POST when a try-on finishes. Deliveries are signed the Standard Webhooks way with the endpoint's secret and retried for up to 24 hours until your endpoint answers 2xx."
    >
      <CreateWithChoicesForm
        name="Add a webhook endpoint"
        field={{ label: 'Endpoint URL', placeholder: 'https://shop.example/webhooks/vton', type: 'url', missing: 'Enter the URL of your endpoint' }}
        choices={{ legend: 'Events', options: WEBHOOK_EVENT_TYPES, descriptions: WEBHOOK_EVENT_DESCRIPTIONS, initial: ['job.completed', 'job.failed'], missing: 'Choose at least one event' }}
        submitLabel="Add endpoint"
        mutation={create}
        request={(url, events) => ({ url, events })}
        secret={(created) => ({ label: `Signing secret for ${created.url}`, value: created.secret })}
        refusal={refusal}
        atLimit={full && <>You have {MAX_WEBHOOK_ENDPOINTS_PER_ACCOUNT} endpoints, the most an account can have. Delete one to add another.</>}
      />
      <AccessList query={endpoints} items={(data) => data.endpoints} noun="webhooks" empty="No webhook endpoints yet.">
        {(listed) => (
          <EndpointList aria-label="Webhook endpoints">
            {listed.map((endpoint) => (
              <EndpointItem key={endpoint.id} endpoint={endpoint} />
            ))}
          </EndpointList>
        )}
      </AccessList>
    </AccessSection>
  );
}

function EndpointItem({ endpoint }: { endpoint: WebhookEndpointRecord }) {
  const [showDeliveries, setShowDeliveries] = useState(false);
  const sendTest = useSendWebhookTestEvent();
  const remove = useDeleteWebhookEndpoint();
  const deliveries = useWebhookDeliveries(endpoint.id, showDeliveries || endpoint.lastDelivery?.status === 'pending');
  const last = deliveries.data?.deliveries[0] ?? endpoint.lastDelivery;

  const test = () =>
    sendTest.mutate(endpoint.id, {
      onSuccess: () => {
        setShowDeliveries(true);
        toast({ title: 'Test event sent', description: 'Its delivery is listed below.' });
      },
      onError: (error) => toast(apiErrorToast(error, { title: 'Test event failed', description: apiErrorMessage(error), variant: 'destructive' })),
    });
  const del = (control: HTMLElement) => {
    const focusNext = focusAfterRemoving(control);
    remove.mutate(endpoint.id, {
      onSuccess: focusNext,
      onError: (error) => toast(apiErrorToast(error, { title: 'Delete failed', description: apiErrorMessage(error), variant: 'destructive' })),
    });
  };

  return (
    <Endpoint aria-label={endpoint.url}>
      <Mono>{endpoint.url}</Mono>
      <Muted>
        {endpoint.events.join(', ')} · added {formatWhen(endpoint.createdAt)}
        {endpoint.disabledAt && ` · disabled ${formatWhen(endpoint.disabledAt)} (the endpoint answered 410 Gone)`}
      </Muted>
      <div aria-label="Last delivery">
        {last ? (
          <>
            <Badge>{STATUS_LABELS[last.status]}</Badge> <Mono>{last.eventType}</Mono> · {describeAnswer(last)} · {formatWhen(last.lastAttemptAt ?? last.createdAt)}
          </>
        ) : (
          <Muted>Nothing delivered yet.</Muted>
        )}
      </div>
      <Actions>
        <Button size="sm" onClick={test} loading={sendTest.isPending} disabled={!!endpoint.disabledAt}>
          Send test event
        </Button>
        <Button size="sm" variant="outline" onClick={() => setShowDeliveries((v) => !v)} aria-expanded={showDeliveries}>
          {showDeliveries ? 'Hide deliveries' : 'Show deliveries'}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={(event) => del(event.currentTarget)}
          loading={remove.isPending}
          aria-label={`Delete endpoint ${endpoint.url}`}
          {...REMOVE_CONTROL}
        >
          Delete
        </Button>
      </Actions>
      {showDeliveries && deliveries.data && (
        <TableScroll>
          <DataTable
            as={Table}
            caption="Recent deliveries"
            columns={['Event', 'Status', 'Response', 'Attempts', 'When']}
            rows={deliveries.data.deliveries}
            rowKey={(d) => d.id}
            cells={(d) => [<Mono>{d.eventType}</Mono>, STATUS_LABELS[d.status], describeAnswer(d), d.attempts, formatWhen(d.lastAttemptAt ?? d.createdAt)]}
          />
        </TableScroll>
      )}
    </Endpoint>
  );
}

/** The last answer in words: its status code, or why there was none. */
function describeAnswer(delivery: WebhookDeliveryRecord): string {
  if (delivery.attempts === 0) return 'Queued';
  if (delivery.lastResponseCode !== null) return `HTTP ${delivery.lastResponseCode}`;
  return delivery.lastError ?? 'No answer';
}
