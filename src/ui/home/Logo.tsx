/** The game's mark (public/logo.svg): decorative, since a title or a label always names it. */
export function Logo({ size, className }: { size: number; className?: string }) {
  return <img src={`${import.meta.env.BASE_URL}logo.svg`} alt="" width={size} height={size} className={className} draggable={false} />;
}
