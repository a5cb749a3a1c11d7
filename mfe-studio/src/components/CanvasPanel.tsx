import styled from 'styled-components';

/** What takes the whole canvas (the crop tool, the mask editor, the generation view, the preview): a column over it. */
export const CanvasPanel = styled.div`
  position: absolute;
  inset: 0;
  display: flex;
  flex-direction: column;
`;

/** The bar along the top of a canvas panel (its title or tools); each panel sets its own spacing. */
export const CanvasPanelBar = styled.div`
  display: flex;
  align-items: center;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
`;
