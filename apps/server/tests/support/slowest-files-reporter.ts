// A vitest reporter for CI (.ci/run): after a pass, prints the ten files that took longest
// and what each spent importing (module graph, PGlite's WASM) against running its tests and
// hooks (databases and servers start in beforeAll), so a slow file shows on the day it lands.
// It sits beside vitest's own reporter, which still prints the results. It also records each
// file's time for the longest-first order of later runs (test-durations.ts).
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { durationKey, recordDurations } from './test-durations';

const shown = 10;

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`.padStart(8);
}

export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const files = testModules.map((module) => {
      const d = module.diagnostic();
      const setup = d.prepareDuration + d.environmentSetupDuration + d.setupDuration;
      return {
        key: durationKey(module.project.name, module.moduleId),
        name: `${module.project.name ? `[${module.project.name}] ` : ''}${path.relative(process.cwd(), module.moduleId)}`,
        setup,
        imports: d.collectDuration,
        tests: d.duration,
        total: setup + d.collectDuration + d.duration,
      };
    });
    if (files.length === 0) return;
    recordDurations(Object.fromEntries(files.map((file) => [file.key, Math.round(file.total / 100) / 10])));
    const sum = (key: 'setup' | 'imports' | 'tests' | 'total') =>
      files.reduce((total, file) => total + file[key], 0);
    const lines = [
      '',
      `Slowest ${Math.min(shown, files.length)} of ${files.length} files (import = loading the file's modules; tests = its tests and hooks):`,
      `${'total'.padStart(8)}${'import'.padStart(8)}${'tests'.padStart(8)}  file`,
      ...files
        .sort((a, b) => b.total - a.total)
        .slice(0, shown)
        .map((file) => `${seconds(file.total)}${seconds(file.imports)}${seconds(file.tests)}  ${file.name}`),
      `All files, summed over workers: ${seconds(sum('total')).trim()} (runner setup ${seconds(sum('setup')).trim()}, ` +
        `import ${seconds(sum('imports')).trim()}, tests ${seconds(sum('tests')).trim()})`,
      '',
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}
