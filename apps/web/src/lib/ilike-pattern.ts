/** PostgREST's `ilike` pattern for free text: its own wildcards are escaped, commas and
 * parentheses (which separate `or` terms) are replaced. */
export function ilikePattern(text: string): string {
  return `*${text
    .trim()
    .replace(/[\\%_*]/g, (c) => `\\${c}`)
    .replace(/[,()]/g, ' ')}*`;
}
