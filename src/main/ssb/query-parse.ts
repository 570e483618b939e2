/**
 * Reads an SSB query's SQL into its parts: the tables in join order, the ON equalities and the
 * WHERE condition as a small tree. Only the shape the 13 SSB queries have is understood (one
 * SELECT, inner JOIN ... ON a = b, conditions made of AND, OR, parentheses, comparisons and
 * BETWEEN against literals); anything else is refused with the reason, never guessed at.
 */

export type Literal = number | string;
export type CompareOp = '=' | '<>' | '<' | '<=' | '>' | '>=';

export type Condition =
  | { kind: 'and'; args: Condition[] }
  | { kind: 'or'; args: Condition[] }
  | { kind: 'compare'; column: string; op: CompareOp; value: Literal }
  | { kind: 'between'; column: string; low: Literal; high: Literal };

/** `lo_orderdatekey = d_datekey`, columns lower-cased. */
export interface JoinEquality {
  left: string;
  right: string;
}

export interface ParsedQuery {
  /** SELECT STRAIGHT_JOIN: the server must join in the written order. */
  straightJoin: boolean;
  /** Tables in the order written (lower-case). */
  tables: string[];
  joins: JoinEquality[];
  where: Condition;
  /** The statement from FROM to the end of WHERE, as written (no GROUP BY, ORDER BY or `;`). */
  fromWhereText: string;
  /** The WHERE condition as written. */
  whereText: string;
}

interface Token {
  kind: 'word' | 'number' | 'string' | 'symbol';
  /** Lower-cased for words; the value for strings; the symbol itself otherwise. */
  text: string;
  start: number;
  end: number;
}

const SYMBOLS = ['<=', '>=', '<>', '!=', '=', '<', '>', '(', ')', ',', ';', '*', '+', '-', '/', '.'];

function tokenize(sql: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < sql.length) {
    const c = sql[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (sql.startsWith('--', i)) {
      const nl = sql.indexOf('\n', i);
      i = nl === -1 ? sql.length : nl + 1;
    } else if (sql.startsWith('/*', i)) {
      const close = sql.indexOf('*/', i + 2);
      if (close === -1) throw new Error('a /* comment is never closed');
      i = close + 2;
    } else if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_][A-Za-z0-9_$]*/.exec(sql.slice(i))!;
      tokens.push({ kind: 'word', text: m[0].toLowerCase(), start: i, end: i + m[0].length });
      i += m[0].length;
    } else if (/[0-9]/.test(c)) {
      const m = /^[0-9]+(\.[0-9]+)?/.exec(sql.slice(i))!;
      tokens.push({ kind: 'number', text: m[0], start: i, end: i + m[0].length });
      i += m[0].length;
    } else if (c === "'") {
      let j = i + 1;
      let value = '';
      for (;;) {
        if (j >= sql.length) throw new Error('a quoted string is never closed');
        if (sql[j] === "'" && sql[j + 1] === "'") {
          value += "'";
          j += 2;
        } else if (sql[j] === "'") {
          break;
        } else {
          value += sql[j];
          j++;
        }
      }
      tokens.push({ kind: 'string', text: value, start: i, end: j + 1 });
      i = j + 1;
    } else {
      const sym = SYMBOLS.find((s) => sql.startsWith(s, i));
      if (!sym) throw new Error(`unexpected character "${c}"`);
      tokens.push({ kind: 'symbol', text: sym, start: i, end: i + sym.length });
      i += sym.length;
    }
  }
  return tokens;
}

class Parser {
  private i = 0;
  constructor(private readonly tokens: Token[]) {}

