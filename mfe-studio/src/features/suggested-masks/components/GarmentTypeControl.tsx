import styled from 'styled-components';
import { GARMENT_TYPES, type GarmentType } from '../model/garmentType';

const Group = styled.div`
  display: inline-flex;
  padding: 2px;
  gap: 2px;
  border-radius: ${({ theme }) => theme.radii.sm};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceRaised};
`;

const Option = styled.button<{ $checked: boolean }>`
  border: 0;
  border-radius: 6px;
  padding: 5px 10px;
  font: inherit;
  font-size: 12px;
  cursor: pointer;
  color: ${({ theme, $checked }) => ($checked ? '#0b0b12' : theme.colors.textMuted)};
  background: ${({ theme, $checked }) => ($checked ? theme.colors.accent : 'transparent')};
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focusRing}; outline-offset: 1px; }
`;

export interface GarmentTypeControlProps {
  value: GarmentType;
  onChange: (value: GarmentType) => void;
  disabled?: boolean;
}

/**
 * "Upper body" / "Lower body" / "Full length": which body region a suggested mask covers. A
 * small controlled component, so the garment section's own control (issue 15) can replace it.
 */
export function GarmentTypeControl({ value, onChange, disabled }: GarmentTypeControlProps) {
  return (
    <Group role="radiogroup" aria-label="Garment type">
      {GARMENT_TYPES.map((type) => (
        <Option
          key={type.value}
          type="button"
          role="radio"
          aria-checked={value === type.value}
          $checked={value === type.value}
          disabled={disabled}
          onClick={() => onChange(type.value)}
        >
          {type.label}
        </Option>
      ))}
    </Group>
  );
}
