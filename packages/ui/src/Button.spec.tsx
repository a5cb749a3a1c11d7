import { render, screen } from '@testing-library/react';
import { ThemeRoot } from './ThemeRoot';
import { Button } from './Button';

describe('Button', () => {
  it('is disabled and busy while loading', () => {
    render(
      <ThemeRoot>
        <Button loading>Signing in...</Button>
      </ThemeRoot>,
    );
    const button = screen.getByRole('button', { name: 'Signing in...' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
  });
});
