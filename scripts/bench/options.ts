/** Command-line options of the room benchmark and its server process: `--name value`. */

/** A non-negative number, or `fallback` when the option is absent. */
export function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const value = Number(process.argv[i + 1]);
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} needs a non-negative number`);
  return value;
}

/** A text value, or undefined when the option is absent. */
export function textOption(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return undefined;
  const value = process.argv[i + 1];
  if (!value || value.startsWith('--')) throw new Error(`--${name} needs a value`);
  return value;
}
