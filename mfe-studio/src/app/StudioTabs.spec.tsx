import { fireEvent, screen, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { renderWithHost } from '@vton/shell-sdk/testing';
import { StudioTabs } from './StudioTabs';

function Where() {
  return <output aria-label="path">{useLocation().pathname}</output>;
}

const renderTabs = (path: string) =>
  renderWithHost(
    <>
      <StudioTabs />
      <Where />
    </>,
    { path, mount: '/app/*' },
  );
const tab = (name: string) => within(screen.getByRole('navigation', { name: 'Studio' })).getByRole('link', { name });

describe('StudioTabs', () => {
  it.each(['/app', '/app/'])('on the workspace (%s) marks Workspace current and links the catalogue at /app/runs', (path) => {
    renderTabs(path);
    expect(tab('Workspace')).toHaveAttribute('href', '/app');
    expect(tab('Workspace')).toHaveAttribute('aria-current', 'page');
    expect(tab('Catalogue')).toHaveAttribute('href', '/app/runs');
    expect(tab('Catalogue')).not.toHaveAttribute('aria-current');
  });

  it('on the catalogue marks Catalogue current, and Workspace goes back to /app', () => {
    renderTabs('/app/runs');
    expect(tab('Catalogue')).toHaveAttribute('href', '/app/runs');
    expect(tab('Catalogue')).toHaveAttribute('aria-current', 'page');
    expect(tab('Workspace')).toHaveAttribute('href', '/app');
    expect(tab('Workspace')).not.toHaveAttribute('aria-current');
    fireEvent.click(tab('Workspace'));
    expect(screen.getByRole('status', { name: 'path' })).toHaveTextContent(/^\/app$/);
  });
});
