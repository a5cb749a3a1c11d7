import { act, renderHook } from '@testing-library/react';
import { createStore, useStoreFields } from './createStore';

describe('useStoreFields', () => {
  const setup = () => {
    const store = createStore({ tool: 'none', models: [1], prompt: '' });
    let renders = 0;
    const hook = renderHook(() => {
      renders += 1;
      return useStoreFields(store, ['tool', 'models']);
    });
    return { store, hook, renders: () => renders };
  };

  it('reads the fields asked for, as they are now', () => {
    const { store, hook } = setup();
    expect(hook.result.current).toEqual({ tool: 'none', models: [1] });
    act(() => store.setState({ tool: 'mask' }));
    expect(hook.result.current).toEqual({ tool: 'mask', models: [1] });
  });

  it('keeps the same object, and does not re-render, when only another field changes', () => {
    const { store, hook, renders } = setup();
    const first = hook.result.current;
    const rendered = renders();
    act(() => store.setState({ prompt: 'red dress' }));
    expect(renders()).toBe(rendered);
    expect(hook.result.current).toBe(first);
  });
});
