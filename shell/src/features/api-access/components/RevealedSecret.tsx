import { useId, useRef } from 'react';
import styled from 'styled-components';
import { toast } from '@vton/shell-sdk';
import { Button, Input, Label } from '@vton/ui';
import { Actions, Muted, boxInPanel } from '../../../components/accountPanels';
import { focusWhenShown } from './AccessSection';

const Box = styled.div`
  ${boxInPanel}
  border: 1px solid ${({ theme }) => theme.colors.accent};
  background: rgba(198, 244, 50, 0.06);
`;

const SecretInput = styled(Input)`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: 13px;
`;

export interface RevealedSecretProps {
  label: string;
  value: string;
  onDone: () => void;
}

/** A key or signing secret shown the one time it exists in full, with Copy. */
export function RevealedSecret({ label, value, onDone }: RevealedSecretProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast({ title: 'Copied', description: `${label} is on your clipboard.` });
    } catch {
      // No clipboard access (an old browser, a denied permission): select it for Ctrl+C instead.
      input.current?.select();
      toast({ title: 'Copy it by hand', description: 'The text is selected: press Ctrl+C (⌘C on a Mac).' });
    }
  };
  return (
    <Box role="status" aria-live="polite">
      <Label htmlFor={id}>{label}</Label>
      <SecretInput id={id} ref={input} readOnly value={value} onFocus={(e) => e.currentTarget.select()} />
      <Muted>Copy it now and keep it somewhere safe: it will not be shown again.</Muted>
      <Actions>
        <Button type="button" onClick={copy} ref={focusWhenShown}>
          Copy
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Done
        </Button>
      </Actions>
    </Box>
  );
}
