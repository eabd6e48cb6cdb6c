// Runs the test files that took longest in the last recorded CI run first (test-durations.ts).
// Two workers share a queue of files; when a 90-second file starts last, one worker idles for
// most of that time at the end of the pass. Longest first leaves short files to fill the end.
// Files without a recorded duration follow in vitest's default order.
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { durationKey, keptDurationsFile, readDurations } from './test-durations';

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files);
    const durations = readDurations(keptDurationsFile);
    const known = (spec: TestSpecification) => durations[durationKey(spec.project.name, spec.moduleId)];
    // Array sort is stable: files that tie keep vitest's order.
    return [...base].sort((a, b) => {
      const order = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (order !== 0) return order;
      const da = known(a);
      const db = known(b);
      if (da !== undefined && db !== undefined) return db - da;
      return da !== undefined ? -1 : db !== undefined ? 1 : 0;
    });
  }
}
