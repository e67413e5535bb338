/** Short material names and specification notes read from estimate lines, for a package's summary. */

const STRIP_LEAD =
  /^(?:providing,?\s*(?:and|&)?\s*(?:laying|fixing|fabricating|applying|hoisting)?|supplying\s*(?:and|&)?\s*fixing|supply\s*(?:and|&)\s*fixing|p\s*&\s*f|s\s*&\s*f|p\/f|furnish(?:ing)? and install(?:ing)?|f\s*&\s*i|install(?:ing)?|supply|provide|construction of|making|applying|spreading of)\s*/i;

/** A short material name from a line: the first words after the boilerplate verbs. */
export function materialName(description: string): string {
  const main = description.split(' — ').pop() ?? description;
  const parentHead = description.includes(' — ') ? (description.split(' — ')[0] ?? '') : '';
  let text = main.replace(STRIP_LEAD, '').replace(/^(?:\(?[a-z0-9]{1,3}[).]\s*)/i, '');
  if (text.length < 12 && parentHead) text = `${parentHead.replace(STRIP_LEAD, '')} ${text}`;
  const cut = text.split(/[,;:(]|\bincluding\b|\bwith\b|\bas per\b|\bcomplete\b/i)[0] ?? text;
  const words = cut.trim().split(/\s+/).slice(0, 8).join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const SPEC_PATTERNS: readonly RegExp[] = [
  /\bM[- ]?\d{2}\b(?: grade)?/g,
  /\b1\s?:\s?\d+(?:\.\d+)?(?:\s?:\s?\d+)?\b(?= ?\()|\b1\s?:\s?\d+(?:\.\d+)?\s?:\s?\d+\b/g,
  /\bIS\s?:?\s?\d{3,5}\b/g,
  /\b\d+(?:\.\d+)?\s?mm thick\b/gi,
  /\b\d+(?:\.\d+)?[- ]?inch(?:es)? (?:thick|diameter|wide)\b/gi,
  /\b\d+\/\d+["”]? (?:drywall|gypsum|plywood|osb)\b/gi,
  /\b(?:type|class|grade)\s+[A-Z0-9]{1,3}\b/g,
  /\bR-\d{1,2}\b/g,
  /\b\d{1,2}\s?(?:ga|gauge)\b/gi,
  /\b\d+\s?psi\b/gi,
];

export function specifications(description: string): string[] {
  const found: string[] = [];
  for (const re of SPEC_PATTERNS)
    for (const m of description.matchAll(re)) found.push(m[0].replace(/\s+/g, ' ').trim());
  return found;
}

export function unique(values: string[], max: number): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const v of values) {
    const k = v.toLowerCase();
    if (!v || seen.has(k)) continue;
    seen.add(k);
    out.push(v);
    if (out.length >= max) break;
  }
  return out;
}
