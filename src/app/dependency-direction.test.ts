import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

// Proves the lint rule of ARCHITECTURE.md ("dependencies point one way") with the project's
// real eslint.config.js, on code that exists only in this test.
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot, overrideConfigFile: 'eslint.config.js' });
});

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const importing = (source: string) => `import x from '${source}';\nexport default x;\n`;

describe('dependency direction', () => {
  it.each([
    ['src/engine/x.ts', '../ui/Page'],
    ['src/engine/deep/x.ts', '../../app/main'],
    ['src/game/x.ts', '../machines/game.machine'],
    ['src/protocol/x.ts', '../net/socket'],
    ['src/machines/x.ts', '../board/layers'],
    ['src/board/x.ts', '../ui'],
    ['src/services/x.ts', '../app/providers'],
    ['src/ui/x.tsx', '../app/App'],
    ['server/src/x.ts', '../../src/ui/Page'],
    ['server/src/rooms/x.ts', '../../../src/machines/room.machine'],
    ['src/ui/x.tsx', '../../server/src/index'],
  ])('%s may not import %s', async (filePath, source) => {
    expect(await restrictedImports(filePath, importing(source))).toHaveLength(1);
  });

  it.each([
    ['src/ui/x.tsx', '../engine'],
    ['src/ui/x.tsx', '../machines/game.machine'],
    ['src/app/x.tsx', '../ui/Page'],
    ['src/machines/x.ts', '../game/moves'],
    ['src/protocol/x.ts', '../engine'],
    ['src/game/x.ts', '../engine'],
    ['server/src/x.ts', '../../src/engine/load'],
    ['server/src/x.ts', '../../src/protocol/messages'],
    ['server/src/rooms/x.ts', './board'],
  ])('%s may import %s', async (filePath, source) => {
    expect(await restrictedImports(filePath, importing(source))).toEqual([]);
  });

  it.each(['react', 'react-dom/client', 'pixi.js', 'xstate', 'socket.io-client', '@supabase/supabase-js'])(
    'the pure engine may not import %s',
    async (source) => {
      expect(await restrictedImports('src/engine/x.ts', importing(source))).toHaveLength(1);
      expect(await restrictedImports('src/game/x.ts', importing(source))).toHaveLength(1);
    },
  );
});
