/** The hub's shield, drawn in the header and in the boot shell (index.html draws the same one). */
export function BrandMark() {
  return (
    <svg className="brand__mark" viewBox="0 0 32 32" aria-hidden="true">
      <path d="M16 2 28 7v9c0 7-5 12-12 14C9 28 4 23 4 16V7z" fill="var(--accent)" />
      <path d="m11 11 10 10m0-10L11 21" stroke="var(--bg)" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
