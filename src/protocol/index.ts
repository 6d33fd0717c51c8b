// The socket protocol shared by the client and the game server.
export * from './messages';
export * from './schemas';
export * from './parse';
export * from './server-events';
export * from './rules';
export * from './events';
