import { toggleFaq } from './faqState';

describe('FAQ one-open rule', () => {
  it('opens the clicked item when none is open', () => expect(toggleFaq(null, 2)).toBe(2));
  it('switches to the clicked item, closing the open one', () => expect(toggleFaq(2, 5)).toBe(5));
  it('closes the open item when it is clicked again', () => expect(toggleFaq(5, 5)).toBeNull());
  it('treats index 0 as an item, not as none', () => {
    expect(toggleFaq(null, 0)).toBe(0);
    expect(toggleFaq(0, 0)).toBeNull();
  });
});
