/**
 * A structural check of an OLE compound file (the container of .doc files) before a parser walks
 * it: every sector chain must stay inside the file and end. word-extractor follows chains without a
 * guard, so a chain that loops back on itself would make it grow a list until the process dies.
 */

const FREE = -1;

/** Whether a chain table (FAT or mini FAT) only has chains that end, with links below `limit`. */
export function chainsEnd(table: Int32Array, limit: number): boolean {
  const state = new Uint8Array(table.length); // 0 unseen, 1 on the current walk, 2 known to end
  for (let start = 0; start < table.length; start++) {
    const path: number[] = [];
    let at = start;
    while (at >= 0 && at < table.length && state[at] === 0) {
      state[at] = 1;
      path.push(at);
      const next = table[at] ?? FREE;
      if (next >= limit) return false;
      at = next;
    }
    if (at >= 0 && at < table.length && state[at] === 1) return false; // came back to this walk
    for (const p of path) state[p] = 2;
  }
  return true;
}

/** Null when the compound file's chains are sound, else what is wrong. */
export function checkCompoundFile(bytes: Uint8Array): string | null {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.length < 512) return 'the file is truncated';
  const shift = buf.readUInt16LE(30);
  if (shift !== 9 && shift !== 12) return 'unknown sector size';
  const sector = 1 << shift;
  const sectors = Math.floor((buf.length - sector) / sector);
  if (sectors <= 0) return 'the file is truncated';
  const fatCount = buf.readInt32LE(44);
  if (fatCount < 0 || fatCount > sectors) return 'bad allocation table size';

  const fatSectors: number[] = [];
  for (let i = 0; i < Math.min(fatCount, 109); i++) fatSectors.push(buf.readInt32LE(76 + i * 4));
  let difat = buf.readInt32LE(68);
  const seenDifat = new Set<number>();
  while (fatSectors.length < fatCount && difat >= 0) {
    if (difat >= sectors || seenDifat.has(difat)) return 'bad allocation table index';
    seenDifat.add(difat);
    const base = (difat + 1) * sector;
    for (let i = 0; i < sector / 4 - 1 && fatSectors.length < fatCount; i++) {
      fatSectors.push(buf.readInt32LE(base + i * 4));
    }
    difat = buf.readInt32LE(base + sector - 4);
  }
  if (fatSectors.length < fatCount) return 'the allocation table is incomplete';

  const fat = new Int32Array(fatCount * (sector / 4));
  for (const [n, s] of fatSectors.entries()) {
    if (s < 0 || s >= sectors) return 'bad allocation table sector';
    const base = (s + 1) * sector;
    for (let i = 0; i < sector / 4; i++) fat[n * (sector / 4) + i] = buf.readInt32LE(base + i * 4);
  }
  if (!chainsEnd(fat, sectors)) return 'a sector chain loops or points outside the file';

  // The mini allocation table: its own chain is checked above; its links must end too.
  const miniCount = buf.readInt32LE(64);
  if (miniCount > 0) {
    const mini: number[] = [];
    for (let s = buf.readInt32LE(60); s >= 0 && mini.length < miniCount * (sector / 4); s = fat[s] ?? FREE) {
      if (s >= sectors) return 'bad mini allocation table sector';
      const base = (s + 1) * sector;
      for (let i = 0; i < sector / 4; i++) mini.push(buf.readInt32LE(base + i * 4));
    }
    if (!chainsEnd(Int32Array.from(mini), mini.length)) return 'a mini sector chain loops';
  }
  return null;
}
