import { fireEvent, screen } from '@testing-library/react';
import { renderWithHost } from '@vton/shell-sdk/testing';
import { FAQ_ITEMS } from '../data/faq';
import { FaqSection } from './FaqSection';

const question = (index: number) => screen.getByRole('button', { name: FAQ_ITEMS[index].question });
const expanded = () => screen.getAllByRole('button').filter((b) => b.getAttribute('aria-expanded') === 'true');

describe('FAQ accordion', () => {
  it('shows eight questions, all closed, each controlling its answer region', () => {
    renderWithHost(<FaqSection />);
    expect(FAQ_ITEMS).toHaveLength(8);
    for (const [index, item] of FAQ_ITEMS.entries()) {
      const button = question(index);
      expect(button).toHaveAttribute('aria-expanded', 'false');
      const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
      expect(panel).not.toBeVisible();
      expect(panel).toHaveTextContent(item.answer);
    }
  });

  it('keeps one item open at a time and closes the open one when clicked again', () => {
    renderWithHost(<FaqSection />);
    fireEvent.click(question(0));
    expect(expanded()).toEqual([question(0)]);
    expect(screen.getByRole('region', { name: FAQ_ITEMS[0].question })).toBeVisible();

    fireEvent.click(question(3));
    expect(expanded()).toEqual([question(3)]);
    expect(screen.queryByRole('region', { name: FAQ_ITEMS[0].question })).toBeNull();

    fireEvent.click(question(3));
    expect(expanded()).toEqual([]);
  });
});
