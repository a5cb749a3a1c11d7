/** Small stroke icons (decorative: buttons carry their own accessible names). */
const common = { width: 18, height: 18, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round', 'aria-hidden': true, focusable: false } as const;

/** An icon drawn by its strokes (SVG path data, 24 × 24). */
function StrokeIcon({ strokes }: { strokes: readonly string[] }) {
  return (
    <svg {...common}>
      {strokes.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

export function DownloadIcon() {
  return <StrokeIcon strokes={['M12 3v12', 'm7 10 5 5 5-5', 'M5 21h14']} />;
}

export function TrashIcon() {
  return <StrokeIcon strokes={['M3 6h18', 'M8 6V4h8v2', 'M6 6l1 14h10l1-14']} />;
}

export function CloseIcon() {
  return <StrokeIcon strokes={['M6 6l12 12', 'M18 6 6 18']} />;
}
