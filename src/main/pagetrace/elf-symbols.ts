/**
 * Whether a binary still names its functions: the names in its ELF symbol tables (.symtab, kept by an
 * unstripped build, and .dynsym, which MySQL 8.0's mysqld exports whole). Reads the section headers
 * and the symbol tables' string tables only, not the whole binary.
 */
import { open } from 'node:fs/promises';

const SHT_SYMTAB = 2;
const SHT_DYNSYM = 11;

/** Which of `prefixes` start a symbol name in `binary`'s symbol tables (a name is NUL-separated in a string table). */
export async function symbolsPresent(binary: string, prefixes: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  const f = await open(binary, 'r');
  try {
    const head = Buffer.alloc(64);
    await f.read(head, 0, 64, 0);
    if (head.readUInt32BE(0) !== 0x7f454c46) throw new Error(`${binary} is not an ELF binary`);
    if (head[4] !== 2 || head[5] !== 1) throw new Error(`${binary} is not a 64-bit little-endian ELF binary`);
    const shoff = Number(head.readBigUInt64LE(0x28));
    const shentsize = head.readUInt16LE(0x3a);
    const shnum = head.readUInt16LE(0x3c);
    const sections = Buffer.alloc(shentsize * shnum);
    await f.read(sections, 0, sections.length, shoff);
    const header = (i: number) => ({
      type: sections.readUInt32LE(i * shentsize + 4),
      offset: Number(sections.readBigUInt64LE(i * shentsize + 0x18)),
      size: Number(sections.readBigUInt64LE(i * shentsize + 0x20)),
      link: sections.readUInt32LE(i * shentsize + 0x28),
    });
    for (let i = 0; i < shnum; i++) {
      const s = header(i);
      if (s.type !== SHT_SYMTAB && s.type !== SHT_DYNSYM) continue;
      const strtab = header(s.link);
      const names = Buffer.alloc(strtab.size);
      await f.read(names, 0, strtab.size, strtab.offset);
      for (const p of prefixes) {
        if (found.has(p)) continue;
        const needle = Buffer.from(`\0${p}`);
        if (names.indexOf(needle) >= 0) found.add(p);
      }
    }
  } finally {
    await f.close();
  }
  return found;
}
