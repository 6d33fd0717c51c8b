import './logo.css';

/**
 * The game's mark, as public/logo.svg draws it (the icon the browser shows), inline so that its
 * tile and empty cells take the theme's colours: a light tile on the light page, a dark one on
 * the dark page. Decorative, since a title or a label always names it.
 */
export function Logo({ size, className }: { size: number; className?: string }) {
  return (
    <svg
      viewBox="0 0 64 64"
      width={size}
      height={size}
      className={className ? `logo ${className}` : 'logo'}
      aria-hidden="true"
      focusable="false"
    >
      {/* A 3x3 grid of cells: a green group and a blue group, joined by links as on the board. */}
      <rect className="logo-tile" x="2" y="2" width="60" height="60" rx="12" />
      <g fill="#2e9e4f">
        <rect x="8" y="8" width="14" height="14" rx="3" />
        <rect x="25" y="8" width="14" height="14" rx="3" />
        <rect x="8" y="25" width="14" height="14" rx="3" />
      </g>
      <g fill="#2f7de1">
        <rect x="42" y="25" width="14" height="14" rx="3" />
        <rect x="42" y="42" width="14" height="14" rx="3" />
        <rect x="25" y="42" width="14" height="14" rx="3" />
      </g>
      <g className="logo-empty" fill="none" strokeWidth="2">
        <rect x="25" y="25" width="14" height="14" rx="3" />
        <rect x="42" y="8" width="14" height="14" rx="3" />
        <rect x="8" y="42" width="14" height="14" rx="3" />
      </g>
      <g stroke="#ffffff" strokeWidth="2.5" strokeLinecap="round" opacity="0.9">
        <path d="M15 15h17M15 15v17" />
        <path d="M49 32v17M49 49H32" />
      </g>
    </svg>
  );
}
