/** Decodes one MIME part's body by its Content-Transfer-Encoding header. */
function decodePart(head: string, body: string): string {
  if (/content-transfer-encoding:\s*base64/i.test(head)) {
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
    return body.replace(/=\r?\n/g, '').replace(/(?:=[0-9A-F]{2})+/g, (run) =>
      Buffer.from(
        run
          .split('=')
          .slice(1)
          .map((h) => Number.parseInt(h, 16)),
      ).toString('utf8'),
    );
  }
  return body;
}

function splitHead(part: string): [string, string] {
  const match = /\r?\n\r?\n/.exec(part);
  return match ? [part.slice(0, match.index), part.slice(match.index + match[0].length)] : [part, ''];
}

/**
 * The readable text of a raw mail as a real SMTP server received it: the headers, then every MIME
 * part's body decoded (quoted-printable, base64), so tests can look for a link or a sentence in it.
 */
export function mailText(raw: string): string {
  const [head, body] = splitHead(raw);
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(head)?.[1];
  if (!boundary) return `${head}\n\n${decodePart(head, body)}`;
  const parts = body
    .split(`--${boundary}`)
    .slice(1)
    .filter((p) => !p.startsWith('--'))
    .map((p) => {
      const [partHead, partBody] = splitHead(p.replace(/^\r?\n/, ''));
      return decodePart(partHead, partBody);
    });
  return [head, ...parts].join('\n\n');
}

/** The recipients named in a raw mail's To header. */
export function mailTo(raw: string): string {
  return /^to:\s*(.+)$/im.exec(raw)?.[1]?.trim() ?? '';
}
