import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { renderWithHost } from '../test/renderWithHost';
import App from './App';
import NotFoundPage from '../features/not-found/components/NotFoundPage';

describe('marketing App', () => {
  it('renders the landing hero on /', () => {
    renderWithHost(<App />);
    expect(screen.getByRole('heading', { level: 1, name: 'Product Placement Wizardry' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Get Started Free' })).toBeInTheDocument();
  });

  it.each([
    ['/storyboard', 'Create visual narratives and story sequences'],
    ['/inpaint', 'Remove and replace objects in images seamlessly'],
    ['/enhance', 'Improve image quality and add stunning effects'],
  ])('announces %s', (path, announcement) => {
    renderWithHost(<App />, { path });
    expect(screen.getByText(announcement)).toBeInTheDocument();
  });

  it.each([
    ['/terms', 'Terms of Service'],
    ['/privacy', 'Privacy Policy'],
    ['/cookies', 'Cookie Policy'],
    ['/gdpr', 'GDPR'],
    ['/aurora-demo', 'Aurora demo'],
  ])('renders %s', (path, heading) => {
    renderWithHost(<App />, { path });
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });
});

describe('NotFound', () => {
  it('says the page does not exist and goes home', () => {
    renderWithHost(
      <Routes>
        <Route path="/" element={<h1>Home page</h1>} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>,
      { path: '/no/such/page' },
    );
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText("The page you're looking for doesn't exist.")).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Go Home' }));
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });
});
