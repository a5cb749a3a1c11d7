import { useId } from 'react';
import styled from 'styled-components';
import { GARMENT_CATEGORIES, GARMENT_CATEGORY_LABELS, type GarmentCategory } from '@vton/contracts';
import { Fieldset } from '@vton/ui';

const Group = styled(Fieldset)`
  display: flex;
  flex-direction: column;
  gap: 6px;
`;

const Legend = styled.legend`
  padding: 0;
  margin-bottom: 6px;
  font-size: 12px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Options = styled.div`
  display: flex;
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.md};
  overflow: hidden;
  container-type: inline-size;
`;

const Option = styled.label`
  flex: 1;
  min-width: 0;
  position: relative;
  text-align: center;
  font-size: 13px;
  padding: 6px 4px;
  cursor: pointer;
  color: ${({ theme }) => theme.colors.text};
  & + & { border-left: 1px solid ${({ theme }) => theme.colors.borderStrong}; }
  &:has(input:checked) {
    background: ${({ theme }) => theme.colors.primary};
    color: #fff;
  }
  &:has(input:focus-visible) {
    outline: 2px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: -2px;
  }
  /* the sidebar at its narrowest (a tool open): "Product", one word, was cut to "Produc" at 13 px */
  @container (max-width: 240px) {
    font-size: 11px;
    padding: 6px 2px;
  }
`;

// Visually hidden but still the focusable, arrow-key-navigable native radio.
const Radio = styled.input`
  position: absolute;
  opacity: 0;
  width: 1px;
  height: 1px;
  margin: 0;
`;

/**
 * The garment category: Upper body / Lower body / Full length / Product, one native radio group (Tab
 * reaches it, arrow keys move the choice). Sent with the try-on job: worn categories go to the try-on
 * provider (to those that take a category), Product — any object that is not worn — to the placement
 * engine. Other features that need the garment's kind read the same workspace value.
 */
export function GarmentCategoryControl({ value, onChange, disabled = false }: { value: GarmentCategory; onChange: (value: GarmentCategory) => void; disabled?: boolean }) {
  const name = useId();
  return (
    <Group disabled={disabled}>
      <Legend>Garment category</Legend>
      <Options>
        {GARMENT_CATEGORIES.map((category) => (
          <Option key={category}>
            <Radio type="radio" name={name} value={category} checked={value === category} onChange={() => onChange(category)} />
            {GARMENT_CATEGORY_LABELS[category]}
          </Option>
        ))}
      </Options>
    </Group>
  );
}
