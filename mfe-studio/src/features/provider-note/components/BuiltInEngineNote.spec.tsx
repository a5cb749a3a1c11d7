import { fireEvent, render, screen } from '@testing-library/react';
import { ThemeRoot } from '@vton/ui';
import { NOTE_DISMISSED_KEY } from '../utils/noteDismissal';
import { BuiltInEngineNote } from './BuiltInEngineNote';

const renderNote = (visible: boolean) =>
  render(
    <ThemeRoot>
      <BuiltInEngineNote visible={visible} />
    </ThemeRoot>,
  );
const note = () => screen.queryByRole('complementary', { name: 'These results are previews from the built-in engine' });

describe('BuiltInEngineNote', () => {
  beforeEach(() => localStorage.clear());

  it('says nothing before the built-in engine made a result', () => {
    renderNote(false);
    expect(note()).toBeNull();
  });

  it('says that real try-on needs a provider and how an operator configures one, with the docs’ provider article', () => {
    renderNote(true);
    expect(note()).toBeTruthy();
    expect(note()!.textContent).toContain('real try-on needs a provider');
    expect(note()!.textContent).toContain('VTON_PROVIDER');
    expect(screen.getByRole('link', { name: 'How to configure a provider' }).getAttribute('href')).toBe('/docs/try-on-providers');
  });

  it('is gone once dismissed, and stays gone (remembered in this browser)', () => {
    const { unmount } = renderNote(true);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(note()).toBeNull();
    expect(localStorage.getItem(NOTE_DISMISSED_KEY)).toBe('1');
    unmount();
    renderNote(true);
    expect(note()).toBeNull();
  });
});
