// The third-party analytics script is there only when the build was configured for it.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Analytics, analyticsConfig } from './Analytics';

describe('analytics', () => {
  it('renders nothing, and loads nothing, when not configured', () => {
    expect(analyticsConfig({})).toBeNull();
    expect(analyticsConfig({ VITE_ANALYTICS_SRC: '', VITE_ANALYTICS_SITE_ID: 'cells' })).toBeNull();
    expect(renderToStaticMarkup(<Analytics config={null} />)).toBe('');
    // The test run's own build variables configure none.
    expect(renderToStaticMarkup(<Analytics />)).toBe('');
  });

  it('renders the script tag with the configured address and site id', () => {
    const config = analyticsConfig({ VITE_ANALYTICS_SRC: 'https://stats.example/script.js', VITE_ANALYTICS_SITE_ID: 'cells-42' });
    expect(config).toEqual({ src: 'https://stats.example/script.js', siteId: 'cells-42' });
    const html = renderToStaticMarkup(<Analytics config={config} />);
    expect(html).toMatch(/<script[^>]* src="https:\/\/stats\.example\/script\.js"/);
    expect(html).toContain('data-site-id="cells-42"');
    expect(html).toContain('async');
  });

  it('the site id is optional', () => {
    const config = analyticsConfig({ VITE_ANALYTICS_SRC: 'https://stats.example/script.js' });
    expect(config).toEqual({ src: 'https://stats.example/script.js', siteId: null });
    expect(renderToStaticMarkup(<Analytics config={config} />)).not.toContain('data-site-id');
  });

  it('refuses an address that is not https (http only on this machine), or not an address', () => {
    expect(analyticsConfig({ VITE_ANALYTICS_SRC: 'http://stats.example/script.js' })).toBeNull();
    expect(analyticsConfig({ VITE_ANALYTICS_SRC: 'javascript:alert(1)' })).toBeNull();
    expect(analyticsConfig({ VITE_ANALYTICS_SRC: 'stats.example/script.js' })).toBeNull();
    expect(analyticsConfig({ VITE_ANALYTICS_SRC: 'http://localhost:8000/script.js' })?.src).toBe('http://localhost:8000/script.js');
  });
});
