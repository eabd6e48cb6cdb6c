// What a function may read of the environment. A function runs in a worker thread started
// with exactly this env, so it cannot see the server's process.env:
//   - SUPABASE_URL, SUPABASE_ANON_KEY and (unless FUNCTIONS_SERVICE_ROLE_KEY=false)
//     SUPABASE_SERVICE_ROLE_KEY, as on Supabase, and
//   - SMTP_URL: the server's SMTP_URL, or without one the development inbox's SMTP listener,
//   - the variables of the functions env file (FUNCTIONS_ENV_FILE, default <dir>/.env); its
//     SMTP_URL wins over the one above.
// Inside the worker they are process.env, Deno.env and the handler's second argument ({ env }).
import fs from 'node:fs';

/** Parses a dotenv file: NAME=value lines, # comments, optional quotes. */
export function readEnvFile(file: string): Record<string, string> {
  if (!fs.existsSync(file)) return {};
  const env: Record<string, string> = {};
  for (const line of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match) continue;
    let value = match[2] ?? '';
    const quoted = /^(['"])(.*)\1$/.exec(value);
    if (quoted) value = quoted[1] === '"' ? (quoted[2] ?? '').replace(/\\n/g, '\n') : (quoted[2] ?? '');
    else value = value.replace(/\s+#.*$/, '');
    env[match[1]!] = value;
  }
  return env;
}
