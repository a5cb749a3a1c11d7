import styled from 'styled-components';

/** A list without bullets, its entries stacked 4 px apart (the catalogue's runs, the products and model photos to choose). */
export const StackedList = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0;
  display: flex;
  flex-direction: column;
  gap: 4px;
`;

/**
 * A stacked list that scrolls, each entry a thumbnail, a name cut to one line and a note at its
 * right end (a product's category, a model photo's masks). The caller sets its height.
 */
export const ThumbnailList = styled(StackedList)`
  overflow-y: auto;
  img { width: 36px; height: 36px; object-fit: cover; border-radius: 6px; background: #fff; flex: none; }
  span { min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  small { margin-left: auto; color: ${({ theme }) => theme.colors.textMuted}; font-size: 12px; }
`;
