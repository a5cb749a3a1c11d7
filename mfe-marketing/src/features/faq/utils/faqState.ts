/** Spec §4: the FAQ holds one open item index or none. */
export type OpenFaq = number | null;

/** Clicking an item opens it and closes any other; clicking the open one closes it. */
export function toggleFaq(open: OpenFaq, clicked: number): OpenFaq {
  return open === clicked ? null : clicked;
}
