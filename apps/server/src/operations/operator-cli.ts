// What the backup and restore commands share: the configuration, the passphrase (from
// BACKUP_PASSPHRASE or typed at a hidden prompt) and printing errors without stacks.
import readline from 'node:readline';
import { ConfigError, loadConfig, type Config } from '../config';
import { BackupError } from './backup-error';

export function readConfigOrExit(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n\nSee .env.example for every setting.\n`);
      process.exit(1);
    }
    throw error;
  }
}

/** Asks for the passphrase on the terminal without echoing it; undefined when there is no terminal. */
export async function promptPassphrase(question: string): Promise<string | undefined> {
  if (!process.stdin.isTTY) return undefined;
  const rl = readline.createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  const output = rl as unknown as { _writeToOutput: (s: string) => void };
  let asked = false;
  output._writeToOutput = (s: string) => {
    if (!asked) {
      process.stderr.write(s);
      asked = true;
    }
  };
  try {
    const answer = await new Promise<string>((resolve) => rl.question(question, resolve));
    process.stderr.write('\n');
    return answer === '' ? undefined : answer;
  } finally {
    rl.close();
  }
}

export function progress(message: string): void {
  process.stderr.write(`  ${message}\n`);
}

/** Runs a command's main, printing operator errors as their message alone. */
export function runCommand(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      if (error instanceof BackupError) process.stderr.write(`\n${error.message}\n`);
      else
        process.stderr.write(
          `\n${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
        );
      process.exit(1);
    },
  );
}
