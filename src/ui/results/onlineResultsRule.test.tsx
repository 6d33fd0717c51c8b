// Online Game Results say "No mirroring" where the game was played under the rule.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MIRROR_RULE_LABEL } from '../../game/mirrorRule';
import { ResultsDetails } from './OnlineResults';

describe('online Game Results', () => {
  it('say "No mirroring" for a game under the rule, and nothing of it otherwise', () => {
    expect(renderToStaticMarkup(<ResultsDetails boardSize={6} casual={false} mirrorRule />)).toMatch(
      new RegExp(`6x6</span><span data-testid="results-mirror-rule"[^>]*>${MIRROR_RULE_LABEL}</span>`),
    );
    expect(renderToStaticMarkup(<ResultsDetails boardSize={6} casual={false} mirrorRule={false} />)).not.toContain(MIRROR_RULE_LABEL);
  });
});
