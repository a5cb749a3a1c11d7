import { nextTabbable } from './tabOrder';

afterEach(() => {
  document.body.innerHTML = '';
});

it('finds the next stop of Tab after an element, past what Tab skips, and none at the end of the page', () => {
  document.body.innerHTML = `
    <div id="from" tabindex="0"><button>inside</button></div>
    <button disabled>disabled</button>
    <div tabindex="-1">out of the order</div>
    <button hidden>hidden</button>
    <div style="display: none"><button>not displayed</button></div>
    <div inert><button>inert</button></div>
    <span style="visibility: hidden"><a href="#x">invisible</a></span>
    <fieldset disabled><input aria-label="in a disabled fieldset" /></fieldset>
    <input type="hidden" />
    <a href="#next">next</a>
    <button id="last">last</button>`;
  expect(nextTabbable(document.getElementById('from')!)?.textContent).toBe('next');
  expect(nextTabbable(document.getElementById('last')!)).toBeNull();
});
