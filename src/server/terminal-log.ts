import type { Config } from './config';

const LEVEL_NAMES: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

/**
 * On a terminal the JSON log is hard to read (the first-start password arrives as one escaped line), so
 * people get "time LEVEL message"; piped output stays JSON for log collectors.
 */
export function terminalLogStream() {
  return {
    write(line: string) {
      const {
        level,
        time,
        msg,
        pid: _pid,
        hostname: _host,
        ...rest
      } = JSON.parse(line) as Record<string, unknown>;
      const when = new Date(Number(time)).toTimeString().slice(0, 8);
      const extra = Object.keys(rest).length > 0 ? ` ${JSON.stringify(rest)}` : '';
      process.stdout.write(
        `${when} ${(LEVEL_NAMES[Number(level)] ?? 'LOG').padEnd(5)} ${String(msg)}${extra}\n`,
      );
    },
  };
}

/** Logger options for a command run by a person: readable on a terminal, JSON otherwise. */
export function loggerOptions(level: Config['logLevel']) {
  return { level, ...(process.stdout.isTTY && { stream: terminalLogStream() }) };
}
