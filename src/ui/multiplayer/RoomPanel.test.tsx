import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialRoomContext, type RoomContext } from '../../machines/room.machine';
import { ALICE, BOB } from '../../machines/room.testkit';
import { MIRROR_RULE_LABEL } from '../../game/mirrorRule';
import { RoomPanel } from './RoomPanel';

/** Alice hosts a waiting room with Bob in it, both ready. */
function context(quickPlay: boolean, settings: Partial<RoomContext['roomSettings']> = {}): RoomContext {
  return {
    ...initialRoomContext,
    currentRoom: { code: 'ABC123', status: 'waiting', isHost: true, quickPlay },
    localPlayerId: 'alice',
    hostId: 'alice',
    players: [{ ...ALICE, ready: true }, { ...BOB, ready: true, connected: false }],
    roomSettings: { ...initialRoomContext.roomSettings, boardSize: 8, timeControl: '3+2', ...settings },
  };
}

const render = (quickPlay: boolean, settings: Partial<RoomContext['roomSettings']> = {}) =>
  renderToStaticMarkup(<RoomPanel context={context(quickPlay, settings)} busy={false} send={() => {}} />);

describe('the room panel', () => {
  beforeEach(() => vi.stubGlobal('window', { location: { origin: 'https://cells.example' } }));
  afterEach(() => vi.unstubAllGlobals());

  it('lets the host of an ordinary room invite, change the settings and give readiness', () => {
    const html = render(false);
    expect(html).toContain('Copy invite link');
    expect(html).toContain('<fieldset');
    expect(html).toContain('Not Ready');
    expect(html).not.toContain('Waiting for your opponent to arrive');
  });

  it("offers the host the spec's sizes, then 12x12, 14x14 and 16x16 under Large boards", () => {
    expect(render(false)).toContain(
      '<option value="10">10x10</option><optgroup label="Large boards"><option value="12">12x12</option><option value="14">14x14</option><option value="16">16x16</option></optgroup>',
    );
  });

  it('shows a room quick play opened as the pairing it is: the settings, and who is still on the way', () => {
    const html = render(true);
    expect(html).toContain('Waiting for your opponent to arrive…');
    expect(html).toContain('BOB (reconnecting…)');
    expect(html).toMatch(/aria-label="Game Settings".*8x8/);
    expect(html).not.toContain('Copy invite link');
    expect(html).not.toContain('<fieldset');
    expect(html).not.toContain('Ready</button>');
  });

  it('offers the host "No mirroring", ticked in a new room, and tells the players of a room under it', () => {
    expect(render(false)).toMatch(/<input id="mp-mirror-rule" type="checkbox"[^>]*checked=""[^>]*\/>No mirroring<\/label>/);
    expect(render(false, { mirrorRule: false })).not.toMatch(/id="mp-mirror-rule"[^>]*checked/);
    expect(render(true)).toMatch(new RegExp(`aria-label="Game Settings".*<dd[^>]*>${MIRROR_RULE_LABEL}</dd>`));
    expect(render(true, { mirrorRule: false })).not.toContain(MIRROR_RULE_LABEL);
  });
});
