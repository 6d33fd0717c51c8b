import { describe, expect, it } from 'vitest';
import { parseClusterOptions } from './options';

describe('parseClusterOptions', () => {
  it('has defaults and takes both spellings', () => {
    expect(parseClusterOptions([])).toEqual({ nodes: 3, port: 3001, adapter: 'postgres' });
    expect(parseClusterOptions(['--nodes', '5', '--port=4000', '--adapter', 'redis'])).toEqual({ nodes: 5, port: 4000, adapter: 'redis' });
    expect(parseClusterOptions(['--help'])).toBe('help');
  });

  it('refuses bad options with one line naming the problem', () => {
    expect(() => parseClusterOptions(['--nodes', '0'])).toThrow('--nodes must be an integer from 1 to 16, got "0"');
    expect(() => parseClusterOptions(['--nodes', '17'])).toThrow('from 1 to 16');
    expect(() => parseClusterOptions(['--nodes', '2.5'])).toThrow('got "2.5"');
    expect(() => parseClusterOptions(['--nodes'])).toThrow('--nodes needs a value');
    expect(() => parseClusterOptions(['--port', 'http'])).toThrow('--port must be an integer from 1 to 65535');
    expect(() => parseClusterOptions(['--port', '65530', '--nodes', '8'])).toThrow('leaves no room for 8 nodes');
    expect(() => parseClusterOptions(['--adapter', 'memory'])).toThrow('--adapter must be postgres or redis, got "memory"');
    expect(() => parseClusterOptions(['--node', '3'])).toThrow('unknown option "--node"');
    expect(() => parseClusterOptions(['3'])).toThrow('unknown option "3"');
  });
});
