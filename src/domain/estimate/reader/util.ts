/** Small helpers for messages and votes. */
export function topVote(map: Map<string, number>): string | null {
  let best: string | null = null;
  let count = 0;
  for (const [v, n] of map) {
    if (n > count) {
      best = v;
      count = n;
    }
  }
  return best;
}

export function where(sheet: string | null, line: number): string {
  return sheet ? `Sheet "${sheet}", line ${line}` : `Line ${line}`;
}

export function short(text: string, max = 60): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length <= max ? t : `${t.slice(0, max - 1).trimEnd()}…`;
}
