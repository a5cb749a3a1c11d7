/** The panels, tables and form pieces the account pages (API keys, Plan & credits) share. */
import styled, { css } from 'styled-components';
import { Card } from '@vton/ui';

export const Panel = styled(Card)`
  display: grid;
  /* minmax(0, …): a wide table scrolls inside the panel instead of widening the page on a phone */
  grid-template-columns: minmax(0, 1fr);
  gap: 20px;
  margin-bottom: 32px;
`;

export const PanelTitle = styled.h2`
  font-size: 22px;
  font-weight: 650;
`;

export const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 14px;
`;

export const Form = styled.form`
  display: grid;
  gap: 16px;
  max-width: 640px;
`;

export const Fieldset = styled.fieldset`
  border: 0;
  padding: 0;
  margin: 0;
  display: grid;
  gap: 8px;
  legend { margin-bottom: 6px; font-size: 14px; font-weight: 500; }
`;

export const Choice = styled.label`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 2px 10px;
  align-items: start;
  font-size: 14px;
  cursor: pointer;
  input { margin-top: 3px; accent-color: ${({ theme }) => theme.colors.primary}; }
  small { grid-column: 2; color: ${({ theme }) => theme.colors.textMuted}; }
`;

export const FieldError = styled.p`
  color: ${({ theme }) => theme.colors.destructive};
  font-size: 13px;
`;

export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 14px;
  caption { text-align: left; margin-bottom: 8px; color: ${({ theme }) => theme.colors.textMuted}; }
  th, td { padding: 10px 8px; text-align: left; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; vertical-align: top; }
  th { font-weight: 500; color: ${({ theme }) => theme.colors.textMuted}; }
  code { font-family: ${({ theme }) => theme.fonts.mono}; }
`;

/** Around a table: on a narrow screen the table scrolls sideways here, not the whole page. */
export const TableScroll = styled.div`
  overflow-x: auto;
  /* the containing block of the visually hidden column names, which would otherwise widen the page */
  position: relative;
`;

/** A bordered box inside a panel (a webhook endpoint, a secret shown once); the border colour is the box's own. */
export const boxInPanel = css`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 10px;
  padding: 16px;
  border-radius: ${({ theme }) => theme.radii.md};
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: center;
`;

export const Mono = styled.code`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: 13px;
  overflow-wrap: anywhere; /* a long key or URL breaks where it must, other text between its words */
`;
