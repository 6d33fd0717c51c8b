import { describe, expect, it } from 'vitest';
import { tabIcon, tabTitle } from './turnTitle';

describe("the tab's title and icon on the online game page", () => {
  it("say 'Your turn' with a dot on the player's turn", () => {
    expect(tabTitle(true)).toBe('Your turn · Cell Connection');
    expect(tabIcon(true)).toBe('/favicon-turn.svg');
  });

  it('are the plain ones otherwise', () => {
    expect(tabTitle(false)).toBe('Cell Connection');
    expect(tabIcon(false)).toBe('/favicon.svg');
  });
});
