// Async boundary: lets module federation negotiate shared singletons before React loads.
const start = () => import('./bootstrap');

// A prerendered page is on screen from its HTML alone: the browser paints it first, then the
// app's code is fetched and hydrates it, instead of the two competing for the first frame.
if (document.getElementById('root')?.dataset.prerendered) requestAnimationFrame(() => setTimeout(start));
else void start();
