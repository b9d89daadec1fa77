import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const modulesDir = path.dirname(fileURLToPath(import.meta.url));

/** Every import of a module's source files, as `importer → imported`, resolved to paths under modules/. */
function crossModuleImports(): { from: string; to: string }[] {
  const found: { from: string; to: string }[] = [];
  for (const moduleName of readdirSync(modulesDir, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
    const dir = path.join(modulesDir, moduleName.name);
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts'))) {
      const source = readFileSync(path.join(dir, file), 'utf8');
      for (const match of source.matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
        const target = path.relative(modulesDir, path.resolve(dir, match[1] ?? ''));
        if (!target.startsWith('..') && !target.startsWith(`${moduleName.name}${path.sep}`)) {
          found.push({ from: `${moduleName.name}/${file}`, to: target.split(path.sep).join('/') });
        }
      }
    }
  }
  return found;
}

describe('module borders', () => {
  it('finds the imports between modules it checks', () => {
    expect(crossModuleImports().length).toBeGreaterThan(0);
  });

  it('keeps every routes file private to its module', () => {
    const intoRoutes = crossModuleImports().filter((edge) => edge.to.endsWith('.routes.ts'));
    expect(intoRoutes).toEqual([]);
  });
});
