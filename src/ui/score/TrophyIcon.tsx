/** Drawn rather than an emoji: not every system has a colour emoji font. */
export function TrophyIcon() {
  return (
    <svg width="1em" height="1em" viewBox="0 0 24 24" aria-hidden="true">
      <path
        fill="#e6a817"
        d="M7 3h10v2h3v3a4 4 0 0 1-4 4h-.3A5 5 0 0 1 13 14.9V18h3v3H8v-3h3v-3.1A5 5 0 0 1 8.3 12H8a4 4 0 0 1-4-4V5h3V3Zm10 4v3a2 2 0 0 0 1-2V7h-1ZM6 7v1a2 2 0 0 0 1 2V7H6Z"
      />
    </svg>
  );
}
