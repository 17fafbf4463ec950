/** What every benchmark prints and writes: the machine, tables, bench/results/<name>.json, the verdict. */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const RESULTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'results');

/** `machine: 2 CPUs (AMD EPYC), node v20.19.0`, the start of a benchmark's second line. */
export function machineLine(): string {
  return `machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), node ${process.version}`;
}

/** `load 1.02 0.87 0.60`: the load averages over 1, 5 and 15 minutes. */
export function loadLine(): string {
  return `load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;
}

/**
 * The report's `machine` object. `brief` leaves out the memory and the platform; `loadAverage`
 * adds the load averages at the end of the run, `openFileLimit` the limit the run saw.
 */
export function machineReport(
  note: string,
  options: { brief?: boolean; loadAverage?: boolean; openFileLimit?: number | null } = {},
) {
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? null,
    ...(options.brief ? {} : { totalMemoryBytes: os.totalmem() }),
    ...(options.loadAverage ? { loadAverageAtEnd: os.loadavg() } : {}),
    ...(options.brief ? {} : { platform: `${os.platform()} ${os.release()}` }),
    node: process.version,
    ...(options.openFileLimit !== undefined ? { openFileLimit: options.openFileLimit } : {}),
    note,
  };
}

/** A table row: the first cell left-aligned, the others right-aligned, each to its width, two spaces apart. */
export function row(cells: string[], widths: number[]): string {
  return cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ');
}

/** Writes `report` to bench/results/`fileName`; returns that path relative to the working folder, for the closing line. */
export function writeResult(fileName: string, report: unknown): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, fileName);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return path.relative(process.cwd(), file);
}

/** The exit code of a run: 1, after printing them, when there are failures; 0 otherwise. */
export function exitCodeFor(failures: string[]): number {
  if (failures.length === 0) return 0;
  process.stderr.write(`FAILED: ${failures.join('; ')}\n`);
  return 1;
}
