type BrandLogoProps = { size?: number };

/** Two crossing arrows: your content goes out, other creators' content comes back. */
export function BrandLogo({ size = 32 }: BrandLogoProps) {
  return (
    <svg className="brand-logo" width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--color-primary)" />
      <path d="M9 11h10a4 4 0 0 1 0 8h-2" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      <path d="M23 21H13a4 4 0 0 1 0-8h2" fill="none" stroke="#c7d2fe" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
