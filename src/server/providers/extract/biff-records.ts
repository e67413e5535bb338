/**
 * The record layer of an Excel 97-2003 (BIFF8) workbook stream: records (type, length, data), the
 * CONTINUE records that carry a record's overflow, and the string shapes cells and names use.
 * Every read is bounds-checked: a record or string that runs past its data is a damaged file.
 */

export const CONTINUE = 0x003c;

/** A damaged or unreadable workbook stream; `reason` picks the refusal. */
export class BiffError extends Error {
  constructor(
    readonly reason: 'corrupt' | 'encrypted' | 'old-format',
    message: string,
  ) {
    super(message);
    this.name = 'BiffError';
  }
}

export const damaged = (what: string) => new BiffError('corrupt', what);

export interface BiffRecord {
  type: number;
  /** Where the record starts in the stream (a sheet's BOF is found by this offset). */
  offset: number;
  data: Uint8Array;
  /** The data of the CONTINUE records right after it, in order. */
  continues: Uint8Array[];
}

/**
 * The records from `start` up to the end of the stream, each with its CONTINUE records; the caller
 * stops at the end of its substream. A record whose length runs past the stream ends the walk with
 * an error (a truncated file).
 */
export function* records(stream: Uint8Array, start: number): Generator<BiffRecord> {
  const view = new DataView(stream.buffer, stream.byteOffset, stream.byteLength);
  const header = (at: number) => {
    if (at + 4 > stream.length) throw damaged('a record is cut off');
    const length = view.getUint16(at + 2, true);
    if (at + 4 + length > stream.length) throw damaged('a record is cut off');
    return { type: view.getUint16(at, true), length };
  };
  let at = start;
  while (at < stream.length) {
    const { type, length } = header(at);
    const record: BiffRecord = {
      type,
      offset: at,
      data: stream.subarray(at + 4, at + 4 + length),
      continues: [],
    };
    at += 4 + length;
    while (at + 4 <= stream.length && view.getUint16(at, true) === CONTINUE && type !== CONTINUE) {
      const next = header(at);
      record.continues.push(stream.subarray(at + 4, at + 4 + next.length));
      at += 4 + next.length;
    }
    yield record;
  }
}

/**
 * Reads through a record and its CONTINUE records as one run of bytes, except for the characters of
 * a string: a string's characters that go on in the next CONTINUE record start there with a fresh
 * flag byte saying whether they are one or two bytes each.
 */
export class RecordReader {
  private part = 0;
  private at = 0;
  private readonly parts: Uint8Array[];

  constructor(record: Pick<BiffRecord, 'data' | 'continues'>) {
    this.parts = [record.data, ...record.continues];
  }

  private current(): Uint8Array {
    let data = this.parts[this.part];
    while (data && this.at >= data.length && this.part < this.parts.length - 1) {
      this.part++;
      this.at = 0;
      data = this.parts[this.part];
    }
    if (!data || this.at >= data.length) throw damaged('a record ends too soon');
    return data;
  }

  byte(): number {
    const data = this.current();
    return data[this.at++] as number;
  }

  u16(): number {
    return this.byte() | (this.byte() << 8);
  }

  u32(): number {
    return (this.u16() | (this.u16() << 16)) >>> 0;
  }

  /** A little-endian double. */
  f64(): number {
    const view = new DataView(new ArrayBuffer(8));
    for (let i = 0; i < 8; i++) view.setUint8(i, this.byte());
    return view.getFloat64(0, true);
  }

  skip(count: number): void {
    for (let left = count; left > 0; ) {
      const data = this.current();
      const step = Math.min(left, data.length - this.at);
      this.at += step;
      left -= step;
    }
  }

  /** `count` characters, one byte each (the Latin-1 range) or UTF-16LE, across CONTINUE records. */
  chars(count: number, wide: boolean): string {
    let text = '';
    let twoBytes = wide;
    for (let left = count; left > 0; ) {
      const data = this.parts[this.part];
      if (!data || this.at >= data.length) {
        // The characters go on in the next CONTINUE record, which starts with their width.
        if (this.part >= this.parts.length - 1) throw damaged('a string ends too soon');
        this.part++;
        this.at = 0;
        twoBytes = (this.byte() & 0x01) === 1;
        continue;
      }
      const width = twoBytes ? 2 : 1;
      const fit = Math.min(left, Math.floor((data.length - this.at) / width));
      if (fit === 0) throw damaged('a character is split between records');
      const bytes = data.subarray(this.at, this.at + fit * width);
      text += Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString(
        twoBytes ? 'utf16le' : 'latin1',
      );
      this.at += fit * width;
      left -= fit;
    }
    return text;
  }

  /** A cell or formula string: 16-bit length, flags, characters (rich-text runs and phonetic data skipped). */
  unicodeString(): string {
    const count = this.u16();
    const flags = this.byte();
    const runs = flags & 0x08 ? this.u16() : 0;
    const extra = flags & 0x04 ? this.u32() : 0;
    const text = this.chars(count, (flags & 0x01) === 1);
    this.skip(runs * 4 + extra);
    return text;
  }

  /** A sheet name: 8-bit length, flags, characters. */
  shortString(): string {
    const count = this.byte();
    const flags = this.byte();
    return this.chars(count, (flags & 0x01) === 1);
  }
}

/** An RK number: a 30-bit integer or the top of a double, perhaps scaled by 100. */
export function rkNumber(rk: number): number {
  let value: number;
  if (rk & 0x02) {
    value = rk >> 2;
  } else {
    const view = new DataView(new ArrayBuffer(8));
    view.setUint32(4, rk & 0xfffffffc, true);
    value = view.getFloat64(0, true);
  }
  return rk & 0x01 ? value / 100 : value;
}

/** Excel's error codes as a cell shows them. */
export const ERROR_CODES: Readonly<Record<number, string>> = {
  0: '#NULL!',
  7: '#DIV/0!',
  15: '#VALUE!',
  23: '#REF!',
  29: '#NAME?',
  36: '#NUM!',
  42: '#N/A',
  43: '#GETTING_DATA',
};
