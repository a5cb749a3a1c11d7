import { fireEvent, render, screen, within } from '@testing-library/react';
import { ThemeRoot } from '@vton/ui';
import { ResultsGrid } from './ResultsGrid';
import { ResultTile } from './ResultTile';
import { SkeletonTiles, type SkeletonTilesProps } from './SkeletonTiles';
import { DRAWER_COLUMNS, GALLERY_COLUMNS, columnsForWidth } from './columns';

describe('columnsForWidth', () => {
  it('gives the drawer 2/3/4/5 columns and the gallery 2 to 6', () => {
    expect([375, 800, 1100, 1400].map((w) => columnsForWidth(DRAWER_COLUMNS, w))).toEqual([2, 3, 4, 5]);
    expect([375, 700, 800, 1100, 1400, 1920].map((w) => columnsForWidth(GALLERY_COLUMNS, w))).toEqual([2, 3, 4, 5, 6, 6]);
  });
});

describe('ResultTile', () => {
  const renderTile = (props: Partial<Parameters<typeof ResultTile>[0]> = {}) => {
    const onOpen = jest.fn();
    render(
      <ThemeRoot>
        <ResultsGrid columns={GALLERY_COLUMNS} aria-label="Results">
          <ResultTile n={3} thumbnailUrl="/thumb.webp" width={320} height={180} onOpen={onOpen} {...props} />
        </ResultsGrid>
      </ThemeRoot>,
    );
    return { onOpen };
  };

  it('is a keyboard-reachable button labelled "Result #n" opening the viewer, with a lazy thumbnail', () => {
    const { onOpen } = renderTile();
    const open = screen.getByRole('button', { name: 'Result #3' });
    fireEvent.click(open);
    expect(onOpen).toHaveBeenCalledTimes(1);
    const image = within(open).getByRole('img') as HTMLImageElement;
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.getAttribute('src')).toBe('/thumb.webp');
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['320', '180']);
    expect(screen.getByRole('list', { name: 'Results' })).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /download/i })).toBeNull();
    expect(screen.queryByText('New')).toBeNull();
  });

  it('shows the New badge for a session result', () => {
    renderTile({ isNew: true });
    expect(screen.getByText('New')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Result #3, new' })).toBeTruthy();
  });

  it('offers download, and delete only when given (saved images)', () => {
    const onDownload = jest.fn();
    const onDelete = jest.fn();
    renderTile({ onDownload, onDelete });
    fireEvent.click(screen.getByRole('button', { name: 'Download Result #3' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Result #3' }));
    expect(onDownload).toHaveBeenCalledTimes(1);
    expect(onDelete).toHaveBeenCalledTimes(1);
  });

  it('labels a result of the built-in engine "Preview — built-in engine", a link to the docs’ provider article', () => {
    const onOpen = renderTile({ builtInEngine: true, isNew: true }).onOpen;
    const label = screen.getByRole('link', { name: 'Preview — built-in engine' });
    expect(label.getAttribute('href')).toBe('/docs/try-on-providers');
    expect(label.getAttribute('target')).toBe('_blank');
    // The label is its own link, not part of the tile's open button.
    fireEvent.click(label);
    expect(onOpen).not.toHaveBeenCalled();
    expect(within(screen.getByRole('button', { name: 'Result #3, new' })).queryByRole('link')).toBeNull();
  });

  it('has no such label for a provider’s result', () => {
    renderTile();
    expect(screen.queryByRole('link', { name: 'Preview — built-in engine' })).toBeNull();
  });

  it('disables its actions while busy', () => {
    renderTile({ onDownload: jest.fn(), onDelete: jest.fn(), busy: true });
    expect((screen.getByRole('button', { name: 'Delete Result #3' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('SkeletonTiles', () => {
  const renderSkeletons = (props: SkeletonTilesProps) =>
    render(
      <ThemeRoot>
        <ResultsGrid columns={2}>
          <SkeletonTiles {...props} />
        </ResultsGrid>
      </ThemeRoot>,
    );

  it('draws one placeholder per pending result with an n/total counter', () => {
    renderSkeletons({ count: 3 });
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(['1/3', '2/3', '3/3'].map((t) => screen.getByText(t))).toHaveLength(3);
    expect(screen.getByRole('listitem', { name: 'Generating result 2 of 3' })).toBeTruthy();
  });

  it('continues the numbering from an offset (a grid split into rows)', () => {
    renderSkeletons({ count: 2, total: 5, offset: 3 });
    expect(screen.getAllByRole('listitem').map((t) => t.textContent)).toEqual(['4/5', '5/5']);
  });

  it('draws nothing at 0', () => {
    renderSkeletons({ count: 0 });
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  });
});

