import { ConfigError, loadConfig, type Config } from '../config';
import type { BackupPhase } from '@/domain/backup';

/** "4.7 MB" */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${bytes} bytes` : `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

const PHASE_TEXT: Record<BackupPhase, string> = {
  snapshot: 'Taking the snapshot',
  dump: 'Dumping the database (pg_dump)',
  hash: 'Hashing the files',
  archive: 'Writing the archive',
};

/**
 * Progress on the terminal: one line rewritten in place on a terminal, one line per phase otherwise
 * (a log file or a cron mail stays short).
 */
export function progressPrinter(stream: NodeJS.WriteStream = process.stderr) {
  let lastPhase: BackupPhase | null = null;
  return {
    update(phase: BackupPhase, percent: number) {
      if (stream.isTTY) {
        stream.write(`\r${PHASE_TEXT[phase]}… ${String(Math.floor(percent)).padStart(3)}%`);
      } else if (phase !== lastPhase) {
        stream.write(`${PHASE_TEXT[phase]}…\n`);
      }
      lastPhase = phase;
    },
    done() {
      if (stream.isTTY && lastPhase) stream.write('\n');
      lastPhase = null;
    },
  };
}

/** The flags and positional arguments of a command line (`--out dir`, `--force`). */
export function parseArgs(
  argv: readonly string[],
  withValue: readonly string[],
): { flags: Record<string, string | true>; positional: string[] } {
  const flags: Record<string, string | true> = {};
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    if (inline !== undefined) flags[name] = inline;
    else if (withValue.includes(name)) {
      const value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) throw new Error(`--${name} needs a value`);
      flags[name] = value;
      i += 1;
    } else flags[name] = true;
  }
  return { flags, positional };
}

/**
 * The shared start of a command that takes one optional `--<flag> value` and no positional arguments:
 * parses the line, prints the usage for `--help` (null: nothing more to do), refuses anything else
 * with exit 2, and loads the configuration (a configuration error exits 1 with its message).
 */
export function readCommandLine(
  usage: string,
  flag: string,
): { flags: Record<string, string | true>; config: Config } | null {
  let args;
  try {
    args = parseArgs(process.argv.slice(2), [flag]);
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${usage}`);
    process.exit(2);
  }
  if (args.flags.help) {
    console.info(usage);
    return null;
  }
  if (args.positional.length > 0 || Object.keys(args.flags).some((f) => f !== flag)) {
    console.error(usage);
    process.exit(2);
  }
  try {
    return { flags: args.flags, config: loadConfig() };
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}
