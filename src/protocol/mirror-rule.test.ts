// "No mirroring" in a room's settings: on unless the host turns it off; anything but true or false is refused by name.
import { describe, expect, it } from 'vitest';
import { room } from './messages.testkit';
import { DEFAULT_ROOM_SETTINGS, SERVER_ERRORS } from './messages';
import { MIRRORING_REFUSED } from '../game/mirrorRule';
import { parseClientPayload, parseRoomView } from './parse';
import { mirrorRuleOn } from './rules';
import { OpenGameViewSchema, parseWith } from './schemas';

const parseUpdateSettings = (input: unknown) => parseClientPayload('room:updateSettings', input);

describe('the mirror rule in room settings', () => {
  it('is on in a new room, and in a room from a server that does not send it (rooms are rated)', () => {
    expect(DEFAULT_ROOM_SETTINGS.mirrorRule).toBe(true);
    const { mirrorRule: _gone, ...older } = room.settings;
    const parsed = parseRoomView({ ...room, settings: older });
    expect(parsed.ok && mirrorRuleOn(parsed.value.settings)).toBe(true);
    const off = parseRoomView({ ...room, settings: { ...older, mirrorRule: false } });
    expect(off.ok && mirrorRuleOn(off.value.settings)).toBe(false);
  });

  it('is the host’s to change, as true or false only', () => {
    expect(parseUpdateSettings({ mirrorRule: false })).toEqual({ ok: true, value: { mirrorRule: false } });
    expect(parseUpdateSettings({ mirrorRule: 'no' })).toEqual({ ok: false, error: 'mirrorRule must be true or false, got "no"' });
    expect(parseRoomView({ ...room, settings: { ...room.settings, mirrorRule: 1 } })).toEqual({ ok: false, error: 'room.settings.mirrorRule must be true or false, got 1' });
  });

  it('is kept by an open game, on when an older server leaves it out', () => {
    const game = { code: 'ABC123', host: 'Ann', boardSize: 8, scoringMechanism: 'connection', rated: true, timeControl: 'untimed' };
    const older = parseWith(OpenGameViewSchema, game);
    expect(older.ok && mirrorRuleOn(older.value)).toBe(true);
    const off = parseWith(OpenGameViewSchema, { ...game, mirrorRule: false });
    expect(off.ok && mirrorRuleOn(off.value)).toBe(false);
    expect(parseWith(OpenGameViewSchema, { ...game, mirrorRule: 'yes' })).toEqual({ ok: false, error: 'mirrorRule must be true or false, got "yes"' });
  });

  it('refuses a mirroring move with the words every player sees', () => {
    expect(SERVER_ERRORS.mirroring).toBe(MIRRORING_REFUSED);
  });
});