  peek(offset = 0): Token | undefined {
    return this.tokens[this.i + offset];
  }
  isWord(word: string, offset = 0): boolean {
    const t = this.peek(offset);
    return t?.kind === 'word' && t.text === word;
  }
  isSymbol(sym: string): boolean {
    const t = this.peek();
    return t?.kind === 'symbol' && t.text === sym;
  }
  take(): Token {
    const t = this.tokens[this.i++];
    if (!t) throw new Error('the statement ends too early');
    return t;
  }
  expectWord(word: string): Token {
    const t = this.take();
    if (t.kind !== 'word' || t.text !== word)
      throw new Error(`expected ${word.toUpperCase()} but found "${t.text}"`);
    return t;
  }
  expectSymbol(sym: string): Token {
    const t = this.take();
    if (t.kind !== 'symbol' || t.text !== sym) throw new Error(`expected "${sym}" but found "${t.text}"`);
    return t;
  }
  column(): string {
    const t = this.take();
    if (t.kind !== 'word') throw new Error(`expected a column name but found "${t.text}"`);
    return t.text;
  }
  literal(): Literal {
    const t = this.take();
    if (t.kind === 'number') return Number(t.text);
    if (t.kind === 'string') return t.text;
    if (t.kind === 'symbol' && t.text === '-' && this.peek()?.kind === 'number')
      return -Number(this.take().text);
    throw new Error(`expected a number or a quoted string but found "${t.text}"`);
  }

  /** or-condition := and-condition (OR and-condition)* */
  orCondition(): Condition {
    const args = [this.andCondition()];
    while (this.isWord('or')) {
      this.take();
      args.push(this.andCondition());
    }
    return args.length === 1 ? args[0]! : { kind: 'or', args };
  }
  andCondition(): Condition {
    const args = [this.primary()];
    while (this.isWord('and')) {
      this.take();
      args.push(this.primary());
    }
    return args.length === 1 ? args[0]! : { kind: 'and', args };
  }
  primary(): Condition {
    if (this.isSymbol('(')) {
      this.take();
      const inner = this.orCondition();
      this.expectSymbol(')');
      return inner;
    }
    const column = this.column();
    if (this.isWord('between')) {
      this.take();
      const low = this.literal();
      this.expectWord('and');
      return { kind: 'between', column, low, high: this.literal() };
    }
    const op = this.take();
    if (op.kind !== 'symbol' || !['=', '<>', '!=', '<', '<=', '>', '>='].includes(op.text)) {
      throw new Error(`expected a comparison after ${column} but found "${op.text}"`);
    }
    return {
      kind: 'compare',
      column,
      op: (op.text === '!=' ? '<>' : op.text) as CompareOp,
      value: this.literal(),
    };
  }
}

/** Parses one SSB query; throws an Error saying what it could not read. */
export function parseSsbQuery(sql: string): ParsedQuery {
  const tokens = tokenize(sql);
  const p = new Parser(tokens);
  p.expectWord('select');
  const straightJoin = p.isWord('straight_join');
  // The select list may hold anything (sums, aliases): skip it up to the FROM outside parentheses.
  let depth = 0;
  while (!(depth === 0 && p.isWord('from'))) {
    const t = p.take();
    if (t.kind === 'symbol' && t.text === '(') depth++;
    if (t.kind === 'symbol' && t.text === ')') depth--;
  }
  const from = p.expectWord('from');
  const tables = [p.column()];
  const joins: JoinEquality[] = [];
  while (p.isWord('join') || (p.isWord('inner') && p.isWord('join', 1))) {
    if (p.isWord('inner')) p.take();
    p.take();
    tables.push(p.column());
    p.expectWord('on');
    for (;;) {
      const left = p.column();
      p.expectSymbol('=');
      joins.push({ left, right: p.column() });
      if (!p.isWord('and')) break;
      p.take();
    }
  }
  p.expectWord('where');
  const whereStart = p.peek()?.start ?? sql.length;
  const where = p.orCondition();
  const whereEnd = p.peek(-1)!.end;
  const rest = p.peek();
  if (rest && !(rest.kind === 'symbol' && rest.text === ';') && !p.isWord('group') && !p.isWord('order')) {
    throw new Error(`unexpected "${rest.text}" after the WHERE condition`);
  }
  return {
    straightJoin,
    tables,
    joins,
    where,
    fromWhereText: sql.slice(from.start, whereEnd),
    whereText: sql.slice(whereStart, whereEnd),
  };
}

/**
 * The same FROM, JOINs and WHERE, as written, under SELECT COUNT(*) and without GROUP BY or ORDER
 * BY: how many lineorder rows the query keeps.
 */
export function countKeptRowsSql(q: ParsedQuery): string {
  return `select ${q.straightJoin ? 'straight_join ' : ''}count(*) ${q.fromWhereText}`;
}
