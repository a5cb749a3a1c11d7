import { useId, useRef, useState, type FormEvent, type ReactNode, type RefCallback } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import styled from 'styled-components';
import { apiErrorMessage } from '@vton/shell-sdk';
import { Button, Fieldset, Input, Label } from '@vton/ui';
import { ChoiceList } from './ChoiceList';
import { RevealedSecret } from './RevealedSecret';
import { focusOnceWhenShown } from './AccessSection';
import { Actions, FieldError, Form, Muted } from '../../../components/accountPanels';

export interface CreateWithChoicesFormProps<T extends string, Request, Created> {
  /** The form's accessible name ("Create an API key"). */
  name: string;
  /** The text field (a key's name, an endpoint's URL) and the error when it is left empty. */
  field: { label: string; placeholder: string; type?: 'url'; maxLength?: number; missing: string };
  /** The options to choose (scopes, events), those chosen at first, and the error when none is. */
  choices: { legend: string; options: readonly T[]; descriptions: Record<T, string>; initial: T[]; missing: string };
  submitLabel: string;
  /** The create call, with its request made from the trimmed text and the choices. */
  mutation: Pick<UseMutationResult<Created, Error, Request>, 'mutate' | 'isPending'>;
  request: (text: string, chosen: T[]) => Request;
  /** The secret of what was created (a key, a signing secret) and what it is, shown once in the form's place. */
  secret: (created: Created) => { label: string; value: string };
  /** Why the seller's plan does not allow creating one (with where to change plan): the form is shown disabled under it. */
  refusal?: ReactNode;
  /** Shown instead of the form while the account has as many as it may (webhook endpoints). */
  atLimit?: ReactNode;
}

type ChoicesFormProps<T extends string, Request, Created> = Omit<CreateWithChoicesFormProps<T, Request, Created>, 'secret' | 'atLimit'> & {
  /** What was created (with its secret, shown once); the field empties. */
  onCreated: (created: Created) => void;
  /** The form is back in place of a revealed secret (after Done): a ref that gives its submit button the focus. */
  submitRef?: RefCallback<HTMLButtonElement>;
};

// a disabled <fieldset> disables every control in it at once (no border or legend of its own here)
const Controls = styled(Fieldset)`
  display: grid;
  gap: 16px;
  &:disabled { opacity: 0.55; }
`;

const Refusal = styled(Muted)`
  color: ${({ theme }) => theme.colors.text};
  a { color: ${({ theme }) => theme.colors.accent}; }
`;

/**
 * Creates an API key or a webhook endpoint, then shows its secret in the form's place, the one time
 * it exists in full. After Done the form (or the `atLimit` note) is back and takes the keyboard's
 * focus: Done is gone, and the focus would fall back to the page's start.
 */
export function CreateWithChoicesForm<T extends string, Request, Created>({ secret, atLimit, ...form }: CreateWithChoicesFormProps<T, Request, Created>) {
  const [created, setCreated] = useState<Created | null>(null);
  const [secretDone, setSecretDone] = useState(false);
  const focusAfterDone = secretDone ? focusOnceWhenShown(() => setSecretDone(false)) : undefined;
  if (created !== null) {
    const { label, value } = secret(created);
    return (
      <RevealedSecret
        label={label}
        value={value}
        onDone={() => {
          setCreated(null);
          setSecretDone(true);
        }}
      />
    );
  }
  if (atLimit) {
    return (
      <Muted tabIndex={-1} ref={focusAfterDone}>
        {atLimit}
      </Muted>
    );
  }
  return <ChoicesForm {...form} onCreated={setCreated} submitRef={focusAfterDone} />;
}

/** The form itself: one text field, a choice list, the error, the submit button. */
function ChoicesForm<T extends string, Request, Created>({ name, field, choices, submitLabel, mutation, request, onCreated, refusal, submitRef }: ChoicesFormProps<T, Request, Created>) {
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<T[]>(choices.initial);
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const refusalId = useId();
  // isPending (which disables the button) arrives a tick after the click: a double click would
  // create two keys, the first one live with a secret nobody saw
  const sending = useRef(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sending.current || refusal) return;
    if (!text.trim()) return setError(field.missing);
    if (!chosen.length) return setError(choices.missing);
    setError(null);
    sending.current = true;
    mutation.mutate(request(text.trim(), chosen), {
      onSuccess: (created) => {
        setText('');
        onCreated(created);
      },
      onError: (failure) => setError(apiErrorMessage(failure)),
      onSettled: () => {
        sending.current = false;
      },
    });
  };

  return (
    <Form aria-label={name} aria-describedby={refusal ? refusalId : undefined} onSubmit={submit} noValidate>
      {refusal && <Refusal id={refusalId}>{refusal}</Refusal>}
      <Controls disabled={!!refusal}>
        <div>
          <Label htmlFor={fieldId}>{field.label}</Label>
          <Input id={fieldId} type={field.type} value={text} maxLength={field.maxLength} placeholder={field.placeholder} onChange={(e) => setText(e.target.value)} />
        </div>
        <ChoiceList legend={choices.legend} options={choices.options} descriptions={choices.descriptions} value={chosen} onChange={setChosen} />
        {error && <FieldError role="alert">{error}</FieldError>}
        <Actions>
          <Button type="submit" loading={mutation.isPending} ref={submitRef}>
            {submitLabel}
          </Button>
        </Actions>
      </Controls>
    </Form>
  );
}
