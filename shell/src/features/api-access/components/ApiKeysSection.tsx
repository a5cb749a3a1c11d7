import { useState } from 'react';
import {
  API_KEY_SCOPE_DESCRIPTIONS,
  API_KEY_SCOPES,
  MAX_API_KEY_NAME_LENGTH,
  type ApiKeyRecord,
} from '@vton/contracts';
import { apiErrorMessage, apiErrorToast, toast } from '@vton/shell-sdk';
import { Button, DataTable, VisuallyHidden } from '@vton/ui';
import { useApiKeys } from '../api/apiKeys';
import { useCreateApiKey } from '../api/createApiKey';
import { useRevokeApiKey } from '../api/revokeApiKey';
import { formatWhen } from '../utils/formatWhen';
import { CreateWithChoicesForm } from './CreateWithChoicesForm';
import { usePlanRefusal } from './PlanRefusal';
import { AccessList, AccessSection, REMOVE_CONTROL, focusAfterRemoving, focusOnceWhenShown, focusWhenShown } from './AccessSection';
import { Actions, Mono, Table, TableScroll } from '../../../components/accountPanels';

/** Create a key (name + scopes, shown once), list keys by prefix with their times, revoke. */
export function ApiKeysSection() {
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const refusal = usePlanRefusal('apiKeys');

  return (
    <AccessSection
      title="Your API keys"
      intro={
        <>
          Send a key as <Mono>Authorization: Bearer vtk_…</Mono> on the same routes the studio uses. Each key has its own rate limit; a key
          cannot manage keys, webhooks or your account.
        </>
      }
    >
      <CreateWithChoicesForm
        name="Create an API key"
        field={{ label: 'Key name', placeholder: 'e.g. Shopify sync', maxLength: MAX_API_KEY_NAME_LENGTH, missing: 'Give the key a name' }}
        choices={{ legend: 'Scopes', options: API_KEY_SCOPES, descriptions: API_KEY_SCOPE_DESCRIPTIONS, initial: ['try-on'], missing: 'Choose at least one scope' }}
        submitLabel="Create key"
        mutation={create}
        request={(name, scopes) => ({ name, scopes })}
        secret={(created) => ({ label: `Your new key “${created.name}”`, value: created.key })}
        refusal={refusal}
      />
      <AccessList query={keys} items={(data) => data.keys} noun="keys" empty="You have no API keys yet.">
        {(listed) => <ApiKeyTable keys={listed} />}
      </AccessList>
    </AccessSection>
  );
}

function ApiKeyTable({ keys }: { keys: ApiKeyRecord[] }) {
  const [confirming, setConfirming] = useState<string | null>(null);
  // the key whose Revoke button comes back after Cancel, and takes the focus Cancel had
  const [cancelled, setCancelled] = useState<string | null>(null);
  const revoke = useRevokeApiKey();
  const confirm = (key: ApiKeyRecord, control: HTMLElement) => {
    const focusNext = focusAfterRemoving(control);
    setCancelled(null);
    revoke.mutate(key.id, {
      onSuccess: () => {
        setConfirming(null);
        focusNext();
        toast({ title: 'Key revoked', description: `“${key.name}” no longer works.` });
      },
      onError: (error) => toast(apiErrorToast(error, { title: 'Revoke failed', description: apiErrorMessage(error), variant: 'destructive' })),
    });
  };
  return (
    <TableScroll>
      <DataTable
        as={Table}
        caption="Active keys"
        columns={['Name', 'Key', 'Scopes', 'Created', 'Last used', <VisuallyHidden>Actions</VisuallyHidden>]}
        rows={keys}
        rowKey={(key) => key.id}
        cells={(key) => [
          key.name,
          <Mono>{key.prefix}…</Mono>,
          key.scopes.join(', '),
          formatWhen(key.createdAt),
          formatWhen(key.lastUsedAt),
          confirming === key.id ? (
            <Actions>
              <Button size="sm" variant="destructive" loading={revoke.isPending} onClick={(event) => confirm(key, event.currentTarget)} aria-label={`Confirm revoking ${key.name}`}>
                Revoke now
              </Button>
              {/* Cancel, not Revoke now, takes the focus: a key held down cannot revoke by accident */}
              <Button
                size="sm"
                variant="ghost"
                ref={focusWhenShown}
                onClick={() => {
                  setConfirming(null);
                  setCancelled(key.id);
                }}
              >
                Cancel
              </Button>
            </Actions>
          ) : (
            <Button
              size="sm"
              variant="outline"
              onClick={() => setConfirming(key.id)}
              aria-label={`Revoke ${key.name}`}
              ref={cancelled === key.id ? focusOnceWhenShown(() => setCancelled(null)) : undefined}
              {...REMOVE_CONTROL}
            >
              Revoke
            </Button>
          ),
        ]}
      />
    </TableScroll>
  );
}
