import { useLayoutEffect, useRef } from 'react';
import styled from 'styled-components';
import { Textarea } from '@vton/ui';

/** Spec §9: the prompt grows from 3 to 8 rows of 20 px. */
export const PROMPT_ROWS = { min: 3, max: 8, lineHeight: 20 } as const;
const PADDING_Y = 20;

const Area = styled(Textarea)`
  line-height: ${PROMPT_ROWS.lineHeight}px;
  font-size: 14px;
  resize: none;
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focusRing}; outline-offset: 1px; }
`;

export function rowsFor(scrollHeight: number): number {
  const rows = Math.ceil((scrollHeight - PADDING_Y) / PROMPT_ROWS.lineHeight);
  return Math.min(PROMPT_ROWS.max, Math.max(PROMPT_ROWS.min, rows));
}

export function PromptField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const ref = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.height = `${PROMPT_ROWS.min * PROMPT_ROWS.lineHeight + PADDING_Y}px`;
    const rows = rowsFor(el.scrollHeight);
    el.style.height = `${rows * PROMPT_ROWS.lineHeight + PADDING_Y}px`;
    el.style.overflowY = rows === PROMPT_ROWS.max ? 'auto' : 'hidden';
  }, [value]);
  return (
    <Area
      ref={ref}
      rows={PROMPT_ROWS.min}
      value={value}
      placeholder="Enter generation prompt..."
      aria-label="Generation prompt"
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
