import { render, screen } from '@testing-library/react';
import { ThemeRoot } from '@vton/ui';
import { MOCK_DESCRIPTION, MOCK_WAITS_FOR_TRY_ON, MockButton } from './MockButton';

const renderMock = (props: Partial<Parameters<typeof MockButton>[0]>) =>
  render(
    <ThemeRoot>
      <MockButton onClick={() => {}} loading={false} {...props} />
    </ThemeRoot>,
  );

it('says what Mock is', () => {
  renderMock({});
  expect(screen.getByRole('button', { name: 'Mock' })).toHaveAccessibleDescription(MOCK_DESCRIPTION);
});

it('says why it waits while a try-on runs', () => {
  renderMock({ disabled: true, disabledReason: MOCK_WAITS_FOR_TRY_ON });
  const mock = screen.getByRole('button', { name: 'Mock' });
  expect(mock).toBeDisabled();
  expect(mock).toHaveAccessibleDescription(`${MOCK_DESCRIPTION} Available again when this try-on finishes.`);
});
