import type { Group, Options } from './options';
import type { Figures } from './report';
import { median } from './stats';

/** Collects a run's figures, notes, samples and failures; runs each group in isolation. */
export class Bench {
  readonly figures: Figures = {};
  readonly notes: Record<string, string> = {};
  readonly samples: Record<string, number[]> = {};
  readonly failures: string[] = [];

  constructor(
    readonly options: Options,
    private readonly log: (line: string) => void,
  ) {}

  wants(group: Group): boolean {
    return this.options.groups.has(group);
  }

  /** Runs one group; a failure is recorded (its figures null) and the others go on. */
  async step(group: Group, keys: string[], fn: () => Promise<void> | void): Promise<void> {
    if (!this.wants(group)) return;
    const started = performance.now();
    this.log(`[${group}]`);
    try {
      await fn();
    } catch (error) {
      for (const key of keys) this.figures[key] ??= null;
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      this.failures.push(`${group}: ${message}`);
      this.log(`  FAILED: ${message}`);
    }
    this.log(`  (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }

  /** Stores the median of `times` under `key`, and the samples. */
  median(key: string, times: number[]): number {
    this.samples[key] = times.map((t) => Math.round(t * 10) / 10);
    const value = median(times);
    this.figures[key] = value;
    this.log(`  ${key}: ${value.toFixed(1)} (${this.samples[key].join(', ')})`);
    return value;
  }

  set(key: string, value: number | null, note?: string): void {
    this.figures[key] = value;
    if (note) this.notes[key] = note;
    this.log(
      `  ${key}: ${value === null ? 'null' : Number(value.toFixed(Math.abs(value) < 0.1 ? 4 : 2))}${note ? ` (${note})` : ''}`,
    );
  }
}
