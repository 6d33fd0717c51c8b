/**
 * The analytics component (SPEC: "An analytics component is rendered by a third-party service"):
 * the third party's script tag, and only when the build was configured for it with
 *   VITE_ANALYTICS_SRC      the script's address (https, or http on localhost for a trial), and
 *   VITE_ANALYTICS_SITE_ID  the site's id at the service (optional; given to it as data-site-id).
 * Unconfigured (the default) it renders nothing and the game sends nothing anywhere. A value that
 * is not such an address is refused the same way: nothing is loaded from a mistyped origin.
 */
export interface AnalyticsConfig {
  src: string;
  siteId: string | null;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The configuration from the build's VITE_ANALYTICS_* variables, or null: no analytics. */
export function analyticsConfig(env: Record<string, unknown>): AnalyticsConfig | null {
  const src = typeof env.VITE_ANALYTICS_SRC === 'string' ? env.VITE_ANALYTICS_SRC.trim() : '';
  if (!src) return null;
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return null;
  }
  const allowed = url.protocol === 'https:' || (url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname));
  if (!allowed) return null;
  const siteId = typeof env.VITE_ANALYTICS_SITE_ID === 'string' && env.VITE_ANALYTICS_SITE_ID.trim() ? env.VITE_ANALYTICS_SITE_ID.trim() : null;
  return { src: url.href, siteId };
}

/** The analytics script of the configured service, or nothing. React puts the script in <head>, once. */
export function Analytics({ config = analyticsConfig(import.meta.env) }: { config?: AnalyticsConfig | null }) {
  if (!config) return null;
  return <script async src={config.src} data-site-id={config.siteId ?? undefined} />;
}
