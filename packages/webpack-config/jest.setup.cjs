// jsdom lacks PointerEvent (toasts are swiped with pointer events) and matchMedia.
if (typeof window !== 'undefined') {
  if (typeof window.PointerEvent === 'undefined') {
    class PointerEvent extends MouseEvent {
      constructor(type, init = {}) {
        super(type, init);
        this.pointerId = init.pointerId ?? 1;
        this.pointerType = init.pointerType ?? 'mouse';
      }
    }
    // jsdom has no PointerEvent; this MouseEvent with the pointer fields stands in for it
    window.PointerEvent = /** @type {any} */ (PointerEvent);
  }
  if (typeof window.matchMedia !== 'function') {
    window.matchMedia = (query) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      dispatchEvent: () => false,
    });
  }
}
