/**
 * A player's strip: a long name cut short on screen yet whole in its tooltip, a 16×16 score with
 * every digit (breakable only after a separator), lit on the player's turn with its turn text,
 * and a breakdown read aloud in words.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PlayerStrip } from './PlayerStrip';

const strip = (props: Partial<Parameters<typeof PlayerStrip>[0]> = {}) =>
  renderToStaticMarkup(<PlayerStrip player={1} name="Ben" score={12} groups={[3, 2, 2]} active={false} {...props} />);

describe('a player strip', () => {
  it('keeps a 20-character name whole in its tooltip, with the rating and "(You)"', () => {
    const html = strip({ name: 'Konstantinopel12345X', rating: 1512, you: true });
    expect(html).toContain('class="score-name-text" title="Konstantinopel12345X">Konstantinopel12345X</span>');
    expect(html).toContain('<span class="strip-rating">1512</span>');
    expect(html).toContain('(You)');
  });

  it('shows every digit of a score past 2^64, breaking only after a thousands separator', () => {
    const score = 2n ** 96n; // a full 16×16 expansion board
    const html = strip({ score });
    expect(html).toContain(`data-score="${score}"`);
    expect(html).toContain('title="79,228,162,514,264,337,593,543,950,336"');
    expect(html.replace(/<wbr\/>/g, '')).toContain('>79,228,162,514,264,337,593,543,950,336</span>');
    expect(html.match(/<wbr\/>/g)).toHaveLength(9);
  });

  it('is lit with the large turn text only on the player\'s turn', () => {
    const lit = strip({ active: true, turnText: 'Your turn' });
    expect(lit).toMatch(/class="player-strip score-player player-1 active" aria-current="true"/);
    expect(lit).toContain('<span class="strip-turn">Your turn</span>');
    const dim = strip({ active: false, turnText: 'Your turn' });
    expect(dim).not.toContain('active');
    expect(dim).not.toContain('Your turn');
  });

  it('reads the breakdown as words and spaces its factors', () => {
    const html = strip({ groups: [1, 2, 3, 2, 3, 2, 2, 2, 2, 1, 3] });
    expect(html).toContain('aria-label="3 cubed times 2 to the power 6 times 1 squared"');
    // Exponents in <sup>, thin spaces around each ×: "3³ × 2⁶ × 1²".
    expect(html.replace(/<[^>]+>/g, '')).toContain('33\u2009×\u200926\u2009×\u200912');
    expect(html).toContain('3<sup>3</sup>');
  });

  it('names the winner and the leader by their trophy, and carries a clock', () => {
    expect(strip({ winner: true })).toContain('role="img" aria-label="Winner"');
    expect(strip({ leader: true })).toContain('role="img" aria-label="Leader"');
    expect(strip({ clock: <time>4:59</time> })).toContain('<span class="strip-clock"><time>4:59</time></span>');
  });
});
