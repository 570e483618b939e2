/**
 * Whether a custom statement is a read bplab may run: one SELECT (or WITH ... SELECT), nothing that
 * writes, locks or exports. Refusals say why in words. This is the first wall; the run also wraps
 * custom SQL in START TRANSACTION READ ONLY, so a write that slipped through still fails on the server.
 */

export type ReadCheck = { ok: true; sql: string } | { ok: false; reason: string };

/** Words that make a statement more than a read, wherever they appear outside strings and comments. */
const FORBIDDEN: Array<{ words: string[]; why: string }> = [
  { words: ['into'], why: 'SELECT ... INTO writes a file or variables (INTO OUTFILE, DUMPFILE, @var)' },
  { words: ['for', 'update'], why: 'FOR UPDATE takes row locks' },
  { words: ['for', 'share'], why: 'FOR SHARE takes row locks' },
  { words: ['lock', 'in', 'share', 'mode'], why: 'LOCK IN SHARE MODE takes row locks' },
  { words: ['insert'], why: 'INSERT writes rows' },
  { words: ['update'], why: 'UPDATE writes rows' },
  { words: ['delete'], why: 'DELETE writes rows' },
  { words: ['replace'], why: 'REPLACE writes rows' },
  { words: ['load_file'], why: 'LOAD_FILE reads files on the server' },
  { words: ['get_lock'], why: 'GET_LOCK takes a named lock' },
];

const FIRST_WORDS = ['select', 'with', '('];

/** Checks `sql`; on success returns it without a trailing semicolon. */
export function checkReadOnly(sql: string): ReadCheck {
  let tokens: string[];
  try {
    tokens = words(sql);
  } catch (e) {
    return { ok: false, reason: (e as Error).message };
  }
  if (tokens.length === 0) return { ok: false, reason: 'The SQL is empty (only comments or blanks).' };
  const semicolon = tokens.indexOf(';');
  if (semicolon !== -1 && semicolon !== tokens.length - 1)
    return { ok: false, reason: 'Only one statement can run: remove everything after the first ";".' };
  const first = tokens[0]!;
  if (!FIRST_WORDS.includes(first))
    return {
      ok: false,
      reason: `Only reads can run: the statement must start with SELECT or WITH, not ${first.toUpperCase()}.`,
    };
  for (const f of FORBIDDEN) {
    if (containsSequence(tokens, f.words))
      return { ok: false, reason: `Only reads can run, and this one is not: ${f.why}.` };
  }
  if (first === 'with' && !tokens.includes('select'))
    return { ok: false, reason: 'A WITH statement must end in a SELECT.' };
  return { ok: true, sql: sql.trim().replace(/;\s*$/, '') };
}

function containsSequence(tokens: string[], seq: string[]): boolean {
  outer: for (let i = 0; i + seq.length <= tokens.length; i++) {
    for (let j = 0; j < seq.length; j++) if (tokens[i + j] !== seq[j]) continue outer;
    return true;
  }
  return false;
}

/**
 * The statement's words (lower-case), symbols '(' and ';', with comments, quoted strings and quoted
 * identifiers left out. Version comments (/*! ... *\/) are executed by the server, so they are refused.
 */
function words(sql: string): string[] {
  const out: string[] = [];
  let i = 0;
  const n = sql.length;
  while (i < n) {
    const c = sql[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (c === '#' || (c === '-' && sql[i + 1] === '-' && (i + 2 >= n || /\s/.test(sql[i + 2]!)))) {
      const nl = sql.indexOf('\n', i);
      i = nl === -1 ? n : nl + 1;
    } else if (c === '/' && sql[i + 1] === '*') {
      if (sql[i + 2] === '!' || (sql[i + 2] === 'M' && sql[i + 3] === '!'))
        throw new Error('Version comments (/*! ... */) run on the server as SQL; write the SQL plainly.');
      const close = sql.indexOf('*/', i + 2);
      if (close === -1) throw new Error('A /* comment is never closed.');
      i = close + 2;
    } else if (c === "'" || c === '"' || c === '`') {
      let j = i + 1;
      for (;;) {
        if (j >= n) throw new Error(`A ${c}quoted${c} text is never closed.`);
        if (sql[j] === '\\' && c !== '`') j += 2;
        else if (sql[j] === c && sql[j + 1] === c) j += 2;
        else if (sql[j] === c) break;
        else j++;
      }
      // A quoted identifier still counts as a name, never as a keyword.
      out.push(c === '`' ? '`name`' : "'text'");
      i = j + 1;
    } else if (/[A-Za-z_$]/.test(c) || c.charCodeAt(0) > 127) {
      const m = /^[A-Za-z0-9_$\u0080-\uffff]+/.exec(sql.slice(i))!;
      out.push(m[0].toLowerCase());
      i += m[0].length;
    } else if (c === '(' || c === ';') {
      out.push(c);
      i++;
    } else {
      i++;
    }
  }
  return out;
}
