/** Placeholder rows while a compliance list loads. */
export function SkeletonRows({ count = 3 }: { count?: number }) {
  return (
    <ul className="space-y-3" aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="h-12 animate-pulse rounded-md bg-muted" />
      ))}
    </ul>
  );
}
