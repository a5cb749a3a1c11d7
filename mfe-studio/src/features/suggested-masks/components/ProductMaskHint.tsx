import styled from 'styled-components';

/** What the studio says instead of offering suggestions when the category is Product: suggestions find garments on a body, a product's place is the seller's choice. */
export const PRODUCT_MASK_HINT = 'Paint where the product goes';

const Hint = styled.span`
  font-size: 12px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export function ProductMaskHint() {
  return <Hint role="note">{PRODUCT_MASK_HINT}</Hint>;
}
