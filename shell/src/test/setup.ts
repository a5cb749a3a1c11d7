// The account screens are lazy in the app; tests render them synchronously. Imported in the
// hook, after the test file has registered its jest.mock()s, so it shares their module registry.
beforeAll(async () => {
  const { preloadAccountPages } = await import('../app/AppRoutes');
  await preloadAccountPages();
});

// jsdom has no layout and does not implement window.scrollTo (the shell scrolls a new page to its top).
window.scrollTo = () => {};
