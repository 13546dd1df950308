// The linter keeps the walls between layers: each deliberate violation below, linted as if it
// were a file of the project, fails with the rule that guards it. (A wall that lets these
// through would let the real thing through too.)
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function rulesBroken(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('lint walls', () => {
  it.each([
    [
      'a machine importing React',
      'src/machines/reader/scratch.machine.ts',
      "import { useState } from 'react';\nexport const x = useState;\n",
      'no-restricted-imports',
    ],
    [
      'a machine importing a component',
      'src/machines/accounts/scratch.machine.ts',
      "import { ToastRegion } from '../../components/toast/toast-region';\nexport const x = ToastRegion;\n",
      'import-x/no-restricted-paths',
    ],
    [
      'a machine importing a screen',
      'src/machines/reader/scratch.machine.ts',
      "import { HomeScreen } from '../../screens/reader/home/home.screen';\nexport const x = HomeScreen;\n",
      'import-x/no-restricted-paths',
    ],
    [
      'an atom importing a screen',
      'src/atoms/reader/scratch.atoms.ts',
      "import { HomeScreen } from '../../screens/reader/home/home.screen';\nexport const x = HomeScreen;\n",
      'import-x/no-restricted-paths',
    ],
    [
      'src/api importing UI',
      'src/api/scratch.ts',
      "import { appStore } from '../atoms/store';\nexport const x = appStore;\n",
      'import-x/no-restricted-paths',
    ],
    [
      'the server importing the web app',
      'server/scratch.ts',
      "import { appStore } from '../src/atoms/store';\nexport const x = appStore;\n",
      'import-x/no-restricted-paths',
    ],
    [
      'a screen importing jotai directly',
      'src/screens/reader/home/scratch.tsx',
      "import { useAtomValue } from 'jotai';\nexport const x = useAtomValue;\n",
      'no-restricted-imports',
    ],
    [
      'a hook called conditionally',
      'src/components/scratch.tsx',
      "import { useState } from 'react';\nexport function A({ on }: { on: boolean }) {\n  if (on) useState(0);\n  return null;\n}\n",
      'react-hooks/rules-of-hooks',
    ],
  ])('fails on %s', async (_what, filePath, code, rule) => {
    expect(await rulesBroken(filePath, code)).toContain(rule);
  });

  it('lets the allowed imports through', async () => {
    expect(
      await rulesBroken(
        'server/scratch.ts',
        "import { routes } from '../src/api/contract/routes.js';\nimport { documentPath } from '../src/shared/document-path.js';\nexport const x = [routes, documentPath];\n",
      ),
    ).toEqual([]);
    expect(
      await rulesBroken(
        'src/screens/reader/home/scratch.tsx',
        "import { useAtomValue } from '../../../atoms/store';\nexport const x = useAtomValue;\n",
      ),
    ).toEqual([]);
  });

  // no-cycle follows real files, so the circle is written into the tree: in a folder of its own per
  // run, which the project's lint, Prettier and git ignore (and this linter, with ignore: false, reads).
  it('fails on an import circle', async () => {
    const scratch = path.join(root, 'src/shared/__lint_scratch__');
    fs.mkdirSync(scratch, { recursive: true });
    const dir = fs.mkdtempSync(path.join(scratch, 'run-'));
    try {
      fs.writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
      fs.writeFileSync(path.join(dir, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
      const [result] = await new ESLint({ cwd: root, ignore: false }).lintFiles([path.join(dir, 'a.ts')]);
      expect(result?.messages.map((message) => message.ruleId)).toContain('import-x/no-cycle');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      try {
        fs.rmdirSync(scratch);
      } catch {
        // Another run still has its folder in it (or removed it first).
      }
    }
  });
});
