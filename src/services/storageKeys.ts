/**
 * The device's local-storage keys, in a module of their own so that a page can ask whether
 * something is stored (Home: is a game saved?) without loading how it is read (./storage.ts).
 */
export const SETTINGS_KEY = 'cellconnection.settings';
export const GAME_KEY = 'cellconnection.game';
