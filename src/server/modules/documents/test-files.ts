/** Small files of every accepted type (and a few refused ones), by their signatures, for tests. */
const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

export const samples = {
  pdf: bytes('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n'),
  doc: bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], [0, 0, 0, 0]),
  docx: bytes([0x50, 0x4b, 0x03, 0x04], '\x14\x00\x00\x00[Content_Types].xml', 'PK\x03\x04word/document.xml'),
  xlsx: bytes([0x50, 0x4b, 0x03, 0x04], '\x14\x00\x00\x00[Content_Types].xml', 'PK\x03\x04xl/workbook.xml'),
  zip: bytes([0x50, 0x4b, 0x03, 0x04], '\x14\x00\x00\x00readme.md'),
  jpeg: bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], 'JFIF\x00'),
  png: bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [0, 0, 0, 0x0d], 'IHDR'),
  dwg: bytes('AC1032', [0, 0, 0, 0, 0, 0x1f]),
  txt: bytes('Site visit notes\r\n\tGrade is level.\n'),
  csv: bytes('item,qty\n2x4,120\n"Drywall, 1/2""",40\n'),
  exe: bytes('MZ\x90\x00\x03'),
};
